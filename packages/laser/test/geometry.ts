import type { Polyline, Vec2 } from '../src/index.js';

function segmentDistance(p: Vec2, a: Vec2, b: Vec2): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

function segmentsOf(lines: readonly Polyline[]): Array<[Vec2, Vec2]> {
  const out: Array<[Vec2, Vec2]> = [];
  for (const l of lines) {
    const pts = l.points;
    if (pts.length === 1) out.push([pts[0]!, pts[0]!]);
    for (let i = 1; i < pts.length; i++) out.push([pts[i - 1]!, pts[i]!]);
    if (l.closed && pts.length > 2) out.push([pts[pts.length - 1]!, pts[0]!]);
  }
  return out;
}

/**
 * Nearest-segment queries over many polylines through a uniform grid: a query looks at the cells
 * around the point, widening ring by ring until nothing nearer can be found.
 */
class SegmentIndex {
  private readonly cells = new Map<string, Array<[Vec2, Vec2]>>();
  private readonly all: Array<[Vec2, Vec2]>;

  constructor(
    lines: readonly Polyline[],
    private readonly cell = 2,
  ) {
    this.all = segmentsOf(lines);
    for (const seg of this.all) {
      const [a, b] = seg;
      const x0 = Math.floor(Math.min(a.x, b.x) / cell);
      const x1 = Math.floor(Math.max(a.x, b.x) / cell);
      const y0 = Math.floor(Math.min(a.y, b.y) / cell);
      const y1 = Math.floor(Math.max(a.y, b.y) / cell);
      if ((x1 - x0 + 1) * (y1 - y0 + 1) > 10_000) {
        this.cells.set('*', [...(this.cells.get('*') ?? []), seg]);
        continue;
      }
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          const key = `${x},${y}`;
          const list = this.cells.get(key);
          if (list) list.push(seg);
          else this.cells.set(key, [seg]);
        }
      }
    }
  }

  distance(p: Vec2): number {
    if (this.all.length === 0) return Number.POSITIVE_INFINITY;
    let best = Number.POSITIVE_INFINITY;
    for (const seg of this.cells.get('*') ?? []) best = Math.min(best, segmentDistance(p, seg[0], seg[1]));
    const cx = Math.floor(p.x / this.cell);
    const cy = Math.floor(p.y / this.cell);
    for (let r = 0; r < 100_000; r++) {
      // Everything in rings beyond r lies at least r cells away.
      if (best <= (r - 1) * this.cell) return best;
      if (r > 64) break;
      for (let x = cx - r; x <= cx + r; x++) {
        for (let y = cy - r; y <= cy + r; y++) {
          if (Math.max(Math.abs(x - cx), Math.abs(y - cy)) !== r) continue;
          for (const seg of this.cells.get(`${x},${y}`) ?? [])
            best = Math.min(best, segmentDistance(p, seg[0], seg[1]));
        }
      }
    }
    if (best <= 64 * this.cell) return best;
    for (const seg of this.all) best = Math.min(best, segmentDistance(p, seg[0], seg[1]));
    return best;
  }
}

/** Points along polylines every `step` mm (and every vertex). */
function samplePoints(lines: readonly Polyline[], step: number): Vec2[] {
  const out: Vec2[] = [];
  for (const l of lines) {
    const pts = l.closed && l.points.length > 2 ? [...l.points, l.points[0]!] : l.points;
    if (pts.length > 0) out.push(pts[0]!);
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1]!;
      const b = pts[i]!;
      const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
      for (let k = 1; k <= n; k++) out.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
    }
  }
  return out;
}

/** Symmetric Hausdorff-style distance between two sets of polylines (sampled every `step` mm). */
export function geometryDistance(a: readonly Polyline[], b: readonly Polyline[], step = 0.5): number {
  const ia = new SegmentIndex(a, Math.max(step * 4, 1));
  const ib = new SegmentIndex(b, Math.max(step * 4, 1));
  let worst = 0;
  for (const p of samplePoints(a, step)) worst = Math.max(worst, ib.distance(p));
  for (const p of samplePoints(b, step)) worst = Math.max(worst, ia.distance(p));
  return worst;
}
