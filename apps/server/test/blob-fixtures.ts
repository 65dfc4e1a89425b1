import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Test helpers for the blob store suites; nothing here is used by production code. */

export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Buffers a stream. Only for test blobs of a few MiB; large ones go through `sha256OfStream`. */
export async function readAll(stream: AsyncIterable<Uint8Array | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export async function sha256OfStream(
  stream: AsyncIterable<Uint8Array | string>,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.from(chunk);
    hash.update(bytes);
    size += bytes.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Cheap deterministic bytes: chunk `index` of a test body. Varies within and across chunks. */
export function patternChunk(index: number, size: number): Buffer {
  const chunk = Buffer.alloc(size);
  for (let offset = 0; offset < size; offset += 4) {
    chunk.writeUInt32LE((Math.imul(index + 1, 2654435761) ^ Math.imul(offset, 40503)) >>> 0, offset);
  }
  return chunk;
}

/** The SHA-256 of `patternChunks(count, size)` computed without holding them all. */
export function patternSha256(count: number, size: number): string {
  const hash = createHash('sha256');
  for (let index = 0; index < count; index++) hash.update(patternChunk(index, size));
  return hash.digest('hex');
}

export async function* patternChunks(count: number, size: number): AsyncGenerator<Buffer> {
  for (let index = 0; index < count; index++) yield patternChunk(index, size);
}

/** Yields `goodChunks` chunks, then fails the way a dropped upload connection does. */
export async function* failingBody(goodChunks: number, size: number, error: Error): AsyncGenerator<Buffer> {
  yield* patternChunks(goodChunks, size);
  throw error;
}

/** Every regular file under `dir`, as paths relative to it with `/` separators. */
export async function listFilesRecursively(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}
