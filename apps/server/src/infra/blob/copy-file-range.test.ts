import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BufferPool } from './buffer-pool.js';
import { type ByteSink, copyFileRange, SinkClosedError } from './copy-file-range.js';

/** A sink that keeps what it was given and calls back when told to (or at once). */
class RecordingSink extends EventEmitter implements ByteSink {
  destroyed = false;
  readonly received: Buffer[] = [];
  /** The memory each write pointed at, to see buffers being reused. */
  readonly backing = new Set<ArrayBufferLike>();
  readonly waiting: Array<() => void> = [];
  constructor(private readonly callBackAtOnce: boolean) {
    super();
  }
  write(chunk: Uint8Array, callback: (error?: Error | null) => void) {
    this.received.push(Buffer.from(chunk)); // a copy, as the kernel makes
    this.backing.add(chunk.buffer);
    if (this.callBackAtOnce) setImmediate(() => callback());
    else this.waiting.push(() => callback());
    return false;
  }
  close() {
    this.destroyed = true;
    this.emit('close');
  }
}

const KIB = 1024;
let dir: string;
let path: string;
const content = randomBytes(300 * KIB + 17);

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kerf-copy-range-'));
  path = join(dir, 'blob');
  await writeFile(path, content);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('copyFileRange', () => {
  it('writes exactly the range asked for, reading into the same few buffers over and over', async () => {
    const pool = new BufferPool(16 * KIB, 4);
    const sink = new RecordingSink(true);
    const file = await open(path, 'r');
    try {
      await copyFileRange(file, 1000, content.length - 2, sink, { pool, depth: 2 });
    } finally {
      await file.close();
    }
    expect(Buffer.concat(sink.received).equals(content.subarray(1000, content.length - 1))).toBe(true);
    expect(sink.received.length).toBeGreaterThan(15);
    // 19 reads, never more than two buffers in flight, all three allocations given back at the end.
    expect(sink.backing.size).toBeLessThanOrEqual(3);
    expect(pool.idle).toBe(sink.backing.size);
  });

  it('reads no further than `depth` buffers ahead of a receiver that has not taken them (back-pressure)', async () => {
    const pool = new BufferPool(16 * KIB, 4);
    const sink = new RecordingSink(false);
    const file = await open(path, 'r');
    try {
      const copying = copyFileRange(file, 0, content.length - 1, sink, { pool, depth: 3 });
      await new Promise((r) => setTimeout(r, 100));
      expect(sink.received.length).toBe(3);
      sink.waiting.shift()!();
      await new Promise((r) => setTimeout(r, 50));
      expect(sink.received.length).toBe(4);
      // The client goes away: the copy stops, and the buffers still out are not reused.
      sink.close();
      await expect(copying).rejects.toBeInstanceOf(SinkClosedError);
      expect(sink.received.length).toBe(4);
      // The one buffer written went to the fourth read; the three still out are left to the collector.
      expect(pool.idle).toBe(0);
      expect(sink.backing.size).toBe(3);
    } finally {
      await file.close();
    }
  });

  it('fails when the file is shorter than the range', async () => {
    const sink = new RecordingSink(true);
    const file = await open(path, 'r');
    try {
      await expect(copyFileRange(file, 0, content.length + 10, sink)).rejects.toThrow(/ended at byte/);
    } finally {
      await file.close();
    }
  });

  it('writes nothing to a receiver that is gone already', async () => {
    const sink = new RecordingSink(true);
    sink.destroyed = true;
    const file = await open(path, 'r');
    try {
      await expect(copyFileRange(file, 0, 10, sink)).rejects.toBeInstanceOf(SinkClosedError);
    } finally {
      await file.close();
    }
    expect(sink.received).toHaveLength(0);
  });
});
