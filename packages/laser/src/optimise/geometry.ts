import { LASER_MESSAGES, SettingError } from '../model/errors.js';
import type { JobOp, PathOp, RasterOp } from '../model/job.js';
import type { Vec2 } from '../model/matrix.js';

/**
 * Where an op begins and ends, as the head sees it: `s` is the point the rapid move before the op goes
 * to (the overscan start of a fill line), `e` is where the head stops after it (a closed path comes back
 * to its first point). Document millimetres. The optimiser, the statistics and the G-code writer all
 * use these, so the travel they measure is the same.
 */
export interface OpEnds {
  sx: number;
  sy: number;
  ex: number;
  ey: number;
}

/** The overscan length an open path runs on at each end (0 for closed paths or none). */
export function overscanOf(op: PathOp): number {
  const o = op.overscan;
  return !op.closed && o !== undefined && Number.isFinite(o) && o > 0 && op.points.length >= 2 ? o : 0;
}

/**
 * The run-on points of an open path: `before` lies `overscan` mm back from the first point along the
 * first segment of non-zero length, `after` lies `overscan` mm on from the last point along the last
 * such segment. Null when the path has no overscan or no length.
 */
export function overscanPoints(op: PathOp): { before: Vec2; after: Vec2 } | null {
  const o = overscanOf(op);
  if (o === 0) return null;
  const pts = op.points;
  const n = pts.length;
  const first = pts[0]!;
  const last = pts[n - 1]!;
  let i = 1;
  while (i < n && pts[i]!.x === first.x && pts[i]!.y === first.y) i++;
  if (i === n) return null;
  let j = n - 2;
  while (j >= 0 && pts[j]!.x === last.x && pts[j]!.y === last.y) j--;
  const a = pts[i]!;
  const la = Math.hypot(a.x - first.x, a.y - first.y);
  const b = pts[j]!;
  const lb = Math.hypot(last.x - b.x, last.y - b.y);
  return {
    before: { x: first.x - ((a.x - first.x) / la) * o, y: first.y - ((a.y - first.y) / la) * o },
    after: { x: last.x + ((last.x - b.x) / lb) * o, y: last.y + ((last.y - b.y) / lb) * o },
  };
}

/** Entry and exit of a path op; null for an op without points. */
export function pathEnds(op: PathOp): OpEnds | null {
  const pts = op.points;
  if (pts.length === 0) return null;
  const first = pts[0]!;
  if (op.closed) return { sx: first.x, sy: first.y, ex: first.x, ey: first.y };
  const run = overscanPoints(op);
  if (run) return { sx: run.before.x, sy: run.before.y, ex: run.after.x, ey: run.after.y };
  const last = pts[pts.length - 1]!;
  return { sx: first.x, sy: first.y, ex: last.x, ey: last.y };
}

/**
 * Entry and exit of a raster op as the raster writer (raster/raster-gcode.ts) runs it: from one overscan
 * before the first burnt pixel (level ≠ 0) of the first line that burns anything, to one overscan past
 * the last burnt pixel of the last such line. Null when no pixel burns.
 */
export function rasterEnds(op: RasterOp): OpEnds | null {
  const o = Number.isFinite(op.overscan) && op.overscan > 0 ? op.overscan : 0;
  let first = -1;
  let last = -1;
  for (let i = 0; i < op.lines.length; i++) {
    if (op.lines[i]!.levels.some((v) => v !== 0)) {
      if (first < 0) first = i;
      last = i;
    }
  }
  if (first < 0) return null;
  const a = op.lines[first]!;
  const b = op.lines[last]!;
  const i0 = a.levels.findIndex((v) => v !== 0);
  const j0 = b.levels.findLastIndex((v) => v !== 0);
  const startAlong = a.from + i0 * a.step - (a.step < 0 ? -1 : 1) * o;
  const endAlong = b.from + (j0 + 1) * b.step + (b.step < 0 ? -1 : 1) * o;
  return op.axis === 'horizontal'
    ? { sx: startAlong, sy: a.at, ex: endAlong, ey: b.at }
    : { sx: a.at, sy: startAlong, ex: b.at, ey: endAlong };
}

export function opEnds(op: JobOp): OpEnds | null {
  return op.kind === 'path' ? pathEnds(op) : rasterEnds(op);
}

/** Rapid-move distance to run `ops` in order from `start`, and where the head ends up. */
export function measureTravel(ops: readonly JobOp[], start: Vec2): { travel: number; end: Vec2 } {
  let x = start.x;
  let y = start.y;
  let travel = 0;
  for (const op of ops) {
    const e = opEnds(op);
    if (!e) continue;
    travel += Math.hypot(e.sx - x, e.sy - y);
    x = e.ex;
    y = e.ey;
  }
  return { travel, end: { x, y } };
}

/** Largest coordinate magnitude a job may use, mm (10 km: far beyond any bed, small enough to stay exact). */
export const MAX_COORDINATE = 1e7;

const sane = (v: number) => Math.abs(v) <= MAX_COORDINATE;

/** Throws SettingError when any coordinate of the ops is NaN, infinite or absurdly large. */
export function checkFinite(ops: readonly JobOp[]): void {
  const bad = () => new SettingError(LASER_MESSAGES.badCoordinate);
  for (const op of ops) {
    if (op.kind === 'path') {
      for (const p of op.points) if (!(sane(p.x) && sane(p.y))) throw bad();
      if (op.overscan !== undefined && !sane(op.overscan)) throw bad();
      continue;
    }
    if (!sane(op.overscan)) throw bad();
    for (const l of op.lines) {
      if (!(sane(l.at) && sane(l.from) && sane(l.step) && sane(l.from + l.levels.length * l.step))) throw bad();
    }
  }
}
