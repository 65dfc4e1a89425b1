import { Worker } from 'node:worker_threads';

/**
 * The worker's code, plain JavaScript evaluated as is (no file to bundle or resolve): running SHA-256
 * states by upload, each advanced by reading a byte range of the staging file into one reused buffer.
 * Synchronous reads are fine here: this thread does nothing else.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
const hashes = new Map();
const buffer = Buffer.allocUnsafe(1024 * 1024);
function hashRange({ id, path, start, end }) {
  // From byte 0 is a new start (whatever an earlier, failed attempt left).
  let hash = start === 0 ? undefined : hashes.get(id);
  if (!hash) hashes.set(id, (hash = createHash('sha256')));
  const fd = openSync(path, 'r');
  try {
    for (let position = start; position < end; ) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, end - position), position);
      if (read === 0) break;
      hash.update(buffer.subarray(0, read));
      position += read;
    }
  } finally {
    closeSync(fd);
  }
}
parentPort.on('message', (message) => {
  try {
    if (message.op === 'hash') {
      hashRange(message);
      parentPort.postMessage({ seq: message.seq });
    } else if (message.op === 'digest') {
      const hash = hashes.get(message.id) ?? createHash('sha256');
      hashes.delete(message.id);
      parentPort.postMessage({ seq: message.seq, hex: hash.digest('hex') });
    } else {
      hashes.delete(message.id);
      parentPort.postMessage({ seq: message.seq });
    }
  } catch (error) {
    parentPort.postMessage({ seq: message.seq, error: String(error && error.message || error) });
  }
});
`;

/** The worker stopped (crashed or was ended): every running hash in it is gone. */
export class HashWorkerLostError extends Error {
  constructor(reason: string) {
    super(`the hashing thread stopped: ${reason}`);
    this.name = 'HashWorkerLostError';
  }
}

type Reply = { seq: number; hex?: string; error?: string };

/**
 * SHA-256 of upload staging files on a thread of its own: hashing a GiB costs about a second of CPU,
 * which on the main thread is a second the event loop does not receive or write bytes. One worker,
 * started on first use and not holding the process open; if it dies its hashes are lost, which callers
 * learn from `generation` changing (and from HashWorkerLostError on calls in flight).
 */
export class HashWorker {
  private worker: Worker | undefined;
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  /** Counts the workers started; a hash begun under one generation is unknown to the next. */
  generation = 0;

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    this.generation++;
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.seq);
      this.waiting.delete(reply.seq);
      if (!waiter) return;
      if (reply.error !== undefined) waiter.reject(new Error(reply.error));
      else waiter.resolve(reply);
    });
    const lost = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const waiter of this.waiting.values()) waiter.reject(new HashWorkerLostError(reason));
      this.waiting.clear();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }

  private send(message: Record<string, unknown>): Promise<Reply> {
    const worker = this.started();
    const seq = ++this.seq;
    return new Promise<Reply>((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      worker.postMessage({ ...message, seq });
    });
  }

  /** Starts the worker if needed and says which generation will hold hashes begun now. */
  current(): number {
    this.started();
    return this.generation;
  }

  /** Feeds bytes `start`..`end` (exclusive) of the file at `path` to the running hash of `id`; 0 starts anew. */
  async hash(id: string, path: string, start: number, end: number): Promise<void> {
    await this.send({ op: 'hash', id, path, start, end });
  }

  /** The hex digest of everything fed for `id` (of nothing, if nothing was); forgets `id`. */
  async digest(id: string): Promise<string> {
    return (await this.send({ op: 'digest', id })).hex!;
  }

  async forget(id: string): Promise<void> {
    if (this.worker) await this.send({ op: 'forget', id });
  }

  /** Ends the worker (tests; the process does not wait for it otherwise). */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
