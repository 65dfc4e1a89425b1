/**
 * Databases for the benches: PGlite on a temp folder or a scratch PostgreSQL database, migrated like
 * the server's, with a drizzle handle that can record the SQL it sends and a raw client beside it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Database, type DatabaseHandle, migrationsFolder } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';

export interface Statement {
  query: string;
  params: unknown[];
}

/** A migrated database whose drizzle handle can record the SQL it sends, with a raw client beside it. */
export interface BenchDatabase {
  handle: DatabaseHandle;
  /** Runs SQL straight on the driver (no ORM, no HTTP); returns the rows. */
  raw(query: string, params: unknown[]): Promise<Array<Record<string, unknown>>>;
  /** Collects the statements drizzle sends while `work` runs. */
  record(work: () => Promise<unknown>): Promise<Statement[]>;
  dispose(): Promise<void>;
}

/** Statements noted while `record(work)` runs, whichever way they are seen (a logger, the pool). */
function statementRecorder() {
  let sink: Statement[] | undefined;
  const note = (statement: Statement) => sink?.push(statement);
  const record = async (work: () => Promise<unknown>) => {
    const statements: Statement[] = [];
    sink = statements;
    try {
      await work();
    } finally {
      sink = undefined;
    }
    return statements;
  };
  return { note, record };
}

function recordingLogger() {
  const { note, record } = statementRecorder();
  const logger: Logger = { logQuery: (query, params) => note({ query, params }) };
  return { logger, record };
}

/**
 * Records what is sent through the pool's query(): drizzle's statements and those the server sends on
 * the pool itself (db/statement-shapes.ts renders its statements without drizzle's logger).
 */
function recordingPool(pool: pg.Pool) {
  const { note, record } = statementRecorder();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [first, values] = args;
    const config = typeof first === 'string' ? { text: first, values } : (first as { text: string; values?: unknown });
    note({ query: config.text, params: (Array.isArray(values) ? values : (config.values ?? [])) as unknown[] });
    return query(...args);
  };
  return { record };
}

/** PGlite on a temp data folder, as the server keeps it under DATA_DIR. */
export async function openPglite(): Promise<BenchDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'kerf-bench-pglite-'));
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  const { logger, record } = recordingLogger();
  const db = drizzlePglite(client, { schema, logger });
  // What the server runs on the pool directly (db/statement-shapes.ts) takes node-postgres's query
  // config; PGlite takes the text and the values apart. Logged like drizzle's own statements.
  (db as unknown as { $client: unknown }).$client = {
    query: (config: { text: string; values?: unknown[] }) => {
      logger.logQuery(config.text, config.values ?? []);
      return client.query(config.text, config.values ?? []);
    },
  };
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  return {
    handle: {
      db: db as unknown as Database,
      // PGlite is the benches' baseline (Kerf's database before the embedded PostgreSQL server); the
      // server itself no longer has a PGlite kind.
      kind: 'pglite' as unknown as DatabaseHandle['kind'],
      url: dir,
      ping: async () => void (await client.query('select 1')),
      close: () => client.close(),
    },
    raw: async (query, params) => (await client.query<Record<string, unknown>>(query, params)).rows,
    record,
    async dispose() {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A new, empty database on the PostgreSQL server at `adminUrl`; drop() removes it (closing its connections). */
export async function scratchPostgres(adminUrl: string) {
  const name = `kerf_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A fresh, migrated database on the PostgreSQL server at `adminUrl`, dropped by dispose(). */
export async function openPostgres(adminUrl: string): Promise<BenchDatabase> {
  const scratch = await scratchPostgres(adminUrl);
  // The server's default pool size (DATABASE_POOL_MAX).
  const pool = new pg.Pool({ connectionString: scratch.url, max: 10 });
  const { record } = recordingPool(pool);
  const db = drizzleNodePg(pool, { schema });
  try {
    await migrateNodePg(db, { migrationsFolder: migrationsFolder() });
  } catch (err) {
    await pool.end();
    await scratch.drop();
    throw err;
  }
  return {
    handle: {
      db: db as unknown as Database,
      kind: 'postgres',
      url: scratch.url,
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    },
    raw: async (query, params) => (await pool.query(query, params)).rows,
    record,
    async dispose() {
      // pool.end() resolves before its clients have hung up; the drop below may cut one off, and the
      // pool reports that as an error on an idle client.
      pool.on('error', () => {});
      await pool.end();
      await scratch.drop();
    },
  };
}
