import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../server/e2e/server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    adminAccount: string;
    adminPassword: string;
  }
}

const ADMIN = { account: 'admin@kerf.local', password: 'Admin_e2e_2026' };

/**
 * One built server for the whole end-to-end run, on a free port with a throw-away data folder. With no
 * mail or SMS configured, verification codes land in DATA_DIR/outbox.log, where the specs read them.
 */
export default async function setup(project: TestProject) {
  const server = await startServer({ ADMIN_ACCOUNT: ADMIN.account, ADMIN_PASSWORD: ADMIN.password });
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  project.provide('adminAccount', ADMIN.account);
  project.provide('adminPassword', ADMIN.password);
  return async () => {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  };
}
