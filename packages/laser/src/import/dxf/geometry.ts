import { type Bounds, extendBounds, type Matrix, type Vec2 } from '../../model/matrix.js';
import {
  arcPoint,
  arcToCenter,
  type CenterArc,
  centerArcSegments,
  type PathData,
  type Segment,
} from '../../model/path.js';
import type { CadVertex } from '../cad/types.js';

/**
 * Exact path geometry for CAD entities, built in the entity's own (y-up) coordinates: polyline bulges
 * and CAD arcs become endpoint-form arc segments. Every point object made here is new, so a caller may
 * later move the points in place.
 */

const TAU = 2 * Math.PI;

/** The counter-clockwise sweep from angle a1 to a2 in degrees, in (0, 360] (equal angles: a full turn). */
export function ccwSweepDegrees(a1: number, a2: number): number {
  const span = (((a2 - a1) % 360) + 360) % 360;
  return span < 1e-9 ? 360 : span;
}

/** Appends the arc from a to b with the given bulge (tan of a quarter of its signed included angle). */
export function appendBulge(out: Segment[], a: Vec2, b: Vec2, bulge: number): void {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const d = Math.hypot(dx, dy);
  if (Math.abs(bulge) < 1e-12 || d === 0) {
    out.push({ type: 'line', to: { x: b.x, y: b.y } });
    return;
  }
  const theta = 4 * Math.atan(bulge);
  const r = d / (2 * Math.abs(Math.sin(theta / 2)));
  if (Math.abs(bulge) <= 1) {
    out.push({ type: 'arc', rx: r, ry: r, rotation: 0, largeArc: false, sweep: bulge > 0, to: { x: b.x, y: b.y } });
    return;
  }
  // More than a half turn: go through the centre form, which splits the arc into halves.
  const off = ((d / 2) * (1 - bulge * bulge)) / (2 * bulge);
  const cx = (a.x + b.x) / 2 - (dy / d) * off;
  const cy = (a.y + b.y) / 2 + (dx / d) * off;
  const arc: CenterArc = { cx, cy, rx: r, ry: r, phi: 0, theta1: Math.atan2(a.y - cy, a.x - cx), delta: theta };
  const segs = centerArcSegments(arc);
  segs[segs.length - 1]!.to = { x: b.x, y: b.y };
  for (const s of segs) out.push(s);
}

/** A polyline with bulges as one sub-path. */
export function polylinePath(vertices: readonly CadVertex[], closed: boolean): PathData {
  const n = vertices.length;
  const first = vertices[0]!;
  const segments: Segment[] = [];
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const a = vertices[i]!;
    const b = vertices[(i + 1) % n]!;
    if (closed && i === n - 1 && a.x === b.x && a.y === b.y) break;
    appendBulge(segments, a, b, a.bulge);
  }
  return [{ start: { x: first.x, y: first.y }, segments, closed }];
}

/** An elliptical (or circular) arc in centre form as a start point and segments. */
export function centerArc(a: CenterArc): { start: Vec2; segments: Segment[] } {
  return { start: arcPoint(a, a.theta1), segments: centerArcSegments(a) };
}

/** Whether a polyline needs arcs (some bulge is not zero). */
export function hasBulges(vertices: readonly CadVertex[]): boolean {
  for (const v of vertices) if (v.bulge !== 0) return true;
  return false;
}

/** Extends bounds by a point under matrix m. */
export function extendPoint(b: Bounds, m: Matrix, x: number, y: number): void {
  extendBounds(b, m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
}

/**
 * Extends bounds by a path placed with matrix m: end points and, for arcs, the extreme points of the
 * transformed ellipse that lie on the arc and the extremes of Bézier curves (exact, no flattening).
 */
export function extendPathBounds(b: Bounds, path: PathData, m: Matrix): void {
  for (const sp of path) {
    let cur = sp.start;
    extendPoint(b, m, cur.x, cur.y);
    for (const seg of sp.segments) {
      if (seg.type === 'arc') extendArcBounds(b, cur, seg, m);
      else if (seg.type === 'quad') {
        // A quadratic is the cubic with control points 2/3 of the way to its control point.
        const c1 = { x: cur.x + (2 / 3) * (seg.c.x - cur.x), y: cur.y + (2 / 3) * (seg.c.y - cur.y) };
        const c2 = { x: seg.to.x + (2 / 3) * (seg.c.x - seg.to.x), y: seg.to.y + (2 / 3) * (seg.c.y - seg.to.y) };
        extendCubicBounds(b, m, cur, c1, c2, seg.to);
      } else if (seg.type === 'cubic') extendCubicBounds(b, m, cur, seg.c1, seg.c2, seg.to);
      extendPoint(b, m, seg.to.x, seg.to.y);
      cur = seg.to;
    }
  }
}

/** Extends bounds by the extreme points of a cubic Bézier placed with m (roots of its derivative). */
function extendCubicBounds(b: Bounds, m: Matrix, p0: Vec2, p1: Vec2, p2: Vec2, p3: Vec2): void {
  const q = [p0, p1, p2, p3].map((p) => ({ x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] }));
  for (const axis of ['x', 'y'] as const) {
    const [a0, a1, a2, a3] = q.map((p) => p[axis]) as [number, number, number, number];
    // B'(t)/3 = A t² + B t + C.
    const A = -a0 + 3 * a1 - 3 * a2 + a3;
    const B = 2 * (a0 - 2 * a1 + a2);
    const C = a1 - a0;
    const roots: number[] = [];
    if (Math.abs(A) < 1e-12) {
      if (Math.abs(B) > 1e-12) roots.push(-C / B);
    } else {
      const disc = B * B - 4 * A * C;
      if (disc >= 0) {
        const sq = Math.sqrt(disc);
        roots.push((-B + sq) / (2 * A), (-B - sq) / (2 * A));
      }
    }
    for (const t of roots) {
      if (!(t > 0 && t < 1)) continue;
      const mt = 1 - t;
      const x = mt * mt * mt * q[0]!.x + 3 * mt * mt * t * q[1]!.x + 3 * mt * t * t * q[2]!.x + t * t * t * q[3]!.x;
      const y = mt * mt * mt * q[0]!.y + 3 * mt * mt * t * q[1]!.y + 3 * mt * t * t * q[2]!.y + t * t * t * q[3]!.y;
      extendBounds(b, x, y);
    }
  }
}

function extendArcBounds(b: Bounds, from: Vec2, seg: Extract<Segment, { type: 'arc' }>, m: Matrix): void {
  const a = arcToCenter(from, seg);
  if (!a) return;
  const cos = Math.cos(a.phi);
  const sin = Math.sin(a.phi);
  // P(t) = C + U cos t + V sin t, with U, V the semi-axes; under m: C' + U' cos t + V' sin t.
  const ux = a.rx * cos;
  const uy = a.rx * sin;
  const vx = -a.ry * sin;
  const vy = a.ry * cos;
  const uxx = m[0] * ux + m[2] * uy;
  const uyy = m[1] * ux + m[3] * uy;
  const vxx = m[0] * vx + m[2] * vy;
  const vyy = m[1] * vx + m[3] * vy;
  const candidates = [Math.atan2(vxx, uxx), Math.atan2(vyy, uyy)];
  for (const t0 of candidates) {
    for (const t of [t0, t0 + Math.PI]) {
      if (onSweep(t, a.theta1, a.delta)) {
        const p = arcPoint(a, t);
        extendPoint(b, m, p.x, p.y);
      }
    }
  }
}

/** Whether angle t lies on the sweep from theta1 through delta (radians, signed). */
function onSweep(t: number, theta1: number, delta: number): boolean {
  const rel = delta >= 0 ? t - theta1 : theta1 - t;
  const norm = ((rel % TAU) + TAU) % TAU;
  return norm <= Math.abs(delta) + 1e-12;
}
