import type { FileHandle } from 'node:fs/promises';
import { type BufferPool, transferBuffers } from './buffer-pool.js';

/** Where file bytes go: an HTTP response, or any writable that calls back once a write is handed on. */
export interface ByteSink {
  write(chunk: Uint8Array, callback: (error?: Error | null) => void): boolean;
  once(event: 'close', listener: () => void): unknown;
  removeListener(event: 'close', listener: () => void): unknown;
  readonly destroyed: boolean;
}

/** The sink closed (the client went away) before every byte was written. */
export class SinkClosedError extends Error {
  constructor() {
    super('the receiver closed before the file was sent');
    this.name = 'SinkClosedError';
  }
}

/**
 * Writes bytes `start`..`end` (inclusive) of an open file to `sink` through pooled buffers, with at most
 * `depth` buffers in flight: a buffer is read into again only after the sink called back for its write,
 * when the kernel holds the bytes. Memory stays at `depth` buffers whatever the file's size, nothing is
 * allocated per read, and a slow client slows the reads (back-pressure) instead of queueing data.
 * Rejects on a read error, a file shorter than `end`, a failed write, or a sink that closes first.
 */
export async function copyFileRange(
  file: FileHandle,
  start: number,
  end: number,
  sink: ByteSink,
  options: { pool?: BufferPool; depth?: number } = {},
): Promise<void> {
  const pool = options.pool ?? transferBuffers;
  const depth = options.depth ?? 2;
  let onClose = () => {};
  const closed = new Promise<never>((_resolve, reject) => {
    onClose = () => reject(new SinkClosedError());
  });
  closed.catch(() => {});
  sink.once('close', onClose);
  /** Writes in flight, oldest first; each resolves with its buffer once written. */
  const writing: Array<Promise<Buffer>> = [];
  const written = (write: Promise<Buffer>) => Promise.race([write, closed]);
  try {
    for (let position = start; position <= end; ) {
      if (writing.length >= depth) pool.give(await written(writing.shift()!));
      if (sink.destroyed) throw new SinkClosedError();
      const buffer = pool.take();
      let bytesRead: number;
      try {
        ({ bytesRead } = await file.read(buffer, 0, Math.min(buffer.length, end - position + 1), position));
      } catch (error) {
        pool.give(buffer);
        throw error;
      }
      if (bytesRead === 0) {
        pool.give(buffer);
        throw new Error(`the file ended at byte ${position}, before byte ${end}`);
      }
      // A destroyed response drops writes without calling back: never hand it one.
      if (sink.destroyed) throw new SinkClosedError();
      position += bytesRead;
      const write = new Promise<Buffer>((resolve, reject) => {
        sink.write(buffer.subarray(0, bytesRead), (error) => (error ? reject(error) : resolve(buffer)));
      });
      write.catch(() => {});
      writing.push(write);
    }
    while (writing.length) pool.give(await written(writing.shift()!));
  } finally {
    // Buffers of writes still pending here (an error, a closed sink) are left to the collector: the
    // kernel may still be reading them.
    sink.removeListener('close', onClose);
  }
}
