import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CORE_IMAGE_DECODER,
  checkImageFile,
  decodeImage,
  decodeImageWith,
  ImageFormatError,
  MAX_IMAGE_PIXELS,
  type RgbaImage,
} from '@kerf/laser';
import { encode as encodePng } from 'fast-png';
import { encode as encodeJpeg } from 'jpeg-js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sharpImageDecoder } from './sharp-image-decoder.js';

const CORPUS = process.env.KERF_CORPUS ?? resolve(import.meta.dirname, '../../../../../../shared/corpus');

/** The PNG and JPEG files of the shared corpus (rendered SVG test pictures and more). */
function corpusPictures(): string[] {
  if (!existsSync(CORPUS)) return [];
  const found = execFileSync('find', [CORPUS, '-type', 'f', '(', '-iname', '*.png', '-o', '-iname', '*.jp*g', ')']);
  return found.toString().trim().split('\n').filter(Boolean).sort();
}

/** How many bytes differ, and by how much at most. */
function difference(a: RgbaImage, b: RgbaImage): { count: number; max: number } {
  expect([b.width, b.height, b.rgba.length]).toEqual([a.width, a.height, a.rgba.length]);
  let count = 0;
  let max = 0;
  for (let i = 0; i < a.rgba.length; i++) {
    const d = Math.abs(a.rgba[i]! - b.rgba[i]!);
    if (d > 0) {
      count++;
      max = Math.max(max, d);
    }
  }
  return { count, max };
}

/** A w × h picture with every byte value in every channel somewhere. */
function samples(w: number, h: number, channels: number, depth: 8 | 16): Uint8Array | Uint16Array {
  const n = w * h * channels;
  const data = depth === 16 ? new Uint16Array(n) : new Uint8Array(n);
  for (let i = 0; i < n; i++) data[i] = depth === 16 ? (i * 7919) & 65535 : (i * 37 + (i >> 8)) & 255;
  return data;
}

describe('sharpImageDecoder', () => {
  const pictures = corpusPictures();

  it.skipIf(pictures.length === 0)(
    `gives the core decoder's pixels for every corpus PNG (${pictures.length})`,
    async () => {
      let compared = 0;
      for (const file of pictures.filter((f) => f.toLowerCase().endsWith('.png'))) {
        const bytes = new Uint8Array(readFileSync(file));
        const core = decodeImage(bytes);
        const native = await decodeImageWith(bytes, sharpImageDecoder);
        expect(difference(core, native), file).toEqual({ count: 0, max: 0 });
        compared++;
      }
      expect(compared).toBeGreaterThan(50);
    },
  );

  it('gives the same pixels for every PNG layout: grey, grey + alpha, RGB, RGBA, 8 and 16 bits, palette', async () => {
    const layouts: Array<[channels: number, depth: 8 | 16]> = [
      [1, 8],
      [2, 8],
      [3, 8],
      [4, 8],
      [1, 16],
      [2, 16],
      [3, 16],
      [4, 16],
    ];
    for (const [channels, depth] of layouts) {
      const png = encodePng({ width: 61, height: 37, channels, depth, data: samples(61, 37, channels, depth) });
      const native = await decodeImageWith(png, sharpImageDecoder);
      expect(difference(decodeImage(png), native), `${channels} channels, ${depth} bits`).toEqual({ count: 0, max: 0 });
    }
    const palette = [
      [255, 0, 0, 255],
      [0, 255, 0, 128],
      [0, 0, 255, 0],
      [9, 9, 9],
    ];
    const indexed = Uint8Array.from({ length: 40 * 9 }, (_, i) => (i * 7) % 4);
    const png = encodePng({ width: 40, height: 9, channels: 1, depth: 8, data: indexed, palette } as never);
    expect(difference(decodeImage(png), await decodeImageWith(png, sharpImageDecoder))).toEqual({ count: 0, max: 0 });
  });

  it('decodes a lossless WebP (which the core cannot) to exactly the pixels it was made from', async () => {
    const data = new Uint8Array(samples(37, 23, 4, 8) as Uint8Array);
    for (let i = 3; i < data.length; i += 4) data[i] = 255;
    const webp = new Uint8Array(
      await sharp(data, { raw: { width: 37, height: 23, channels: 4 } })
        .webp({ lossless: true })
        .toBuffer(),
    );
    expect(checkImageFile(webp)).toEqual({ kind: 'webp', width: 37, height: 23 });
    const decoded = await decodeImageWith(webp, sharpImageDecoder);
    expect(difference(decoded, { width: 37, height: 23, rgba: data })).toEqual({ count: 0, max: 0 });
  });

  it('decodes JPEG within the rounding of another inverse DCT (at most 4 levels apart)', async () => {
    const png = encodePng({ width: 64, height: 48, channels: 3, depth: 8, data: samples(64, 48, 3, 8) });
    const rgba = decodeImage(png).rgba;
    const jpeg = encodeJpeg({ width: 64, height: 48, data: rgba }, 85).data;
    const { max } = difference(decodeImage(jpeg), await decodeImageWith(jpeg, sharpImageDecoder));
    expect(max).toBeLessThanOrEqual(4);
  });

  it('keeps the colours as stored: an embedded colour profile is not applied', async () => {
    const rgb = samples(32, 16, 3, 8) as Uint8Array;
    const tagged = await sharp(rgb, { raw: { width: 32, height: 16, channels: 3 } })
      .withIccProfile('p3')
      .png()
      .toBuffer();
    const bytes = new Uint8Array(tagged);
    expect(difference(decodeImage(bytes), await decodeImageWith(bytes, sharpImageDecoder))).toEqual({
      count: 0,
      max: 0,
    });
  });

  it('refuses what the core refuses, with the same errors, before decoding', async () => {
    const bomb = new Uint8Array(
      await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    // Claim a picture over MAX_IMAGE_PIXELS in the header (the CRC no longer matches: the size check comes first).
    new DataView(bomb.buffer).setUint32(16, 20_000);
    new DataView(bomb.buffer).setUint32(20, Math.ceil(MAX_IMAGE_PIXELS / 20_000) + 1);
    await expect(decodeImageWith(bomb, sharpImageDecoder)).rejects.toThrow(/too large/);
    await expect(decodeImageWith(new Uint8Array([1, 2, 3, 4]), sharpImageDecoder)).rejects.toBeInstanceOf(
      ImageFormatError,
    );
    const truncated = new Uint8Array(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#345' } })
        .png()
        .toBuffer(),
    ).subarray(0, 60);
    await expect(decodeImageWith(truncated, sharpImageDecoder)).rejects.toBeInstanceOf(ImageFormatError);
    await expect(decodeImageWith(truncated, CORE_IMAGE_DECODER)).rejects.toBeInstanceOf(ImageFormatError);
  });
});
