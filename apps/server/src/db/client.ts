import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config.js';
import { acquireDirLock } from './dir-lock.js';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres.js';
import { prepareStatements } from './prepared-statements.js';
import * as schema from './schema.js';

/** The drizzle database the repositories use, whichever PostgreSQL is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** `embedded`: the PostgreSQL Kerf runs itself under DATA_DIR; `postgres`: a server at DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** The connection string (for the embedded server, over its private unix socket). */
  url: string;
  /** The embedded server's TCP port on 127.0.0.1, for tools such as psql. */
  port?: number;
  /** Round-trips a trivial query; throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A lock key all Kerf instances agree on, so only one of them migrates at a time. */
const MIGRATION_LOCK_KEY = 0x6b657266; // "kerf"

/** The SQL migrations folder, found from this module whether it runs from src/ or from the bundle in dist/. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = resolve(dir, '..');
  }
  throw new Error('SQL migrations folder (apps/server/drizzle) not found');
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(
  config: Config['database'],
  log: (line: string) => void = () => undefined,
): Promise<DatabaseHandle> {
  return config.kind === 'embedded'
    ? openEmbedded(config.dir, config.poolMax, log)
    : openPostgres(config.url, config.poolMax, log);
}

/** Starts the PostgreSQL server under `dir` (one Kerf process per folder), then connects as to any other. */
async function openEmbedded(dir: string, poolMax: number, log: (line: string) => void): Promise<DatabaseHandle> {
  // A second Kerf on this folder would otherwise find "its" PostgreSQL running and stop it as an orphan.
  mkdirSync(dir, { recursive: true });
  const lock = acquireDirLock(dir);
  let server: EmbeddedPostgres | undefined;
  try {
    server = await startEmbeddedPostgres({ dir, log });
    const handle = await openPostgres(server.url, poolMax, log);
    const running = server;
    return {
      ...handle,
      kind: 'embedded',
      port: running.port,
      close: async () => {
        try {
          await handle.close();
          await running.stop();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    await server?.stop();
    lock.release();
    throw err;
  }
}

async function openPostgres(url: string, poolMax: number, log: (line: string) => void): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle connection the server ends (a restart, the fast shutdown as Kerf stops) is an 'error' on
  // the pool; unheard it would crash the process. The pool drops that client and opens another on demand.
  pool.on('error', (err) => log(`database connection lost while idle: ${err.message}`));
  prepareStatements(pool);
  try {
    const conn = await pool.connect();
    try {
      // Session-level advisory lock on one connection: two instances starting together migrate in turn.
      await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNodePg(drizzleNodePg(conn, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      conn.release();
    }
  } catch (err) {
    await pool.end();
    throw err;
  }
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    url,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** The rows of a raw `db.execute` answer (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
