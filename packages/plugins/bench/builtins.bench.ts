/**
 * What a plugin run costs apart from the sandbox: the built-in generator itself, the structured copy
 * its answer makes crossing postMessage (timed here as a JSON round trip, a stand-in of the same order),
 * and the host's answer check that turns it into a drawing. The baseline for each row is planning the
 * laser job for the same drawing, which the editor does anyway before any output.
 *   npm run bench -- builtins      (PLUGIN_BENCH_RUNS overrides the number of runs, default 9)
 * Reports medians in ms and (run + copy + check) / plan. Writes .bench/plugins-builtins.json.
 */

import { defaultParams, type PluginParamValues } from '@kerf/contract';
import { leafShapes, planJob } from '@kerf/laser';
import { machine, markdownTable, median, round, timed, writeReport } from '../../../apps/server/bench/bench-kit.js';
import { BUILTIN_PLUGINS } from '../src/builtin/index.js';
import { checkFragment } from '../src/fragment.js';
import type { PluginContext } from '../src/sdk.js';

const RUNS = Math.max(5, Number(process.env.PLUGIN_BENCH_RUNS ?? 9));

const context: PluginContext = {
  locale: 'en',
  workArea: { width: 600, height: 400 },
  // text shapes are outlined by the host's fonts later; a fixed advance stands in for its measuring
  measureText: async (text, font) => Array.from(text, () => 0.6 * font.size),
};

interface Scenario {
  name: string;
  plugin: string;
  params: PluginParamValues;
}

const scenarios: Scenario[] = [
  { name: 'box maker, defaults', plugin: 'kerf.box-maker', params: {} },
  {
    name: 'box maker, 400 × 300 × 200, 3 mm fingers',
    plugin: 'kerf.box-maker',
    params: { width: 400, depth: 300, height: 200, fingerWidth: 3 },
  },
  {
    name: 'living hinge, lattice 300 × 200',
    plugin: 'kerf.living-hinge',
    params: { pattern: 'lattice', width: 300, height: 200 },
  },
  {
    name: 'living hinge, wave 300 × 200',
    plugin: 'kerf.living-hinge',
    params: { pattern: 'wave', width: 300, height: 200 },
  },
  { name: 'gear, defaults (20 teeth)', plugin: 'kerf.gear', params: {} },
  { name: 'gear, 300 teeth, module 1', plugin: 'kerf.gear', params: { teeth: 300, module: 1 } },
  {
    name: 'QR code, 300 characters, level H',
    plugin: 'kerf.qr-code',
    params: { text: 'https://kerf.example/o/'.padEnd(300, 'x'), level: 'H', size: 80 },
  },
  { name: 'barcode, Code 128, defaults', plugin: 'kerf.barcode', params: { showText: false } },
  { name: 'panel, holes and slots', plugin: 'kerf.panel', params: { holes: true, slots: true } },
];

const rows: Array<Array<string | number>> = [
  ['scenario', 'shapes', 'run ms', 'copy ms', 'check ms', 'plan ms (baseline)', '(run+copy+check) / plan'],
];
const results: object[] = [];
for (const s of scenarios) {
  const plugin = BUILTIN_PLUGINS.find((p) => p.manifest.id === s.plugin);
  if (!plugin) throw new Error(`no built-in ${s.plugin}`);
  const params = { ...defaultParams(plugin.manifest.parameters), ...s.params };
  const runs: number[] = [];
  const copies: number[] = [];
  const checks: number[] = [];
  const plans: number[] = [];
  let shapes = 0;
  for (let i = 0; i < RUNS; i++) {
    const answer = await timed(() => plugin.run(params, context));
    const copy = await timed(() => JSON.parse(JSON.stringify(answer.value)) as unknown);
    const check = await timed(() => checkFragment(copy.value, context.workArea));
    const plan = await timed(() => planJob(check.value.document));
    runs.push(answer.ms);
    copies.push(copy.ms);
    checks.push(check.ms);
    plans.push(plan.ms);
    shapes = leafShapes(check.value.document.shapes).length;
  }
  const plugged = median(runs) + median(copies) + median(checks);
  rows.push([
    s.name,
    shapes,
    round(median(runs), 2),
    round(median(copies), 2),
    round(median(checks), 2),
    round(median(plans), 2),
    round(plugged / median(plans), 2),
  ]);
  results.push({ name: s.name, shapes, runMs: runs, copyMs: copies, checkMs: checks, planMs: plans });
}

console.log(`built-in plugin runs, ${RUNS} runs each (medians)\n`);
console.log(markdownTable(rows));
await writeReport('plugins-builtins', { machine: machine(), runs: RUNS, results });
