import type { Vec2 } from '../model/matrix.js';
import { insideEvenOdd } from '../model/path.js';

/** A closed path as the containment test sees it. */
export interface Ring {
  pts: readonly Vec2[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Enclosed area (positive). */
  area: number;
}

/** Rings bigger than this many vertices get a slab index the first time a point is tested against them. */
const SLAB_MIN_VERTICES = 32;
/** Grid filings allowed per ring on average (boxes beyond the budget are checked by every query). */
const FILINGS_PER_RING = 32;

/** For each ring i, the rings that must be cut after it: list[start[i]] … list[start[i + 1] - 1]. */
export interface ContainerGraph {
  start: Int32Array;
  list: Int32Array;
}

/**
 * Which rings lie inside which. Ring A lies in ring B when B is strictly larger, B's bounds hold A's,
 * and sample vertices of A (the first, and those a third and two thirds round) are inside B by the
 * even-odd rule. Candidates come from a grid over the rings' bounds queried at A's first vertex, so the
 * cost grows with how many rings overlap there, not with n². Rings are settled largest first; for each,
 * candidates are tried smallest first and a candidate that already contains a found container is
 * implied and skipped, so a nest records only its direct links, while a ring inside two overlapping
 * containers records both.
 */
export function containerGraph(rings: readonly (Ring | null)[]): ContainerGraph {
  const n = rings.length;
  const ids: number[] = [];
  for (let i = 0; i < n; i++) if (rings[i]) ids.push(i);
  const found: number[][] = Array.from({ length: n }, () => []);
  if (ids.length >= 2) {
    ids.sort((a, b) => rings[b]!.area - rings[a]!.area || a - b);
    const grid = new BoxGrid(rings, ids);
    const slabs = new Map<number, SlabIndex>();
    const implied = new Int32Array(n).fill(-1);
    const candidates: number[] = [];
    const stack: number[] = [];
    for (const a of ids) {
      const ra = rings[a]!;
      const p0 = ra.pts[0]!;
      candidates.length = 0;
      for (const list of [grid.cellAt(p0.x, p0.y), grid.big]) {
        for (const b of list) {
          const rb = rings[b]!;
          if (
            rb.area > ra.area &&
            rb.minX <= ra.minX &&
            rb.minY <= ra.minY &&
            rb.maxX >= ra.maxX &&
            rb.maxY >= ra.maxY
          ) {
            candidates.push(b);
          }
        }
      }
      candidates.sort((x, y) => rings[x]!.area - rings[y]!.area || x - y);
      for (const b of candidates) {
        if (implied[b] === a || !ringHolds(rings[b]!, b, ra, slabs)) continue;
        found[a]!.push(b);
        // Everything containing b contains a as well: mark it implied.
        stack.push(b);
        while (stack.length > 0) {
          const c = stack.pop()!;
          if (implied[c] === a) continue;
          implied[c] = a;
          for (const d of found[c]!) stack.push(d);
        }
      }
    }
  }
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i]! + found[i]!.length;
  const list = new Int32Array(start[n]!);
  for (let i = 0; i < n; i++) list.set(found[i]!, start[i]!);
  return { start, list };
}

/** Whether the sample vertices of `inner` all lie inside `outer`. */
function ringHolds(outer: Ring, id: number, inner: Ring, slabs: Map<number, SlabIndex>): boolean {
  const n = inner.pts.length;
  let slab = slabs.get(id);
  if (!slab && outer.pts.length > SLAB_MIN_VERTICES) {
    slab = new SlabIndex(outer);
    slabs.set(id, slab);
  }
  for (let s = 0; s < 3; s++) {
    const p = inner.pts[Math.floor((s * n) / 3)]!;
    const inside = slab ? slab.contains(p.x, p.y) : insideEvenOdd([outer.pts], p.x, p.y);
    if (!inside) return false;
  }
  return true;
}

/** A ring's edges bucketed into horizontal slabs, so a point test only looks at edges near its y. */
class SlabIndex {
  private readonly y0: number;
  private readonly h: number;
  private readonly start: Int32Array;
  private readonly edges: Int32Array;

  constructor(private readonly ring: Ring) {
    const pts = ring.pts;
    const n = pts.length;
    const bins = Math.max(1, Math.min(1024, Math.ceil(Math.sqrt(n))));
    this.y0 = ring.minY;
    this.h = (ring.maxY - ring.minY) / bins || 1;
    const count = new Int32Array(bins + 1);
    const range = (e: number): [number, number] => {
      const a = pts[e]!;
      const b = pts[e === 0 ? n - 1 : e - 1]!;
      return [this.bin(Math.min(a.y, b.y), bins), this.bin(Math.max(a.y, b.y), bins)];
    };
    for (let e = 0; e < n; e++) {
      const [lo, hi] = range(e);
      for (let k = lo; k <= hi; k++) count[k + 1]!++;
    }
    for (let k = 0; k < bins; k++) count[k + 1]! += count[k]!;
    this.start = count.slice();
    const fill = count.slice();
    this.edges = new Int32Array(count[bins]!);
    for (let e = 0; e < n; e++) {
      const [lo, hi] = range(e);
      for (let k = lo; k <= hi; k++) this.edges[fill[k]!++] = e;
    }
  }

  private bin(y: number, bins: number): number {
    return Math.min(bins - 1, Math.max(0, Math.floor((y - this.y0) / this.h)));
  }

  contains(x: number, y: number): boolean {
    const pts = this.ring.pts;
    const n = pts.length;
    if (y < this.ring.minY || y > this.ring.maxY) return false;
    const k = this.bin(y, this.start.length - 1);
    let inside = false;
    for (let s = this.start[k]!; s < this.start[k + 1]!; s++) {
      const e = this.edges[s]!;
      const a = pts[e]!;
      const b = pts[e === 0 ? n - 1 : e - 1]!;
      if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
    }
    return inside;
  }
}

/** The rings' bounding boxes filed in a uniform grid for "which boxes cover this point" queries. */
class BoxGrid {
  private readonly minX: number;
  private readonly minY: number;
  private readonly cell: number;
  private readonly nx: number;
  private readonly ny: number;
  private readonly cells: number[][];
  /** Boxes not filed in cells: every query checks them. */
  readonly big: number[] = [];

  constructor(rings: readonly (Ring | null)[], ids: readonly number[]) {
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    const sizes: number[] = [];
    for (const i of ids) {
      const r = rings[i]!;
      minX = Math.min(minX, r.minX);
      minY = Math.min(minY, r.minY);
      maxX = Math.max(maxX, r.maxX);
      maxY = Math.max(maxY, r.maxY);
      sizes.push(Math.max(r.maxX - r.minX, r.maxY - r.minY));
    }
    sizes.sort((a, b) => a - b);
    const extent = Math.max(maxX - minX, maxY - minY);
    let cell = Math.max(sizes[sizes.length >> 1]!, extent / 2048);
    if (!(cell > 0)) cell = 1;
    let nx = Math.floor((maxX - minX) / cell) + 1;
    let ny = Math.floor((maxY - minY) / cell) + 1;
    while (nx * ny > 4 * ids.length + 16) {
      cell *= 1.5;
      nx = Math.floor((maxX - minX) / cell) + 1;
      ny = Math.floor((maxY - minY) / cell) + 1;
    }
    this.minX = minX;
    this.minY = minY;
    this.cell = cell;
    this.nx = nx;
    this.ny = ny;
    this.cells = Array.from({ length: nx * ny }, () => []);
    // File boxes smallest first while the total number of filings stays within budget; the rest (a few
    // huge boxes, or many overlapping large ones) go to the list every query checks.
    const span = (i: number) => {
      const r = rings[i]!;
      return [this.col(r.minX), this.col(r.maxX), this.row(r.minY), this.row(r.maxY)] as const;
    };
    const cover = (i: number) => {
      const [x0, x1, y0, y1] = span(i);
      return (x1 - x0 + 1) * (y1 - y0 + 1);
    };
    let budget = FILINGS_PER_RING * ids.length + nx * ny;
    for (const i of [...ids].sort((a, b) => cover(a) - cover(b) || a - b)) {
      const c = cover(i);
      if (c > budget) {
        this.big.push(i);
        continue;
      }
      budget -= c;
      const [x0, x1, y0, y1] = span(i);
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) this.cells[y * nx + x]!.push(i);
    }
  }

  private col(x: number): number {
    return Math.min(this.nx - 1, Math.max(0, Math.floor((x - this.minX) / this.cell)));
  }

  private row(y: number): number {
    return Math.min(this.ny - 1, Math.max(0, Math.floor((y - this.minY) / this.cell)));
  }

  /** The boxes filed in the cell of (x, y); with `big`, a superset of the boxes covering the point. */
  cellAt(x: number, y: number): readonly number[] {
    return this.cells[this.row(y) * this.nx + this.col(x)]!;
  }
}
