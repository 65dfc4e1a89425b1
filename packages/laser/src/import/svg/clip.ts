import type { LeafShape, PathShape, Shape, ShapeStyle } from '../../model/document.js';
import { invert, type Matrix, maxScale, multiply, type Vec2 } from '../../model/matrix.js';
import { flattenPath, type PathData, type Polyline, transformPath } from '../../model/path.js';
import { shapeOutline } from '../../model/shapes.js';

/**
 * Viewport clipping for nested `<svg>` and `<symbol>`: what lies outside the viewport rectangle is cut
 * away. Shapes wholly inside stay as they are; shapes wholly outside are dropped; shapes crossing the
 * edge become flattened paths trimmed to the rectangle (filled shapes as closed rings, stroke-only
 * shapes as open pieces, which is what a laser should cut).
 */

export interface ClipRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Sutherland–Hodgman: a closed ring clipped to the rectangle (winding kept inside it). */
export function clipRing(points: readonly Vec2[], r: ClipRect): Vec2[] {
  let pts: Vec2[] = [...points];
  const edges: Array<[(p: Vec2) => boolean, (a: Vec2, b: Vec2) => Vec2]> = [
    [(p) => p.x >= r.x0, (a, b) => lerpX(a, b, r.x0)],
    [(p) => p.x <= r.x1, (a, b) => lerpX(a, b, r.x1)],
    [(p) => p.y >= r.y0, (a, b) => lerpY(a, b, r.y0)],
    [(p) => p.y <= r.y1, (a, b) => lerpY(a, b, r.y1)],
  ];
  for (const [inside, cut] of edges) {
    if (pts.length === 0) break;
    const out: Vec2[] = [];
    for (let i = 0; i < pts.length; i++) {
      const a = pts[(i + pts.length - 1) % pts.length]!;
      const b = pts[i]!;
      const ia = inside(a);
      const ib = inside(b);
      if (ib) {
        if (!ia) out.push(cut(a, b));
        out.push(b);
      } else if (ia) out.push(cut(a, b));
    }
    pts = out;
  }
  return pts;
}

function lerpX(a: Vec2, b: Vec2, x: number): Vec2 {
  const t = (x - a.x) / (b.x - a.x);
  return { x, y: a.y + (b.y - a.y) * t };
}

function lerpY(a: Vec2, b: Vec2, y: number): Vec2 {
  const t = (y - a.y) / (b.y - a.y);
  return { x: a.x + (b.x - a.x) * t, y };
}

/** Liang–Barsky: the part of segment a→b inside the rectangle, or null. */
export function clipSegment(a: Vec2, b: Vec2, r: ClipRect): [Vec2, Vec2] | null {
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const tests: Array<[number, number]> = [
    [-dx, a.x - r.x0],
    [dx, r.x1 - a.x],
    [-dy, a.y - r.y0],
    [dy, r.y1 - a.y],
  ];
  for (const [p, q] of tests) {
    if (p === 0) {
      if (q < 0) return null;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
    }
  }
  if (t0 > t1) return null;
  return [
    { x: a.x + dx * t0, y: a.y + dy * t0 },
    { x: a.x + dx * t1, y: a.y + dy * t1 },
  ];
}

/** An open or closed polyline cut to the rectangle: the pieces inside, each an open polyline. */
export function clipPolyline(points: readonly Vec2[], closed: boolean, r: ClipRect): Vec2[][] {
  const pieces: Vec2[][] = [];
  let cur: Vec2[] | null = null;
  const n = points.length;
  const count = closed ? n : n - 1;
  for (let i = 0; i < count; i++) {
    const seg = clipSegment(points[i]!, points[(i + 1) % n]!, r);
    if (!seg) {
      cur = null;
      continue;
    }
    const [p, q] = seg;
    const last = cur?.[cur.length - 1];
    if (cur && last && last.x === p.x && last.y === p.y) cur.push(q);
    else {
      cur = [p, q];
      pieces.push(cur);
    }
  }
  return pieces;
}

function polyPath(pieces: readonly Vec2[][], closed: boolean): PathData {
  return pieces
    .filter((p) => p.length >= (closed ? 3 : 2))
    .map((p) => ({
      start: p[0]!,
      segments: p.slice(1).map((to) => ({ type: 'line' as const, to })),
      closed,
    }));
}

/**
 * Where shapes are clipped to: a rectangle (a viewport) or a region (a clip path), in the coordinates
 * the shapes are flattened into.
 */
type FillRule = 'nonzero' | 'evenodd';

export interface ClipArea {
  /** Whether a shape with these bounds lies wholly inside, wholly outside, or crosses the edge. */
  relation(x0: number, y0: number, x1: number, y1: number): 'inside' | 'outside' | 'crossing';
  /** A filled shape's rings (with its fill rule) cut to the area: closed rings, and the rule they are filled by. */
  rings(lines: readonly Polyline[], rule: FillRule): { rings: Vec2[][]; rule: FillRule };
  /** A shape's outline cut to the area: open pieces. */
  pieces(lines: readonly Polyline[]): Vec2[][];
  /** Said when a picture or a text crosses the edge (they are kept whole). */
  wholeWarning: string;
}

/** A viewport's rectangle as a clip area. */
export function rectArea(r: ClipRect): ClipArea {
  return {
    relation: (x0, y0, x1, y1) =>
      x0 >= r.x0 && y0 >= r.y0 && x1 <= r.x1 && y1 <= r.y1
        ? 'inside'
        : x1 < r.x0 || y1 < r.y0 || x0 > r.x1 || y0 > r.y1
          ? 'outside'
          : 'crossing',
    // Each ring is cut on its own, keeping its winding, so the shape's fill rule still holds.
    rings: (lines, rule) => ({ rings: lines.map((l) => clipRing(l.points, r)), rule }),
    pieces: (lines) => lines.flatMap((l) => clipPolyline(l.points, l.closed, r)),
    wholeWarning: 'pictures and text crossing the edge of a nested viewport are not clipped',
  };
}

/**
 * Clips shapes to an area whose coordinates are those of `frame` applied to the shapes (IDENTITY: the
 * shapes' parent's own; a document matrix: document millimetres). `tol` is the flattening tolerance in
 * those coordinates; `warn` reports what cannot be clipped; `newId` names the second half of a filled
 * and stroked shape, which is split into its trimmed fill and its trimmed outline.
 */
export function clipShapes(
  shapes: readonly Shape[],
  area: ClipArea,
  frame: Matrix,
  tol: number,
  warn: (m: string) => void,
  newId: () => string,
): Shape[] {
  const visit = (list: readonly Shape[], parent: Matrix): Shape[] => {
    const out: Shape[] = [];
    for (const s of list) {
      const m = multiply(parent, s.transform);
      if (s.kind === 'group') {
        const kids = visit(s.children, m);
        if (kids.length > 0) out.push({ ...s, children: kids });
      } else {
        out.push(...clipLeaf(s, m, area, tol, warn, newId));
      }
    }
    return out;
  };
  return visit(shapes, frame);
}

/** The flattening tolerance for a viewport whose coordinates `toDoc` maps to millimetres (0.005 mm). */
export function viewportTolerance(toDoc: Matrix): number {
  return 0.005 / Math.max(maxScale(toDoc), 1e-9);
}

/** One leaf: kept, dropped, or replaced by a trimmed path in its own coordinates. */
function clipLeaf(
  s: LeafShape,
  m: Matrix,
  area: ClipArea,
  tol: number,
  warn: (m: string) => void,
  newId: () => string,
): LeafShape[] {
  const lines = flattenPath(transformPath(shapeOutline(s), m), tol);
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const l of lines) {
    for (const p of l.points) {
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x);
      y1 = Math.max(y1, p.y);
    }
  }
  const relation = lines.length ? area.relation(x0, y0, x1, y1) : 'outside';
  if (relation === 'inside') return [s];
  if (relation === 'outside') return [];
  if (s.kind === 'bitmap' || s.kind === 'text') {
    warn(area.wholeWarning);
    return [s];
  }
  const back = invert(m);
  const make = (path: PathData, id: string, style: ShapeStyle | undefined): PathShape | null => {
    if (path.length === 0) return null;
    const shape: PathShape = {
      kind: 'path',
      id,
      transform: s.transform,
      layerId: s.layerId,
      path: transformPath(path, back),
    };
    if (style) shape.style = style;
    if (s.name !== undefined) shape.name = s.name;
    return shape;
  };
  const fill = !!s.style?.fill;
  const stroke = !!s.style?.stroke;
  const out: PathShape[] = [];
  if (fill) {
    const cut = area.rings(lines, s.style?.fillRule ?? 'nonzero');
    const rings = polyPath(cut.rings, true);
    const base = s.style && stroke ? { ...s.style, stroke: null } : s.style;
    const style = base && base.fillRule !== cut.rule ? { ...base, fillRule: cut.rule } : base;
    const shape = make(rings, s.id, style);
    if (shape) out.push(shape);
  }
  if (stroke || !fill) {
    const pieces = polyPath(area.pieces(lines), false);
    const style = s.style && fill ? { ...s.style, fill: null } : s.style;
    const shape = make(pieces, out.length > 0 ? newId() : s.id, style);
    if (shape) out.push(shape);
  }
  return out;
}
