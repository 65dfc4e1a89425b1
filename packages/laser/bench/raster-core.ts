/**
 * The raster bench's workload, shared by the Node bench and the Chromium worker (no Node API here):
 * a photo-like picture made in code, and one timed run of the raster pipeline from RGBA to G-code bytes.
 */
import type { BitmapShape, DitherMethod } from '../src/model/document.js';
import { DEFAULT_MACHINE } from '../src/model/job.js';
import { createLayer, DEFAULT_BITMAP_SETTINGS } from '../src/model/layers.js';
import { IDENTITY } from '../src/model/matrix.js';
import { ByteWriter } from '../src/output/bytes.js';
import { ditherToLevels } from '../src/raster/dither.js';
import { quantiseGrey, toGrey } from '../src/raster/grey.js';
import type { RgbaImage } from '../src/raster/image.js';
import { rasterOpToMachine, writeRasterGcode } from '../src/raster/raster-gcode.js';
import { levelsToRasterOp } from '../src/raster/raster-op.js';
import { resampleToGrid } from '../src/raster/resample.js';

/**
 * An n × n picture that engraves like a photo: a sky-like vertical gradient, a lit sphere, soft
 * diagonal bands, a dark "horizon" and per-pixel noise (seeded, so every run and machine get the same).
 */
export function makePhoto(n: number): RgbaImage {
  const rgba = new Uint8Array(n * n * 4);
  let seed = 0x9e3779b9;
  const noise = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) / 4294967296 - 0.5) * 36;
  };
  const cx = n * 0.62;
  const cy = n * 0.4;
  const r = n * 0.22;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      let g = 235 - (150 * y) / n + 18 * Math.sin((x + y) / (n / 40));
      const d = Math.hypot(x - cx, y - cy);
      if (d < r) g = 40 + 170 * Math.max(0, 1 - Math.hypot(x - cx + r * 0.4, y - cy + r * 0.4) / (1.6 * r));
      if (y > n * 0.75) g = 60 + (40 * (x % 97)) / 97;
      g += noise();
      const v = Math.max(0, Math.min(255, g));
      const o = (y * n + x) * 4;
      rgba[o] = v;
      rgba[o + 1] = v * 0.95;
      rgba[o + 2] = v * 0.9;
      rgba[o + 3] = 255;
    }
  }
  return { width: n, height: n, rgba };
}

export interface RunResult {
  mode: DitherMethod;
  /** Stage times, ms. */
  grey: number;
  resample: number;
  dither: number;
  lines: number;
  gcode: number;
  /** Copying the G-code chunks into one Uint8Array (not part of `total`: a file, stream or Blob takes the chunks), ms. */
  join: number;
  /** RGBA in → G-code bytes out as chunks, ms (the sum of the stages plus glue). */
  total: number;
  outputBytes: number;
  lineCount: number;
}

/**
 * One pass of exactly what rasterOp + writeRasterGcode do, with a clock between the stages: the bitmap
 * is placed 1:1 (n pixels over n / 10 mm at 254 dpi), scanned bidirectionally, machine origin
 * bottom-left, the G-code written into a ByteWriter and taken out as its chunks (no copy); then, timed
 * apart as `join`, copied into one Uint8Array as a caller that needs a single array would.
 */
export function runPipeline(image: RgbaImage, mode: DitherMethod): RunResult {
  const mm = image.width / 10;
  const settings = { ...DEFAULT_BITMAP_SETTINGS, dither: mode, dpiX: 254, dpiY: 254 };
  const shape: BitmapShape = {
    kind: 'bitmap',
    id: 'bench',
    layerId: 'L1',
    transform: IDENTITY,
    x: 0,
    y: 0,
    width: mm,
    height: (image.height / image.width) * mm,
    src: '',
    pixelWidth: image.width,
    pixelHeight: image.height,
    settings,
  };
  const layer = createLayer({ id: 'L1', mode: 'image', speed: 200, minPower: 4, maxPower: 30 });
  const t0 = performance.now();
  const grey = toGrey(image, settings.invert);
  const t1 = performance.now();
  const grid = resampleToGrid(grey, shape, IDENTITY, settings.dpiX, settings.dpiY);
  const t2 = performance.now();
  quantiseGrey(grid.data, settings.greyLevel);
  ditherToLevels(grid, settings, {}, grid.data);
  const t3 = performance.now();
  const op = levelsToRasterOp(grid, {
    layerId: layer.id,
    shapeId: shape.id,
    scanDirection: settings.scanDirection,
    startPosition: settings.startPosition,
    bidirectional: settings.bidirectional,
    overscan: layer.fillSettings.overscan,
  });
  const t4 = performance.now();
  const machineOp = rasterOpToMachine(op, shape.height, 'bottom-left');
  const out = new ByteWriter();
  writeRasterGcode(machineOp, layer, DEFAULT_MACHINE, out);
  const chunks = out.chunks();
  const t5 = performance.now();
  const bytes = out.toBytes();
  const t6 = performance.now();
  if (bytes.length !== chunks.reduce((sum, c) => sum + c.length, 0)) throw new Error('chunks and bytes disagree');
  return {
    mode,
    grey: t1 - t0,
    resample: t2 - t1,
    dither: t3 - t2,
    lines: t4 - t3,
    gcode: t5 - t4,
    join: t6 - t5,
    total: t5 - t0,
    outputBytes: bytes.length,
    lineCount: op.lines.length,
  };
}
