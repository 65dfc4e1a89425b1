import { ImageFormatError } from './image.js';

/**
 * Measures how many bytes a zlib stream (RFC 1950/1951) inflates to, without keeping the output, and
 * stops as soon as the count passes `limit`. PNG importers call it before handing the pixel data to a
 * decoder that inflates without bound, so a small file cannot expand into gigabytes ("deflate bomb").
 * Malformed streams throw ImageFormatError.
 */

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
/** The order in which a dynamic block lists the code lengths of the code-length alphabet. */
const CLEN_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

const fail = (reason: string): never => {
  throw new ImageFormatError(`the compressed pixel data is damaged (${reason})`);
};

/** A decoding table: index = the next `bits` input bits, entry = symbol << 4 | code length (0 = no code). */
interface Huffman {
  table: Int32Array;
  bits: number;
}

/** Builds the lookup table of a canonical Huffman code from its code lengths (RFC 1951 §3.2.2). */
function buildHuffman(lengths: Uint8Array, count: number): Huffman {
  const perLength = new Int32Array(16);
  let maxLen = 0;
  for (let i = 0; i < count; i++) {
    const l = lengths[i]!;
    perLength[l]!++;
    if (l > maxLen) maxLen = l;
  }
  perLength[0] = 0;
  let left = 1;
  for (let l = 1; l <= 15; l++) {
    left = (left << 1) - perLength[l]!;
    if (left < 0) fail('over-subscribed Huffman code');
  }
  const next = new Int32Array(16);
  let code = 0;
  for (let l = 1; l <= 15; l++) {
    code = (code + perLength[l - 1]!) << 1;
    next[l] = code;
  }
  const bits = Math.max(1, maxLen);
  const table = new Int32Array(1 << bits);
  for (let sym = 0; sym < count; sym++) {
    const len = lengths[sym]!;
    if (len === 0) continue;
    const c = next[len]!++;
    let reversed = 0;
    for (let i = 0; i < len; i++) reversed |= ((c >> i) & 1) << (len - 1 - i);
    const entry = (sym << 4) | len;
    for (let at = reversed; at < table.length; at += 1 << len) table[at] = entry;
  }
  return { table, bits };
}

/** Reads bits least-significant first from the stream (zlib's order). */
class BitReader {
  private buf = 0;
  private count = 0;
  at: number;

  constructor(
    private readonly data: Uint8Array,
    start: number,
  ) {
    this.at = start;
  }

  /** Makes at least `n` (≤ 24) bits available; past the end the stream counts as damaged. */
  private need(n: number): void {
    while (this.count < n) {
      if (this.at >= this.data.length) fail('it ends early');
      this.buf |= this.data[this.at++]! << this.count;
      this.count += 8;
    }
  }

  bits(n: number): number {
    if (n === 0) return 0;
    this.need(n);
    const v = this.buf & ((1 << n) - 1);
    this.buf >>>= n;
    this.count -= n;
    return v;
  }

  /** Decodes one symbol with `h`, reading only as many bits as its code has. */
  symbol(h: Huffman): number {
    // Near the end of the stream fewer than `h.bits` bits may remain: peek what there is.
    while (this.count < h.bits && this.at < this.data.length) {
      this.buf |= this.data[this.at++]! << this.count;
      this.count += 8;
    }
    const entry = h.table[this.buf & ((1 << h.bits) - 1)]!;
    const len = entry & 15;
    if (len === 0 || len > this.count) fail('invalid Huffman code');
    this.buf >>>= len;
    this.count -= len;
    return entry >> 4;
  }

  /** Drops the bits left in the current byte (stored blocks start on a byte boundary). */
  alignToByte(): void {
    const drop = this.count & 7;
    this.buf >>>= drop;
    this.count -= drop;
  }

  /** Skips `n` whole bytes after alignment. */
  skipBytes(n: number): void {
    while (this.count >= 8 && n > 0) {
      this.buf >>>= 8;
      this.count -= 8;
      n--;
    }
    if (this.at + n > this.data.length) fail('it ends early');
    this.at += n;
  }
}

let fixedLit: Huffman | undefined;
let fixedDist: Huffman | undefined;

function fixedTables(): [Huffman, Huffman] {
  if (!fixedLit || !fixedDist) {
    const l = new Uint8Array(288);
    l.fill(8, 0, 144);
    l.fill(9, 144, 256);
    l.fill(7, 256, 280);
    l.fill(8, 280, 288);
    fixedLit = buildHuffman(l, 288);
    fixedDist = buildHuffman(new Uint8Array(30).fill(5), 30);
  }
  return [fixedLit, fixedDist];
}

/** Reads a dynamic block's header: the literal/length and distance codes. */
function dynamicTables(r: BitReader): [Huffman, Huffman] {
  const nLit = r.bits(5) + 257;
  const nDist = r.bits(5) + 1;
  const nClen = r.bits(4) + 4;
  if (nLit > 286 || nDist > 30) fail('too many codes');
  const clen = new Uint8Array(19);
  for (let i = 0; i < nClen; i++) clen[CLEN_ORDER[i]!] = r.bits(3);
  const clenCode = buildHuffman(clen, 19);
  const lengths = new Uint8Array(nLit + nDist);
  for (let i = 0; i < nLit + nDist; ) {
    const sym = r.symbol(clenCode);
    if (sym < 16) {
      lengths[i++] = sym;
      continue;
    }
    let repeat: number;
    let value = 0;
    if (sym === 16) {
      if (i === 0) fail('a repeat with nothing before it');
      value = lengths[i - 1]!;
      repeat = 3 + r.bits(2);
    } else if (sym === 17) repeat = 3 + r.bits(3);
    else repeat = 11 + r.bits(7);
    if (i + repeat > nLit + nDist) fail('code lengths overrun');
    lengths.fill(value, i, i + repeat);
    i += repeat;
  }
  if (lengths[256] === 0) fail('no end-of-block code');
  return [buildHuffman(lengths.subarray(0, nLit), nLit), buildHuffman(lengths.subarray(nLit), nDist)];
}

/**
 * The inflated size of the zlib stream `data`; throws ImageFormatError when the stream is malformed or
 * inflates to more than `limit` bytes.
 */
export function zlibInflatedSize(data: Uint8Array, limit: number): number {
  if (data.length < 2) fail('no zlib header');
  const cmf = data[0]!;
  const flg = data[1]!;
  if ((cmf & 15) !== 8 || cmf >> 4 > 7 || ((cmf << 8) | flg) % 31 !== 0 || flg & 32) fail('bad zlib header');
  const r = new BitReader(data, 2);
  let size = 0;
  for (;;) {
    const final = r.bits(1);
    const type = r.bits(2);
    if (type === 0) {
      r.alignToByte();
      const len = r.bits(16);
      const nlen = r.bits(16);
      if ((len ^ 0xffff) !== nlen) fail('stored block length check');
      r.skipBytes(len);
      size += len;
    } else if (type === 3) {
      fail('reserved block type');
    } else {
      const [lit, dist] = type === 1 ? fixedTables() : dynamicTables(r);
      for (;;) {
        const sym = r.symbol(lit);
        if (sym < 256) {
          size++;
        } else if (sym === 256) {
          break;
        } else {
          const li = sym - 257;
          if (li >= 29) fail('invalid length code');
          const length = LENGTH_BASE[li]! + r.bits(LENGTH_EXTRA[li]!);
          const di = r.symbol(dist);
          if (di >= 30) fail('invalid distance code');
          const distance = DIST_BASE[di]! + r.bits(DIST_EXTRA[di]!);
          if (distance > size) fail('a back-reference before the start');
          size += length;
        }
        if (size > limit) throw new ImageFormatError('the pixel data inflates to more than the picture needs');
      }
    }
    if (size > limit) throw new ImageFormatError('the pixel data inflates to more than the picture needs');
    if (final) return size;
  }
}
