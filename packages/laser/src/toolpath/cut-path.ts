import type { CutSettings, LeadSettings } from '../model/document.js';
import type { PathOp } from '../model/job.js';
import type { Vec2 } from '../model/matrix.js';
import { insideEvenOdd, polylineLength, signedArea } from '../model/path.js';
import { type ClipRect, insideArea } from './work-area.js';

/**
 * What the head does along one cut op, once its entry point is known (the optimiser may rotate a closed
 * contour, so this is worked out when the job is walked, not when it is planned): the lead-in from the
 * scrap side, the contour, the overcut past its start, the lead-out, with the laser off over tabs and
 * between perforation dashes; or, in dot mode, the points fired one by one.
 */

/** A feed move to (x, y), burning or not. */
export interface CutMove {
  x: number;
  y: number;
  burn: boolean;
}

export interface CutProgram {
  /** Where the rapid move before the op goes. */
  entry: Vec2;
  /** Feed moves from the entry, in order (empty in dot mode). */
  moves: CutMove[];
  /** Dot mode: the points fired, each for the perforation dwell. */
  dots: Vec2[] | null;
}

/** Arcs of leads are drawn as chords of at most this angle (5°: under 0.004 mm off on a 2 mm radius). */
const ARC_STEP = Math.PI / 36;
/** Dash patterns repeated more often than this along one op are cut solid (a hostile pattern of 0.0001 mm). */
const MAX_DASHES = 100_000;
/** A lead that would cross its contour is halved up to this many times, then left out. */
const LEAD_TRIES = 5;

/** Whether the op is cut any other way than along its points (so it needs a program at all). */
export function hasCutFeatures(op: PathOp, cut: CutSettings): boolean {
  if (op.tabs?.length || op.dash?.length || cut.perforation.mode !== 'none') return true;
  return op.closed && (cut.overcut > 0 || cut.leadIn.kind !== 'none' || cut.leadOut.kind !== 'none');
}

/** `area`: where leads may go (the bed); a lead that would leave it is shortened or left out. */
export function cutProgram(op: PathOp, cut: CutSettings, area?: ClipRect): CutProgram {
  const pts = op.points;
  // A closed op goes back to its start; the contour features need a ring with an inside.
  const { path, loop } = burnPath(pts, op.closed && pts.length >= 2, op.closed ? cut.overcut : 0);
  const closed = op.closed && pts.length >= 3;
  const total = length(path);
  const off = offIntervals(op, cut, loop, total);
  if (cut.perforation.mode === 'dot') {
    const dots = dotPoints(path, loop > 0 ? loop : total, cut.perforation.spacing, off, loop > 0);
    return { entry: dots[0] ?? pts[0]!, moves: [], dots };
  }
  const moves = splitByIntervals(path, off);
  let entry = path[0]!;
  if (closed) {
    const ring = pts;
    const hole = op.hole === true;
    const leadIn = leadPoints(ring, hole, 0, cut.leadIn, 'in', area);
    if (leadIn) {
      entry = leadIn[0]!;
      moves.unshift(...leadIn.slice(1).map((p) => ({ x: p.x, y: p.y, burn: true })));
    }
    const end = path[path.length - 1]!;
    const endSegment = segmentEndingAt(path);
    const leadOut = leadPoints(ring, hole, endSegment, cut.leadOut, 'out', area, end);
    if (leadOut) for (const p of leadOut.slice(1)) moves.push({ x: p.x, y: p.y, burn: true });
  }
  return { entry, moves, dots: null };
}

/** The burnt line: open paths as drawn; closed ones round and back to the start, then on by the overcut. */
function burnPath(pts: readonly Vec2[], closed: boolean, overcut: number): { path: Vec2[]; loop: number } {
  if (!closed) return { path: [...pts], loop: 0 };
  const path = [...pts, pts[0]!];
  const loop = length(path);
  let left = Math.min(overcut, loop);
  for (let i = 1; left > 1e-9 && i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const d = Math.hypot(b.x - a.x, b.y - a.y);
    if (d <= left) {
      path.push(b);
      left -= d;
    } else {
      path.push({ x: a.x + ((b.x - a.x) * left) / d, y: a.y + ((b.y - a.y) * left) / d });
      left = 0;
    }
  }
  return { path, loop };
}

const length = (path: Vec2[]) => polylineLength({ points: path, closed: false });

/** Where along the burnt line (arc length) the laser is off: tab gaps and perforation gaps, merged. */
function offIntervals(op: PathOp, cut: CutSettings, loop: number, total: number): [number, number][] {
  const out: [number, number][] = [];
  if (loop > 0 && op.tabs?.length && cut.tabs.width > 0) {
    const half = cut.tabs.width / 2;
    for (const tab of op.tabs) {
      const s = arcPosition(op.points, tab);
      // Each tab is repeated one loop on, where the overcut runs over the start again.
      for (const base of [s - loop, s, s + loop]) out.push([base - half, base + half]);
    }
  }
  const p = cut.perforation;
  if (p.mode === 'dash' && p.on > 0 && p.off > 0) {
    for (let s = p.on; s < total; s += p.on + p.off) out.push([s, s + p.off]);
  }
  // A dashed stroke cut as drawn: the laser off over the pattern's gaps (odd entries).
  const dash = op.dash;
  const period = dash?.reduce((t, d) => t + d, 0) ?? 0;
  if (dash && period > 0 && total / period <= MAX_DASHES) {
    const shift = (((op.dashOffset ?? 0) % period) + period) % period;
    for (let s = -shift; s < total; ) {
      for (const [i, d] of dash.entries()) {
        if (i % 2 === 1 && d > 0) out.push([s, s + d]);
        s += d;
      }
    }
  }
  return merge(out.filter(([a, b]) => b > 0 && a < total));
}

function merge(intervals: [number, number][]): [number, number][] {
  intervals.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [a, b] of intervals) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/**
 * The point of a closed contour nearest `p`: its squared distance from `p`, and its arc length from the
 * contour's first point.
 */
export function nearestOnRing(ring: readonly Vec2[], p: Vec2): { distance2: number; at: number } {
  let best = Number.POSITIVE_INFINITY;
  let at = 0;
  let s = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0;
    const d = (a.x + dx * t - p.x) ** 2 + (a.y + dy * t - p.y) ** 2;
    if (d < best) {
      best = d;
      at = s + t * Math.sqrt(len2);
    }
    s += Math.sqrt(len2);
  }
  return { distance2: best, at };
}

/** Arc length from the first point of a closed contour to the point on it nearest `p`. */
export function arcPosition(ring: readonly Vec2[], p: Vec2): number {
  return nearestOnRing(ring, p).at;
}

/** The burnt line as feed moves, split where the laser turns off or on (`off`: sorted, merged). */
function splitByIntervals(path: readonly Vec2[], off: readonly [number, number][]): CutMove[] {
  const moves: CutMove[] = [];
  let k = 0; // the first interval that does not end before the current point
  let s = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const d = Math.hypot(b.x - a.x, b.y - a.y);
    if (d === 0) continue;
    const end = s + d;
    let at = s;
    while (at < end) {
      while (k < off.length && off[k]![1] <= at) k++;
      const next = off[k];
      // Inside an interval: off until its end; before one: on until its start.
      const burn = !(next && next[0] <= at);
      const to = Math.min(end, next ? (burn ? next[0] : next[1]) : end);
      const t = (to - s) / d;
      const point = to >= end ? { x: b.x, y: b.y } : { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      const last = moves[moves.length - 1];
      // Pieces of one segment with the same state are one move.
      if (last && last.burn === burn && at > s) {
        last.x = point.x;
        last.y = point.y;
      } else moves.push({ ...point, burn });
      at = to;
    }
    s = end;
  }
  return moves;
}

/** Dot mode: points every `spacing` along the first `extent` mm of the line, none inside an off interval. */
function dotPoints(
  path: readonly Vec2[],
  extent: number,
  spacing: number,
  off: readonly [number, number][],
  closed: boolean,
): Vec2[] {
  const dots: Vec2[] = [];
  let s = 0;
  let next = 0;
  const limit = closed ? extent - spacing / 2 : extent + 1e-9;
  for (let i = 1; i < path.length && next <= limit; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const d = Math.hypot(b.x - a.x, b.y - a.y);
    while (d > 0 && next <= s + d + 1e-9 && next <= limit) {
      const t = Math.min(1, (next - s) / d);
      if (!off.some(([x, y]) => next > x && next < y)) {
        dots.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
      }
      next += spacing;
    }
    s += d;
  }
  return dots;
}

/** Index of the last segment of non-zero length of the burnt line, counted on the contour. */
function segmentEndingAt(path: readonly Vec2[]): number {
  let j = path.length - 1;
  while (j > 0 && path[j]!.x === path[j - 1]!.x && path[j]!.y === path[j - 1]!.y) j--;
  return j;
}

/**
 * The points of a lead: `in` ends at the contour's first point, arriving along its first segment; `out`
 * starts at `from` (where the burn ended), leaving from the direction of travel there. Leads go into the
 * scrap: outward from an outer contour, into a hole. A lead that would end inside the part or cross the
 * contour is shortened, and left out if it cannot be made to fit. Null for none.
 */
function leadPoints(
  ring: readonly Vec2[],
  hole: boolean,
  endSegment: number,
  lead: LeadSettings,
  which: 'in' | 'out',
  area: ClipRect | undefined,
  from?: Vec2,
): Vec2[] | null {
  if (lead.kind === 'none' || !(lead.length > 0)) return null;
  const n = ring.length;
  const interiorLeft = signedArea(ring) > 0;
  let at: Vec2;
  let t: Vec2;
  if (which === 'in') {
    at = ring[0]!;
    t = direction(ring[0]!, firstDistinct(ring, 0, 1));
  } else {
    at = from!;
    // The travel direction where the burn ended: along the contour segment it ended on.
    const k = (((endSegment - 1) % n) + n) % n;
    t = direction(ring[k]!, ring[(k + 1) % n]!);
    if (t.x === 0 && t.y === 0) t = direction(ring[0]!, firstDistinct(ring, 0, 1));
  }
  // Left of travel is (−t.y, t.x); the interior lies there on a positively oriented ring.
  const inward = interiorLeft ? { x: -t.y, y: t.x } : { x: t.y, y: -t.x };
  const scrap = hole ? inward : { x: -inward.x, y: -inward.y };
  for (let k = 0, size = lead.length; k < LEAD_TRIES; k++, size /= 2) {
    const pts = lead.kind === 'line' ? lineLead(at, scrap, size, which) : arcLead(at, scrap, t, size, which);
    if (leadFits(pts, ring, hole) && (!area || pts.every((p) => insideArea(p, area)))) return pts;
  }
  return null;
}

function lineLead(at: Vec2, scrap: Vec2, size: number, which: 'in' | 'out'): Vec2[] {
  const far = { x: at.x + scrap.x * size, y: at.y + scrap.y * size };
  return which === 'in' ? [far, at] : [at, far];
}

/**
 * A quarter circle of radius `r` tangent to the contour at `at`, its centre `r` into the scrap. With u
 * = −scrap and v = the travel direction, the circle is c + r(cos θ·u + sin θ·v): θ = 0 is `at`, moving
 * along v; the lead-in runs θ from −90° to 0, the lead-out from 0 to 90°.
 */
function arcLead(at: Vec2, scrap: Vec2, t: Vec2, r: number, which: 'in' | 'out'): Vec2[] {
  const c = { x: at.x + scrap.x * r, y: at.y + scrap.y * r };
  const pts: Vec2[] = [];
  const steps = Math.ceil(Math.PI / 2 / ARC_STEP);
  for (let i = 0; i <= steps; i++) {
    const theta = which === 'in' ? -Math.PI / 2 + (i * Math.PI) / 2 / steps : (i * Math.PI) / 2 / steps;
    const cos = Math.cos(theta);
    const sin = Math.sin(theta);
    pts.push({ x: c.x + r * (-cos * scrap.x + sin * t.x), y: c.y + r * (-cos * scrap.y + sin * t.y) });
  }
  if (which === 'in') pts[pts.length - 1] = at;
  else pts[0] = at;
  return pts;
}

/** The lead lies in the scrap: its points and the middles of its segments (its attached end excepted). */
function leadFits(pts: readonly Vec2[], ring: readonly Vec2[], hole: boolean): boolean {
  const probes: Vec2[] = [...pts];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    for (const t of [0.25, 0.5, 0.75]) probes.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
  }
  for (const p of probes) {
    if (onRing(ring, p)) continue;
    if (insideEvenOdd([ring], p.x, p.y) !== hole) return false;
  }
  return true;
}

function onRing(ring: readonly Vec2[], p: Vec2): boolean {
  return nearestOnRing(ring, p).distance2 < 1e-12;
}

function firstDistinct(ring: readonly Vec2[], from: number, step: number): Vec2 {
  const p = ring[from]!;
  for (let k = 1; k < ring.length; k++) {
    const q = ring[(from + k * step + ring.length) % ring.length]!;
    if (q.x !== p.x || q.y !== p.y) return q;
  }
  return p;
}

function direction(a: Vec2, b: Vec2): Vec2 {
  const d = Math.hypot(b.x - a.x, b.y - a.y);
  return d > 0 ? { x: (b.x - a.x) / d, y: (b.y - a.y) / d } : { x: 0, y: 0 };
}
