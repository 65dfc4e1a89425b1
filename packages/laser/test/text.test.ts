import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FontBook,
  FormatError,
  flattenPath,
  importDxf,
  importSvg,
  LINE_HEIGHT,
  leafShapes,
  outlineTexts,
  pathBounds,
  planJob,
  type TextShape,
  textOutline,
} from '../src/index.js';

const fontsDir = join(dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json')), 'files');
const fontFile = (name: string) => new Uint8Array(readFileSync(join(fontsDir, name)));

function book(): FontBook {
  const b = new FontBook();
  b.add(fontFile('noto-sans-latin-400-normal.woff'));
  b.add(fontFile('noto-sans-greek-400-normal.woff'), { family: 'Noto Sans Greek' });
  return b;
}

const text = (
  t: string,
  anchor: TextShape['anchor'] = 'start',
): Pick<TextShape, 'text' | 'font' | 'x' | 'y' | 'anchor'> => ({
  text: t,
  font: { family: 'Noto Sans', size: 10, weight: 400, style: 'normal' },
  x: 20,
  y: 50,
  anchor,
});

describe('text outlines', () => {
  const fonts = book();

  it('reads the font files and knows their families', () => {
    expect(fonts.faces.map((f) => [f.family, f.weight, f.style])).toEqual([
      ['Noto Sans', 400, 'normal'],
      ['Noto Sans Greek', 400, 'normal'],
    ]);
  });

  it('draws glyphs on the baseline at the em size asked for', () => {
    const b = pathBounds(textOutline(text('H'), fonts));
    // Noto Sans capitals stand 0.714 em tall on the baseline.
    expect(b.maxY).toBeCloseTo(50, 1);
    expect(b.maxY - b.minY).toBeCloseTo(7.14, 1);
    expect(b.minX).toBeGreaterThan(20);
    expect(b.maxX).toBeLessThan(20 + 10);
  });

  it('places the line by its anchor', () => {
    const start = pathBounds(textOutline(text('Kerf'), fonts));
    const middle = pathBounds(textOutline(text('Kerf', 'middle'), fonts));
    const end = pathBounds(textOutline(text('Kerf', 'end'), fonts));
    const width = start.maxX - start.minX;
    // The anchor places the advance box (ink has side bearings): start at x, middle centred on x, end at x.
    const advance = start.minX - end.minX;
    expect(advance).toBeGreaterThan(width);
    expect(middle.minX).toBeCloseTo(start.minX - advance / 2, 6);
    expect(advance).toBeCloseTo(fonts.faces[0]!.font.getAdvanceWidth('Kerf', 10, { kerning: true }), 6);
    expect(end.maxX - end.minX).toBeCloseTo(width, 6);
  });

  it('puts each line LINE_HEIGHT ems below the one before', () => {
    const one = pathBounds(textOutline(text('H'), fonts));
    const two = pathBounds(textOutline(text('H\nH'), fonts));
    expect(two.maxY - one.maxY).toBeCloseTo(10 * LINE_HEIGHT, 6);
  });

  it('falls back to another font for characters the first one lacks', () => {
    const latinOnly = new FontBook();
    latinOnly.add(fontFile('noto-sans-latin-400-normal.woff'));
    const greekOnly = new FontBook();
    greekOnly.add(fontFile('noto-sans-greek-400-normal.woff'));
    const mixed = textOutline(text('Kαβ'), fonts);
    // K from the Latin file, then α and β from the Greek one, not the Latin file's .notdef boxes.
    expect(mixed).not.toEqual(textOutline(text('Kαβ'), latinOnly));
    const k = textOutline(text('K'), latinOnly);
    expect(mixed.slice(0, k.length)).toEqual(k);
    const kWidth = pathBounds(k).maxX;
    const greek = textOutline({ ...text('αβ'), x: 20 + (kWidth - 20) }, greekOnly);
    expect(pathBounds(mixed.slice(k.length)).minX).toBeGreaterThan(pathBounds(k).maxX - 1);
    expect(mixed.length - k.length).toBe(greek.length);
  });

  it('gives nothing without fonts, and refuses a damaged font file', () => {
    expect(textOutline(text('Kerf'), new FontBook())).toEqual([]);
    const bad = fontFile('noto-sans-latin-400-normal.woff').slice(0, 300);
    expect(() => new FontBook().add(bad)).toThrow(FormatError);
    expect(() => new FontBook().add(new Uint8Array([1, 2, 3]))).toThrow(/font cannot be read/);
  });
});

describe('importers with fonts', () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="40mm" viewBox="0 0 100 40">
    <text x="10" y="30" font-family="Noto Sans" font-size="20" fill="none" stroke="#ff0000">Kerf</text></svg>`;

  it('SVG text gets its outline, and the laser cuts it', () => {
    const bare = importSvg(svg);
    expect(bare.meta.warnings?.join(' ')).toMatch(/outline/);
    const doc = importSvg(svg, { fonts: book() });
    expect(doc.meta.warnings ?? []).not.toContain(expect.stringMatching(/outline/));
    const [placed] = leafShapes(doc.shapes);
    const shape = placed!.shape as TextShape;
    expect(shape.text).toBe('Kerf');
    expect(shape.outline.length).toBeGreaterThanOrEqual(4);
    const job = planJob(doc);
    expect(job.ops.length).toBeGreaterThanOrEqual(4);
    // The cut stays on the text's line: baseline at y = 30 mm.
    const ys = job.ops.flatMap((op) => (op.kind === 'path' ? op.points.map((p) => p.y) : []));
    expect(Math.max(...ys)).toBeCloseTo(30, 0);
    // The tallest glyphs (K, f) reach 0.71–0.8 em above the baseline.
    expect(Math.min(...ys)).toBeGreaterThan(30 - 20 * 0.8);
    expect(Math.min(...ys)).toBeLessThan(30 - 20 * 0.7);
  });

  it('DXF text gets its outline at the text height', () => {
    const dxf = [
      '0',
      'SECTION',
      '2',
      'ENTITIES',
      '0',
      'LINE',
      '8',
      '0',
      '10',
      '0',
      '20',
      '0',
      '11',
      '50',
      '21',
      '0',
      '0',
      'TEXT',
      '8',
      '0',
      '10',
      '5',
      '20',
      '5',
      '40',
      '10',
      '1',
      'HI',
      '0',
      'ENDSEC',
      '0',
      'EOF',
      '',
    ].join('\n');
    const doc = importDxf(dxf, { fonts: book() });
    const shape = leafShapes(doc.shapes).find((p) => p.shape.kind === 'text')!;
    const outline = flattenPath((shape.shape as TextShape).outline);
    expect(outline.length).toBeGreaterThanOrEqual(2);
    expect(doc.meta.warnings ?? []).not.toContain(expect.stringMatching(/outlines/));
  });

  it('outlineTexts fills the outlines a document still lacks', () => {
    const doc = importSvg(svg);
    expect(outlineTexts(doc, book())).toBe(1);
    expect((leafShapes(doc.shapes)[0]!.shape as TextShape).outline.length).toBeGreaterThan(0);
    expect(outlineTexts(doc, book())).toBe(0);
  });
});
