/**
 * Drive benchmarks, in one run:
 *   (a) listing a 20-row page of a folder holding 100,000 entries: in-process latency (app.inject),
 *       loopback HTTP requests/s (autocannon), and the list query alone on the database; PGlite, and
 *       PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database, dropped after);
 *   (b) uploading a 1 GiB file of random bytes through the HTTP API to the built server (its own
 *       process, fresh DATA_DIR per run) beside `dd conv=fdatasync` on the same disk, with the
 *       server's peak memory (VmHWM);
 *   (c) downloading it again beside nginx (sendfile) serving the stored blob;
 *   (b, c) again on the same server after DRIVE_BENCH_LOAD_SECONDS (60) of mixed list calls.
 *
 *   npm run bench drive          (or: node --import tsx apps/server/bench/drive.bench.ts)
 * Overrides: DRIVE_BENCH_PARTS=listing,transfer  DRIVE_BENCH_ENTRIES  DRIVE_BENCH_RUNS (listing, 5)
 *            DRIVE_BENCH_TRANSFER_RUNS (3)  DRIVE_BENCH_MIB (1024)  DRIVE_BENCH_HTTP_SECONDS (1)
 *            DRIVE_BENCH_DATABASES=embedded,postgres (add pglite for the old default as the listing's baseline)
 *            DRIVE_BENCH_LOAD_SECONDS (60; 0 leaves the after-load transfers out)
 *            DRIVE_BENCH_SERVER_NODE_ARGS (options for the server's Node, e.g. V8 heap settings to compare)
 *            DRIVE_BENCH_GC_LOG=<file> (appends the server's full-GC lines from --trace-gc, with their reasons)
 *            DRIVE_BENCH_GC_ALL=1 (the log keeps every trace line: scavenges, and the reasons marking started
 *            with DRIVE_BENCH_SERVER_NODE_ARGS=--trace-incremental-marking)
 * Prints a markdown table and writes .bench/drive.json at the repository root.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { NGINX } from './bench-baselines.js';
import { downloadClient } from './bench-http.js';
import { MIB, machine, markdownTable, median, round, writeRandomFile, writeReport } from './bench-kit.js';
import { type ListingResult, runListingBench } from './drive-listing.js';
import { runTransferBench, type TransferMeasure, type TransferOutcome } from './drive-transfer.js';

const env = process.env;
const PARTS = (env.DRIVE_BENCH_PARTS ?? 'listing,transfer').split(',');
const ENTRIES = Number(env.DRIVE_BENCH_ENTRIES ?? 100_000);
const LIST_RUNS = Number(env.DRIVE_BENCH_RUNS ?? 5);
const TRANSFER_RUNS = Number(env.DRIVE_BENCH_TRANSFER_RUNS ?? 3);
const FILE_MIB = Number(env.DRIVE_BENCH_MIB ?? 1024);
const HTTP_SECONDS = Number(env.DRIVE_BENCH_HTTP_SECONDS ?? 1);
/**
 * Which databases to measure: the listing runs in process on a PostgreSQL server (`postgres`, needs the
 * admin URL below) and on PGlite (`pglite`, the old default, as a baseline when asked); the transfers
 * run the built server on its embedded PostgreSQL (`embedded`) and on a PostgreSQL server (`postgres`).
 */
const DATABASES = (env.DRIVE_BENCH_DATABASES ?? 'embedded,postgres').split(',');
const LIST_DATABASES = DATABASES.filter((d): d is 'pglite' | 'postgres' => d === 'pglite' || d === 'postgres');
/** Mixed list calls between a server's fresh transfer and its second one; 0 leaves the second out. */
const LOAD_SECONDS = Number(env.DRIVE_BENCH_LOAD_SECONDS ?? 60);
/** An admin connection URL: listing and transfers also run on fresh PostgreSQL databases made with it. */
const POSTGRES_URL = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined;

const AIM = {
  listMs: 5,
  /** In-process list call against the same rows' SQL run bare. */
  listVsSql: 2,
  uploadVsDd: 0.8,
  downloadVsNginx: 0.9,
  serverBytes: 200e6,
};

const log = (line: string) => process.stdout.write(`${line}\n`);
const yes = (met: boolean) => (met ? '✅ yes' : '❌ no');
const ms = (value: number) => `${value < 10 ? round(value, 2) : round(value, 1)} ms`;
const mb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${Math.round(bytes / 1e6)} MB`);

function listingRows(results: ListingResult[]) {
  return results.flatMap((r) => {
    const ratio = r.injectMs / r.sqlMs;
    const rows = [
      [
        `list ${r.label} · ${r.database}`,
        `in-process latency (app.inject), load ${round(r.load, 1)}; first call ${ms(r.firstCallMs)}; ratio to its SQL alone`,
        ms(r.injectMs),
        `page SQL alone ${ms(r.sqlMs)} (${r.statementsPerCall} statement${r.statementsPerCall === 1 ? '' : 's'}: ${ms(r.allSqlMs)})`,
        `${round(ratio, 1)}×`,
        `≤ ${AIM.listMs} ms, ≤ ${AIM.listVsSql}×`,
        yes(r.injectMs <= AIM.listMs && ratio <= AIM.listVsSql),
      ],
    ];
    if (r.httpRequestsPerSecond !== undefined) {
      rows.push([
        `list ${r.label} · ${r.database}`,
        'loopback HTTP (autocannon, 4 connections)',
        `${Math.round(r.httpRequestsPerSecond)} req/s`,
        `p50 ${ms(r.httpP50Ms ?? 0)}`,
        '',
        '',
        '',
      ]);
    }
    return rows;
  });
}

/** Rows of one phase (fresh, or after load) of the transfer runs. */
function phaseRows(measures: TransferMeasure[], mib: number, label: string) {
  const rate = (values: number[]) => mib / (median(values) / 1000);
  const dd = rate(measures.map((m) => m.ddMs));
  const up = rate(measures.map((m) => m.uploadMs));
  const down = rate(measures.map((m) => m.downloadMs));
  const nginxRuns = measures.flatMap((m) => (m.nginxMs === undefined ? [] : [m.nginxMs]));
  const nginx = nginxRuns.length ? rate(nginxRuns) : undefined;
  const upPeak = peak(measures.map((m) => m.uploadPeakRss));
  const downPeak = peak(measures.map((m) => m.downloadPeakRss));
  const before = median(measures.flatMap((m) => (m.rssBefore === undefined ? [] : [m.rssBefore])));
  const completeMs = median(measures.map((m) => m.completeMs));
  /** CPU time as a share of the wall time of the same transfer (100 % = one core busy throughout). */
  const cpuShare = (who: string, cpu: Array<number | undefined>, wall: number[]) => {
    const pairs = cpu.flatMap((c, i) => (c === undefined ? [] : [c / wall[i]!]));
    return pairs.length ? `; ${who} CPU ${Math.round(median(pairs) * 100)} % of a core` : '';
  };
  const uploadWall = measures.map((m) => m.uploadMs);
  const upCpu =
    cpuShare(
      'server',
      measures.map((m) => m.uploadCpuMs),
      uploadWall,
    ) +
    cpuShare(
      'client',
      measures.map((m) => m.uploadClientCpuMs),
      uploadWall,
    );
  const downCpu = cpuShare(
    'server',
    measures.map((m) => m.downloadCpuMs),
    measures.map((m) => m.downloadMs),
  );
  const first = measures[0]!;
  const gcs = (values: number[]) => `; ${median(values)} full GCs`;
  const upGcs = gcs(measures.map((m) => m.uploadFullGcs));
  const downGcs = gcs(measures.map((m) => m.downloadFullGcs));
  const load = `machine load ${median(measures.map((m) => m.loadAverage)).toFixed(1)} on ${cpus().length} cores`;
  return [
    [
      `upload ${label}`,
      `throughput (${first.totalChunks} × ${first.chunkSize / MIB} MiB chunks, complete call ${ms(completeMs)}${upCpu}${upGcs}; ${load})`,
      `${Math.round(up)} MiB/s`,
      `dd fdatasync ${Math.round(dd)} MiB/s`,
      `${Math.round((up / dd) * 100)} %`,
      `≥ ${AIM.uploadVsDd * 100} % of dd`,
      yes(up >= dd * AIM.uploadVsDd),
    ],
    [
      `upload ${label}`,
      'server peak memory during upload (VmHWM, max of runs)',
      mb(upPeak),
      `RSS before ${mb(before)}`,
      '',
      `≤ ${AIM.serverBytes / 1e6} MB`,
      upPeak === undefined ? 'n/a' : yes(upPeak <= AIM.serverBytes),
    ],
    [
      `download ${label}`,
      `throughput (${downloadClient}${downCpu}${downGcs}; ${load})`,
      `${Math.round(down)} MiB/s`,
      nginx === undefined
        ? `nginx missing (${NGINX}): apt-get install nginx-light`
        : `nginx sendfile ${Math.round(nginx)} MiB/s`,
      nginx === undefined ? '' : `${Math.round((down / nginx) * 100)} %`,
      `≥ ${AIM.downloadVsNginx * 100} % of nginx`,
      nginx === undefined ? 'n/a' : yes(down >= nginx * AIM.downloadVsNginx),
    ],
    [
      `download ${label}`,
      'server peak memory during download (VmHWM, max of runs)',
      mb(downPeak),
      '',
      '',
      `≤ ${AIM.serverBytes / 1e6} MB`,
      downPeak === undefined ? 'n/a' : yes(downPeak <= AIM.serverBytes),
    ],
  ];
}

const peak = (values: Array<number | undefined>) => {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length ? Math.max(...known) : undefined;
};

function transferRows(outcome: TransferOutcome, mib: number, database: string) {
  if ('skipped' in outcome) {
    return [[`upload / download · ${database}`, `skipped: ${outcome.skipped}`, '', '', '', '', '']];
  }
  const runs = outcome.runs;
  const start = median(runs.flatMap((r) => (r.serverStartRss === undefined ? [] : [r.serverStartRss])));
  const startupPeak = peak(runs.map((r) => r.startupPeakRss));
  const firstStartPeak = peak(runs.map((r) => r.firstStartPeakRss));
  const rows = [
    [
      `server · ${database}`,
      'memory idle after start (VmRSS)',
      mb(start),
      `start-up peak ${mb(startupPeak)}` +
        (firstStartPeak === undefined ? '' : `; first start with initdb ${mb(firstStartPeak)}`),
      '',
      '',
      '',
    ],
    ...phaseRows(
      runs.map((r) => r.fresh),
      mib,
      `${mib} MiB · ${database} · fresh server`,
    ),
  ];
  const loaded = runs.flatMap((r) => (r.afterLoad ? [r.afterLoad] : []));
  if (loaded.length) {
    const rps = median(loaded.map((l) => l.load.requestsPerSecond));
    rows.push(
      [
        `list load · ${database}`,
        `mixed list calls for ${LOAD_SECONDS} s (autocannon, 8 connections) before the second transfer`,
        `${Math.round(rps)} req/s`,
        '',
        '',
        '0 errors',
        yes(loaded.every((l) => l.load.errors === 0 && l.load.non2xx === 0)),
      ],
      ...phaseRows(loaded, mib, `${mib} MiB · ${database} · after ${LOAD_SECONDS} s list load`),
    );
  }
  return rows;
}

async function main() {
  const benchStarted = performance.now();
  const workDir = await mkdtemp(join(tmpdir(), 'kerf-drive-bench-'));
  const report: Record<string, unknown> = { benchmark: 'drive', ...machine() };
  const rows: Array<Array<string | number>> = [];
  let listing: ListingResult[] = [];
  const transfers: Array<{ database: string; outcome: TransferOutcome }> = [];
  try {
    if (PARTS.includes('listing')) {
      log(`(a) Listing: one folder of ${ENTRIES} entries, ${LIST_RUNS} runs`);
      listing = await runListingBench({
        entries: ENTRIES,
        runs: LIST_RUNS,
        callsPerRun: 100,
        runBudgetMs: 200,
        httpSeconds: HTTP_SECONDS,
        httpConnections: 4,
        postgresAdminUrl: POSTGRES_URL,
        databases: LIST_DATABASES,
        log,
      });
      rows.push(...listingRows(listing));
    }
    if (PARTS.includes('transfer')) {
      log(`(b, c) Upload and download of ${FILE_MIB} MiB, ${TRANSFER_RUNS} runs`);
      const started = performance.now();
      const source = { path: join(workDir, 'source.bin'), sha256: '' };
      source.sha256 = await writeRandomFile(source.path, FILE_MIB);
      const sourceAfterLoad = { path: join(workDir, 'source-after-load.bin'), sha256: '' };
      if (LOAD_SECONDS > 0) sourceAfterLoad.sha256 = await writeRandomFile(sourceAfterLoad.path, FILE_MIB);
      log(`  wrote ${FILE_MIB} MiB of random bytes per source in ${Math.round(performance.now() - started)} ms`);
      // No DATABASE_URL: the server's default, its embedded PostgreSQL server.
      const targets: Array<[string, string | undefined]> = [['embedded', undefined]];
      if (POSTGRES_URL) targets.push(['postgres', POSTGRES_URL]);
      for (const [database, postgresAdminUrl] of targets.filter(([name]) => DATABASES.includes(name))) {
        log(`  server on ${database}:`);
        const outcome = await runTransferBench({
          source,
          sourceAfterLoad,
          size: FILE_MIB * MIB,
          runs: TRANSFER_RUNS,
          loadSeconds: LOAD_SECONDS,
          serverNodeArgs: env.DRIVE_BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
          workDir,
          postgresAdminUrl,
          log,
        });
        if ('skipped' in outcome) log(`  skipped: ${outcome.skipped}`);
        transfers.push({ database, outcome });
        rows.push(...transferRows(outcome, FILE_MIB, database));
        if ('skipped' in outcome) break;
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }

  const seconds = Math.round((performance.now() - benchStarted) / 1000);
  const medians = [
    PARTS.includes('listing') ? `listing ${LIST_RUNS} runs of ≤ 100 calls` : '',
    PARTS.includes('transfer') ? `transfers ${TRANSFER_RUNS} runs` : '',
  ].filter(Boolean);
  log(`\nDrive bench (${seconds} s; medians of ${medians.join(', ')})\n`);
  log(markdownTable([['bench', 'measure', 'median', 'baseline (median)', 'ratio', 'aim', 'met'], ...rows]).trimEnd());

  const slow = listing.filter((r) => r.injectMs > AIM.listMs || r.injectMs > r.sqlMs * AIM.listVsSql);
  if (slow.length) {
    log(`\nList calls over ${AIM.listMs} ms or ${AIM.listVsSql}× their SQL, with its plan (EXPLAIN ANALYZE):`);
    for (const r of slow) {
      log(`\n#### ${r.label} · ${r.database}: ${ms(r.injectMs)} (page SQL alone ${ms(r.sqlMs)})\n`);
      log(`${r.listSql.replace(/^select .+? from /, 'select … from ')}\n\n${r.explain}`);
    }
  }
  if (listing[0]) {
    const { statementsPerCall, statementTables } = listing[0];
    log(`\nA warm list call runs ${statementsPerCall} SQL statements, reading: ${statementTables.join(', ')}.`);
  }

  report.durationSeconds = seconds;
  report.aims = AIM;
  report.listing = { entries: ENTRIES, runs: LIST_RUNS, results: listing };
  report.transfer = { fileBytes: FILE_MIB * MIB, runs: TRANSFER_RUNS, servers: transfers };
  const jsonPath = await writeReport('drive', report);
  log(`Wrote ${jsonPath}`);
}

await main();
