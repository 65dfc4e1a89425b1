import { type Matrix, multiply, rotate, scale, translate } from '@kerf/laser';
import { breakApartArrays } from '../array/array-actions';
import { fitBounds, ZOOM_STEP, zoomAt } from '../camera';
import type { Editor } from '../editor';
import { boundsCentre, boundsHeight, boundsOf, boundsWidth, geometryOf } from '../geometry/shape-geometry';
import {
  addShapes,
  cloneWithNewIds,
  deleteShapes,
  groupShapes,
  type OrderMove,
  reorderShapes,
  transformEach,
  transformShapes,
  ungroupShapes,
} from './shape-commands';

/**
 * What the toolbar, the properties bar and the shortcuts do to the selection. Each document change is
 * one undoable step labelled with an i18n key under `design.history`.
 */

const selected = (editor: Editor) => new Set(editor.state.selection);

export function selectAll(editor: Editor) {
  // as with the pointer, shapes on hidden or locked layers are not taken
  editor.select(editor.doc.shapes.filter(editor.pickable()).map((shape) => shape.id));
}

export function deleteSelection(editor: Editor) {
  const ids = selected(editor);
  if (ids.size) editor.store.change('delete', deleteShapes(ids), []);
}

export function moveSelection(editor: Editor, dx: number, dy: number, label = 'move') {
  const ids = selected(editor);
  if (ids.size && (dx || dy)) editor.store.change(label, transformShapes(ids, translate(dx, dy)));
}

/** Applies `matrix` about the selection's centre (mirror, rotate by a typed angle). */
function aboutCentre(editor: Editor, label: string, matrix: (cx: number, cy: number) => Matrix) {
  const bounds = boundsOf(editor.selectedShapes);
  if (!bounds) return;
  const c = boundsCentre(bounds);
  editor.store.change(label, transformShapes(selected(editor), matrix(c.x, c.y)));
}

export function mirror(editor: Editor, axis: 'horizontal' | 'vertical') {
  const [sx, sy] = axis === 'horizontal' ? [-1, 1] : [1, -1];
  aboutCentre(editor, 'mirror', (cx, cy) => multiply(translate(cx, cy), multiply(scale(sx, sy), translate(-cx, -cy))));
}

export function rotateSelection(editor: Editor, degrees: number) {
  if (degrees) aboutCentre(editor, 'rotate', (cx, cy) => rotate(degrees, cx, cy));
}

/** The rotation of a lone shape's own transform, degrees (0 for a mixed selection). */
export function selectionRotation(editor: Editor): number {
  const shapes = editor.selectedShapes;
  if (shapes.length !== 1) return 0;
  const [a, b] = shapes[0]!.transform;
  const degrees = (Math.atan2(b, a) * 180) / Math.PI;
  return Math.round(degrees * 1000) / 1000 || 0;
}

export interface BoxFields {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Typed X/Y/W/H: moves and scales the selection's box, its top-left corner as the anchor. */
export function setSelectionBox(editor: Editor, box: Partial<BoxFields>, keepAspect = false) {
  const b = boundsOf(editor.selectedShapes);
  if (!b) return;
  const width = boundsWidth(b);
  const height = boundsHeight(b);
  let sx = box.width !== undefined && width > 1e-9 ? box.width / width : 1;
  let sy = box.height !== undefined && height > 1e-9 ? box.height / height : 1;
  if (keepAspect) {
    if (box.width !== undefined && box.height === undefined) sy = sx;
    else if (box.height !== undefined && box.width === undefined) sx = sy;
  }
  if (!(sx > 0 && sy > 0)) return;
  const x = box.x ?? b.minX;
  const y = box.y ?? b.minY;
  const matrix = multiply(translate(x, y), multiply(scale(sx, sy), translate(-b.minX, -b.minY)));
  editor.store.change(
    box.width !== undefined || box.height !== undefined ? 'scale' : 'move',
    transformShapes(selected(editor), matrix),
  );
}

export type Alignment = 'left' | 'centre' | 'right' | 'top' | 'middle' | 'bottom';

/** Lines the selected shapes up with the selection's box (one shape: with the work area). */
export function align(editor: Editor, to: Alignment) {
  const shapes = editor.selectedShapes;
  if (shapes.length === 0) return;
  const frame =
    shapes.length === 1 ? { minX: 0, minY: 0, maxX: editor.doc.width, maxY: editor.doc.height } : boundsOf(shapes)!;
  const moves = new Map<string, Matrix>();
  for (const shape of shapes) {
    const b = geometryOf(shape).bounds;
    const dx = alignShift(to, ['left', 'centre', 'right'], frame.minX, frame.maxX, b.minX, b.maxX);
    const dy = alignShift(to, ['top', 'middle', 'bottom'], frame.minY, frame.maxY, b.minY, b.maxY);
    if (dx || dy) moves.set(shape.id, translate(dx, dy));
  }
  if (moves.size) editor.store.change('align', transformEach(moves));
}

/** How far a box moves along one axis to line up with the frame's start, middle or end on it. */
function alignShift(
  to: Alignment,
  [start, middle, end]: readonly Alignment[],
  frameMin: number,
  frameMax: number,
  min: number,
  max: number,
): number {
  if (to === start) return frameMin - min;
  if (to === end) return frameMax - max;
  if (to === middle) return (frameMin + frameMax) / 2 - (min + max) / 2;
  return 0;
}

/** Spaces three or more shapes so the gaps between their boxes are equal, ends staying put. */
export function distribute(editor: Editor, axis: 'horizontal' | 'vertical') {
  const shapes = editor.selectedShapes;
  if (shapes.length < 3) return;
  const min = axis === 'horizontal' ? 'minX' : 'minY';
  const max = axis === 'horizontal' ? 'maxX' : 'maxY';
  const boxes = shapes.map((shape) => ({ shape, b: geometryOf(shape).bounds })).sort((p, q) => p.b[min] - q.b[min]);
  const span = boxes.at(-1)!.b[max] - boxes[0]!.b[min];
  const sizes = boxes.reduce((sum, { b }) => sum + (b[max] - b[min]), 0);
  const gap = (span - sizes) / (boxes.length - 1);
  const moves = new Map<string, Matrix>();
  let at = boxes[0]!.b[min];
  for (const { shape, b } of boxes) {
    const d = at - b[min];
    if (Math.abs(d) > 1e-9) moves.set(shape.id, axis === 'horizontal' ? translate(d, 0) : translate(0, d));
    at += b[max] - b[min] + gap;
  }
  if (moves.size) editor.store.change('distribute', transformEach(moves));
}

export function group(editor: Editor) {
  const ids = selected(editor);
  if (ids.size < 2) return;
  const recipe = groupShapes(ids);
  const before = new Set(editor.doc.shapes.map((s) => s.id));
  editor.store.change('group', recipe);
  const made = editor.doc.shapes.find((s) => !before.has(s.id));
  if (made) editor.select([made.id]);
}

export function ungroup(editor: Editor) {
  // an array's copies exist only through the array: ungrouping one breaks it apart rather than drop them
  if (breakApartArrays(editor)) return;
  const groups = editor.selectedShapes.filter((shape) => shape.kind === 'group');
  if (groups.length === 0) return;
  const children = groups.flatMap((g) => (g.kind === 'group' ? g.children.map((c) => c.id) : []));
  const others = editor.state.selection.filter((id) => !groups.some((g) => g.id === id));
  editor.store.change('ungroup', ungroupShapes(new Set(groups.map((g) => g.id))), [...others, ...children]);
}

export function order(editor: Editor, move: OrderMove) {
  const ids = selected(editor);
  if (ids.size) editor.store.change('order', reorderShapes(ids, move));
}

/** How far each paste or duplicate lands from the last, mm. */
export const PASTE_OFFSET = 5;

export function copy(editor: Editor) {
  const shapes = editor.selectedShapes;
  if (shapes.length) editor.clipboard = { shapes: structuredClone(shapes), pastes: 0 };
}

export function cut(editor: Editor) {
  copy(editor);
  deleteSelection(editor);
}

export function paste(editor: Editor) {
  const clip = editor.clipboard;
  if (!clip) return;
  clip.pastes += 1;
  placeCopies(editor, clip.shapes, clip.pastes * PASTE_OFFSET, 'paste');
}

export function duplicate(editor: Editor) {
  const shapes = editor.selectedShapes;
  if (shapes.length) placeCopies(editor, shapes, PASTE_OFFSET, 'duplicate');
}

function placeCopies(editor: Editor, shapes: readonly import('@kerf/laser').Shape[], offset: number, label: string) {
  const shift = translate(offset, offset);
  const copies = shapes.map((shape) => {
    const copy = cloneWithNewIds(shape);
    copy.transform = multiply(shift, copy.transform);
    return copy;
  });
  const layers = new Set(editor.doc.layers.map((l) => l.id));
  for (const copy of copies) {
    // a shape copied from a drawing with other layers lands on the active one
    if (copy.kind !== 'group' && !layers.has(copy.layerId)) copy.layerId = editor.state.activeLayerId;
  }
  editor.store.change(
    label,
    addShapes(copies),
    copies.map((c) => c.id),
  );
}

export function zoomBy(editor: Editor, steps: number) {
  const { viewport, camera } = editor.state;
  editor.setCamera(zoomAt(camera, { x: viewport.width / 2, y: viewport.height / 2 }, ZOOM_STEP ** steps));
}

/** Zoom to fit: the whole drawing, or the work area when the drawing is empty. */
export function zoomToFit(editor: Editor) {
  const bounds = boundsOf(editor.doc.shapes) ?? { minX: 0, minY: 0, maxX: editor.doc.width, maxY: editor.doc.height };
  editor.setCamera(fitBounds(bounds, editor.state.viewport));
}

export function zoomToWorkArea(editor: Editor) {
  editor.setCamera(
    fitBounds({ minX: 0, minY: 0, maxX: editor.doc.width, maxY: editor.doc.height }, editor.state.viewport),
  );
}

export function zoomToSelection(editor: Editor) {
  const bounds = boundsOf(editor.selectedShapes);
  if (bounds) editor.setCamera(fitBounds(bounds, editor.state.viewport, 80));
}
