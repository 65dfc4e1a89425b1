import { Worker } from 'node:worker_threads';

/** Reads the byte range [start, end) of a file (or to its end) into the running hash `key`. */
type Update = { op: 'update'; seq: number; key: string; path: string; start: number; end: number };
type Digest = { op: 'digest'; seq: number; key: string };
type Forget = { op: 'forget'; key: string };
type Reply = { seq: number; hex?: string; error?: string };

/**
 * The worker's code, run from its text (`eval`): the server is one bundled file, and a bundler rewrites
 * `require` in a function it would otherwise take the text of. It needs nothing but Node's own
 * modules. One 1 MiB buffer is read into again and again, so hashing allocates nothing per read.
 * Messages: Update, Digest, Forget above; replies: Reply.
 */
const WORKER_SOURCE = `
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
const { parentPort } = require('node:worker_threads');
const hashes = new Map();
const buffer = Buffer.allocUnsafe(1024 * 1024);
parentPort.on('message', (message) => {
  if (message.op === 'forget') return void hashes.delete(message.key);
  try {
    let hash = hashes.get(message.key);
    if (!hash) hashes.set(message.key, (hash = createHash('sha256')));
    if (message.op === 'digest') {
      hashes.delete(message.key);
      return void parentPort.postMessage({ seq: message.seq, hex: hash.digest('hex') });
    }
    const fd = openSync(message.path, 'r');
    try {
      for (let at = message.start; at < message.end; ) {
        const read = readSync(fd, buffer, 0, Math.min(buffer.length, message.end - at), at);
        if (read === 0) break; // the file ends before message.end (a short last chunk)
        hash.update(buffer.subarray(0, read));
        at += read;
      }
    } finally {
      closeSync(fd);
    }
    parentPort.postMessage({ seq: message.seq });
  } catch (error) {
    hashes.delete(message.key);
    parentPort.postMessage({ seq: message.seq, error: String(error && error.message ? error.message : error) });
  }
});
`;

/**
 * SHA-256 of files read in a worker thread: an upload's bytes are hashed beside the main thread, which
 * meanwhile goes on reading the sockets and writing the chunks (hashing there took a quarter of its
 * time and held up the reads). Running hashes are kept by key, so one file can be hashed range by
 * range as it is written. The thread starts on first use and never keeps the process alive.
 */
export class HashWorker {
  private worker: Worker | undefined;
  private seq = 0;
  private readonly waiting = new Map<number, { ok: (hex: string | undefined) => void; fail: (e: Error) => void }>();

  /** Folds bytes [start, end) of the file at `path` (fewer at its end) into the running hash `key`. */
  async update(key: string, path: string, start: number, end: number): Promise<void> {
    await this.ask({ op: 'update', seq: 0, key, path, start, end });
  }

  /** The running hash `key` as hex (of no bytes if none were folded in); the key is free again. */
  async digest(key: string): Promise<string> {
    return (await this.ask({ op: 'digest', seq: 0, key }))!;
  }

  forget(key: string): void {
    this.worker?.postMessage({ op: 'forget', key } satisfies Forget);
  }

  private ask(message: Update | Digest): Promise<string | undefined> {
    const seq = ++this.seq;
    return new Promise((ok, fail) => {
      this.waiting.set(seq, { ok, fail });
      this.thread().postMessage({ ...message, seq });
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.seq);
      this.waiting.delete(reply.seq);
      if (reply.error) waiter?.fail(new Error(reply.error));
      else waiter?.ok(reply.hex);
    });
    // A thread that dies fails what waits on it; the next call starts another.
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiter of this.waiting.values()) waiter.fail(error);
      this.waiting.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the hashing thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
