/**
 * Cheap requests, in one run: the built server in its own process on a fresh PostgreSQL database,
 * loaded over loopback beside a Fastify hello-world process loaded the same way:
 *   - `listFileInfo`: 20 rows of a 100-entry folder, a valid token, 50 connections;
 *   - `/cloud-api/health`, 50 connections.
 * Rounds are interleaved (hello-world, list, health, hello-world, …) and the table gives medians, with
 * the machine's 1-minute load average beside each, and the server's CPU time per request (which a busy
 * machine disturbs far less than requests/s). The load generator (wrk, else autocannon) runs on
 * the same cores as the server: its share is in every figure, the hello-world's included.
 *
 *   npm run bench api          (or: node --import tsx apps/server/bench/api.bench.ts)
 * Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL to a PostgreSQL server).
 * Overrides: API_BENCH_ROUNDS (2)  API_BENCH_LIST_SECONDS (30)  API_BENCH_SECONDS (10, hello-world and
 *            health)  API_BENCH_CONNECTIONS (50)  API_BENCH_POOL_MAX (the server's default when unset)
 *            API_BENCH_CPU_PROFILE (a folder: the server runs with --cpu-prof and writes its profile there)
 * Prints a markdown table and writes .bench/api.json at the repository root.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { type RunningServer, startServer } from '../e2e/server-process.js';
import { scratchPostgres } from './bench-database.js';
import { agentFor, dataOf, request } from './bench-http.js';
import { machine, markdownTable, median, procCpuMs, REPO_ROOT, round, writeReport } from './bench-kit.js';
import { ACCOUNT, ensureBuilt, PASSWORD, signInOver } from './drive-transfer.js';
import { type LoadResult, loadGenerator, loadTest } from './http-load.js';

const env = process.env;
const ROUNDS = Number(env.API_BENCH_ROUNDS ?? 2);
const LIST_SECONDS = Number(env.API_BENCH_LIST_SECONDS ?? 30);
const SECONDS = Number(env.API_BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(env.API_BENCH_CONNECTIONS ?? 50);
const POSTGRES_URL = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined;
const FOLDER_ENTRIES = 100;

const AIM = { listRps: 2500, listP99Ms: 50, healthRps: 5000 };

const log = (line: string) => process.stdout.write(`${line}\n`);
const yes = (met: boolean) => (met ? '✅ yes' : '❌ no');

/** A bare Fastify answering `{"hello":"world"}`: what one request costs with nothing of Kerf in it. */
async function startHelloWorld(): Promise<{ url: string; child: ChildProcess }> {
  const code = `
    import Fastify from 'fastify';
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    process.stdout.write(app.server.address().port + '\\n');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: resolve(REPO_ROOT, 'apps/server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((ok, fail) => {
    child.stdout!.once('data', (d: Buffer) => ok(d.toString().trim()));
    child.once('exit', (c) => fail(new Error(`hello-world exited with ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, child };
}

/** Signs in and fills a folder with FOLDER_ENTRIES sub-folders; returns the token and the folder's id. */
async function seed(server: RunningServer): Promise<{ token: string; folderId: string }> {
  const agent = agentFor();
  try {
    const token = await signInOver(server, agent);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const mkdir = async (parentId: string, name: string) => {
      const body = JSON.stringify({ parentId, name });
      const answer = await request(`${server.baseURL}/cloud-api/engine/folder`, {
        method: 'POST',
        headers,
        body,
        agent,
      });
      return dataOf<{ id: string }>(`POST /cloud-api/engine/folder ${body}`, answer).id;
    };
    const folderId = await mkdir('0', 'bench-folder');
    for (let i = 0; i < FOLDER_ENTRIES; i++) await mkdir(folderId, `entry ${String(i).padStart(3, '0')}`);
    return { token, folderId };
  } finally {
    agent.destroy();
  }
}

/** A run's figures with the server's CPU time per request (robust to a busy machine, unlike req/s). */
type Measured = LoadResult & { serverCpuMsPerRequest: number };

interface Series {
  name: string;
  results: Measured[];
}

function summary({ results }: Series) {
  const pick = (key: keyof Measured) => median(results.map((r) => r[key]));
  return {
    rps: pick('requestsPerSecond'),
    p50: pick('p50Ms'),
    p99: pick('p99Ms'),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    load: pick('load'),
    cpu: pick('serverCpuMsPerRequest'),
  };
}

async function main() {
  if (!POSTGRES_URL) {
    log('API bench skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server.');
    return;
  }
  const buildProblem = ensureBuilt(log);
  if (buildProblem) throw new Error(buildProblem);
  const started = performance.now();
  const database = await scratchPostgres(POSTGRES_URL);
  const hello = await startHelloWorld();
  let server: RunningServer | undefined;
  const series: Record<'hello' | 'list' | 'health', Series> = {
    hello: { name: 'Fastify hello-world', results: [] },
    list: { name: 'listFileInfo', results: [] },
    health: { name: 'health', results: [] },
  };
  try {
    server = await startServer(
      {
        ADMIN_ACCOUNT: ACCOUNT,
        ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        ...(env.API_BENCH_POOL_MAX ? { DATABASE_POOL_MAX: env.API_BENCH_POOL_MAX } : {}),
      },
      env.API_BENCH_CPU_PROFILE ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${env.API_BENCH_CPU_PROFILE}`] } : {},
    );
    const { token, folderId } = await seed(server);
    const listUrl = `${server.baseURL}/cloud-api/engine/file/listFileInfo?fileType=0&folderId=${folderId}&page=1&limit=20`;
    const agent = agentFor();
    const check = await request(listUrl, { method: 'GET', headers: { authorization: `Bearer ${token}` }, agent });
    agent.destroy();
    const page = dataOf<{ list: unknown[]; total: number }>(`GET ${listUrl}`, check);
    if (page.list.length !== 20 || page.total !== FOLDER_ENTRIES) {
      throw new Error(`listFileInfo answered ${page.list.length} rows of ${page.total}`);
    }
    const auth = { authorization: `Bearer ${token}` };
    log(`Load: ${loadGenerator}, ${CONNECTIONS} connections; ${ROUNDS} interleaved rounds`);
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      const healthUrl = `${server.baseURL}/cloud-api/health`;
      const runs: Array<[Series, number, Parameters<typeof loadTest>[0]]> = [
        [series.hello, hello.child.pid!, { url: hello.url, connections: CONNECTIONS, seconds: SECONDS }],
        [
          series.list,
          server.child.pid!,
          { url: listUrl, connections: CONNECTIONS, seconds: LIST_SECONDS, headers: auth },
        ],
        [series.health, server.child.pid!, { url: healthUrl, connections: CONNECTIONS, seconds: SECONDS }],
      ];
      for (const [into, pid, options] of runs) {
        const cpuBefore = await procCpuMs(pid);
        const loaded = await loadTest(options);
        const cpuAfter = await procCpuMs(pid);
        const cpu = cpuBefore === undefined || cpuAfter === undefined ? Number.NaN : cpuAfter - cpuBefore;
        const result = { ...loaded, serverCpuMsPerRequest: cpu / Math.max(1, loaded.requests) };
        into.results.push(result);
        log(
          `  round ${round_ + 1} ${into.name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${round(result.p50Ms, 1)} ms, ` +
            `p99 ${round(result.p99Ms, 1)} ms, ${result.errors} errors, server CPU ${round(result.serverCpuMsPerRequest, 3)} ms/request, ` +
            `load ${round(result.load, 2)}`,
        );
      }
    }
  } finally {
    await server?.stop();
    hello.child.kill('SIGTERM');
    await database.drop();
  }

  const hw = summary(series.hello);
  const list = summary(series.list);
  const health = summary(series.health);
  const latency = (s: ReturnType<typeof summary>) =>
    `p50 ${round(s.p50, 1)} ms, p99 ${round(s.p99, 1)} ms; server CPU ${round(s.cpu, 3)} ms/request`;
  const helloCell = `hello-world ${Math.round(hw.rps)} req/s (${latency(hw)}, load ${round(hw.load, 2)})`;
  const rows = [
    [
      `listFileInfo 20 of ${FOLDER_ENTRIES} · postgres`,
      `${CONNECTIONS} connections, ${LIST_SECONDS} s (${loadGenerator}); ${latency(list)}; ${list.errors} errors; load ${round(list.load, 2)}`,
      `${Math.round(list.rps)} req/s`,
      helloCell,
      `${Math.round((list.rps / hw.rps) * 100)} %`,
      `≥ ${AIM.listRps} req/s, p99 ≤ ${AIM.listP99Ms} ms, 0 errors`,
      yes(list.rps >= AIM.listRps && list.p99 <= AIM.listP99Ms && list.errors === 0),
    ],
    [
      '/cloud-api/health · postgres',
      `${CONNECTIONS} connections, ${SECONDS} s (${loadGenerator}); ${latency(health)}; ${health.errors} errors; load ${round(health.load, 2)}`,
      `${Math.round(health.rps)} req/s`,
      helloCell,
      `${Math.round((health.rps / hw.rps) * 100)} %`,
      `≥ ${AIM.healthRps} req/s`,
      yes(health.rps >= AIM.healthRps && health.errors === 0),
    ],
  ];
  const seconds = Math.round((performance.now() - started) / 1000);
  log(`\nAPI bench (${seconds} s; medians of ${ROUNDS} interleaved rounds)\n`);
  log(markdownTable([['bench', 'measure', 'median', 'baseline (median)', 'ratio', 'aim', 'met'], ...rows]).trimEnd());
  const jsonPath = await writeReport('api', {
    benchmark: 'api',
    ...machine(),
    durationSeconds: seconds,
    loadGenerator,
    connections: CONNECTIONS,
    aims: AIM,
    series,
  });
  log(`Wrote ${jsonPath}`);
}

await main();
