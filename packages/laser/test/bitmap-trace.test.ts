import { describe, expect, it } from 'vitest';
import type { BitmapShape } from '../src/model/document.js';
import { DEFAULT_BITMAP_SETTINGS } from '../src/model/layers.js';
import type { GreyImage } from '../src/raster/grey.js';
import type { RgbaImage } from '../src/raster/image.js';
import { traceBitmap, traceOutlines } from '../src/raster/trace.js';

function mask(rows: string[]): GreyImage {
  const width = rows[0]!.length;
  const data = new Uint8Array(width * rows.length);
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) data[y * width + x] = row[x] === '#' ? 0 : 255;
  });
  return { width, height: rows.length, data };
}

function picture(w: number, h: number, dark: (x: number, y: number) => boolean): RgbaImage {
  const rgba = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const g = dark(x, y) ? 20 : 235;
      rgba.set([g, g, g, 255], (y * w + x) * 4);
    }
  }
  return { width: w, height: h, rgba };
}

const shapeOf = (w: number, h: number, settings = {}): Pick<BitmapShape, 'width' | 'height' | 'settings'> => ({
  width: w / 10,
  height: h / 10,
  settings: { ...DEFAULT_BITMAP_SETTINGS, ...settings },
});

describe('traceOutlines', () => {
  it('follows a block of ink around its corners', () => {
    const rings = traceOutlines(mask(['....', '.##.', '.##.', '....']));
    expect(rings).toHaveLength(1);
    expect(rings[0]!.map((p) => `${p.x},${p.y}`).sort()).toEqual(['1,1', '1,3', '3,1', '3,3']);
  });

  it('gives a hole its own outline and keeps diagonal neighbours apart', () => {
    expect(traceOutlines(mask(['###', '#.#', '###']))).toHaveLength(2);
    expect(traceOutlines(mask(['#.', '.#']))).toHaveLength(2);
    expect(traceOutlines(mask(['..', '..']))).toHaveLength(0);
  });
});

describe('traceBitmap', () => {
  const disc = picture(80, 60, (x, y) => (x - 40) ** 2 + (y - 30) ** 2 < 20 ** 2);

  it('outlines a dark disc in millimetres of the frame', () => {
    const path = traceBitmap(disc, shapeOf(80, 60));
    expect(path).toHaveLength(1);
    const points = [path[0]!.start, ...path[0]!.segments.map((s) => s.to)];
    const radii = points.map((p) => Math.hypot(p.x - 4, p.y - 3));
    expect(Math.min(...radii)).toBeGreaterThan(1.85);
    expect(Math.max(...radii)).toBeLessThan(2.15);
    expect(points.length).toBeLessThan(120); // simplified, not one point per pixel step
  });

  it('follows threshold, invert, brightness and drops specks', () => {
    expect(traceBitmap(disc, shapeOf(80, 60, { invert: true }))).toHaveLength(2); // frame with a hole
    expect(traceBitmap(disc, shapeOf(80, 60, { threshold: 10 }))).toHaveLength(0);
    expect(traceBitmap(disc, shapeOf(80, 60, { brightness: 50 }))).toHaveLength(0);
    const speck = picture(40, 40, (x, y) => x === 5 && y === 5);
    expect(traceBitmap(speck, shapeOf(40, 40))).toHaveLength(0);
  });
});
