/**
 * Reusable transfer buffers. Every Buffer Node allocates for file bytes counts as V8 "external memory";
 * a stream of fresh 1 MiB buffers crosses V8's external-memory limit every few dozen MiB, and each
 * crossing forces a full (mark-compact) collection of the whole heap. On a server whose heap has grown
 * under list traffic those collections took most of a download's time. Buffers taken from here and given
 * back once the kernel has copied them are allocated once and then never again.
 */
export class BufferPool {
  private readonly free: Buffer[] = [];

  constructor(
    /** The size of every buffer. */
    readonly bufferBytes: number,
    /** Buffers kept for reuse at most; more in use at once are allocated and then left to the collector. */
    private readonly keep: number,
  ) {}

  take(): Buffer {
    // Slow: never a slice of Node's shared pool, so giving it back cannot alias anything else.
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.bufferBytes);
  }

  /** Only a buffer no one reads or writes any more (its write or hash has finished) may come back. */
  give(buffer: Buffer) {
    if (buffer.length === this.bufferBytes && this.free.length < this.keep) this.free.push(buffer);
  }

  /** Buffers waiting for reuse (for tests). */
  get idle() {
    return this.free.length;
  }
}

/** 1 MiB reads: a quarter of the system calls and event-loop turns of 256 KiB, and twice the throughput. */
export const TRANSFER_BUFFER_BYTES = 1024 * 1024;

/** Shared by downloads: up to 16 MiB stays allocated between transfers. */
export const transferBuffers = new BufferPool(TRANSFER_BUFFER_BYTES, 16);
