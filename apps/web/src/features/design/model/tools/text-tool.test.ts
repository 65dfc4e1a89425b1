import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FontBook } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { commitText, type FontSource } from '../actions/text-actions';
import { geometryOf } from '../geometry/shape-geometry';
import { TestEditor } from '../test-editor';
import { parseFontSubsets, subsetsFor } from '../text/font-subsets';

const require = createRequire(import.meta.url);

/** The page's font loading, from the installed font packages: only the subsets a text needs. */
function fontsFromDisk(): FontSource & { loaded: string[] } {
  const book = new FontBook();
  const loaded: string[] = [];
  const families = [
    ['@fontsource/noto-sans', 'Noto Sans'],
    ['@fontsource/noto-sans-sc', 'Noto Sans SC'],
  ] as const;
  const source = (async (text: string) => {
    for (const [pkg, family] of families) {
      const css = require.resolve(`${pkg}/400.css`);
      for (const subset of subsetsFor(text, parseFontSubsets(readFileSync(css, 'utf8')))) {
        if (loaded.includes(subset.file)) continue;
        book.add(readFileSync(join(dirname(css), subset.file)), { family, weight: 400, style: 'normal' });
        loaded.push(subset.file);
      }
    }
    return book;
  }) as FontSource & { loaded: string[] };
  source.loaded = loaded;
  return source;
}

const p = (x: number, y: number) => ({ x, y });

describe('text tool', () => {
  it('types Latin and Chinese text at the click, outlined with only the font files it needs', async () => {
    const fonts = fontsFromDisk();
    const editor = new TestEditor().use('text').click(p(20.4, 50.3));
    expect(editor.state.textEntry).toMatchObject({ at: p(20, 50), shapeId: null });
    const shape = await commitText(editor, 'Kerf 激光', fonts);
    expect(shape).toMatchObject({ kind: 'text', text: 'Kerf 激光', x: 20, y: 50, font: { size: 10 } });
    expect(shape!.outline.length).toBeGreaterThan(5);
    const b = geometryOf(editor.lastShape).bounds;
    // letters stand on the baseline at y = 50 (Chinese glyphs reach a little below it) and rise ~7 mm
    expect(b.maxY).toBeLessThanOrEqual(52);
    expect(b.minY).toBeLessThan(45);
    expect(b.minX).toBeGreaterThanOrEqual(20);
    expect(b.maxX).toBeGreaterThan(50);
    expect(fonts.loaded.length).toBeGreaterThan(1);
    expect(fonts.loaded.length).toBeLessThan(5);
    expect(editor.state.selection).toEqual([shape!.id]);
  });

  it('edits a text by clicking it, and an emptied text is deleted; each is one undo step', async () => {
    const fonts = fontsFromDisk();
    const editor = new TestEditor().use('text').click(p(20, 50));
    const first = await commitText(editor, 'Plate', fonts);
    editor.click(p(21, 47));
    expect(editor.state.textEntry).toMatchObject({ shapeId: first!.id, text: 'Plate' });
    const second = await commitText(editor, 'Plate A', fonts);
    expect(second!.id).toBe(first!.id);
    expect(editor.shapes).toHaveLength(1);
    expect(geometryOf(editor.lastShape).bounds.maxX).toBeGreaterThan(geometryOf(first!).bounds.maxX);
    editor.click(p(21, 47));
    await commitText(editor, '  ', fonts);
    expect(editor.shapes).toHaveLength(0);
    editor.key('z', { ctrl: true });
    expect(editor.lastShape).toMatchObject({ text: 'Plate A' });
    editor.key('z', { ctrl: true });
    expect(editor.lastShape).toMatchObject({ text: 'Plate' });
  });

  it('Escape drops the text being typed', () => {
    const editor = new TestEditor().use('text').click(p(10, 10));
    editor.key('Escape');
    expect(editor.state.textEntry).toBeNull();
    expect(editor.shapes).toHaveLength(0);
  });
});
