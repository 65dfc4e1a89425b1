import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from './client.js';
import * as schema from './schema.js';

/** Rows per round trip: small enough for any row size seen in Kerf, large enough to be quick. */
const BATCH = 500;

export class ImportRefusal extends Error {}

/**
 * Copies every row of a PGlite data folder (Kerf's database before the embedded PostgreSQL server)
 * into a PostgreSQL database that has the same migrations and no accounts yet. The PGlite folder is
 * first brought to the current schema with the same migrations, so both sides have the same tables
 * and columns; rows travel as JSON per table and land through json_populate_recordset, which parses
 * every column with PostgreSQL's own input functions. One transaction: all rows or none.
 */
export async function importPgliteFolder(
  pgliteDir: string,
  targetUrl: string,
  log: (line: string) => void = () => undefined,
): Promise<{ tables: number; rows: number }> {
  const source = await PGlite.create({ dataDir: pgliteDir, extensions: { pg_trgm } });
  const target = new pg.Client({ connectionString: targetUrl });
  try {
    await migratePglite(drizzlePglite(source, { schema }), { migrationsFolder: migrationsFolder() });
    await target.connect();
    const accounts = await target.query<{ n: number }>('select count(*)::int as n from users');
    if (accounts.rows[0]!.n > 0) {
      throw new ImportRefusal(
        `the target database already has ${accounts.rows[0]!.n} account(s); import only into a new Kerf database`,
      );
    }
    const tables = (
      await source.query<{ name: string }>(
        "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
      )
    ).rows.map((r) => r.name);

    let rows = 0;
    await target.query('begin');
    try {
      // Rows arrive table by table, not in foreign-key order: replica mode defers no check but skips
      // the foreign-key triggers, which is sound because the source already satisfied them.
      await target.query('set local session_replication_role = replica');
      // What migrations seeded (settings, roles) is replaced by the source's own rows.
      await target.query(`truncate ${tables.map(quote).join(', ')}`);
      for (const table of tables) {
        let copied = 0;
        for (;;) {
          const batch = await source.query<{ rows: string | null }>(
            `select json_agg(t)::text as rows from (select * from ${quote(table)} order by ctid limit ${BATCH} offset ${copied}) t`,
          );
          const json = batch.rows[0]?.rows;
          if (!json) break;
          const result = await target.query(
            `insert into ${quote(table)} select * from json_populate_recordset(null::${quote(table)}, $1::json)`,
            [json],
          );
          copied += result.rowCount ?? 0;
          if ((result.rowCount ?? 0) < BATCH) break;
        }
        if (copied) log(`  ${table}: ${copied} rows`);
        rows += copied;
      }
      await target.query('commit');
    } catch (err) {
      await target.query('rollback').catch(() => undefined);
      throw err;
    }
    return { tables: tables.length, rows };
  } finally {
    await target.end().catch(() => undefined);
    await source.close();
  }
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
