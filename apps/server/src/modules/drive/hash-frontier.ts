import { createHash, type Hash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { transferBuffers } from '../../infra/blob/buffer-pool.js';

interface Progress {
  hash: Hash;
  /** The first chunk not yet hashed. */
  next: number;
  received: Set<number>;
  /** The hashing work queued so far; each step waits for the one before. */
  running: Promise<void>;
}

export interface StagedFile {
  id: string;
  path: string;
  chunkSize: number;
  totalChunks: number;
}

/**
 * Hashes an upload's staging file while its chunks arrive: whenever the chunks from the first unhashed
 * one onwards are all written, they are read back (from the page cache, just written) into a running
 * SHA-256. Chunks come in parallel and a little out of order, so by the last chunk nearly the whole
 * file is hashed and completing costs one chunk's hashing, not a second pass over the file. The state
 * lives in this process only: after a restart the file is hashed from its start when completed.
 */
export class HashFrontier {
  private readonly progress = new Map<string, Progress>();

  private stateOf(file: StagedFile): Progress {
    let state = this.progress.get(file.id);
    if (!state) {
      state = { hash: createHash('sha256'), next: 0, received: new Set(), running: Promise.resolve() };
      this.progress.set(file.id, state);
    }
    return state;
  }

  /**
   * Notes a written chunk and hashes forward as far as the file is contiguous. `known` lists the
   * chunks recorded before; it is read once, when this process first sees the upload.
   */
  chunkWritten(file: StagedFile, index: number, known: () => Promise<number[]> = async () => []): Promise<void> {
    const fresh = !this.progress.has(file.id);
    const state = this.stateOf(file);
    state.received.add(index);
    const learn = fresh
      ? async () => {
          for (const i of await known()) state.received.add(i);
        }
      : async () => {};
    state.running = state.running.then(learn).then(() => this.hashForward(file, state));
    return state.running;
  }

  /** The file's SHA-256 once every chunk is written; forgets the upload. */
  async digest(file: StagedFile): Promise<string> {
    const state = this.stateOf(file);
    for (let i = 0; i < file.totalChunks; i++) state.received.add(i);
    state.running = state.running.then(() => this.hashForward(file, state));
    try {
      await state.running;
      return state.hash.digest('hex');
    } finally {
      this.progress.delete(file.id);
    }
  }

  forget(id: string) {
    this.progress.delete(id);
  }

  private async hashForward(file: StagedFile, state: Progress): Promise<void> {
    if (state.next >= file.totalChunks || !state.received.has(state.next)) return;
    // One pooled buffer, read into again and again: hashing is synchronous, so it is free as soon as
    // update() returns, and no Buffer is allocated per read (see BufferPool).
    const buffer = transferBuffers.take();
    const handle = await open(file.path, 'r');
    try {
      while (state.next < file.totalChunks && state.received.has(state.next)) {
        const start = state.next * file.chunkSize;
        for (let offset = 0; offset < file.chunkSize; ) {
          const length = Math.min(buffer.length, file.chunkSize - offset);
          const { bytesRead } = await handle.read(buffer, 0, length, start + offset);
          if (bytesRead === 0) break; // the last chunk is shorter
          state.hash.update(buffer.subarray(0, bytesRead));
          offset += bytesRead;
        }
        state.next++;
      }
    } finally {
      await handle.close();
      transferBuffers.give(buffer);
    }
  }
}
