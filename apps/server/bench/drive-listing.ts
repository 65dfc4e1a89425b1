/**
 * Part (a) of the drive bench: one 20-row page of a folder holding 100,000 entries, through the app
 * in-process (`app.inject`), over loopback HTTP (autocannon in a worker thread), and the list query
 * alone straight against the database, on PGlite and (when configured) PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { createServices } from '../src/services.js';
import { call, signIn } from '../test/account-helpers.js';
import { healthOnlyBlobStore, RecordingDelivery } from '../test/test-app.js';
import { type BenchDatabase, openPglite, openPostgres, type Statement } from './bench-database.js';
import { median } from './bench-kit.js';

const { driveAccounts, driveBlobs, driveEntries } = schema;

const SORTS = ['name', 'size', 'type', 'time'] as const;
const ORDERS = ['asc', 'desc'] as const;
const PAGES = ['first', 'middle', 'last'] as const;
/** Scenarios also measured over loopback HTTP (autocannon); the others in process and in SQL only. */
const OVER_HTTP = new Set(['name-asc-first', 'name-asc-middle', 'time-desc-first', 'name-asc-next']);

interface Scenario {
  id: string;
  sort: (typeof SORTS)[number];
  order: (typeof ORDERS)[number];
  /** `middle` is page 2500 of 5000 for 100,000 entries; `last` the last page. */
  page: (typeof PAGES)[number];
  /** Reached with the cursor the page before it answered (keyset), not by its number. */
  cursor?: boolean;
}

/** Every sort, both directions, first, middle and last page; and the middle page by cursor. */
export const LIST_SCENARIOS: Scenario[] = [
  ...SORTS.flatMap((sort) =>
    ORDERS.flatMap((order) => PAGES.map((page) => ({ id: `${sort}-${order}-${page}`, sort, order, page }))),
  ),
  { id: 'name-asc-next', sort: 'name', order: 'asc', page: 'middle', cursor: true },
];

const PAGE_ROWS = 20;
const pageNumber = (s: Scenario, entries: number) => {
  const pages = Math.max(1, Math.ceil(entries / PAGE_ROWS));
  return s.page === 'first' ? 1 : s.page === 'last' ? pages : Math.max(1, Math.floor(pages / 2));
};
const rowsOnPage = (s: Scenario, entries: number) =>
  Math.min(PAGE_ROWS, entries - (pageNumber(s, entries) - 1) * PAGE_ROWS);
export const scenarioLabel = (s: Scenario, entries: number) =>
  `sort=${s.sort} ${s.order}, page ${pageNumber(s, entries)}${s.cursor ? ' by cursor' : ''}`;

export interface ListingOptions {
  entries: number;
  runs: number;
  /** Calls per run and measure (fewer when a call is slow: see `runBudgetMs`). */
  callsPerRun: number;
  runBudgetMs: number;
  /** About how long autocannon runs per run and scenario (it sends a fixed amount of requests). */
  httpSeconds: number;
  httpConnections: number;
  /** An admin connection URL: the figures are taken on a fresh PostgreSQL database too. */
  postgresAdminUrl?: string;
  /** Which of the databases to measure on (PostgreSQL only with an admin URL). */
  databases: Array<'pglite' | 'postgres'>;
  log: (line: string) => void;
}

export interface ListingResult {
  database: 'pglite' | 'postgres';
  scenario: string;
  label: string;
  /** The machine's 1-minute load average, median over the runs. */
  load: number;
  /** The scenario's first call, before the runs (one sample): for a deep page, reading the positions too. */
  firstCallMs: number;
  /** Median over runs of each run's median. */
  injectMs: number;
  sqlMs: number;
  /** Every read the call runs (auth, folder, page, count), one after another, straight on the database. */
  allSqlMs: number;
  /** Undefined for the scenarios not measured over HTTP. */
  httpRequestsPerSecond?: number;
  httpP50Ms?: number;
  /** SQL statements one (warm) list call runs, captured from drizzle. */
  statementsPerCall: number;
  /** The tables they read, in order. */
  statementTables: string[];
  callsPerRun: number[];
  runs: Array<{
    load: number;
    injectMs: number;
    sqlMs: number;
    allSqlMs: number;
    httpRps?: number;
    httpP50Ms?: number;
  }>;
  listSql: string;
  explain: string;
}

// ------------------------------------------------------------------------------------------- seeding

const PREFIXES = ['plate', 'Bracket', 'gear', '面板', 'Logo', '外壳', 'sign', 'Coaster', '齿轮', 'box-lid'];
const EXTENSIONS = ['dxf', 'svg', 'nc', 'png', 'pdf', 'ai'];
const BLOB_POOL = 1000;
const SEED_BATCH = 10_000;

/**
 * Fills `folderId` with `count` entries straight through the drive tables: 1 % folders, the rest
 * files sharing a pool of blobs, names in no particular order, sizes and times spread out. Blob
 * reference counts, the user's used bytes and the folder's child count are kept right.
 */
async function seedFolder(db: Database, userId: string, folder: { id: string; path: string }, count: number) {
  const blobs = Array.from({ length: BLOB_POOL }, (_, i) => ({
    sha256: createHash('sha256').update(`kerf-bench-blob-${i}`).digest('hex'),
    // 1 KiB .. ~64 MiB, spread out over the orders of magnitude.
    size: Math.round(1024 * 2 ** (((i * 7919) % BLOB_POOL) / (BLOB_POOL / 16))),
    refCount: 0,
  }));
  const yearMs = 365 * 24 * 3600 * 1000;
  const start = Date.now() - yearMs;
  const names: string[] = [];
  const isDir: boolean[] = [];
  const extendName: string[] = [];
  const blobSha256: Array<string | null> = [];
  const fileSize: number[] = [];
  const createdAt: string[] = [];
  let usedBytes = 0;
  for (let i = 0; i < count; i++) {
    // A bijection of 0..count-1 (count < 100003, a prime): names and times do not follow insertion order.
    const shuffled = (i * 48271) % 100003;
    createdAt.push(new Date(start + ((shuffled * 7) % 100003) * (yearMs / 100003)).toISOString());
    const prefix = PREFIXES[shuffled % PREFIXES.length]!;
    const folderRow = i % 100 === 0;
    const blob = folderRow ? undefined : blobs[shuffled % BLOB_POOL]!;
    const ext = folderRow ? '' : EXTENSIONS[i % EXTENSIONS.length]!;
    if (blob) {
      blob.refCount++;
      usedBytes += blob.size;
    }
    names.push(folderRow ? `${prefix} folder ${shuffled}` : `${prefix}-${shuffled}.${ext}`);
    isDir.push(folderRow);
    extendName.push(ext);
    blobSha256.push(blob?.sha256 ?? null);
    fileSize.push(blob?.size ?? 0);
  }
  const columns = (
    [
      'userId',
      'parentId',
      'parentPath',
      'name',
      'isDir',
      'extendName',
      'blobSha256',
      'fileSize',
      'createdAt',
      'updatedAt',
    ] as const
  ).map((k) => sql.identifier(driveEntries[k].name));
  await db.transaction(async (tx) => {
    await tx.insert(driveBlobs).values(blobs.filter((b) => b.refCount > 0));
    // Column arrays through unnest: one statement per batch, a few parameters, no per-row ORM work.
    for (let i = 0; i < count; i += SEED_BATCH) {
      const to = Math.min(count, i + SEED_BATCH);
      // One parameter per column (an array), not one per value.
      const arr = (values: unknown[]) => sql.param(values.slice(i, to));
      await tx.execute(sql`
        insert into ${driveEntries} (${sql.join(columns, sql`, `)})
        select ${userId}::uuid, ${folder.id}::uuid, ${folder.path}, r.name, r.is_dir, r.ext, r.sha, r.size, r.at, r.at
          from unnest(${arr(names)}::text[], ${arr(isDir)}::boolean[], ${arr(extendName)}::text[],
                      ${arr(blobSha256)}::text[], ${arr(fileSize)}::bigint[], ${arr(createdAt)}::timestamptz[])
            as r(name, is_dir, ext, sha, size, at)`);
    }
    await tx
      .update(driveEntries)
      .set({ childCount: sql`${driveEntries.childCount} + ${count}` })
      .where(eq(driveEntries.id, folder.id));
    await tx
      .update(driveAccounts)
      .set({
        usedBytes: sql`${driveAccounts.usedBytes} + ${usedBytes}`,
        quotaBytes: sql`greatest(${driveAccounts.quotaBytes}, ${driveAccounts.usedBytes} + ${usedBytes})`,
      })
      .where(eq(driveAccounts.userId, userId));
  });
}

// ------------------------------------------------------------------------------------------ measuring

/** Calls `fn` up to `calls` times (fewer once `budgetMs` is spent, at least 5) and returns the median ms. */
async function timeCalls(fn: () => Promise<void>, calls: number, budgetMs: number): Promise<[number, number]> {
  const times: number[] = [];
  const deadline = performance.now() + budgetMs;
  while (times.length < calls && (times.length < 5 || performance.now() < deadline)) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return [median(times), times.length];
}

function listUrl(folderId: string, s: Scenario, entries: number, page = pageNumber(s, entries), cursor?: string) {
  const query = `folderId=${folderId}&page=${page}&limit=${PAGE_ROWS}&sort=${s.sort}&order=${s.order}`;
  return `/cloud-api/engine/file/listFileInfo?fileType=0&${query}${cursor ? `&cursor=${cursor}` : ''}`;
}

/** The statement of a list call that reads the page (once there were others for the folder and its count). */
function pageStatement(statements: Statement[]): Statement {
  const page = statements.find((s) => /\bdrive_entries\b/.test(s.query) && /\border by\b/i.test(s.query));
  if (!page) throw new Error(`no paging statement among:\n${statements.map((s) => s.query).join('\n')}`);
  return page;
}

async function benchDatabase(kind: 'pglite' | 'postgres', bdb: BenchDatabase, options: ListingOptions) {
  const { log } = options;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: tmpdir() });
  const infra = { database: bdb.handle, blobs: healthOnlyBlobStore(), cache: new MemoryCache() };
  // Errors only (to stderr), so a 500 during the bench shows its cause.
  const errorLog = pino({ level: 'error' }, pino.destination(2));
  const services = createServices(config, { ...infra, delivery: new RecordingDelivery() }, errorLog);
  await services.prepare();
  const account = 'bench@kerf.local';
  const password = 'Bench_01';
  await services.accounts.bootstrapAdmin(account, password);
  const app: FastifyInstance = await buildApp({ config, infra, services, logger: errorLog });
  try {
    await app.ready();
    const token = (await signIn(app, { grant_type: 'password', account, password })).body.token as string;
    if (!token) throw new Error('bench sign-in failed');
    const userId = (await call(app, 'POST', '/uac-api/oauth2/user_perms', { token })).body.data.user.userId as string;
    const made = await call(app, 'POST', '/cloud-api/engine/folder', { token, body: { parentId: 0, name: 'big' } });
    const folder = { id: made.body.data.id as string, path: '/big' };

    let started = performance.now();
    await seedFolder(bdb.handle.db, userId, folder, options.entries);
    log(`  ${kind}: seeded ${options.entries} entries in ${Math.round(performance.now() - started)} ms`);
    started = performance.now();
    // As autovacuum leaves a folder after a bulk insert: statistics, and the visibility map that lets a
    // page number be found by an index-only scan.
    await bdb.raw('vacuum analyze drive_entries', []);
    log(`  ${kind}: vacuum analyze ${Math.round(performance.now() - started)} ms`);

    const authorization = `Bearer ${token}`;
    const inject = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization } });
      if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body}`);
      return res;
    };
    // Check the answer once per scenario and capture the SQL it runs.
    const captured = new Map<string, { url: string; statements: Statement[]; page: Statement }>();
    const coldMs = new Map<string, number>();
    for (const s of LIST_SCENARIOS) {
      let url = listUrl(folder.id, s, options.entries);
      if (s.cursor) {
        // The cursor the page before answers with, as a client paging forward sends it.
        const before = listUrl(folder.id, s, options.entries, pageNumber(s, options.entries) - 1);
        const cursor = (await inject(before)).json().data.nextCursor as string;
        url = listUrl(folder.id, s, options.entries, undefined, cursor);
      }
      let body: { data: { total: number; list: unknown[] } } | undefined;
      // warm: caches (the session; a big folder's remembered page positions) as in steady use. The first
      // call of a sort is also what the first page-number jump after a change to the folder costs.
      const coldStarted = performance.now();
      await inject(url);
      coldMs.set(s.id, performance.now() - coldStarted);
      const statements = await bdb.record(async () => {
        body = (await inject(url)).json();
      });
      if (body?.data.total !== options.entries || body.data.list.length !== rowsOnPage(s, options.entries)) {
        throw new Error(
          `${scenarioLabel(s, options.entries)}: total ${body?.data.total}, ${body?.data.list.length} rows`,
        );
      }
      captured.set(s.id, { url, statements, page: pageStatement(statements) });
    }

    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const runs = new Map<string, ListingResult['runs']>(LIST_SCENARIOS.map((s) => [s.id, []]));
    const callCounts = new Map<string, number[]>(LIST_SCENARIOS.map((s) => [s.id, []]));
    for (let run = 0; run < options.runs; run++) {
      for (const s of LIST_SCENARIOS) {
        const { url, page } = captured.get(s.id)!;
        const [injectMs, calls] = await timeCalls(
          async () => void (await inject(url)),
          options.callsPerRun,
          options.runBudgetMs,
        );
        const [sqlMs] = await timeCalls(
          async () => void (await bdb.raw(page.query, page.params)),
          options.callsPerRun,
          options.runBudgetMs,
        );
        const reads = captured.get(s.id)!.statements.filter((st) => /^\s*select\b/i.test(st.query));
        const [allSqlMs] = await timeCalls(
          async () => {
            for (const st of reads) await bdb.raw(st.query, st.params);
          },
          options.callsPerRun,
          options.runBudgetMs,
        );
        if (!OVER_HTTP.has(s.id)) {
          runs.get(s.id)!.push({ load: loadavg()[0]!, injectMs, sqlMs, allSqlMs });
          callCounts.get(s.id)!.push(calls);
          continue;
        }
        // A fixed number of requests sized to take about httpSeconds at the in-process latency, so a
        // slow call does not leave a queue behind for the next measure, and a fast one gets hundreds.
        const amount = Math.max(
          2 * options.httpConnections,
          Math.min(2000, Math.round((options.httpSeconds * 1000) / injectMs)),
        );
        const http = await autocannon({
          url: `${address}${url}`,
          headers: { authorization },
          connections: options.httpConnections,
          amount,
          workers: 1,
        });
        if (http.non2xx || http.errors) {
          throw new Error(
            `${scenarioLabel(s, options.entries)} over HTTP: ${http.non2xx} non-2xx answers, ${http.errors} errors`,
          );
        }
        // Completed requests over the measured seconds (the per-second average is 0 when a call takes > 1 s).
        const httpRps = http.requests.total / http.duration;
        runs.get(s.id)!.push({ load: loadavg()[0]!, injectMs, sqlMs, allSqlMs, httpRps, httpP50Ms: http.latency.p50 });
        callCounts.get(s.id)!.push(calls);
      }
      const line = LIST_SCENARIOS.map((s) => {
        const r = runs.get(s.id)!.at(-1)!;
        const http = r.httpRps === undefined ? '' : ` ${Math.round(r.httpRps)} req/s`;
        return `${s.id} ${r.injectMs.toFixed(1)}/${r.sqlMs.toFixed(1)} ms${http}`;
      });
      log(`  ${kind} run ${run + 1}: ${line.join(' · ')}`);
    }

    const results: ListingResult[] = [];
    for (const s of LIST_SCENARIOS) {
      const { statements, page } = captured.get(s.id)!;
      const r = runs.get(s.id)!;
      const plan = await bdb.raw(`explain (analyze, buffers) ${page.query}`, page.params);
      results.push({
        database: kind,
        scenario: s.id,
        label: scenarioLabel(s, options.entries),
        load: median(r.map((x) => x.load)),
        firstCallMs: coldMs.get(s.id)!,
        injectMs: median(r.map((x) => x.injectMs)),
        sqlMs: median(r.map((x) => x.sqlMs)),
        allSqlMs: median(r.map((x) => x.allSqlMs)),
        httpRequestsPerSecond: OVER_HTTP.has(s.id) ? median(r.map((x) => x.httpRps ?? 0)) : undefined,
        httpP50Ms: OVER_HTTP.has(s.id) ? median(r.map((x) => x.httpP50Ms ?? 0)) : undefined,
        statementsPerCall: statements.length,
        statementTables: statements.map((st) => st.query.match(/\bfrom "?(\w+)"?/i)?.[1] ?? st.query.slice(0, 30)),
        callsPerRun: callCounts.get(s.id)!,
        runs: r,
        listSql: `${page.query} -- params ${JSON.stringify(page.params)}`,
        explain: plan.map((row) => String(row['QUERY PLAN'])).join('\n'),
      });
    }
    return results;
  } finally {
    await app.close();
  }
}

/** The listing figures on PGlite, then on PostgreSQL when an admin URL is given. */
export async function runListingBench(options: ListingOptions): Promise<ListingResult[]> {
  const results: ListingResult[] = [];
  const adminUrl = options.postgresAdminUrl;
  const targets: Array<['pglite' | 'postgres', () => Promise<BenchDatabase>]> = [];
  if (options.databases.includes('pglite')) targets.push(['pglite', openPglite]);
  if (adminUrl && options.databases.includes('postgres')) targets.push(['postgres', () => openPostgres(adminUrl)]);
  else options.log('  PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to an admin connection URL');
  for (const [kind, open] of targets) {
    const bdb = await open();
    try {
      results.push(...(await benchDatabase(kind, bdb, options)));
    } finally {
      await bdb.dispose();
    }
  }
  return results;
}
