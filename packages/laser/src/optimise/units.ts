import type { JobOp, PathOp } from '../model/job.js';
import type { Vec2 } from '../model/matrix.js';
import { signedArea } from '../model/path.js';
import type { Ring } from './containment.js';
import { type OpEnds, opEnds } from './geometry.js';

/**
 * The things the optimiser orders. A unit is one op, or all ops of one fill block (kept in their order).
 *  - `empty`: nothing to burn (no points / no lines): costs no travel, goes first.
 *  - `fixed`: entered and left at fixed points (raster ops, closed paths with startPoint `keep`, blocks
 *    that are not all open fill lines, single points).
 *  - `open`: may run forwards (option 0) or backwards (option 1): open paths and blocks of open fill
 *    lines (reversed as a whole: the line order and every line's direction).
 *  - `ring`: a closed path that may start at any vertex (option = vertex index).
 */
export type UnitKind = 'empty' | 'fixed' | 'open' | 'ring';

export interface Unit {
  ops: JobOp[];
  kind: UnitKind;
  /** Forward entry and exit (null for `empty`). */
  ends: OpEnds | null;
  /** The closed path as a ring, for the inside-out rule (single closed path ops with ≥ 3 points). */
  ring: Ring | null;
  /** Centre of the unit's bounds, for zones. */
  cx: number;
  cy: number;
  /** Positions of the unit's ops in their stage, in order. */
  at: number[];
}

/** Splits a stage's ops into units; a block becomes one unit at the place of its first op. */
export function buildUnits(ops: readonly JobOp[], autoStart: boolean): Unit[] {
  const units: Unit[] = [];
  const blocks = new Map<string, { ops: JobOp[]; at: number[] }>();
  const groups: { ops: JobOp[]; at: number[] }[] = [];
  ops.forEach((op, i) => {
    const block = op.kind === 'path' ? op.block : undefined;
    if (block === undefined) {
      groups.push({ ops: [op], at: [i] });
      return;
    }
    const existing = blocks.get(block);
    if (existing) {
      existing.ops.push(op);
      existing.at.push(i);
    } else {
      const group = { ops: [op], at: [i] };
      blocks.set(block, group);
      groups.push(group);
    }
  });
  for (const g of groups) units.push(makeUnit(g.ops, g.at, autoStart));
  return units;
}

function makeUnit(ops: JobOp[], at: number[], autoStart: boolean): Unit {
  const box = boundsOf(ops);
  const unit: Unit = { ops, kind: 'empty', ends: null, ring: null, cx: box.cx, cy: box.cy, at };
  // A closed path on its own may start anywhere; inside a fill block it keeps its drawn start.
  const only = ops.length === 1 ? ops[0]! : null;
  if (only?.kind === 'path' && only.closed && only.block === undefined) {
    const n = only.points.length;
    if (n === 0) return unit;
    unit.ends = opEnds(only);
    unit.kind = autoStart && n >= 2 ? 'ring' : 'fixed';
    if (n >= 3) {
      unit.ring = { pts: only.points, minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, area: 0 };
      unit.ring.area = Math.abs(signedArea(only.points));
    }
    return unit;
  }
  let start: OpEnds | null = null;
  let end: OpEnds | null = null;
  for (const op of ops) {
    const e = opEnds(op);
    if (!e) continue;
    start ??= e;
    end = e;
  }
  if (!start || !end) return unit;
  unit.ends = { sx: start.sx, sy: start.sy, ex: end.ex, ey: end.ey };
  unit.kind = reversible(ops) ? 'open' : 'fixed';
  return unit;
}

/**
 * Whether a unit may run backwards: a single open path of two or more points, or a block whose ops are
 * all open fill lines.
 */
function reversible(ops: readonly JobOp[]): boolean {
  if (ops.length === 1) {
    const op = ops[0]!;
    return op.kind === 'path' && !op.closed && op.points.length >= 2;
  }
  return ops.every((op) => op.kind === 'path' && !op.closed && op.mode === 'fill');
}

/** Bounds and centre of everything the ops burn (raster ops by their scan lines). */
function boundsOf(ops: readonly JobOp[]): {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  cx: number;
  cy: number;
} {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  const add = (x: number, y: number) => {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  };
  for (const op of ops) {
    if (op.kind === 'path') {
      for (const p of op.points) add(p.x, p.y);
      continue;
    }
    for (const l of op.lines) {
      const a = l.from;
      const b = l.from + l.levels.length * l.step;
      if (op.axis === 'horizontal') {
        add(a, l.at);
        add(b, l.at);
      } else {
        add(l.at, a);
        add(l.at, b);
      }
    }
  }
  if (!(minX <= maxX)) return { minX: 0, minY: 0, maxX: 0, maxY: 0, cx: 0, cy: 0 };
  return { minX, minY, maxX, maxY, cx: (minX + maxX) / 2, cy: (minY + maxY) / 2 };
}

/** Calls `fn` with every entry candidate of a unit: its point and the option it stands for. */
export function forEachEntry(unit: Unit, fn: (x: number, y: number, option: number) => void): void {
  const e = unit.ends;
  if (!e) return;
  if (unit.kind === 'ring') {
    const pts = (unit.ops[0] as PathOp).points;
    for (let k = 0; k < pts.length; k++) fn(pts[k]!.x, pts[k]!.y, k);
    return;
  }
  fn(e.sx, e.sy, 0);
  if (unit.kind === 'open') fn(e.ex, e.ey, 1);
}

/** Number of entry candidates of a unit. */
export function entryCount(unit: Unit): number {
  if (!unit.ends) return 0;
  if (unit.kind === 'ring') return (unit.ops[0] as PathOp).points.length;
  return unit.kind === 'open' ? 2 : 1;
}

/** The option nearest the head (ties to the lowest option). */
export function nearestEntry(unit: Unit, head: Vec2): number {
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  forEachEntry(unit, (x, y, option) => {
    const d = (x - head.x) ** 2 + (y - head.y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = option;
    }
  });
  return best;
}

/**
 * Appends the unit's ops, run with `option`, to `out`, and moves `head` to where the head stops after
 * it. Ops that are rotated or reversed are copied; the rest are passed on as they are.
 */
export function emitUnit(unit: Unit, option: number, out: JobOp[], head: Vec2): void {
  const e = unit.ends;
  if (unit.kind === 'ring' && option !== 0) {
    const op = unit.ops[0] as PathOp;
    const pts = op.points;
    out.push({ ...op, points: [...pts.slice(option), ...pts.slice(0, option)] });
    head.x = pts[option]!.x;
    head.y = pts[option]!.y;
    return;
  }
  if (unit.kind === 'open' && option === 1) {
    for (let i = unit.ops.length - 1; i >= 0; i--) {
      const op = unit.ops[i] as PathOp;
      out.push({ ...op, points: op.points.slice().reverse() });
    }
    head.x = e!.sx;
    head.y = e!.sy;
    return;
  }
  for (const op of unit.ops) out.push(op);
  if (e) {
    head.x = e.ex;
    head.y = e.ey;
  }
}
