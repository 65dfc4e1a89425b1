import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

/**
 * Every spec registers accounts from 127.0.0.1, so the code send limits (and their captcha) are out of
 * reach unless a server is started with its own; the spec about those limits starts one that is.
 */
export const UNREACHED_CODE_SEND_LIMITS = {
  CODE_SENDS_BEFORE_CAPTCHA: '100000',
  CODE_SENDS_PER_CLIENT_HOUR: '100000',
  CODE_SENDS_PER_RECIPIENT_DAY: '100000',
  CODE_SENDS_PER_HOUR: '100000',
};

/**
 * PATH without PostgreSQL's system binaries (Debian's /usr/lib/postgresql/<v>/bin, any folder holding
 * pg_ctl or postgres): the embedded server must come from node_modules alone.
 */
export function pathWithoutPostgres(path = process.env.PATH ?? ''): string {
  return path
    .split(delimiter)
    .filter(
      (dir) =>
        dir &&
        !/\/postgres(ql)?\//i.test(`${dir}/`) &&
        !['pg_ctl', 'postgres', 'initdb'].some((bin) => existsSync(join(dir, bin))),
    )
    .join(delimiter);
}

/** The built server bundle (`npm run build`). */
export const serverEntry = resolve(import.meta.dirname, '../dist/main.js');

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code when the process ends by itself or is stopped. */
  exited: Promise<number | null>;
  /** SIGTERM, then waits for the process to exit; resolves with its exit code. */
  stop: () => Promise<number | null>;
}

/**
 * Starts the built server as its own process on a free port and a data folder of its own (or the
 * one given, to test restarts), and waits until /cloud-api/health answers.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: {
    dataDir?: string;
    waitForHealthy?: boolean;
    startTimeoutMs?: number;
    /** Options for Node itself (e.g. --trace-gc for the benches), before the entry. */
    nodeArgs?: string[];
  } = {},
): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error(`Build first (npm run build): ${serverEntry} is missing`);
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kerf-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...UNREACHED_CODE_SEND_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
    process.stderr.write(d);
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const baseURL = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    baseURL,
    dataDir,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  if (options.waitForHealthy === false) return server;
  // A fresh data folder means a new embedded database and its migrations: seconds on a quiet machine,
  // a minute or more on a loaded one.
  const startTimeoutMs = options.startTimeoutMs ?? 150_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/cloud-api/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server did not come up within ${startTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Signs in to a running server with an account and password as the web app does; the whole answer. */
export async function passwordSignIn(
  baseURL: string,
  account: string,
  password: string,
): Promise<{ code: number; token?: string }> {
  const res = await fetch(`${baseURL}/uac-api/oauth2/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'kerf-web',
      client_secret: 'kerf-web',
      grant_type: 'password',
      login_type: '2',
      account,
      password,
    }),
  });
  return (await res.json()) as { code: number; token?: string };
}
