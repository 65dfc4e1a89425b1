import { HashWorker, HashWorkerLostError } from './hash-worker.js';

interface Progress {
  /** The hashing thread's generation that holds this upload's running hash. */
  generation: number;
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

/** One hashing thread for the process's uploads. */
const sharedWorker = new HashWorker();

/**
 * Hashes an upload's staging file while its chunks arrive: whenever the chunks from the first unhashed
 * one onwards are all written, they are read back (from the page cache, just written) into a running
 * SHA-256, on a thread of its own (HashWorker) so the event loop keeps receiving. Chunks come in
 * parallel and a little out of order, so by the last chunk nearly the whole file is hashed and
 * completing costs one chunk's hashing, not a second pass over the file. The state lives in this
 * process only: after a restart, or if the hashing thread died, the file is hashed from its start when
 * completed.
 */
export class HashFrontier {
  private readonly progress = new Map<string, Progress>();

  constructor(private readonly worker: HashWorker = sharedWorker) {}

  private stateOf(file: StagedFile): Progress {
    let state = this.progress.get(file.id);
    if (!state) {
      state = { generation: this.worker.current(), next: 0, received: new Set(), running: Promise.resolve() };
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
    try {
      for (let attempt = 0; ; attempt++) {
        const state = this.stateOf(file);
        for (let i = 0; i < file.totalChunks; i++) state.received.add(i);
        // A step that failed before (it was logged then) does not stop the last one.
        state.running = state.running.catch(() => {}).then(() => this.hashForward(file, state));
        try {
          await state.running;
          return await this.worker.digest(file.id);
        } catch (error) {
          if (!(error instanceof HashWorkerLostError) || attempt > 0) throw error;
        }
        // The thread holding the running hash is gone: the whole file again, in the next one.
        this.progress.delete(file.id);
      }
    } finally {
      this.progress.delete(file.id);
    }
  }

  forget(id: string) {
    this.progress.delete(id);
    this.worker.forget(id).catch(() => {});
  }

  private async hashForward(file: StagedFile, state: Progress): Promise<void> {
    if (state.generation !== this.worker.current()) throw new HashWorkerLostError('its hash of this upload is gone');
    let end = state.next;
    while (end < file.totalChunks && state.received.has(end)) end++;
    if (end === state.next) return;
    // The last chunk may be shorter: the worker stops at the end of the file.
    await this.worker.hash(file.id, file.path, state.next * file.chunkSize, end * file.chunkSize);
    state.next = end;
  }
}
