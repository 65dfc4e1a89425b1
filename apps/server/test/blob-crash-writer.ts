/**
 * Child process for the disk blob store's crash test:
 *   node --import tsx blob-crash-writer.ts <dir> <totalChunks> <chunkSize> <chunksBeforeStall>
 * Starts a put of `totalChunks` pattern chunks, prints "mid-write" after `chunksBeforeStall` of them and
 * then stalls, so the parent can SIGKILL it in the middle of the write.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DiskBlobStore } from '../src/infra/blob/disk-blob-store.js';
import { patternChunk } from './blob-fixtures.js';

const [dir, totalChunks, chunkSize, chunksBeforeStall] = process.argv.slice(2);
if (!dir || !totalChunks || !chunkSize || !chunksBeforeStall) {
  throw new Error('usage: blob-crash-writer.ts <dir> <totalChunks> <chunkSize> <chunksBeforeStall>');
}

async function* stallingBody(): AsyncGenerator<Buffer> {
  for (let index = 0; index < Number(totalChunks); index++) {
    if (index === Number(chunksBeforeStall)) {
      process.stdout.write('mid-write\n');
      // A timer, unlike a bare pending promise, keeps the process alive until the parent kills it.
      await sleep(60_000);
    }
    yield patternChunk(index, Number(chunkSize));
  }
}

const store = await DiskBlobStore.open({ dir });
await store.put(stallingBody());
process.stdout.write('finished\n');
