import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Databases the server suites run on: admin URL and the name of a migrated template on each. */
    testDatabaseServers: Array<{ name: 'embedded' | 'postgres'; adminUrl: string; template: string }>;
  }
}

/** The same URL on another database of the same server. */
export function onDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A migrated database suites copy with CREATE DATABASE ... TEMPLATE: a copy takes milliseconds, migrations do not. */
async function makeTemplate(adminUrl: string, template: string): Promise<void> {
  await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
  await adminQuery(adminUrl, `create database ${template}`);
  const handle = await openDatabase({ kind: 'postgres', url: onDatabase(adminUrl, template), poolMax: 1 });
  await handle.close();
}

/**
 * Vitest global setup of the server project: one embedded PostgreSQL server for the whole run (as
 * `npm start` runs it), and the external server at TEST_DATABASE_URL when set, each with a template.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'kerf-test-pg-'));
  const embedded = await startEmbeddedPostgres({
    dir: join(dir, 'postgres'),
    // Test data is thrown away: skip the disk flushes that a real install needs.
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
  });
  const servers: Array<{ name: 'embedded' | 'postgres'; adminUrl: string; template: string }> = [];
  const template = `kerf_template_${process.pid}`;
  try {
    const embeddedAdmin = onDatabase(embedded.url, 'postgres');
    await makeTemplate(embeddedAdmin, template);
    servers.push({ name: 'embedded', adminUrl: embeddedAdmin, template });
    const external = process.env.TEST_DATABASE_URL;
    if (external) {
      await makeTemplate(external, template);
      servers.push({ name: 'postgres', adminUrl: external, template });
    }
  } catch (err) {
    await embedded.stop();
    throw err;
  }
  project.provide('testDatabaseServers', servers);
  return async () => {
    const external = servers.find((s) => s.name === 'postgres');
    if (external)
      await adminQuery(external.adminUrl, `drop database if exists ${template} with (force)`).catch(() => undefined);
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
