import type { BitmapShape } from '../model/document.js';
import { determinant, invert, type Matrix, multiply } from '../model/matrix.js';
import type { GreyImage } from './grey.js';
import { badPlacement, checkRasterSize } from './settings.js';

/**
 * A grey raster on the output grid: aligned with the document axes, pixel (i, j) covers
 * [originX + i·pixelX, originX + (i+1)·pixelX) × [originY + j·pixelY, originY + (j+1)·pixelY) in
 * document millimetres (y down).
 */
export interface RasterGrid extends GreyImage {
  originX: number;
  originY: number;
  pixelX: number;
  pixelY: number;
}

/** Where a bitmap lands on the output grid, and how output pixels map back into the picture. */
export interface GridPlacement {
  width: number;
  height: number;
  originX: number;
  originY: number;
  pixelX: number;
  pixelY: number;
  /** Output pixel coordinates (pixel (i, j) spans [i, i+1) × [j, j+1)) to source pixel coordinates. */
  toSource: Matrix;
}

/** Most taps per axis when a pixel's footprint is averaged (strong reductions sample, not sum all). */
const MAX_TAPS = 16;

/**
 * The output grid of a bitmap at dpiX × dpiY: it covers the bounds of the picture's frame after `matrix`
 * (its document transform), whatever the rotation, skew or mirroring.
 */
export function gridPlacement(
  shape: Pick<BitmapShape, 'x' | 'y' | 'width' | 'height'>,
  matrix: Matrix,
  sourceWidth: number,
  sourceHeight: number,
  dpiX: number,
  dpiY: number,
): GridPlacement {
  if (!(sourceWidth > 0 && sourceHeight > 0 && shape.width > 0 && shape.height > 0)) badPlacement();
  const toDoc = multiply(matrix, [shape.width / sourceWidth, 0, 0, shape.height / sourceHeight, shape.x, shape.y]);
  const det = determinant(toDoc);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12 || !toDoc.every(Number.isFinite)) badPlacement();
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [u, v] of [
    [0, 0],
    [sourceWidth, 0],
    [0, sourceHeight],
    [sourceWidth, sourceHeight],
  ] as const) {
    const x = toDoc[0] * u + toDoc[2] * v + toDoc[4];
    const y = toDoc[1] * u + toDoc[3] * v + toDoc[5];
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const pixelX = 25.4 / dpiX;
  const pixelY = 25.4 / dpiY;
  // A span within a millionth of a whole number of pixels is that number (no sliver column of white).
  const width = Math.max(1, Math.ceil((maxX - minX) / pixelX - 1e-6));
  const height = Math.max(1, Math.ceil((maxY - minY) / pixelY - 1e-6));
  checkRasterSize(width, height);
  const toSource = multiply(invert(toDoc), [pixelX, 0, 0, pixelY, minX, minY]);
  return { width, height, originX: minX, originY: minY, pixelX, pixelY, toSource };
}

/**
 * Resamples a grey picture onto its output grid (see gridPlacement). Each output pixel centre is mapped
 * back into the picture: bilinear interpolation when the picture is enlarged, the mean of a grid of taps
 * over the pixel's footprint (box filter) when it is reduced. Output pixels whose centre falls outside
 * the picture are white.
 *
 * `shareGrey`: when the grid is the picture itself (1:1, aligned, same size: a photo engraved at its own
 * resolution), the grid takes `grey.data` instead of a copy; for a caller whose grey image is scratch
 * (rasterOp dithers the grid in place).
 */
export function resampleToGrid(
  grey: GreyImage,
  shape: Pick<BitmapShape, 'x' | 'y' | 'width' | 'height'>,
  matrix: Matrix,
  dpiX: number,
  dpiY: number,
  shareGrey = false,
): RasterGrid {
  const p = gridPlacement(shape, matrix, grey.width, grey.height, dpiX, dpiY);
  const [a, b, c, d, e, f] = p.toSource;
  const grid = (data: Uint8Array): RasterGrid => ({
    width: p.width,
    height: p.height,
    data,
    originX: p.originX,
    originY: p.originY,
    pixelX: p.pixelX,
    pixelY: p.pixelY,
  });
  const exact = 1e-9;
  const oneToOne =
    Math.abs(a - 1) < exact &&
    Math.abs(b) < exact &&
    Math.abs(c) < exact &&
    Math.abs(d - 1) < exact &&
    Math.abs(e - Math.round(e)) < 1e-6 &&
    Math.abs(f - Math.round(f)) < 1e-6;
  if (shareGrey && oneToOne && Math.round(e) === 0 && Math.round(f) === 0) {
    if (p.width === grey.width && p.height === grey.height) return grid(grey.data);
  }
  const out = new Uint8Array(p.width * p.height);
  const reduceI = Math.hypot(a, b);
  const reduceJ = Math.hypot(c, d);
  if (oneToOne) {
    copyShifted(grey, out, p.width, p.height, Math.round(e), Math.round(f));
  } else if (reduceI <= 1 + exact && reduceJ <= 1 + exact) {
    bilinear(grey, out, p.width, p.height, p.toSource);
  } else {
    const tapsI = Math.min(MAX_TAPS, Math.max(1, Math.ceil(reduceI - exact)));
    const tapsJ = Math.min(MAX_TAPS, Math.max(1, Math.ceil(reduceJ - exact)));
    box(grey, out, p.width, p.height, p.toSource, tapsI, tapsJ);
  }
  return grid(out);
}

/** One source pixel per output pixel, shifted by whole pixels: plain row copies. */
function copyShifted(grey: GreyImage, out: Uint8Array, w: number, h: number, dx: number, dy: number): void {
  out.fill(255);
  const x0 = Math.max(0, -dx);
  const x1 = Math.min(w, grey.width - dx);
  if (x1 <= x0) return;
  for (let j = 0; j < h; j++) {
    const sy = j + dy;
    if (sy < 0 || sy >= grey.height) continue;
    const from = sy * grey.width + dx;
    out.set(grey.data.subarray(from + x0, from + x1), j * w + x0);
  }
}

function bilinear(grey: GreyImage, out: Uint8Array, w: number, h: number, m: Matrix): void {
  const { width: sw, height: sh, data } = grey;
  const [a, b, c, d, e, f] = m;
  const maxX = sw - 1;
  const maxY = sh - 1;
  let o = 0;
  for (let j = 0; j < h; j++) {
    // Source position of the centre of output pixel (0, j).
    let su = a * 0.5 + c * (j + 0.5) + e;
    let sv = b * 0.5 + d * (j + 0.5) + f;
    for (let i = 0; i < w; i++, o++, su += a, sv += b) {
      if (!(su >= 0 && su < sw && sv >= 0 && sv < sh)) {
        out[o] = 255;
        continue;
      }
      const x = su - 0.5;
      const y = sv - 0.5;
      let x0 = Math.floor(x);
      let y0 = Math.floor(y);
      let fx = x - x0;
      let fy = y - y0;
      if (x0 < 0) {
        x0 = 0;
        fx = 0;
      }
      if (y0 < 0) {
        y0 = 0;
        fy = 0;
      }
      const x1 = x0 < maxX ? x0 + 1 : maxX;
      const r0 = y0 * sw;
      const r1 = (y0 < maxY ? y0 + 1 : maxY) * sw;
      const top = data[r0 + x0]! + (data[r0 + x1]! - data[r0 + x0]!) * fx;
      const bottom = data[r1 + x0]! + (data[r1 + x1]! - data[r1 + x0]!) * fx;
      out[o] = (top + (bottom - top) * fy + 0.5) | 0;
    }
  }
}

/** The mean of tapsI × tapsJ nearest-pixel taps spread evenly over each output pixel's footprint. */
function box(grey: GreyImage, out: Uint8Array, w: number, h: number, m: Matrix, tapsI: number, tapsJ: number): void {
  const { width: sw, height: sh, data } = grey;
  const [a, b, c, d, e, f] = m;
  const n = tapsI * tapsJ;
  const du = new Float64Array(n);
  const dv = new Float64Array(n);
  for (let t = 0; t < tapsJ; t++) {
    for (let s = 0; s < tapsI; s++) {
      const ki = (s + 0.5) / tapsI - 0.5;
      const kj = (t + 0.5) / tapsJ - 0.5;
      du[t * tapsI + s] = a * ki + c * kj;
      dv[t * tapsI + s] = b * ki + d * kj;
    }
  }
  const half = n >> 1;
  let o = 0;
  for (let j = 0; j < h; j++) {
    let su = a * 0.5 + c * (j + 0.5) + e;
    let sv = b * 0.5 + d * (j + 0.5) + f;
    for (let i = 0; i < w; i++, o++, su += a, sv += b) {
      let sum = 0;
      for (let k = 0; k < n; k++) {
        const x = Math.floor(su + du[k]!);
        const y = Math.floor(sv + dv[k]!);
        sum += x >= 0 && x < sw && y >= 0 && y < sh ? data[y * sw + x]! : 255;
      }
      out[o] = ((sum + half) / n) | 0;
    }
  }
}
