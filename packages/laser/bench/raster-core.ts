/**
 * The raster bench's workload, shared by the Node bench and the Chromium worker (no Node API here):
 * a photo-like picture made in code, and one timed run from a PNG file's bytes to G-code bytes.
 */
import type { BitmapShape, DitherMethod } from '../src/model/document.js';
import { DEFAULT_MACHINE } from '../src/model/job.js';
import { createLayer, DEFAULT_BITMAP_SETTINGS } from '../src/model/layers.js';
import { IDENTITY } from '../src/model/matrix.js';
import { ByteWriter } from '../src/output/bytes.js';
import { ditherToLevels } from '../src/raster/dither.js';
import { quantiseGrey, toGrey } from '../src/raster/grey.js';
import type { RgbaImage } from '../src/raster/image.js';
import { decodeImageWith, type ImageDecoder } from '../src/raster/image-decoder.js';
import { rasterOpToMachine, writeRasterGcode } from '../src/raster/raster-gcode.js';
import { levelsToRasterOp } from '../src/raster/raster-op.js';
import { resampleToGrid } from '../src/raster/resample.js';

/**
 * A w × h picture that engraves like a photo: a sky-like vertical gradient, a lit sphere, soft
 * diagonal bands, a dark "horizon" and per-pixel noise (seeded, so every run and machine get the same).
 * Opaque RGB in RGBA (alpha 255), as a photo is.
 */
export function makePhoto(w: number, h: number = w): RgbaImage {
  const rgba = new Uint8Array(w * h * 4);
  let seed = 0x9e3779b9;
  const noise = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) / 4294967296 - 0.5) * 36;
  };
  const n = Math.max(w, h);
  const cx = w * 0.62;
  const cy = h * 0.4;
  const r = n * 0.22;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let g = 235 - (150 * y) / h + 18 * Math.sin((x + y) / (n / 40));
      const d = Math.hypot(x - cx, y - cy);
      if (d < r) g = 40 + 170 * Math.max(0, 1 - Math.hypot(x - cx + r * 0.4, y - cy + r * 0.4) / (1.6 * r));
      if (y > h * 0.75) g = 60 + (40 * (x % 97)) / 97;
      g += noise();
      const v = Math.max(0, Math.min(255, g));
      const o = (y * w + x) * 4;
      rgba[o] = v;
      rgba[o + 1] = v * 0.95;
      rgba[o + 2] = v * 0.9;
      rgba[o + 3] = 255;
    }
  }
  return { width: w, height: h, rgba };
}

/** Milliseconds on some clock: wall time (performance.now) or, in Node, the process's CPU time. */
export type Clock = () => number;

export interface Stages {
  /** File bytes to RGBA (0 when the run started from RGBA). */
  decode: number;
  grey: number;
  resample: number;
  dither: number;
  lines: number;
  /** grey + resample + dither + lines: rasterOp, the "plan" stage of a raster. */
  plan: number;
  gcode: number;
  /** Copying the G-code chunks into one Uint8Array (not part of `total`: a file, stream or Blob takes the chunks). */
  join: number;
  /** Bytes (or RGBA) in → G-code bytes out as chunks: decode + plan + G-code. */
  total: number;
}

export interface RunResult extends Stages {
  mode: DitherMethod;
  /** The same stages on each extra clock given (in Node: process CPU time, main-thread CPU time). */
  clocks?: Record<string, Stages>;
  outputBytes: number;
  lineCount: number;
}

/** Times at the stage boundaries on the wall clock and on any extra clocks. */
class Marks {
  private readonly times = new Map<string, number[]>();
  constructor(private readonly clocks: Record<string, Clock>) {
    for (const name of ['wall', ...Object.keys(clocks)]) this.times.set(name, []);
  }
  mark(): void {
    this.times.get('wall')!.push(performance.now());
    for (const [name, clock] of Object.entries(this.clocks)) this.times.get(name)!.push(clock());
  }
  stages(name: string): Stages {
    const t = this.times.get(name)!;
    const d = (i: number) => t[i + 1]! - t[i]!;
    const plan = d(1) + d(2) + d(3) + d(4);
    return {
      decode: d(0),
      grey: d(1),
      resample: d(2),
      dither: d(3),
      lines: d(4),
      plan,
      gcode: d(5),
      join: d(6),
      total: d(0) + plan + d(5),
    };
  }
}

/**
 * One run of exactly what decodeImageWith + rasterOp + writeRasterGcode do, with a clock between the
 * stages: the picture (a file decoded by `decoder`, or RGBA as it is) is placed 1:1 (n pixels over
 * n / 10 mm at 254 dpi), scanned bidirectionally, machine origin bottom-left, the G-code written into a
 * ByteWriter and taken out as its chunks (no copy); then, timed apart as `join`, copied into one
 * Uint8Array as a caller that needs a single array would.
 */
export async function runPipeline(
  input: { file: Uint8Array; decoder: ImageDecoder } | RgbaImage,
  mode: DitherMethod,
  clocks: Record<string, Clock> = {},
): Promise<RunResult> {
  const marks = new Marks(clocks);
  marks.mark();
  const image = 'file' in input ? await decodeImageWith(input.file, input.decoder) : input;
  marks.mark();
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
  const grey = toGrey(image, settings.invert);
  marks.mark();
  const grid = resampleToGrid(grey, shape, IDENTITY, settings.dpiX, settings.dpiY, true);
  marks.mark();
  quantiseGrey(grid.data, settings.greyLevel);
  ditherToLevels(grid, settings, {}, grid.data);
  marks.mark();
  const op = levelsToRasterOp(grid, {
    layerId: layer.id,
    shapeId: shape.id,
    scanDirection: settings.scanDirection,
    startPosition: settings.startPosition,
    bidirectional: settings.bidirectional,
    overscan: layer.fillSettings.overscan,
  });
  marks.mark();
  const machineOp = rasterOpToMachine(op, shape.height, 'bottom-left');
  const out = new ByteWriter();
  writeRasterGcode(machineOp, layer, DEFAULT_MACHINE, out);
  const chunks = out.chunks();
  marks.mark();
  const bytes = out.toBytes();
  marks.mark();
  if (bytes.length !== chunks.reduce((sum, c) => sum + c.length, 0)) throw new Error('chunks and bytes disagree');
  return {
    mode,
    ...marks.stages('wall'),
    clocks: Object.fromEntries(Object.keys(clocks).map((name) => [name, marks.stages(name)])),
    outputBytes: bytes.length,
    lineCount: op.lines.length,
  };
}

/** How many RGBA bytes of two decodes of one picture differ, and by how much at most. */
export function pixelDifference(a: RgbaImage, b: RgbaImage): { differing: number; maxDifference: number } {
  if (a.width !== b.width || a.height !== b.height) return { differing: a.rgba.length, maxDifference: 255 };
  let differing = 0;
  let maxDifference = 0;
  for (let i = 0; i < a.rgba.length; i++) {
    const d = Math.abs(a.rgba[i]! - b.rgba[i]!);
    if (d > 0) {
      differing++;
      if (d > maxDifference) maxDifference = d;
    }
  }
  return { differing, maxDifference };
}
