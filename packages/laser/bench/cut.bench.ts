/**
 * What the cut features cost: planning and writing G-code for a sheet of 1,200 parts (plates with a
 * round hole and a slot, curved outlines) with every feature off (the baseline) and with kerf offset,
 * tabs, line leads, overcut and two passes stepping Z on, and with power at corners for a controller
 * without M4.
 *   npm run bench -- cut        (CUT_BENCH_RUNS overrides the number of runs, default 7)
 * Reports median plan and G-code times, their ratio to the baseline, and the burnt length. Writes
 * .bench/cut.json.
 */

import { machine, markdownTable, median, round, timed, writeReport } from '../../../apps/server/bench/bench-kit.js';
import type { CutSettings, KerfDocument, Shape } from '../src/model/document.js';
import type { MachineSettings } from '../src/model/job.js';
import { createDocument, createLayer, cutSettings } from '../src/model/layers.js';
import { IDENTITY, translate } from '../src/model/matrix.js';
import { writeGcode } from '../src/output/gcode.js';
import { jobStats } from '../src/output/stats.js';
import { planJob } from '../src/toolpath/index.js';

const RUNS = Math.max(5, Number(process.env.CUT_BENCH_RUNS ?? 7));
const COLUMNS = 40;
const ROWS = 30;

function sheet(cut: Partial<CutSettings>, passes = 1): KerfDocument {
  const shapes: Shape[] = [];
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLUMNS; c++) {
      const at = translate(5 + c * 14, 5 + r * 14);
      const id = `${r}-${c}`;
      shapes.push(
        { id: `p${id}`, kind: 'rect', layerId: 'L', transform: at, x: 0, y: 0, width: 12, height: 12, rx: 2, ry: 2 },
        { id: `h${id}`, kind: 'ellipse', layerId: 'L', transform: at, cx: 4, cy: 4, rx: 2, ry: 2 },
        {
          id: `s${id}`,
          kind: 'path',
          layerId: 'L',
          transform: IDENTITY,
          path: [
            {
              start: { x: 5 + c * 14 + 7, y: 5 + r * 14 + 8 },
              segments: [
                { type: 'line', to: { x: 5 + c * 14 + 10, y: 5 + r * 14 + 8 } },
                {
                  type: 'arc',
                  rx: 1,
                  ry: 1,
                  rotation: 0,
                  largeArc: false,
                  sweep: true,
                  to: { x: 5 + c * 14 + 10, y: 5 + r * 14 + 10 },
                },
                { type: 'line', to: { x: 5 + c * 14 + 7, y: 5 + r * 14 + 10 } },
              ],
              closed: true,
            },
          ],
        },
      );
    }
  }
  const layer = createLayer({ id: 'L', passes, speed: 20, maxPower: 30, minPower: 10, cut: cutSettings(cut) });
  return createDocument({ width: 600, height: 450, layers: [layer], shapes });
}

interface Scenario {
  name: string;
  doc: KerfDocument;
  machine: Partial<MachineSettings>;
}

const scenarios: Scenario[] = [
  { name: 'baseline: every feature off', doc: sheet({}), machine: {} },
  {
    name: 'kerf 0.1 + 2 tabs + line leads + 1 mm overcut',
    doc: sheet({
      kerfOffset: 0.1,
      tabs: { mode: 'count', count: 2, spacing: 50, width: 0.5, minLength: 20 },
      leadIn: { kind: 'line', length: 1 },
      leadOut: { kind: 'line', length: 1 },
      overcut: 1,
    }),
    machine: {},
  },
  {
    name: 'two passes, Z step 0.5, by shape',
    doc: sheet({ zStep: 0.5, passOrder: 'shape' }, 2),
    machine: { zAxis: true },
  },
  { name: 'power at corners, written out (M3)', doc: sheet({ cornerPower: true }), machine: { dynamicPower: false } },
];

const rows: Array<Array<string | number>> = [
  ['scenario', 'plan median ms', 'G-code median ms', '× baseline', 'ops', 'cut m', 'G-code MB'],
];
const results: object[] = [];
let baseline = 0;
for (const s of scenarios) {
  const plans: number[] = [];
  const writes: number[] = [];
  let ops = 0;
  let bytes = 0;
  let cut = 0;
  for (let i = 0; i < RUNS; i++) {
    const plan = await timed(() => planJob(s.doc));
    const gcode = await timed(() => writeGcode(plan.value, { machine: s.machine }));
    plans.push(plan.ms);
    writes.push(gcode.ms);
    ops = plan.value.ops.length;
    bytes = gcode.value.length;
    if (i === 0) cut = jobStats(plan.value, s.machine).cutLength;
  }
  const total = median(plans) + median(writes);
  if (baseline === 0) baseline = total;
  rows.push([
    s.name,
    round(median(plans), 1),
    round(median(writes), 1),
    round(total / baseline, 2),
    ops,
    round(cut / 1000, 2),
    round(bytes / 1e6, 2),
  ]);
  results.push({ name: s.name, planMs: plans, gcodeMs: writes, ops, cutMm: cut, bytes });
}
process.stdout.write(markdownTable(rows));
writeReport('cut', { machine: machine(), runs: RUNS, parts: COLUMNS * ROWS, results }).then(
  (path) => process.stdout.write(`\nwritten ${path}\n`),
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  },
);
