import { createDocument, createLayer, IDENTITY, type KerfDocument, type Shape } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { EditorStore } from '../store/editor-store';
import {
  cleanLayerName,
  colorNumber,
  deleteEmptyLayer,
  freshLayerId,
  layersInOrder,
  moveLayer,
  moveShapesToColor,
  NUMBERED_COLORS,
  pickableFilter,
  placeLayer,
  renameLayer,
  setLayerHidden,
  setLayerLocked,
  shapeCounts,
} from './layer-list';

const square = (id: string, layerId: string, x = 0): Shape => ({
  id,
  kind: 'rect',
  layerId,
  transform: IDENTITY,
  x,
  y: 0,
  width: 10,
  height: 10,
  rx: 0,
  ry: 0,
});

/** Black C00 (L1) with a square and a group spread over both layers, red C01 (L2) empty but for the group. */
function drawing(): KerfDocument {
  return createDocument({
    layers: [
      createLayer({ id: 'L1', name: 'C00', color: NUMBERED_COLORS[0], priority: 0 }),
      createLayer({ id: 'L2', name: 'C01', color: NUMBERED_COLORS[1], priority: 1 }),
    ],
    shapes: [
      square('a', 'L1'),
      { id: 'g', kind: 'group', transform: IDENTITY, children: [square('b', 'L1', 20), square('c', 'L2', 40)] },
    ],
  });
}

const store = () => new EditorStore({ doc: drawing() });

describe('numbered colours', () => {
  it('holds 30 distinct colours, the core palette first, numbered 00…29', () => {
    expect(NUMBERED_COLORS).toHaveLength(30);
    expect(new Set(NUMBERED_COLORS).size).toBe(30);
    expect(NUMBERED_COLORS.every((c) => /^#[0-9a-f]{6}$/.test(c))).toBe(true);
    expect(NUMBERED_COLORS[0]).toBe('#000000');
    expect([colorNumber(0), colorNumber(7), colorNumber(29)]).toEqual(['00', '07', '29']);
  });
});

describe('layer list edits', () => {
  it('moves shapes (a group with all its children) to a colour, making its layer in the same undoable step', () => {
    const s = store();
    const id = freshLayerId(s.doc);
    expect(id).toBe('L3');
    s.change('colour', moveShapesToColor(new Set(['a', 'g']), 5, id));
    expect(s.doc.layers.map((l) => [l.id, l.name, l.color, l.priority])).toEqual([
      ['L1', 'C00', '#000000', 0],
      ['L2', 'C01', NUMBERED_COLORS[1], 1],
      ['L3', 'C05', NUMBERED_COLORS[5], 2],
    ]);
    expect(shapeCounts(s.doc.shapes)).toEqual(new Map([['L3', 3]]));
    s.undo();
    expect(s.doc.layers).toHaveLength(2);
    expect(shapeCounts(s.doc.shapes)).toEqual(
      new Map([
        ['L1', 2],
        ['L2', 1],
      ]),
    );
  });

  it('moving to a colour that has a layer uses it and adds none', () => {
    const s = store();
    s.change('colour', moveShapesToColor(new Set(['a']), 1, 'L9'));
    expect(s.doc.layers).toHaveLength(2);
    expect(shapeCounts(s.doc.shapes).get('L2')).toBe(2);
  });

  it('hides and locks as undoable steps, a false flag leaving the layer as it was saved', () => {
    const s = store();
    s.change('hide', setLayerHidden('L1', true));
    s.change('lock', setLayerLocked('L2', true));
    expect([s.doc.layers[0]!.hidden, s.doc.layers[1]!.locked]).toEqual([true, true]);
    s.change('show', setLayerHidden('L1', false));
    expect('hidden' in s.doc.layers[0]!).toBe(false);
    s.undo();
    s.undo();
    expect(s.doc.layers[1]!.locked).toBeUndefined();
    expect(s.doc.layers[0]!.hidden).toBe(true);
  });

  it('the pointer looks through shapes wholly on hidden or locked layers, not a group with a free part', () => {
    const doc = drawing();
    const [a, g] = doc.shapes as [Shape, Shape];
    expect([pickableFilter(doc)(a), pickableFilter(doc)(g)]).toEqual([true, true]);
    doc.layers[0]!.hidden = true;
    expect([pickableFilter(doc)(a), pickableFilter(doc)(g)]).toEqual([false, true]);
    doc.layers[1]!.locked = true;
    expect([pickableFilter(doc)(a), pickableFilter(doc)(g)]).toEqual([false, false]);
  });

  it('reorders by output order and renumbers priorities so list, file and planner agree', () => {
    const s = new EditorStore({
      doc: createDocument({
        // typed by hand: B runs first, then C, then A
        layers: [
          createLayer({ id: 'A', priority: 5 }),
          createLayer({ id: 'B', priority: 0 }),
          createLayer({ id: 'C', priority: 2 }),
        ],
      }),
    });
    expect(layersInOrder(s.doc.layers).map((l) => l.id)).toEqual(['B', 'C', 'A']);
    s.change('down', moveLayer('B', 1));
    expect(s.doc.layers.map((l) => [l.id, l.priority])).toEqual([
      ['C', 0],
      ['B', 1],
      ['A', 2],
    ]);
    // already first (or last): nothing changes, nothing is recorded
    expect(s.change('up', moveLayer('C', -1))).toBe(false);
    expect(s.change('down', moveLayer('A', 1))).toBe(false);
    s.undo();
    expect(s.doc.layers.map((l) => [l.id, l.priority])).toEqual([
      ['A', 5],
      ['B', 0],
      ['C', 2],
    ]);
  });

  it('places a dragged layer anywhere in the order in one step', () => {
    const s = new EditorStore({
      doc: createDocument({ layers: ['A', 'B', 'C', 'D'].map((id, priority) => createLayer({ id, priority })) }),
    });
    s.change('drag', placeLayer('D', 0));
    expect(s.doc.layers.map((l) => `${l.id}${l.priority}`)).toEqual(['D0', 'A1', 'B2', 'C3']);
    s.change('drag', placeLayer('D', 2));
    expect(s.doc.layers.map((l) => l.id)).toEqual(['A', 'B', 'D', 'C']);
    expect(s.change('drag', placeLayer('D', 9))).toBe(false);
    s.undo();
    expect(s.doc.layers.map((l) => l.id)).toEqual(['D', 'A', 'B', 'C']);
  });

  it('renames to a trimmed name of 1–64 characters and refuses others', () => {
    expect([cleanLayerName('  Cut  '), cleanLayerName('   '), cleanLayerName('x'.repeat(65))]).toEqual([
      'Cut',
      null,
      null,
    ]);
    const s = store();
    s.change('rename', renameLayer('L1', ' 外框 '));
    expect(s.doc.layers[0]!.name).toBe('外框');
    expect(s.change('rename', renameLayer('L1', ''))).toBe(false);
  });

  it('deletes a layer only when no shape is on it (a group child counts)', () => {
    const s = store();
    expect(s.change('delete', deleteEmptyLayer('L2'))).toBe(false);
    s.change('colour', moveShapesToColor(new Set(['g']), 0, 'L3'));
    expect(s.change('delete', deleteEmptyLayer('L2'))).toBe(true);
    expect(s.doc.layers.map((l) => l.id)).toEqual(['L1']);
    s.undo();
    expect(s.doc.layers.map((l) => l.id)).toEqual(['L1', 'L2']);
  });
});
