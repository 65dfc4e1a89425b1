import { type ClipRect, clipPolyline, clipSegment } from '../import/svg/clip.js';
import type { JobOp, PathOp, RasterLine, RasterOp } from '../model/job.js';
import type { Vec2 } from '../model/matrix.js';

/**
 * Keeping a job on the machine's bed. The planner cuts away whatever lies outside the work area (and
 * says so), so nothing is ever burnt at a negative coordinate or past the far edge; the walk then keeps
 * the run-ons inside: an overscan that would cross the edge is shortened, a lead that would leave is
 * shortened or left out, and a move that still would leave (a bed smaller than the drawing) is refused.
 */

export type { ClipRect } from '../import/svg/clip.js';

/** Slack for points that lie on the edge but come out a rounding error past it, mm. */
export const EDGE_SLACK = 1e-6;

export function insideArea(p: Vec2, area: ClipRect, slack = EDGE_SLACK): boolean {
  return p.x >= area.x0 - slack && p.x <= area.x1 + slack && p.y >= area.y0 - slack && p.y <= area.y1 + slack;
}

/** The ops cut to the area: paths clipped (a closed contour crossing the edge becomes open pieces), raster lines trimmed. */
export function clipOpsToArea(ops: readonly JobOp[], area: ClipRect): { ops: JobOp[]; clipped: boolean } {
  const out: JobOp[] = [];
  let clipped = false;
  for (const op of ops) {
    if (op.kind === 'path') {
      if (op.points.every((p) => insideArea(p, area, 0))) {
        out.push(op);
        continue;
      }
      clipped = true;
      for (const points of clipPolyline(op.points, op.closed, area)) {
        if (points.length < 2) continue;
        const piece: PathOp = { ...op, points, closed: false };
        delete piece.tabs;
        delete piece.hole;
        out.push(piece);
      }
      continue;
    }
    const trimmed = trimRaster(op, area);
    if (trimmed !== op) clipped = true;
    if (trimmed.lines.length > 0) out.push(trimmed);
  }
  return { ops: out, clipped };
}

/** A raster op with the pixels outside the area dropped (whole lines outside go too). */
function trimRaster(op: RasterOp, area: ClipRect): RasterOp {
  const [lo, hi] = op.axis === 'horizontal' ? [area.x0, area.x1] : [area.y0, area.y1];
  const [acrossLo, acrossHi] = op.axis === 'horizontal' ? [area.y0, area.y1] : [area.x0, area.x1];
  let changed = false;
  const lines: RasterLine[] = [];
  for (const line of op.lines) {
    if (line.at < acrossLo || line.at > acrossHi) {
      changed = true;
      continue;
    }
    const n = line.levels.length;
    const inside = (i: number) => {
      const a = line.from + i * line.step;
      const b = a + line.step;
      return Math.min(a, b) >= lo - EDGE_SLACK && Math.max(a, b) <= hi + EDGE_SLACK;
    };
    let i0 = 0;
    while (i0 < n && !inside(i0)) i0++;
    let i1 = n;
    while (i1 > i0 && !inside(i1 - 1)) i1--;
    if (i0 === 0 && i1 === n) {
      lines.push(line);
      continue;
    }
    changed = true;
    if (i1 > i0) lines.push({ ...line, from: line.from + i0 * line.step, levels: line.levels.subarray(i0, i1) });
  }
  return changed ? { ...op, lines } : op;
}

/** How far from `p` (inside the area) the head can go along the unit direction `dir` before the edge. */
export function roomAlong(p: Vec2, dir: Vec2, area: ClipRect): number {
  const far = 1e7;
  const seg = clipSegment(p, { x: p.x + dir.x * far, y: p.y + dir.y * far }, area);
  if (!seg) return 0;
  return Math.hypot(seg[1].x - p.x, seg[1].y - p.y);
}

/** The overscan a raster op can run on inside the area: before the first and past the last burnt pixel of every line. */
export function rasterOverscanRoom(op: RasterOp, area: ClipRect): number {
  let room = Number.POSITIVE_INFINITY;
  const [lo, hi] = op.axis === 'horizontal' ? [area.x0, area.x1] : [area.y0, area.y1];
  for (const line of op.lines) {
    const first = line.levels.findIndex((v) => v !== 0);
    if (first < 0) continue;
    const last = line.levels.findLastIndex((v) => v !== 0);
    const a = line.from + first * line.step;
    const b = line.from + (last + 1) * line.step;
    room = Math.min(room, Math.min(a, b) - lo, hi - Math.max(a, b));
  }
  return Math.max(0, room);
}
