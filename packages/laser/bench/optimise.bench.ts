/**
 * Path optimiser and G-code writer speed on 10,000 random paths (closed and open, mixed sizes, some
 * nested) centred over 600 × 400 mm (with an 80 mm margin of bed round it), drawn in a shuffled order.
 *   npm run bench -- optimise        (OPT_BENCH_RUNS overrides the number of runs, default 7)
 * Reports the median optimise time, travel before/after and the saving, with one zone and with 50 mm
 * zones, and the G-code writing speed for the optimised job. Writes .bench/optimise.json.
 */

import { machine, markdownTable, median, round, writeReport } from '../../../apps/server/bench/bench-kit.js';
import type { PathOptimisation } from '../src/model/document.js';
import type { Job, PathOp } from '../src/model/job.js';
import { createLayer } from '../src/model/layers.js';
import type { Vec2 } from '../src/model/matrix.js';
import { optimiseJob } from '../src/optimise/index.js';
import { writeGcode } from '../src/output/gcode.js';

const RUNS = Math.max(5, Number(process.env.OPT_BENCH_RUNS ?? 7));
const PATHS = 10_000;
const W = 600;
const H = 400;
/**
 * The drawing's centres fill W × H; parts reach up to 75 mm past them, so the work area has this margin
 * all round (the G-code writer refuses moves off the work area).
 */
const MARGIN = 80;

/** A small seeded generator (mulberry32), so every run and every machine draws the same job. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function polygon(cx: number, cy: number, r: number, sides: number, phase: number): Vec2[] {
  return Array.from({ length: sides }, (_, k) => {
    const a = phase + (k * 2 * Math.PI) / sides;
    return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
  });
}

function makeJob(partitionSize: number): Job {
  const rnd = random(42);
  const ops: PathOp[] = [];
  const op = (points: Vec2[], closed: boolean): PathOp => ({
    kind: 'path',
    mode: 'cut',
    layerId: 'cut',
    shapeId: `s${ops.length}`,
    points,
    closed,
  });
  while (ops.length < PATHS) {
    const kind = rnd();
    const cx = MARGIN + rnd() * W;
    const cy = MARGIN + rnd() * H;
    if (kind < 0.4) {
      // Small holes and dots: circles of 1–5 mm radius.
      ops.push(op(polygon(cx, cy, 1 + rnd() * 4, 24 + Math.floor(rnd() * 40), rnd() * 6), true));
    } else if (kind < 0.65) {
      // Parts of 10–60 mm, half of them with one or two nested holes.
      const r = 5 + rnd() * 25;
      ops.push(op(polygon(cx, cy, r, 4 + Math.floor(rnd() * 8), rnd() * 6), true));
      if (rnd() < 0.5) ops.push(op(polygon(cx, cy, r * 0.5, 32, rnd() * 6), true));
      if (rnd() < 0.25) ops.push(op(polygon(cx, cy, r * 0.2, 16, rnd() * 6), true));
    } else if (kind < 0.95) {
      // Open polylines of 2–10 points wandering up to 40 mm.
      const pts: Vec2[] = [{ x: cx, y: cy }];
      const n = 1 + Math.floor(rnd() * 9);
      for (let k = 0; k < n; k++) {
        const last = pts[pts.length - 1]!;
        pts.push({ x: last.x + (rnd() - 0.5) * 10, y: last.y + (rnd() - 0.5) * 10 });
      }
      ops.push(op(pts, false));
    } else {
      // Large outlines of 50–150 mm with many vertices.
      ops.push(op(polygon(cx, cy, 25 + rnd() * 50, 200, rnd() * 6), true));
    }
  }
  ops.length = PATHS;
  // Shuffle the drawing order (Fisher–Yates).
  for (let i = ops.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [ops[i], ops[j]] = [ops[j]!, ops[i]!];
  }
  const optimisation: PathOptimisation = {
    direction: 'x',
    findRule: 'nearest',
    insideOut: true,
    layerOptimisation: true,
    startPoint: 'auto',
    partitionSize,
  };
  return {
    name: 'bench',
    width: W + 2 * MARGIN,
    height: H + 2 * MARGIN,
    layers: [createLayer({ id: 'cut', optimisation })],
    ops,
  };
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function benchOptimise(partitionSize: number) {
  const job = makeJob(partitionSize);
  const times: number[] = [];
  let result = optimiseJob(job);
  for (let run = 0; run < RUNS; run++) {
    gc();
    const t0 = performance.now();
    result = optimiseJob(job);
    times.push(performance.now() - t0);
  }
  const points = job.ops.reduce((a, o) => a + (o.kind === 'path' ? o.points.length : 0), 0);
  return { job, result, points, medianMs: median(times), times };
}

function benchGcode(job: Job) {
  const times: number[] = [];
  let bytes = writeGcode(job).length;
  for (let run = 0; run < RUNS; run++) {
    gc();
    const t0 = performance.now();
    bytes = writeGcode(job).length;
    times.push(performance.now() - t0);
  }
  const ms = median(times);
  return { bytes, medianMs: ms, mbPerSecond: bytes / 1e6 / (ms / 1000) };
}

function main(): void {
  const rows: Array<Array<string | number>> = [
    ['scenario', 'paths', 'points', 'median ms', 'travel before mm', 'travel after mm', 'saving %'],
  ];
  const scenarios = [];
  for (const partitionSize of [0, 50]) {
    const r = benchOptimise(partitionSize);
    const saving = (1 - r.result.travelAfter / r.result.travelBefore) * 100;
    const label = partitionSize ? `nearest + inside-out, ${partitionSize} mm zones` : 'nearest + inside-out, one zone';
    rows.push([
      label,
      r.job.ops.length,
      r.points,
      round(r.medianMs, 1),
      round(r.result.travelBefore, 0),
      round(r.result.travelAfter, 0),
      round(saving, 1),
    ]);
    const gcode = benchGcode(r.result.job);
    scenarios.push({
      partitionSize,
      paths: r.job.ops.length,
      points: r.points,
      optimiseMedianMs: round(r.medianMs, 1),
      optimiseRunsMs: r.times.map((t) => round(t, 1)),
      travelBeforeMm: round(r.result.travelBefore, 1),
      travelAfterMm: round(r.result.travelAfter, 1),
      savingPercent: round(saving, 2),
      gcodeBytes: gcode.bytes,
      gcodeMedianMs: round(gcode.medianMs, 1),
      gcodeMBps: round(gcode.mbPerSecond, 1),
    });
    rows.push([
      `  G-code of the result: ${gcode.bytes} bytes`,
      '',
      '',
      round(gcode.medianMs, 1),
      '',
      '',
      `${round(gcode.mbPerSecond, 1)} MB/s`,
    ]);
  }
  process.stdout.write(markdownTable(rows));
  writeReport('optimise', { machine: machine(), runs: RUNS, scenarios }).then(
    (path) => process.stdout.write(`report: ${path}\n`),
    (err: unknown) => {
      process.stderr.write(`${String(err)}\n`);
      process.exitCode = 1;
    },
  );
}

main();
