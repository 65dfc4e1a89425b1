import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashFrontier } from './hash-frontier.js';

/** Larger than a pooled buffer, so a chunk takes several reads. */
const CHUNK = 2.5 * 1024 * 1024;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kerf-frontier-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function staged(name: string, bytes: Buffer) {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return { id: name, path, chunkSize: CHUNK, totalChunks: Math.ceil(bytes.length / CHUNK) };
}
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('HashFrontier', () => {
  it('hashes chunks written out of order, a short last chunk, two uploads at once', async () => {
    const frontier = new HashFrontier();
    const a = randomBytes(4 * CHUNK + 99);
    const b = randomBytes(2 * CHUNK);
    const [fileA, fileB] = await Promise.all([staged('a', a), staged('b', b)]);
    await Promise.all([1, 0, 3, 2].map((i) => frontier.chunkWritten(fileA, i)));
    await frontier.chunkWritten(fileB, 1);
    expect(await frontier.digest(fileB)).toBe(sha(b));
    expect(await frontier.digest(fileA)).toBe(sha(a));
    // A later upload under the same id starts from nothing.
    expect(await frontier.digest(fileA)).toBe(sha(a));
  });

  it('starts a file over after a read failed, and fails the digest only while the file is missing', async () => {
    const frontier = new HashFrontier();
    const bytes = randomBytes(3 * CHUNK);
    const file = { id: 'gone', path: join(dir, 'not-yet'), chunkSize: CHUNK, totalChunks: 3 };
    await expect(frontier.chunkWritten(file, 0)).rejects.toThrow(/ENOENT/);
    await writeFile(file.path, bytes);
    // The chunks recorded before this process (or this state) knew of them come from `known`.
    await frontier.chunkWritten(file, 2, async () => [0, 1]);
    expect(await frontier.digest(file)).toBe(sha(bytes));
  });

  it('hashes an empty file', async () => {
    const frontier = new HashFrontier();
    const file = await staged('empty', Buffer.alloc(0));
    expect(await frontier.digest({ ...file, totalChunks: 1 })).toBe(sha(Buffer.alloc(0)));
  });
});
