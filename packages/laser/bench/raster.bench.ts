/**
 * Raster engraving speed, issue 12's line "Raster 4000×3000 PNG photo → G-code": a photo-like picture
 * (made in code, seeded) stored as an RGB PNG file (made once with sharp, cached under .bench/), then
 * from the file's bytes to GRBL G-code bytes — decode, grey, resampling to the 254 dpi output grid (1:1
 * here), dithering, scan lines, G-code — with Floyd–Steinberg and with greyscale power, in Node (sharp
 * as the decoder) and in a Chromium worker (createImageBitmap + OffscreenCanvas), beside the issue's
 * baseline and the core's own decoder measured in the same run.
 *   npm run bench -- raster.bench   (RASTER_BENCH_WIDTH, RASTER_BENCH_HEIGHT, RASTER_BENCH_RUNS override 4000, 3000, 3)
 * Reports megapixels per second end to end and per stage (plan = grey + resample + dither + scan lines),
 * wall time and, in Node, CPU time; output bytes and peak memory (process RSS high-water mark: Node's
 * own; the Chromium renderer's that ran the worker), medians of the runs. Writes .bench/raster.json.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import {
  machine,
  markdownTable,
  median,
  procStatusBytes,
  REPO_ROOT,
  resetPeakRss,
  round,
  toMib,
  writeReport,
} from '../../../apps/server/bench/bench-kit.js';
import { sharpImageDecoder } from '../../../apps/server/src/infra/image/sharp-image-decoder.js';
import type { DitherMethod } from '../src/model/document.js';
import { CORE_IMAGE_DECODER, decodeImageWith } from '../src/raster/image-decoder.js';
import { makePhoto, pixelDifference, type RunResult, runPipeline, type Stages } from './raster-core.js';

const WIDTH = Number(process.env.RASTER_BENCH_WIDTH ?? 4000);
const HEIGHT = Number(process.env.RASTER_BENCH_HEIGHT ?? 3000);
const RUNS = Math.max(3, Number(process.env.RASTER_BENCH_RUNS ?? 3));
const MODES: DitherMethod[] = ['floyd-steinberg', 'greyscale'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MPX = (WIDTH * HEIGHT) / 1e6;
const gc = (globalThis as { gc?: () => void }).gc;

/** Issue 12's measurement of the same line (4000×3000 PNG photo, commit 525e4ba), and the aims. */
const BASELINE = { source: 'issue 12 (commit 525e4ba)', mpxPerS: 2.9, decodeMs: 1900, planMs: 500, gcodeMs: 1700 };
const AIMS = { endToEndMpxPerS: 20, planMpxPerS: 50, gcodeMpxPerS: 50 };

/** CPU time of the whole process (all threads: sharp's decoding, the garbage collector's helpers), ms. */
const cpuClock = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * CPU time of the main thread alone, ms (Linux schedstat, nanoseconds): what the JavaScript stages take
 * without waiting for other load on the machine. Node 20 has no process.threadCpuUsage; elsewhere than
 * Linux the process clock stands in.
 */
const SCHEDSTAT = '/proc/thread-self/schedstat';
const mainThreadClock = existsSync(SCHEDSTAT)
  ? () => Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6
  : cpuClock;

/** The photo as an RGB PNG file (as a camera or editor saves one), made once and cached under .bench/. */
async function photoPng(): Promise<{ bytes: Uint8Array; path: string; sha256: string }> {
  const path = join(REPO_ROOT, '.bench', `raster-photo-${WIDTH}x${HEIGHT}.png`);
  if (!existsSync(path)) {
    const { rgba } = makePhoto(WIDTH, HEIGHT);
    const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
    for (let i = 0, o = 0; o < rgb.length; i += 4, o += 3) {
      rgb[o] = rgba[i]!;
      rgb[o + 1] = rgba[i + 1]!;
      rgb[o + 2] = rgba[i + 2]!;
    }
    const png = await sharp(rgb, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .png({ compressionLevel: 6 })
      .toBuffer();
    await mkdir(join(REPO_ROOT, '.bench'), { recursive: true });
    await writeFile(path, png);
  }
  const bytes = new Uint8Array(await readFile(path));
  return { bytes, path, sha256: createHash('sha256').update(bytes).digest('hex') };
}

interface NodeRun extends RunResult {
  /** RSS before the run (file and modules loaded) and its high-water mark during the run, bytes. */
  baselineRss: number;
  peakRss: number;
}

/**
 * The Node runs, interleaved (each round runs every mode once) so load on the machine falls on all
 * alike: sharp decoding the file, then the pipeline; and in each round the core's own decoder on the
 * same file, for its time (the decode line's baseline in this run).
 */
async function nodeRuns(
  png: Uint8Array,
): Promise<{ runs: NodeRun[]; coreDecodeMs: number[]; coreDecodeCpuMs: number[] }> {
  const input = { file: png, decoder: sharpImageDecoder };
  for (const mode of MODES) await runPipeline(input, mode); // warm-up: compile the hot loops
  const runs: NodeRun[] = [];
  const coreDecodeMs: number[] = [];
  const coreDecodeCpuMs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    for (const mode of MODES) {
      gc?.();
      const baselineRss = process.memoryUsage.rss();
      await resetPeakRss(process.pid);
      const result = await runPipeline(input, mode, { process: cpuClock, main: mainThreadClock });
      const peakRss = (await procStatusBytes(process.pid, 'VmHWM')) ?? process.memoryUsage.rss();
      runs.push({ ...result, baselineRss, peakRss });
    }
    gc?.();
    const wall = performance.now();
    const cpu = cpuClock();
    await decodeImageWith(png, CORE_IMAGE_DECODER);
    coreDecodeCpuMs.push(cpuClock() - cpu);
    coreDecodeMs.push(performance.now() - wall);
  }
  return { runs, coreDecodeMs, coreDecodeCpuMs };
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
  /** The core's own decoder on the same file in the worker, once, ms. */
  coreDecodeMs: number;
  /** How the worker's decode of the file differs from the core's. */
  agreement: { differing: number; maxDifference: number };
  /** The two decoders on the corpus PNGs. */
  corpus: { files: number; sameRgba: number; sameGrey: number; maxGreyDifference: number; differing: string[] };
  userAgent: string;
  rendererPeakRss?: number;
}

/** About 60 PNGs of the shared corpus (KERF_CORPUS), spread over its folders, for the decoder comparison. */
function corpusPngs(): string[] {
  const root = process.env.KERF_CORPUS ?? join(REPO_ROOT, '../shared/corpus');
  if (!existsSync(root)) return [];
  const all = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.toLowerCase().endsWith('.png'))
    .sort();
  const step = Math.max(1, Math.floor(all.length / 60));
  return all.filter((_, i) => i % step === 0).map((f) => join(root, f));
}

async function browserRuns(png: Uint8Array): Promise<BrowserOutcome> {
  const corpus = corpusPngs();
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
    } else if (req.url === '/photo.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else if (req.url?.startsWith('/corpus/') && corpus[Number(req.url.slice(8))]) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(readFileSync(corpus[Number(req.url.slice(8))]!));
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
    // The page fetches the file and hands its bytes to the worker: timing starts from bytes in memory.
    const outcome = (await page.evaluate(
      (task) =>
        fetch('/photo.png')
          .then((r) => r.arrayBuffer())
          .then(
            (buffer) =>
              new Promise<unknown>((resolve) => {
                const worker = new Worker('/worker.js', { type: 'module' });
                worker.onmessage = (e) => resolve(e.data);
                worker.onerror = (e) => resolve({ ok: false, error: e.message });
                worker.postMessage({ ...task, png: new Uint8Array(buffer) }, [buffer]);
              }),
          ),
      { runs: RUNS, modes: MODES, corpusFiles: corpus.length },
    )) as { ok: boolean; error?: string } & Omit<BrowserOutcome, 'rendererPeakRss'>;
    if (!outcome.ok) throw new Error(`the worker failed: ${outcome.error}`);
    // The renderer that hosted the worker: its lifetime RSS high-water mark covers the runs.
    let rendererPeakRss: number | undefined;
    for (const pid of await descendants(process.pid)) {
      const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (!cmd.includes('--type=renderer')) continue;
      const hwm = await procStatusBytes(pid, 'VmHWM');
      if (hwm !== undefined) rendererPeakRss = Math.max(rendererPeakRss ?? 0, hwm);
    }
    return { ...outcome, rendererPeakRss };
  } finally {
    await browser.close();
    server.close();
  }
}

const mpxPerS = (ms: number) => round(MPX / (ms / 1000), 1);
const STAGES = ['decode', 'grey', 'resample', 'dither', 'lines', 'plan', 'gcode', 'join', 'total'] as const;

/** Median of each stage over the runs, ms. */
function medianStages(all: Stages[]): Stages {
  return Object.fromEntries(STAGES.map((k) => [k, round(median(all.map((s) => s[k])), 1)])) as unknown as Stages;
}

/**
 * Medians of the runs. `cpu`: the time each stage needs of a processor of its own, from the CPU clocks —
 * decode on the process clock (sharp decodes on its own threads), plan and G-code on the main thread's
 * (the collector's helper threads run beside it) — so about the wall time on an idle machine.
 */
function summarise(runs: RunResult[]) {
  const wall = medianStages(runs);
  const cpuRuns = runs.every((r) => r.clocks?.process && r.clocks.main)
    ? runs.map((r) => {
        const { process: all, main } = r.clocks as Record<'process' | 'main', Stages>;
        return { ...main, decode: all.decode, total: all.decode + main.plan + main.gcode };
      })
    : undefined;
  const cpu = cpuRuns ? medianStages(cpuRuns) : undefined;
  const processCpu = cpuRuns ? medianStages(runs.map((r) => r.clocks!.process!)) : undefined;
  const rates = (s: Stages) => ({
    endToEnd: mpxPerS(s.total),
    decode: mpxPerS(s.decode),
    plan: mpxPerS(s.plan),
    gcode: mpxPerS(s.gcode),
  });
  return {
    runs: runs.length,
    stagesMs: wall,
    mpxPerS: rates(wall),
    cpuStagesMs: cpu,
    cpuMpxPerS: cpu ? rates(cpu) : undefined,
    processCpuStagesMs: processCpu,
    outputBytes: runs[0]?.outputBytes ?? 0,
    scanLines: runs[0]?.lineCount ?? 0,
    allTotalsMs: runs.map((r) => round(r.total, 1)),
  };
}

const meets = (value: number, aim: number) => (value >= aim ? `${value} ✓` : `${value} ✗`);

async function main() {
  const loadAtStart = loadavg();
  const photo = await photoPng();
  const image = await decodeImageWith(photo.bytes, sharpImageDecoder);
  const nodeAgreement = pixelDifference(await decodeImageWith(photo.bytes, CORE_IMAGE_DECODER), image);
  const nodeOutcome = await nodeRuns(photo.bytes);
  const node = Object.fromEntries(
    MODES.map((mode) => {
      const runs = nodeOutcome.runs.filter((r) => r.mode === mode);
      return [
        mode,
        {
          ...summarise(runs),
          peakRssMib: toMib(median(runs.map((r) => r.peakRss))),
          workingSetMib: toMib(median(runs.map((r) => r.peakRss - r.baselineRss))),
        },
      ];
    }),
  );
  let browser: Omit<BrowserOutcome, 'results' | 'rendererPeakRss'> & {
    rendererPeakRssMib?: number;
    modes: Record<string, ReturnType<typeof summarise>>;
  };
  let browserError: string | undefined;
  try {
    const outcome = await browserRuns(photo.bytes);
    browser = {
      userAgent: outcome.userAgent,
      coreDecodeMs: round(outcome.coreDecodeMs, 1),
      agreement: outcome.agreement,
      corpus: outcome.corpus,
      rendererPeakRssMib: outcome.rendererPeakRss === undefined ? undefined : toMib(outcome.rendererPeakRss),
      modes: Object.fromEntries(MODES.map((mode) => [mode, summarise(outcome.results.filter((r) => r.mode === mode))])),
    };
  } catch (error) {
    browserError = String(error);
    browser = {
      userAgent: 'n/a',
      coreDecodeMs: Number.NaN,
      agreement: { differing: -1, maxDifference: -1 },
      modes: {},
    };
  }

  const rows: Array<Array<string | number>> = [
    [
      'where',
      'decoder',
      'mode',
      `end to end Mpx/s (aim ${AIMS.endToEndMpxPerS})`,
      `plan Mpx/s (aim ${AIMS.planMpxPerS})`,
      `G-code Mpx/s (aim ${AIMS.gcodeMpxPerS})`,
      'CPU-time Mpx/s: end to end / plan / G-code',
      'total ms',
      'decode ms',
      'plan ms',
      'G-code ms',
      'output MB',
      'peak RSS MiB',
    ],
    [
      `baseline: ${BASELINE.source}`,
      'core',
      '?',
      BASELINE.mpxPerS,
      mpxPerS(BASELINE.planMs),
      mpxPerS(BASELINE.gcodeMs),
      'n/a',
      BASELINE.decodeMs + BASELINE.planMs + BASELINE.gcodeMs,
      BASELINE.decodeMs,
      BASELINE.planMs,
      BASELINE.gcodeMs,
      'n/a',
      'n/a',
    ],
  ];
  const coreWall = median(nodeOutcome.coreDecodeMs);
  const coreCpu = median(nodeOutcome.coreDecodeCpuMs);
  rows.push([
    'node, same run',
    'core (decode only)',
    '-',
    '-',
    '-',
    '-',
    `decode ${mpxPerS(coreCpu)}`,
    '-',
    round(coreWall, 1),
    '-',
    '-',
    '-',
    '-',
  ]);
  for (const mode of MODES) {
    const n = node[mode]!;
    const c = n.cpuMpxPerS!;
    rows.push([
      'node',
      'sharp',
      mode,
      meets(n.mpxPerS.endToEnd, AIMS.endToEndMpxPerS),
      meets(n.mpxPerS.plan, AIMS.planMpxPerS),
      meets(n.mpxPerS.gcode, AIMS.gcodeMpxPerS),
      `${c.endToEnd} / ${c.plan} / ${c.gcode}`,
      n.stagesMs.total,
      n.stagesMs.decode,
      n.stagesMs.plan,
      n.stagesMs.gcode,
      round(n.outputBytes / 1e6, 1),
      `${n.peakRssMib} (+${n.workingSetMib})`,
    ]);
  }
  if (!browserError) {
    rows.push([
      'chromium worker, same run',
      'core (decode only)',
      '-',
      '-',
      '-',
      '-',
      'n/a',
      '-',
      browser.coreDecodeMs,
      '-',
      '-',
      '-',
      '-',
    ]);
  }
  for (const mode of MODES) {
    const b = browser.modes[mode];
    if (!b) continue;
    rows.push([
      'chromium worker',
      'createImageBitmap',
      mode,
      meets(b.mpxPerS.endToEnd, AIMS.endToEndMpxPerS),
      meets(b.mpxPerS.plan, AIMS.planMpxPerS),
      meets(b.mpxPerS.gcode, AIMS.gcodeMpxPerS),
      'n/a',
      b.stagesMs.total,
      b.stagesMs.decode,
      b.stagesMs.plan,
      b.stagesMs.gcode,
      round(b.outputBytes / 1e6, 1),
      browser.rendererPeakRssMib ?? 'n/a',
    ]);
  }
  const load = (l: number[]) => l.map((v) => round(v, 2)).join(' ');
  process.stdout.write(
    `Raster ${WIDTH}×${HEIGHT} PNG photo (${MPX} Mpx, ${round(photo.bytes.length / 1e6, 1)} MB) → G-code bytes; medians of ${RUNS} runs, wall time unless marked CPU\n\n`,
  );
  process.stdout.write(markdownTable(rows));
  process.stdout.write(
    `\nplan = grey + resample + dither + scan lines. CPU-time = decode on the process CPU clock (sharp's threads), plan and G-code on the main thread's: about the wall time on an idle machine. Decoded pixels against the core's decoder: sharp ${nodeAgreement.differing} bytes differ, ` +
      `Chromium ${browser.agreement.differing} bytes differ (max ${browser.agreement.maxDifference}); ` +
      `on ${browser.corpus.files} corpus PNGs Chromium gives the same RGBA for ${browser.corpus.sameRgba}, the same grey for ${browser.corpus.sameGrey} ` +
      `(largest grey difference ${browser.corpus.maxGreyDifference}).\n` +
      `load average at the start: ${load(loadAtStart)}; at the end: ${load(loadavg())} on ${cpus().length} CPUs\n`,
  );
  if (browserError) process.stdout.write(`\nChromium run failed: ${browserError}\n`);
  const path = await writeReport('raster', {
    ...machine(),
    width: WIDTH,
    height: HEIGHT,
    megapixels: MPX,
    photo: { path: photo.path, bytes: photo.bytes.length, sha256: photo.sha256 },
    runs: RUNS,
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadavg(),
    baseline: BASELINE,
    aims: AIMS,
    inNode: {
      decoder: 'sharp',
      modes: node,
      coreDecoderMs: round(coreWall, 1),
      coreDecoderCpuMs: round(coreCpu, 1),
      agreementWithCore: nodeAgreement,
    },
    inChromium: browser,
    chromiumError: browserError,
    notes: [
      'Stages: decode = file bytes to RGBA; grey = RGBA to grey; resample = onto the 254 dpi output grid (1:1 here);',
      'dither includes the grey-level table; lines = scan lines with white trimmed; plan = grey + resample + dither + lines;',
      'G-code = machine coordinates, GRBL text into a ByteWriter, out as its chunks; total = decode + plan + G-code;',
      'join = copying the chunks into one Uint8Array (not in the total; the peak RSS includes it).',
      'CPU-time = the stage times on CPU clocks, about the wall time on an idle machine: decode on the process clock',
      '(user + system, all threads: sharp decodes on its own), plan and G-code on the main thread (/proc/thread-self/schedstat;',
      'the collector helpers run beside it). processCpuStagesMs = every stage on the process clock.',
      'peak RSS (Node) = the process high-water mark during one run (clear_refs reset), + = above the RSS before the run.',
      'Chromium: the renderer process lifetime high-water mark (all runs, file and pictures included).',
    ],
  });
  process.stdout.write(`\nwrote ${path}\n`);
}

await main();
