import type { BitmapSettings, DitherMethod } from '../model/document.js';
import type { GreyImage } from './grey.js';

/**
 * Grey rasters to laser power levels, one byte per pixel: 0 = off; dithered methods give 255 (full
 * power) for burnt pixels; `greyscale` gives 1–255 (min…max power) by darkness. Grey 0 is black (burn),
 * 255 white. Every method runs in one pass over typed arrays and may write over its input (`out` may be
 * `grey.data`).
 */

export const ON = 255;
export const OFF = 0;

export interface DitherOptions {
  /** Error diffusion runs odd rows right to left (less "worm" texture). Default true. */
  serpentine?: boolean;
}

export type DitherSettings = Pick<BitmapSettings, 'dither' | 'threshold' | 'dot' | 'slope'>;

/** Applies `settings.dither` to a grey raster; returns the levels (a new array unless `out` is given). */
export function ditherToLevels(
  grey: GreyImage,
  settings: DitherSettings,
  options: DitherOptions = {},
  out: Uint8Array = new Uint8Array(grey.width * grey.height),
): Uint8Array {
  const { width: w, height: h, data } = grey;
  const serpentine = options.serpentine ?? true;
  switch (settings.dither) {
    case 'threshold':
      return thresholdLevels(data, settings.threshold, out);
    case 'bayer':
      return bayerLevels(data, w, h, out);
    case 'halftone':
      return halftoneLevels(data, w, h, settings.dot, settings.slope, out);
    case 'greyscale':
      return greyscaleLevels(data, out);
    case 'floyd-steinberg':
      return floydSteinberg(data, w, h, serpentine, out);
    default:
      return errorDiffusion(data, w, h, KERNELS[settings.dither], serpentine, out);
  }
}

// ----------------------------------------------------------------------------------- threshold, greyscale

/** On where grey < threshold (so threshold 128 burns 0–127), off elsewhere. */
export function thresholdLevels(data: Uint8Array, threshold: number, out: Uint8Array): Uint8Array {
  const table = new Uint8Array(256);
  for (let g = 0; g < 256; g++) table[g] = g < threshold ? ON : OFF;
  for (let i = 0; i < data.length; i++) out[i] = table[data[i]!]!;
  return out;
}

/** The greyscale power level of each grey: white 0 (off); otherwise 1 + round((255 − g)·254/255). */
export const GREYSCALE_LEVELS: Uint8Array = (() => {
  const t = new Uint8Array(256);
  for (let g = 0; g < 255; g++) t[g] = 1 + Math.round(((255 - g) * 254) / 255);
  return t;
})();

export function greyscaleLevels(data: Uint8Array, out: Uint8Array): Uint8Array {
  const t = GREYSCALE_LEVELS;
  for (let i = 0; i < data.length; i++) out[i] = t[data[i]!]!;
  return out;
}

// ------------------------------------------------------------------------------------------------ Bayer

/** The 8×8 Bayer index matrix (0–63), built by the usual recursive doubling. */
export const BAYER_8: Uint8Array = (() => {
  let m = [0];
  let n = 1;
  while (n < 8) {
    const next = new Array<number>(4 * n * n);
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const v = 4 * m[y * n + x]!;
        next[y * 2 * n + x] = v;
        next[y * 2 * n + x + n] = v + 2;
        next[(y + n) * 2 * n + x] = v + 3;
        next[(y + n) * 2 * n + x + n] = v + 1;
      }
    }
    m = next;
    n *= 2;
  }
  return Uint8Array.from(m);
})();

/**
 * Ordered dithering with the 8×8 Bayer matrix tiled from the raster's top-left: a pixel whose matrix
 * entry is k burns when grey < 4k + 2, so a flat grey g burns round-about (255 − g)/255 of each tile.
 */
export function bayerLevels(data: Uint8Array, w: number, h: number, out: Uint8Array): Uint8Array {
  const limit = new Uint16Array(64);
  for (let k = 0; k < 64; k++) limit[k] = 4 * BAYER_8[k]! + 2;
  let i = 0;
  for (let y = 0; y < h; y++) {
    const row = (y & 7) << 3;
    for (let x = 0; x < w; x++, i++) out[i] = data[i]! < limit[row | (x & 7)]! ? ON : OFF;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------- halftone

const SPOT = 32;

/**
 * The spot function of one halftone cell sampled SPOT × SPOT: each sample's rank by distance from the
 * cell centre, scaled to 0–254. A cell of darkness d (0–255) burns the samples whose value is below d,
 * so the dot grows from the centre and covers about d/255 of the cell.
 */
const SPOT_TABLE: Uint8Array = (() => {
  const n = SPOT * SPOT;
  const order = Array.from({ length: n }, (_, k) => k);
  const dist = (k: number) => {
    const u = ((k % SPOT) + 0.5) / SPOT - 0.5;
    const v = (Math.floor(k / SPOT) + 0.5) / SPOT - 0.5;
    return u * u + v * v;
  };
  order.sort((p, q) => dist(p) - dist(q) || p - q);
  const t = new Uint8Array(n);
  for (let rank = 0; rank < n; rank++) t[order[rank]!] = Math.floor(((rank + 0.5) * 255) / n);
  return t;
})();

/**
 * Clustered-dot halftone: a screen of square cells `dot` output pixels wide, turned by `angle` degrees;
 * each pixel burns when its cell's spot function is below the pixel's darkness.
 */
export function halftoneLevels(
  data: Uint8Array,
  w: number,
  h: number,
  dot: number,
  angle: number,
  out: Uint8Array,
): Uint8Array {
  const r = (angle * Math.PI) / 180;
  const cos = Math.cos(r) / dot;
  const sin = Math.sin(r) / dot;
  const table = SPOT_TABLE;
  let i = 0;
  for (let y = 0; y < h; y++) {
    // Cell coordinates of the centre of pixel (0, y).
    let u = 0.5 * cos + (y + 0.5) * sin;
    let v = -0.5 * sin + (y + 0.5) * cos;
    for (let x = 0; x < w; x++, i++, u += cos, v -= sin) {
      const p = ((u - Math.floor(u)) * SPOT) | 0;
      const q = ((v - Math.floor(v)) * SPOT) | 0;
      out[i] = table[q * SPOT + p]! < 255 - data[i]! ? ON : OFF;
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------- error diffusion

/** An error-diffusion kernel: entries (dx, dy, weight) to the right of and below the pixel, / divisor. */
export interface Kernel {
  dx: Int8Array;
  dy: Int8Array;
  weight: Int32Array;
  divisor: number;
}

function kernel(divisor: number, entries: Array<[number, number, number]>): Kernel {
  return {
    dx: Int8Array.from(entries.map((e) => e[0])),
    dy: Int8Array.from(entries.map((e) => e[1])),
    weight: Int32Array.from(entries.map((e) => e[2])),
    divisor,
  };
}

export const KERNELS: Record<Exclude<DitherMethod, 'threshold' | 'bayer' | 'halftone' | 'greyscale'>, Kernel> = {
  'floyd-steinberg': kernel(16, [
    [1, 0, 7],
    [-1, 1, 3],
    [0, 1, 5],
    [1, 1, 1],
  ]),
  // Atkinson passes on 6/8 of the error and drops the rest (higher contrast).
  atkinson: kernel(8, [
    [1, 0, 1],
    [2, 0, 1],
    [-1, 1, 1],
    [0, 1, 1],
    [1, 1, 1],
    [0, 2, 1],
  ]),
  jarvis: kernel(48, [
    [1, 0, 7],
    [2, 0, 5],
    [-2, 1, 3],
    [-1, 1, 5],
    [0, 1, 7],
    [1, 1, 5],
    [2, 1, 3],
    [-2, 2, 1],
    [-1, 2, 3],
    [0, 2, 5],
    [1, 2, 3],
    [2, 2, 1],
  ]),
  stucki: kernel(42, [
    [1, 0, 8],
    [2, 0, 4],
    [-2, 1, 2],
    [-1, 1, 4],
    [0, 1, 8],
    [1, 1, 4],
    [2, 1, 2],
    [-2, 2, 1],
    [-1, 2, 2],
    [0, 2, 4],
    [1, 2, 2],
    [2, 2, 1],
  ]),
  sierra: kernel(32, [
    [1, 0, 5],
    [2, 0, 3],
    [-2, 1, 2],
    [-1, 1, 4],
    [0, 1, 5],
    [1, 1, 4],
    [2, 1, 2],
    [-1, 2, 2],
    [0, 2, 3],
    [1, 2, 2],
  ]),
};

/**
 * Error diffusion with any kernel of up to three rows and ±2 columns. The error of each pixel (its grey
 * minus the 0 or 255 it became), times the integer weights, accumulates in three rolling rows; a pixel
 * reads its share back as floor((sum + divisor/2) / divisor) (rounded, halves up). Burns when the
 * corrected grey < 128.
 */
export function errorDiffusion(
  data: Uint8Array,
  w: number,
  h: number,
  k: Kernel,
  serpentine: boolean,
  out: Uint8Array,
): Uint8Array {
  const stride = w + 4;
  const rows = new Int32Array(stride * 3);
  const n = k.weight.length;
  // Per entry: the offset into the rolling buffer relative to the pixel, forwards and mirrored.
  const fwd = new Int32Array(n * 3);
  const div = k.divisor;
  const half = div >> 1;
  for (let y = 0; y < h; y++) {
    const cur = (y % 3) * stride + 2;
    rows.fill(0, ((y + 2) % 3) * stride, ((y + 2) % 3) * stride + stride);
    const back = serpentine && (y & 1) === 1;
    for (let e = 0; e < n; e++) {
      fwd[e] = ((y + k.dy[e]!) % 3) * stride + 2 + (back ? -k.dx[e]! : k.dx[e]!);
    }
    const step = back ? -1 : 1;
    const row = y * w;
    for (let c = 0, x = back ? w - 1 : 0; c < w; c++, x += step) {
      const v = data[row + x]! + Math.floor((rows[cur + x]! + half) / div);
      const on = v < 128;
      out[row + x] = on ? ON : OFF;
      const err = on ? v : v - 255;
      for (let e = 0; e < n; e++) {
        const at = fwd[e]! + x;
        rows[at] = rows[at]! + err * k.weight[e]!;
      }
    }
  }
  return out;
}

/**
 * Floyd–Steinberg, unrolled. Errors are kept in sixteenths and read back with a rounding shift
 * ((sum + 8) >> 4). One array holds the next row's sums; the share for the pixel ahead (7/16) and the
 * next row's two open sums (the pixel just done and the one ahead) ride in locals, so each pixel costs
 * one load and one store of the error row.
 */
export function floydSteinberg(data: Uint8Array, w: number, h: number, serpentine: boolean, out: Uint8Array) {
  // errRow[x + 1]: the error (sixteenths) pushed down onto pixel x of the row being dithered, from the
  // row above; errRow[0] and errRow[w + 1] catch the shares that fall off the edges.
  const errRow = new Int32Array(w + 2);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let ahead = 0; // 7 × error of the previous pixel, for this one
    let below = 0; // the next row's sum for the previous pixel (closed after this pixel adds 3 or 5)
    let belowAhead = 0; // the next row's sum for this pixel
    if (serpentine && (y & 1) === 1) {
      // Right to left: the pixel ahead is x − 1; the next row gets 3 at x + 1, 5 at x, 1 at x − 1.
      for (let x = w - 1; x >= 0; x--) {
        const v = data[row + x]! + ((errRow[x + 1]! + ahead + 8) >> 4);
        const off = ~((v - 128) >> 31) & 255; // 255 when v ≥ 128 (stays white), else 0: no branch
        out[row + x] = 255 - off;
        const err = v - off;
        errRow[x + 2] = below + err * 3;
        below = belowAhead + err * 5;
        belowAhead = err;
        ahead = err * 7;
      }
      errRow[1] = below;
      errRow[0] = belowAhead;
    } else {
      // Left to right: the pixel ahead is x + 1; the next row gets 3 at x − 1, 5 at x, 1 at x + 1.
      for (let x = 0; x < w; x++) {
        const v = data[row + x]! + ((errRow[x + 1]! + ahead + 8) >> 4);
        const off = ~((v - 128) >> 31) & 255; // 255 when v ≥ 128 (stays white), else 0: no branch
        out[row + x] = 255 - off;
        const err = v - off;
        errRow[x] = below + err * 3;
        below = belowAhead + err * 5;
        belowAhead = err;
        ahead = err * 7;
      }
      errRow[w] = below;
      errRow[w + 1] = belowAhead;
    }
  }
  return out;
}
