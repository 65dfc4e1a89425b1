import { HashWorker } from './hash-worker.js';

interface Progress {
  /** The running hash's key in the hashing thread: new for every fresh start of an upload's hash. */
  key: string;
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
  private starts = 0;

  constructor(private readonly hasher = new HashWorker()) {}

  private stateOf(file: StagedFile): Progress {
    let state = this.progress.get(file.id);
    if (!state) {
      const key = `${file.id}#${++this.starts}`;
      state = { key, next: 0, received: new Set(), running: Promise.resolve() };
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
    // A failed step leaves the running hash unknown: the next chunk starts the file's hash over.
    state.running.catch(() => this.drop(file.id, state));
    return state.running;
  }

  /** The file's SHA-256 once every chunk is written; forgets the upload. */
  async digest(file: StagedFile): Promise<string> {
    const state = this.stateOf(file);
    for (let i = 0; i < file.totalChunks; i++) state.received.add(i);
    state.running = state.running.then(() => this.hashForward(file, state));
    try {
      await state.running;
      return await this.hasher.digest(state.key);
    } finally {
      this.drop(file.id, state);
    }
  }

  forget(id: string) {
    const state = this.progress.get(id);
    if (state) this.drop(id, state);
  }

  private drop(id: string, state: Progress) {
    if (this.progress.get(id) === state) this.progress.delete(id);
    this.hasher.forget(state.key);
  }

  /** Hashes, in the hashing thread, the run of written chunks from the first unhashed one. */
  private async hashForward(file: StagedFile, state: Progress): Promise<void> {
    let end = state.next;
    while (end < file.totalChunks && state.received.has(end)) end++;
    if (end === state.next) return;
    await this.hasher.update(state.key, file.path, state.next * file.chunkSize, end * file.chunkSize);
    state.next = end;
  }
}
