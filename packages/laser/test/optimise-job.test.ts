import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PathOptimisation } from '../src/model/document.js';
import { SettingError } from '../src/model/errors.js';
import type { Job, JobOp, PathOp, RasterOp } from '../src/model/job.js';
import { createLayer } from '../src/model/layers.js';
import type { Vec2 } from '../src/model/matrix.js';
import { optimiseJob } from '../src/optimise/index.js';

// ------------------------------------------------------------------------------------------ helpers
// Everything here is written from the rules, independently of the optimiser's own helpers.

const pt = (x: number, y: number): Vec2 => ({ x, y });

function ring(layerId: string, shapeId: string, pts: Vec2[]): PathOp {
  return { kind: 'path', mode: 'cut', layerId, shapeId, points: pts, closed: true };
}

function square(layerId: string, shapeId: string, x: number, y: number, s: number, start = 0): PathOp {
  const pts = [pt(x, y), pt(x + s, y), pt(x + s, y + s), pt(x, y + s)];
  return ring(layerId, shapeId, [...pts.slice(start), ...pts.slice(0, start)]);
}

function line(layerId: string, shapeId: string, pts: Vec2[], extra: Partial<PathOp> = {}): PathOp {
  return { kind: 'path', mode: 'cut', layerId, shapeId, points: pts, closed: false, ...extra };
}

function raster(layerId: string, shapeId: string, x: number, y: number): RasterOp {
  return {
    kind: 'raster',
    layerId,
    shapeId,
    axis: 'horizontal',
    overscan: 1,
    lines: [
      { at: y, from: x, step: 0.5, levels: new Uint8Array([0, 255, 128]) },
      { at: y + 0.5, from: x + 1.5, step: -0.5, levels: new Uint8Array([9, 9, 9]) },
    ],
  };
}

const OPT: PathOptimisation = {
  direction: 'x',
  findRule: 'nearest',
  insideOut: false,
  layerOptimisation: true,
  startPoint: 'auto',
  partitionSize: 0,
};

function jobOf(ops: JobOp[], opt: Partial<PathOptimisation> = {}, layerIds = ['A']): Job {
  return {
    name: 'test',
    width: 600,
    height: 400,
    layers: layerIds.map((id) => createLayer({ id, optimisation: { ...OPT, ...opt } })),
    ops,
  };
}

/** Where the head goes to start an op and where it stops after it (overscan along the end segments). */
function endsOf(op: JobOp): { s: Vec2; e: Vec2 } | null {
  if (op.kind === 'raster') {
    // From one overscan before the first burnt pixel to one overscan past the last (raster writer's rule).
    const burning = op.lines.filter((l) => l.levels.some((v) => v > 0));
    const a = burning[0];
    const b = burning[burning.length - 1];
    if (!a || !b) return null;
    const i = a.levels.findIndex((v) => v > 0);
    const j = b.levels.findLastIndex((v) => v > 0);
    return {
      s: pt(a.from + i * a.step - (Math.sign(a.step) || 1) * op.overscan, a.at),
      e: pt(b.from + (j + 1) * b.step + (Math.sign(b.step) || 1) * op.overscan, b.at),
    };
  }
  const p = op.points;
  if (p.length === 0) return null;
  if (op.closed) return { s: p[0]!, e: p[0]! };
  const o = op.overscan ?? 0;
  const first = p[0]!;
  const last = p[p.length - 1]!;
  if (o > 0 && p.length >= 2) {
    const d0 = Math.hypot(p[1]!.x - first.x, p[1]!.y - first.y);
    const d1 = Math.hypot(last.x - p[p.length - 2]!.x, last.y - p[p.length - 2]!.y);
    return {
      s: pt(first.x - ((p[1]!.x - first.x) / d0) * o, first.y - ((p[1]!.y - first.y) / d0) * o),
      e: pt(last.x + ((last.x - p[p.length - 2]!.x) / d1) * o, last.y + ((last.y - p[p.length - 2]!.y) / d1) * o),
    };
  }
  return { s: first, e: last };
}

function travel(ops: readonly JobOp[], start = pt(0, 0)): number {
  let head = start;
  let sum = 0;
  for (const op of ops) {
    const e = endsOf(op);
    if (!e) continue;
    sum += Math.hypot(e.s.x - head.x, e.s.y - head.y);
    head = e.e;
  }
  return sum;
}

const key = (p: Vec2) => `${p.x},${p.y}`;

/** An op's identity up to ring rotation and line reversal. */
function canonical(op: JobOp): string {
  if (op.kind === 'raster') {
    return `R|${op.layerId}|${op.shapeId}|${op.lines.map((l) => `${l.at}:${l.from}:${l.step}:${l.levels}`).join(';')}`;
  }
  const keys = op.points.map(key);
  let geo: string;
  if (op.closed) {
    const rotations = keys.map((_, k) => [...keys.slice(k), ...keys.slice(0, k)].join(' '));
    geo = rotations.sort()[0] ?? '';
  } else {
    const f = keys.join(' ');
    const b = [...keys].reverse().join(' ');
    geo = [f, b].sort()[0]!;
  }
  return `P|${op.layerId}|${op.shapeId}|${op.mode}|${op.closed}|${op.block}|${op.overscan}|${geo}`;
}

const stageKey = (op: JobOp) => `${op.layerId}/${op.kind === 'raster' ? 'raster' : op.mode}`;

/** Even-odd point in polygon. */
function inside(p: Vec2, poly: readonly Vec2[]): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) c = !c;
  }
  return c;
}

// ---------------------------------------------------------------------------------------- generators

/**
 * Random jobs like the planner makes: layers in order, each with its raster ops, then fill blocks, then
 * cut outlines. Outlines are nests of concentric polygons (disjoint nests in a 6×4 grid of 100 mm
 * cells, so containment is clear-cut) and open polylines.
 */
const polygonArb = fc.record({
  cell: fc.integer({ min: 0, max: 23 }),
  sides: fc.integer({ min: 3, max: 8 }),
  radii: fc.uniqueArray(fc.integer({ min: 3, max: 45 }), { minLength: 1, maxLength: 3 }),
  start: fc.nat(7),
  phase: fc.double({ min: 0, max: 6.28, noNaN: true }),
});

const polylineArb = fc.array(
  fc.record({ x: fc.integer({ min: 0, max: 6000 }), y: fc.integer({ min: 0, max: 4000 }) }),
  { minLength: 1, maxLength: 5 },
);

const blockArb = fc.record({
  x: fc.integer({ min: 0, max: 550 }),
  y: fc.integer({ min: 0, max: 350 }),
  lines: fc.integer({ min: 1, max: 5 }),
  overscan: fc.constantFrom(0, 1.5),
  closedOne: fc.boolean(),
});

const settingsArb: fc.Arbitrary<PathOptimisation> = fc.record({
  direction: fc.constantFrom('x' as const, 'y' as const),
  findRule: fc.constantFrom('nearest' as const, 'original' as const),
  insideOut: fc.boolean(),
  layerOptimisation: fc.boolean(),
  startPoint: fc.constantFrom('auto' as const, 'keep' as const),
  partitionSize: fc.constantFrom(0, 0, 50, 137),
});

const layerArb = fc.record({
  settings: settingsArb,
  polygons: fc.array(polygonArb, { maxLength: 8 }),
  polylines: fc.array(polylineArb, { maxLength: 5 }),
  blocks: fc.array(blockArb, { maxLength: 3 }),
  rasters: fc.array(fc.record({ x: fc.integer({ min: 0, max: 590 }), y: fc.integer({ min: 0, max: 390 }) }), {
    maxLength: 2,
  }),
  shuffle: fc.array(fc.nat(), { maxLength: 30 }),
});

type LayerSpec = typeof layerArb extends fc.Arbitrary<infer T> ? T : never;

function buildLayerOps(id: string, spec: LayerSpec): JobOp[] {
  const rasters = spec.rasters.map((r, i) => raster(id, `${id}r${i}`, r.x, r.y));
  const fills: PathOp[] = [];
  spec.blocks.forEach((b, i) => {
    for (let k = 0; k < b.lines; k++) {
      const y = b.y + k * 0.5;
      const pts = k % 2 ? [pt(b.x + 40, y), pt(b.x, y)] : [pt(b.x, y), pt(b.x + 40, y)];
      const closed = b.closedOne && k === 0;
      fills.push({
        kind: 'path',
        mode: 'fill',
        layerId: id,
        shapeId: `${id}f${i}`,
        points: closed ? [...pts, pt(b.x + 20, y + 5)] : pts,
        closed,
        block: `${id}:fill${i}`,
        ...(b.overscan && !closed ? { overscan: b.overscan } : {}),
      });
    }
  });
  const cuts: PathOp[] = [];
  spec.polygons.forEach((g, i) => {
    const cx = (g.cell % 6) * 100 + 50;
    const cy = Math.floor(g.cell / 6) * 100 + 50;
    for (const [j, r] of g.radii.entries()) {
      const pts = Array.from({ length: g.sides }, (_, k) => {
        const a = g.phase + (k * 2 * Math.PI) / g.sides;
        return pt(cx + r * Math.cos(a), cy + r * Math.sin(a));
      });
      const s = g.start % g.sides;
      cuts.push(ring(id, `${id}g${i}.${j}`, [...pts.slice(s), ...pts.slice(0, s)]));
    }
  });
  spec.polylines.forEach((l, i) => {
    cuts.push(
      line(
        id,
        `${id}l${i}`,
        l.map((p) => pt(p.x / 10, p.y / 10)),
      ),
    );
  });
  // Shuffle the outlines a little so the given order is arbitrary.
  for (const [k, r] of spec.shuffle.entries()) {
    if (cuts.length < 2) break;
    const a = k % cuts.length;
    const b = r % cuts.length;
    [cuts[a], cuts[b]] = [cuts[b]!, cuts[a]!];
  }
  return [...rasters, ...fills, ...cuts];
}

const jobArb = fc.array(layerArb, { minLength: 1, maxLength: 3 }).map((layers): Job => {
  const ids = layers.map((_, i) => `L${i}`);
  return {
    name: 'random',
    width: 600,
    height: 400,
    layers: layers.map((l, i) => createLayer({ id: ids[i]!, optimisation: l.settings })),
    ops: layers.flatMap((l, i) => buildLayerOps(ids[i]!, l)),
  };
});

// ----------------------------------------------------------------------------------------- properties

describe('optimiseJob: properties', () => {
  it('keeps every op exactly once, changing geometry only by ring rotation or line reversal', () => {
    fc.assert(
      fc.property(jobArb, (job) => {
        const out = optimiseJob(job).job.ops;
        expect(out.map(canonical).sort()).toEqual(job.ops.map(canonical).sort());
      }),
      { numRuns: 200 },
    );
  });

  it('never moves ops across layers or stages (raster, fill, cut keep their places)', () => {
    fc.assert(
      fc.property(jobArb, (job) => {
        const out = optimiseJob(job).job.ops;
        expect(out.map(stageKey)).toEqual(job.ops.map(stageKey));
      }),
      { numRuns: 200 },
    );
  });

  it('keeps fill blocks together and in order, reversed only as a whole of open lines', () => {
    fc.assert(
      fc.property(jobArb, (job) => {
        const out = optimiseJob(job).job.ops;
        const blocks = new Set(job.ops.flatMap((o) => (o.kind === 'path' && o.block ? [o.block] : [])));
        for (const b of blocks) {
          const inOps = job.ops.filter((o) => o.kind === 'path' && o.block === b) as PathOp[];
          const idx = out.flatMap((o, i) => (o.kind === 'path' && o.block === b ? [i] : []));
          expect(idx[idx.length - 1]! - idx[0]!).toBe(idx.length - 1);
          const outOps = idx.map((i) => out[i] as PathOp);
          const same = outOps.every((o, k) => o === inOps[k]);
          const reversed = outOps.every(
            (o, k) => key(o.points[0]!) === key(inOps[inOps.length - 1 - k]!.points.at(-1)!) && o !== inOps[k],
          );
          expect(same || (reversed && inOps.every((o) => !o.closed))).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never travels further than the order as given when the rules allow that order', () => {
    fc.assert(
      fc.property(jobArb, (job) => {
        // Without inside-out and zones the given order always obeys the rules.
        const free: Job = {
          ...job,
          layers: job.layers.map((l) => ({
            ...l,
            optimisation: { ...l.optimisation, insideOut: false, partitionSize: 0 },
          })),
        };
        const r = optimiseJob(free);
        expect(r.travelBefore).toBeCloseTo(travel(free.ops), 6);
        expect(r.travelAfter).toBeCloseTo(travel(r.job.ops), 6);
        expect(r.travelAfter).toBeLessThanOrEqual(r.travelBefore + 1e-9);
      }),
      { numRuns: 200 },
    );
  });

  it('cuts everything inside a closed path before the path itself (inside-out)', () => {
    fc.assert(
      fc.property(jobArb, (job) => {
        const out = optimiseJob(job).job.ops;
        const settings = new Map(job.layers.map((l) => [l.id, l.optimisation]));
        const rings = out.flatMap((o, i) => (o.kind === 'path' && o.closed && o.mode === 'cut' ? [{ o, i }] : []));
        for (const a of rings) {
          const s = settings.get(a.o.layerId)!;
          if (!(s.insideOut && s.layerOptimisation)) continue;
          for (const b of rings) {
            if (b.o.layerId !== a.o.layerId || b === a) continue;
            if (a.o.points.every((p) => inside(p, b.o.points))) expect(a.i).toBeLessThan(b.i);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('finishes each zone before the next, in serpentine order (inside-out off)', () => {
    fc.assert(
      fc.property(jobArb, fc.constantFrom('x' as const, 'y' as const), (job, direction) => {
        const zoned: Job = {
          ...job,
          layers: job.layers.map((l) => ({
            ...l,
            optimisation: {
              ...l.optimisation,
              insideOut: false,
              layerOptimisation: true,
              partitionSize: 100,
              direction,
            },
          })),
        };
        const out = optimiseJob(zoned).job.ops;
        // Zone of a unit: of the centre of its bounds (a fill block as a whole).
        const centre = (ops: JobOp[]) => {
          const xs: number[] = [];
          const ys: number[] = [];
          for (const o of ops) {
            if (o.kind === 'path') {
              xs.push(...o.points.map((p) => p.x));
              ys.push(...o.points.map((p) => p.y));
            } else
              for (const l of o.lines) {
                xs.push(l.from, l.from + l.levels.length * l.step);
                ys.push(l.at, l.at);
              }
          }
          return pt((Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2);
        };
        const rank = (c: Vec2) => {
          const col = Math.floor(c.x / 100);
          const row = Math.floor(c.y / 100);
          return direction === 'x' ? row * 100 + (row % 2 ? 99 - col : col) : col * 100 + (col % 2 ? 99 - row : row);
        };
        let last = Number.NEGATIVE_INFINITY;
        let stage = '';
        for (let i = 0; i < out.length; i++) {
          const o = out[i]!;
          if (stageKey(o) !== stage) {
            stage = stageKey(o);
            last = Number.NEGATIVE_INFINITY;
          }
          const unit = o.kind === 'path' && o.block ? out.filter((q) => q.kind === 'path' && q.block === o.block) : [o];
          const r = rank(centre(unit));
          expect(r).toBeGreaterThanOrEqual(last);
          last = r;
        }
      }),
      { numRuns: 150 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(jobArb, (job) => {
        expect(JSON.stringify(optimiseJob(job).job.ops)).toBe(JSON.stringify(optimiseJob(job).job.ops));
      }),
      { numRuns: 50 },
    );
  });
});

// ------------------------------------------------------------------------------------------- examples

describe('optimiseJob: rules', () => {
  it('cuts a nest inside-out and enters rings at the vertex nearest the head', () => {
    const job = jobOf(
      [square('A', 'outer', 0, 0, 100), square('A', 'mid', 10, 10, 80), square('A', 'inner', 40, 40, 5)],
      {
        insideOut: true,
      },
    );
    const out = optimiseJob(job, { start: pt(100, 100) }).job.ops as PathOp[];
    expect(out.map((o) => o.shapeId)).toEqual(['inner', 'mid', 'outer']);
    // From (100, 100) the nearest corner of the inner square is (45, 45).
    expect(out[0]!.points[0]).toEqual(pt(45, 45));
  });

  it('keeps the drawn start with startPoint keep', () => {
    const job = jobOf([square('A', 's', 10, 10, 10, 0)], { startPoint: 'keep' });
    const out = optimiseJob(job, { start: pt(30, 30) }).job.ops as PathOp[];
    expect(out[0]).toBe(job.ops[0]);
  });

  it('runs an open path backwards when its far end is nearer', () => {
    const l = line('A', 'l', [pt(0, 0), pt(50, 0), pt(100, 0)]);
    const out = optimiseJob(jobOf([l]), { start: pt(100, 5) }).job.ops as PathOp[];
    expect(out[0]!.points).toEqual([pt(100, 0), pt(50, 0), pt(0, 0)]);
  });

  it('reverses a block of open fill lines as a whole, and never one with a closed line', () => {
    const fill = (y: number, closed = false): PathOp => ({
      ...line('A', 'f', y % 2 ? [pt(10, y), pt(0, y)] : [pt(0, y), pt(10, y)]),
      mode: 'fill',
      block: 'b',
      closed,
    });
    const open = [fill(0), fill(1), fill(2)];
    const out = optimiseJob(jobOf(open), { start: pt(10, 3) }).job.ops as PathOp[];
    expect(out.map((o) => o.points)).toEqual([
      [pt(10, 2), pt(0, 2)],
      [pt(0, 1), pt(10, 1)],
      [pt(10, 0), pt(0, 0)],
    ]);
    const mixed = [fill(0, true), fill(1), fill(2)];
    const kept = optimiseJob(jobOf(mixed), { start: pt(10, 3) }).job.ops;
    expect(kept).toEqual(mixed);
  });

  it('leaves raster ops untouched and moves them as units', () => {
    const r1 = raster('A', 'r1', 300, 300);
    const r2 = raster('A', 'r2', 0, 0);
    const out = optimiseJob(jobOf([r1, r2])).job.ops;
    expect(out[0]).toBe(r2);
    expect(out[1]).toBe(r1);
  });

  it('leaves a layer alone when its optimisation is off', () => {
    const ops = [square('A', 'a', 300, 300, 5), square('A', 'b', 0, 0, 5, 2), line('A', 'c', [pt(9, 9), pt(1, 1)])];
    const r = optimiseJob(jobOf(ops, { layerOptimisation: false }));
    expect(r.job.ops).toEqual(ops);
    expect(r.travelAfter).toBe(r.travelBefore);
  });

  it('keeps the given order with findRule original (choosing entries only)', () => {
    const ops = [square('A', 'a', 300, 300, 5), square('A', 'b', 0, 0, 5), square('A', 'c', 200, 0, 5)];
    const out = optimiseJob(jobOf(ops, { findRule: 'original' })).job.ops;
    expect(out.map((o) => o.shapeId)).toEqual(['a', 'b', 'c']);
  });

  it('sweeps zones row by row in serpentine order along x, and column by column along y', () => {
    // One small square near the middle of each 50 mm zone of a 2×2 area (document y down).
    const at = (zx: number, zy: number) => square('A', `${zx}${zy}`, zx * 50 + 20, zy * 50 + 20, 10);
    const ops = [at(0, 0), at(1, 0), at(0, 1), at(1, 1)].reverse();
    const byX = optimiseJob(jobOf(ops, { partitionSize: 50, direction: 'x' })).job.ops;
    expect(byX.map((o) => o.shapeId)).toEqual(['00', '10', '11', '01']);
    const byY = optimiseJob(jobOf(ops, { partitionSize: 50, direction: 'y' })).job.ops;
    expect(byY.map((o) => o.shapeId)).toEqual(['00', '01', '11', '10']);
  });

  it('orders 10,000 paths with nests inside-out without dropping any', () => {
    const ops: JobOp[] = [];
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 2500; i++) {
      const x = rnd() * 580;
      const y = rnd() * 380;
      ops.push(square('A', `o${i}`, x, y, 10), square('A', `i${i}`, x + 2, y + 2, 3));
      ops.push(line('A', `l${i}`, [pt(rnd() * 600, rnd() * 400), pt(rnd() * 600, rnd() * 400)]));
      ops.push(square('A', `s${i}`, rnd() * 598, rnd() * 398, 1));
    }
    const r = optimiseJob(jobOf(ops, { insideOut: true }));
    expect(r.job.ops.length).toBe(ops.length);
    expect(new Set(r.job.ops.map((o) => o.shapeId)).size).toBe(ops.length);
    const pos = new Map(r.job.ops.map((o, i) => [o.shapeId, i]));
    for (let i = 0; i < 2500; i++) expect(pos.get(`i${i}`)!).toBeLessThan(pos.get(`o${i}`)!);
    expect(r.travelAfter).toBeLessThan(r.travelBefore / 5);
  });

  it('refuses coordinates that are not finite numbers', () => {
    expect(() => optimiseJob(jobOf([line('A', 'x', [pt(0, 0), pt(Number.NaN, 1)])]))).toThrow(SettingError);
    expect(() => optimiseJob(jobOf([]), { start: pt(Number.POSITIVE_INFINITY, 0) })).toThrow(SettingError);
  });

  it('keeps empty ops', () => {
    const empty = line('A', 'e', []);
    const out = optimiseJob(jobOf([square('A', 'a', 5, 5, 5), empty])).job.ops;
    expect(out).toContain(empty);
    expect(out.length).toBe(2);
  });
});
