import type { Vec2 } from '@kerf/laser';

/** Test support: plain checks on rings and polylines, written without the code under test. */

const EPS = 1e-7;

function orientation(a: Vec2, b: Vec2, c: Vec2): number {
  const v = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  return Math.abs(v) < EPS ? 0 : Math.sign(v);
}

function onSegment(a: Vec2, b: Vec2, p: Vec2): boolean {
  return (
    Math.min(a.x, b.x) - EPS <= p.x &&
    p.x <= Math.max(a.x, b.x) + EPS &&
    Math.min(a.y, b.y) - EPS <= p.y &&
    p.y <= Math.max(a.y, b.y) + EPS
  );
}

/** Whether segments ab and cd share any point (touching and overlapping count). */
export function segmentsTouch(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(a, b, c)) return true;
  if (o2 === 0 && onSegment(a, b, d)) return true;
  if (o3 === 0 && onSegment(c, d, a)) return true;
  if (o4 === 0 && onSegment(c, d, b)) return true;
  return false;
}

/**
 * Whether a closed ring is simple: no zero-length edge, neighbouring edges meet only at their shared
 * corner (no doubling back), and no two other edges touch at all.
 */
export function isSimpleRing(ring: readonly Vec2[]): boolean {
  const n = ring.length;
  if (n < 3) return false;
  const edge = (i: number): [Vec2, Vec2] => [ring[i % n]!, ring[(i + 1) % n]!];
  for (let i = 0; i < n; i++) {
    const [a, b] = edge(i);
    if (Math.hypot(b.x - a.x, b.y - a.y) < EPS) return false;
    const [, c] = edge(i + 1);
    // Doubling back: the next edge runs back over this one.
    if (orientation(a, b, c) === 0 && (c.x - b.x) * (b.x - a.x) + (c.y - b.y) * (b.y - a.y) < 0) return false;
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      const [a, b] = edge(i);
      const [c, d] = edge(j);
      if (segmentsTouch(a, b, c, d)) return false;
    }
  }
  return true;
}

/** Whether (x, y) lies inside the ring (even-odd; points on the edge are not asked about). */
export function insideRing(ring: readonly Vec2[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/**
 * The stretches of a ring's edges lying on the line `axis = value` (within `tol`), as sorted
 * [from, to] intervals of the other coordinate.
 */
export function runsOnLine(ring: readonly Vec2[], axis: 'x' | 'y', value: number, tol = 1e-6): [number, number][] {
  const other = axis === 'x' ? 'y' : 'x';
  const runs: [number, number][] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    if (Math.abs(a[axis] - value) <= tol && Math.abs(b[axis] - value) <= tol) {
      runs.push([Math.min(a[other], b[other]), Math.max(a[other], b[other])]);
    }
  }
  return runs.sort((p, q) => p[0] - q[0]);
}

/** Shortest distance between two segments. */
export function segmentDistance(a: Vec2, b: Vec2, c: Vec2, d: Vec2): number {
  if (segmentsTouch(a, b, c, d)) return 0;
  return Math.min(pointSegment(a, c, d), pointSegment(b, c, d), pointSegment(c, a, b), pointSegment(d, a, b));
}

function pointSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Shortest distance between two polylines (open). */
export function polylineDistance(p: readonly Vec2[], q: readonly Vec2[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < p.length; i++) {
    for (let j = 0; j + 1 < q.length; j++) {
      best = Math.min(best, segmentDistance(p[i]!, p[i + 1]!, q[j]!, q[j + 1]!));
    }
  }
  return best;
}

export function polylineLength(points: readonly Vec2[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    sum += Math.hypot(points[i + 1]!.x - points[i]!.x, points[i + 1]!.y - points[i]!.y);
  }
  return sum;
}

/** A repeatable stream of numbers in [0, 1) for sampling. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
