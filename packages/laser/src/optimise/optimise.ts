import type { Layer, PathOptimisation } from '../model/document.js';
import { LASER_MESSAGES, SettingError } from '../model/errors.js';
import type { Job, JobOp } from '../model/job.js';
import type { Vec2 } from '../model/matrix.js';
import { type ContainerGraph, containerGraph } from './containment.js';
import { checkFinite, measureTravel } from './geometry.js';
import { NearestGrid } from './grid.js';
import { buildUnits, emitUnit, entryCount, forEachEntry, nearestEntry, type Unit } from './units.js';

/**
 * The path optimiser: reorders a job's ops to cut down the rapid moves between them, within the rules
 * of each layer's `optimisation` settings.
 *
 * The job is cut into stages: runs of consecutive ops of one layer and one kind (raster, fill, cut), so
 * layers keep their order and a layer's fills still come before its outlines, as the planner laid them
 * out. Each stage of a layer with `layerOptimisation` on is ordered on its own:
 *  - fill blocks move as one unit (reversible as a whole when all lines are open), raster ops as fixed
 *    units, closed paths may start at any vertex (`startPoint: auto`), open paths may run backwards;
 *  - `insideOut`: a closed path inside another is cut before its container (see containment.ts);
 *  - `partitionSize`: the bed is cut into square zones swept in serpentine order along `direction`; a
 *    unit belongs to the zone of its bounds' centre (a container moves on to the zone of its last
 *    content, so inside-out still holds);
 *  - `findRule: nearest`: greedy nearest neighbour over the units allowed next (spatial grid);
 *    `original`: the given order, with entry points and directions still chosen.
 * Of the orders found (nearest, original with chosen entries, and the order as given when it obeys the
 * rules) the stage keeps the one with the least travel; if the whole result still travels further
 * than the job as given (possible only through the head's position between stages) and the job as given
 * obeys every rule, the job is returned unchanged. So travel never grows where the rules allow the
 * original order.
 */

export interface OptimiseOptions {
  /** Where the head starts, document mm (default (0, 0)). */
  start?: Vec2;
}

export interface OptimiseResult {
  job: Job;
  /** Rapid-move distance of the job as given, from the start, mm. */
  travelBefore: number;
  /** The same for the optimised job. */
  travelAfter: number;
}

export function optimiseJob(job: Job, options: OptimiseOptions = {}): OptimiseResult {
  const start = options.start ?? { x: 0, y: 0 };
  if (!(Number.isFinite(start.x) && Number.isFinite(start.y))) throw new SettingError(LASER_MESSAGES.badStart);
  checkFinite(job.ops);
  const layers = new Map<string, Layer>(job.layers.map((l) => [l.id, l]));
  const head = { x: start.x, y: start.y };
  const ops: JobOp[] = [];
  let originalValid = true;
  for (const stage of stages(job.ops)) {
    const settings = layers.get(stage[0]!.layerId)?.optimisation;
    if (!settings?.layerOptimisation) {
      for (const op of stage) ops.push(op);
      const moved = measureTravel(stage, head).end;
      head.x = moved.x;
      head.y = moved.y;
      continue;
    }
    const result = optimiseStage(stage, settings, head, job.width, job.height);
    originalValid &&= result.originalValid;
    for (const op of result.ops) ops.push(op);
    head.x = result.end.x;
    head.y = result.end.y;
  }
  const travelBefore = measureTravel(job.ops, start).travel;
  const travelAfter = measureTravel(ops, start).travel;
  if (travelAfter > travelBefore && originalValid) return { job, travelBefore, travelAfter: travelBefore };
  return { job: { ...job, ops }, travelBefore, travelAfter };
}

/** Runs of consecutive ops with the same layer, the same kind (raster, fill or cut) and the same pass. */
function stages(ops: readonly JobOp[]): JobOp[][] {
  const out: JobOp[][] = [];
  let current: JobOp[] = [];
  let key = '';
  for (const op of ops) {
    // Passes stay in order: a pass is its own stage (passes run shape by shape share blocks instead).
    const pass = op.kind === 'path' && op.block === undefined ? (op.pass ?? 1) : 0;
    const k = `${op.kind === 'raster' ? 'raster' : op.mode}\u0000${op.layerId}\u0000${pass}`;
    if (k !== key && current.length > 0) {
      out.push(current);
      current = [];
    }
    key = k;
    current.push(op);
  }
  if (current.length > 0) out.push(current);
  return out;
}

interface StageResult {
  ops: JobOp[];
  end: Vec2;
  /** Whether the stage's order as given obeys its rules (inside-out and zones). */
  originalValid: boolean;
}

/** The rules of one stage, worked out once: containers, zones and the units' places in them. */
interface StagePlan {
  units: Unit[];
  /** For each unit, the units containing it (cut after it). */
  graph: ContainerGraph;
  /** Zone rank each unit is cut in (0 without zones). */
  zone: Int32Array;
  zoneCount: number;
}

function optimiseStage(
  stageOps: readonly JobOp[],
  settings: PathOptimisation,
  head: Vec2,
  width: number,
  height: number,
): StageResult {
  const units = buildUnits(stageOps, settings.startPoint === 'auto');
  const graph = containerGraph(settings.insideOut ? units.map((u) => u.ring) : []);
  const plan: StagePlan = { units, graph, ...zoneRanks(units, graph, settings, width, height) };
  const candidates: JobOp[][] = [orderStage(plan, settings.findRule === 'nearest', head)];
  if (settings.findRule === 'nearest') candidates.push(orderStage(plan, false, head));
  const originalValid = obeysRules(plan, stageOps.length);
  if (originalValid) candidates.push(stageOps.slice());
  let best = candidates[0]!;
  let bestTravel = measureTravel(best, head);
  for (const c of candidates.slice(1)) {
    const t = measureTravel(c, head);
    if (t.travel < bestTravel.travel) {
      best = c;
      bestTravel = t;
    }
  }
  return { ops: best, end: bestTravel.end, originalValid };
}

/**
 * Zone ranks: units sorted by zone in serpentine order get ranks 0, 1, …; a container's rank is raised
 * to the highest rank of what it contains (children have smaller areas, so ascending area is a
 * children-first order).
 */
function zoneRanks(
  units: readonly Unit[],
  graph: ContainerGraph,
  settings: PathOptimisation,
  width: number,
  height: number,
): { zone: Int32Array; zoneCount: number } {
  const n = units.length;
  const zone = new Int32Array(n);
  const size = settings.partitionSize;
  if (!(Number.isFinite(size) && size > 0)) return { zone, zoneCount: 1 };
  const col = new Float64Array(n);
  const row = new Float64Array(n);
  let cols = Math.ceil(width / size);
  let rows = Math.ceil(height / size);
  for (let i = 0; i < n; i++) {
    col[i] = Math.max(0, Math.floor(units[i]!.cx / size));
    row[i] = Math.max(0, Math.floor(units[i]!.cy / size));
    cols = Math.max(cols, col[i]! + 1);
    rows = Math.max(rows, row[i]! + 1);
  }
  const byX = settings.direction !== 'y';
  const major = byX ? row : col;
  const minor = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const along = byX ? col[i]! : row[i]!;
    const count = byX ? cols : rows;
    minor[i] = major[i]! % 2 === 0 ? along : count - 1 - along;
  }
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => major[a]! - major[b]! || minor[a]! - minor[b]! || a - b);
  let rank = -1;
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    const prev = k > 0 ? order[k - 1]! : -1;
    if (prev < 0 || major[i] !== major[prev] || minor[i] !== minor[prev]) rank++;
    zone[i] = rank;
  }
  const byArea = units
    .map((u, i) => ({ i, area: u.ring?.area ?? 0 }))
    .filter((u) => hasContainers(graph, u.i))
    .sort((a, b) => a.area - b.area || a.i - b.i);
  for (const { i } of byArea) {
    for (let e = graph.start[i]!; e < graph.start[i + 1]!; e++) {
      const p = graph.list[e]!;
      if (zone[i]! > zone[p]!) zone[p] = zone[i]!;
    }
  }
  return { zone, zoneCount: rank + 1 };
}

/** Whether the units' given order keeps every container after its contents and the zones in order. */
function obeysRules(plan: StagePlan, opCount: number): boolean {
  const { units, graph, zone } = plan;
  for (let i = 0; i < units.length; i++) {
    for (let e = graph.start[i]!; e < graph.start[i + 1]!; e++) {
      if (units[graph.list[e]!]!.at[0]! < units[i]!.at[0]!) return false;
    }
  }
  if (plan.zoneCount <= 1) return true;
  const zoneAt = new Int32Array(opCount).fill(-1);
  units.forEach((u, i) => {
    if (u.ends) for (const k of u.at) zoneAt[k] = zone[i]!;
  });
  let last = -1;
  for (let k = 0; k < opCount; k++) {
    const z = zoneAt[k]!;
    if (z < 0) continue;
    if (z < last) return false;
    last = z;
  }
  return true;
}

/**
 * One order for the stage: units with nothing to burn first, then zone by zone, either nearest
 * neighbour or the given order (children still before containers), entering each unit at its entry
 * nearest the head.
 */
function orderStage(plan: StagePlan, nearest: boolean, start: Vec2): JobOp[] {
  const { units, graph, zone } = plan;
  const out: JobOp[] = [];
  const head = { x: start.x, y: start.y };
  const pending = new Int32Array(units.length);
  for (const p of graph.list) pending[p]!++;
  const zones: number[][] = Array.from({ length: plan.zoneCount }, () => []);
  for (let i = 0; i < units.length; i++) {
    if (units[i]!.ends) zones[zone[i]!]!.push(i);
    else emitUnit(units[i]!, 0, out, head);
  }
  const ctx: ZoneContext = { units, graph, zone, pending, out, head, done: new Uint8Array(units.length), freed: [] };
  for (let z = 0; z < zones.length; z++) {
    const members = zones[z]!;
    if (members.length === 0) continue;
    if (nearest) nearestZone(ctx, members, z);
    else originalZone(ctx, members);
    // Safety net: anything left (only possible with inconsistent rules) keeps its given order.
    for (const i of members) if (!ctx.done[i]) emit(ctx, i);
    ctx.freed.length = 0;
  }
  return out;
}

interface ZoneContext {
  units: readonly Unit[];
  graph: ContainerGraph;
  zone: Int32Array;
  pending: Int32Array;
  out: JobOp[];
  head: Vec2;
  done: Uint8Array;
  /** Containers whose last content was just cut (filled by `emit`, emptied by its callers). */
  freed: number[];
}

function hasContainers(graph: ContainerGraph, from: number): boolean {
  return graph.start[graph.start.length - 1]! > graph.start[from]!;
}

/** Emits a unit at its entry nearest the head; containers it frees are pushed on `ctx.freed`. */
function emit(ctx: ZoneContext, i: number, option = nearestEntry(ctx.units[i]!, ctx.head)): void {
  ctx.done[i] = 1;
  emitUnit(ctx.units[i]!, option, ctx.out, ctx.head);
  const { start, list } = ctx.graph;
  for (let e = start[i]!; e < start[i + 1]!; e++) {
    const p = list[e]!;
    if (--ctx.pending[p]! === 0) ctx.freed.push(p);
  }
}

/** Given order within a zone; a container waiting on its contents follows right after the last of them. */
function originalZone(ctx: ZoneContext, members: readonly number[]): void {
  const waiting = new Set<number>();
  for (const i of members) {
    if (ctx.pending[i]! > 0) {
      waiting.add(i);
      continue;
    }
    emit(ctx, i);
    while (ctx.freed.length > 0) {
      const p = ctx.freed.shift()!;
      if (waiting.delete(p)) emit(ctx, p);
    }
  }
}

/** Greedy nearest neighbour over the zone's units that are free to go (all their contents cut). */
function nearestZone(ctx: ZoneContext, members: readonly number[], z: number): void {
  let total = 0;
  const local = new Map<number, number>();
  members.forEach((i, k) => {
    local.set(i, k);
    total += entryCount(ctx.units[i]!);
  });
  const xs = new Float64Array(total);
  const ys = new Float64Array(total);
  const owner = new Int32Array(total);
  const option = new Int32Array(total);
  const first = new Int32Array(members.length + 1);
  let at = 0;
  members.forEach((i, k) => {
    first[k] = at;
    forEachEntry(ctx.units[i]!, (x, y, opt) => {
      xs[at] = x;
      ys[at] = y;
      owner[at] = k;
      option[at] = opt;
      at++;
    });
  });
  first[members.length] = at;
  const grid = new NearestGrid(xs, ys);
  const open = (k: number) => {
    for (let p = first[k]!; p < first[k + 1]!; p++) grid.insert(p);
  };
  members.forEach((i, k) => {
    if (ctx.pending[i] === 0) open(k);
  });
  while (grid.liveCount > 0) {
    const p = grid.nearest(ctx.head.x, ctx.head.y);
    const k = owner[p]!;
    for (let q = first[k]!; q < first[k + 1]!; q++) grid.remove(q);
    emit(ctx, members[k]!, option[p]!);
    for (const f of ctx.freed) if (ctx.zone[f] === z) open(local.get(f)!);
    ctx.freed.length = 0;
  }
}
