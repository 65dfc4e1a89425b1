/**
 * Drive benchmarks, in one run:
 *   (a) listing a 20-row page of a folder holding 100,000 entries: in-process latency (app.inject),
 *       loopback HTTP requests/s (autocannon), and the list query alone on the database; PGlite, and
 *       PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database, dropped after);
 *   (b) uploading a 1 GiB file of random bytes through the HTTP API to the built server (its own
 *       process, fresh DATA_DIR per run) beside `dd conv=fdatasync` on the same disk, with the
 *       server's peak memory (VmHWM);
 *   (c) downloading it again beside nginx (sendfile) serving the stored blob.
 *
 *   npm run bench drive          (or: node --import tsx apps/server/bench/drive.bench.ts)
 * Overrides: DRIVE_BENCH_PARTS=listing,transfer  DRIVE_BENCH_ENTRIES  DRIVE_BENCH_RUNS (listing, 5)
 *            DRIVE_BENCH_DATABASES=pglite,postgres (listing)
 *            DRIVE_BENCH_TRANSFER_RUNS (3)  DRIVE_BENCH_MIB (1024)  DRIVE_BENCH_HTTP_SECONDS (1)
 * Prints a markdown table and writes .bench/drive.json at the repository root.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { downloadClient } from './bench-http.js';
import { MIB, machine, markdownTable, median, round, writeRandomFile, writeReport } from './bench-kit.js';
import { type ListingResult, runListingBench } from './drive-listing.js';
import { runTransferBench, type TransferOutcome } from './drive-transfer.js';

const env = process.env;
const PARTS = (env.DRIVE_BENCH_PARTS ?? 'listing,transfer').split(',');
const ENTRIES = Number(env.DRIVE_BENCH_ENTRIES ?? 100_000);
const LIST_RUNS = Number(env.DRIVE_BENCH_RUNS ?? 5);
const TRANSFER_RUNS = Number(env.DRIVE_BENCH_TRANSFER_RUNS ?? 3);
const FILE_MIB = Number(env.DRIVE_BENCH_MIB ?? 1024);
const HTTP_SECONDS = Number(env.DRIVE_BENCH_HTTP_SECONDS ?? 1);
/** Which databases the listing runs on (PostgreSQL needs the admin URL below). */
const LIST_DATABASES = (env.DRIVE_BENCH_DATABASES ?? 'pglite,postgres')
  .split(',')
  .filter((d): d is 'pglite' | 'postgres' => d === 'pglite' || d === 'postgres');
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

function transferRows(outcome: TransferOutcome, mib: number, database: string) {
  if ('skipped' in outcome) {
    return [[`upload / download · ${database}`, `skipped: ${outcome.skipped}`, '', '', '', '', '']];
  }
  const runs = outcome.runs;
  const rate = (values: number[]) => mib / (median(values) / 1000);
  const dd = rate(runs.map((r) => r.ddMs));
  const up = rate(runs.map((r) => r.uploadMs));
  const down = rate(runs.map((r) => r.downloadMs));
  const nginxRuns = runs.flatMap((r) => (r.nginxMs === undefined ? [] : [r.nginxMs]));
  const nginx = nginxRuns.length ? rate(nginxRuns) : undefined;
  const peak = (values: Array<number | undefined>) => {
    const known = values.filter((v): v is number => v !== undefined);
    return known.length ? Math.max(...known) : undefined;
  };
  const upPeak = peak(runs.map((r) => r.uploadPeakRss));
  const downPeak = peak(runs.map((r) => r.downloadPeakRss));
  const start = median(runs.flatMap((r) => (r.serverStartRss === undefined ? [] : [r.serverStartRss])));
  const startupPeak = peak(runs.map((r) => r.startupPeakRss));
  const firstStartPeak = peak(runs.map((r) => r.firstStartPeakRss));
  const completeMs = median(runs.map((r) => r.completeMs));
  /** Server CPU time as a share of the wall time of the same transfer (100 % = one core busy throughout). */
  const cpuShare = (who: string, cpu: Array<number | undefined>, wall: number[]) => {
    const pairs = cpu.flatMap((c, i) => (c === undefined ? [] : [c / wall[i]!]));
    return pairs.length ? `; ${who} CPU ${Math.round(median(pairs) * 100)} % of a core` : '';
  };
  const uploadWall = runs.map((r) => r.uploadMs);
  const upCpu =
    cpuShare(
      'server',
      runs.map((r) => r.uploadCpuMs),
      uploadWall,
    ) +
    cpuShare(
      'client',
      runs.map((r) => r.uploadClientCpuMs),
      uploadWall,
    );
  const downCpu = cpuShare(
    'server',
    runs.map((r) => r.downloadCpuMs),
    runs.map((r) => r.downloadMs),
  );
  const size = `${mib} MiB · ${database}`;
  return [
    [
      `upload ${size}`,
      `throughput (${runs[0]!.totalChunks} × ${runs[0]!.chunkSize / MIB} MiB chunks, complete call ${ms(completeMs)}${upCpu})`,
      `${Math.round(up)} MiB/s`,
      `dd fdatasync ${Math.round(dd)} MiB/s`,
      `${Math.round((up / dd) * 100)} %`,
      `≥ ${AIM.uploadVsDd * 100} % of dd`,
      yes(up >= dd * AIM.uploadVsDd),
    ],
    [
      `upload ${size}`,
      'server peak memory during upload (VmHWM, max of runs)',
      mb(upPeak),
      `idle after start ${mb(start)} (start-up peak ${mb(startupPeak)}` +
        (firstStartPeak === undefined ? ')' : `; first start with initdb ${mb(firstStartPeak)})`),
      '',
      `< ${AIM.serverBytes / 1e6} MB`,
      upPeak === undefined ? 'n/a' : yes(upPeak < AIM.serverBytes),
    ],
    [
      `download ${size}`,
      `throughput (${downloadClient}${downCpu})`,
      `${Math.round(down)} MiB/s`,
      nginx === undefined ? 'nginx missing' : `nginx sendfile ${Math.round(nginx)} MiB/s`,
      nginx === undefined ? '' : `${Math.round((down / nginx) * 100)} %`,
      `≥ ${AIM.downloadVsNginx * 100} % of nginx`,
      nginx === undefined ? 'n/a' : yes(down >= nginx * AIM.downloadVsNginx),
    ],
    [
      `download ${size}`,
      'server peak memory during download (VmHWM)',
      mb(downPeak),
      '',
      '',
      `< ${AIM.serverBytes / 1e6} MB`,
      downPeak === undefined ? 'n/a' : yes(downPeak < AIM.serverBytes),
    ],
  ];
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
      const sourcePath = join(workDir, 'source.bin');
      const started = performance.now();
      const sha256 = await writeRandomFile(sourcePath, FILE_MIB);
      log(`  wrote ${FILE_MIB} MiB of random bytes in ${Math.round(performance.now() - started)} ms`);
      // No DATABASE_URL: the server's default, its embedded PostgreSQL server.
      const targets: Array<[string, string | undefined]> = [['embedded', undefined]];
      if (POSTGRES_URL) targets.push(['postgres', POSTGRES_URL]);
      for (const [database, postgresAdminUrl] of targets) {
        log(`  server on ${database}:`);
        const outcome = await runTransferBench({
          sourcePath,
          sha256,
          size: FILE_MIB * MIB,
          runs: TRANSFER_RUNS,
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
