import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLayer, FontBook, IDENTITY, type KerfDocument, leafShapes } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { blankDocument } from '../store/editor-store';
import { parseFontSubsets, subsetsFor } from '../text/font-subsets';
import { IMAGE_DPI, importDrawing, importKindOf, refusalOf } from './import-drawing';
import { planMerge } from './merge-import';

const CORPUS = process.env.KERF_CORPUS ?? join(import.meta.dirname, '../../../../../../../../shared/corpus');
const read = (path: string) => new Uint8Array(readFileSync(join(CORPUS, path)));

describe('importing drawings', () => {
  it('knows the kinds by file name', () => {
    expect(
      ['a.SVG', 'b.dxf', 'c.dwg', 'd.bmp', 'e.png', 'f.JPG', 'g.jpeg', 'h.kerf', 'i.pdf'].map(importKindOf),
    ).toEqual(['svg', 'dxf', 'dwg', 'bmp', 'png', 'jpeg', 'jpeg', 'kerf', null]);
  });

  it('reads a real SVG and DXF from the corpus into shapes, named after the file', async () => {
    const svg = await importDrawing('missing-cx-attribute.svg', read('svg/shapes/circle/missing-cx-attribute.svg'));
    expect(svg.shapes.length).toBeGreaterThan(0);
    expect(svg.meta.name).toBe('missing-cx-attribute');
    const dxf = await importDrawing('2007-Arc.dxf', read('cad/2007-Arc.dxf'));
    expect(dxf.shapes.length).toBeGreaterThan(0);
    expect(dxf.meta.name).toBe('2007-Arc');
  });

  it('lays out an SVG text with the fonts it asks for: one outlined text per styled run', async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="40mm" viewBox="0 0 100 40">' +
        '<text x="5" y="20" font-size="8">Kerf <tspan fill="#c00000">激光</tspan> <tspan dy="5">cut</tspan></text></svg>',
    );
    const asked: string[] = [];
    const fontsDir = (pkg: string) =>
      join(import.meta.dirname, `../../../../../../../node_modules/@fontsource/${pkg}/files`);
    const fonts = async (text: string) => {
      asked.push(text);
      const book = new FontBook();
      book.add(new Uint8Array(readFileSync(join(fontsDir('noto-sans'), 'noto-sans-latin-400-normal.woff'))), {
        family: 'Noto Sans',
      });
      // Only the Chinese slices the text needs, as the editor's font library loads them.
      const css = readFileSync(join(fontsDir('noto-sans-sc'), '../400.css'), 'utf8');
      for (const subset of subsetsFor(text, parseFontSubsets(css))) {
        const file = subset.file.replace(/^\.\/files\//, '');
        book.add(new Uint8Array(readFileSync(join(fontsDir('noto-sans-sc'), file))), { family: 'Noto Sans SC' });
      }
      return book;
    };
    const doc = await importDrawing('label.svg', svg, undefined, fonts);
    expect(asked).toEqual(['Kerf 激光 cut']);
    const texts = leafShapes(doc.shapes)
      .map((p) => p.shape)
      .filter((s) => s.kind === 'text');
    expect(texts.map((t) => t.text.trim())).toEqual(['Kerf', '激光', 'cut']);
    expect(texts.every((t) => t.kind === 'text' && t.outline.length > 0)).toBe(true);
    expect(texts[1]!.style?.fill).toBe('#c00000');
    // Without fonts the text stays one text, as before.
    const plain = await importDrawing('label.svg', svg);
    expect(leafShapes(plain.shapes).filter((p) => p.shape.kind === 'text')).toHaveLength(1);
  });

  it('places a BMP as one bitmap (stored as PNG) at 254 dpi on an image layer', async () => {
    const doc = await importDrawing('pal8.bmp', read('bmp/good/pal8.bmp'));
    expect(doc.shapes).toHaveLength(1);
    const [bitmap] = doc.shapes;
    if (bitmap?.kind !== 'bitmap') throw new Error('not a bitmap');
    expect(bitmap.src).toMatch(/^data:image\/png;base64,/);
    expect(bitmap.width).toBeCloseTo((bitmap.pixelWidth * 25.4) / IMAGE_DPI, 9);
    expect(doc.layers[0]).toMatchObject({ mode: 'image' });
  });

  it('refuses a damaged file with 格式错误 and the reason', async () => {
    let refusal: ReturnType<typeof refusalOf> | null = null;
    try {
      await importDrawing('badbitcount.bmp', read('bmp/bad/badbitcount.bmp'));
    } catch (error) {
      refusal = refusalOf(error);
    }
    expect(refusal?.['zh-CN']).toMatch(/^格式错误：.+/);
    expect(refusal?.en).toMatch(/^Invalid format: .+/);
    await expect(importDrawing('plan.kerf', new TextEncoder().encode('{"version": 1, "shapes": ['))).rejects.toThrow();
  });

  it('merges layers by colour and mode, adds the others, and gives every shape a fresh id', () => {
    const target = blankDocument();
    const imported: KerfDocument = {
      ...blankDocument(),
      layers: [createLayer({ id: 'L1', color: '#000000' }), createLayer({ id: 'L2', color: '#ff0000', name: 'red' })],
      shapes: [
        { id: 's1', kind: 'rect', transform: IDENTITY, layerId: 'L1', x: 0, y: 0, width: 1, height: 1, rx: 0, ry: 0 },
        { id: 's2', kind: 'rect', transform: IDENTITY, layerId: 'L2', x: 0, y: 0, width: 1, height: 1, rx: 0, ry: 0 },
      ],
    };
    const first = planMerge(target, imported, { x: 10, y: 5 });
    expect(first.layers.map((l) => [l.id, l.color, l.name])).toEqual([['L2', '#ff0000', 'red']]);
    expect(first.shapes.map((s) => (s.kind === 'group' ? '' : s.layerId))).toEqual(['L1', 'L2']);
    expect(first.shapes[0]!.transform).toEqual([1, 0, 0, 1, 10, 5]);
    const second = planMerge(target, imported);
    expect(new Set([...first.shapes, ...second.shapes].map((s) => s.id)).size).toBe(4);
  });
});
