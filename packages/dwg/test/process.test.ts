import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FormatError, type KerfDocument, MAX_DRAWING_BYTES, TooLargeError } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { convertDwg } from '../src/convert.js';
import { childOutcome, convertDwgInChildProcess } from '../src/process.js';
import { CORPUS, haveCorpus } from './corpus.js';

/**
 * The converter as the server runs it: in a child process, under a time and memory limit. Hostile input
 * must come back as a FormatError with a reason, never hang and never take the parent down.
 */

const CAD = join(CORPUS, 'cad');
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

/** A deterministic pseudo-random byte string. */
function junk(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let s = seed >>> 0;
  for (let i = 0; i < length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

/** The error a conversion ends with (or 'document'), with how long it took. */
async function outcomeOf(bytes: Uint8Array, timeoutMs = 20_000): Promise<{ error?: unknown; ms: number }> {
  const start = Date.now();
  try {
    await convertDwgInChildProcess(bytes, { timeoutMs });
    return { ms: Date.now() - start };
  } catch (error) {
    return { error, ms: Date.now() - start };
  }
}

/** Runs the jobs two at a time (the machine has two cores). */
async function inPairs<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < jobs.length; i += 2) out.push(...(await Promise.all(jobs.slice(i, i + 2).map((j) => j()))));
  return out;
}

function expectFormatError(error: unknown, reason: RegExp): void {
  expect(error).toBeInstanceOf(FormatError);
  expect((error as FormatError).format).toBe('dwg');
  expect((error as FormatError).reason).toMatch(reason);
}

describe('DWG conversion in a child process: hostile input', () => {
  it('refuses an empty file, random bytes and an AC1032 header followed by junk', async () => {
    const header = junk(20_000, 3);
    header.set(new TextEncoder().encode('AC1032'), 0);
    const [empty, random, stamped] = await inPairs([
      () => outcomeOf(new Uint8Array(0)),
      () => outcomeOf(junk(100_000, 1)),
      () => outcomeOf(header),
    ]);
    expectFormatError(empty!.error, /empty/);
    expectFormatError(random!.error, /not a DWG file/);
    expectFormatError(stamped!.error, /not a valid DWG|damaged|cut short/);
    for (const r of [empty!, random!, stamped!]) expect(r.ms).toBeLessThan(20_000);
  }, 60_000);

  it('refuses files over 50 MB before starting a process', async () => {
    const start = Date.now();
    await expect(convertDwgInChildProcess(new Uint8Array(MAX_DRAWING_BYTES + 1))).rejects.toBeInstanceOf(TooLargeError);
    expect(Date.now() - start).toBeLessThan(1000);
  });

  it('stops a conversion that runs past its time limit', async () => {
    const bytes = haveCorpus ? readFileSync(join(CAD, 'example_2000.dwg')) : junk(1000, 5);
    const { error, ms } = await outcomeOf(bytes, 150);
    expectFormatError(error, /took longer than/);
    expect(ms).toBeLessThan(5000);
  }, 20_000);

  it('turns a crashed, killed or silent child into a FormatError and its error JSON back into errors', () => {
    const empty = Buffer.alloc(0);
    const crash = () => childOutcome({ code: null, signal: 'SIGSEGV', stdout: empty, stderr: '' });
    expect(crash).toThrow(FormatError);
    expect(crash).toThrow(/stopped unexpectedly.*SIGSEGV/);
    const heap = () =>
      childOutcome({
        code: 134,
        signal: null,
        stdout: empty,
        stderr: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      });
    expect(heap).toThrow(/needs more memory/);
    const body = (kind: string) =>
      Buffer.from(JSON.stringify({ error: { kind, format: 'dwg', reason: 'r', 'zh-CN': 'z', en: 'e', size: 60e6 } }));
    expect(() => childOutcome({ code: 2, signal: null, stdout: body('format'), stderr: '' })).toThrow(FormatError);
    expect(() => childOutcome({ code: 2, signal: null, stdout: body('too-large'), stderr: '' })).toThrow(TooLargeError);
    const internal = () => childOutcome({ code: 1, signal: null, stdout: body('internal'), stderr: '' });
    expect(internal).toThrow(/DWG converter failed: r/);
    expect(internal).not.toThrow(FormatError);
    // A converter that cannot even start is our failure, not the file's.
    const broken = () =>
      childOutcome({ code: 1, signal: null, stdout: empty, stderr: "\nSyntaxError: no export named 'parse'\n" });
    expect(broken).toThrow(/DWG converter failed: SyntaxError: no export named 'parse'/);
    expect(broken).not.toThrow(FormatError);
    expect(() => childOutcome({ code: 0, signal: null, stdout: Buffer.from('{"trunc'), stderr: '' })).toThrow(
      /not valid JSON/,
    );
  });

  it('answers on stdout with the error JSON and exit code 2 when run as a CLI', () => {
    const run = spawnSync(process.execPath, ['--import', TSX, CLI], {
      input: junk(5000, 9),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    const { error } = JSON.parse(run.stdout) as { error: Record<string, string> };
    expect(error).toMatchObject({ kind: 'format', format: 'dwg' });
    expect(error.reason).toMatch(/not a DWG file/);
    expect(error['zh-CN']).toBe(`格式错误：${error.reason}`);
    expect(error.en).toBe(`Invalid format: ${error.reason}`);
  }, 40_000);
});

describe.skipIf(!haveCorpus)(
  'DWG conversion in a child process: the corpus (skipped when the shared corpus is absent)',
  () => {
    it('converts corpus drawings exactly as the in-process converter does', async () => {
      for (const name of ['sample_2018', 'example_2007']) {
        const bytes = readFileSync(join(CAD, `${name}.dwg`));
        const child = await convertDwgInChildProcess(bytes, { timeoutMs: 30_000 });
        const local = JSON.parse(JSON.stringify(await convertDwg(bytes))) as KerfDocument;
        expect(child.meta.source).toBe('dwg');
        expect(child.shapes.length).toBeGreaterThan(0);
        expect(child).toEqual(local);
      }
    }, 90_000);

    it('refuses corpus files cut short with a FormatError of the reader, not of the time limit', async () => {
      const files = [
        'example_2000',
        'example_2007',
        'example_2018',
        'r14-Leader',
        'sample_2000',
        'r11-entities-2d',
        'r2.10-block',
      ];
      const jobs: (() => Promise<{ name: string; cut: number; error?: unknown; ms: number }>)[] = [];
      for (const name of files) {
        const bytes = readFileSync(join(CAD, `${name}.dwg`));
        for (const fraction of [0.05, 0.5, 0.9]) {
          const cut = Math.max(1, Math.floor(bytes.length * fraction));
          // The production time limit: the reader must refuse each by itself, however busy the machine.
          jobs.push(async () => ({ name, cut, ...(await outcomeOf(bytes.subarray(0, cut), 60_000)) }));
        }
      }
      // r11-entities-2d cut at 4874 bytes made LibreDWG allocate without bound: the memory cap stops it.
      const r11 = readFileSync(join(CAD, 'r11-entities-2d.dwg')).subarray(0, 4874);
      jobs.push(async () => ({ name: 'r11-entities-2d', cut: 4874, ...(await outcomeOf(r11, 60_000)) }));
      const results = await inPairs(jobs);
      for (const r of results) {
        expect(r.error, `${r.name} cut at ${r.cut}`).toBeInstanceOf(FormatError);
        expect((r.error as FormatError).reason.length).toBeGreaterThan(10);
        expect((r.error as FormatError).reason, `${r.name} cut at ${r.cut}`).not.toMatch(/took longer than/);
      }
      expect((results[results.length - 1]!.error as FormatError).reason).toMatch(/more memory/);
    }, 300_000);
  },
);
