/**
 * Parts (b) and (c) of the drive bench: a large file uploaded through the real HTTP API (init with its
 * SHA-256, chunks PUT in parallel, complete) to the built server running as its own process, then
 * downloaded again; beside `dd … conv=fdatasync` on the same disk and nginx (sendfile) serving the
 * stored blob. Every run starts a fresh server on a fresh DATA_DIR, so no upload is ever "instant".
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chunkCount, TRANSFER_PATHS, UPLOAD_PARALLEL_CHUNKS } from '@kerf/contract';
import { type RunningServer, serverEntry, startServer } from '../e2e/server-process.js';
import { WEB_CLIENT } from '../test/account-helpers.js';
import { NGINX, type Nginx, runDd, startNginx } from './bench-baselines.js';
import { scratchPostgres } from './bench-database.js';
import { agentFor, dataOf, download, request, timedDownload } from './bench-http.js';
import { MIB, procCpuMs, procStatusBytes, REPO_ROOT, resetPeakRss } from './bench-kit.js';

const ACCOUNT = 'bench@kerf.local';
const PASSWORD = 'Bench_01';

export interface TransferOptions {
  sourcePath: string;
  sha256: string;
  size: number;
  runs: number;
  workDir: string;
  /** Run the server on fresh PostgreSQL databases made here instead of PGlite. */
  postgresAdminUrl?: string;
  log: (line: string) => void;
}

export interface TransferRun {
  ddMs: number;
  uploadMs: number;
  downloadMs: number;
  nginxMs?: number;
  /** PGlite: VmHWM of the first start on the fresh data folder (initdb, migrations), a process then stopped. */
  firstStartPeakRss?: number;
  /** VmHWM of the measured process once started and signed in. */
  startupPeakRss?: number;
  serverStartRss?: number;
  /** VmHWM during the upload (reset after start-up). */
  uploadPeakRss?: number;
  downloadPeakRss?: number;
  /** Of uploadMs: the complete call alone (after the last chunk was answered). */
  completeMs: number;
  /** CPU time the server process used during the upload and the timed download. */
  uploadCpuMs?: number;
  downloadCpuMs?: number;
  /** CPU time this (client) process used during the upload. */
  uploadClientCpuMs: number;
  chunkSize: number;
  totalChunks: number;
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

async function signInOver(server: RunningServer, agent: http.Agent): Promise<string> {
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
async function upload(server: RunningServer, token: string, agent: http.Agent, options: TransferOptions) {
  const auth = { authorization: `Bearer ${token}` };
  const base = `${server.baseURL}/cloud-api`;
  const init = { fileName: 'bench-upload.bin', folderId: '0', fileSize: options.size, sha256: options.sha256 };
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
  const file = await open(options.sourcePath, 'r');
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
async function verifyDownload(url: string, auth: Record<string, string>, agent: http.Agent, options: TransferOptions) {
  const hash = createHash('sha256');
  const whole = await download(url, auth, agent, hash);
  const digest = hash.digest('hex');
  if (whole.status !== 200 || whole.bytes !== options.size || digest !== options.sha256) {
    throw new Error(`GET ${url}: HTTP ${whole.status}, ${whole.bytes} bytes, sha256 ${digest}`);
  }
  const from = Math.floor(options.size / 3);
  const to = from + MIB - 1;
  const ranged = await request(url, { method: 'GET', headers: { ...auth, range: `bytes=${from}-${to}` }, agent });
  const expected = await sourceSlice(options.sourcePath, from, to);
  if (ranged.status !== 206 || !ranged.body.equals(expected)) {
    throw new Error(`GET ${url} with Range bytes=${from}-${to}: HTTP ${ranged.status}, ${ranged.body.length} bytes`);
  }
  return [`download sha256 matches (${whole.bytes} bytes)`, `Range bytes=${from}-${to} → 206 with the right bytes`];
}

const cpuSpent = (before: number | undefined, after: number | undefined) =>
  before === undefined || after === undefined ? undefined : after - before;

/**
 * Runs the upload and download measurements against a server on PGlite (its default) or, given an
 * admin URL, on a fresh PostgreSQL database per run; `skipped` when the server cannot be measured yet.
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
  for (let run = 0; run < options.runs; run++) {
    const ddMs = runDd(options.workDir, mib);
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
      const first = await startServer(serverEnv, { dataDir });
      firstStartPeakRss = await procStatusBytes(first.child.pid!, 'VmHWM');
      await first.stop();
    }
    const server = await startServer(serverEnv, { dataDir });
    const pid = server.child.pid!;
    const agent = agentFor();
    let nginx: Nginx | undefined;
    try {
      const token = await signInOver(server, agent);
      const startupPeakRss = await procStatusBytes(pid, 'VmHWM');
      const serverStartRss = await procStatusBytes(pid, 'VmRSS');
      // Start-up (migrations) has its own peak; the upload's is measured from here.
      let reset = await resetPeakRss(pid);
      const cpuBeforeUpload = await procCpuMs(pid);
      const clientCpu = process.cpuUsage();
      const started = performance.now();
      let up: Awaited<ReturnType<typeof upload>>;
      try {
        up = await upload(server, token, agent, options);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (run === 0 && /HTTP 404/.test(message) && message.includes(TRANSFER_PATHS.init)) {
          return { skipped: `the server has no upload route yet: ${message}` };
        }
        throw err;
      }
      const uploadMs = performance.now() - started;
      const cpuAfterUpload = await procCpuMs(pid);
      const { user, system } = process.cpuUsage(clientCpu);
      const uploadPeakRss = reset ? await procStatusBytes(pid, 'VmHWM') : undefined;
      const auth = { authorization: `Bearer ${token}` };
      const url = `${server.baseURL}/cloud-api${TRANSFER_PATHS.download}?userFileId=${up.entryId}`;
      if (run === 0) verified.push(...(await verifyDownload(url, auth, agent, options)));
      reset = await resetPeakRss(pid);
      const cpuBeforeDownload = await procCpuMs(pid);
      const got = await timedDownload(url, auth, agent);
      const cpuAfterDownload = await procCpuMs(pid);
      const downloadMs = got.ms;
      if (got.status !== 200 || got.bytes !== options.size) {
        throw new Error(`GET ${url}: HTTP ${got.status}, ${got.bytes} of ${options.size} bytes`);
      }
      const downloadPeakRss = reset ? await procStatusBytes(pid, 'VmHWM') : undefined;

      let nginxMs: number | undefined;
      if (nginxPresent) {
        const blob = await findBlob(dataDir, options.sha256);
        if (!blob) throw new Error(`no blob file named ${options.sha256} under ${dataDir}`);
        const nginxDir = await mkdtemp(join(options.workDir, 'nginx-'));
        nginx = await startNginx(nginxDir, blob);
        const served = await timedDownload(nginx.url, {}, agentFor());
        nginxMs = served.ms;
        if (served.status !== 200 || served.bytes !== options.size) {
          throw new Error(`nginx: HTTP ${served.status}, ${served.bytes} bytes`);
        }
      }
      runs.push({
        firstStartPeakRss,
        ddMs,
        uploadMs,
        downloadMs,
        nginxMs,
        startupPeakRss,
        serverStartRss,
        uploadPeakRss,
        downloadPeakRss,
        completeMs: up.completeMs,
        uploadCpuMs: cpuSpent(cpuBeforeUpload, cpuAfterUpload),
        uploadClientCpuMs: (user + system) / 1000,
        downloadCpuMs: cpuSpent(cpuBeforeDownload, cpuAfterDownload),
        chunkSize: up.chunkSize,
        totalChunks: up.totalChunks,
      });
      const rate = (ms: number | undefined) => (ms === undefined ? '-' : Math.round(mib / (ms / 1000)));
      const mb = (bytes: number | undefined) => (bytes === undefined ? '?' : Math.round(bytes / 1e6));
      log(
        `  run ${run + 1}: dd ${rate(ddMs)} MiB/s · upload ${rate(uploadMs)} MiB/s (complete ${Math.round(up.completeMs)} ms) · ` +
          `download ${rate(downloadMs)} MiB/s · nginx ${rate(nginxMs)} MiB/s · server MB: start ${mb(serverStartRss)}, ` +
          `upload peak ${mb(uploadPeakRss)}, download peak ${mb(downloadPeakRss)}`,
      );
    } finally {
      agent.destroy();
      await nginx?.stop();
      await server.stop();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return { runs, nginx: nginxPresent ? NGINX : undefined, disk, verified };
}
