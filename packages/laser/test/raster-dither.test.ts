import { describe, expect, it } from 'vitest';
import type { DitherMethod } from '../src/model/document.js';
import { DEFAULT_BITMAP_SETTINGS } from '../src/model/layers.js';
import { BAYER_8, type DitherSettings, ditherToLevels, GREYSCALE_LEVELS } from '../src/raster/dither.js';
import { type GreyImage, quantiseGrey, toGrey } from '../src/raster/grey.js';

const grey = (w: number, h: number, f: (x: number, y: number) => number): GreyImage => {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = f(x, y);
  return { width: w, height: h, data };
};

const settings = (dither: DitherMethod, extra: Partial<DitherSettings> = {}): DitherSettings => ({
  ...DEFAULT_BITMAP_SETTINGS,
  dither,
  ...extra,
});

const onShare = (levels: Uint8Array, w: number, x0: number, x1: number, h: number) => {
  let on = 0;
  for (let y = 0; y < h; y++) for (let x = x0; x < x1; x++) on += levels[y * w + x] === 255 ? 1 : 0;
  return on / ((x1 - x0) * h);
};

const DITHERED: DitherMethod[] = ['bayer', 'floyd-steinberg', 'atkinson', 'jarvis', 'stucki', 'sierra', 'halftone'];
const DIFFUSION: DitherMethod[] = ['floyd-steinberg', 'atkinson', 'jarvis', 'stucki', 'sierra'];

/** The standard 8 × 8 Bayer index matrix, as published. */
const BAYER_REFERENCE = [
  [0, 32, 8, 40, 2, 34, 10, 42],
  [48, 16, 56, 24, 50, 18, 58, 26],
  [12, 44, 4, 36, 14, 46, 6, 38],
  [60, 28, 52, 20, 62, 30, 54, 22],
  [3, 35, 11, 43, 1, 33, 9, 41],
  [51, 19, 59, 27, 49, 17, 57, 25],
  [15, 47, 7, 39, 13, 45, 5, 37],
  [63, 31, 55, 23, 61, 29, 53, 21],
];

describe('grey conversion', () => {
  it('uses luma, composites alpha over white and inverts only the picture', () => {
    const rgba = Uint8Array.from([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 0, 0, 0, 0, 0, 128, 255, 255, 255, 255]);
    const img = { width: 5, height: 1, rgba };
    expect(Array.from(toGrey(img).data)).toEqual([77, 149, 255, 127, 255]);
    // Inverted: black becomes white and white black, but transparent stays white (unburnt).
    expect(Array.from(toGrey(img, true).data)).toEqual([178, 106, 255, 255, 0]);
    // An unaligned view takes the byte path and agrees.
    const shifted = new Uint8Array(rgba.length + 1);
    shifted.set(rgba, 1);
    expect(Array.from(toGrey({ width: 5, height: 1, rgba: shifted.subarray(1) }).data)).toEqual([
      77, 149, 255, 127, 255,
    ]);
  });

  it('quantises to evenly spaced levels keeping black and white', () => {
    const ramp = Uint8Array.from({ length: 256 }, (_, i) => i);
    quantiseGrey(ramp, 2);
    expect(new Set(ramp)).toEqual(new Set([0, 255]));
    expect([ramp[127], ramp[128]]).toEqual([0, 255]);
    const r4 = Uint8Array.from({ length: 256 }, (_, i) => i);
    quantiseGrey(r4, 4);
    expect([...new Set(r4)].sort((a, b) => a - b)).toEqual([0, 85, 170, 255]);
  });
});

describe('dithering', () => {
  it('turns a flat 50 % grey into about 50 % burnt pixels with every method', () => {
    const g = grey(64, 64, () => 128);
    for (const method of DITHERED) {
      const share = onShare(ditherToLevels(g, settings(method)), 64, 0, 64, 64);
      expect(share, method).toBeGreaterThan(0.44);
      expect(share, method).toBeLessThan(0.56);
    }
  });

  it("tracks a gradient's darkness band by band", () => {
    const w = 256;
    const h = 96;
    const g = grey(w, h, (x) => x);
    for (const method of DITHERED) {
      const levels = ditherToLevels(g, settings(method, { dot: 6 }));
      // Atkinson drops a quarter of the error, so it clips tones near black and white more.
      const tolerance = method === 'atkinson' ? 0.13 : 0.07;
      for (let band = 0; band < 8; band++) {
        const x0 = band * 32;
        const darkness = 1 - (x0 + 15.5) / 255;
        expect(Math.abs(onShare(levels, w, x0, x0 + 32, h) - darkness), `${method} band ${band}`).toBeLessThan(
          tolerance,
        );
      }
      // Pure white never burns, pure black always does.
      expect(
        onShare(
          ditherToLevels(
            grey(16, 16, () => 255),
            settings(method),
          ),
          16,
          0,
          16,
          16,
        ),
        method,
      ).toBe(0);
      expect(
        onShare(
          ditherToLevels(
            grey(16, 16, () => 0),
            settings(method),
          ),
          16,
          0,
          16,
          16,
        ),
        method,
      ).toBe(1);
    }
  });

  it('thresholds exactly: burns grey below the threshold', () => {
    const g = grey(256, 1, (x) => x);
    for (const t of [0, 1, 100, 128, 255, 256]) {
      const levels = ditherToLevels(g, settings('threshold', { threshold: t }));
      for (let x = 0; x < 256; x++) expect(levels[x]).toBe(x < t ? 255 : 0);
    }
  });

  it('uses the standard Bayer matrix: a flat grey gives its exact pattern', () => {
    expect(Array.from(BAYER_8)).toEqual(BAYER_REFERENCE.flat());
    for (const [g, cut] of [
      [128, 32],
      [192, 48],
      [64, 16],
    ] as const) {
      const levels = ditherToLevels(
        grey(16, 16, () => g),
        settings('bayer'),
      );
      for (let y = 0; y < 16; y++) {
        for (let x = 0; x < 16; x++) {
          expect(levels[y * 16 + x]).toBe(BAYER_REFERENCE[y % 8]![x % 8]! >= cut ? 255 : 0);
        }
      }
    }
  });

  it('diffuses error: serpentine and plain scans differ but keep the same tone', () => {
    const g = grey(128, 64, (x, y) => (x * 2 + y) & 255);
    for (const method of DIFFUSION) {
      const a = ditherToLevels(g, settings(method), { serpentine: true });
      const b = ditherToLevels(g, settings(method), { serpentine: false });
      expect(Buffer.compare(a, b), method).not.toBe(0);
      expect(Math.abs(onShare(a, 128, 0, 128, 64) - onShare(b, 128, 0, 128, 64)), method).toBeLessThan(0.02);
    }
  });

  it('matches a plain two-dimensional reference of each published kernel exactly', () => {
    // (dx, dy, weight) per kernel, as published; divisor = what the weights are over.
    const published: Record<string, [number, Array<[number, number, number]>]> = {
      'floyd-steinberg': [
        16,
        [
          [1, 0, 7],
          [-1, 1, 3],
          [0, 1, 5],
          [1, 1, 1],
        ],
      ],
      atkinson: [
        8,
        [
          [1, 0, 1],
          [2, 0, 1],
          [-1, 1, 1],
          [0, 1, 1],
          [1, 1, 1],
          [0, 2, 1],
        ],
      ],
      jarvis: [
        48,
        [
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
        ],
      ],
      stucki: [
        42,
        [
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
        ],
      ],
      sierra: [
        32,
        [
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
        ],
      ],
    };
    const w = 37;
    const h = 23;
    const g = grey(w, h, (x, y) => (x * 7 + y * 11 + ((x * y) % 13) * 9) % 256);
    for (const [method, [div, kernel]] of Object.entries(published)) {
      for (const serpentine of [false, true]) {
        const err = Array.from({ length: h }, () => new Array<number>(w).fill(0));
        const want = new Uint8Array(w * h);
        for (let y = 0; y < h; y++) {
          const back = serpentine && y % 2 === 1;
          for (let c = 0; c < w; c++) {
            const x = back ? w - 1 - c : c;
            const v = g.data[y * w + x]! + Math.floor((err[y]![x]! + div / 2) / div);
            const on = v < 128;
            want[y * w + x] = on ? 255 : 0;
            const e = on ? v : v - 255;
            for (const [dx, dy, weight] of kernel) {
              const tx = x + (back ? -dx : dx);
              if (y + dy < h && tx >= 0 && tx < w) err[y + dy]![tx]! += e * weight;
            }
          }
        }
        const got = ditherToLevels(g, settings(method as DitherMethod), { serpentine });
        expect(Array.from(got), `${method} serpentine=${serpentine}`).toEqual(Array.from(want));
      }
    }
  });

  it('gives each diffusion kernel its own pattern', () => {
    const g = grey(64, 64, (x, y) => 60 + ((x * 3 + y * 5) % 140));
    const patterns = DIFFUSION.map((m) => Buffer.from(ditherToLevels(g, settings(m))).toString('base64'));
    expect(new Set(patterns).size).toBe(DIFFUSION.length);
  });

  it('can write over its input and copes with one-pixel rasters', () => {
    for (const method of [...DITHERED, 'threshold', 'greyscale'] as DitherMethod[]) {
      const g = grey(1, 1, () => 0);
      expect(ditherToLevels(g, settings(method), {}, g.data)).toBe(g.data);
      expect(g.data[0], method).toBeGreaterThan(0);
    }
  });

  it('halftone: clustered dots on a screen that turns with the angle', () => {
    const g = grey(64, 64, () => 190); // about 25 % dark
    const flat = ditherToLevels(g, settings('halftone', { dot: 8, slope: 0 }));
    // At 0° the pattern repeats every cell…
    for (let y = 0; y < 56; y++) for (let x = 0; x < 56; x++) expect(flat[y * 64 + x]).toBe(flat[(y + 8) * 64 + x + 8]);
    // …and each cell burns a compact dot around its centre, not scattered pixels.
    const cell = Array.from({ length: 64 }, (_, k) => flat[Math.floor(k / 8) * 64 + (k % 8)] === 255);
    expect(cell[3 * 8 + 3] && cell[4 * 8 + 4]).toBe(true);
    expect(cell[0] || cell[7] || cell[56] || cell[63]).toBe(false);
    const turned = ditherToLevels(g, settings('halftone', { dot: 8, slope: 45 }));
    expect(Buffer.compare(flat, turned)).not.toBe(0);
    expect(Math.abs(onShare(turned, 64, 0, 64, 64) - onShare(flat, 64, 0, 64, 64))).toBeLessThan(0.05);
    // A bigger dot keeps the tone with fewer, larger clusters.
    const coarse = ditherToLevels(g, settings('halftone', { dot: 16, slope: 0 }));
    expect(Math.abs(onShare(coarse, 64, 0, 64, 64) - 65 / 255)).toBeLessThan(0.05);
    expect(Buffer.compare(coarse, flat)).not.toBe(0);
  });

  it('greyscale maps white to off, black to full power and greys linearly between', () => {
    const g = grey(256, 1, (x) => x);
    const levels = ditherToLevels(g, settings('greyscale'));
    expect(levels[255]).toBe(0);
    expect(levels[0]).toBe(255);
    expect(levels[254]).toBe(2); // 1 + round(254/255)
    for (let x = 0; x < 255; x++) expect(levels[x]).toBe(1 + Math.round(((255 - x) * 254) / 255));
    expect(Array.from(GREYSCALE_LEVELS)).toEqual(Array.from(levels));
  });
});
