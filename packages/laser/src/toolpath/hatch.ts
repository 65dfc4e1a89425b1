import type { FillSettings } from '../model/document.js';
import { LASER_MESSAGES, SettingError } from '../model/errors.js';
import type { PathOp } from '../model/job.js';
import type { Vec2 } from '../model/matrix.js';
import { MAX_HATCH_LINES, MAX_HATCH_SEGMENTS } from './messages.js';

/**
 * Scanline fill hatching. The region is turned so the hatch lines run along the rotated u axis; the
 * lines sit at v = minV + (k + ½)·interval (centred in their stripe, so a rectangle of height n·interval
 * gets exactly n lines). The edges are sorted once per angle by the first line that meets them (a
 * counting sort) and swept with an active edge list kept in x order: insertion sort for the list, which
 * barely changes from one line to the next, and a merge for the edges joining it. The cost is about
 * lines × active edges, whatever the number of shapes.
 */

export type WindingRule = 'evenodd' | 'nonzero';

/**
 * A hatch line: a two-point fill PathOp. Its layerId and shapeId are those given in HatchOptions (empty
 * strings otherwise); the planner passes them so the ops are built once, at their final shape.
 */
export type HatchLine = PathOp;

/** Rings filled by one rule: one shape's outline (its sub-paths, holes included). */
export interface HatchGroup {
  rings: readonly (readonly Vec2[])[];
  rule: WindingRule;
}

export interface HatchOptions {
  /**
   * Relief engraving: a ring (the frame) burnt where no group covers it. Without a frame the groups
   * themselves are burnt.
   */
  frame?: readonly Vec2[];
  /** Stamped on every line (default ''). */
  layerId?: string;
  /** Stamped on every line (default ''). */
  shapeId?: string;
}

/** Gaps or burns shorter than this (mm) are numerical noise: skipped or merged. */
const EPS = 1e-9;

/** Refuses fill settings that would make no lines or endless ones. */
export function validateFillSettings(s: FillSettings): void {
  if (!(Number.isFinite(s.interval) && s.interval > 0)) throw new SettingError(LASER_MESSAGES.fillInterval);
  if (!Number.isFinite(s.angle)) throw new SettingError(LASER_MESSAGES.fillAngle);
  if (!(Number.isFinite(s.overscan) && s.overscan >= 0)) throw new SettingError(LASER_MESSAGES.fillOverscan);
}

/**
 * Hatch lines filling `rings` by one winding rule (`evenodd`: holes stay unburnt; `nonzero`: a point is
 * inside when the rings wind around it a non-zero number of times). Open rings are closed implicitly.
 * Every line is a two-point PathOp-like record carrying the settings' overscan and `blockId`.
 */
export function hatchRings(
  rings: readonly (readonly Vec2[])[],
  settings: FillSettings,
  rule: WindingRule,
  blockId: string,
): HatchLine[] {
  return hatchGroups([{ rings, rule }], settings, blockId);
}

/**
 * Hatch lines for several groups filled together: a point is burnt when an odd number of groups cover
 * it (each by its own rule), so shapes drawn inside others (separate CAD contours) make holes, as laser
 * software does. With `options.frame`, the frame is burnt where an even number of groups (none, for
 * shapes that do not overlap) cover it: relief engraving that leaves the shapes standing.
 * The first set of lines runs at `settings.angle`, the cross-hatch set (if any) at angle + 90°.
 */
export function hatchGroups(
  groups: readonly HatchGroup[],
  settings: FillSettings,
  blockId: string,
  options: HatchOptions = {},
): HatchLine[] {
  validateFillSettings(settings);
  const all = options.frame ? [...groups, { rings: [options.frame], rule: 'evenodd' as const }] : groups;
  const edges = buildEdgeSet(all);
  const out: HatchLine[] = [];
  const ctx: ScanContext = {
    edges,
    frameGroup: options.frame ? groups.length : -1,
    settings,
    block: blockId,
    layerId: options.layerId ?? '',
    shapeId: options.shapeId ?? '',
    out,
  };
  scanAngle(ctx, settings.angle);
  if (settings.crossHatch) scanAngle(ctx, settings.angle + 90);
  return out;
}

/** The rings flattened into typed arrays once; each angle rotates them. */
interface EdgeSet {
  /** Vertex coordinates, all rings back to back. */
  xs: Float64Array;
  ys: Float64Array;
  /** Start index of each ring in xs/ys, plus a final entry = total vertices. */
  ringStart: Int32Array;
  /** Group of each ring. */
  ringGroup: Int32Array;
  /** 1 where the group's rule is nonzero. */
  nonzero: Uint8Array;
  groupCount: number;
}

/** Points of a ring with finite coordinates (the others are left out of the fill). */
function finiteCount(ring: readonly Vec2[]): number {
  let n = 0;
  for (const p of ring) if (Number.isFinite(p.x) && Number.isFinite(p.y)) n++;
  return n;
}

/** Packs the rings' finite vertices into typed arrays, with each ring's group. */
function buildEdgeSet(groups: readonly HatchGroup[]): EdgeSet {
  let vertices = 0;
  let rings = 0;
  for (const g of groups) {
    for (const r of g.rings) {
      const n = finiteCount(r);
      if (n < 2) continue;
      vertices += n;
      rings++;
    }
  }
  const xs = new Float64Array(vertices);
  const ys = new Float64Array(vertices);
  const ringStart = new Int32Array(rings + 1);
  const ringGroup = new Int32Array(rings);
  const nonzero = new Uint8Array(groups.length);
  let v = 0;
  let r = 0;
  for (const [gi, g] of groups.entries()) {
    nonzero[gi] = g.rule === 'nonzero' ? 1 : 0;
    for (const ring of g.rings) {
      if (finiteCount(ring) < 2) continue;
      ringStart[r] = v;
      ringGroup[r] = gi;
      r++;
      for (const p of ring) {
        if (!(Number.isFinite(p.x) && Number.isFinite(p.y))) continue;
        xs[v] = p.x;
        ys[v] = p.y;
        v++;
      }
    }
  }
  ringStart[rings] = v;
  return { xs, ys, ringStart, ringGroup, nonzero, groupCount: groups.length };
}

interface ScanContext {
  edges: EdgeSet;
  frameGroup: number;
  settings: FillSettings;
  block: string;
  layerId: string;
  shapeId: string;
  out: HatchLine[];
}

/** Edges in rotated coordinates: the low end (v0, u0), the high v (v1), du/dv, group and direction. */
interface RotatedEdges {
  count: number;
  v0: Float64Array;
  v1: Float64Array;
  u0: Float64Array;
  slope: Float64Array;
  group: Int32Array;
  dir: Int8Array;
  minV: number;
  maxV: number;
}

/** Rotates every ring by −angle (so hatch lines become horizontal) and lists the non-horizontal edges. */
function rotateEdges(set: EdgeSet, cos: number, sin: number): RotatedEdges {
  const n = set.xs.length;
  const u = new Float64Array(n);
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    u[i] = set.xs[i]! * cos + set.ys[i]! * sin;
    v[i] = -set.xs[i]! * sin + set.ys[i]! * cos;
  }
  const e: RotatedEdges = {
    count: 0,
    v0: new Float64Array(n),
    v1: new Float64Array(n),
    u0: new Float64Array(n),
    slope: new Float64Array(n),
    group: new Int32Array(n),
    dir: new Int8Array(n),
    minV: Number.POSITIVE_INFINITY,
    maxV: Number.NEGATIVE_INFINITY,
  };
  const rings = set.ringGroup.length;
  for (let r = 0; r < rings; r++) {
    const start = set.ringStart[r]!;
    const end = set.ringStart[r + 1]!;
    for (let i = start; i < end; i++) {
      const j = i + 1 < end ? i + 1 : start;
      const va = v[i]!;
      const vb = v[j]!;
      if (va === vb) continue;
      const up = va < vb;
      const k = e.count++;
      const lo = up ? i : j;
      const hi = up ? j : i;
      e.v0[k] = v[lo]!;
      e.v1[k] = v[hi]!;
      e.u0[k] = u[lo]!;
      e.slope[k] = (u[hi]! - u[lo]!) / (v[hi]! - v[lo]!);
      e.group[k] = set.ringGroup[r]!;
      e.dir[k] = up ? 1 : -1;
      if (v[lo]! < e.minV) e.minV = v[lo]!;
      if (v[hi]! > e.maxV) e.maxV = v[hi]!;
    }
  }
  return e;
}

/** The scan state of one angle: the active edges in x order and the winding count of each group. */
interface Sweep {
  active: Int32Array;
  x: Float64Array;
  size: number;
  /** Edges starting at the current line, and their crossings, before they join the active list. */
  batch: Int32Array;
  batchX: Float64Array;
  wind: Int32Array;
  /** Burnt spans of the current line: start, end, start, end… in increasing u. */
  spans: number[];
}

/** Hatches the region along one angle (degrees), appending lines to ctx.out. */
function scanAngle(ctx: ScanContext, angle: number): void {
  const rad = (angle * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const e = rotateEdges(ctx.edges, cos, sin);
  if (e.count === 0) return;
  const interval = ctx.settings.interval;
  if ((e.maxV - e.minV) / interval > MAX_HATCH_LINES) throw new SettingError(LASER_MESSAGES.fillTooDense);
  const { order, start } = bucketEdges(e, interval);
  const sweep: Sweep = {
    active: new Int32Array(e.count),
    x: new Float64Array(e.count),
    batch: new Int32Array(e.count),
    batchX: new Float64Array(e.count),
    size: 0,
    wind: new Int32Array(ctx.edges.groupCount),
    spans: [],
  };
  let emitted = 0;
  for (let k = 0; ; k++) {
    const v = e.minV + (k + 0.5) * interval;
    if (!(v < e.maxV)) break;
    dropFinished(sweep, e, v);
    sortActive(sweep, e, v);
    let added = 0;
    for (let n = start[k]!; n < start[k + 1]!; n++) {
      const idx = order[n]!;
      if (e.v1[idx]! > v) sweep.batch[added++] = idx;
    }
    if (added > 0) mergeBatch(sweep, e, v, added);
    if (sweep.size === 0) continue;
    spansAt(sweep, e, ctx);
    if (sweep.spans.length === 0) continue;
    const forward = !ctx.settings.bidirectional || emitted % 2 === 0;
    emitLine(ctx, sweep.spans, v, cos, sin, forward);
    emitted++;
  }
}

/**
 * The edges grouped by the first line that meets them (line k is at minV + (k + ½)·interval, and meets
 * an edge when v0 ≤ v < v1): a counting sort, linear in edges plus lines. Edges of bucket k are
 * order[start[k] … start[k + 1]).
 */
function bucketEdges(e: RotatedEdges, interval: number): { order: Int32Array; start: Int32Array } {
  const lines = Math.floor((e.maxV - e.minV) / interval) + 2;
  const lineV = (k: number) => e.minV + (k + 0.5) * interval;
  const first = new Int32Array(e.count);
  const start = new Int32Array(lines + 2);
  for (let i = 0; i < e.count; i++) {
    const v0 = e.v0[i]!;
    let k = Math.max(0, Math.min(lines, Math.ceil((v0 - e.minV) / interval - 0.5)));
    // Settle rounding so the bucket matches the sweep's own test, v0 ≤ v.
    while (k > 0 && v0 <= lineV(k - 1)) k--;
    while (k < lines && v0 > lineV(k)) k++;
    first[i] = k;
    start[k + 1]!++;
  }
  for (let k = 0; k <= lines; k++) start[k + 1]! += start[k]!;
  const fill = start.slice();
  const order = new Int32Array(e.count);
  for (let i = 0; i < e.count; i++) order[fill[first[i]!]!++] = i;
  return { order, start };
}

/** Removes the edges whose high end is at or above line v (edges are half-open: [v0, v1)). */
function dropFinished(s: Sweep, e: RotatedEdges, v: number): void {
  let w = 0;
  for (let i = 0; i < s.size; i++) {
    const idx = s.active[i]!;
    if (e.v1[idx]! > v) s.active[w++] = idx;
  }
  s.size = w;
}

/** Computes each active edge's crossing with line v and insertion-sorts the edges by it (nearly sorted already). */
function sortActive(s: Sweep, e: RotatedEdges, v: number): void {
  const { active, x } = s;
  for (let i = 0; i < s.size; i++) {
    const idx = active[i]!;
    x[i] = e.u0[idx]! + (v - e.v0[idx]!) * e.slope[idx]!;
  }
  for (let i = 1; i < s.size; i++) {
    const xi = x[i]!;
    const ai = active[i]!;
    let j = i - 1;
    while (j >= 0 && x[j]! > xi) {
      x[j + 1] = x[j]!;
      active[j + 1] = active[j]!;
      j--;
    }
    x[j + 1] = xi;
    active[j + 1] = ai;
  }
}

/**
 * Adds the edges that start at line v: sorts them by crossing (usually a handful) and merges them into
 * the sorted active list from the back, in place, so each line costs O(active + added·log added)
 * rather than moving every new edge through the whole list.
 */
function mergeBatch(s: Sweep, e: RotatedEdges, v: number, added: number): void {
  const { batch, batchX, active, x } = s;
  for (let i = 0; i < added; i++) {
    const idx = batch[i]!;
    batchX[i] = e.u0[idx]! + (v - e.v0[idx]!) * e.slope[idx]!;
  }
  for (let i = 1; i < added; i++) {
    const xi = batchX[i]!;
    const bi = batch[i]!;
    let j = i - 1;
    while (j >= 0 && batchX[j]! > xi) {
      batchX[j + 1] = batchX[j]!;
      batch[j + 1] = batch[j]!;
      j--;
    }
    batchX[j + 1] = xi;
    batch[j + 1] = bi;
  }
  let a = s.size - 1;
  let b = added - 1;
  for (let w = s.size + added - 1; b >= 0; w--) {
    if (a >= 0 && x[a]! > batchX[b]!) {
      x[w] = x[a]!;
      active[w] = active[a]!;
      a--;
    } else {
      x[w] = batchX[b]!;
      active[w] = batch[b]!;
      b--;
    }
  }
  s.size += added;
}

/** Whether a winding number counts as inside under the group's rule. */
function insideBy(nonzero: number, w: number): boolean {
  return nonzero ? w !== 0 : (w & 1) !== 0;
}

/**
 * Walks the sorted crossings of one line, tracking each group's winding number and how many groups
 * cover the current point, and collects the burnt spans (touching spans merged, empty ones dropped).
 */
function spansAt(s: Sweep, e: RotatedEdges, ctx: ScanContext): void {
  const spans = s.spans;
  spans.length = 0;
  const nonzero = ctx.edges.nonzero;
  const frame = ctx.frameGroup;
  let covering = 0;
  let inFrame = false;
  let on = false;
  let start = 0;
  for (let i = 0; i < s.size; i++) {
    const idx = s.active[i]!;
    const g = e.group[idx]!;
    const before = s.wind[g]!;
    const after = before + e.dir[idx]!;
    s.wind[g] = after;
    const was = insideBy(nonzero[g]!, before);
    const is = insideBy(nonzero[g]!, after);
    if (was !== is) {
      if (g === frame) inFrame = is;
      else covering += is ? 1 : -1;
    }
    const burn = frame >= 0 ? inFrame && (covering & 1) === 0 : (covering & 1) === 1;
    if (burn === on) continue;
    on = burn;
    const x = s.x[i]!;
    if (burn) {
      const n = spans.length;
      if (n > 0 && x - spans[n - 1]! <= EPS) {
        start = spans[n - 2]!;
        spans.length = n - 2;
      } else start = x;
    } else if (x - start > EPS) spans.push(start, x);
  }
  for (let i = 0; i < s.size; i++) s.wind[e.group[s.active[i]!]!] = 0;
}

/** Turns the spans of line v back into document coordinates and appends them as hatch lines. */
function emitLine(ctx: ScanContext, spans: number[], v: number, cos: number, sin: number, forward: boolean): void {
  const { out, settings, block, layerId, shapeId } = ctx;
  if (out.length + spans.length / 2 > MAX_HATCH_SEGMENTS) throw new SettingError(LASER_MESSAGES.fillTooDense);
  const toDoc = (u: number): Vec2 => ({ x: u * cos - v * sin, y: u * sin + v * cos });
  const pairs = spans.length / 2;
  for (let n = 0; n < pairs; n++) {
    const p = forward ? n : pairs - 1 - n;
    const a = toDoc(spans[2 * p]!);
    const b = toDoc(spans[2 * p + 1]!);
    out.push({
      kind: 'path',
      mode: 'fill',
      layerId,
      shapeId,
      points: forward ? [a, b] : [b, a],
      closed: false,
      overscan: settings.overscan,
      block,
    });
  }
}
