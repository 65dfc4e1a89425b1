/**
 * Helpers shared by the benches: statistics, random source files, peak-memory readings and the JSON
 * report under .bench/ at the repository root.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIB = 1024 * 1024;
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The 99th percentile (nearest rank) of the values. */
export function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
}

/** Bytes as MiB with one decimal. */
export const toMib = (bytes: number) => Math.round((bytes / MIB) * 10) / 10;

/** A number rounded to `digits` decimals, for tables. */
export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Runs `run` once and answers what it gave and how long it took (ms), awaiting it when it is async. */
export async function timed<T>(run: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

/** Writes `sizeMib` MiB of random bytes to `path` and returns their lower-case hex SHA-256. */
export async function writeRandomFile(path: string, sizeMib: number): Promise<string> {
  const hash = createHash('sha256');
  const file = await open(path, 'w');
  try {
    for (let i = 0; i < sizeMib; i++) {
      const chunk = randomBytes(MIB);
      hash.update(chunk);
      await file.write(chunk);
    }
  } finally {
    await file.close();
  }
  return hash.digest('hex');
}

/** A line of /proc/<pid>/status in bytes (VmRSS, VmHWM…); undefined off Linux or once the process is gone. */
export async function procStatusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const match = status?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return match ? Number(match[1]) * 1024 : undefined;
}

/** CPU time (user + system) a process has used so far, in ms; undefined off Linux. */
export async function procCpuMs(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // Fields after the command name (which may hold spaces) start at the state, field 3; utime and stime are 14 and 15.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (!fields) return undefined;
  const ticksPerSecond = 100; // USER_HZ on Linux
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** Resets a process's VmHWM to its current RSS (Linux `clear_refs` 5); false when not allowed. */
export async function resetPeakRss(pid: number): Promise<boolean> {
  return writeFile(`/proc/${pid}/clear_refs`, '5').then(
    () => true,
    () => false,
  );
}

/** Machine facts every report starts with. */
export function machine() {
  return {
    generatedAt: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
  };
}

/** Writes `.bench/<name>.json` at the repository root and returns its path. */
export async function writeReport(name: string, report: object): Promise<string> {
  await mkdir(join(REPO_ROOT, '.bench'), { recursive: true });
  const path = join(REPO_ROOT, '.bench', `${name}.json`);
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}

/** A markdown table from rows of cells (the first row is the header). */
export function markdownTable(rows: Array<Array<string | number>>): string {
  const [header, ...body] = rows.map((r) => r.map((c) => String(c).replace(/\|/g, '\\|')));
  if (!header) return '';
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of body) lines.push(`| ${row.join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}
