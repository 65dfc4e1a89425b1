import type { Vec2 } from '../../model/matrix.js';
import type { Segment } from '../../model/path.js';
import type { CadPoint } from '../cad/types.js';

/**
 * NURBS curves for DXF splines: validation, evaluation by de Boor's algorithm in homogeneous
 * coordinates (so rational weights are exact), adaptive tessellation to a chord tolerance, and a cubic
 * interpolant for splines that carry only fit points.
 */

/** A checked spline ready to evaluate: knots of length n + degree + 1, positive weights (or none). */
export interface Nurbs {
  degree: number;
  knots: Float64Array;
  xs: Float64Array;
  ys: Float64Array;
  ws: Float64Array | null;
}

/** Most points one spline may produce (a guard against absurd tolerances or hostile knots). */
const MAX_POINTS = 1_000_000;
/** Most halvings of one parameter interval during tessellation. */
const MAX_DEPTH = 24;

/**
 * Checks a spline's data and returns it in evaluable form, or a reason why it cannot be drawn. Knot
 * vectors two short (some writers leave out the end knots) are padded; a missing one is made clamped
 * and uniform.
 */
export function makeNurbs(
  degree: number,
  knots: readonly number[],
  ctrl: readonly CadPoint[],
  weights?: readonly number[],
): Nurbs | string {
  const n = ctrl.length;
  const p = Math.trunc(degree);
  if (!(p >= 1 && p <= 25)) return `degree ${degree} is not supported`;
  if (n < p + 1) return `${n} control points are too few for degree ${p}`;
  let k: number[];
  if (knots.length === 0) k = clampedUniformKnots(n, p);
  else if (knots.length === n + p + 1) k = knots as number[];
  else if (knots.length === n + p - 1) k = [knots[0]!, ...knots, knots[knots.length - 1]!];
  else return `${knots.length} knots do not fit ${n} control points of degree ${p}`;
  for (let i = 0; i < k.length; i++) {
    if (!Number.isFinite(k[i]!)) return 'a knot is not a number';
    if (i > 0 && k[i]! < k[i - 1]!) return 'the knots are not in increasing order';
  }
  if (!(k[n]! > k[p]!)) return 'the knots leave no parameter range';
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = ctrl[i]!.x;
    ys[i] = ctrl[i]!.y;
    if (!Number.isFinite(xs[i]!) || !Number.isFinite(ys[i]!)) return 'a control point is not a number';
  }
  let ws: Float64Array | null = null;
  if (weights && weights.length === n && weights.some((w) => w !== 1)) {
    ws = new Float64Array(weights);
    for (const w of ws) if (!(w > 0 && Number.isFinite(w))) return 'a weight is not a positive number';
  }
  return { degree: p, knots: Float64Array.from(k), xs, ys, ws };
}

function clampedUniformKnots(n: number, p: number): number[] {
  const k: number[] = [];
  for (let i = 0; i <= p; i++) k.push(0);
  for (let i = 1; i < n - p; i++) k.push(i);
  for (let i = 0; i <= p; i++) k.push(n - p);
  return k;
}

/** Scratch space for de Boor's algorithm (reused: no allocation per evaluation). */
const scratch = { x: new Float64Array(32), y: new Float64Array(32), w: new Float64Array(32) };

/** The knot span index s with knots[s] ≤ t < knots[s+1], clamped to the curve's domain. */
function findSpan(c: Nurbs, t: number): number {
  const k = c.knots;
  const n = c.xs.length;
  const p = c.degree;
  if (t >= k[n]!) {
    let s = n - 1;
    while (s > p && k[s]! >= k[n]!) s--;
    return s;
  }
  let lo = p;
  let hi = n;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (t < k[mid]!) hi = mid;
    else lo = mid;
  }
  return lo;
}

/** The curve point at parameter t, written into out[0], out[1]. */
export function evalNurbs(c: Nurbs, t: number, out: Float64Array): void {
  const p = c.degree;
  const k = c.knots;
  const s = findSpan(c, t);
  const { x, y, w } = scratch;
  for (let j = 0; j <= p; j++) {
    const i = s - p + j;
    const wi = c.ws ? c.ws[i]! : 1;
    x[j] = c.xs[i]! * wi;
    y[j] = c.ys[i]! * wi;
    w[j] = wi;
  }
  for (let r = 1; r <= p; r++) {
    for (let j = p; j >= r; j--) {
      const i = s - p + j;
      const den = k[i + p - r + 1]! - k[i]!;
      const a = den > 0 ? (t - k[i]!) / den : 0;
      x[j] = (1 - a) * x[j - 1]! + a * x[j]!;
      y[j] = (1 - a) * y[j - 1]! + a * y[j]!;
      w[j] = (1 - a) * w[j - 1]! + a * w[j]!;
    }
  }
  out[0] = x[p]! / w[p]!;
  out[1] = y[p]! / w[p]!;
}

/**
 * Points along the curve, every chord within `tol` of it. Clamped non-rational curves are split into
 * their Bézier pieces, each sampled uniformly with a step count from its second differences (a bound on
 * the chord error); other curves are subdivided adaptively.
 */
export function tessellateNurbs(c: Nurbs, tol: number): Vec2[] {
  if (!c.ws && isClamped(c)) return tessellateBezierPieces(c, tol);
  return tessellateAdaptive(c, tol);
}

function isClamped(c: Nurbs): boolean {
  const k = c.knots;
  const p = c.degree;
  const last = k.length - 1;
  for (let i = 1; i <= p; i++) if (k[i] !== k[0] || k[last - i] !== k[last]) return false;
  return true;
}

/**
 * The Bézier pieces of a clamped B-spline (knot insertion until every interior knot has multiplicity
 * p, "DecomposeCurve" in Piegl and Tiller's The NURBS Book), each flattened uniformly.
 */
function tessellateBezierPieces(c: Nurbs, tol: number): Vec2[] {
  const p = c.degree;
  const U = c.knots;
  const m = U.length - 1;
  const out: Vec2[] = [{ x: c.xs[0]!, y: c.ys[0]! }];
  let qx = new Float64Array(p + 1);
  let qy = new Float64Array(p + 1);
  let nx = new Float64Array(p + 1);
  let ny = new Float64Array(p + 1);
  const alphas = new Float64Array(p + 1);
  for (let i = 0; i <= p; i++) {
    qx[i] = c.xs[i]!;
    qy[i] = c.ys[i]!;
  }
  let a = p;
  let b = p + 1;
  while (b < m && out.length < MAX_POINTS) {
    const i0 = b;
    while (b < m && U[b + 1] === U[b]) b++;
    const mult = b - i0 + 1;
    if (mult < p) {
      const numer = U[b]! - U[a]!;
      for (let j = p; j > mult; j--) alphas[j - mult - 1] = numer / (U[a + j]! - U[a]!);
      const r = p - mult;
      for (let j = 1; j <= r; j++) {
        const save = r - j;
        const s = mult + j;
        for (let k = p; k >= s; k--) {
          const al = alphas[k - s]!;
          qx[k] = al * qx[k]! + (1 - al) * qx[k - 1]!;
          qy[k] = al * qy[k]! + (1 - al) * qy[k - 1]!;
        }
        if (b < m) {
          nx[save] = qx[p]!;
          ny[save] = qy[p]!;
        }
      }
    }
    flattenBezier(out, qx, qy, p, tol);
    if (b < m) {
      for (let i = p - mult; i <= p; i++) {
        nx[i] = c.xs[b - p + i]!;
        ny[i] = c.ys[b - p + i]!;
      }
      [qx, nx] = [nx, qx];
      [qy, ny] = [ny, qy];
      a = b;
      b++;
    }
  }
  return out;
}

const bez = { x: new Float64Array(32), y: new Float64Array(32) };

/** Appends points of one Bézier piece (its start is already out), uniformly within `tol`. */
function flattenBezier(out: Vec2[], qx: Float64Array, qy: Float64Array, p: number, tol: number): void {
  let dd = 0;
  for (let i = 0; i + 2 <= p; i++) {
    const d = Math.hypot(qx[i]! - 2 * qx[i + 1]! + qx[i + 2]!, qy[i]! - 2 * qy[i + 1]! + qy[i + 2]!);
    if (d > dd) dd = d;
  }
  // The chord error of n uniform steps is at most |B''|/(8n²) with |B''| ≤ p(p−1)·max second difference.
  const n =
    p < 2 ? 1 : Math.max(1, Math.min(10_000, Math.ceil(Math.sqrt((p * (p - 1) * dd) / (8 * Math.max(tol, 1e-12))))));
  const { x, y } = bez;
  for (let s = 1; s <= n; s++) {
    if (s === n) {
      out.push({ x: qx[p]!, y: qy[p]! });
      break;
    }
    const t = s / n;
    for (let i = 0; i <= p; i++) {
      x[i] = qx[i]!;
      y[i] = qy[i]!;
    }
    for (let r = 1; r <= p; r++) {
      for (let i = 0; i <= p - r; i++) {
        x[i] = (1 - t) * x[i]! + t * x[i + 1]!;
        y[i] = (1 - t) * y[i]! + t * y[i + 1]!;
      }
    }
    out.push({ x: x[0]!, y: y[0]! });
  }
}

/** Adaptive tessellation for rational or unclamped curves: spans sampled, then halved where needed. */
function tessellateAdaptive(c: Nurbs, tol: number): Vec2[] {
  const p = c.degree;
  const k = c.knots;
  const n = c.xs.length;
  const t0 = k[p]!;
  const t1 = k[n]!;
  const tolSq = Math.max(tol, 1e-12) ** 2;
  const out: Vec2[] = [];
  const pt = new Float64Array(2);
  evalNurbs(c, t0, pt);
  out.push({ x: pt[0]!, y: pt[1]! });
  const perSpan = Math.max(2, p + 1);
  // An explicit stack of intervals (t, x, y at both ends) replaces recursion.
  const stack: number[] = [];
  for (let s = p; s < n && out.length < MAX_POINTS; s++) {
    const a = Math.max(k[s]!, t0);
    const b = Math.min(k[s + 1]!, t1);
    if (!(b > a)) continue;
    for (let i = 1; i <= perSpan; i++) {
      const ta = a + ((b - a) * (i - 1)) / perSpan;
      const tb = i === perSpan ? b : a + ((b - a) * i) / perSpan;
      const last = out[out.length - 1]!;
      evalNurbs(c, tb, pt);
      stack.push(ta, last.x, last.y, tb, pt[0]!, pt[1]!, 0);
      while (stack.length > 0 && out.length < MAX_POINTS) {
        const depth = stack.pop()!;
        const by = stack.pop()!;
        const bx = stack.pop()!;
        const bt = stack.pop()!;
        const ay = stack.pop()!;
        const ax = stack.pop()!;
        const at = stack.pop()!;
        const mt = (at + bt) / 2;
        evalNurbs(c, mt, pt);
        const mx = pt[0]!;
        const my = pt[1]!;
        if (depth < MAX_DEPTH && segmentDistanceSq(mx, my, ax, ay, bx, by) > tolSq) {
          // Second half below the first, so the first is handled (and emitted) first.
          stack.push(mt, mx, my, bt, bx, by, depth + 1, at, ax, ay, mt, mx, my, depth + 1);
        } else {
          out.push({ x: bx, y: by });
        }
      }
    }
  }
  return out;
}

function segmentDistanceSq(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  let t = len > 0 ? ((px - ax) * dx + (py - ay) * dy) / len : 0;
  t = t < 0 ? 0 : Math.min(t, 1);
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

/**
 * A smooth curve through fit points: a natural cubic spline over chord-length parameters, returned as
 * cubic Bézier segments from the first point. A closed spline gets its first point repeated at the end.
 */
export function fitPointCurve(
  points: readonly CadPoint[],
  closed: boolean,
): { start: Vec2; segments: Segment[] } | null {
  const q: Vec2[] = [];
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return null;
    const last = q[q.length - 1];
    if (!last || Math.hypot(p.x - last.x, p.y - last.y) > 1e-12) q.push({ x: p.x, y: p.y });
  }
  if (closed && q.length > 2) {
    const f = q[0]!;
    const l = q[q.length - 1]!;
    if (Math.hypot(f.x - l.x, f.y - l.y) > 1e-12) q.push({ x: f.x, y: f.y });
  }
  if (q.length < 2) return null;
  const m = q.length;
  const h = new Float64Array(m - 1);
  for (let i = 0; i < m - 1; i++) h[i] = Math.hypot(q[i + 1]!.x - q[i]!.x, q[i + 1]!.y - q[i]!.y);
  const mx = naturalSecondDerivatives(
    q.map((p) => p.x),
    h,
  );
  const my = naturalSecondDerivatives(
    q.map((p) => p.y),
    h,
  );
  const segments: Segment[] = [];
  for (let i = 0; i < m - 1; i++) {
    const a = q[i]!;
    const b = q[i + 1]!;
    const hi = h[i]!;
    const d0x = (b.x - a.x) / hi - (hi * (2 * mx[i]! + mx[i + 1]!)) / 6;
    const d0y = (b.y - a.y) / hi - (hi * (2 * my[i]! + my[i + 1]!)) / 6;
    const d1x = (b.x - a.x) / hi + (hi * (mx[i]! + 2 * mx[i + 1]!)) / 6;
    const d1y = (b.y - a.y) / hi + (hi * (my[i]! + 2 * my[i + 1]!)) / 6;
    segments.push({
      type: 'cubic',
      c1: { x: a.x + (d0x * hi) / 3, y: a.y + (d0y * hi) / 3 },
      c2: { x: b.x - (d1x * hi) / 3, y: b.y - (d1y * hi) / 3 },
      to: { x: b.x, y: b.y },
    });
  }
  return { start: { x: q[0]!.x, y: q[0]!.y }, segments };
}

/** Second derivatives of the natural cubic spline through values v at spacings h (Thomas algorithm). */
function naturalSecondDerivatives(v: readonly number[], h: Float64Array): Float64Array {
  const m = v.length;
  const out = new Float64Array(m);
  if (m < 3) return out;
  const c = new Float64Array(m);
  const d = new Float64Array(m);
  for (let i = 1; i < m - 1; i++) {
    const a = h[i - 1]!;
    const b = 2 * (h[i - 1]! + h[i]!);
    const cc = h[i]!;
    const rhs = 6 * ((v[i + 1]! - v[i]!) / h[i]! - (v[i]! - v[i - 1]!) / h[i - 1]!);
    const den = b - a * c[i - 1]!;
    c[i] = cc / den;
    d[i] = (rhs - a * d[i - 1]!) / den;
  }
  for (let i = m - 2; i >= 1; i--) out[i] = d[i]! - c[i]! * out[i + 1]!;
  return out;
}
