import { describe, expect, it } from 'vitest';
import type { BitmapSettings, BitmapShape, StartPosition } from '../src/model/document.js';
import { SettingError } from '../src/model/errors.js';
import { createLayer, DEFAULT_BITMAP_SETTINGS } from '../src/model/layers.js';
import {
  apply,
  IDENTITY,
  invert,
  type Matrix,
  multiply,
  rotate,
  scale,
  skewX,
  translate,
} from '../src/model/matrix.js';
import type { GreyImage } from '../src/raster/grey.js';
import type { RgbaImage } from '../src/raster/image.js';
import { levelsToRasterOp, rasterOp } from '../src/raster/raster-op.js';
import { gridPlacement, type RasterGrid, resampleToGrid } from '../src/raster/resample.js';

const greyImage = (w: number, h: number, f: (x: number, y: number) => number): GreyImage => {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = f(x, y);
  return { width: w, height: h, data };
};

const rgbaOf = (g: GreyImage): RgbaImage => {
  const rgba = new Uint8Array(g.width * g.height * 4);
  for (let i = 0; i < g.data.length; i++) rgba.set([g.data[i]!, g.data[i]!, g.data[i]!, 255], i * 4);
  return { width: g.width, height: g.height, rgba };
};

const frame = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

function bitmap(w: number, h: number, mm: { width: number; height: number }, s: Partial<BitmapSettings> = {}) {
  const shape: BitmapShape = {
    kind: 'bitmap',
    id: 'b1',
    layerId: 'L1',
    transform: IDENTITY,
    x: 0,
    y: 0,
    width: mm.width,
    height: mm.height,
    src: '',
    pixelWidth: w,
    pixelHeight: h,
    settings: { ...DEFAULT_BITMAP_SETTINGS, ...s },
  };
  return shape;
}

const layer = createLayer({ id: 'L1', mode: 'image', fillSettings: { overscan: 1.5 } as never });

/** Centres (document mm) of the grid pixels darker than `below`. */
function darkCentres(g: RasterGrid, below = 128): Array<{ x: number; y: number }> {
  const out = [];
  for (let j = 0; j < g.height; j++) {
    for (let i = 0; i < g.width; i++) {
      if (g.data[j * g.width + i]! < below) {
        out.push({ x: g.originX + (i + 0.5) * g.pixelX, y: g.originY + (j + 0.5) * g.pixelY });
      }
    }
  }
  return out;
}

describe('resampling to the output grid', () => {
  it('copies pixels one to one when the grid matches the picture', () => {
    const g = greyImage(20, 10, (x, y) => (x * 13 + y * 7) & 255);
    const grid = resampleToGrid(g, frame(5, 3, 2, 1), IDENTITY, 254, 254);
    expect([grid.width, grid.height, grid.originX, grid.originY]).toEqual([20, 10, 5, 3]);
    expect(Array.from(grid.data)).toEqual(Array.from(g.data));
    expect(grid.data).not.toBe(g.data); // a copy unless the caller lends its grey image
  });

  it('takes over a lent grey image only when the grid is the picture itself', () => {
    const g = greyImage(20, 10, (x, y) => (x * 13 + y * 7) & 255);
    expect(resampleToGrid(g, frame(5, 3, 2, 1), IDENTITY, 254, 254, true).data).toBe(g.data);
    // Enlarged, or at another DPI: a new raster, the picture untouched.
    const before = Array.from(g.data);
    expect(resampleToGrid(g, frame(5, 3, 4, 2), IDENTITY, 254, 254, true).data).not.toBe(g.data);
    expect(resampleToGrid(g, frame(5, 3, 2, 1), IDENTITY, 127, 254, true).data).not.toBe(g.data);
    expect(Array.from(g.data)).toEqual(before);
  });

  it('doubling the DPI gives four times the pixels, same picture', () => {
    const g = greyImage(30, 20, (x) => (x < 10 ? 0 : 255));
    const a = resampleToGrid(g, frame(0, 0, 30, 20), IDENTITY, 25.4, 25.4);
    const b = resampleToGrid(g, frame(0, 0, 30, 20), IDENTITY, 50.8, 50.8);
    expect(b.width * b.height).toBe(4 * a.width * a.height);
    // The dark third stays the dark third (bilinear blends only at the edge).
    const darkA = darkCentres(a).length / (a.width * a.height);
    const darkB = darkCentres(b).length / (b.width * b.height);
    expect(Math.abs(darkA - 1 / 3)).toBeLessThan(0.02);
    expect(Math.abs(darkB - 1 / 3)).toBeLessThan(0.02);
  });

  it('averages when reducing (box filter) and interpolates when enlarging', () => {
    const checker = greyImage(100, 100, (x, y) => ((x + y) % 2 ? 255 : 0));
    const small = resampleToGrid(checker, frame(0, 0, 1, 1), IDENTITY, 254, 254); // 10 × 10
    expect([small.width, small.height]).toEqual([10, 10]);
    for (const v of small.data) expect(Math.abs(v - 127.5)).toBeLessThan(2);
    const ramp = greyImage(2, 1, (x) => x * 200);
    const big = resampleToGrid(ramp, frame(0, 0, 2, 1), IDENTITY, 25.4 * 4, 25.4);
    expect(Array.from(big.data)).toEqual([0, 0, 25, 75, 125, 175, 200, 200]);
  });

  it('puts pixels where the matrix says: translate, scale, mirror, rotate, skew', () => {
    // One black pixel at (2, 7) of a 10 × 10 white picture, 10 × 10 mm.
    const g = greyImage(10, 10, (x, y) => (x === 2 && y === 7 ? 0 : 255));
    const f = frame(1, 2, 10, 10);
    const matrices: Matrix[] = [
      translate(30, 40),
      multiply(translate(50, 10), scale(-1, 1)),
      multiply(translate(20, 20), scale(1, -2)),
      rotate(90, 5, 5),
      rotate(30),
      multiply(translate(10, 0), skewX(20)),
    ];
    for (const m of matrices) {
      const grid = resampleToGrid(g, f, m, 254, 254); // 0.1 mm pixels
      const where = apply(m, { x: f.x + 2.5, y: f.y + 7.5 }); // the black pixel's centre
      const dark = darkCentres(grid, 200);
      expect(dark.length, String(m)).toBeGreaterThan(0);
      const meanX = dark.reduce((s, p) => s + p.x, 0) / dark.length;
      const meanY = dark.reduce((s, p) => s + p.y, 0) / dark.length;
      expect(Math.abs(meanX - where.x), String(m)).toBeLessThan(0.1);
      expect(Math.abs(meanY - where.y), String(m)).toBeLessThan(0.1);
      // Every dark pixel maps back inside the black source pixel (up to the interpolation fringe).
      const back = multiply(invert(m), translate(0, 0));
      for (const p of dark) {
        const s = apply(back, p);
        expect(s.x - f.x, String(m)).toBeGreaterThan(1.4);
        expect(s.x - f.x, String(m)).toBeLessThan(3.6);
        expect(s.y - f.y, String(m)).toBeGreaterThan(6.4);
        expect(s.y - f.y, String(m)).toBeLessThan(8.6);
      }
    }
  });

  it('covers the rotated bounds and burns the rotated rectangle only', () => {
    const black = greyImage(40, 20, () => 0);
    const m = rotate(30, 10, 5);
    const f = frame(0, 0, 20, 10);
    const grid = resampleToGrid(black, f, m, 127, 127); // 0.2 mm pixels
    const corners = [
      [0, 0],
      [20, 0],
      [0, 10],
      [20, 10],
    ].map(([x, y]) => apply(m, { x: x!, y: y! }));
    const minX = Math.min(...corners.map((c) => c.x));
    const maxX = Math.max(...corners.map((c) => c.x));
    const minY = Math.min(...corners.map((c) => c.y));
    const maxY = Math.max(...corners.map((c) => c.y));
    expect(grid.originX).toBeCloseTo(minX, 9);
    expect(grid.originY).toBeCloseTo(minY, 9);
    expect(Math.abs(grid.width * 0.2 - (maxX - minX))).toBeLessThan(0.2);
    expect(Math.abs(grid.height * 0.2 - (maxY - minY))).toBeLessThan(0.2);
    const dark = darkCentres(grid);
    // Area: 200 mm² = 5000 pixels of 0.04 mm².
    expect(Math.abs(dark.length - 5000) / 5000).toBeLessThan(0.03);
    const inv = invert(m);
    for (const p of dark) {
      const s = apply(inv, p);
      expect(s.x).toBeGreaterThan(-0.15);
      expect(s.x).toBeLessThan(20.15);
      expect(s.y).toBeGreaterThan(-0.15);
      expect(s.y).toBeLessThan(10.15);
    }
  });

  it('refuses a flattening transform and absurd sizes with SettingError', () => {
    const g = greyImage(4, 4, () => 0);
    expect(() => resampleToGrid(g, frame(0, 0, 4, 4), [1, 0, 1, 0, 0, 0], 254, 254)).toThrow(SettingError);
    expect(() => resampleToGrid(g, frame(0, 0, 0, 4), IDENTITY, 254, 254)).toThrow(SettingError);
    expect(() => gridPlacement(frame(0, 0, 4000, 4000), IDENTITY, 4, 4, 5000, 5000)).toThrow(SettingError);
  });
});

/** A grid of levels (1 mm pixels, origin at (10, 20)) for the scan-order tests. */
function levelsGrid(rows: number[][]): RasterGrid {
  const h = rows.length;
  const w = rows[0]!.length;
  return { width: w, height: h, data: Uint8Array.from(rows.flat()), originX: 10, originY: 20, pixelX: 1, pixelY: 1 };
}

const scan = (startPosition: StartPosition, bidirectional: boolean, scanDirection: 'horizontal' | 'vertical') => ({
  layerId: 'L1',
  shapeId: 'b1',
  startPosition,
  bidirectional,
  scanDirection,
  overscan: 2,
});

describe('raster ops: line order, direction and trimming', () => {
  const rows = [
    [0, 5, 6, 0],
    [0, 0, 0, 0],
    [7, 0, 0, 8],
    [0, 0, 9, 0],
  ];

  it('starts at the chosen corner and alternates direction when bidirectional', () => {
    const cases: Array<[StartPosition, number[], number[]]> = [
      ['top-left', [20.5, 22.5, 23.5], [1, -1, 1]],
      ['top-right', [20.5, 22.5, 23.5], [-1, 1, -1]],
      ['bottom-left', [23.5, 22.5, 20.5], [1, -1, 1]],
      ['bottom-right', [23.5, 22.5, 20.5], [-1, 1, -1]],
    ];
    for (const [corner, ats, steps] of cases) {
      const op = levelsToRasterOp(levelsGrid(rows), scan(corner, true, 'horizontal'));
      expect(
        op.lines.map((l) => l.at),
        corner,
      ).toEqual(ats);
      expect(
        op.lines.map((l) => l.step),
        corner,
      ).toEqual(steps);
      const one = levelsToRasterOp(levelsGrid(rows), scan(corner, false, 'horizontal'));
      expect(new Set(one.lines.map((l) => l.step)), corner).toEqual(new Set([steps[0]]));
    }
  });

  it('trims white ends, keeps `from` on the first burnt pixel and drops white lines', () => {
    const op = levelsToRasterOp(levelsGrid(rows), scan('top-left', true, 'horizontal'));
    expect(op.lines.map((l) => [l.from, Array.from(l.levels)])).toEqual([
      [11, [5, 6]],
      [14, [8, 0, 0, 7]], // reversed: starts at the right edge of the last pixel
      [12, [9]],
    ]);
    expect([op.kind, op.axis, op.overscan, op.layerId, op.shapeId]).toEqual(['raster', 'horizontal', 2, 'L1', 'b1']);
  });

  it('scans columns for vertical scans', () => {
    const op = levelsToRasterOp(levelsGrid(rows), scan('top-left', true, 'vertical'));
    // Columns x = 10.5 … 13.5, all with something to burn; the first runs down from the top.
    expect(op.lines.map((l) => [l.at, l.from, l.step, Array.from(l.levels)])).toEqual([
      [10.5, 22, 1, [7]],
      [11.5, 21, -1, [5]],
      [12.5, 20, 1, [6, 0, 0, 9]],
      [13.5, 23, -1, [8]],
    ]);
    const up = levelsToRasterOp(levelsGrid(rows), scan('bottom-right', false, 'vertical'));
    expect(up.lines.map((l) => [l.at, l.from, l.step])).toEqual([
      [13.5, 23, -1],
      [12.5, 24, -1],
      [11.5, 21, -1],
      [10.5, 23, -1],
    ]);
  });
});

describe('rasterOp', () => {
  const picture = greyImage(8, 4, (x, y) => (y === 1 ? 255 : x < 4 ? 0 : 255));
  const img = rgbaOf(picture);
  const place = (s: Partial<BitmapSettings>, matrix: Matrix = IDENTITY) => ({
    shape: bitmap(8, 4, { width: 8, height: 4 }, { dpiX: 25.4, dpiY: 25.4, ...s }),
    matrix,
  });

  it('burns the dark pixels at full power, white rows left out', () => {
    const op = rasterOp(img, place({ dither: 'threshold' }), layer);
    expect(op.overscan).toBe(1.5);
    expect(op.lines.map((l) => [l.at, l.from, l.step, Array.from(l.levels)])).toEqual([
      [0.5, 0, 1, [255, 255, 255, 255]],
      [2.5, 4, -1, [255, 255, 255, 255]],
      [3.5, 0, 1, [255, 255, 255, 255]],
    ]);
  });

  it('maps grey to power levels in greyscale mode, inverts on request', () => {
    const ramp = rgbaOf(greyImage(4, 1, (x) => [0, 100, 200, 255][x]!));
    const shape = bitmap(4, 1, { width: 4, height: 1 }, { dpiX: 25.4, dpiY: 25.4, dither: 'greyscale' });
    const op = rasterOp(ramp, { shape, matrix: IDENTITY }, layer);
    const lv = (g: number) => 1 + Math.round(((255 - g) * 254) / 255);
    expect(Array.from(op.lines[0]!.levels)).toEqual([255, lv(100), lv(200)]);
    shape.settings.invert = true;
    const inv = rasterOp(ramp, { shape, matrix: IDENTITY }, layer);
    expect(inv.lines[0]!.from).toBe(1);
    expect(Array.from(inv.lines[0]!.levels)).toEqual([lv(155), lv(55), 255]);
    shape.settings.greyLevel = 2;
    const two = rasterOp(ramp, { shape, matrix: IDENTITY }, layer);
    expect(Array.from(two.lines[0]!.levels)).toEqual([255, 255]);
  });

  it('follows the placement matrix', () => {
    const op = rasterOp(img, place({ dither: 'threshold' }, translate(100, 50)), layer);
    expect(op.lines[0]!.at).toBeCloseTo(50.5, 9);
    expect(op.lines[0]!.from).toBeCloseTo(100, 9);
  });

  it('refuses bad settings with SettingError', () => {
    for (const bad of [{ dpiX: 0 }, { dpiY: Number.NaN }, { greyLevel: 1 }, { greyLevel: 300 }] as const) {
      expect(() => rasterOp(img, place(bad), layer), JSON.stringify(bad)).toThrow(SettingError);
    }
    expect(() => rasterOp(img, place({ dither: 'halftone', dot: 0 }), layer)).toThrow(SettingError);
    expect(() => rasterOp(img, place({ dither: 'nope' as never }), layer)).toThrow(SettingError);
  });
});
