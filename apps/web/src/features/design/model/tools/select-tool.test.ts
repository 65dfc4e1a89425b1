import { describe, expect, it } from 'vitest';
import { handlePoint } from '../geometry/handles';
import { boundsOf } from '../geometry/shape-geometry';
import { TestEditor } from '../test-editor';

const p = (x: number, y: number) => ({ x, y });

/** Three rectangles in a row: 20 mm squares at x = 20, 60, 100. */
function threeSquares() {
  const editor = new TestEditor().use('rect');
  for (const x of [20, 60, 100]) editor.drag(p(x, 20), p(x + 20, 40));
  editor.use('select').select([]);
  return editor;
}

const box = (editor: TestEditor) => boundsOf(editor.selectedShapes)!;

describe('select tool', () => {
  it('a click on an outline selects; Shift adds and removes; a click on nothing clears', () => {
    const editor = threeSquares();
    const [a, b] = editor.shapes.map((s) => s.id);
    editor.click(p(20.2, 30));
    expect(editor.state.selection).toEqual([a]);
    editor.click(p(60, 30.5), { shift: true });
    expect(editor.state.selection).toEqual([a, b]);
    // (not on the middle of an edge: with a selection, that is a scale handle)
    editor.click(p(25, 20), { shift: true });
    expect(editor.state.selection).toEqual([b]);
    editor.click(p(300, 300));
    expect(editor.state.selection).toEqual([]);
  });

  it('a click inside a closed shape picks the innermost one', () => {
    const editor = new TestEditor().use('rect').drag(p(0, 0), p(200, 200)).drag(p(50, 50), p(100, 100)).use('select');
    const [sheet, part] = editor.shapes.map((s) => s.id);
    editor.click(p(70, 70));
    expect(editor.state.selection).toEqual([part]);
    editor.click(p(150, 150));
    expect(editor.state.selection).toEqual([sheet]);
  });

  it('marquee: left to right takes shapes wholly inside, right to left also those it touches', () => {
    const editor = threeSquares();
    const [a, b, c] = editor.shapes.map((s) => s.id);
    editor.drag(p(10, 10), p(85, 50));
    expect(editor.state.selection).toEqual([a, b]);
    editor.drag(p(105, 50), p(70, 10));
    expect(new Set(editor.state.selection)).toEqual(new Set([b, c]));
    // Ctrl takes out what the marquee touches
    editor.drag(p(75, 50), p(50, 10), { ctrl: true });
    expect(editor.state.selection).toEqual([c]);
  });

  it('drags the selection, snapping its box to the grid; Alt moves freely; one undo step', () => {
    const editor = threeSquares();
    editor.click(p(25, 20)).drag(p(25, 20), p(46.2, 20.9));
    expect(box(editor)).toMatchObject({ minX: 40, minY: 20 });
    expect(editor.state.preview).toBeNull();
    editor.drag(p(45, 20), p(46.2, 20.9), { alt: true });
    expect(box(editor).minX).toBeCloseTo(41.2, 9);
    editor.key('z', { ctrl: true });
    expect(box(editor).minX).toBeCloseTo(40, 9);
    editor.key('z', { ctrl: true });
    expect(box(editor).minX).toBeCloseTo(20, 9);
  });

  it('shows the move as a preview and puts nothing in the document until release', () => {
    const editor = threeSquares();
    editor.click(p(25, 20));
    const before = editor.doc;
    editor.down(p(25, 20)).move(p(35, 25)).move(p(55, 35), { alt: true });
    expect(editor.doc).toBe(before);
    expect(editor.state.preview?.matrix).toEqual([1, 0, 0, 1, 30, 15]);
    editor.key('Escape');
    expect(editor.state.preview).toBeNull();
    editor.up(p(55, 35));
    expect(editor.doc).toBe(before);
  });

  it('snaps a moved shape to another shape’s corner', () => {
    const editor = threeSquares();
    editor.store.set({ snap: { ...editor.state.snap, grid: false } });
    // the middle square dragged so its top-left corner comes within 2 mm of the first one's bottom-right
    editor.click(p(65, 20)).drag(p(65, 20), p(46.2, 39.1));
    expect(box(editor)).toMatchObject({ minX: 40, minY: 40, maxX: 60, maxY: 60 });
  });

  it('scales with a corner handle; Shift keeps the aspect; Alt scales about the centre', () => {
    const editor = threeSquares();
    editor.click(p(20, 30));
    editor.drag(handlePoint(box(editor), 'se'), p(60, 50), { alt: false });
    expect(box(editor)).toMatchObject({ minX: 20, minY: 20, maxX: 60, maxY: 50 });
    editor.drag(handlePoint(box(editor), 'e'), p(80, 35), { shift: true });
    const b = box(editor);
    expect(b.maxX - b.minX).toBeCloseTo(60, 6);
    expect(b.maxY - b.minY).toBeCloseTo(45, 6);
  });

  it('rotates with the knob above the box, in 15° steps with Shift', () => {
    const editor = threeSquares();
    editor.click(p(20, 30));
    const b = box(editor);
    const knob = p((b.minX + b.maxX) / 2, b.minY - 24 / editor.state.camera.zoom);
    // a quarter turn clockwise around the centre (30,30): the knob goes to the right of it
    editor.drag(knob, p(60, 31), { shift: true });
    const [a, bb] = editor.selectedShapes[0]!.transform;
    expect((Math.atan2(bb, a) * 180) / Math.PI).toBeCloseTo(90, 6);
    expect(editor.store.history.undoLabel).toBe('rotate');
  });
});
