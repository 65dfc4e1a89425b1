import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashFrontier } from './hash-frontier.js';
import { HashWorker } from './hash-worker.js';

const CHUNK = 64 * 1024;
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
  it('hashes chunks written out of order on its thread, and several uploads at once', async () => {
    const worker = new HashWorker();
    const frontier = new HashFrontier(worker);
    const a = randomBytes(5 * CHUNK + 99);
    const b = randomBytes(3 * CHUNK);
    const fileA = await staged('a', a);
    const fileB = await staged('b', b);
    for (const i of [1, 0, 3, 2]) await frontier.chunkWritten(fileA, i);
    await frontier.chunkWritten(fileB, 0);
    expect(await frontier.digest(fileA)).toBe(sha(a));
    expect(await frontier.digest(fileB)).toBe(sha(b));
    // Hashed again from nothing: a new upload of the same id starts over.
    expect(await frontier.digest(fileA)).toBe(sha(a));
    await worker.stop();
  });

  it('starts over in a new thread when the one holding a running hash is gone', async () => {
    const worker = new HashWorker();
    const frontier = new HashFrontier(worker);
    const bytes = randomBytes(4 * CHUNK);
    const file = await staged('c', bytes);
    await frontier.chunkWritten(file, 0);
    await frontier.chunkWritten(file, 1);
    await worker.stop();
    await frontier.chunkWritten(file, 2).catch(() => {});
    expect(await frontier.digest(file)).toBe(sha(bytes));
    await worker.stop();
  });
});
