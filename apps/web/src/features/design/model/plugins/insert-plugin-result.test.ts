import {
  createDocument,
  createLayer,
  documentBounds,
  IDENTITY,
  type KerfDocument,
  leafShapes,
  translate,
} from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { TestEditor } from '../test-editor';
import {
  freePlacementCorner,
  insertPluginAnswer,
  PLUGIN_INSERT_LABEL,
  planPluginInsert,
  selectionForPlugin,
} from './insert-plugin-result';

const rect = (id: string, layerId: string, x: number, y: number) => ({
  id,
  kind: 'rect' as const,
  layerId,
  transform: IDENTITY,
  x,
  y,
  width: 20,
  height: 10,
  rx: 0,
  ry: 0,
});

/** An open drawing: a black cut layer and a red fill layer, one rectangle on each. */
function drawing(): KerfDocument {
  return createDocument({
    layers: [
      createLayer({ id: 'L1', name: 'C00', color: '#000000', mode: 'cut' }),
      createLayer({ id: 'L2', name: 'C01', color: '#ff0000', mode: 'fill', priority: 1 }),
    ],
    shapes: [rect('mine1', 'L1', 0, 0), rect('mine2', 'L2', 50, 50)],
  });
}

/** A plugin answer on three layers: its main one (blue), a red fill (as the drawing's L2) and a green cut. */
function answer(placement: 'document' | 'free' = 'free') {
  return {
    placement,
    document: createDocument({
      layers: [
        createLayer({ id: 'main', color: '#0000ff', mode: 'cut' }),
        createLayer({ id: 'engrave', color: '#ff0000', mode: 'fill', priority: 1 }),
        createLayer({ id: 'marks', color: '#00ff00', mode: 'cut', priority: 2 }),
      ],
      shapes: [
        rect('p1', 'main', 100, 100),
        {
          id: 'p2',
          kind: 'group' as const,
          transform: translate(10, 0),
          children: [rect('p3', 'engrave', 100, 130), rect('p4', 'marks', 140, 130)],
        },
      ],
    }),
  };
}

describe('inserting a plugin answer', () => {
  it('puts the first layer on the current layer and the others on a same-colour layer or a new one', () => {
    const editor = new TestEditor(drawing());
    editor.store.set({ activeLayerId: 'L2' });
    const ids = insertPluginAnswer(editor, answer('document'));
    const layerOf = new Map(leafShapes(editor.doc.shapes).map((p) => [p.shape.id, p.shape.layerId]));
    const [first, group] = ids.map((id) => editor.doc.shapes.find((s) => s.id === id)!);
    expect(layerOf.get(first!.id)).toBe('L2');
    const children = group!.kind === 'group' ? group!.children : [];
    expect(children.map((c) => (c.kind === 'group' ? '' : c.layerId))).toEqual(['L2', 'L3']);
    expect(editor.doc.layers.map((l) => [l.id, l.color, l.mode])).toEqual([
      ['L1', '#000000', 'cut'],
      ['L2', '#ff0000', 'fill'],
      ['L3', '#00ff00', 'cut'],
    ]);
  });

  it('gives every inserted shape a fresh id, twice over, and selects what it inserted', () => {
    const editor = new TestEditor(drawing());
    const once = insertPluginAnswer(editor, answer());
    expect(editor.state.selection).toEqual(once);
    const twice = insertPluginAnswer(editor, answer());
    const all = leafShapes(editor.doc.shapes).map((p) => p.shape.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain('p1');
    expect(twice.some((id) => once.includes(id))).toBe(false);
    expect(editor.state.selection).toEqual(twice);
  });

  it('is one step: undo takes all of it away, layers included, and redo brings it back', () => {
    const editor = new TestEditor(drawing());
    const before = editor.doc;
    const steps = editor.store.history.size;
    insertPluginAnswer(editor, answer());
    const after = editor.doc;
    expect(editor.store.history.size).toBe(steps + 1);
    expect(editor.store.history.undoLabel).toBe(PLUGIN_INSERT_LABEL);
    expect(after.shapes).toHaveLength(4);
    editor.store.undo();
    expect(editor.doc).toEqual(before);
    expect(editor.state.selection).toEqual([]);
    editor.store.redo();
    expect(editor.doc).toEqual(after);
    expect(editor.state.selection).toHaveLength(2);
  });

  it('keeps a document answer where it was drawn', () => {
    const editor = new TestEditor(drawing());
    const ids = insertPluginAnswer(editor, answer('document'));
    const inserted = { ...editor.doc, shapes: editor.doc.shapes.filter((s) => ids.includes(s.id)) };
    expect(documentBounds(inserted)).toMatchObject({ minX: 100, minY: 100, maxX: 170, maxY: 140 });
  });

  it('places a free answer at the top-left of the visible work area, a margin in', () => {
    const editor = new TestEditor(drawing());
    // 4 px per mm, the view's corner at document (25, 30): 24 px in is 6 mm
    editor.store.set({ camera: { x: -100, y: -120, zoom: 4 }, viewport: { width: 800, height: 600 } });
    const ids = insertPluginAnswer(editor, answer('free'));
    const inserted = { ...editor.doc, shapes: editor.doc.shapes.filter((s) => ids.includes(s.id)) };
    const b = documentBounds(inserted);
    expect(b.minX).toBeCloseTo(31);
    expect(b.minY).toBeCloseTo(36);
    expect(b.maxX - b.minX).toBeCloseTo(70);
  });

  it('takes the work area’s own corner when the view shows none of it, or where the view starts outside it', () => {
    const area = { width: 400, height: 300 };
    expect(freePlacementCorner(area, { minX: -50, minY: -20, maxX: 200, maxY: 100 }, 5)).toEqual({ x: 5, y: 5 });
    expect(freePlacementCorner(area, { minX: 500, minY: 0, maxX: 700, maxY: 100 }, 5)).toEqual({ x: 5, y: 5 });
    expect(freePlacementCorner(area, { minX: 120, minY: 80, maxX: 300, maxY: 200 }, 5)).toEqual({ x: 125, y: 85 });
  });

  it('inserts onto the first listed layer when the current one is gone, and makes layers in an empty drawing', () => {
    const plan = planPluginInsert(drawing(), answer(), { layerId: null, corner: { x: 0, y: 0 } });
    expect(plan.layers.map((l) => l.color)).toEqual(['#0000ff', '#00ff00']);
    const editor = new TestEditor(drawing());
    editor.store.set({ activeLayerId: 'gone' });
    const [first] = insertPluginAnswer(editor, answer());
    const shape = editor.doc.shapes.find((s) => s.id === first);
    expect(shape?.kind === 'rect' && shape.layerId).toBe('L1');
  });
});

describe('the selection a plugin reads', () => {
  it('is the selected leaves in document coordinates, with their bounds', () => {
    const doc = createDocument({
      layers: [createLayer({ id: 'L1' })],
      shapes: [
        { id: 'g', kind: 'group', transform: translate(100, 0), children: [rect('a', 'L1', 0, 0)] },
        rect('b', 'L1', 300, 300),
      ],
    });
    const selection = selectionForPlugin(doc, ['g']);
    expect(selection.shapes.map((s) => [s.id, s.transform])).toEqual([['a', translate(100, 0)]]);
    expect(selection.bounds).toMatchObject({ minX: 100, minY: 0, maxX: 120, maxY: 10 });
    expect(selectionForPlugin(doc, [])).toEqual({ shapes: [], bounds: null });
  });
});
