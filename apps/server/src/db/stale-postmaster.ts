import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A Kerf server killed with SIGKILL cannot stop its PostgreSQL. The child normally follows it (it is
 * started with a parent-death signal where `setpriv` exists), but a postmaster that outlived us, or a
 * `postmaster.pid` naming a process that is no longer ours, must not block the next start. Only called
 * while this process holds the data folder's Kerf lock, so no live Kerf server owns that postmaster.
 */
export async function clearStalePostmaster(pgdata: string, log: (line: string) => void): Promise<void> {
  const pidFile = join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return;
  // Without /proc (macOS) we cannot tell whose process the pid is; PostgreSQL's own check decides.
  if (!existsSync('/proc/self/cmdline')) return;
  if (!servesFolder(pid, pgdata)) {
    // The pid is gone, a zombie, or reused by an unrelated process: PostgreSQL would refuse to start
    // on a lock file naming a live pid, so the stale file goes.
    rmSync(pidFile, { force: true });
    return;
  }
  log(`stopping PostgreSQL (pid ${pid}) left running on ${pgdata} by an earlier Kerf process`);
  // SIGINT is PostgreSQL's fast shutdown: clients are disconnected, the data is checkpointed.
  if (await signalAndWait(pid, pgdata, 'SIGINT', 15_000)) return;
  log(`PostgreSQL (pid ${pid}) did not stop on SIGINT; killing it`);
  if (await signalAndWait(pid, pgdata, 'SIGKILL', 5_000)) return;
  throw new Error(`PostgreSQL (pid ${pid}) on ${pgdata} does not stop; stop it by hand and start Kerf again`);
}

/** True when `pid` is a live (not zombie) process whose command line names this data folder. */
export function servesFolder(pid: number, pgdata: string): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the state letter follows the parenthesised command name, which may itself hold spaces
    if (stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z') return false;
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return args.some((arg) => arg === pgdata);
  } catch {
    return false;
  }
}

async function signalAndWait(pid: number, pgdata: string, signal: NodeJS.Signals, ms: number): Promise<boolean> {
  try {
    process.kill(pid, signal);
  } catch {
    return true; // already gone
  }
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!servesFolder(pid, pgdata)) return true;
    await sleep(50);
  }
  return false;
}
