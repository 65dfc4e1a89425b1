import { crc32 } from 'node:zlib';
import { decodeName } from './archive-entry.js';

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** Info-ZIP's "Unicode Path" extra field: the UTF-8 name of an entry whose own name is in a code page. */
const UNICODE_PATH = 0x7075;
const ZIP64_EXTRA = 0x0001;

function view(bytes: Uint8Array) {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Where the central directory starts and how many entries it lists, or null when it cannot be found. */
function directoryOf(bytes: Uint8Array): { offset: number; count: number } | null {
  const data = view(bytes);
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (data.getUint32(at, true) !== END_OF_DIRECTORY) continue;
    let count = data.getUint16(at + 10, true);
    let offset = data.getUint32(at + 16, true);
    const locator = at - 20;
    if (
      (count === 0xffff || offset === 0xffffffff) &&
      locator >= 0 &&
      data.getUint32(locator, true) === ZIP64_LOCATOR
    ) {
      const end = Number(data.getBigUint64(locator + 8, true));
      if (end + 56 > bytes.length || data.getUint32(end, true) !== ZIP64_END) return null;
      count = Number(data.getBigUint64(end + 32, true));
      offset = Number(data.getBigUint64(end + 48, true));
    }
    return offset < bytes.length ? { offset, count } : null;
  }
  return null;
}

/** The Unicode Path extra field's name, when present and still describing the entry's own name. */
function unicodePath(data: DataView, bytes: Uint8Array, start: number, length: number, rawName: Uint8Array) {
  for (let at = start; at + 4 <= start + length; ) {
    const id = data.getUint16(at, true);
    const size = data.getUint16(at + 2, true);
    if (id === UNICODE_PATH && size >= 5 && data.getUint8(at + 4) === 1) {
      if (data.getUint32(at + 5, true) === crc32(rawName)) {
        return Buffer.from(bytes.subarray(at + 9, at + 4 + size)).toString('utf8');
      }
    }
    at += 4 + size;
  }
  return undefined;
}

/** The local header offset, taken from the zip64 extra field when the 32-bit one is saturated. */
function localOffset(data: DataView, at: number, extraStart: number, extraLength: number): number {
  const offset = data.getUint32(at + 42, true);
  if (offset !== 0xffffffff) return offset;
  for (let e = extraStart; e + 4 <= extraStart + extraLength; ) {
    const id = data.getUint16(e, true);
    const size = data.getUint16(e + 2, true);
    if (id === ZIP64_EXTRA) {
      // The zip64 field holds, in order, only the values saturated in the header.
      let field = e + 4;
      if (data.getUint32(at + 24, true) === 0xffffffff) field += 8;
      if (data.getUint32(at + 20, true) === 0xffffffff) field += 8;
      if (field + 8 <= e + 4 + size) return Number(data.getBigUint64(field, true));
    }
    e += 4 + size;
  }
  return offset;
}

/**
 * The entry names of a zip, read from its central directory and ordered by where each entry's data
 * sits (the order libarchive hands them out in). libarchive, as packaged for WebAssembly, has no
 * locale to convert names into and turns every non-ASCII character into `*`; these are the real names:
 * UTF-8 when flagged, the Unicode Path field when there is one, else the bytes read as UTF-8 or GB18030.
 * Null when the directory cannot be read (libarchive's names are then all there is).
 */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  const directory = directoryOf(bytes);
  if (!directory) return null;
  const data = view(bytes);
  const found: Array<{ name: string; offset: number }> = [];
  let at = directory.offset;
  for (let i = 0; i < directory.count; i++) {
    if (at + 46 > bytes.length || data.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const flags = data.getUint16(at + 8, true);
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    const nameStart = at + 46;
    const extraStart = nameStart + nameLength;
    if (extraStart + extraLength + commentLength > bytes.length) return null;
    const rawName = bytes.subarray(nameStart, extraStart);
    const name =
      flags & 0x0800
        ? Buffer.from(rawName).toString('utf8')
        : (unicodePath(data, bytes, extraStart, extraLength, rawName) ?? decodeName(rawName));
    found.push({ name, offset: localOffset(data, at, extraStart, extraLength) });
    at = extraStart + extraLength + commentLength;
  }
  return found.sort((a, b) => a.offset - b.offset).map((entry) => entry.name);
}
