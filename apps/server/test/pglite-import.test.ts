import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, migrationsFolder } from '../src/db/client.js';
import { ImportRefusal, importPgliteFolder } from '../src/db/pglite-import.js';
import * as schema from '../src/db/schema.js';
import { bootstrapRootToken, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { RecordingDelivery, testApp } from './test-app.js';

/**
 * A PGlite data folder as an earlier Kerf left it: the app started on it (settings, roles, the web
 * client, the installation), an administrator made and a setting changed. Answers its row counts.
 */
async function earlierKerfFolder(dir: string): Promise<Record<string, number>> {
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  const handle = {
    db: db as unknown as Database,
    kind: 'pglite' as unknown as DatabaseHandle['kind'],
    url: dir,
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
  const app = await testApp(handle);
  await bootstrapRootToken(app, handle.db, new RecordingDelivery());
  await client.query("update sys_config set config_value = 'false' where config_key = 'sys.account.registerUser'");
  await app.close();
  const counts = await rowCounts((sql) => client.query<{ n: number }>(sql).then((r) => r.rows[0]!.n));
  await client.close();
  return counts;
}

const COUNTED = ['users', 'sys_config', 'installation', 'oauth_clients'];

async function rowCounts(count: (sql: string) => Promise<number>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of COUNTED) out[table] = await count(`select count(*)::int as n from ${table}`);
  return out;
}

describe.each(testDatabases)('moving a PGlite database into $name', (database) => {
  const dir = mkdtempSync(join(tmpdir(), 'kerf-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies every row, so the old administrator signs in on the new database', async () => {
    const folder = join(dir, 'db');
    const before = await earlierKerfFolder(folder);
    const db = await database.open();
    try {
      const moved = await importPgliteFolder(folder, db.url);
      const target = new pg.Client({ connectionString: db.url });
      await target.connect();
      const after = await rowCounts((sql) => target.query(sql).then((r) => r.rows[0].n));
      await target.end();
      expect(after).toEqual(before);
      expect(moved.rows).toBeGreaterThanOrEqual(Object.values(before).reduce((a, b) => a + b));
      const app = await testApp(db);
      try {
        const res = await signIn(app, { grant_type: 'password', account: 'root@kerf.local', password: 'Root_pass_1' });
        expect(res.body.code).toBe(0);
        const setting = await app.inject({ url: '/cloud-api/system/config/configKey/sys.account.registerUser' });
        expect(setting.json().data).toBe('false');
      } finally {
        await app.close();
      }
      // a second import would mix two installations: refused, nothing changed
      await expect(importPgliteFolder(folder, db.url)).rejects.toThrow(ImportRefusal);
    } finally {
      await db.dispose();
    }
  });
});
