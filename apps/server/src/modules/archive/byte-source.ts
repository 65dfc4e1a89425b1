import { corrupt } from './archive-entry.js';

/**
 * Exact reads over a stream of pieces, for formats read front to back (tar): whole headers, then a
 * body as pieces no bigger than the stream's own, so a large entry never sits in memory.
 */
export class ByteSource {
  private readonly iterator: AsyncIterator<Uint8Array>;
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private ended = false;

  constructor(stream: AsyncIterable<Uint8Array>) {
    this.iterator = stream[Symbol.asyncIterator]();
  }

  /** Pulls pieces until `n` bytes are queued or the stream ends; true when there are `n`. */
  private async fill(n: number): Promise<boolean> {
    while (this.queued < n && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) {
        this.ended = true;
      } else if (next.value.byteLength) {
        const piece = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
        this.queue.push(piece);
        this.queued += piece.length;
      }
    }
    return this.queued >= n;
  }

  /** Exactly `n` bytes; null when the stream ended cleanly before them; a cut-off read is corrupt. */
  async take(n: number): Promise<Buffer | null> {
    if (!(await this.fill(n))) {
      if (this.queued === 0) return null;
      throw corrupt();
    }
    const whole = this.queue.length === 1 ? this.queue[0]! : Buffer.concat(this.queue);
    this.queue.length = 0;
    const out = whole.subarray(0, n);
    if (whole.length > n) this.queue.push(whole.subarray(n));
    this.queued -= n;
    return out;
  }

  /** The next `n` bytes as pieces; the stream ending first is corrupt. */
  async *pieces(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.queued === 0 && !(await this.fill(1))) throw corrupt();
      const head = this.queue[0]!;
      if (head.length <= left) {
        this.queue.shift();
        this.queued -= head.length;
        left -= head.length;
        yield head;
      } else {
        this.queue[0] = head.subarray(left);
        this.queued -= left;
        const piece = head.subarray(0, left);
        left = 0;
        yield piece;
      }
    }
  }

  async skip(n: number): Promise<void> {
    for await (const _ of this.pieces(n));
  }

  close() {
    void this.iterator.return?.();
  }
}
