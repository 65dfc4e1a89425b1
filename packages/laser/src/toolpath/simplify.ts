import type { Vec2 } from '../model/matrix.js';

/**
 * Polyline clean-up and curve smoothing for the planner: drop unusable points, then simplify with the
 * Ramer–Douglas–Peucker method. Every point the simplifier drops lies within `tolerance` of the
 * simplified polyline (measured to its segments, not to infinite lines), and the points it keeps are
 * original points, so no point of the drawing moves by more than the tolerance.
 */

/** Distance from (px, py) to the segment a–b (to a itself when a and b coincide). */
export function distanceToSegment(px: number, py: number, a: Vec2, b: Vec2): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - a.x) * dx + (py - a.y) * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  return Math.hypot(px - (a.x + t * dx), py - (a.y + t * dy));
}

/**
 * The points with non-finite coordinates removed, and runs of equal points collapsed to one. For a
 * closed polyline a last point equal to the first is removed too (the closing edge is implied).
 */
export function cleanPoints(points: readonly Vec2[], closed: boolean): Vec2[] {
  const out: Vec2[] = [];
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    const last = out[out.length - 1];
    if (last && last.x === p.x && last.y === p.y) continue;
    out.push(p);
  }
  if (closed && out.length > 1) {
    const first = out[0]!;
    const last = out[out.length - 1]!;
    if (first.x === last.x && first.y === last.y) out.pop();
  }
  return out;
}

/** Marks the points RDP keeps between `first` and `last` (inclusive ends), without recursion. */
function markKept(points: readonly Vec2[], first: number, last: number, tolerance: number, keep: Uint8Array): void {
  const stack: number[] = [first, last];
  while (stack.length > 0) {
    const hi = stack.pop()!;
    const lo = stack.pop()!;
    keep[lo] = 1;
    keep[hi] = 1;
    if (hi - lo < 2) continue;
    const a = points[lo]!;
    const b = points[hi]!;
    let worst = -1;
    let worstAt = -1;
    for (let i = lo + 1; i < hi; i++) {
      const p = points[i]!;
      const d = distanceToSegment(p.x, p.y, a, b);
      if (d > worst) {
        worst = d;
        worstAt = i;
      }
    }
    if (worst > tolerance) stack.push(lo, worstAt, worstAt, hi);
  }
}

/**
 * RDP works on windows of this many points, whose ends are kept: plain RDP is quadratic on long periodic
 * input (each split peels off one wave), windows bound the cost to n × WINDOW and add at most one
 * vertex per window.
 */
const WINDOW = 512;

/**
 * Ramer–Douglas–Peucker simplification within `tolerance` mm. The first point always stays; for an open
 * polyline the last one too. A closed polyline is simplified as the loop first → … → first, so its
 * closing edge is honoured. Input points are returned as they are (same objects), never moved.
 */
export function simplifyPolyline(points: readonly Vec2[], tolerance: number, closed: boolean): Vec2[] {
  if (!(tolerance > 0) || points.length < 3) return points.slice();
  const loop = closed ? [...points, points[0]!] : points;
  const keep = new Uint8Array(loop.length);
  for (let lo = 0; lo < loop.length - 1; lo += WINDOW) {
    markKept(loop, lo, Math.min(lo + WINDOW, loop.length - 1), tolerance, keep);
  }
  const out: Vec2[] = [];
  const end = closed ? loop.length - 1 : loop.length;
  for (let i = 0; i < end; i++) if (keep[i]) out.push(loop[i]!);
  return out;
}

/** True when a polyline has no length at all (fewer than two distinct points). */
export function isDegenerate(points: readonly Vec2[]): boolean {
  if (points.length < 2) return true;
  const a = points[0]!;
  for (const p of points) if (p.x !== a.x || p.y !== a.y) return false;
  return true;
}
