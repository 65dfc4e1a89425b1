import { decodeName } from './archive-entry.js';

const MARKER = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00];
const MAIN_HEAD = 0x73;
const FILE_HEAD = 0x74;
const END_HEAD = 0x7b;
const HEADERS_ENCRYPTED = 0x0080;
const LARGE_FILE = 0x0100;
const UNICODE_NAME = 0x0200;
const HAS_DATA = 0x8000;

/**
 * RAR 4's Unicode names: the bytes after the zero are the name as UTF-16, compressed against the
 * single-byte name before the zero. Each pair of flag bits says what the next unit is: one byte (high
 * byte 0), one byte with the high byte given once at the start, two bytes, or a run copied from the
 * single-byte name (with a correction added to each byte when the run's length has its top bit set).
 */
function rar4UnicodeName(single: Uint8Array, packed: Uint8Array): string {
  const units: number[] = [];
  const high = packed[0] ?? 0;
  let at = 1;
  let flags = 0;
  let flagBits = 0;
  const next = () => {
    if (at >= packed.length) throw new RangeError('RAR name ends early');
    return packed[at++]!;
  };
  while (at < packed.length) {
    if (flagBits === 0) {
      flags = next();
      flagBits = 8;
      if (at >= packed.length) break;
    }
    switch (flags >> 6) {
      case 0:
        units.push(next());
        break;
      case 1:
        units.push(next() + (high << 8));
        break;
      case 2: {
        const low = next();
        units.push(low + (next() << 8));
        break;
      }
      default: {
        const length = next();
        const correction = length & 0x80 ? next() : null;
        for (let n = (length & 0x7f) + 2; n > 0 && units.length < single.length; n--) {
          const byte = single[units.length]!;
          units.push(correction === null ? byte : ((byte + correction) & 0xff) + (high << 8));
        }
      }
    }
    flags = (flags << 2) & 0xff;
    flagBits -= 2;
  }
  return String.fromCharCode(...units);
}

function fileName(bytes: Uint8Array, flags: number): string {
  if (!(flags & UNICODE_NAME)) return decodeName(bytes);
  const zero = bytes.indexOf(0);
  if (zero === -1) return Buffer.from(bytes).toString('utf8');
  return rar4UnicodeName(bytes.subarray(0, zero), bytes.subarray(zero + 1));
}

/**
 * The entry names of a RAR 4 archive, in order, read from its file headers (libarchive prints their
 * non-ASCII characters as `*`). Null for RAR 5 (libarchive reads its UTF-8 names right), for encrypted
 * headers, or for anything unexpected.
 */
export function rarEntryNames(bytes: Uint8Array): string[] | null {
  if (!MARKER.every((b, i) => bytes[i] === b)) return null;
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  try {
    for (let at = MARKER.length; at + 7 <= bytes.length; ) {
      const type = data.getUint8(at + 2);
      const flags = data.getUint16(at + 3, true);
      const headSize = data.getUint16(at + 5, true);
      if (headSize < 7) return null;
      let dataSize = 0;
      if (type === MAIN_HEAD && flags & HEADERS_ENCRYPTED) return null;
      if (type === FILE_HEAD) {
        const large = flags & LARGE_FILE ? 8 : 0;
        dataSize = data.getUint32(at + 7, true) + (large ? data.getUint32(at + 32, true) * 2 ** 32 : 0);
        const nameSize = data.getUint16(at + 26, true);
        const nameStart = at + 32 + large;
        if (nameStart + nameSize > at + headSize) return null;
        names.push(fileName(bytes.subarray(nameStart, nameStart + nameSize), flags));
      } else if (flags & HAS_DATA) {
        dataSize = data.getUint32(at + 7, true);
      }
      if (type === END_HEAD) break;
      at += headSize + dataSize;
    }
  } catch (err) {
    if (err instanceof RangeError) return null;
    throw err;
  }
  return names;
}
