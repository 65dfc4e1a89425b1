import { type Bounds, type KerfDocument, leafShapes, type Polyline, placedPolylines, type Vec2 } from '@kerf/laser';

/**
 * Geometry comparison for the DWG/DXF twin tests: each document's outlines flattened per layer, their
 * bounds, and a symmetric sampled distance (every sample point of one set measured to the nearest
 * segment of the other, both ways). Segments are bucketed in a grid so large drawings stay fast.
 */

/** Flattened outlines of every leaf shape, by layer name. */
export function polylinesByLayer(doc: KerfDocument, tolerance = 0.01): Map<string, Polyline[]> {
  const names = new Map(doc.layers.map((l) => [l.id, l.name] as const));
  const out = new Map<string, Polyline[]>();
  for (const placed of leafShapes(doc.shapes)) {
    const name = names.get(placed.shape.layerId) ?? placed.shape.layerId;
    const list = out.get(name) ?? [];
    for (const line of placedPolylines(placed, tolerance)) if (line.points.length > 0) list.push(line);
    out.set(name, list);
  }
  return out;
}

/** Largest difference between corresponding edges of two boxes. */
export function boundsDifference(a: Bounds, b: Bounds): number {
  return Math.max(
    Math.abs(a.minX - b.minX),
    Math.abs(a.minY - b.minY),
    Math.abs(a.maxX - b.maxX),
    Math.abs(a.maxY - b.maxY),
  );
}

/** Segments of a set of polylines (closing segments included) as flat coordinates x1 y1 x2 y2. */
function segmentsOf(lines: readonly Polyline[]): Float64Array {
  let n = 0;
  for (const l of lines) n += Math.max(1, l.points.length - 1) + (l.closed && l.points.length > 2 ? 1 : 0);
  const out = new Float64Array(n * 4);
  let k = 0;
  const push = (a: Vec2, b: Vec2) => {
    out[k++] = a.x;
    out[k++] = a.y;
    out[k++] = b.x;
    out[k++] = b.y;
  };
  for (const l of lines) {
    const pts = l.points;
    if (pts.length === 1) push(pts[0]!, pts[0]!);
    for (let i = 1; i < pts.length; i++) push(pts[i - 1]!, pts[i]!);
    if (l.closed && pts.length > 2) push(pts[pts.length - 1]!, pts[0]!);
  }
  return out;
}

function segmentDistance(px: number, py: number, s: Float64Array, i: number): number {
  const ax = s[i]!;
  const ay = s[i + 1]!;
  const dx = s[i + 2]! - ax;
  const dy = s[i + 3]! - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * Nearest-segment queries over a bounding-volume tree of the segments: nodes split at the median of their
 * longer side, leaves hold a few segments, and a query skips every node farther than the best distance
 * found so far. Works for drawings whose extents dwarf their details (a grid would not).
 */
class SegmentTree {
  /** Per node: minX, minY, maxX, maxY. */
  private readonly box: Float64Array;
  /** Per node: first and end index into `order` for leaves, -1 and the child index for inner nodes. */
  private readonly first: Int32Array;
  private readonly end: Int32Array;
  private readonly order: Int32Array;
  private nodes = 0;

  constructor(private readonly segs: Float64Array) {
    const count = segs.length / 4;
    this.order = Int32Array.from({ length: count }, (_, i) => i * 4);
    const capacity = Math.max(1, 2 * Math.ceil(count / LEAF) + 2) * 2;
    this.box = new Float64Array(capacity * 4);
    this.first = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    if (count > 0) this.build(0, count);
  }

  private build(from: number, to: number): number {
    const node = this.nodes++;
    const s = this.segs;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let k = from; k < to; k++) {
      const i = this.order[k]!;
      minX = Math.min(minX, s[i]!, s[i + 2]!);
      minY = Math.min(minY, s[i + 1]!, s[i + 3]!);
      maxX = Math.max(maxX, s[i]!, s[i + 2]!);
      maxY = Math.max(maxY, s[i + 1]!, s[i + 3]!);
    }
    this.box.set([minX, minY, maxX, maxY], node * 4);
    if (to - from <= LEAF) {
      this.first[node] = from;
      this.end[node] = to;
      return node;
    }
    const axis = maxX - minX >= maxY - minY ? 0 : 1;
    const part = Array.from(this.order.subarray(from, to));
    part.sort((a, b) => s[a + axis]! + s[a + axis + 2]! - (s[b + axis]! + s[b + axis + 2]!));
    this.order.set(part, from);
    const mid = (from + to) >> 1;
    this.first[node] = -1;
    this.build(from, mid);
    this.end[node] = this.build(mid, to);
    return node;
  }

  private boxDistance(node: number, x: number, y: number): number {
    const b = this.box;
    const dx = Math.max(b[node * 4]! - x, 0, x - b[node * 4 + 2]!);
    const dy = Math.max(b[node * 4 + 1]! - y, 0, y - b[node * 4 + 3]!);
    return Math.hypot(dx, dy);
  }

  /** Distance from a point to the nearest segment. */
  nearest(x: number, y: number): number {
    if (this.nodes === 0) return Infinity;
    let best = Infinity;
    const stack = [0];
    while (stack.length) {
      const node = stack.pop()!;
      if (this.boxDistance(node, x, y) >= best) continue;
      if (this.first[node]! >= 0) {
        for (let k = this.first[node]!; k < this.end[node]!; k++) {
          best = Math.min(best, segmentDistance(x, y, this.segs, this.order[k]!));
        }
        continue;
      }
      // Children: the left one is node + 1, the right one is stored in `end`; nearer one first.
      const left = node + 1;
      const right = this.end[node]!;
      if (this.boxDistance(left, x, y) < this.boxDistance(right, x, y)) stack.push(right, left);
      else stack.push(left, right);
    }
    return best;
  }
}

/** Segments per leaf of the tree. */
const LEAF = 8;

/** Largest distance from points sampled along `a` (every `step` and at every vertex) to the geometry of `b`. */
function directedDistance(a: readonly Polyline[], b: readonly Polyline[], step: number): number {
  const tree = new SegmentTree(segmentsOf(b));
  const from = segmentsOf(a);
  let worst = 0;
  for (let i = 0; i < from.length; i += 4) {
    const ax = from[i]!;
    const ay = from[i + 1]!;
    const dx = from[i + 2]! - ax;
    const dy = from[i + 3]! - ay;
    const n = Math.max(1, Math.ceil(Math.hypot(dx, dy) / step));
    for (let k = 0; k <= n; k++) worst = Math.max(worst, tree.nearest(ax + (dx * k) / n, ay + (dy * k) / n));
  }
  return worst;
}

/** Symmetric sampled (Hausdorff-like) distance between two sets of polylines. */
export function geometryDistance(a: readonly Polyline[], b: readonly Polyline[], step: number): number {
  if (a.length === 0 && b.length === 0) return 0;
  return Math.max(directedDistance(a, b, step), directedDistance(b, a, step));
}
