import { statSync } from 'node:fs';
import { join } from 'node:path';

/** A program on the PATH (`ffmpeg`, `soffice`), or null. */
export function findProgram(...names: string[]): string | null {
  for (const name of names) {
    for (const dir of (process.env.PATH ?? '').split(':')) {
      const path = dir && join(dir, name);
      if (path && statSync(path, { throwIfNoEntry: false })?.isFile()) return path;
    }
  }
  return null;
}
