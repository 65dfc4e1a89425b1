import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import { acquireDirLock } from './dir-lock.js';
import { prepareStatements } from './prepared-statements.js';
import * as schema from './schema.js';

/** One type for both drivers: repositories never know whether PGlite or PostgreSQL is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
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
  config: Config['database'] | { kind: 'pglite'; dir?: undefined },
): Promise<DatabaseHandle> {
  return config.kind === 'pglite' ? openPglite(config.dir) : openPostgres(config.url, config.poolMax);
}

/** `dir` undefined gives an in-memory database (tests). */
async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true });
  // PGlite is a single-process database: a second server on the same folder would corrupt it.
  const lock = dir ? acquireDirLock(dir) : { release() {} };
  try {
    const client = await PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      extensions: { pg_trgm },
      // PGlite's default buffer pool makes an idle server about 400 MB; 32 MB keeps it near 200 MB and
      // still holds a 100,000-entry folder's list indexes.
      postgresqlconf: ['shared_buffers = 32MB'],
    });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        await client.close();
        lock.release();
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function openPostgres(url: string, poolMax: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
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
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
