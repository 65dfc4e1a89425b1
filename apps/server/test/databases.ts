import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';

/**
 * The databases the integration suite runs on: PGlite always, and a real PostgreSQL when
 * TEST_DATABASE_URL is set. Each `open()` gives a fresh, migrated database that `dispose()` removes.
 */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle & { url?: string; dispose(): Promise<void> }>;
}

const pglite: TestDatabase = {
  name: 'pglite',
  async open() {
    const handle = await openDatabase({ kind: 'pglite' });
    return { ...handle, dispose: () => handle.close() };
  },
};

function postgres(adminUrl: string): TestDatabase {
  return {
    name: 'postgres',
    async open() {
      const name = `kerf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 5 });
      return {
        ...handle,
        url: url.toString(),
        async dispose() {
          await handle.close();
          const drop = new pg.Client({ connectionString: adminUrl });
          await drop.connect();
          try {
            // pool.end() resolves before its sockets have closed; dropping "with (force)" at that moment
            // kills backends mid-goodbye, and their clients raise FATAL 57P01 with no one listening.
            for (let i = 0; i < 50; i++) {
              const { rows } = await drop.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
                name,
              ]);
              if (rows[0].n === 0) break;
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
            await drop.query(`drop database if exists ${name} with (force)`);
          } finally {
            await drop.end();
          }
        },
      };
    },
  };
}

export const testDatabases: TestDatabase[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];
