import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listFilesRecursively, patternChunk, patternSha256, readAll, sha256Hex } from '../../../test/blob-fixtures.js';
import { describeBlobStoreContract } from './blob-store.contract.js';
import { DiskBlobStore, TEMP_DIR_NAME } from './disk-blob-store.js';
import { createBlobStore } from './index.js';

const tempRoots: string[] = [];
async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kerf-blob-disk-'));
  tempRoots.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(tempRoots.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Splits a walk of the store directory into blob files (by layout) and temp files. */
async function walkStore(dir: string): Promise<{ blobs: string[]; temps: string[]; other: string[] }> {
  const files = await listFilesRecursively(dir);
  const blobPattern = /^([0-9a-f]{2})\/([0-9a-f]{2})\/(\1\2[0-9a-f]{60})$/;
  return {
    blobs: files.flatMap((file) => file.match(blobPattern)?.[3] ?? []),
    temps: files.filter((file) => file.startsWith(`${TEMP_DIR_NAME}/`)),
    other: files.filter((file) => !blobPattern.test(file) && !file.startsWith(`${TEMP_DIR_NAME}/`)),
  };
}

describeBlobStoreContract('disk', async () => {
  const dir = await makeTempDir();
  const store = await DiskBlobStore.open({ dir });
  return {
    store,
    async listStoredBlobKeys() {
      const { blobs, other } = await walkStore(dir);
      expect(other).toEqual([]);
      return blobs.sort();
    },
    async listTempEntries() {
      return (await walkStore(dir)).temps;
    },
    async dispose() {},
  };
});

describe('disk blob store specifics', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });

  it('lays blobs out as <dir>/ab/cd/<sha256>', async () => {
    const store = await DiskBlobStore.open({ dir });
    const { sha256 } = await store.put(Readable.from([Buffer.from('layout')]));
    const info = await stat(join(dir, sha256.slice(0, 2), sha256.slice(2, 4), sha256));
    expect(info.size).toBe(6);
  });

  it('is what createBlobStore opens for disk settings', async () => {
    const store = await createBlobStore({ storage: 'disk', dir: join(dir, 'created-on-demand') });
    expect(store.kind).toBe('disk');
    const { sha256 } = await store.put(Readable.from([Buffer.from('via the factory')]));
    expect(String(await readAll((await store.get(sha256)).stream))).toBe('via the factory');
  });

  it('keeps streaming a blob that is deleted while being read', async () => {
    const store = await DiskBlobStore.open({ dir });
    const content = Buffer.alloc(256 * 1024, 7);
    const { sha256 } = await store.put(Readable.from([content]));
    const read = await store.get(sha256);
    await store.delete(sha256);
    expect(sha256Hex(await readAll(read.stream))).toBe(sha256Hex(content));
  });

  it('sweeps temp files older than the limit on open and keeps fresh ones', async () => {
    await DiskBlobStore.open({ dir });
    const stale = join(dir, TEMP_DIR_NAME, 'stale');
    const fresh = join(dir, TEMP_DIR_NAME, 'fresh');
    await writeFile(stale, 'left by a killed process');
    await writeFile(fresh, 'a put in progress elsewhere');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);

    await DiskBlobStore.open({ dir });
    expect(await readdir(join(dir, TEMP_DIR_NAME))).toEqual(['fresh']);
    await DiskBlobStore.open({ dir, staleTempMaxAgeMs: 0 });
    expect(await readdir(join(dir, TEMP_DIR_NAME))).toEqual([]);
  });

  it('reports itself down, with the reason, when it cannot write', async () => {
    const store = await DiskBlobStore.open({ dir });
    // Replacing the temp directory with a file makes every write fail, even for root.
    await rm(join(dir, TEMP_DIR_NAME), { recursive: true });
    await writeFile(join(dir, TEMP_DIR_NAME), 'not a directory');
    const health = await store.check();
    expect(health.status).toBe('down');
    expect(health.detail).toMatch(/ENOTDIR/);
  });

  it('does not reuse an existing file of the wrong size under a hash (repairs it instead)', async () => {
    const store = await DiskBlobStore.open({ dir });
    const content = Buffer.from('the real content');
    const sha256 = sha256Hex(content);
    await mkdir(join(dir, sha256.slice(0, 2), sha256.slice(2, 4)), { recursive: true });
    await writeFile(join(dir, sha256.slice(0, 2), sha256.slice(2, 4), sha256), 'trunc');
    await store.put(Readable.from([content]));
    expect(await readAll((await store.get(sha256)).stream)).toEqual(content);
  });
});

describe('disk blob store crash safety', () => {
  const CHUNK_SIZE = 256 * 1024;
  const TOTAL_CHUNKS = 16;
  const CHUNKS_BEFORE_STALL = 6;
  const writerScript = fileURLToPath(new URL('../../../test/blob-crash-writer.ts', import.meta.url));
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  function waitForLine(writer: ChildProcess, expected: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      let output = '';
      const fail = (why: string) => reject(new Error(`${why} before printing "${expected}"; output:\n${output}`));
      const timer = setTimeout(() => fail(`writer timed out after ${timeoutMs} ms`), timeoutMs);
      writer.stderr?.on('data', (data: Buffer) => {
        output += data.toString();
      });
      writer.stdout?.on('data', (data: Buffer) => {
        output += data.toString();
        if (output.includes(`${expected}\n`)) {
          clearTimeout(timer);
          resolve();
        }
      });
      writer.once('exit', (code, signal) => {
        clearTimeout(timer);
        fail(`writer exited (code ${code}, signal ${signal})`);
      });
    });
  }

  async function waitForTempBytes(dir: string, minBytes: number): Promise<number> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const temps = await readdir(join(dir, TEMP_DIR_NAME));
      const sizes = await Promise.all(temps.map(async (name) => (await stat(join(dir, TEMP_DIR_NAME, name))).size));
      const written = Math.max(0, ...sizes);
      if (written >= minBytes) return written;
      await sleep(25);
    }
    throw new Error(`the writer's temp file never reached ${minBytes} bytes`);
  }

  it('a process killed during a write leaves no partial blob visible', async () => {
    const dir = await makeTempDir();
    child = spawn(
      process.execPath,
      ['--import', 'tsx', writerScript, dir, String(TOTAL_CHUNKS), String(CHUNK_SIZE), String(CHUNKS_BEFORE_STALL)],
      { cwd: fileURLToPath(new URL('../../..', import.meta.url)), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await waitForLine(child, 'mid-write', 30_000);
    // Proof the kill lands mid-write: part of the body is on disk in a temp file.
    const writtenBytes = await waitForTempBytes(dir, CHUNKS_BEFORE_STALL * CHUNK_SIZE);
    expect(writtenBytes).toBeLessThan(TOTAL_CHUNKS * CHUNK_SIZE);

    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    const [exitCode, signal] = await exited;
    expect({ exitCode, signal }).toEqual({ exitCode: null, signal: 'SIGKILL' });

    const afterCrash = await walkStore(dir);
    expect(afterCrash.blobs).toEqual([]);
    expect(afterCrash.other).toEqual([]);
    expect(afterCrash.temps).toHaveLength(1);

    const reopened = await DiskBlobStore.open({ dir });
    expect(await reopened.stat(patternSha256(TOTAL_CHUNKS, CHUNK_SIZE))).toBeNull();
    expect(await reopened.stat(patternSha256(CHUNKS_BEFORE_STALL, CHUNK_SIZE))).toBeNull();
    // A fresh temp file could be a live put of another process, so the default sweep keeps it...
    expect((await walkStore(dir)).temps).toHaveLength(1);
    // ...and a sweep with age 0 clears the debris.
    await DiskBlobStore.open({ dir, staleTempMaxAgeMs: 0 });
    expect(await listFilesRecursively(dir)).toEqual([]);

    // The store still works in that directory and the full body, re-sent, lands whole.
    const chunks = Array.from({ length: TOTAL_CHUNKS }, (_, index) => patternChunk(index, CHUNK_SIZE));
    const info = await reopened.put(Readable.from(chunks));
    expect(info.sha256).toBe(patternSha256(TOTAL_CHUNKS, CHUNK_SIZE));
  });
});
