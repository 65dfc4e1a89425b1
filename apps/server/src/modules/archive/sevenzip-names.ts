import { crc32 } from 'node:zlib';

/**
 * Entry names of a 7z archive, read from its header: libarchive, as packaged for WebAssembly, prints
 * every non-ASCII character of a name as `*`. A 7z header is usually compressed itself; then its
 * folder (the coder description) and packed bytes are re-wrapped as a one-file 7z whose plain header
 * this module writes, so that libarchive decompresses the header for us (`unwrap`).
 */

const ID = {
  end: 0x00,
  header: 0x01,
  archiveProperties: 0x02,
  additionalStreamsInfo: 0x03,
  mainStreamsInfo: 0x04,
  filesInfo: 0x05,
  packInfo: 0x06,
  unpackInfo: 0x07,
  subStreamsInfo: 0x08,
  size: 0x09,
  crc: 0x0a,
  folder: 0x0b,
  codersUnpackSize: 0x0c,
  numUnpackStream: 0x0d,
  name: 0x11,
  encodedHeader: 0x17,
} as const;

const SIGNATURE = [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c];
/** A decompressed header bigger than this is not worth reading names from. */
const MAX_HEADER_BYTES = 64 * 1024 * 1024;

class Malformed extends Error {}

class Cursor {
  constructor(
    readonly bytes: Uint8Array,
    public at = 0,
  ) {}

  byte(): number {
    if (this.at >= this.bytes.length) throw new Malformed();
    return this.bytes[this.at++]!;
  }

  /** 7z's NUMBER: the first byte's leading one bits say how many more bytes follow, little-endian. */
  number(): number {
    const first = this.byte();
    let mask = 0x80;
    let value = 0;
    for (let i = 0; i < 8; i++) {
      if ((first & mask) === 0) return value + (first & (mask - 1)) * 2 ** (8 * i);
      value += this.byte() * 2 ** (8 * i);
      mask >>= 1;
    }
    return value;
  }

  skip(n: number) {
    if (n < 0 || this.at + n > this.bytes.length) throw new Malformed();
    this.at += n;
  }

  take(n: number): Uint8Array {
    const start = this.at;
    this.skip(n);
    return this.bytes.subarray(start, this.at);
  }

  expect(id: number) {
    if (this.number() !== id) throw new Malformed();
  }
}

function bits(c: Cursor, count: number): boolean[] {
  const out: boolean[] = [];
  let byte = 0;
  for (let i = 0; i < count; i++) {
    if (i % 8 === 0) byte = c.byte();
    out.push((byte & (0x80 >> (i % 8))) !== 0);
  }
  return out;
}

/** A digests list: which items have a CRC, then the CRCs. */
function digests(c: Cursor, count: number): Array<number | undefined> {
  const defined = c.byte() ? new Array<boolean>(count).fill(true) : bits(c, count);
  return defined.map((has) => {
    if (!has) return undefined;
    const at = c.take(4);
    return (at[0]! | (at[1]! << 8) | (at[2]! << 16) | (at[3]! << 24)) >>> 0;
  });
}

interface Folder {
  /** The folder's description exactly as stored, to be copied into a wrapper. */
  raw: Uint8Array;
  coders: number;
  outStreams: number;
  packedStreams: number;
  unpackSizes: number[];
  crc?: number;
}

function folder(c: Cursor): Folder {
  const start = c.at;
  const coders = c.number();
  let inStreams = 0;
  let outStreams = 0;
  for (let i = 0; i < coders; i++) {
    const flag = c.byte();
    if (flag & 0x80) throw new Malformed();
    c.skip(flag & 0x0f);
    const complex = (flag & 0x10) !== 0;
    inStreams += complex ? c.number() : 1;
    outStreams += complex ? c.number() : 1;
    if (flag & 0x20) c.skip(c.number());
  }
  for (let i = 0; i < outStreams - 1; i++) {
    c.number();
    c.number();
  }
  const packedStreams = inStreams - (outStreams - 1);
  if (packedStreams > 1) for (let i = 0; i < packedStreams; i++) c.number();
  return { raw: c.bytes.subarray(start, c.at), coders, outStreams, packedStreams, unpackSizes: [] };
}

interface StreamsInfo {
  packPos: number;
  packSizes: number[];
  folders: Folder[];
}

function streamsInfo(c: Cursor): StreamsInfo {
  const info: StreamsInfo = { packPos: 0, packSizes: [], folders: [] };
  for (let id = c.number(); id !== ID.end; id = c.number()) {
    if (id === ID.packInfo) {
      info.packPos = c.number();
      const count = c.number();
      for (let t = c.number(); t !== ID.end; t = c.number()) {
        if (t === ID.size) for (let i = 0; i < count; i++) info.packSizes.push(c.number());
        else if (t === ID.crc) digests(c, count);
        else throw new Malformed();
      }
    } else if (id === ID.unpackInfo) {
      c.expect(ID.folder);
      const count = c.number();
      if (c.byte() !== 0) throw new Malformed();
      for (let i = 0; i < count; i++) info.folders.push(folder(c));
      c.expect(ID.codersUnpackSize);
      for (const f of info.folders) for (let i = 0; i < f.outStreams; i++) f.unpackSizes.push(c.number());
      for (let t = c.number(); t !== ID.end; t = c.number()) {
        if (t !== ID.crc) throw new Malformed();
        digests(c, count).forEach((crc, i) => {
          info.folders[i]!.crc = crc;
        });
      }
    } else if (id === ID.subStreamsInfo) {
      const perFolder = info.folders.map(() => 1);
      for (let t = c.number(); t !== ID.end; t = c.number()) {
        if (t === ID.numUnpackStream) {
          for (let i = 0; i < perFolder.length; i++) perFolder[i] = c.number();
        } else if (t === ID.size) {
          for (const n of perFolder) for (let i = 1; i < n; i++) c.number();
        } else if (t === ID.crc) {
          const count = perFolder.reduce(
            (sum, n, i) => sum + (n === 1 && info.folders[i]!.crc !== undefined ? 0 : n),
            0,
          );
          digests(c, count);
        } else {
          throw new Malformed();
        }
      }
    } else {
      throw new Malformed();
    }
  }
  return info;
}

/** The names in a plain header (one that starts with kHeader). */
function headerNames(c: Cursor): string[] {
  c.expect(ID.header);
  let names: string[] = [];
  for (let id = c.number(); id !== ID.end; id = c.number()) {
    if (id === ID.archiveProperties) {
      for (let t = c.number(); t !== ID.end; t = c.number()) c.skip(c.number());
    } else if (id === ID.additionalStreamsInfo || id === ID.mainStreamsInfo) {
      streamsInfo(c);
    } else if (id === ID.filesInfo) {
      const count = c.number();
      for (let t = c.number(); t !== ID.end; t = c.number()) {
        const size = c.number();
        const end = c.at + size;
        if (t === ID.name) {
          if (c.byte() !== 0) throw new Malformed();
          names = Buffer.from(c.take(end - c.at))
            .toString('utf16le')
            .split('\0')
            .slice(0, count);
        }
        c.at = end;
      }
      if (names.length !== count) throw new Malformed();
    } else {
      throw new Malformed();
    }
  }
  return names;
}

function numberBytes(value: number): number[] {
  // Always the nine-byte form (0xff then eight bytes): simple, and valid for any value.
  const out = [0xff];
  for (let i = 0; i < 8; i++) out.push(Math.floor(value / 2 ** (8 * i)) % 256);
  return out;
}

/** A digests field for one folder: all defined, then the CRC, little-endian. */
function crcField(crc: number): Buffer {
  const out = Buffer.from([ID.crc, 0x01, 0, 0, 0, 0]);
  out.writeUInt32LE(crc, 2);
  return out;
}

/** A one-file 7z ("h") whose content is `packed` decoded by `f`: libarchive unpacks it as any other. */
function wrapper(f: Folder, packed: Uint8Array): Buffer {
  const header = Buffer.concat([
    Buffer.from([
      ID.header,
      ID.mainStreamsInfo,
      ID.packInfo,
      0x00,
      0x01,
      ID.size,
      ...numberBytes(packed.length),
      ID.end,
    ]),
    Buffer.from([ID.unpackInfo, ID.folder, 0x01, 0x00]),
    f.raw,
    Buffer.from([ID.codersUnpackSize, ...f.unpackSizes.flatMap(numberBytes)]),
    f.crc === undefined ? Buffer.alloc(0) : crcField(f.crc),
    // End of the unpack info; an empty substreams info (libarchive needs one to count the file's stream).
    Buffer.from([ID.end, ID.subStreamsInfo, ID.end, ID.end]),
    Buffer.from([ID.filesInfo, 0x01, ID.name, 0x05, 0x00, 0x68, 0x00, 0x00, 0x00, ID.end, ID.end]),
  ]);
  const start = Buffer.alloc(20);
  start.writeBigUInt64LE(BigInt(packed.length), 0);
  start.writeBigUInt64LE(BigInt(header.length), 8);
  start.writeUInt32LE(crc32(header), 16);
  const signature = Buffer.alloc(12);
  Buffer.from(SIGNATURE).copy(signature, 0);
  signature.writeUInt8(0, 6);
  signature.writeUInt8(4, 7);
  signature.writeUInt32LE(crc32(start), 8);
  return Buffer.concat([signature, start, packed, header]);
}

/**
 * The 7z's entry names in header order, or null when they cannot be read this way (a header packed
 * with several coders, or anything unexpected): the caller then keeps libarchive's names. `unwrap`
 * gives the content of a one-file 7z, or null.
 */
export async function sevenZipEntryNames(
  bytes: Uint8Array,
  unwrap: (archive: Buffer, size: number) => Promise<Buffer | null>,
): Promise<string[] | null> {
  try {
    const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.length < 32 || !SIGNATURE.every((b, i) => bytes[i] === b)) return null;
    const offset = 32 + Number(data.getBigUint64(12, true));
    const size = Number(data.getBigUint64(20, true));
    if (offset + size > bytes.length) return null;
    // Copied: the archive's own bytes sit in a heap that unwrapping may grow.
    const next = new Cursor(Uint8Array.from(bytes.subarray(offset, offset + size)));
    if (next.bytes[0] === ID.header) return headerNames(next);
    next.expect(ID.encodedHeader);
    const info = streamsInfo(next);
    const f = info.folders[0];
    if (info.folders.length !== 1 || !f || f.coders !== 1 || f.packedStreams !== 1 || info.packSizes.length !== 1)
      return null;
    const unpacked = f.unpackSizes[0]!;
    if (unpacked > MAX_HEADER_BYTES) return null;
    const packStart = 32 + info.packPos;
    const packed = Uint8Array.from(bytes.subarray(packStart, packStart + info.packSizes[0]!));
    const header = await unwrap(wrapper(f, packed), unpacked);
    return header ? headerNames(new Cursor(header)) : null;
  } catch (err) {
    if (err instanceof Malformed || err instanceof RangeError) return null;
    throw err;
  }
}
