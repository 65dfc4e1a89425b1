import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(`The data folder ${dir} is in use by another Kerf process (pid ${pid}); stop it or choose another DATA_DIR.`);
    this.name = 'DirLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims a folder for this process with a pid file. A lock left by a process that no longer runs
 * (a crash, a kill -9) is taken over; a lock held by a live process is refused.
 */
export function acquireDirLock(dir: string): { release(): void } {
  const file = join(dir, 'kerf.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A live holder (this process included: one folder, one database instance) keeps the lock.
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && alive(pid)) throw new DirLockedError(dir, pid);
      unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
