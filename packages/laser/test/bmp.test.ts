import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeBmp } from '../src/raster/bmp.js';
import { ImageFormatError } from '../src/raster/image.js';
import { CORPUS, haveCorpus } from './corpus.js';

/** A BMP with a 40-byte header, written here so each case is exact. */
function bmp(opts: {
  width: number;
  height: number;
  bpp: number;
  compression?: number;
  palette?: Array<[number, number, number]>;
  masks?: number[];
  pixels: number[];
}): Uint8Array {
  const palette = opts.palette ?? [];
  const masks = opts.masks ?? [];
  const offset = 14 + 40 + masks.length * 4 + palette.length * 4;
  const size = offset + opts.pixels.length;
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  out[0] = 0x42;
  out[1] = 0x4d;
  v.setUint32(2, size, true);
  v.setUint32(10, offset, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, opts.width, true);
  v.setInt32(22, opts.height, true);
  v.setUint16(26, 1, true);
  v.setUint16(28, opts.bpp, true);
  v.setUint32(30, opts.compression ?? 0, true);
  v.setInt32(38, 11811, true); // 300 dpi
  v.setInt32(42, 11811, true);
  v.setUint32(46, palette.length, true);
  for (const [i, m] of masks.entries()) v.setUint32(54 + i * 4, m, true);
  for (const [i, [r, g, b]] of palette.entries()) out.set([b, g, r, 0], 54 + masks.length * 4 + i * 4);
  out.set(opts.pixels, offset);
  return out;
}

const px = (img: { width: number; rgba: Uint8Array }, x: number, y: number) =>
  Array.from(img.rgba.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));

describe('decodeBmp', () => {
  it('reads 1-bit rows bottom-up, with the palette and the stored resolution', () => {
    // 3×2, rows padded to 4 bytes; bottom row first: 1 0 1 / top row: 0 1 0.
    const img = decodeBmp(
      bmp({
        width: 3,
        height: 2,
        bpp: 1,
        palette: [
          [0, 0, 0],
          [255, 255, 255],
        ],
        pixels: [0b10100000, 0, 0, 0, 0b01000000, 0, 0, 0],
      }),
    );
    expect([img.width, img.height, img.dpiX, img.dpiY]).toEqual([3, 2, 300, 300]);
    expect([px(img, 0, 0), px(img, 1, 0), px(img, 0, 1), px(img, 1, 1)]).toEqual([
      [0, 0, 0, 255],
      [255, 255, 255, 255],
      [255, 255, 255, 255],
      [0, 0, 0, 255],
    ]);
  });

  it('reads top-down 24-bit rows and 16-bit 5-6-5 bit fields', () => {
    const top = decodeBmp(bmp({ width: 1, height: -2, bpp: 24, pixels: [255, 0, 0, 0, 0, 0, 255, 0] }));
    expect([px(top, 0, 0), px(top, 0, 1)]).toEqual([
      [0, 0, 255, 255],
      [255, 0, 0, 255],
    ]);
    const rgb565 = decodeBmp(
      bmp({
        width: 2,
        height: 1,
        bpp: 16,
        compression: 3,
        masks: [0xf800, 0x07e0, 0x001f],
        pixels: [0x00, 0xf8, 0xe0, 0x07],
      }),
    );
    expect([px(rgb565, 0, 0), px(rgb565, 1, 0)]).toEqual([
      [255, 0, 0, 255],
      [0, 255, 0, 255],
    ]);
  });

  it('expands RLE8 runs, absolute runs, deltas and line ends', () => {
    const palette: Array<[number, number, number]> = [
      [0, 0, 0],
      [255, 0, 0],
      [0, 0, 255],
    ];
    // Bottom row: 2×red, then absolute [blue, red, blue] (padded); end of line; top row: delta 1,0 then 1×blue; end.
    const pixels = [2, 1, 0, 3, 2, 1, 2, 0, 0, 0, 0, 2, 1, 0, 1, 2, 0, 1];
    const img = decodeBmp(bmp({ width: 5, height: 2, bpp: 8, compression: 1, palette, pixels }));
    expect([0, 1, 2, 3, 4].map((x) => px(img, x, 1)[0])).toEqual([255, 255, 0, 255, 0]);
    expect(px(img, 0, 0)[3]).toBe(0); // skipped by the delta: left transparent
    expect(px(img, 1, 0)).toEqual([0, 0, 255, 255]);
  });

  it('refuses what is not a BMP, and truncated or absurd files, with a reason', () => {
    expect(() => decodeBmp(new TextEncoder().encode('GIF89a……'))).toThrow(ImageFormatError);
    const good = bmp({ width: 4, height: 4, bpp: 24, pixels: new Array(48).fill(0) });
    expect(() => decodeBmp(good.subarray(0, good.length - 10))).toThrow(/ends inside the pixel data/);
    const huge = bmp({ width: 100_000, height: 100_000, bpp: 24, pixels: [0] });
    expect(() => decodeBmp(huge)).toThrow(/too many pixels/);
  });
});

describe.skipIf(!haveCorpus)('decodeBmp on the BMP suite', () => {
  const dir = join(CORPUS, 'bmp');
  const read = (sub: string, name: string) => new Uint8Array(readFileSync(join(dir, sub, name)));
  const reference = haveCorpus ? decodeBmp(read('good', 'rgb24.bmp')) : null;

  /** Mean absolute difference of the colour channels against the 24-bit reference, 0–255. */
  const distance = (img: { width: number; height: number; rgba: Uint8Array }) => {
    let sum = 0;
    const ref = reference!;
    for (let i = 0; i < ref.rgba.length; i++) if (i % 4 !== 3) sum += Math.abs(img.rgba[i]! - ref.rgba[i]!);
    return sum / ((ref.rgba.length / 4) * 3);
  };

  it('reads every good file as the same picture', () => {
    const names = readdirSync(join(dir, 'good')).filter((n) => n.endsWith('.bmp'));
    expect(names.length).toBeGreaterThan(20);
    const decoded = new Map(names.map((n) => [n, decodeBmp(read('good', n))]));
    const same = (a: string, b: string) => {
      const x = decoded.get(a)!;
      const y = decoded.get(b)!;
      expect([x.width, x.height], a).toEqual([y.width, y.height]);
      expect(Buffer.compare(Buffer.from(x.rgba), Buffer.from(y.rgba)), `${a} = ${b}`).toBe(0);
    };
    // Every encoding of one palette gives exactly the same pixels as the plain file of that depth.
    for (const n of ['pal8-0', 'pal8os2', 'pal8rle', 'pal8topdown', 'pal8v4', 'pal8v5']) same(`${n}.bmp`, 'pal8.bmp');
    same('pal4rle.bmp', 'pal4.bmp');
    for (const n of ['rgb24pal', 'rgb32', 'rgb32bf', 'rgb32bfdef']) same(`${n}.bmp`, 'rgb24.bmp');
    same('rgb16bfdef.bmp', 'rgb16.bmp');
    same('rgb16-565pal.bmp', 'rgb16-565.bmp');
    // And each depth is the same picture as the 24-bit one, as closely as its colours allow.
    const limits: Record<string, number> = { 'pal1.bmp': 110, 'pal4.bmp': 70, 'pal4gs.bmp': 35, 'pal8.bmp': 16 };
    Object.assign(limits, { 'pal8gs.bmp': 30, 'rgb16.bmp': 2, 'rgb16-565.bmp': 2 });
    for (const [name, limit] of Object.entries(limits)) expect(distance(decoded.get(name)!), name).toBeLessThan(limit);
    for (const n of ['pal8w124', 'pal8w125', 'pal8w126']) {
      expect(decoded.get(`${n}.bmp`)!.width).toBe(Number(n.slice(-3)));
    }
    expect([decoded.get('pal8nonsquare.bmp')!.width, decoded.get('pal8nonsquare.bmp')!.height]).toEqual([127, 32]);
  });

  it('refuses every bad file with a reason instead of crashing or allocating without bound', () => {
    for (const name of readdirSync(join(dir, 'bad')).filter((n) => n.endsWith('.bmp'))) {
      let outcome: string;
      try {
        const img = decodeBmp(read('bad', name));
        outcome = `decoded ${img.width}×${img.height}`;
      } catch (err) {
        expect(err, name).toBeInstanceOf(ImageFormatError);
        outcome = 'refused';
      }
      // rgb16-880 has no blue bits: odd, not damaged (it reads as a picture without blue).
      expect(outcome, name).toBe(name === 'rgb16-880.bmp' ? 'decoded 127×64' : 'refused');
    }
  });
});
