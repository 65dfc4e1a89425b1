import type { BitmapSettings, BitmapShape, Layer, ScanDirection, StartPosition } from '../model/document.js';
import type { RasterLine, RasterOp } from '../model/job.js';
import type { Matrix } from '../model/matrix.js';
import { cropImage } from './crop.js';
import { type DitherOptions, ditherToLevels } from './dither.js';
import { toGrey } from './grey.js';
import type { RgbaImage } from './image.js';
import { type RasterGrid, resampleToGrid } from './resample.js';
import { checkBitmapSettings } from './settings.js';
import { greyStepTable, mapGrey } from './tone.js';

export type RasterOpOptions = DitherOptions;

/**
 * A bitmap shape as engraving data: its picture (decoded, cropped if the shape says so) becomes levels
 * (see engravingLevels) and scan lines ordered by the scan settings. Lines have leading and trailing
 * white trimmed; all-white lines are left out. Bad settings throw SettingError.
 */
export function rasterOp(
  image: RgbaImage,
  placed: { shape: BitmapShape; matrix: Matrix },
  layer: Layer,
  options: RasterOpOptions = {},
): RasterOp {
  const { shape, matrix } = placed;
  const s = shape.settings;
  checkBitmapSettings(s);
  const grid = engravingLevels(cropImage(image, shape.crop), shape, matrix, s, options);
  return levelsToRasterOp(grid, {
    layerId: layer.id,
    shapeId: shape.id,
    scanDirection: s.scanDirection,
    startPosition: s.startPosition,
    bidirectional: s.bidirectional,
    overscan: layer.fillSettings.overscan,
  });
}

/**
 * The power levels a picture engraves as (0 = off): grey (inverted if set), onto the output grid at the
 * settings' DPI along the document axes, through brightness, contrast and gamma, down to the grey
 * levels, then the dithering method (or greyscale power mapping). The planner and the editor's preview
 * both come through here, so what the preview shows is what burns.
 */
export function engravingLevels(
  image: RgbaImage,
  frame: Pick<BitmapShape, 'x' | 'y' | 'width' | 'height'>,
  matrix: Matrix,
  s: BitmapSettings,
  options: DitherOptions = {},
): RasterGrid {
  // The grey image is scratch: a 1:1 grid may take it over instead of copying it.
  const grid = resampleToGrid(toGrey(image, s.invert), frame, matrix, s.dpiX, s.dpiY, true);
  const greyStep = greyStepTable(s);
  if (greyStep) mapGrey(grid.data, greyStep);
  ditherToLevels(grid, s, options, grid.data);
  return grid;
}

export interface ScanSettings {
  layerId: string;
  shapeId: string;
  scanDirection: ScanDirection;
  startPosition: StartPosition;
  bidirectional: boolean;
  overscan: number;
}

/**
 * Scan lines from a raster of power levels (a RasterGrid whose data holds levels, 0 = off).
 * Horizontal scans make one line per row, vertical scans one per column. The start corner picks the
 * first line (top or bottom row; left or right column) and its direction (from the corner's side);
 * bidirectional scans reverse every other emitted line. Forward lines view `grid.data` (no copy).
 */
export function levelsToRasterOp(grid: RasterGrid, scan: ScanSettings): RasterOp {
  const horizontal = scan.scanDirection === 'horizontal';
  const top = scan.startPosition.startsWith('top');
  const left = scan.startPosition.endsWith('left');
  // In "line space" every line is a row of `length` levels; vertical scans transpose the grid first.
  const lines = horizontal ? grid.data : transpose(grid.data, grid.width, grid.height);
  const count = horizontal ? grid.height : grid.width;
  const length = horizontal ? grid.width : grid.height;
  const acrossOrigin = horizontal ? grid.originY : grid.originX;
  const acrossPixel = horizontal ? grid.pixelY : grid.pixelX;
  const alongOrigin = horizontal ? grid.originX : grid.originY;
  const alongPixel = horizontal ? grid.pixelX : grid.pixelY;
  // Which end the lines start at: the low-coordinate side first (top rows / left columns)?
  const lowFirst = horizontal ? top : left;
  const firstForward = horizontal ? left : top;
  const out: RasterLine[] = [];
  let reversed: Uint8Array | null = null;
  for (let n = 0; n < count; n++) {
    const k = lowFirst ? n : count - 1 - n;
    const row = k * length;
    let i0 = 0;
    while (i0 < length && lines[row + i0] === 0) i0++;
    if (i0 === length) continue;
    let i1 = length - 1;
    while (lines[row + i1] === 0) i1--;
    const forward = scan.bidirectional && out.length % 2 === 1 ? !firstForward : firstForward;
    const at = acrossOrigin + (k + 0.5) * acrossPixel;
    if (forward) {
      out.push({
        at,
        from: alongOrigin + i0 * alongPixel,
        step: alongPixel,
        levels: lines.subarray(row + i0, row + i1 + 1),
      });
    } else {
      reversed ??= new Uint8Array(lines.length);
      const levels = reversed.subarray(row, row + (i1 - i0 + 1));
      for (let i = i1, o = 0; i >= i0; i--, o++) levels[o] = lines[row + i]!;
      out.push({ at, from: alongOrigin + (i1 + 1) * alongPixel, step: -alongPixel, levels });
    }
  }
  return {
    kind: 'raster',
    layerId: scan.layerId,
    shapeId: scan.shapeId,
    axis: scan.scanDirection,
    overscan: scan.overscan,
    lines: out,
  };
}

/** Rows ↔ columns of a w × h byte raster, in 32 × 32 blocks to stay in cache. */
export function transpose(data: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  const B = 32;
  for (let y0 = 0; y0 < h; y0 += B) {
    const y1 = Math.min(h, y0 + B);
    for (let x0 = 0; x0 < w; x0 += B) {
      const x1 = Math.min(w, x0 + B);
      for (let y = y0; y < y1; y++) {
        for (let x = x0, i = y * w + x0; x < x1; x++, i++) out[x * h + y] = data[i]!;
      }
    }
  }
  return out;
}
