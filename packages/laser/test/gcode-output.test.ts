import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Layer } from '../src/model/document.js';
import { SettingError } from '../src/model/errors.js';
import type { Job, JobOp, MachineSettings, PathOp, RasterOp } from '../src/model/job.js';
import { createLayer } from '../src/model/layers.js';
import type { Bounds, Vec2 } from '../src/model/matrix.js';
import type { ByteWriter } from '../src/output/bytes.js';
import { gcodeText, writeGcode } from '../src/output/gcode.js';
import { formatGcodeNumber } from '../src/output/gcode-number.js';
import { jobStats, type RasterModule } from '../src/output/stats.js';

import { type Move, trace } from './gcode-trace.js';

const len = (m: Move) => Math.hypot(m.to.x - m.from.x, m.to.y - m.from.y);

// -------------------------------------------------------------------------------------- fixtures

const pt = (x: number, y: number): Vec2 => ({ x, y });

function layer(id: string, extra: Partial<Layer> = {}): Layer {
  return createLayer({ id, name: `Layer ${id}`, color: '#ff0000', speed: 20, maxPower: 30, ...extra });
}

function cut(layerId: string, points: Vec2[], closed: boolean): PathOp {
  return { kind: 'path', mode: 'cut', layerId, shapeId: 's', points, closed };
}

function fillLine(layerId: string, points: Vec2[], overscan: number): PathOp {
  return { kind: 'path', mode: 'fill', layerId, shapeId: 'f', points, closed: false, overscan, block: 'b' };
}

const H = 400;

function jobOf(ops: JobOp[], layers: Layer[] = [layer('A')]): Job {
  return { name: 'Sample job', width: 600, height: H, layers, ops };
}

/** The burnt segments a path op should produce, machine coordinates for a bottom-left origin. */
function expectedBurns(op: PathOp, flip = true): [Vec2, Vec2][] {
  const m = (p: Vec2) => pt(p.x, flip ? H - p.y : p.y);
  const pts = op.closed && op.points.length > 1 ? [...op.points, op.points[0]!] : op.points;
  const out: [Vec2, Vec2][] = [];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    // The G-code grid is 0.001 mm: a move shorter than that on the grid is not written.
    const q = (v: number) => Math.round(v * 1000);
    if (q(m(a).x) !== q(m(b).x) || q(m(a).y) !== q(m(b).y)) out.push([m(a), m(b)]);
  }
  return out;
}

const near = (a: Vec2, b: Vec2) => Math.abs(a.x - b.x) <= 0.001 && Math.abs(a.y - b.y) <= 0.001;

// ------------------------------------------------------------------------------------------ random

// Kept 2 mm off the edges so every overscan fits (work-area.test.ts covers the edges).
const coordArb = fc.double({ min: 2, max: 398, noNaN: true });
const pointArb = fc.record({ x: coordArb, y: coordArb });
const opArb = fc.oneof(
  fc
    .record({ pts: fc.array(pointArb, { minLength: 2, maxLength: 8 }), closed: fc.boolean(), l: fc.nat(2) })
    .map(({ pts, closed, l }) => cut(`L${l}`, pts, closed)),
  fc
    .record({ a: pointArb, b: pointArb, o: fc.constantFrom(0, 0.5, 2), l: fc.nat(2) })
    .filter(({ a, b }) => Math.hypot(a.x - b.x, a.y - b.y) > 0.01)
    .map(({ a, b, o, l }) => fillLine(`L${l}`, [a, b], o)),
);
const layersArb = fc.tuple(
  fc.integer({ min: 1, max: 400 }),
  fc.integer({ min: 1, max: 400 }),
  fc.integer({ min: 1, max: 400 }),
  fc.double({ min: 0, max: 60, noNaN: true }),
);
const randomJobArb = fc
  .record({ ops: fc.array(opArb, { minLength: 1, maxLength: 12 }), settings: layersArb })
  .map(
    ({ ops, settings: [s0, s1, s2, p] }): Job =>
      jobOf(ops, [layer('L0', { speed: s0, maxPower: p }), layer('L1', { speed: s1 / 7 }), layer('L2', { speed: s2 })]),
  );

// ------------------------------------------------------------------------------------------- tests

describe('writeGcode', () => {
  it('writes the header, modal setup and ending', () => {
    const text = gcodeText(jobOf([cut('A', [pt(10, 10), pt(20, 10), pt(20, 20)], true)]));
    const lines = text.split('\n');
    expect(lines[0]).toBe('; Kerf job: Sample job');
    expect(text).toMatch(/^; Machine: GRBL, origin bottom-left, max S 1000, laser 40 W/m);
    expect(text).toMatch(/^; Bounds: X10 Y380 to X20 Y390 mm$/m);
    expect(text).toMatch(/^; Estimated time: 0:00:0\d \([\d.]+ s\)$/m);
    const body = lines.filter((l) => l && !l.startsWith(';'));
    expect(body.slice(0, 3)).toEqual(['G21', 'G90', 'M4 S0']);
    expect(body.slice(-3)).toEqual(['M5', 'G0 X0 Y0', 'M2']);
    expect(text).toContain('; Layer Layer A (#ff0000, cut): 20 mm/s, 30 W = S750\n');
    expect(text.endsWith('M2\n')).toBe(true);
  });

  it('writes a closed square exactly, with F and S set once', () => {
    const text = gcodeText(jobOf([cut('A', [pt(10, 10), pt(20, 10), pt(20, 20), pt(10, 20)], true)]));
    const body = text.split('\n').filter((l) => /^[GXYM]/.test(l));
    expect(body).toEqual([
      'G21',
      'G90',
      'M4 S0',
      'G0 X10 Y390',
      'G1 X20 F1200 S750',
      'Y380',
      'X10',
      'Y390',
      'M5',
      'G0 X0 Y0',
      'M2',
    ]);
  });

  it('runs fill lines on over their overscan at S0, along the line', () => {
    const text = gcodeText(
      jobOf([fillLine('A', [pt(10, 10), pt(20, 10)], 2), fillLine('A', [pt(20, 10.1), pt(10, 10.1)], 2)]),
    );
    const moves = trace(text);
    const g1 = moves.filter((m) => m.motion === 'G1');
    expect(g1.map((m) => [m.to.x, m.to.y, m.s])).toEqual([
      [10, 390, 0],
      [20, 390, 750],
      [22, 390, 0],
      [20, 389.9, 0],
      [10, 389.9, 750],
      [8, 389.9, 0],
    ]);
    const g0 = moves.filter((m) => m.motion === 'G0');
    expect(g0.map((m) => [m.to.x, m.to.y])).toEqual([
      [8, 390],
      [22, 389.9],
      [0, 0],
    ]);
  });

  it('keeps y as is for a top-left origin and scales S against the machine', () => {
    const job = jobOf([cut('A', [pt(1, 2), pt(3, 4)], false)], [layer('A', { maxPower: 50, speed: 12.5 })]);
    const text = gcodeText(job, { machine: { origin: 'top-left', machinePower: 40, maxS: 255 } });
    expect(text).toContain('G0 X1 Y2\nG1 X3 Y4 F750 S255\n');
  });

  it('formats numbers with at most three decimals, no trailing zeros and no -0', () => {
    expect(formatGcodeNumber(1.23456)).toBe('1.235');
    expect(formatGcodeNumber(-0.0004)).toBe('0');
    expect(formatGcodeNumber(-2.5)).toBe('-2.5');
    expect(formatGcodeNumber(10)).toBe('10');
    expect(formatGcodeNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatGcodeNumber(-0.001)).toBe('-0.001');
    expect(formatGcodeNumber(1234567.0005)).toBe('1234567.001');
  });

  it('traces to the expected geometry, with G0 only for travel and S/F as the layers say (random jobs)', () => {
    fc.assert(
      fc.property(randomJobArb, (job) => {
        const text = gcodeText(job);
        const moves = trace(text);
        const burns = moves.filter((m) => m.motion === 'G1' && m.s > 0);
        const expected: { seg: [Vec2, Vec2]; layer: Layer }[] = [];
        for (const op of job.ops) {
          const l = job.layers.find((x) => x.id === op.layerId)!;
          if (op.kind === 'path') for (const seg of expectedBurns(op)) expected.push({ seg, layer: l });
        }
        const burning = expected.filter((e) => Math.round((e.layer.maxPower / 40) * 1000) > 0);
        expect(burns.length).toBe(burning.length);
        burns.forEach((m, i) => {
          const e = burning[i]!;
          expect(near(m.from, e.seg[0]) && near(m.to, e.seg[1])).toBe(true);
          expect(m.s).toBe(Math.min(1000, Math.round((e.layer.maxPower / 40) * 1000)));
          expect(Math.abs(m.f - e.layer.speed * 60)).toBeLessThanOrEqual(0.0005);
        });
        // Rapid moves end exactly where an op starts (or at home); every move is G0 or G1.
        expect(moves.every((m) => m.motion === 'G0' || m.motion === 'G1')).toBe(true);
        const starts = job.ops.map((op) => {
          const p = op as PathOp;
          const o = p.overscan ?? 0;
          const [a, b] = [p.points[0]!, p.points[1]!];
          const d = Math.hypot(b.x - a.x, b.y - a.y);
          return o > 0 ? pt(a.x - ((b.x - a.x) / d) * o, H - (a.y - ((b.y - a.y) / d) * o)) : pt(a.x, H - a.y);
        });
        const rapids = moves.filter((m) => m.motion === 'G0');
        for (const r of rapids.slice(0, -1)) expect(starts.some((s) => near(s, r.to))).toBe(true);
        expect(rapids.at(-1)!.to).toEqual({ x: 0, y: 0 });
      }),
      { numRuns: 150 },
    );
  });

  it('never repeats an unchanged modal word and writes clean numbers', () => {
    fc.assert(
      fc.property(randomJobArb, (job) => {
        const lines = gcodeText(job)
          .split('\n')
          .filter((l) => l && !l.startsWith(';'));
        const state = new Map<string, string>();
        for (const [i, l] of lines.entries()) {
          if (l === 'G0 X0 Y0' && i === lines.length - 2) continue; // the fixed ending
          for (const word of l.split(' ')) {
            const letter = word[0]!;
            const value = word.slice(1);
            if (letter === 'X' || letter === 'Y' || letter === 'F' || letter === 'S') {
              expect(value).toMatch(/^-?\d+(\.\d{0,2}[1-9])?$/);
              expect(value.startsWith('-0') && Number(value) === 0).toBe(false);
            }
            const slot = letter === 'G' && (value === '0' || value === '1') ? 'motion' : letter;
            if (['motion', 'X', 'Y', 'F', 'S'].includes(slot)) {
              expect(state.get(slot)).not.toBe(value);
              state.set(slot, value);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(randomJobArb, (job) => {
        expect(Buffer.from(writeGcode(job)).equals(Buffer.from(writeGcode(job)))).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('keeps the job name on one line', () => {
    const text = gcodeText(jobOf([]), { name: 'evil\nG0 X999\r名字' });
    expect(text.split('\n')[0]).toBe('; Kerf job: evil G0 X999 名字');
    expect(text).not.toMatch(/^G0 X999/m);
  });

  it('refuses unusable settings with SettingError', () => {
    const op = cut('A', [pt(0, 0), pt(1, 1)], false);
    expect(() => writeGcode(jobOf([op], [layer('A', { speed: 0 })]))).toThrow(SettingError);
    expect(() => writeGcode(jobOf([op], [layer('A', { maxPower: Number.NaN })]))).toThrow(SettingError);
    expect(() => writeGcode(jobOf([op], [layer('B')]))).toThrow(SettingError);
    expect(() => writeGcode(jobOf([op]), { machine: { maxS: 0 } })).toThrow(SettingError);
    expect(() => writeGcode(jobOf([cut('A', [pt(0, 0), pt(1e300, 1)], false)]))).toThrow(SettingError);
  });
});

// ----------------------------------------------------------------------------------------- raster

/** A stand-in raster module: one G1 line per scan line, burning from `from` to the end of the pixels. */
function fakeRaster(calls: RasterOp[]): RasterModule {
  const ends = (op: RasterOp) => {
    const l = op.lines[op.lines.length - 1]!;
    const along = l.from + l.levels.length * l.step + Math.sign(l.step) * op.overscan;
    return op.axis === 'horizontal' ? { x: along, y: l.at } : { x: l.at, y: along };
  };
  return {
    rasterOpToMachine: (op, jobHeight, origin) => ({
      ...op,
      lines: op.lines.map((l) => ({ ...l, at: origin === 'bottom-left' ? jobHeight - l.at : l.at })),
    }),
    writeRasterGcode(op: RasterOp, _layer: Layer, _m: MachineSettings, out: ByteWriter) {
      calls.push(op);
      for (const l of op.lines) {
        const o = Math.sign(l.step) * op.overscan;
        out.ascii(`G0 X${formatGcodeNumber(l.from - o)} Y${formatGcodeNumber(l.at)}\n`);
        out.ascii(`G1 X${formatGcodeNumber(l.from)} F3000 S0\n`);
        out.ascii(`G1 X${formatGcodeNumber(l.from + l.levels.length * l.step)} S500\n`);
        out.ascii(`G1 X${formatGcodeNumber(l.from + l.levels.length * l.step + o)} S0\n`);
      }
      return ends(op);
    },
    rasterOpStats(op) {
      let burn = 0;
      let travel = 0;
      const b: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
      op.lines.forEach((l, i) => {
        burn += Math.abs(l.levels.length * l.step);
        const o = Math.sign(l.step) * op.overscan;
        for (const x of [l.from - o, l.from + l.levels.length * l.step + o]) {
          b.minX = Math.min(b.minX, x);
          b.maxX = Math.max(b.maxX, x);
        }
        b.minY = Math.min(b.minY, l.at);
        b.maxY = Math.max(b.maxY, l.at);
        if (i > 0) {
          const p = op.lines[i - 1]!;
          const pe = p.from + p.levels.length * p.step + Math.sign(p.step) * op.overscan;
          travel += Math.hypot(l.from - o - pe, l.at - p.at);
        }
      });
      return { burnLength: burn, travelLength: travel, time: 1, bounds: b };
    },
  };
}

const rasterOp: RasterOp = {
  kind: 'raster',
  layerId: 'R',
  shapeId: 'img',
  axis: 'horizontal',
  overscan: 1,
  lines: [
    { at: 50, from: 10, step: 0.5, levels: new Uint8Array([1, 2, 3, 4]) },
    { at: 50.5, from: 12, step: -0.5, levels: new Uint8Array([5, 6, 7, 8]) },
  ],
};

describe('writeGcode with raster ops', () => {
  it('hands raster ops to the raster module in machine coordinates and rewrites modal words after', () => {
    const calls: RasterOp[] = [];
    const job = jobOf([rasterOp, cut('A', [pt(30, 30), pt(40, 30)], false)], [layer('R'), layer('A')]);
    const text = gcodeText(job, { raster: fakeRaster(calls) });
    expect(calls.length).toBe(1);
    expect(calls[0]!.lines.map((l) => l.at)).toEqual([350, 349.5]);
    // After the raster block the vector op sets motion, F and S again.
    expect(text).toContain('G0 X30 Y370\nG1 X40 F1200 S750\n');
    expect(text.indexOf('G0 X9 Y350')).toBeLessThan(text.indexOf('G0 X30 Y370'));
  });

  it("uses Kerf's raster module by default, and the stats follow its G-code", () => {
    const job = jobOf(
      [cut('A', [pt(0, 0), pt(5, 0)], false), rasterOp, cut('A', [pt(30, 30), pt(40, 30)], false)],
      [layer('R'), layer('A')],
    );
    const text = gcodeText(job);
    const moves = trace(text);
    // The raster writer starts one overscan before the first burnt pixel: (10 - 1, 400 - 50).
    expect(text).toContain('G0 X9 Y350');
    const stats = jobStats(job);
    const burn = moves.filter((m) => m.motion === 'G1' && m.s > 0).reduce((a, m) => a + len(m), 0);
    expect(stats.cutLength).toBeCloseTo(burn, 6);
    expect(stats.cutLength).toBeCloseTo(5 + 4 * 0.5 * 2 + 10, 6);
  });
});

// ------------------------------------------------------------------------------------------ stats

describe('jobStats', () => {
  it('agrees with the lengths and bounds of the traced G-code (random jobs)', () => {
    fc.assert(
      fc.property(randomJobArb, fc.constantFrom('bottom-left' as const, 'top-left' as const), (job, origin) => {
        const machine = { origin };
        const stats = jobStats(job, machine);
        const moves = trace(gcodeText(job, { machine }));
        const sum = (ms: Move[]) => ms.reduce((a, m) => a + len(m), 0);
        const g1 = moves.filter((m) => m.motion === 'G1');
        expect(stats.cutLength).toBeCloseTo(sum(g1.filter((m) => m.s > 0)), 6);
        expect(stats.overscanLength).toBeCloseTo(sum(g1.filter((m) => m.s === 0)), 6);
        expect(stats.travelLength).toBeCloseTo(sum(moves.filter((m) => m.motion === 'G0')), 6);
        expect(stats.opCount).toBe(job.ops.length);
        const xs = g1.flatMap((m) => [m.from.x, m.to.x]);
        const ys = g1.flatMap((m) => [m.from.y, m.to.y]);
        if (g1.length > 0) {
          expect(stats.bounds.minX).toBeCloseTo(Math.min(...xs), 9);
          expect(stats.bounds.maxX).toBeCloseTo(Math.max(...xs), 9);
          expect(stats.bounds.minY).toBeCloseTo(Math.min(...ys), 9);
          expect(stats.bounds.maxY).toBeCloseTo(Math.max(...ys), 9);
        }
        // Time: at least the moves at full speed, and the layers' shares add up to the whole but the trip home.
        const atSpeed = g1.reduce((a, m) => a + len(m) / (m.f / 60), 0) + stats.travelLength / 200;
        expect(stats.estimatedTime).toBeGreaterThanOrEqual(atSpeed - 1e-9);
        const layerSum = stats.layers.reduce((a, l) => a + l.time, 0);
        expect(layerSum).toBeLessThanOrEqual(stats.estimatedTime + 1e-9);
        const cutSum = stats.layers.reduce((a, l) => a + l.cutLength, 0);
        expect(cutSum).toBeCloseTo(stats.cutLength, 6);
      }),
      { numRuns: 150 },
    );
  });

  it('includes raster ops through the raster module', () => {
    const raster = fakeRaster([]);
    const job = jobOf([rasterOp], [layer('R')]);
    const stats = jobStats(job, {}, { raster });
    const moves = trace(gcodeText(job, { raster }));
    const burn = moves.filter((m) => m.motion === 'G1' && m.s > 0).reduce((a, m) => a + len(m), 0);
    const rapid = moves.filter((m) => m.motion === 'G0').reduce((a, m) => a + len(m), 0);
    expect(stats.cutLength).toBeCloseTo(burn, 9);
    expect(stats.travelLength).toBeCloseTo(rapid, 9);
    expect(stats.layers).toEqual([{ layerId: 'R', cutLength: 4, time: expect.any(Number) }]);
  });

  it('models acceleration: a long line costs v/a extra, corners slow the head', () => {
    const a = 2000;
    const straight = jobStats(jobOf([cut('A', [pt(0, H), pt(100, H)], false)], [layer('A', { speed: 100 })]));
    // Cut: 100 mm at 100 mm/s plus v/a; travel: only the 100 mm trip home (the head starts at the line).
    expect(straight.estimatedTime - (100 / 200 + 200 / a)).toBeCloseTo(1 + 100 / a, 9);
    const bent = jobStats(
      jobOf([cut('A', [pt(0, H), pt(50, H), pt(50, H - 50)], false)], [layer('A', { speed: 100 })]),
    );
    expect(bent.cutLength).toBeCloseTo(straight.cutLength, 9);
    expect(bent.layers[0]!.time).toBeGreaterThan(straight.layers[0]!.time + 0.01);
    expect(straight.layers[0]!.time).toBeCloseTo(1 + 100 / a, 9);
  });
});
