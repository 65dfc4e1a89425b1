/**
 * Operation log benchmark (issue: system management), in one run:
 *   1. what logging costs a change: the same mutating call (PUT /cloud-api/system/dict/data) through
 *      the whole app in this process, on an app with the operation log and on one with OPER_LOG=off,
 *      interleaved rounds on the same database; median time per call and the ratio;
 *   2. the log's search with 1,000,000 entries (1,000 people, a year): the first page, by type, by
 *      result, by person's name, by module over a week, and a person's own, through the service
 *      (the SQL the routes run, with their counts). Median and p99 of OPER_BENCH_RUNS calls each.
 * On PGlite and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database).
 *
 *   npm run bench oper-log     (or: node --import tsx apps/server/bench/oper-log.bench.ts)
 * Overrides: OPER_BENCH_ENTRIES (1000000)  OPER_BENCH_RUNS (20)  OPER_BENCH_CALLS (500 per round)
 *            OPER_BENCH_DATABASES (pglite,postgres)
 * Prints markdown tables and writes .bench/oper-log.json at the repository root.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { OperLogRepository } from '../src/modules/oper-log/oper-log.repository.js';
import { OperLogService } from '../src/modules/oper-log/oper-log.service.js';
import { bootstrapRootToken } from '../test/account-helpers.js';
import { RecordingDelivery, testApp } from '../test/test-app.js';
import { type BenchDatabase, openPglite, openPostgres } from './bench-database.js';
import { machine, markdownTable, median, p99, round, writeReport } from './bench-kit.js';

const env = process.env;
const ENTRIES = Number(env.OPER_BENCH_ENTRIES ?? 1_000_000);
const RUNS = Number(env.OPER_BENCH_RUNS ?? 20);
const CALLS = Number(env.OPER_BENCH_CALLS ?? 500);
const ROUNDS = 3;
const DATABASES = (env.OPER_BENCH_DATABASES ?? 'pglite,postgres').split(',');
const POSTGRES_URL = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined;
const PEOPLE = 1000;

const log = (line: string) => process.stdout.write(`${line}\n`);
/** Milliseconds per call of CALLS mutating calls on `app`. */
async function perCall(app: FastifyInstance, token: string, entry: Record<string, unknown>, round: number) {
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const res = await app.inject({
      method: 'PUT',
      url: '/cloud-api/system/dict/data',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...entry, remark: `round ${round} call ${i}`, password: 'never-logged' }),
    });
    if (res.statusCode !== 200) throw new Error(`PUT dict data answered ${res.statusCode}: ${res.body}`);
  }
  return (performance.now() - started) / CALLS;
}

async function overhead(name: string, db: BenchDatabase) {
  const delivery = new RecordingDelivery();
  const logged = await testApp(db.handle, { delivery });
  const unlogged = await testApp(db.handle, { delivery, env: { OPER_LOG: 'off' } });
  try {
    const token = await bootstrapRootToken(logged, db.handle.db, delivery);
    const type = await logged.inject({
      method: 'GET',
      url: '/cloud-api/system/dict/data/list?dictType=order_state',
      headers: { authorization: `Bearer ${token}` },
    });
    const entry = (type.json() as { data: { list: Array<Record<string, unknown>> } }).data.list[0]!;
    const { createdAt: _c, updatedAt: _u, ...body } = entry;
    const times = { on: [] as number[], off: [] as number[] };
    await perCall(logged, token, body, -1); // warm-up
    await perCall(unlogged, token, body, -1);
    for (let r = 0; r < ROUNDS; r++) {
      times.on.push(await perCall(logged, token, body, r));
      times.off.push(await perCall(unlogged, token, body, r));
    }
    const on = median(times.on);
    const off = median(times.off);
    return {
      database: name,
      calls: CALLS * ROUNDS,
      withLogMs: round(on, 3),
      withoutLogMs: round(off, 3),
      ratio: round(on / off, 3),
    };
  } finally {
    await logged.close();
    await unlogged.close();
  }
}

async function seed(db: BenchDatabase, entries: number) {
  await db.raw(
    `insert into users (id, login_name, nick_name)
     select ('20000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'staff' || i, '操作员' || i
       from generate_series(1, ${PEOPLE}) i`,
    [],
  );
  await db.raw(
    `insert into sys_oper_logs (user_id, module, business_type, method, route, url, params, status, http_status,
                                error_msg, ip, cost_ms, created_at)
     select ('20000000-0000-4000-8000-' || lpad(to_hex(1 + i % ${PEOPLE}), 12, '0'))::uuid,
            (array['drive','share','craft','device','trade','objects','system','account'])[1 + i % 8],
            (array['insert','update','delete','update','insert','export','grant','clean'])[1 + (i / 8) % 8],
            (array['POST','PUT','DELETE','PUT'])[1 + i % 4],
            '/cloud-api/engine/file', '/cloud-api/engine/file', '{"body":{"name":"part ' || i || '.dxf"}}',
            case when i % 20 = 0 then 1 else 0 end, case when i % 20 = 0 then 400 else 200 end,
            case when i % 20 = 0 then '名称已经存在' else '' end, '10.0.' || (i % 250) || '.' || (i % 200), i % 90,
            now() - make_interval(secs => (i::bigint * 31) % 31536000)
       from generate_series(1, ${entries}) i`,
    [],
  );
  await db.raw('analyze', []);
}

async function search(name: string, db: BenchDatabase) {
  const started = performance.now();
  await seed(db, ENTRIES);
  log(
    `${name}: ${ENTRIES.toLocaleString('en-US')} entries seeded in ${round((performance.now() - started) / 1000, 1)} s`,
  );
  const logs = new OperLogService(new OperLogRepository(db.handle.db));
  const weekAgo = new Date(Date.now() - 7 * 86_400_000);
  const scenarios = [
    { label: 'first page', filter: {} },
    { label: 'type = delete', filter: { businessType: 'delete' } },
    { label: 'failed only', filter: { status: '1' as const } },
    { label: 'person’s name 「操作员42」', filter: { userName: '操作员42' } },
    { label: 'module craft, last 7 days', filter: { module: 'craft', from: weekAgo } },
    { label: 'one person’s own (mine)', filter: { userId: '20000000-0000-4000-8000-00000000002a' } },
  ];
  const results = [];
  for (const scenario of scenarios) {
    const call = () => logs.list(scenario.filter, { page: 1, limit: 10 });
    let total = '';
    for (let i = 0; i < 2; i++) {
      const answer = await call();
      total = `${answer.total.toLocaleString('en-US')}${answer.capped ? '+' : ''}`;
    }
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await call();
      times.push(performance.now() - t0);
    }
    results.push({
      database: name,
      label: scenario.label,
      matches: total,
      medianMs: round(median(times)),
      p99Ms: round(p99(times)),
    });
  }
  return results;
}

const costs = [];
const searches = [];
for (const name of DATABASES) {
  if (name === 'postgres' && !POSTGRES_URL) {
    log('postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    continue;
  }
  const open = () => (name === 'postgres' ? openPostgres(POSTGRES_URL!) : openPglite());
  let db = await open();
  try {
    costs.push(await overhead(name, db));
  } finally {
    await db.dispose();
  }
  db = await open();
  try {
    searches.push(...(await search(name, db)));
  } finally {
    await db.dispose();
  }
}

log(
  markdownTable([
    ['database', 'calls each', 'PUT dict data, logged (ms/call)', 'not logged (ms/call)', 'ratio'],
    ...costs.map((c) => [c.database, c.calls, c.withLogMs, c.withoutLogMs, c.ratio]),
  ]),
);
log(
  markdownTable([
    [
      'database',
      `search of ${ENTRIES.toLocaleString('en-US')} entries (page of 10, count up to 10,000)`,
      'matches',
      'median ms',
      'p99 ms',
    ],
    ...searches.map((r) => [r.database, r.label, r.matches, r.medianMs, r.p99Ms]),
  ]),
);
const path = await writeReport('oper-log', { machine: machine(), entries: ENTRIES, runs: RUNS, costs, searches });
log(`written ${path}`);
