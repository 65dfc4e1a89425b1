import type { RgbaImage } from './image.js';

/** One byte per pixel, rows top to bottom: 0 = black (full burn), 255 = white (no burn). */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * RGBA to grey: Rec. 601 luma in integer arithmetic ((77 R + 150 G + 29 B) / 256), optionally inverted,
 * then composited over white by alpha, so transparent pixels stay white (unburnt) even when inverted.
 */
export function toGrey(image: RgbaImage, invert = false): GreyImage {
  const { width, height, rgba } = image;
  const n = width * height;
  const data = new Uint8Array(n);
  const flip = invert ? 255 : 0;
  if (littleEndian && rgba.byteOffset % 4 === 0) {
    // One 32-bit load per pixel: bytes R, G, B, A from the low end. Signed words stay small integers
    // in the compiled loop (an unsigned one above 2^31 would be a double); opaque is then v >> 24 = −1.
    const px = new Int32Array(rgba.buffer, rgba.byteOffset, n);
    for (let i = 0; i < n; i++) {
      const v = px[i]!;
      const g = (((v & 255) * 77 + ((v >> 8) & 255) * 150 + ((v >> 16) & 255) * 29 + 128) >> 8) ^ flip;
      data[i] = v >> 24 === -1 ? g : overWhite(g, v >>> 24);
    }
  } else {
    for (let i = 0, o = 0; i < n; i++, o += 4) {
      const g = ((rgba[o]! * 77 + rgba[o + 1]! * 150 + rgba[o + 2]! * 29 + 128) >> 8) ^ flip;
      const a = rgba[o + 3]!;
      data[i] = a === 255 ? g : overWhite(g, a);
    }
  }
  return { width, height, data };
}

/** Grey `g` with opacity `a` (0–255) over white, rounded: exact integer division by 255. */
function overWhite(g: number, a: number): number {
  const t = g * a + 255 * (255 - a) + 128;
  return (t + (t >> 8)) >> 8;
}

/**
 * The table that reduces 256 grey levels to `levels` evenly spaced ones (2–256), keeping 0 and 255;
 * null when nothing changes.
 */
export function quantiseTable(levels: number): Uint8Array | null {
  if (levels >= 256) return null;
  const table = new Uint8Array(256);
  const steps = levels - 1;
  for (let g = 0; g < 256; g++) table[g] = Math.round((Math.round((g * steps) / 255) * 255) / steps);
  return table;
}

/** Reduces `data` to `levels` grey levels in place (see quantiseTable). */
export function quantiseGrey(data: Uint8Array, levels: number): void {
  const table = quantiseTable(levels);
  if (!table) return;
  for (let i = 0; i < data.length; i++) data[i] = table[data[i]!]!;
}

/** Inverts grey values in place (black ↔ white). */
export function invertGrey(data: Uint8Array): void {
  for (let i = 0; i < data.length; i++) data[i] = 255 - data[i]!;
}
