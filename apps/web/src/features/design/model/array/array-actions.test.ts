import { type GridArray, LASER_MESSAGES, leafShapes, planJob } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { geometryOf } from '../geometry/shape-geometry';
import { TestEditor } from '../test-editor';
import {
  ARRAY_HISTORY,
  applyArray,
  arraySelectionProblems,
  breakApartArrays,
  isArrayGroup,
  previewArray,
  selectedArray,
} from './array-actions';

const p = (x: number, y: number) => ({ x, y });
const grid: GridArray = { kind: 'grid', rows: 2, columns: 3, rowSpacing: 5, columnSpacing: 10 };

/** A 20 × 10 rectangle at (10, 10), selected. */
function withRectangle() {
  const editor = new TestEditor().use('rect');
  editor.drag(p(10, 10), p(30, 20)).use('select');
  editor.select([editor.lastShape.id]);
  return editor;
}

const copiesIn = (editor: TestEditor) => leafShapes(editor.doc.shapes).length;

describe('array actions', () => {
  it('make an array object from the selection in one undoable step, then select it', () => {
    const editor = withRectangle();
    const rectangle = editor.lastShape;
    expect(applyArray(editor, grid)).toEqual([]);
    expect(editor.shapes).toHaveLength(1);
    const made = editor.lastShape;
    expect(isArrayGroup(made) && made.children[0]).toBe(rectangle);
    expect(editor.state.selection).toEqual([made.id]);
    expect(copiesIn(editor)).toBe(6);
    expect(geometryOf(made).bounds).toEqual({ minX: 10, minY: 10, maxX: 90, maxY: 35 });
    expect(editor.store.history.undoLabel).toBe(ARRAY_HISTORY.make);
    editor.store.undo();
    expect(editor.shapes).toEqual([rectangle]);
    expect(editor.state.selection).toEqual([rectangle.id]);
  });

  it('refuse settings out of the SPEC limits with their messages, changing nothing', () => {
    const editor = withRectangle();
    const before = editor.doc;
    const problems = applyArray(editor, { ...grid, rows: Number.NaN, rowSpacing: 300, columnSpacing: 400 });
    expect(problems.map((x) => [x.field, x.text])).toEqual([
      ['rows', LASER_MESSAGES.arrayCountsRequired],
      ['rowSpacing', LASER_MESSAGES.arrayRowSpacing],
      ['columnSpacing', LASER_MESSAGES.arrayColumnSpacing],
    ]);
    expect(editor.doc).toBe(before);
  });

  it('count arrays inside the source against the 10,000-copy cap', () => {
    const editor = withRectangle();
    applyArray(editor, { ...grid, rows: 100, columns: 50 });
    editor.use('ellipse').drag(p(300, 300), p(310, 310)).use('select');
    editor.select(editor.shapes.map((s) => s.id));
    // the 5,000-copy array in the source, repeated 3 times, would make 15,000
    const tooMany = arraySelectionProblems(editor, { ...grid, rows: 1, columns: 3 });
    expect(tooMany).toEqual([{ field: 'copies', text: LASER_MESSAGES.arrayTooMany }]);
    expect(arraySelectionProblems(editor, { ...grid, rows: 1, columns: 2 })).toEqual([]);
  });

  it('edit the selected array object in one undoable step', () => {
    const editor = withRectangle();
    applyArray(editor, grid);
    const id = editor.lastShape.id;
    expect(selectedArray(editor)?.array).toEqual(grid);
    applyArray(editor, { kind: 'circular', count: 5, radius: 40, rotate: true });
    expect(editor.shapes).toHaveLength(1);
    expect(editor.lastShape.id).toBe(id);
    expect(copiesIn(editor)).toBe(5);
    expect(editor.store.history.undoLabel).toBe(ARRAY_HISTORY.edit);
    editor.store.undo();
    expect(selectedArray(editor)?.array).toEqual(grid);
  });

  it('plan one op per copy with unique shape ids', () => {
    const editor = withRectangle();
    applyArray(editor, grid);
    const ids = planJob(editor.doc).ops.map((op) => op.shapeId);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('preview the pending array without touching the document or its history', () => {
    const editor = withRectangle();
    const before = editor.doc;
    previewArray(editor, grid, 'g-pending');
    const preview = editor.state.shapesPreview;
    expect(preview?.hides).toEqual(new Set(editor.state.selection));
    expect(leafShapes(preview?.shapes ?? [])).toHaveLength(6);
    expect(editor.doc).toBe(before);
    expect(editor.store.history.canUndo).toBe(true); // the rectangle's drawing only
    expect(editor.store.history.undoLabel).toBe('draw');
    previewArray(editor, { ...grid, rowSpacing: 300 }, 'g-pending');
    expect(editor.state.shapesPreview).toBeNull();
    previewArray(editor, grid, 'g-pending');
    applyArray(editor, grid, 'g-pending');
    expect(editor.state.shapesPreview).toBeNull();
    expect(editor.lastShape.id).toBe('g-pending');
  });

  it('break an array apart into ordinary shapes with fresh ids where the copies were, undoably', () => {
    const editor = withRectangle();
    const rectangle = editor.lastShape;
    applyArray(editor, { ...grid, rows: 1, columns: 3 });
    const array = editor.lastShape;
    const arrayBox = geometryOf(array).bounds;
    expect(breakApartArrays(editor)).toBe(true);
    expect(editor.shapes).toHaveLength(3);
    expect(editor.shapes.every((s) => s.kind === 'rect')).toBe(true);
    expect(new Set(editor.shapes.map((s) => s.id)).size).toBe(3);
    expect(editor.shapes.some((s) => s.id === rectangle.id)).toBe(false);
    expect(editor.state.selection).toEqual(editor.shapes.map((s) => s.id));
    expect(editor.shapes.map((s) => geometryOf(s).bounds.minX)).toEqual([10, 40, 70]);
    expect(geometryOf(editor.shapes[2]!).bounds.maxX).toBe(arrayBox.maxX);
    editor.store.undo();
    expect(editor.shapes).toEqual([array]);
  });

  it('break a many-shape source into a group per copy', () => {
    const editor = withRectangle();
    editor.use('ellipse').drag(p(40, 10), p(50, 20)).use('select');
    editor.select(editor.shapes.map((s) => s.id));
    applyArray(editor, { kind: 'circular', count: 4, radius: 30, rotate: true });
    breakApartArrays(editor);
    expect(editor.shapes).toHaveLength(4);
    expect(editor.shapes.every((s) => s.kind === 'group' && s.children.length === 2 && !s.array)).toBe(true);
    expect(leafShapes(editor.doc.shapes)).toHaveLength(8);
  });

  it('break an array apart on ungroup rather than drop its copies', () => {
    const editor = withRectangle();
    applyArray(editor, grid);
    editor.key('g', { ctrl: true, shift: true });
    expect(editor.shapes).toHaveLength(6);
    expect(editor.shapes.every((s) => s.kind === 'rect')).toBe(true);
  });

  it('do nothing to break apart when no array is selected', () => {
    const editor = withRectangle();
    const before = editor.doc;
    expect(breakApartArrays(editor)).toBe(false);
    expect(editor.doc).toBe(before);
  });
});
