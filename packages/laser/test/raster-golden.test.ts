import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BitmapSettings, BitmapShape, DitherMethod } from '../src/model/document.js';
import { DEFAULT_MACHINE } from '../src/model/job.js';
import { createLayer, DEFAULT_BITMAP_SETTINGS } from '../src/model/layers.js';
import { IDENTITY, type Matrix, rotate } from '../src/model/matrix.js';
import { ByteWriter } from '../src/output/bytes.js';
import type { RgbaImage } from '../src/raster/image.js';
import { rasterOpToMachine, writeRasterGcode } from '../src/raster/raster-gcode.js';
import { rasterOp } from '../src/raster/raster-op.js';

/**
 * Golden raster G-code: the SHA-256 of the bytes written for a small photo-like picture under many
 * settings. The hashes were taken from the writer before its speed work; any change of a single byte
 * (a number's rounding, a move merged or split, a dither's error share) fails here. When a change of
 * output is intended, say why in the commit and take the new hashes from the failure message.
 */

/** A w × h picture with gradients, a disc, flat white and black areas, half-transparent pixels and noise. */
function photo(w: number, h: number): RgbaImage {
  const rgba = new Uint8Array(w * h * 4);
  let seed = 12345;
  const noise = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 24) - 128;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let g = 230 - (180 * y) / h + 20 * Math.sin(x / 7);
      if (Math.hypot(x - w * 0.6, y - h * 0.4) < h * 0.25) g = 40 + x / 3;
      if (x < w * 0.1) g = 255; // white margin: trimmed and long gaps
      if (y > h * 0.85 && x > w * 0.5) g = 0; // solid black block: long runs
      g += noise() / 8;
      const v = Math.max(0, Math.min(255, Math.round(g)));
      const o = (y * w + x) * 4;
      rgba[o] = v;
      rgba[o + 1] = Math.max(0, v - 10);
      rgba[o + 2] = Math.min(255, v + 10);
      rgba[o + 3] = x > w * 0.9 ? 128 : 255;
    }
  }
  return { width: w, height: h, rgba };
}

const PICTURE = photo(96, 64);

interface Case {
  name: string;
  settings: Partial<BitmapSettings>;
  matrix?: Matrix;
  /** mm per source pixel (placement size), default 0.1 (254 dpi: 1:1). */
  mm?: number;
  overscan?: number;
  origin?: 'top-left' | 'bottom-left';
}

const DITHERS: DitherMethod[] = [
  'floyd-steinberg',
  'greyscale',
  'threshold',
  'bayer',
  'halftone',
  'atkinson',
  'jarvis',
  'stucki',
  'sierra',
];

const CASES: Case[] = [
  ...DITHERS.map((dither) => ({ name: dither, settings: { dither } })),
  { name: 'fs one-way', settings: { bidirectional: false } },
  { name: 'fs vertical bottom-right', settings: { scanDirection: 'vertical', startPosition: 'bottom-right' } },
  {
    name: 'greyscale vertical top-right',
    settings: { dither: 'greyscale', scanDirection: 'vertical', startPosition: 'top-right' },
  },
  {
    name: 'greyscale bottom-left, 16 levels, inverted',
    settings: { dither: 'greyscale', startPosition: 'bottom-left', greyLevel: 16, invert: true },
  },
  { name: 'fs enlarged 2.5×', settings: {}, mm: 0.25 },
  { name: 'fs reduced', settings: { dpiX: 100, dpiY: 127 } },
  { name: 'greyscale rotated 30°', settings: { dither: 'greyscale' }, matrix: rotate(30) },
  { name: 'fs no overscan', settings: {}, overscan: 0 },
  { name: 'greyscale wide overscan', settings: { dither: 'greyscale' }, overscan: 7.5 },
  { name: 'threshold top-left origin', settings: { dither: 'threshold', threshold: 90 }, origin: 'top-left' },
] as Case[];

function gcodeOf(c: Case): Uint8Array {
  const mm = c.mm ?? 0.1;
  const settings = { ...DEFAULT_BITMAP_SETTINGS, ...c.settings };
  const shape: BitmapShape = {
    kind: 'bitmap',
    id: 'b1',
    layerId: 'L1',
    transform: IDENTITY,
    x: 3,
    y: 4,
    width: PICTURE.width * mm,
    height: PICTURE.height * mm,
    src: '',
    pixelWidth: PICTURE.width,
    pixelHeight: PICTURE.height,
    settings,
  };
  const layer = createLayer({ id: 'L1', mode: 'image', speed: 150, minPower: 3, maxPower: 27 });
  layer.fillSettings = { ...layer.fillSettings, overscan: c.overscan ?? 2 };
  const op = rasterOp(PICTURE, { shape, matrix: c.matrix ?? IDENTITY }, layer);
  const machine = { ...DEFAULT_MACHINE, origin: c.origin ?? 'bottom-left' };
  const out = new ByteWriter(256);
  writeRasterGcode(rasterOpToMachine(op, 20, machine.origin), layer, machine, out, { x: 1, y: 2 });
  return out.toBytes();
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex').slice(0, 16);

const GOLDEN: Record<string, string> = {
  atkinson: '430bac479325eae0',
  bayer: '093ecb1a1adc7760',
  'floyd-steinberg': 'c1787a7cf145c792',
  'fs enlarged 2.5×': '48425ff34a369961',
  'fs no overscan': '6fcde34aeb93890b',
  'fs one-way': '4f1518853a6b93bd',
  'fs reduced': '60dc82ec7bb14a52',
  'fs vertical bottom-right': '03386f0afbcf6240',
  greyscale: 'c8186927a26ed2c7',
  'greyscale bottom-left, 16 levels, inverted': 'c51f584b3cf33231',
  'greyscale rotated 30°': '50079e639f81eadd',
  'greyscale vertical top-right': 'f2c9fbf97528ddc4',
  'greyscale wide overscan': '6e2fdc472762a34b',
  halftone: '0661333c175974b8',
  jarvis: 'caac91d39b64b94f',
  sierra: '6a1d04809a185c08',
  stucki: '1a29a466640c8cc6',
  threshold: '2e7d6b94845ab9fc',
  'threshold top-left origin': 'c613de9edcb3a0eb',
};

describe('raster G-code: golden output', () => {
  it('writes the same bytes as before for every dither, scan, placement and overscan', () => {
    const outputs = CASES.map((c) => [c.name, gcodeOf(c)] as const);
    for (const [name, bytes] of outputs) expect(bytes.length, name).toBeGreaterThan(2000);
    const got = Object.fromEntries(outputs.map(([name, bytes]) => [name, sha256(bytes)]));
    expect(got).toEqual(GOLDEN);
  });
});
