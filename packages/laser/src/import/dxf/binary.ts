import { FormatError } from '../../model/errors.js';
import { codePageEncoding, isUtf8Version } from './reader.js';

/**
 * Binary DXF: the same group codes and values as ASCII DXF, stored as bytes. After the 22-byte sentinel
 * each pair is a group code (one byte, 255 announcing a two-byte code, in files up to R12; two bytes,
 * little-endian, from R13 on) and a value whose type the code gives: zero-terminated strings, 8-byte
 * doubles, 2-, 4- or 8-byte integers, 1-byte booleans, and binary chunks with a 1-byte length. This module
 * turns it into ASCII DXF text for the one parser Kerf has; strings are decoded with the file's code
 * page (UTF-8 from AutoCAD 2007 on), numbers written in full precision.
 */

const SENTINEL_LENGTH = 22;

type ValueType = 'string' | 'double' | 'int16' | 'int32' | 'int64' | 'bool' | 'binary';

/** The value type of a group code (AutoCAD's DXF reference, "Group code value types"). */
export function valueType(code: number): ValueType {
  if (code >= 0 && code <= 9) return 'string';
  if (code >= 10 && code <= 59) return 'double';
  if (code >= 60 && code <= 79) return 'int16';
  if (code >= 90 && code <= 99) return 'int32';
  if (code >= 100 && code <= 109) return 'string';
  if (code >= 110 && code <= 149) return 'double';
  if (code >= 160 && code <= 169) return 'int64';
  if (code >= 170 && code <= 179) return 'int16';
  if (code >= 210 && code <= 239) return 'double';
  if (code >= 270 && code <= 289) return 'int16';
  if (code >= 290 && code <= 299) return 'bool';
  if (code >= 310 && code <= 319) return 'binary';
  if (code >= 370 && code <= 389) return 'int16';
  if (code >= 400 && code <= 409) return 'int16';
  if (code >= 420 && code <= 429) return 'int32';
  if (code >= 440 && code <= 459) return 'int32';
  if (code >= 460 && code <= 469) return 'double';
  if (code === 1004) return 'binary';
  if (code >= 1010 && code <= 1059) return 'double';
  if (code >= 1060 && code <= 1070) return 'int16';
  if (code === 1071) return 'int32';
  return 'string'; // 300–369, 390–399, 410–419, 430–439, 470–481, 999, 1000–1009
}

interface Tag {
  code: number;
  /** Numbers as text already; strings as raw bytes until the code page is known. */
  value: string | Uint8Array;
}

/** A binary DXF as ASCII DXF text. Throws FormatError when the file is cut short or malformed. */
export function binaryDxfToText(bytes: Uint8Array): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = SENTINEL_LENGTH;
  // The first pair is (0, "SECTION"): a second zero byte means two-byte group codes.
  const wideCodes = bytes[at] === 0 && bytes[at + 1] === 0;
  const need = (n: number) => {
    if (at + n > bytes.length) throw new FormatError('dxf', 'the binary DXF file is cut short');
  };
  const tags: Tag[] = [];
  while (at < bytes.length) {
    let code: number;
    if (wideCodes) {
      need(2);
      code = view.getInt16(at, true);
      at += 2;
    } else {
      need(1);
      code = bytes[at++]!;
      if (code === 255) {
        need(2);
        code = view.getInt16(at, true);
        at += 2;
      }
    }
    const type = valueType(code);
    let value: string | Uint8Array;
    switch (type) {
      case 'string': {
        const end = bytes.indexOf(0, at);
        if (end < 0) throw new FormatError('dxf', 'the binary DXF file is cut short inside a string');
        value = bytes.subarray(at, end);
        at = end + 1;
        break;
      }
      case 'double':
        need(8);
        value = String(view.getFloat64(at, true));
        at += 8;
        break;
      case 'int16':
        need(2);
        value = String(view.getInt16(at, true));
        at += 2;
        break;
      case 'int32':
        need(4);
        value = String(view.getInt32(at, true));
        at += 4;
        break;
      case 'int64':
        need(8);
        value = view.getBigInt64(at, true).toString();
        at += 8;
        break;
      case 'bool':
        need(1);
        value = String(bytes[at]!);
        at += 1;
        break;
      case 'binary': {
        need(1);
        const n = bytes[at]!;
        need(1 + n);
        value = hex(bytes.subarray(at + 1, at + 1 + n));
        at += 1 + n;
        break;
      }
    }
    tags.push({ code, value });
    if (code === 0 && value instanceof Uint8Array && ascii(value) === 'EOF') break;
  }
  const decoder = stringDecoder(tags);
  const lines: string[] = [];
  for (const t of tags) {
    lines.push(String(t.code), typeof t.value === 'string' ? t.value : decoder.decode(t.value).replace(/[\r\n]/g, ' '));
  }
  return `${lines.join('\n')}\n`;
}

function ascii(b: Uint8Array): string {
  return String.fromCharCode(...b.subarray(0, 64));
}

function hex(b: Uint8Array): string {
  let s = '';
  for (const v of b) s += v.toString(16).padStart(2, '0').toUpperCase();
  return s;
}

/** The decoder for the file's strings: from `$ACADVER` and `$DWGCODEPAGE` in its header. */
function stringDecoder(tags: readonly Tag[]): TextDecoder {
  let variable = '';
  let version: string | undefined;
  let codePage: string | undefined;
  for (const t of tags) {
    if (t.code === 0 && t.value instanceof Uint8Array && ascii(t.value) === 'ENDSEC') break;
    if (!(t.value instanceof Uint8Array)) continue;
    if (t.code === 9) variable = ascii(t.value);
    else if (variable === '$ACADVER' && t.code === 1) version = ascii(t.value);
    else if (variable === '$DWGCODEPAGE' && t.code === 3) codePage = ascii(t.value);
  }
  if (isUtf8Version(version)) return new TextDecoder('utf-8');
  try {
    return new TextDecoder(codePageEncoding(codePage));
  } catch {
    return new TextDecoder('windows-1252');
  }
}
