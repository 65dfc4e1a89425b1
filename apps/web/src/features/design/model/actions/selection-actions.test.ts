import { apply, type Shape } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { boundsOf, geometryOf } from '../geometry/shape-geometry';
import { TestEditor } from '../test-editor';
import {
  align,
  copy,
  distribute,
  duplicate,
  group,
  mirror,
  order,
  PASTE_OFFSET,
  paste,
  rotateSelection,
  selectAll,
  selectionRotation,
  setSelectionBox,
  ungroup,
} from './selection-actions';

const p = (x: number, y: number) => ({ x, y });

function drawing() {
  const editor = new TestEditor().use('rect');
  editor.drag(p(10, 10), p(30, 20)).drag(p(50, 40), p(60, 70));
  editor.use('ellipse').drag(p(100, 10), p(140, 30));
  editor.use('select');
  return editor;
}

const boxOf = (shape: Shape) => geometryOf(shape).bounds;
const ids = (editor: TestEditor) => editor.shapes.map((s) => s.id);

describe('selection actions', () => {
  it('select all, delete, undo brings them back with the selection', () => {
    const editor = drawing();
    editor.key('a', { ctrl: true });
    expect(editor.state.selection).toHaveLength(3);
    editor.key('Delete');
    expect(editor.shapes).toHaveLength(0);
    editor.key('z', { ctrl: true });
    expect(editor.shapes).toHaveLength(3);
    expect(editor.state.selection).toHaveLength(3);
    editor.key('y', { ctrl: true });
    expect(editor.shapes).toHaveLength(0);
  });

  it('nudges with the arrows, ten times further with Shift', () => {
    const editor = drawing();
    editor.select([editor.shapes[0]!.id]);
    editor.key('ArrowRight').key('ArrowDown', { shift: true });
    expect(boxOf(editor.shapes[0]!)).toMatchObject({ minX: 11, minY: 20 });
  });

  it('typed X, Y, W and H move and scale the box from its top-left; the ratio can be kept', () => {
    const editor = drawing();
    editor.select([editor.shapes[0]!.id]);
    setSelectionBox(editor, { x: 0, y: 5 });
    expect(boxOf(editor.shapes[0]!)).toMatchObject({ minX: 0, minY: 5, maxX: 20, maxY: 15 });
    setSelectionBox(editor, { width: 40 }, true);
    const b = boxOf(editor.shapes[0]!);
    expect([b.minX, b.minY, b.maxX, b.maxY].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 5, 40, 25]);
  });

  it('rotates by a typed angle and reads it back; mirrors in place', () => {
    const editor = drawing();
    const first = editor.shapes[0]!.id;
    editor.select([first]);
    rotateSelection(editor, 30);
    expect(selectionRotation(editor)).toBeCloseTo(30, 6);
    rotateSelection(editor, -30);
    const before = boxOf(editor.shapes[0]!);
    mirror(editor, 'horizontal');
    const after = boxOf(editor.shapes[0]!);
    expect(after.minX).toBeCloseTo(before.minX, 6);
    expect(after.maxX).toBeCloseTo(before.maxX, 6);
    // the right edge's point is now on the left
    const m = editor.shapes[0]!.transform;
    expect(apply(m, p(30, 15)).x).toBeCloseTo(10, 6);
  });

  it('aligns to the selection box, and one shape to the work area', () => {
    const editor = drawing();
    selectAll(editor);
    align(editor, 'left');
    expect(editor.shapes.map((s) => boxOf(s).minX)).toEqual([10, 10, 10]);
    align(editor, 'bottom');
    expect(editor.shapes.map((s) => Math.round(boxOf(s).maxY * 1e6) / 1e6)).toEqual([70, 70, 70]);
    editor.select([editor.shapes[2]!.id]);
    align(editor, 'right');
    expect(boxOf(editor.shapes[2]!).maxX).toBeCloseTo(editor.doc.width, 6);
    expect(editor.store.history.undoLabel).toBe('align');
  });

  it('distributes three shapes with equal gaps, the outer ones staying', () => {
    const editor = drawing();
    selectAll(editor);
    distribute(editor, 'horizontal');
    const [a, b, c] = editor.shapes.map(boxOf);
    expect(a!.minX).toBe(10);
    expect(c!.maxX).toBeCloseTo(140, 9);
    expect(b!.minX - a!.maxX).toBeCloseTo(c!.minX - b!.maxX, 9);
  });

  it('groups at the topmost place, selects the group, and ungroups back to the same shapes', () => {
    const editor = drawing();
    const [a, b, c] = ids(editor);
    editor.select([a!, b!]);
    group(editor);
    expect(editor.shapes).toHaveLength(2);
    const g = editor.shapes[0]!;
    expect(g.kind).toBe('group');
    expect(editor.state.selection).toEqual([g.id]);
    expect(ids(editor)[1]).toBe(c);
    // a group moves as one
    editor.key('ArrowRight', { shift: true });
    ungroup(editor);
    expect(ids(editor)).toEqual([a, b, c]);
    expect(boxOf(editor.shapes[0]!).minX).toBe(20);
    expect(new Set(editor.state.selection)).toEqual(new Set([a, b]));
  });

  it('orders: to front, to back, one step', () => {
    const editor = drawing();
    const [a, b, c] = ids(editor);
    editor.select([a!]);
    order(editor, 'front');
    expect(ids(editor)).toEqual([b, c, a]);
    order(editor, 'backward');
    expect(ids(editor)).toEqual([b, a, c]);
    order(editor, 'back');
    expect(ids(editor)).toEqual([a, b, c]);
    order(editor, 'forward');
    expect(ids(editor)).toEqual([b, a, c]);
  });

  it('copies and pastes with fresh ids, each paste a step further; duplicate selects the copies', () => {
    const editor = drawing();
    editor.select([editor.shapes[0]!.id]);
    copy(editor);
    paste(editor);
    paste(editor);
    expect(editor.shapes).toHaveLength(5);
    expect(new Set(ids(editor)).size).toBe(5);
    expect(boxOf(editor.shapes[3]!).minX).toBe(10 + PASTE_OFFSET);
    expect(boxOf(editor.shapes[4]!).minX).toBe(10 + 2 * PASTE_OFFSET);
    duplicate(editor);
    expect(editor.state.selection).toEqual([editor.shapes[5]!.id]);
    editor.key('z', { ctrl: true }).key('z', { ctrl: true }).key('z', { ctrl: true });
    expect(editor.shapes).toHaveLength(3);
  });

  it('keeps well over 200 undo steps', () => {
    const editor = drawing();
    editor.select([editor.shapes[0]!.id]);
    for (let i = 0; i < 250; i++) editor.key('ArrowRight');
    expect(boundsOf(editor.selectedShapes)!.minX).toBe(260);
    for (let i = 0; i < 250; i++) editor.key('z', { ctrl: true });
    expect(boundsOf(editor.selectedShapes)!.minX).toBe(10);
    expect(editor.store.history.size).toBe(3);
  });
});
