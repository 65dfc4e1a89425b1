import { type GroupShape, IDENTITY, type KerfDocument, type Matrix, multiply, type Shape } from '@kerf/laser';
import type { Draft } from 'immer';
import { newId } from '../ids';

/**
 * Document edits, each a recipe for `EditorStore.change`: they mutate an immer draft and nothing else.
 * They work on top-level shapes (the ones a click selects); a group is moved and ordered as one.
 */

type DocDraft = Draft<KerfDocument>;

function positionsOf(draft: DocDraft, ids: ReadonlySet<string>): number[] {
  const out: number[] = [];
  draft.shapes.forEach((shape, i) => {
    if (ids.has(shape.id)) out.push(i);
  });
  return out;
}

export const addShapes = (shapes: readonly Shape[]) => (draft: DocDraft) => {
  draft.shapes.push(...(shapes as Draft<Shape>[]));
};

export const deleteShapes = (ids: ReadonlySet<string>) => (draft: DocDraft) => {
  draft.shapes = draft.shapes.filter((shape) => !ids.has(shape.id));
};

/** Applies a document-space transform on top of each shape's own. */
export const transformShapes = (ids: ReadonlySet<string>, matrix: Matrix) => (draft: DocDraft) => {
  for (const i of positionsOf(draft, ids)) {
    const shape = draft.shapes[i]!;
    shape.transform = multiply(matrix, shape.transform as Matrix) as Draft<Matrix>;
  }
};

/** Each shape gets its own transform on top (align and distribute move shapes by different amounts). */
export const transformEach = (matrices: ReadonlyMap<string, Matrix>) => (draft: DocDraft) => {
  for (const shape of draft.shapes) {
    const matrix = matrices.get(shape.id);
    if (matrix) shape.transform = multiply(matrix, shape.transform as Matrix) as Draft<Matrix>;
  }
};

/** Replaces shapes by id with new versions (node editing, numeric fields that rewrite geometry). */
export const replaceShapes = (next: readonly Shape[]) => (draft: DocDraft) => {
  const byId = new Map(next.map((shape) => [shape.id, shape]));
  draft.shapes.forEach((shape, i) => {
    const replacement = byId.get(shape.id);
    if (replacement) draft.shapes[i] = replacement as Draft<Shape>;
  });
};

/**
 * Removes `ids` and puts `results` where the topmost of them was (booleans, join, break apart): the
 * result stays at the sources' place in the drawing order.
 */
export const substituteShapes = (ids: ReadonlySet<string>, results: readonly Shape[]) => (draft: DocDraft) => {
  const at = positionsOf(draft, ids);
  const insertAt = at.length === 0 ? draft.shapes.length : at.at(-1)! - (at.length - 1);
  const kept = draft.shapes.filter((shape) => !ids.has(shape.id));
  kept.splice(insertAt, 0, ...(results as Draft<Shape>[]));
  draft.shapes = kept;
};

export type OrderMove = 'front' | 'back' | 'forward' | 'backward';

/** Moves shapes in the drawing order, keeping their order among themselves. */
export const reorderShapes = (ids: ReadonlySet<string>, move: OrderMove) => (draft: DocDraft) => {
  const shapes = draft.shapes;
  if (move === 'front' || move === 'back') {
    const picked = shapes.filter((s) => ids.has(s.id));
    const rest = shapes.filter((s) => !ids.has(s.id));
    draft.shapes = move === 'front' ? [...rest, ...picked] : [...picked, ...rest];
    return;
  }
  // One step: each picked shape swaps with the unpicked neighbour on that side.
  const order = move === 'forward' ? [...shapes.keys()].reverse() : [...shapes.keys()];
  const step = move === 'forward' ? 1 : -1;
  for (const i of order) {
    const j = i + step;
    if (!ids.has(shapes[i]!.id) || j < 0 || j >= shapes.length || ids.has(shapes[j]!.id)) continue;
    [shapes[i], shapes[j]] = [shapes[j]!, shapes[i]!];
  }
};

/** Groups the shapes into one at the topmost one's place; returns the new group's id. */
export function groupShapes(ids: ReadonlySet<string>, groupId = newId('g')) {
  return (draft: DocDraft) => {
    const at = positionsOf(draft, ids);
    if (at.length < 2) return;
    const children = at.map((i) => draft.shapes[i]!);
    const group: GroupShape = { id: groupId, kind: 'group', transform: IDENTITY, children: children as Shape[] };
    const kept = draft.shapes.filter((shape) => !ids.has(shape.id));
    kept.splice(at.at(-1)! - (at.length - 1), 0, group as Draft<Shape>);
    draft.shapes = kept;
  };
}

/** Ungroups groups in place: their children take the group's transform and its place in the order. */
export const ungroupShapes = (ids: ReadonlySet<string>) => (draft: DocDraft) => {
  const next: Draft<Shape>[] = [];
  for (const shape of draft.shapes) {
    if (shape.kind !== 'group' || !ids.has(shape.id)) {
      next.push(shape);
      continue;
    }
    for (const child of shape.children) {
      child.transform = multiply(shape.transform as Matrix, child.transform as Matrix) as Draft<Matrix>;
      next.push(child);
    }
  }
  draft.shapes = next;
};

/** A deep copy of a shape with fresh ids all the way down (copy, paste, duplicate). */
export function cloneWithNewIds(shape: Shape): Shape {
  const copy = structuredClone(shape) as Shape;
  const renew = (s: Shape) => {
    s.id = newId(s.kind === 'group' ? 'g' : 'k');
    if (s.kind === 'group') s.children.forEach(renew);
  };
  renew(copy);
  return copy;
}
