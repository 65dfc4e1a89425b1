import type { TestProject } from 'vitest/node';
import { E2E_ADMIN, startServerPool } from './e2e-servers';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    adminAccount: string;
    adminPassword: string;
    /** Where the spec files' setup asks for their server (see e2e-servers.ts). */
    e2eServerBroker: string;
  }
}

/**
 * Starts the broker that hands each Vitest worker slot a built server of its own, on a free port with
 * a throw-away data folder, and provides the admin account. `baseURL` and `dataDir` are provided per
 * spec file by server-per-worker.ts (a setup file). With no mail or SMS configured, verification codes
 * land in DATA_DIR/outbox.log, where the specs read them.
 */
export default async function setup(project: TestProject) {
  const pool = await startServerPool();
  project.provide('e2eServerBroker', pool.url);
  project.provide('adminAccount', E2E_ADMIN.account);
  project.provide('adminPassword', E2E_ADMIN.password);
  return pool.close;
}
