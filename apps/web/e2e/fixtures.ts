import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import yazl from 'yazl';
import { tempDir } from './drive-support';

/** Test files made on the fly for the specs: scratch folders, zips and ffmpeg test pictures. */

/** A `scratch(label)` that makes a temporary folder, every one removed once the spec file is done. */
export function scratchFolders(): (label: string) => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return (label) => {
    const dir = tempDir(label);
    dirs.push(dir);
    return dir;
  };
}

/** A real zip made with yazl, entries in the given order (folders implied by the paths). */
export function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (part: Buffer) => parts.push(part));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

export const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

export function ffmpeg(...args: string[]) {
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });
}

/** One frame of an ffmpeg test source as an image file. */
export function still(dir: string, name: string, source: string): Buffer {
  const path = join(dir, name);
  ffmpeg('-f', 'lavfi', '-i', source, '-frames:v', '1', path);
  return readFileSync(path);
}
