/**
 * Blob store throughput and memory against plain file copies, for a 256 MiB file of random bytes.
 *   npx tsx apps/server/bench/blob-store.bench.ts       (BLOB_BENCH_MIB, BLOB_BENCH_RUNS override size and runs)
 * Every run is a fresh child process, so its peak RSS is that transfer's alone (plus a fixed baseline of
 * loaded modules, reported separately). s3rver runs in this parent process; its memory is reported apart.
 * Prints a table and writes .bench/blob-store.json at the repository root.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { DiskBlobStore } from '../src/infra/blob/disk-blob-store.js';
import { createS3Client, S3BlobStore } from '../src/infra/blob/s3-blob-store.js';
import { startS3rver } from '../test/blob-s3rver.js';
import { MIB, machine, median, toMib, writeRandomFile, writeReport } from './bench-kit.js';

const FILE_MIB = Number(process.env.BLOB_BENCH_MIB ?? 256);
const RUNS = Number(process.env.BLOB_BENCH_RUNS ?? 5);

const SCENARIOS = [
  { id: 'stream-copy', label: 'plain copy: fs stream pipeline' },
  { id: 'copy-file', label: 'plain copy: fs.copyFile' },
  { id: 'stream-copy-fsync', label: 'plain copy: stream + fsync' },
  { id: 'disk-put', label: 'disk store put (file -> store)' },
  { id: 'disk-get', label: 'disk store get (store -> file)' },
  { id: 's3-put', label: 's3 store put (s3rver)' },
  { id: 's3-get', label: 's3 store get (s3rver)' },
] as const;
type ScenarioId = (typeof SCENARIOS)[number]['id'];

interface WorkerTask {
  scenario: ScenarioId;
  sourcePath: string;
  targetPath: string;
  storeDir: string;
  sha256: string;
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
}

interface RunResult {
  ms: number;
  /** RSS just before the transfer started (modules loaded, store opened). */
  baselineRss: number;
  /** Highest RSS sampled every 10 ms during the transfer. */
  peakRss: number;
  /** The child's lifetime peak RSS from getrusage. */
  maxRss: number;
  /** RSS of this (parent) process, which hosts s3rver, before and at its peak during the run. */
  serverBaselineRss?: number;
  serverPeakRss?: number;
}

// ---------------------------------------------------------------------------------------------- worker

/** Sets up one scenario (outside the timing) and returns the transfer to time. */
async function prepareTransfer(task: WorkerTask): Promise<() => Promise<void>> {
  const { sourcePath, targetPath, sha256 } = task;
  await rm(targetPath, { force: true });
  const expectSha = (actual: string) => {
    if (actual !== sha256) throw new Error(`${task.scenario}: stored hash ${actual}, expected ${sha256}`);
  };
  switch (task.scenario) {
    case 'stream-copy':
      return () => pipeline(createReadStream(sourcePath), createWriteStream(targetPath));
    case 'copy-file':
      return () => copyFile(sourcePath, targetPath);
    case 'stream-copy-fsync':
      return () => pipeline(createReadStream(sourcePath), createWriteStream(targetPath, { flush: true }));
    case 'disk-put':
    case 'disk-get': {
      const store = await DiskBlobStore.open({ dir: task.storeDir });
      return storeTransfer(task, store, expectSha);
    }
    case 's3-put':
    case 's3-get': {
      const { bucket, ...connection } = task.s3;
      const store = new S3BlobStore({ client: createS3Client({ ...connection, forcePathStyle: true }), bucket });
      return storeTransfer(task, store, expectSha);
    }
  }
}

async function storeTransfer(
  task: WorkerTask,
  store: DiskBlobStore | S3BlobStore,
  expectSha: (actual: string) => void,
): Promise<() => Promise<void>> {
  if (task.scenario.endsWith('-put')) {
    await store.delete(task.sha256); // a put of content already stored would skip the write
    return async () => expectSha((await store.put(createReadStream(task.sourcePath))).sha256);
  }
  if (!(await store.stat(task.sha256))) expectSha((await store.put(createReadStream(task.sourcePath))).sha256);
  return async () => {
    const { stream } = await store.get(task.sha256);
    await pipeline(stream, createWriteStream(task.targetPath));
  };
}

async function runWorker(task: WorkerTask): Promise<void> {
  const transfer = await prepareTransfer(task);
  (globalThis as { gc?: () => void }).gc?.();
  const baselineRss = process.memoryUsage.rss();
  let peakRss = baselineRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 10);
  const started = performance.now();
  await transfer();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  const written = task.scenario.endsWith('-put') ? undefined : (await stat(task.targetPath)).size;
  if (written !== undefined && written !== FILE_MIB * MIB) throw new Error(`${task.scenario} wrote ${written} bytes`);
  const result: RunResult = { ms, baselineRss, peakRss, maxRss: process.resourceUsage().maxRSS * 1024 };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0); // the S3 client's keep-alive sockets would otherwise hold the child open for a while
}

// ---------------------------------------------------------------------------------------------- parent

/** Runs one transfer in a fresh child (same loader flags as this process, so tsx carries over). */
function runInChild(task: WorkerTask): Promise<RunResult> {
  const script = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [...process.execArgv, script, '--worker', JSON.stringify(task)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BLOB_BENCH_MIB: String(FILE_MIB), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => {
    output += data.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as RunResult);
      else reject(new Error(`${task.scenario} worker exited with ${code}: ${output}`));
    });
  });
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'kerf-blob-bench-'));
  const s3rver = await startS3rver({ buckets: ['kerf-bench'] });
  try {
    const sourcePath = join(workDir, 'source.bin');
    process.stdout.write(`Writing ${FILE_MIB} MiB of random bytes to ${sourcePath} ...\n`);
    const sha256 = await writeRandomFile(sourcePath, FILE_MIB);
    const baseTask = {
      sourcePath,
      targetPath: join(workDir, 'target.bin'),
      storeDir: join(workDir, 'store'),
      sha256,
      s3: {
        endpoint: s3rver.endpoint,
        bucket: 'kerf-bench',
        region: s3rver.region,
        accessKeyId: s3rver.accessKeyId,
        secretAccessKey: s3rver.secretAccessKey,
      },
    };
    await mkdir(baseTask.storeDir, { recursive: true });

    const results = new Map<ScenarioId, RunResult[]>();
    for (const { id, label } of SCENARIOS) {
      const runs: RunResult[] = [];
      for (let run = 0; run < RUNS; run++) {
        // Only S3 runs do work in this process (s3rver); sample it so the server's memory is visible too.
        const serverBaselineRss = process.memoryUsage.rss();
        let serverPeakRss = serverBaselineRss;
        const sampler = setInterval(() => {
          serverPeakRss = Math.max(serverPeakRss, process.memoryUsage.rss());
        }, 10);
        const result = await runInChild({ ...baseTask, scenario: id });
        clearInterval(sampler);
        runs.push(id.startsWith('s3-') ? { ...result, serverBaselineRss, serverPeakRss } : result);
      }
      results.set(id, runs);
      process.stdout.write(`  ${label}: ${runs.map((r) => Math.round(r.ms)).join(', ')} ms\n`);
    }

    const reference = median(results.get('stream-copy')!.map((r) => r.ms));
    const rows = SCENARIOS.map(({ id, label }) => {
      const runs = results.get(id)!;
      const medianMs = median(runs.map((r) => r.ms));
      const serverPeaks = runs.flatMap((r) => (r.serverPeakRss === undefined ? [] : [r.serverPeakRss]));
      const serverGrowth = runs.flatMap((r) =>
        r.serverPeakRss === undefined || r.serverBaselineRss === undefined
          ? []
          : [r.serverPeakRss - r.serverBaselineRss],
      );
      return {
        scenario: id,
        label,
        medianMs: Math.round(medianMs),
        mibPerSecond: Math.round(FILE_MIB / (medianMs / 1000)),
        ratioVsStreamCopy: Math.round((medianMs / reference) * 100) / 100,
        baselineRssMiB: toMib(median(runs.map((r) => r.baselineRss))),
        peakRssMiB: toMib(Math.max(...runs.map((r) => r.peakRss))),
        peakAboveBaselineMiB: toMib(Math.max(...runs.map((r) => r.peakRss - r.baselineRss))),
        childMaxRssMiB: toMib(Math.max(...runs.map((r) => r.maxRss))),
        serverPeakRssMiB: serverPeaks.length ? toMib(Math.max(...serverPeaks)) : undefined,
        serverPeakAboveBaselineMiB: serverGrowth.length ? toMib(Math.max(...serverGrowth)) : undefined,
        runsMs: runs.map((r) => Math.round(r.ms)),
      };
    });

    process.stdout.write(`\nBlob store vs plain copy: ${FILE_MIB} MiB, ${RUNS} runs each, median\n`);
    console.table(
      rows.map((row) => ({
        scenario: row.label,
        'median ms': row.medianMs,
        'MiB/s': row.mibPerSecond,
        'x stream copy': row.ratioVsStreamCopy,
        'peak RSS MiB': row.peakRssMiB,
        'above baseline MiB': row.peakAboveBaselineMiB,
        's3rver peak (+above) MiB':
          row.serverPeakRssMiB === undefined ? '' : `${row.serverPeakRssMiB} (+${row.serverPeakAboveBaselineMiB})`,
      })),
    );

    const report = {
      benchmark: 'blob-store',
      ...machine(),
      fileBytes: FILE_MIB * MIB,
      runs: RUNS,
      notes: [
        'Each run is a fresh child process; peak RSS is sampled every 10 ms during the transfer.',
        'baselineRss is the child before the transfer (modules loaded); peakAboveBaseline is what the transfer added.',
        'disk put fsyncs the file and its directory; the plain stream copy does not (see stream-copy-fsync).',
        's3 runs go through HTTP to s3rver in the parent process, which writes parts, concatenates them and copies tmp -> final.',
      ],
      scenarios: rows,
    };
    const jsonPath = await writeReport('blob-store', report);
    process.stdout.write(`Wrote ${jsonPath}\n`);
  } finally {
    await s3rver.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--worker') await runWorker(JSON.parse(process.argv[3] ?? '{}') as WorkerTask);
else await main();
