import type { CadPoint } from '@kerf/laser';

/**
 * Control points for a spline that a DWG stores by its fit points only. AutoCAD keeps such splines as
 * fit points, end tangents and a fit tolerance, and computes the curve when it opens the file (its DXF
 * then lists the computed control points). For a zero fit tolerance that curve is the cubic B-spline
 * through the fit points with chord-length knots and the end tangents as end derivatives (global
 * interpolation with end derivatives, The NURBS Book §9.2.2); this computes exactly that.
 */

export interface FitSpline {
  knots: number[];
  controlPoints: CadPoint[];
}

type Vec = { x: number; y: number };

/** Fit points without consecutive repeats (a zero-length chord would give a repeated knot). */
function distinct(points: readonly CadPoint[]): CadPoint[] {
  const out: CadPoint[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (!last || Math.hypot(p.x - last.x, p.y - last.y) > 1e-12) out.push(p);
  }
  return out;
}

/**
 * Derivative at an end of the parabola through the first (or last) three points, by chord length:
 * the end derivative AutoCAD leaves to the program when the file gives no end tangent.
 */
function besselDerivative(q: readonly CadPoint[], u: readonly number[], atStart: boolean): Vec {
  const n = q.length - 1;
  if (n === 1) {
    const len = u[1]! - u[0]!;
    return { x: (q[1]!.x - q[0]!.x) / len, y: (q[1]!.y - q[0]!.y) / len };
  }
  const [a, b, c] = atStart ? [0, 1, 2] : [n, n - 1, n - 2];
  const h1 = u[b]! - u[a]!;
  const h2 = u[c]! - u[b]!;
  // Lagrange parabola through (u_a, q_a), (u_b, q_b), (u_c, q_c), differentiated at u_a.
  const ka = (2 * h1 + h2) / (h1 * (h1 + h2));
  const kb = (h1 + h2) / (h1 * h2);
  const kc = h1 / (h2 * (h1 + h2));
  const d = (axis: 'x' | 'y') => -ka * q[a]![axis] + kb * q[b]![axis] - kc * q[c]![axis];
  return { x: d('x'), y: d('y') };
}

/** The end derivative: the file's unit tangent when it has one, else the parabola's. */
function endDerivative(tangent: Vec | undefined, q: CadPoint[], u: number[], atStart: boolean): Vec {
  const len = tangent ? Math.hypot(tangent.x, tangent.y) : 0;
  if (tangent && len > 1e-12 && Number.isFinite(len)) return { x: tangent.x / len, y: tangent.y / len };
  return besselDerivative(q, u, atStart);
}

/** The three cubic basis functions that are non-zero at the simple interior knot `knots[span]`. */
function basisAtKnot(knots: readonly number[], span: number): [number, number, number] {
  // Cox–de Boor (The NURBS Book A2.2) at u = knots[span]; N[span-3..span], the last one is 0 here.
  const u = knots[span]!;
  const left = [0, 0, 0, 0];
  const right = [0, 0, 0, 0];
  const N = [1, 0, 0, 0];
  for (let j = 1; j <= 3; j++) {
    left[j] = u - knots[span + 1 - j]!;
    right[j] = knots[span + j]! - u;
    let saved = 0;
    for (let r = 0; r < j; r++) {
      const temp = N[r]! / (right[r + 1]! + left[j - r]!);
      N[r] = saved + right[r + 1]! * temp;
      saved = left[j - r]! * temp;
    }
    N[j] = saved;
  }
  return [N[0]!, N[1]!, N[2]!];
}

/**
 * Cubic interpolation of the fit points with the given end tangents; null when there are fewer than two
 * distinct points. `closed` splines get their first point repeated at the end.
 */
export function interpolateFitPoints(
  fitPoints: readonly CadPoint[],
  startTangent: Vec | undefined,
  endTangent: Vec | undefined,
  closed: boolean,
): FitSpline | null {
  const q = distinct(fitPoints);
  if (closed && q.length > 2 && Math.hypot(q[0]!.x - q[q.length - 1]!.x, q[0]!.y - q[q.length - 1]!.y) > 1e-12) {
    q.push(q[0]!);
  }
  const n = q.length - 1;
  if (n < 1) return null;
  const u = [0];
  for (let k = 1; k <= n; k++) u.push(u[k - 1]! + Math.hypot(q[k]!.x - q[k - 1]!.x, q[k]!.y - q[k - 1]!.y));
  const knots = [0, 0, 0, 0, ...u.slice(1, n), u[n]!, u[n]!, u[n]!, u[n]!];
  const d0 = endDerivative(startTangent, q, u, true);
  const dn = endDerivative(endTangent, q, u, false);
  const p: Vec[] = new Array(n + 3);
  p[0] = q[0]!;
  p[1] = { x: q[0]!.x + (u[1]! / 3) * d0.x, y: q[0]!.y + (u[1]! / 3) * d0.y };
  p[n + 2] = q[n]!;
  p[n + 1] = { x: q[n]!.x - ((u[n]! - u[n - 1]!) / 3) * dn.x, y: q[n]!.y - ((u[n]! - u[n - 1]!) / 3) * dn.y };
  solveInterior(q, knots, p, n);
  if (!p.every((v) => Number.isFinite(v.x) && Number.isFinite(v.y))) return null;
  return { knots, controlPoints: p.map((v) => ({ x: v.x, y: v.y })) };
}

/**
 * Fills P_2…P_n from the conditions C(u_k) = Q_k, k = 1…n−1. Row k involves P_k, P_(k+1), P_(k+2) only:
 * a tridiagonal system (totally positive, so elimination without pivoting is stable), solved in O(n).
 */
function solveInterior(q: readonly CadPoint[], knots: readonly number[], p: Vec[], n: number): void {
  const m = n - 1;
  if (m <= 0) return;
  const sub = new Float64Array(m);
  const diag = new Float64Array(m);
  const sup = new Float64Array(m);
  const rx = new Float64Array(m);
  const ry = new Float64Array(m);
  for (let k = 1; k <= n - 1; k++) {
    const [a, b, c] = basisAtKnot(knots, k + 3);
    const row = k - 1;
    sub[row] = a;
    diag[row] = b;
    sup[row] = c;
    rx[row] = q[k]!.x;
    ry[row] = q[k]!.y;
  }
  // Known neighbours move to the right-hand side: P_1 in the first row, P_(n+1) in the last.
  rx[0]! -= sub[0]! * p[1]!.x;
  ry[0]! -= sub[0]! * p[1]!.y;
  rx[m - 1]! -= sup[m - 1]! * p[n + 1]!.x;
  ry[m - 1]! -= sup[m - 1]! * p[n + 1]!.y;
  for (let i = 1; i < m; i++) {
    const w = sub[i]! / diag[i - 1]!;
    diag[i]! -= w * sup[i - 1]!;
    rx[i]! -= w * rx[i - 1]!;
    ry[i]! -= w * ry[i - 1]!;
  }
  let nextX = 0;
  let nextY = 0;
  for (let i = m - 1; i >= 0; i--) {
    const x = (rx[i]! - (i < m - 1 ? sup[i]! * nextX : 0)) / diag[i]!;
    const y = (ry[i]! - (i < m - 1 ? sup[i]! * nextY : 0)) / diag[i]!;
    p[i + 2] = { x, y };
    nextX = x;
    nextY = y;
  }
}
