import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { adminQuery, onDatabase } from './database-setup.js';

/**
 * The databases the integration suites run on: the embedded PostgreSQL server of this test run
 * always, and the PostgreSQL server at TEST_DATABASE_URL when set (both started or prepared by
 * database-setup.ts). Each `open()` gives a fresh, migrated database that `dispose()` removes.
 */
export interface TestDatabase {
  name: 'embedded' | 'postgres';
  open(): Promise<DatabaseHandle & { dispose(): Promise<void> }>;
}

function onServer(server: { name: 'embedded' | 'postgres'; adminUrl: string; template: string }): TestDatabase {
  const { adminUrl, template } = server;
  return {
    name: server.name,
    async open() {
      const name = `kerf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      await adminQuery(adminUrl, `create database ${name} template ${template}`);
      const handle = await openDatabase({ kind: 'postgres', url: onDatabase(adminUrl, name), poolMax: 5 });
      return {
        ...handle,
        kind: server.name,
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

export const testDatabases: TestDatabase[] = inject('testDatabaseServers').map(onServer);
