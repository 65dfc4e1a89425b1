/** Size of the chunks a large output is written into, bytes. */
export const BYTE_WRITER_CHUNK = 1 << 23;

/**
 * A byte buffer for large text output (G-code, DXF). Appending ASCII strings and bytes is cheap.
 *
 * Small outputs live in one buffer that doubles as it fills. Once that buffer has reached `chunkSize`
 * (8 MiB by default), a full buffer is never copied again: it is sealed and writing goes on in a new
 * chunk. `chunks()` hands the written bytes out as those pieces without copying (for a Blob, a stream
 * or a file); `toBytes()` copies them into one array, once.
 *
 * Hot writers can also write in place: `reserve(n)` returns a buffer with `n` free bytes from `offset`
 * on, they write there and `commit(end)` takes the bytes up to `end`.
 */
export class ByteWriter {
  private buf: Uint8Array;
  private len = 0;
  /** Sealed chunks (exactly their written bytes) and their total length. */
  private readonly sealed: Uint8Array[] = [];
  private sealedLength = 0;
  private readonly chunkSize: number;

  /**
   * `initial` is the first buffer's size (a capacity hint; capped at `chunkSize`), `chunkSize` the size
   * of the chunks once the output outgrows one.
   */
  constructor(initial = 1 << 16, chunkSize = BYTE_WRITER_CHUNK) {
    this.chunkSize = Math.max(1024, Math.floor(chunkSize));
    this.buf = new Uint8Array(Math.max(16, Math.min(Math.floor(initial) || 0, this.chunkSize)));
  }

  /** Bytes written so far. */
  get length(): number {
    return this.sealedLength + this.len;
  }

  /** Where the next byte goes in the buffer `reserve` returned. */
  get offset(): number {
    return this.len;
  }

  /**
   * Makes room for `n` more bytes in one piece and returns the buffer to write them into, starting at
   * `offset`. Bytes written there count once `commit` is called; the buffer stays valid until the next
   * call that writes.
   */
  reserve(n: number): Uint8Array {
    if (this.len + n <= this.buf.length) return this.buf;
    if (this.buf.length >= this.chunkSize && this.len > 0) {
      // Seal the full chunk and start a new one: nothing written is copied again.
      this.sealed.push(this.buf.subarray(0, this.len));
      this.sealedLength += this.len;
      this.buf = new Uint8Array(Math.max(this.chunkSize, n));
      this.len = 0;
      return this.buf;
    }
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(Math.min(size, Math.max(this.chunkSize, this.len + n)));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
    return next;
  }

  /** Takes the bytes written in place up to `end` (an offset into the buffer `reserve` returned). */
  commit(end: number): void {
    if (!(end >= this.len && end <= this.buf.length)) throw new RangeError('ByteWriter.commit outside its buffer');
    this.len = end;
  }

  /** Appends a string of code points below 128 (G-code and DXF are ASCII). */
  ascii(s: string): this {
    const b = this.reserve(s.length);
    let at = this.len;
    for (let i = 0; i < s.length; i++) b[at++] = s.charCodeAt(i);
    this.len = at;
    return this;
  }

  /** Appends any text as UTF-8. */
  text(s: string): this {
    return this.bytes(new TextEncoder().encode(s));
  }

  bytes(b: Uint8Array): this {
    this.reserve(b.length).set(b, this.len);
    this.len += b.length;
    return this;
  }

  byte(c: number): this {
    this.reserve(1)[this.len++] = c;
    return this;
  }

  /**
   * The bytes written so far as a list of pieces, in order, without copying (views of the writer's
   * chunks; later writes do not change them). Join them with `toBytes`, or hand them to a Blob or stream.
   */
  chunks(): Uint8Array[] {
    const out = this.sealed.slice();
    if (this.len > 0 || out.length === 0) out.push(this.buf.subarray(0, this.len));
    return out;
  }

  /** The bytes written so far, copied into one new array of exactly that length. */
  toBytes(): Uint8Array {
    if (this.sealed.length === 0) return this.buf.slice(0, this.len);
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks()) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }

  toString(): string {
    if (this.sealed.length === 0) return new TextDecoder().decode(this.buf.subarray(0, this.len));
    return new TextDecoder().decode(this.toBytes());
  }
}
