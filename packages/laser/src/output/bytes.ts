/**
 * A growing byte buffer for large text output (G-code, DXF). Appending ASCII strings and bytes is
 * cheap; `toBytes()` hands back the filled part without copying more than once.
 */
export class ByteWriter {
  private buf: Uint8Array;
  private len = 0;

  constructor(initial = 1 << 16) {
    this.buf = new Uint8Array(initial);
  }

  get length(): number {
    return this.len;
  }

  private reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  /** Appends a string of code points below 128 (G-code and DXF are ASCII). */
  ascii(s: string): this {
    this.reserve(s.length);
    const b = this.buf;
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
    this.reserve(b.length);
    this.buf.set(b, this.len);
    this.len += b.length;
    return this;
  }

  byte(c: number): this {
    this.reserve(1);
    this.buf[this.len++] = c;
    return this;
  }

  toBytes(): Uint8Array {
    return this.buf.slice(0, this.len);
  }

  toString(): string {
    return new TextDecoder().decode(this.buf.subarray(0, this.len));
  }
}
