import { type ArrayCopyPlacement, arrayCopyPlacements } from './array-object.js';
import type { GroupShape, KerfDocument, LeafShape, Shape } from './document.js';
import { type Bounds, emptyBounds, IDENTITY, type Matrix, multiply } from './matrix.js';
import {
  DEFAULT_TOLERANCE,
  ellipsePath,
  flattenPath,
  type PathData,
  type Polyline,
  polygonPath,
  polylineBounds,
  rectPath,
  transformPath,
} from './path.js';

/** The outline of a leaf shape in its own coordinates (a bitmap's is its frame). */
export function shapeOutline(shape: LeafShape): PathData {
  switch (shape.kind) {
    case 'path':
      return shape.path;
    case 'rect':
      return rectPath(shape.x, shape.y, shape.width, shape.height, shape.rx, shape.ry);
    case 'ellipse':
      return ellipsePath(shape.cx, shape.cy, shape.rx, shape.ry);
    case 'polygon':
      return polygonPath(shape.points, shape.closed);
    case 'text':
      return shape.outline;
    case 'bitmap':
      return rectPath(shape.x, shape.y, shape.width, shape.height);
  }
}

export interface PlacedShape {
  shape: LeafShape;
  /** Shape-to-document transform (the groups' transforms times the shape's own). */
  matrix: Matrix;
  /** Ids of the groups around it, outermost first. */
  groups: string[];
  /**
   * Inside array objects: which copy this is (`#i` per array, outermost first). Appended to the shape's
   * id wherever an id must name one copy (see placedShapeId).
   */
  copy?: string;
}

/** Every leaf shape in drawing order with its document transform; array objects yield every copy. */
export function leafShapes(shapes: readonly Shape[], parent: Matrix = IDENTITY, groups: string[] = []): PlacedShape[] {
  const out: PlacedShape[] = [];
  const walk = (list: readonly Shape[], m: Matrix, g: string[], copy: string) => {
    for (const s of list) {
      const matrix = multiply(m, s.transform);
      if (s.kind !== 'group') out.push(copy ? { shape: s, matrix, groups: g, copy } : { shape: s, matrix, groups: g });
      else if (!s.array) walk(s.children, matrix, [...g, s.id], copy);
      else {
        for (const placement of groupCopyPlacements(s)) {
          walk(s.children, multiply(matrix, placement.matrix), [...g, s.id], copy + placement.suffix);
        }
      }
    }
  };
  walk(shapes, parent, groups, '');
  return out;
}

/** The id that names this copy of a leaf: its own id, plus the copy suffix inside array objects. */
export function placedShapeId(p: PlacedShape): string {
  return p.copy ? p.shape.id + p.copy : p.shape.id;
}

/**
 * Where an array group's copies go, in the group's own coordinates (the source's bounds there set the
 * grid's pitch and the circle's place). A plain group has one placement: itself.
 */
export function groupCopyPlacements(group: GroupShape): ArrayCopyPlacement[] {
  if (!group.array) return [{ matrix: IDENTITY, suffix: '' }];
  const source = emptyBounds();
  for (const p of leafShapes(group.children)) polylineBounds(placedPolylines(p), source);
  return arrayCopyPlacements(group.array, source);
}

/** A leaf's outline in document coordinates (exact curves). */
export function placedPath(p: PlacedShape): PathData {
  return transformPath(shapeOutline(p.shape), p.matrix);
}

/** A leaf's outline in document coordinates, flattened to `tolerance` mm. */
export function placedPolylines(p: PlacedShape, tolerance = DEFAULT_TOLERANCE): Polyline[] {
  return flattenPath(placedPath(p), tolerance);
}

export function documentBounds(doc: KerfDocument, tolerance = DEFAULT_TOLERANCE): Bounds {
  const b = emptyBounds();
  for (const p of leafShapes(doc.shapes)) polylineBounds(placedPolylines(p, tolerance), b);
  return b;
}
