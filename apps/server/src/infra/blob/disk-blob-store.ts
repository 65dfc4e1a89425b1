import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { lstat, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, BlobSizeMismatchError } from './blob-errors.js';
import type { BlobFile, BlobHealth, BlobInfo, BlobRead, BlobStore, ByteRange, PutOptions } from './blob-store.js';
import { blobKeyPath } from './blob-store.js';
import { TRANSFER_BUFFER_BYTES } from './buffer-pool.js';
import { assertWellFormedRange, resolveByteRange } from './byte-range.js';
import { assertSizeLimitsUpfront, HashingTransform } from './hashing-transform.js';

/** Inside the store's own directory so that rename() into place never crosses a filesystem. */
export const TEMP_DIR_NAME = '.tmp';
/** Where uploads are assembled from chunks (owned by the upload service), also inside the store's directory. */
export const STAGING_DIR_NAME = '.uploads';
const ONE_HOUR_MS = 60 * 60 * 1000;

export interface DiskBlobStoreOptions {
  dir: string;
  /**
   * Temp files not modified for this long are debris from a killed process and are removed when the
   * store opens. A live put touches its temp file with every chunk, so only a put stalled for this
   * long by a silent client could lose its file.
   */
  staleTempMaxAgeMs?: number;
}

/**
 * Blobs as files at `<dir>/ab/cd/<sha256>`. A put streams into `<dir>/.tmp/<uuid>` while hashing,
 * fsyncs it, renames it to its hash and fsyncs the directory: a crash at any instant leaves either no
 * blob or the whole blob under its name, never a partial one.
 */
export class DiskBlobStore implements BlobStore {
  readonly kind = 'disk';
  private readonly tempDir: string;
  readonly stagingDir: string;

  private constructor(private readonly dir: string) {
    this.tempDir = join(dir, TEMP_DIR_NAME);
    this.stagingDir = join(dir, STAGING_DIR_NAME);
  }

  /** Creates the directory if needed and sweeps temp files left by processes that died mid-put. */
  static async open(options: DiskBlobStoreOptions): Promise<DiskBlobStore> {
    const store = new DiskBlobStore(resolve(options.dir));
    await mkdir(store.tempDir, { recursive: true });
    await mkdir(store.stagingDir, { recursive: true });
    await store.sweepStaleTempFiles(options.staleTempMaxAgeMs ?? ONE_HOUR_MS);
    return store;
  }

  /** Removes temp files older than `maxAgeMs` (by mtime); returns how many were removed. */
  async sweepStaleTempFiles(maxAgeMs: number): Promise<number> {
    const cutoff = Date.now() - maxAgeMs;
    let removed = 0;
    for (const name of await readdir(this.tempDir)) {
      const path = join(this.tempDir, name);
      const info = await lstat(path).catch(ignoreMissing);
      // mtimeMs has a fraction of a millisecond, Date.now() has none: a file written in this very
      // millisecond is 0 ms old, not in the future.
      if (info && Math.floor(info.mtimeMs) <= cutoff) {
        await rm(path, { force: true, recursive: true });
        removed += 1;
      }
    }
    return removed;
  }

  async put(body: NodeJS.ReadableStream | AsyncIterable<Uint8Array>, options: PutOptions = {}): Promise<BlobInfo> {
    assertSizeLimitsUpfront(options);
    options.signal?.throwIfAborted();
    const tempPath = join(this.tempDir, randomUUID());
    // Opened before streaming so the file certainly exists (and is ours, 'wx') when cleanup runs.
    const file = await open(tempPath, 'wx');
    let fileClosed = false;
    try {
      const hasher = new HashingTransform(options);
      await pipeline(body, hasher, writableFileHandle(file), { signal: options.signal });
      const info = hasher.result();
      const finalPath = this.blobPath(info.sha256);

      const existing = await stat(finalPath).catch(ignoreMissing);
      if (existing?.isFile() && existing.size === info.size) {
        // Same content is already here: drop our copy unsynced. The directory sync covers a concurrent put
        // of the same bytes that has renamed its file but not yet synced the directory entry.
        await file.close();
        fileClosed = true;
        await unlink(tempPath);
        await syncDirectory(dirname(finalPath));
        return info;
      }

      await file.sync();
      await file.close();
      fileClosed = true;
      const firstCreatedDir = await mkdir(dirname(finalPath), { recursive: true });
      await rename(tempPath, finalPath);
      await this.syncDirectoriesAfterRename(dirname(finalPath), firstCreatedDir);
      return info;
    } catch (error) {
      if (!fileClosed) await file.close().catch(() => {});
      await unlink(tempPath).catch(ignoreMissing);
      throw error;
    }
  }

  async putFile(path: string, expected: BlobInfo): Promise<void> {
    const finalPath = this.blobPath(expected.sha256);
    const file = await open(path, 'r+');
    try {
      const { size } = await file.stat();
      if (size !== expected.size) throw new BlobSizeMismatchError(expected.size, size);
      const existing = await stat(finalPath).catch(ignoreMissing);
      if (existing?.isFile() && existing.size === expected.size) {
        await file.close();
        await unlink(path);
        await syncDirectory(dirname(finalPath));
        return;
      }
      await file.sync();
    } finally {
      await file.close().catch(() => {});
    }
    const firstCreatedDir = await mkdir(dirname(finalPath), { recursive: true });
    try {
      await rename(path, finalPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // A staging folder on another filesystem: copy through put, which hashes again.
      const stored = await this.put(createReadStream(path), { expectedSize: expected.size });
      await unlink(path);
      if (stored.sha256 !== expected.sha256) throw new BlobSizeMismatchError(expected.size, stored.size);
      return;
    }
    await this.syncDirectoriesAfterRename(dirname(finalPath), firstCreatedDir);
  }

  async open(sha256: string, range?: ByteRange): Promise<BlobFile> {
    const path = this.blobPath(sha256);
    if (range) assertWellFormedRange(range);
    let file: FileHandle;
    try {
      file = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(sha256);
      throw error;
    }
    // Size and bytes come from the same open handle, so a concurrent delete cannot split them.
    try {
      const { size } = await file.stat();
      return { file, size, ...resolveByteRange(range, size) };
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  async get(sha256: string, range?: ByteRange): Promise<BlobRead> {
    const { file, size, start, end } = await this.open(sha256, range);
    if (size === 0) {
      await file.close();
      return { stream: Readable.from([], { objectMode: false }), size, start, end };
    }
    // 1 MiB reads: a quarter of the system calls and event-loop turns of the default, twice the throughput.
    return { stream: file.createReadStream({ start, end, highWaterMark: TRANSFER_BUFFER_BYTES }), size, start, end };
  }

  async stat(sha256: string): Promise<BlobInfo | null> {
    const info = await stat(this.blobPath(sha256)).catch(ignoreMissing);
    return info?.isFile() ? { sha256, size: info.size } : null;
  }

  async delete(sha256: string): Promise<void> {
    // No directory fsync: a delete lost in a crash only resurrects an orphan, which the collector removes again.
    await unlink(this.blobPath(sha256)).catch(ignoreMissing);
  }

  /** Writes, reads back and removes a probe file: catches a read-only or full disk, not only a missing one. */
  async check(): Promise<BlobHealth> {
    const probePath = join(this.tempDir, `health-${randomUUID()}`);
    const probe = randomUUID();
    try {
      await writeFile(probePath, probe, { flag: 'wx' });
      const readBack = await readFile(probePath, 'utf8');
      if (readBack !== probe) return { status: 'down', detail: `blob dir ${this.dir}: probe file read back wrong` };
      return { status: 'up' };
    } catch (error) {
      return { status: 'down', detail: `blob dir ${this.dir}: ${describeError(error)}` };
    } finally {
      await rm(probePath, { force: true }).catch(() => {});
    }
  }

  private blobPath(sha256: string): string {
    return join(this.dir, blobKeyPath(sha256));
  }

  /**
   * The rename is durable only once the directory holding the new entry is synced, and a fan-out
   * directory created just now is durable only once its own parent is synced too.
   */
  private async syncDirectoriesAfterRename(blobDir: string, firstCreatedDir: string | undefined): Promise<void> {
    const toSync = [blobDir];
    if (firstCreatedDir !== undefined) {
      for (let dir = dirname(blobDir); dir.length >= this.dir.length; dir = dirname(dir)) {
        toSync.push(dir);
        if (dir === dirname(firstCreatedDir)) break;
      }
    }
    for (const dir of toSync) await syncDirectory(dir);
  }
}

/**
 * A Writable over a FileHandle that leaves the handle open for the fsync after the last write.
 * (FileHandle.createWriteStream with autoClose: false keeps a reference that makes close() wait forever.)
 * FileHandle.close() waits for writes in flight, so closing after a failed pipeline is safe.
 */
function writableFileHandle(file: FileHandle): Writable {
  return new Writable({
    highWaterMark: 256 * 1024,
    writev(chunks, callback) {
      writeAll(
        file,
        chunks.map(({ chunk }) => chunk as Buffer),
      ).then(() => callback(), callback);
    },
  });
}

async function writeAll(file: FileHandle, buffers: Buffer[]): Promise<void> {
  let pending = buffers;
  while (pending.length > 0) {
    const { bytesWritten } = await file.writev(pending);
    pending = dropBytes(pending, bytesWritten);
  }
}

/** What remains of `buffers` after a short write of `count` bytes. */
function dropBytes(buffers: Buffer[], count: number): Buffer[] {
  let remaining = count;
  const rest: Buffer[] = [];
  for (const buffer of buffers) {
    if (remaining >= buffer.length) {
      remaining -= buffer.length;
    } else {
      rest.push(remaining > 0 ? buffer.subarray(remaining) : buffer);
      remaining = 0;
    }
  }
  return rest;
}

async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** For `.catch(ignoreMissing)`: turns "no such file" into undefined and rethrows anything else. */
function ignoreMissing(error: unknown): undefined {
  if (isMissing(error)) return undefined;
  throw error;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
