/**
 * Parts (b) and (c) of the drive bench: a large file uploaded through the real HTTP API (init with its
 * SHA-256, chunks PUT in parallel, complete) to the built server running as its own process, then
 * downloaded again; beside `dd … conv=fdatasync` on the same disk and nginx (sendfile) serving the
 * stored blob. Every run starts a fresh server on a fresh DATA_DIR, so no upload is ever "instant".
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { appendFile, mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import type http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chunkCount, TRANSFER_PATHS, UPLOAD_PARALLEL_CHUNKS } from '@kerf/contract';
import { type RunningServer, serverEntry, startServer } from '../e2e/server-process.js';
import { WEB_CLIENT } from '../test/account-helpers.js';
import { NGINX, runDd, startNginx } from './bench-baselines.js';
import { scratchPostgres } from './bench-database.js';
import { agentFor, dataOf, download, request, timedDownload } from './bench-http.js';
import { MIB, procCpuMs, procStatusBytes, REPO_ROOT, resetPeakRss } from './bench-kit.js';
import { type ListLoad, runListLoad } from './transfer-load.js';

/** The administrator the bench servers start with. */
export const ACCOUNT = 'bench@kerf.local';
export const PASSWORD = 'Bench_01';

/** A file of random bytes to upload, with its SHA-256. */
export interface SourceFile {
  path: string;
  sha256: string;
}

export interface TransferOptions {
  /** Uploaded to the fresh server. */
  source: SourceFile;
  /** Other bytes of the same size, uploaded after the list load (the first ones are stored by then). */
  sourceAfterLoad: SourceFile;
  size: number;
  runs: number;
  /** Seconds of mixed list calls between the fresh transfer and the second one; 0 leaves the second out. */
  loadSeconds: number;
  workDir: string;
  /** Run the server on fresh PostgreSQL databases made here instead of PGlite. */
  postgresAdminUrl?: string;
  /** More options for the server's Node (to try V8 settings), after --trace-gc. */
  serverNodeArgs?: string[];
  log: (line: string) => void;
}

/** One upload and download on a running server, beside dd and nginx measured in the same breath. */
export interface TransferMeasure {
  ddMs: number;
  uploadMs: number;
  downloadMs: number;
  nginxMs?: number;
  /** VmRSS of the server just before the upload. */
  rssBefore?: number;
  /** The machine's 1-minute load average when the measure began (other work on a shared machine). */
  loadAverage: number;
  /** VmHWM during the upload (reset just before). */
  uploadPeakRss?: number;
  downloadPeakRss?: number;
  /** Of uploadMs: the complete call alone (after the last chunk was answered). */
  completeMs: number;
  /** CPU time the server process used during the upload and the timed download. */
  uploadCpuMs?: number;
  downloadCpuMs?: number;
  /** CPU time this (client) process used during the upload. */
  uploadClientCpuMs: number;
  /** Full (mark-compact) garbage collections the server ran during the upload and the timed download. */
  uploadFullGcs: number;
  downloadFullGcs: number;
  chunkSize: number;
  totalChunks: number;
}

export interface TransferRun {
  /** PGlite: VmHWM of the first start on the fresh data folder (initdb, migrations), a process then stopped. */
  firstStartPeakRss?: number;
  /** VmHWM of the measured process once started and signed in. */
  startupPeakRss?: number;
  serverStartRss?: number;
  fresh: TransferMeasure;
  /** The same server after `loadSeconds` of mixed list calls. */
  afterLoad?: TransferMeasure & { load: ListLoad };
}

export type TransferOutcome =
  | { skipped: string }
  | { runs: TransferRun[]; nginx: string | undefined; disk: string; verified: string[] };

// ------------------------------------------------------------------------------------------ the server

/** Newest modification time of the files under `dir` (the server's sources). */
function newestMtime(dir: string): number {
  let newest = 0;
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  walk(dir);
  return newest;
}
/** Builds the server bundle when it is missing or older than its sources; returns why it could not. */
export function ensureBuilt(log: (line: string) => void): string | undefined {
  const packages = readdirSync(resolve(REPO_ROOT, 'packages')).map((p) => resolve(REPO_ROOT, 'packages', p, 'src'));
  const sources = [resolve(REPO_ROOT, 'apps/server/src'), ...packages.filter((p) => existsSync(p))];
  const built = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
  if (built && Math.max(...sources.map(newestMtime)) <= built) return undefined;
  log(`  building the server bundle (${built ? 'older than its sources' : 'missing'}) ...`);
  const r = spawnSync(process.execPath, ['build.mjs'], { cwd: resolve(REPO_ROOT, 'apps/server'), stdio: 'inherit' });
  return r.status === 0 ? undefined : `npm run build -w @kerf/server failed (exit ${r.status})`;
}

/** Signs the bench administrator in over HTTP; returns the token. */
export async function signInOver(server: RunningServer, agent: http.Agent): Promise<string> {
  const form = new URLSearchParams({
    ...WEB_CLIENT,
    login_type: '2',
    grant_type: 'password',
    account: ACCOUNT,
    password: PASSWORD,
  });
  const answer = await request(`${server.baseURL}/uac-api/oauth2/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    agent,
  });
  const token = (JSON.parse(answer.body.toString('utf8')) as { token?: string }).token;
  if (!token) throw new Error(`sign-in answered HTTP ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`);
  return token;
}

/** The stored blob file of `sha256` under the server's data folder. */
async function findBlob(dir: string, sha256: string): Promise<string | undefined> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === sha256) return join(entry.parentPath, entry.name);
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------ one run

interface Ticket {
  skipUpload: boolean;
  uploadId: string;
  chunkSize: number;
  totalChunks: number;
  uploaded: number[];
}

/** Init → chunks PUT by UPLOAD_PARALLEL_CHUNKS workers → complete. Returns the new entry's id. */
async function upload(
  server: RunningServer,
  token: string,
  agent: http.Agent,
  source: SourceFile,
  options: TransferOptions,
) {
  const auth = { authorization: `Bearer ${token}` };
  const base = `${server.baseURL}/cloud-api`;
  const init = {
    fileName: `bench-${source.sha256.slice(0, 8)}.bin`,
    folderId: '0',
    fileSize: options.size,
    sha256: source.sha256,
  };
  const ticket = dataOf<Ticket>(
    `POST ${TRANSFER_PATHS.init} ${JSON.stringify(init)}`,
    await request(`${base}${TRANSFER_PATHS.init}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(init),
      agent,
    }),
  );
  if (ticket.skipUpload) throw new Error('init answered skipUpload on a fresh DATA_DIR: nothing would be measured');
  if (ticket.totalChunks !== chunkCount(options.size, ticket.chunkSize)) {
    throw new Error(`init: totalChunks ${ticket.totalChunks} for chunkSize ${ticket.chunkSize}, size ${options.size}`);
  }
  const done = new Set(ticket.uploaded);
  const queue = Array.from({ length: ticket.totalChunks }, (_, i) => i).filter((i) => !done.has(i));
  const file = await open(source.path, 'r');
  try {
    const worker = async () => {
      for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
        const start = index * ticket.chunkSize;
        const length = Math.min(ticket.chunkSize, options.size - start);
        const chunk = Buffer.allocUnsafe(length);
        const { bytesRead } = await file.read(chunk, 0, length, start);
        if (bytesRead !== length) throw new Error(`short read of chunk ${index}`);
        const path = `${TRANSFER_PATHS.uploads}/${ticket.uploadId}/${index}`;
        dataOf(
          `PUT ${path} (${length} bytes)`,
          await request(`${base}${path}`, {
            method: 'PUT',
            headers: { ...auth, 'content-type': 'application/octet-stream' },
            body: chunk,
            agent,
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: UPLOAD_PARALLEL_CHUNKS }, worker));
  } finally {
    await file.close();
  }
  const chunksSentAt = performance.now();
  const completePath = `${TRANSFER_PATHS.uploads}/${ticket.uploadId}/complete`;
  const entry = dataOf<{ id: string; fileSize: number }>(
    `POST ${completePath}`,
    await request(`${base}${completePath}`, { method: 'POST', headers: auth, agent }),
  );
  if (entry.fileSize !== options.size) throw new Error(`complete: entry has fileSize ${entry.fileSize}`);
  const completeMs = performance.now() - chunksSentAt;
  return { entryId: entry.id, chunkSize: ticket.chunkSize, totalChunks: ticket.totalChunks, completeMs };
}

/** Bytes `from`..`to` of the source file, to compare a Range answer with. */
async function sourceSlice(path: string, from: number, to: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(to - from + 1);
    await file.read(buffer, 0, buffer.length, from);
    return buffer;
  } finally {
    await file.close();
  }
}

/** Untimed checks of the download, once: whole-file SHA-256 and a Range answer. */
async function verifyDownload(
  url: string,
  auth: Record<string, string>,
  agent: http.Agent,
  source: SourceFile,
  options: TransferOptions,
) {
  const hash = createHash('sha256');
  const whole = await download(url, auth, agent, hash);
  const digest = hash.digest('hex');
  if (whole.status !== 200 || whole.bytes !== options.size || digest !== source.sha256) {
    throw new Error(`GET ${url}: HTTP ${whole.status}, ${whole.bytes} bytes, sha256 ${digest}`);
  }
  const from = Math.floor(options.size / 3);
  const to = from + MIB - 1;
  const ranged = await request(url, { method: 'GET', headers: { ...auth, range: `bytes=${from}-${to}` }, agent });
  const expected = await sourceSlice(source.path, from, to);
  if (ranged.status !== 206 || !ranged.body.equals(expected)) {
    throw new Error(`GET ${url} with Range bytes=${from}-${to}: HTTP ${ranged.status}, ${ranged.body.length} bytes`);
  }
  return [`download sha256 matches (${whole.bytes} bytes)`, `Range bytes=${from}-${to} → 206 with the right bytes`];
}

const cpuSpent = (before: number | undefined, after: number | undefined) =>
  before === undefined || after === undefined ? undefined : after - before;

/** Mark-compact collections the server has run so far (it runs with --trace-gc, one line each). */
const fullGcs = (server: RunningServer) => server.output().split('Mark-Compact').length - 1;

const rate = (mib: number, ms: number | undefined) => (ms === undefined ? '-' : Math.round(mib / (ms / 1000)));
const mb = (bytes: number | undefined) => (bytes === undefined ? '?' : Math.round(bytes / 1e6));

/**
 * dd on the same disk, then an upload of `source` and its download (checked once per server), then
 * nginx serving the stored blob: the baselines are measured next to the transfer they are compared with.
 */
async function measureTransfer(
  server: RunningServer,
  token: string,
  agent: http.Agent,
  source: SourceFile,
  options: TransferOptions,
  verified: string[] | undefined,
): Promise<TransferMeasure> {
  const pid = server.child.pid!;
  const mib = Math.round(options.size / MIB);
  const loadAverage = loadavg()[0]!;
  const ddMs = runDd(options.workDir, mib);
  const rssBefore = await procStatusBytes(pid, 'VmRSS');
  let reset = await resetPeakRss(pid);
  const cpuBeforeUpload = await procCpuMs(pid);
  const clientCpu = process.cpuUsage();
  const gcsBeforeUpload = fullGcs(server);
  const started = performance.now();
  const up = await upload(server, token, agent, source, options);
  const uploadMs = performance.now() - started;
  const cpuAfterUpload = await procCpuMs(pid);
  const uploadFullGcs = fullGcs(server) - gcsBeforeUpload;
  const { user, system } = process.cpuUsage(clientCpu);
  const uploadPeakRss = reset ? await procStatusBytes(pid, 'VmHWM') : undefined;
  const auth = { authorization: `Bearer ${token}` };
  const url = `${server.baseURL}/cloud-api${TRANSFER_PATHS.download}?userFileId=${up.entryId}`;
  if (verified) verified.push(...(await verifyDownload(url, auth, agent, source, options)));
  reset = await resetPeakRss(pid);
  const cpuBeforeDownload = await procCpuMs(pid);
  const gcsBeforeDownload = fullGcs(server);
  const got = await timedDownload(url, auth, agent);
  const cpuAfterDownload = await procCpuMs(pid);
  const downloadFullGcs = fullGcs(server) - gcsBeforeDownload;
  if (got.status !== 200 || got.bytes !== options.size) {
    throw new Error(`GET ${url}: HTTP ${got.status}, ${got.bytes} of ${options.size} bytes`);
  }
  const downloadPeakRss = reset ? await procStatusBytes(pid, 'VmHWM') : undefined;

  let nginxMs: number | undefined;
  if (existsSync(NGINX)) {
    const blob = await findBlob(server.dataDir, source.sha256);
    if (!blob) throw new Error(`no blob file named ${source.sha256} under ${server.dataDir}`);
    const nginx = await startNginx(await mkdtemp(join(options.workDir, 'nginx-')), blob);
    try {
      const served = await timedDownload(nginx.url, {}, agentFor());
      if (served.status !== 200 || served.bytes !== options.size) {
        throw new Error(`nginx: HTTP ${served.status}, ${served.bytes} bytes`);
      }
      nginxMs = served.ms;
    } finally {
      await nginx.stop();
    }
  }
  return {
    ddMs,
    loadAverage,
    uploadMs,
    downloadMs: got.ms,
    nginxMs,
    rssBefore,
    uploadPeakRss,
    downloadPeakRss,
    completeMs: up.completeMs,
    uploadCpuMs: cpuSpent(cpuBeforeUpload, cpuAfterUpload),
    uploadClientCpuMs: (user + system) / 1000,
    downloadCpuMs: cpuSpent(cpuBeforeDownload, cpuAfterDownload),
    uploadFullGcs,
    downloadFullGcs,
    chunkSize: up.chunkSize,
    totalChunks: up.totalChunks,
  };
}

function describe(m: TransferMeasure, mib: number) {
  return (
    `load ${m.loadAverage.toFixed(1)} · dd ${rate(mib, m.ddMs)} MiB/s · upload ${rate(mib, m.uploadMs)} MiB/s (complete ${Math.round(m.completeMs)} ms) · ` +
    `download ${rate(mib, m.downloadMs)} MiB/s · nginx ${rate(mib, m.nginxMs)} MiB/s · server MB: before ${mb(m.rssBefore)}, ` +
    `upload peak ${mb(m.uploadPeakRss)}, download peak ${mb(m.downloadPeakRss)} · full GCs: upload ${m.uploadFullGcs}, ` +
    `download ${m.downloadFullGcs}`
  );
}

/**
 * Runs the upload and download measurements against a fresh server on PGlite (its default) or, given
 * an admin URL, on a fresh PostgreSQL database per run, then again on the same server after a spell of
 * mixed list calls; `skipped` when the server cannot be measured yet.
 */
export async function runTransferBench(options: TransferOptions): Promise<TransferOutcome> {
  const { log } = options;
  const buildProblem = ensureBuilt(log);
  if (buildProblem) return { skipped: buildProblem };
  const nginxPresent = existsSync(NGINX);
  if (!nginxPresent) {
    log(`  nginx is missing (${NGINX}): the download baseline is skipped. Install it: apt-get install -y nginx-light`);
  }
  const mib = Math.round(options.size / MIB);
  const runs: TransferRun[] = [];
  const verified: string[] = [];
  const disk = `${(await stat(options.workDir)).dev}`;
  const nodeArgs = ['--trace-gc', ...(options.serverNodeArgs ?? [])];
  for (let run = 0; run < options.runs; run++) {
    const dataDir = await mkdtemp(join(tmpdir(), 'kerf-bench-data-'));
    if ((await stat(dataDir)).dev !== (await stat(options.workDir)).dev) {
      throw new Error(`DATA_DIR ${dataDir} is not on the disk dd wrote to (${options.workDir})`);
    }
    const database = options.postgresAdminUrl ? await scratchPostgres(options.postgresAdminUrl) : undefined;
    const serverEnv = {
      ADMIN_ACCOUNT: ACCOUNT,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    // PGlite's first start runs initdb in the process and keeps ~180 MB of it; a server lives past its
    // first start, so it is measured after a restart on the same (fresh) data folder.
    let firstStartPeakRss: number | undefined;
    if (!database) {
      const first = await startServer(serverEnv, { dataDir, nodeArgs });
      firstStartPeakRss = await procStatusBytes(first.child.pid!, 'VmHWM');
      await first.stop();
    }
    const server = await startServer(serverEnv, { dataDir, nodeArgs });
    const pid = server.child.pid!;
    const agent = agentFor();
    try {
      const token = await signInOver(server, agent);
      const startupPeakRss = await procStatusBytes(pid, 'VmHWM');
      const serverStartRss = await procStatusBytes(pid, 'VmRSS');
      let fresh: TransferMeasure;
      try {
        fresh = await measureTransfer(server, token, agent, options.source, options, run === 0 ? verified : undefined);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (run === 0 && /HTTP 404/.test(message) && message.includes(TRANSFER_PATHS.init)) {
          return { skipped: `the server has no upload route yet: ${message}` };
        }
        throw err;
      }
      log(`  run ${run + 1}, fresh server: ${describe(fresh, mib)}`);
      let afterLoad: TransferRun['afterLoad'];
      if (options.loadSeconds > 0) {
        const load = await runListLoad(server.baseURL, token, agent, options.loadSeconds);
        if (load.errors || load.non2xx) {
          throw new Error(`list load: ${load.errors} errors, ${load.non2xx} answers not 2xx of ${load.requests}`);
        }
        const measure = await measureTransfer(server, token, agent, options.sourceAfterLoad, options, undefined);
        afterLoad = { ...measure, load };
        log(
          `  run ${run + 1}, after ${options.loadSeconds} s of list load (${Math.round(load.requestsPerSecond)} req/s): ` +
            describe(measure, mib),
        );
      }
      runs.push({ firstStartPeakRss, startupPeakRss, serverStartRss, fresh, afterLoad });
    } finally {
      agent.destroy();
      // The collector's own account of each full GC (size, duration, reason), to see why they ran.
      if (process.env.DRIVE_BENCH_GC_LOG) {
        const lines = server
          .output()
          .split('\n')
          .filter((line) => process.env.DRIVE_BENCH_GC_ALL || line.includes('Mark-Compact'));
        await appendFile(process.env.DRIVE_BENCH_GC_LOG, `run ${run + 1}\n${lines.join('\n')}\n`);
      }
      await server.stop();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return { runs, nginx: nginxPresent ? NGINX : undefined, disk, verified };
}
