import { defineConfig } from 'vitest/config';

/**
 * One Vitest run, seven projects. `npm test` (scripts/test.mjs) runs all but e2e, builds the app, then
 * runs the end-to-end project against the built server in the system Chromium.
 */
export default defineConfig({
  test: {
    // Two workers suit a two-core machine.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] },
      },
      {
        test: { name: 'laser', root: 'packages/laser', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      {
        test: { name: 'plugins', root: 'packages/plugins', include: ['src/**/*.test.ts'] },
      },
      {
        test: { name: 'dwg', root: 'packages/dwg', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // One embedded PostgreSQL server for the run; each suite gets a fresh database from a template.
          globalSetup: ['test/database-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'] },
      },
      {
        test: { name: 'device-sim', root: 'apps/device-sim', include: ['src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/*/e2e/**/*.e2e.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          // Each worker slot gets a server of its own (e2e-servers.ts), so two spec files run side by side.
          setupFiles: ['apps/web/e2e/server-per-worker.ts'],
          fileParallelism: true,
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page on a busy two-core machine can take seconds to show a state; polls wait for it.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
