import {
  type BitmapShape,
  createDocument,
  createLayer,
  DEFAULT_BITMAP_SETTINGS,
  type PathData,
  type PathShape,
  rotate,
} from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { TestEditor } from '../test-editor';
import { cropOf, selectedBitmap, traceBitmapInto, traceLayer, updateBitmap } from './bitmap-actions';

const bitmap: BitmapShape = {
  kind: 'bitmap',
  id: 'b1',
  layerId: 'IMG',
  transform: rotate(30),
  x: 10,
  y: 20,
  width: 80,
  height: 60,
  src: 'data:image/png;base64,',
  pixelWidth: 800,
  pixelHeight: 600,
  settings: DEFAULT_BITMAP_SETTINGS,
};

function editorWithBitmap() {
  const doc = createDocument({ layers: [createLayer({ id: 'IMG', mode: 'image' })], shapes: [bitmap] });
  const editor = new TestEditor(doc);
  editor.store.set({ selection: ['b1'] });
  return editor;
}

const bitmapOf = (editor: TestEditor) => editor.doc.shapes[0] as BitmapShape;

describe('bitmap actions', () => {
  it('finds the one selected bitmap', () => {
    const editor = editorWithBitmap();
    expect(selectedBitmap(editor.doc, ['b1'])?.id).toBe('b1');
    expect(selectedBitmap(editor.doc, [])).toBeNull();
  });

  it('applies settings and a crop in one undoable step, keeping the picture where it was', () => {
    const editor = editorWithBitmap();
    const settings = { ...DEFAULT_BITMAP_SETTINGS, dither: 'bayer' as const, brightness: 20, gamma: 1.5, contrast: 0 };
    editor.store.change('bitmap', updateBitmap('b1', settings, { x: 200, y: 150, width: 400, height: 300 }));
    const cropped = bitmapOf(editor);
    expect(cropped.settings).toMatchObject({ dither: 'bayer', brightness: 20, gamma: 1.5 });
    // 0.1 mm a pixel as before: the frame moves to the kept part and shrinks to it
    expect([cropped.x, cropped.y, cropped.width, cropped.height]).toEqual([30, 35, 40, 30]);
    expect(cropOf(cropped)).toEqual({ x: 200, y: 150, width: 400, height: 300 });
    // back to the whole picture: no crop stored, the old frame again
    editor.store.change('bitmap', updateBitmap('b1', settings, { x: 0, y: 0, width: 800, height: 600 }));
    expect(bitmapOf(editor).crop).toBeUndefined();
    expect([bitmapOf(editor).x, bitmapOf(editor).width]).toEqual([10, 80]);
    editor.store.undo();
    editor.store.undo();
    expect(bitmapOf(editor)).toEqual(bitmap);
  });

  it('adds a traced outline over the bitmap on a new cut layer, undone in one step', () => {
    const editor = editorWithBitmap();
    const square: PathData = [
      {
        start: { x: 0, y: 0 },
        segments: [
          { type: 'line', to: { x: 5, y: 0 } },
          { type: 'line', to: { x: 5, y: 5 } },
        ],
        closed: true,
      },
    ];
    const target = traceLayer(editor.doc);
    expect(target.isNew).toBe(true);
    editor.store.change('trace', traceBitmapInto('b1', bitmap.settings, cropOf(bitmap), square, target, 'p1'), ['p1']);
    const traced = editor.doc.shapes[1] as PathShape;
    expect(traced.kind).toBe('path');
    expect(traced.transform).toEqual(bitmap.transform);
    expect(traced.path[0]!.start).toEqual({ x: 10, y: 20 });
    expect(editor.doc.layers.find((l) => l.id === traced.layerId)?.mode).toBe('cut');
    expect(traceLayer(editor.doc).isNew).toBe(false);
    editor.store.undo();
    expect(editor.doc.shapes).toHaveLength(1);
    expect(editor.doc.layers).toHaveLength(1);
  });
});
