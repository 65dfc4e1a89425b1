import { IDENTITY, type PathShape, type Shape } from '@kerf/laser';
import type { Editor } from '../editor';
import {
  type BooleanOp,
  combineRegions,
  type OffsetJoin,
  offsetShape,
  pathOfRings,
  regionOf,
} from '../geometry/booleans';
import { breakApart, closePath, joinPaths, layerOf, toPathShape } from '../geometry/path-ops';
import { shapesOf } from '../geometry/shape-geometry';
import { newId } from '../ids';
import { addShapes, replaceShapes, substituteShapes } from './shape-commands';

/**
 * Path editing on the selection: booleans, offsets, convert, break apart, join, close. Results keep the
 * source's layer (for booleans, the first selected shape's) and take its place in the drawing order.
 */

/** The selection in the order it was selected (difference takes the rest from the first picked). */
function pickedInOrder(editor: Editor): Shape[] {
  const byId = new Map(editor.selectedShapes.map((s) => [s.id, s]));
  return editor.state.selection.map((id) => byId.get(id)).filter((s): s is Shape => !!s);
}

/** False (and nothing changes) when fewer than two closed shapes are selected or nothing would be left. */
export function booleanSelection(editor: Editor, op: BooleanOp): boolean {
  const shapes = pickedInOrder(editor).filter((s) => regionOf(s).length > 0);
  if (shapes.length < 2) return false;
  const rings = combineRegions(shapes.map(regionOf), op);
  const ids = new Set(shapes.map((s) => s.id));
  const layerId = layerOf(shapes[0]!) ?? editor.state.activeLayerId;
  const results: PathShape[] = rings.length
    ? [{ id: newId(), kind: 'path', transform: IDENTITY, layerId, path: pathOfRings(rings) }]
    : [];
  editor.store.change(
    op,
    substituteShapes(ids, results),
    results.map((r) => r.id),
  );
  return true;
}

/** Adds an offset copy of each selected shape (outward when positive); the sources stay. */
export function offsetSelection(editor: Editor, distance: number, join: OffsetJoin): boolean {
  if (!distance) return false;
  const made: PathShape[] = [];
  const ordered = shapesOf(editor.doc, editor.state.selection);
  for (const shape of ordered) {
    const rings = offsetShape(shape, distance, join);
    if (rings.length === 0) continue;
    made.push({
      id: newId(),
      kind: 'path',
      transform: IDENTITY,
      layerId: layerOf(shape) ?? editor.state.activeLayerId,
      path: pathOfRings(rings),
    });
  }
  if (made.length === 0) return false;
  editor.store.change(
    'offset',
    addShapes(made),
    made.map((s) => s.id),
  );
  return true;
}

export function convertSelectionToPath(editor: Editor) {
  const converted: { from: Shape; to: PathShape }[] = [];
  for (const from of editor.selectedShapes) {
    const to = from.kind === 'path' ? null : toPathShape(from);
    if (to) converted.push({ from, to });
  }
  if (converted.length === 0) return;
  const groups = converted.filter((c) => c.from.kind === 'group');
  editor.store.change(
    'convertToPath',
    (draft) => {
      replaceShapes(converted.filter((c) => c.from.kind !== 'group').map((c) => c.to))(draft);
      for (const { from, to } of groups) substituteShapes(new Set([from.id]), [to])(draft);
    },
    editor.state.selection.map((id) => converted.find((c) => c.from.id === id)?.to.id ?? id),
  );
}

export function breakApartSelection(editor: Editor) {
  const paths = editor.selectedShapes.map(toPathShape).filter((s): s is PathShape => s !== null && s.path.length > 1);
  if (paths.length === 0) return;
  const pieces = paths.flatMap(breakApart);
  editor.store.change(
    'breakApart',
    substituteShapes(new Set(paths.map((p) => p.id)), pieces),
    pieces.map((p) => p.id),
  );
}

/** Joins the selected shapes into one path, chaining open ends that meet. */
export function joinSelection(editor: Editor) {
  const shapes = editor.selectedShapes;
  const paths = shapes.map(toPathShape).filter((s): s is PathShape => s !== null);
  if (paths.length === 0) return;
  const joined: PathShape = { ...paths[0]!, id: newId(), path: joinPaths(paths.map((p) => p.path)) };
  editor.store.change('join', substituteShapes(new Set(shapes.map((s) => s.id)), [joined]), [joined.id]);
}

export function closeSelection(editor: Editor) {
  const next = editor.selectedShapes.flatMap((shape): Shape[] => {
    if (shape.kind === 'polygon' && !shape.closed) return [{ ...shape, closed: true }];
    if (shape.kind === 'path' && shape.path.some((s) => !s.closed)) return [{ ...shape, path: closePath(shape.path) }];
    return [];
  });
  if (next.length) editor.store.change('closePath', replaceShapes(next));
}
