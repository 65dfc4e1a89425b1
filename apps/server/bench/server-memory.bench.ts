/**
 * Memory of the built server on its embedded defaults: the Kerf process's peak (VmHWM) over a first
 * start on a fresh DATA_DIR (initdb, migrations, the admin), its idle RSS after a later start, and the
 * embedded PostgreSQL's processes beside it (RSS counts their shared buffers once per process; PSS
 * shares them out). Baseline in the same run: a bare Node.js process. The PGlite figures of issue 12
 * (measured before the embedded PostgreSQL server replaced it) are printed for reference.
 *   npm run build && npm run bench -- server-memory      (SERVER_MEMORY_RUNS overrides the 3 runs)
 * Prints a table and writes .bench/server-memory.json at the repository root.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/server-process.js';
import { machine, markdownTable, median, REPO_ROOT, writeReport } from './bench-kit.js';

const RUNS = Number(process.env.SERVER_MEMORY_RUNS ?? 3);
const ENTRY = join(REPO_ROOT, 'apps/server/dist/main.js');
/** Idle figures are read this long after the server first answers (start-up work settles). */
const SETTLE_MS = 10_000;
/** Issue 12's table, PGlite default (commit 525e4ba). */
const PGLITE_REFERENCE = { idleRssMib: '300–350', firstStartPeakMib: 854 };

const kib = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
const mib = (k: number) => Math.round(k / 1024);

/** RSS and PSS (KiB) of the postmaster serving `pgdata` and its children. */
async function postgresMemory(pgdata: string): Promise<{ rss: number; pss: number; processes: number }> {
  const pids = (await readdir('/proc')).filter((p) => /^\d+$/.test(p));
  const parents = new Map<string, string>();
  let postmaster: string | undefined;
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!);
      if ((await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').includes(pgdata)) postmaster = pid;
    } catch {
      // gone meanwhile
    }
  }
  const total = { rss: 0, pss: 0, processes: 0 };
  for (const pid of pids) {
    if (pid !== postmaster && parents.get(pid) !== postmaster) continue;
    try {
      const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
      total.rss += kib(rollup, 'Rss');
      total.pss += kib(rollup, 'Pss');
      total.processes++;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

interface Sample {
  kerfRssMib: number;
  kerfPeakMib: number;
  postgresRssMib: number;
  postgresPssMib: number;
  postgresProcesses: number;
  startMs: number;
}

/** Starts the built server on `dataDir`, waits until it answers and settles, samples, stops it. */
async function sampleServer(dataDir: string): Promise<Sample> {
  const port = await freePort();
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((ok) => child.once('exit', ok));
  const begun = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/cloud-api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() - begun > 180_000) throw new Error('server did not answer within 180 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const startMs = Date.now() - begun;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const pg = await postgresMemory(join(dataDir, 'postgres', 'data'));
    return {
      kerfRssMib: mib(kib(status, 'VmRSS')),
      kerfPeakMib: mib(kib(status, 'VmHWM')),
      postgresRssMib: mib(pg.rss),
      postgresPssMib: mib(pg.pss),
      postgresProcesses: pg.processes,
      startMs,
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** A Node.js process that loads nothing: the floor any server sits on. */
async function bareNodeRssMib(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 1000));
  const rss = kib(await readFile(`/proc/${child.pid}/status`, 'utf8'), 'VmRSS');
  child.kill();
  return mib(rss);
}

async function main() {
  if (!existsSync(ENTRY)) throw new Error(`Build first (npm run build): ${ENTRY} is missing`);
  const load = loadavg().map((l) => l.toFixed(2));
  const first: Sample[] = [];
  const idle: Sample[] = [];
  const bare: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = await mkdtemp(join(tmpdir(), 'kerf-bench-memory-'));
    try {
      first.push(await sampleServer(dataDir));
      idle.push(await sampleServer(dataDir));
      bare.push(await bareNodeRssMib());
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const med = (samples: Sample[], key: keyof Sample) => median(samples.map((s) => s[key]));
  const report = {
    machine: { ...machine(), loadBefore: load, loadAfter: loadavg().map((l) => l.toFixed(2)) },
    runs: RUNS,
    first,
    idle,
    bareNodeRssMib: bare,
    pgliteReference: PGLITE_REFERENCE,
  };
  process.stdout.write(
    markdownTable([
      [
        'measure (median MiB)',
        'Kerf',
        'PostgreSQL RSS / PSS',
        'Kerf + PG PSS',
        'baseline: bare Node',
        'PGlite (issue 12)',
      ],
      [
        'first start, peak (VmHWM)',
        med(first, 'kerfPeakMib'),
        `${med(first, 'postgresRssMib')} / ${med(first, 'postgresPssMib')}`,
        med(first, 'kerfPeakMib') + med(first, 'postgresPssMib'),
        median(bare),
        PGLITE_REFERENCE.firstStartPeakMib,
      ],
      [
        'idle, later start (VmRSS)',
        med(idle, 'kerfRssMib'),
        `${med(idle, 'postgresRssMib')} / ${med(idle, 'postgresPssMib')}`,
        med(idle, 'kerfRssMib') + med(idle, 'postgresPssMib'),
        median(bare),
        PGLITE_REFERENCE.idleRssMib,
      ],
    ]),
  );
  process.stdout.write(
    `start to first answer: first ${med(first, 'startMs')} ms, later ${med(idle, 'startMs')} ms; load ${load.join(' ')}\n`,
  );
  process.stdout.write(`${await writeReport('server-memory', report)}\n`);
}

await main();
