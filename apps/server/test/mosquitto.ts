import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PLUGIN_PATHS = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
];

/** The dynamic security plugin of the Mosquitto installed here, if any. */
export function mosquittoPlugin(): string | null {
  try {
    execFileSync('mosquitto', ['-h'], { stdio: 'ignore' });
  } catch (err) {
    // `mosquitto -h` exits 3 after printing its help; only a missing program is "not installed".
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
  }
  return PLUGIN_PATHS.find((p) => existsSync(p)) ?? null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`mosquitto did not listen on ${port}`);
}

/**
 * A Mosquitto of this machine on a free port, set up as docs/device-protocol.md tells an operator:
 * no anonymous clients, the dynamic security plugin deciding who may do what, and its administrator
 * (the cloud's client) allowed to send commands on `dev/+/cmd`.
 */
export async function startMosquitto(plugin: string) {
  const dir = mkdtempSync(join(tmpdir(), 'kerf-mosquitto-'));
  const password = randomBytes(12).toString('base64url');
  const dynsec = join(dir, 'dynamic-security.json');
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsec, 'kerf-cloud', password], { stdio: 'ignore' });
  const settings = JSON.parse(readFileSync(dynsec, 'utf8'));
  const admin = settings.roles.find((r: { rolename: string }) => r.rolename === 'admin');
  admin.acls.push({ acltype: 'publishClientSend', topic: 'dev/+/cmd', priority: 0, allow: true });
  writeFileSync(dynsec, JSON.stringify(settings));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      'persistence false',
      `plugin ${plugin}`,
      `plugin_opt_config_file ${dynsec}`,
      'log_dest none',
      // Started as root, Mosquitto would drop to its own user and could not read this private folder.
      ...(process.getuid?.() === 0 ? ['user root'] : []),
    ].join('\n'),
  );
  const child: ChildProcess = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  await waitForPort(port, 10_000);
  return {
    url: `mqtt://127.0.0.1:${port}`,
    username: 'kerf-cloud',
    password,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
