import {
  type ArrayProblem,
  arrayCopyCount,
  arrayProblems,
  type CircularArray,
  type GridArray,
  type GroupShape,
  groupCopyPlacements,
  IDENTITY,
  type KerfDocument,
  LASER_MESSAGES,
  MAX_ARRAY_COPIES,
  multiply,
  type Shape,
  type ShapeArray,
} from '@kerf/laser';
import type { Draft } from 'immer';
import { cloneWithNewIds } from '../actions/shape-commands';
import type { Editor } from '../editor';
import { newId } from '../ids';

/**
 * Array objects in the editor: make one from the selection, change its settings, break it apart. Each is
 * one undoable step; the dialog previews the pending array through the store's `shapesPreview`.
 */

export type ArrayGroup = GroupShape & { array: ShapeArray };

export const DEFAULT_GRID_ARRAY: GridArray = { kind: 'grid', rows: 2, columns: 2, rowSpacing: 5, columnSpacing: 5 };
export const DEFAULT_CIRCULAR_ARRAY: CircularArray = { kind: 'circular', count: 6, radius: 50, rotate: true };

/** History labels: full i18n keys (the header reads them as such). */
export const ARRAY_HISTORY = {
  make: 'design.array.history.make',
  edit: 'design.array.history.edit',
  breakApart: 'breakApart',
} as const;

export function isArrayGroup(shape: Shape | undefined): shape is ArrayGroup {
  return shape?.kind === 'group' && shape.array !== undefined;
}

/** The array object when it is all that is selected (the dialog then edits it). */
export function selectedArray(editor: Editor): ArrayGroup | null {
  const shapes = editor.selectedShapes;
  return shapes.length === 1 && isArrayGroup(shapes[0]) ? shapes[0] : null;
}

/** The most copies any shape in `shapes` already makes (arrays inside the source multiply with the new one). */
function copiesWithin(shapes: readonly Shape[]): number {
  let most = 1;
  for (const shape of shapes) {
    if (shape.kind !== 'group') continue;
    const own = shape.array ? arrayCopyCount(shape.array) || 1 : 1;
    most = Math.max(most, own * copiesWithin(shape.children));
  }
  return most;
}

/**
 * What is wrong with applying `array` to the selection: the SPEC's limits per field, and the 10,000-copy
 * cap counting arrays already inside the source.
 */
export function arraySelectionProblems(editor: Editor, array: ShapeArray): ArrayProblem[] {
  const problems = arrayProblems(array);
  if (problems.length > 0) return problems;
  const existing = selectedArray(editor);
  const source = existing ? existing.children : editor.selectedShapes;
  if (arrayCopyCount(array) * copiesWithin(source) > MAX_ARRAY_COPIES)
    return [{ field: 'copies', text: LASER_MESSAGES.arrayTooMany }];
  return [];
}

/**
 * The array object `array` would give: the selected array with new settings, or a new array group around
 * the selection (its id fixed by the caller so preview and result match). Null with nothing selected.
 */
export function pendingArray(editor: Editor, array: ShapeArray, groupId: string): ArrayGroup | null {
  const existing = selectedArray(editor);
  if (existing) return { ...existing, array };
  const source = editor.selectedShapes;
  if (source.length === 0) return null;
  return { id: groupId, kind: 'group', transform: IDENTITY, children: source, array };
}

/** Shows the pending array on the canvas (not in the document); `null` settings clear the preview. */
export function previewArray(editor: Editor, array: ShapeArray | null, groupId: string) {
  const pending =
    array && arraySelectionProblems(editor, array).length === 0 ? pendingArray(editor, array, groupId) : null;
  if (!pending) {
    if (editor.state.shapesPreview) editor.store.set({ shapesPreview: null });
    return;
  }
  const hides = new Set(selectedArray(editor) ? [pending.id] : editor.state.selection);
  editor.store.set({ shapesPreview: { hides, shapes: [pending] } });
}

/** Puts `group` where the topmost of `ids` was and drops the rest. */
const wrapInGroup = (ids: ReadonlySet<string>, group: GroupShape) => (draft: Draft<KerfDocument>) => {
  const at: number[] = [];
  draft.shapes.forEach((shape, i) => {
    if (ids.has(shape.id)) at.push(i);
  });
  if (at.length === 0) return;
  const kept = draft.shapes.filter((shape) => !ids.has(shape.id));
  kept.splice(at.at(-1)! - (at.length - 1), 0, group as Draft<Shape>);
  draft.shapes = kept;
};

const setArray = (id: string, array: ShapeArray) => (draft: Draft<KerfDocument>) => {
  const shape = draft.shapes.find((s) => s.id === id);
  if (shape?.kind === 'group') shape.array = array;
};

/**
 * Applies `array` to the selection in one undoable step: the selected array object gets the settings,
 * anything else becomes the source of a new array object (then selected). Returns the problems instead
 * when the settings are out of range, changing nothing.
 */
export function applyArray(editor: Editor, array: ShapeArray, groupId = newId('g')): ArrayProblem[] {
  const problems = arraySelectionProblems(editor, array);
  if (problems.length > 0) return problems;
  const pending = pendingArray(editor, array, groupId);
  editor.store.set({ shapesPreview: null });
  if (!pending) return [];
  const settings = structuredClone(array);
  if (selectedArray(editor)) editor.store.change(ARRAY_HISTORY.edit, setArray(pending.id, settings));
  else {
    const group = { ...pending, array: settings };
    editor.store.change(ARRAY_HISTORY.make, wrapInGroup(new Set(editor.state.selection), group), [group.id]);
  }
  return [];
}

/**
 * The copies of an array object as ordinary shapes with fresh ids: a one-shape source gives that shape
 * per copy, a larger source a plain group per copy. Arrays inside the source stay arrays.
 */
export function arrayCopiesAsShapes(group: ArrayGroup): Shape[] {
  return groupCopyPlacements(group).map((placement) => {
    const place = multiply(group.transform, placement.matrix);
    const children = group.children.map(cloneWithNewIds);
    if (children.length === 1) {
      const only = children[0]!;
      return { ...only, transform: multiply(place, only.transform) };
    }
    return { id: newId('g'), kind: 'group', transform: place, children } satisfies GroupShape;
  });
}

/** Breaks the selected array objects into their copies (one undoable step); the copies are then selected. */
export function breakApartArrays(editor: Editor): boolean {
  const arrays = editor.selectedShapes.filter(isArrayGroup);
  if (arrays.length === 0) return false;
  const replacements = new Map(arrays.map((group) => [group.id, arrayCopiesAsShapes(group)]));
  const others = editor.state.selection.filter((id) => !replacements.has(id));
  const made = [...replacements.values()].flat().map((s) => s.id);
  editor.store.set({ shapesPreview: null });
  editor.store.change(
    ARRAY_HISTORY.breakApart,
    (draft) => {
      draft.shapes = draft.shapes.flatMap((shape) => (replacements.get(shape.id) as Draft<Shape>[]) ?? [shape]);
    },
    [...others, ...made],
  );
  return true;
}
