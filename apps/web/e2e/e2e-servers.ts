import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type RunningServer, startServer } from '../../server/e2e/server-process.js';

/** The administrator every e2e server is started with (ADMIN_ACCOUNT / ADMIN_PASSWORD). */
export const E2E_ADMIN = { account: 'admin@kerf.local', password: 'Admin_e2e_2026' } as const;

/** What a spec file learns of the server it runs against. */
export interface E2eServer {
  baseURL: string;
  dataDir: string;
}

/** On a loaded two-core machine a first start (new embedded database, migrations) takes over a minute. */
const START_TIMEOUT_MS = 240_000;

/**
 * Built servers for the end-to-end run, one per Vitest worker slot (VITEST_POOL_ID), started on the
 * first request for that slot and kept for the spec files that run on it after. Two spec files that
 * run at the same time never share a server; files that run one after another on a slot do, as all
 * files once shared one. Lives in the main process (global setup); spec files reach it over HTTP
 * because Vitest starts a new process per spec file.
 */
export async function startServerPool(): Promise<{ url: string; close: () => Promise<void> }> {
  const slots = new Map<string, Promise<RunningServer>>();

  function serverFor(slot: string): Promise<RunningServer> {
    const known = slots.get(slot);
    if (known) {
      // a server that died (a crash in an earlier spec file) is replaced rather than handed out
      return known.then((server) => (server.child.exitCode === null ? server : restart(slot)));
    }
    return restart(slot);
  }

  function restart(slot: string): Promise<RunningServer> {
    const started = startServer(
      { ADMIN_ACCOUNT: E2E_ADMIN.account, ADMIN_PASSWORD: E2E_ADMIN.password },
      { startTimeoutMs: START_TIMEOUT_MS },
    );
    slots.set(slot, started);
    started.catch(() => {
      if (slots.get(slot) === started) slots.delete(slot);
    });
    return started;
  }

  const broker: Server = createServer((request, response) => {
    const slot = new URL(request.url ?? '/', 'http://broker').searchParams.get('slot') ?? '1';
    serverFor(slot).then(
      (server) => {
        const body: E2eServer = { baseURL: server.baseURL, dataDir: server.dataDir };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      },
      (error: Error) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(error.stack ?? String(error));
      },
    );
  });
  // the broker answers when the server is up, which can take minutes on a loaded machine
  broker.requestTimeout = 0;
  broker.headersTimeout = 0;
  await new Promise<void>((ok) => broker.listen(0, '127.0.0.1', ok));
  const address = broker.address();
  if (!address || typeof address !== 'object') throw new Error('e2e server broker has no port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await new Promise<void>((ok) => broker.close(() => ok()));
      const servers = await Promise.allSettled(slots.values());
      for (const result of servers) {
        if (result.status !== 'fulfilled') continue;
        await result.value.stop();
        rmSync(result.value.dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Asks the broker of the global setup for the server of this worker slot; waits while it starts. */
export async function serverForSlot(brokerURL: string, slot: string): Promise<E2eServer> {
  const response = await fetch(`${brokerURL}/server?${new URLSearchParams({ slot })}`);
  if (!response.ok) throw new Error(`e2e server for worker slot ${slot} did not start:\n${await response.text()}`);
  return (await response.json()) as E2eServer;
}
