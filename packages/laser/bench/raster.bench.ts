/**
 * Raster engraving speed: a 4000 × 4000 photo-like picture (RGBA, made in code) through the whole raster
 * pipeline — grey, resampling to the 254 dpi output grid (1:1 here), dithering, scan lines, GRBL G-code
 * bytes — with Floyd–Steinberg and with greyscale power, in Node and in a Chromium worker.
 *   npm run bench -- raster        (RASTER_BENCH_SIZE, RASTER_BENCH_RUNS override 4000 and 3)
 * Reports megapixels per second end to end and per stage, output bytes and peak memory (process RSS
 * high-water mark: Node's own; the Chromium renderer's that ran the worker), medians of the runs.
 * Writes .bench/raster.json.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import {
  machine,
  markdownTable,
  median,
  procStatusBytes,
  resetPeakRss,
  round,
  toMib,
  writeReport,
} from '../../../apps/server/bench/bench-kit.js';
import type { DitherMethod } from '../src/model/document.js';
import { makePhoto, type RunResult, runPipeline } from './raster-core.js';

const SIZE = Number(process.env.RASTER_BENCH_SIZE ?? 4000);
const RUNS = Math.max(3, Number(process.env.RASTER_BENCH_RUNS ?? 3));
const MODES: DitherMethod[] = ['floyd-steinberg', 'greyscale'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MPX = (SIZE * SIZE) / 1e6;
const gc = (globalThis as { gc?: () => void }).gc;

interface NodeRun extends RunResult {
  /** RSS before the run (picture and modules loaded) and its high-water mark during the run, bytes. */
  baselineRss: number;
  peakRss: number;
  /** CPU time (user + system) of the run, ms: less sensitive than wall time to other load on the machine. */
  cpuMs: number;
}

async function nodeRuns(mode: DitherMethod, image: ReturnType<typeof makePhoto>): Promise<NodeRun[]> {
  runPipeline(image, mode); // warm-up: compile the hot loops
  const runs: NodeRun[] = [];
  for (let r = 0; r < RUNS; r++) {
    gc?.();
    const baselineRss = process.memoryUsage.rss();
    await resetPeakRss(process.pid);
    const cpu = process.cpuUsage();
    const result = runPipeline(image, mode);
    const used = process.cpuUsage(cpu);
    const peakRss = (await procStatusBytes(process.pid, 'VmHWM')) ?? process.memoryUsage.rss();
    runs.push({ ...result, baselineRss, peakRss, cpuMs: (used.user + used.system) / 1000 });
  }
  return runs;
}

/** Ids of this process's descendants (Chromium's processes), from /proc. */
async function descendants(root: number): Promise<number[]> {
  const parent = new Map<number, number>();
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid) parent.set(pid, ppid);
  }
  const inTree = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return [...parent.keys()].filter(inTree);
}

interface BrowserOutcome {
  results: RunResult[];
  userAgent: string;
  rendererPeakRss?: number;
}

async function browserRuns(): Promise<BrowserOutcome> {
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('./raster-worker.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  const workerJs = bundled.outputFiles[0]!.text;
  const server = createServer((req, res) => {
    if (req.url === '/worker.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(workerJs);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>raster bench</title>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    const outcome = (await page.evaluate(
      (task) =>
        new Promise<unknown>((resolve) => {
          const worker = new Worker('/worker.js', { type: 'module' });
          worker.onmessage = (e) => resolve(e.data);
          worker.onerror = (e) => resolve({ ok: false, error: e.message });
          worker.postMessage(task);
        }),
      { size: SIZE, runs: RUNS, modes: MODES },
    )) as { ok: boolean; error?: string; results: RunResult[]; userAgent: string };
    if (!outcome.ok) throw new Error(`the worker failed: ${outcome.error}`);
    // The renderer that hosted the worker: its lifetime RSS high-water mark covers the runs.
    let rendererPeakRss: number | undefined;
    for (const pid of await descendants(process.pid)) {
      const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (!cmd.includes('--type=renderer')) continue;
      const hwm = await procStatusBytes(pid, 'VmHWM');
      if (hwm !== undefined) rendererPeakRss = Math.max(rendererPeakRss ?? 0, hwm);
    }
    return { results: outcome.results, userAgent: outcome.userAgent, rendererPeakRss };
  } finally {
    await browser.close();
    server.close();
  }
}

const mpxPerS = (ms: number) => round(MPX / (ms / 1000), 1);

function summarise(runs: RunResult[]) {
  const m = (k: keyof Pick<RunResult, 'grey' | 'resample' | 'dither' | 'lines' | 'gcode' | 'join' | 'total'>) =>
    median(runs.map((r) => r[k]));
  return {
    runs: runs.length,
    totalMs: round(m('total'), 1),
    mpxPerS: mpxPerS(m('total')),
    stagesMs: {
      grey: round(m('grey'), 1),
      resample: round(m('resample'), 1),
      dither: round(m('dither'), 1),
      lines: round(m('lines'), 1),
      gcode: round(m('gcode'), 1),
      join: round(m('join'), 1),
    },
    stagesMpxPerS: {
      grey: mpxPerS(m('grey')),
      resample: mpxPerS(m('resample')),
      dither: mpxPerS(m('dither')),
      lines: mpxPerS(m('lines')),
      gcode: mpxPerS(m('gcode')),
      join: mpxPerS(m('join')),
    },
    outputBytes: runs[0]?.outputBytes ?? 0,
    scanLines: runs[0]?.lineCount ?? 0,
    allTotalsMs: runs.map((r) => round(r.total, 1)),
  };
}

async function main() {
  const image = makePhoto(SIZE);
  const node: Record<
    string,
    ReturnType<typeof summarise> & { peakRssMib: number; workingSetMib: number; cpuMs: number; cpuMpxPerS: number }
  > = {};
  for (const mode of MODES) {
    const runs = await nodeRuns(mode, image);
    node[mode] = {
      ...summarise(runs),
      peakRssMib: toMib(median(runs.map((r) => r.peakRss))),
      workingSetMib: toMib(median(runs.map((r) => r.peakRss - r.baselineRss))),
      cpuMs: round(median(runs.map((r) => r.cpuMs)), 1),
      cpuMpxPerS: mpxPerS(median(runs.map((r) => r.cpuMs))),
    };
  }
  let browser: { userAgent: string; rendererPeakRssMib?: number; modes: Record<string, ReturnType<typeof summarise>> };
  let browserError: string | undefined;
  try {
    const outcome = await browserRuns();
    browser = {
      userAgent: outcome.userAgent,
      rendererPeakRssMib: outcome.rendererPeakRss === undefined ? undefined : toMib(outcome.rendererPeakRss),
      modes: Object.fromEntries(MODES.map((mode) => [mode, summarise(outcome.results.filter((r) => r.mode === mode))])),
    };
  } catch (error) {
    browserError = String(error);
    browser = { userAgent: 'n/a', modes: {} };
  }

  const rows: Array<Array<string | number>> = [
    [
      'where',
      'mode',
      'Mpx/s',
      'Mpx/s of CPU',
      'total ms',
      'grey',
      'resample',
      'dither',
      'lines',
      'G-code',
      'join',
      'output MB',
      'peak RSS MiB',
    ],
  ];
  for (const mode of MODES) {
    const n = node[mode]!;
    rows.push([
      'node',
      mode,
      n.mpxPerS,
      n.cpuMpxPerS,
      n.totalMs,
      ...Object.values(n.stagesMs),
      round(n.outputBytes / 1e6, 1),
      `${n.peakRssMib} (+${n.workingSetMib})`,
    ]);
  }
  for (const mode of MODES) {
    const b = browser.modes[mode];
    if (!b) continue;
    rows.push([
      'chromium worker',
      mode,
      b.mpxPerS,
      'n/a',
      b.totalMs,
      ...Object.values(b.stagesMs),
      round(b.outputBytes / 1e6, 1),
      browser.rendererPeakRssMib ?? 'n/a',
    ]);
  }
  process.stdout.write(
    `Raster pipeline, ${SIZE}×${SIZE} px (${MPX} Mpx) RGBA → G-code bytes; medians of ${RUNS} runs (stage times in ms)\n\n`,
  );
  process.stdout.write(markdownTable(rows));
  process.stdout.write(
    `\nload average at the end: ${loadavg()
      .map((l) => round(l, 2))
      .join(' ')} on ${cpus().length} CPUs\n`,
  );
  if (browserError) process.stdout.write(`\nChromium run failed: ${browserError}\n`);
  const path = await writeReport('raster', {
    ...machine(),
    size: SIZE,
    megapixels: MPX,
    runs: RUNS,
    loadAverage: loadavg(),
    inNode: node,
    inChromium: browser,
    chromiumError: browserError,
    notes: [
      'Stages: grey = RGBA to grey; resample = onto the 254 dpi output grid (1:1 here); dither includes the grey-level table;',
      'lines = scan lines with white trimmed; G-code = machine coordinates, GRBL text into a ByteWriter, out as its chunks;',
      'join = copying the chunks into one Uint8Array (not in the total ms; the CPU time and the peak RSS include it).',
      'peak RSS (Node) = the process high-water mark during one run (clear_refs reset), + = above the RSS before the run.',
      'Chromium: the renderer process lifetime high-water mark (all runs, picture included).',
    ],
  });
  process.stdout.write(`\nwrote ${path}\n`);
}

await main();
