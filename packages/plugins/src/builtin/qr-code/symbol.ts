import type { PathData } from '@kerf/laser';
import qrcode from 'qrcode-generator';
import { traceFilledCells } from './trace.js';

/**
 * A QR code symbol from text, by the qrcode-generator library, and its dark modules as outlines.
 * Text is stored as UTF-8 bytes (the library's byte mode takes one character per byte), or in the
 * denser numeric and alphanumeric modes when every character allows it.
 */

export const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type QrLevel = (typeof QR_LEVELS)[number];

export interface QrSymbol {
  /** Modules along a side, quiet zone not included. */
  size: number;
  isDark(x: number, y: number): boolean;
}

export class QrTooLongError extends Error {
  override name = 'QrTooLongError';
}

/** The UTF-8 bytes of `text`, one character (U+0000–U+00FF) per byte. */
export function utf8ByteString(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out += String.fromCharCode(c);
    else if (c < 0x800) out += String.fromCharCode(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out += String.fromCharCode(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else {
      out += String.fromCharCode(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
  }
  return out;
}

export function encodeQr(text: string, level: QrLevel): QrSymbol {
  const code = qrcode(0, level);
  if (/^[0-9]+$/.test(text)) code.addData(text, 'Numeric');
  else if (/^[0-9A-Z $%*+\-./:]+$/.test(text)) code.addData(text, 'Alphanumeric');
  else code.addData(utf8ByteString(text), 'Byte');
  try {
    code.make();
  } catch {
    // The library throws a bare string when even the largest symbol (version 40) is too small.
    throw new QrTooLongError(`too much text for a QR code at level ${level}`);
  }
  const size = code.getModuleCount();
  return { size, isDark: (x, y) => code.isDark(y, x) };
}

export interface QrLayout {
  /** mm per module. */
  moduleSize: number;
  /** Light modules round the symbol. */
  quietZone: number;
  /** Fill the light modules and the quiet zone instead (for marks that come out light). */
  invert: boolean;
}

/** The filled area, its top-left corner at the origin of the quiet zone, as closed even-odd outlines. */
export function qrOutline(symbol: QrSymbol, { moduleSize, quietZone, invert }: QrLayout): PathData {
  const side = symbol.size + 2 * quietZone;
  const inSymbol = (i: number) => i >= quietZone && i < quietZone + symbol.size;
  const filled = (x: number, y: number) =>
    inSymbol(x) && inSymbol(y) ? symbol.isDark(x - quietZone, y - quietZone) !== invert : invert;
  return traceFilledCells(side, side, filled).map((loop) => {
    const [first, ...rest] = loop.map((p) => ({ x: p.x * moduleSize, y: p.y * moduleSize }));
    return { start: first!, segments: rest.map((to) => ({ type: 'line' as const, to })), closed: true };
  });
}
