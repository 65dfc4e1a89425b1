import { existsSync } from 'node:fs';
import { expect, inject } from 'vitest';
import { serverEntry } from '../../server/e2e/server-process.js';
import { serverForSlot } from './e2e-servers';

/**
 * Setup file of the e2e project, run before each spec file: gets the built server of this worker slot
 * from the global setup's broker and provides its `baseURL` and `dataDir`, so the specs keep reading
 * `inject('baseURL')`, `inject('dataDir')`, `inject('adminAccount')` and `inject('adminPassword')`.
 * Two spec files run at once (two workers), each against its own server.
 *
 * Vitest hands every spec file the values of `provide()` as one object and `inject()` reads from it;
 * there is no public per-file `provide`, so this writes the server's values into that object before the
 * spec's own code runs. Should a Vitest upgrade move it, every spec fails with the message below.
 *
 * The server specs under apps/server/e2e start and stop servers of their own and get none here.
 */

interface WorkerState {
  providedContext?: Record<string, unknown>;
}

function providedContext(): Record<string, unknown> {
  const state = (globalThis as { __vitest_worker__?: WorkerState }).__vitest_worker__;
  if (!state?.providedContext || typeof state.providedContext !== 'object') {
    throw new Error('e2e setup: Vitest no longer keeps provided values in __vitest_worker__.providedContext');
  }
  return state.providedContext;
}

const specFile = expect.getState().testPath ?? '';
const ownServers = /[\\/]apps[\\/]server[\\/]e2e[\\/]/.test(specFile);

if (!ownServers) {
  if (!existsSync(serverEntry)) throw new Error(`Build first (npm run build): ${serverEntry} is missing`);
  const server = await serverForSlot(inject('e2eServerBroker'), process.env.VITEST_POOL_ID ?? '1');
  Object.assign(providedContext(), { baseURL: server.baseURL, dataDir: server.dataDir });
  if (inject('baseURL') !== server.baseURL) throw new Error('e2e setup: could not provide baseURL to the spec');
}
