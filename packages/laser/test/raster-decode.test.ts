import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { encode as encodePng } from 'fast-png';
import { encode as encodeJpeg } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { MAX_DRAWING_BYTES, TooLargeError } from '../src/model/errors.js';
import { decodeDataUrl, decodeImage, imageKind } from '../src/raster/decode.js';
import { ImageFormatError, type RgbaImage } from '../src/raster/image.js';
import { zlibInflatedSize } from '../src/raster/inflate-size.js';

/** A w × h RGBA picture from a function of the pixel. */
function picture(w: number, h: number, f: (x: number, y: number) => [number, number, number, number]): RgbaImage {
  const rgba = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rgba.set(f(x, y), (y * w + x) * 4);
  return { width: w, height: h, rgba };
}

const sample = (x: number, y: number): [number, number, number, number] => [
  (x * 37) & 255,
  (y * 53) & 255,
  (x * y) & 255,
  x === 0 ? 0 : 255,
];

/** The error a decode throws, or null. */
function thrown(f: () => unknown): unknown {
  try {
    f();
    return null;
  } catch (e) {
    return e;
  }
}

/** A 1-pixel-per-byte BMP (8-bit grey palette), bottom-up, 40-byte header. */
function bmp8(w: number, h: number, grey: (x: number, y: number) => number): Uint8Array {
  const stride = Math.ceil(w / 4) * 4;
  const offset = 14 + 40 + 256 * 4;
  const out = new Uint8Array(offset + stride * h);
  const v = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  v.setUint32(2, out.length, true);
  v.setUint32(10, offset, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, w, true);
  v.setInt32(22, h, true);
  v.setUint16(26, 1, true);
  v.setUint16(28, 8, true);
  v.setUint32(46, 256, true);
  for (let i = 0; i < 256; i++) out.set([i, i, i, 0], 54 + i * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[offset + (h - 1 - y) * stride + x] = grey(x, y);
  return out;
}

/** A PNG file of the given chunks, with their CRCs. */
function pngWithChunks(chunks: Array<[string, Uint8Array]>): Uint8Array {
  const parts: number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  for (const [type, data] of chunks) {
    parts.push((data.length >>> 24) & 255, (data.length >>> 16) & 255, (data.length >>> 8) & 255, data.length & 255);
    const typed = Uint8Array.from([...type].map((c) => c.charCodeAt(0)));
    const crc = crc32(Buffer.concat([typed, data]));
    parts.push(...typed, ...data, (crc >>> 24) & 255, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255);
  }
  return Uint8Array.from(parts);
}

function ihdr(w: number, h: number, depth = 8, colorType = 0): Uint8Array {
  const b = new Uint8Array(13);
  const v = new DataView(b.buffer);
  v.setUint32(0, w);
  v.setUint32(4, h);
  b[8] = depth;
  b[9] = colorType;
  return b;
}

describe('decodeImage: PNG', () => {
  it('reads 8-bit RGBA exactly', () => {
    const src = picture(7, 5, sample);
    const png = encodePng({ width: 7, height: 5, data: src.rgba, channels: 4, depth: 8 });
    const img = decodeImage(png);
    expect([img.width, img.height]).toEqual([7, 5]);
    expect(Array.from(img.rgba)).toEqual(Array.from(src.rgba));
  });

  it('reads RGB, grey + alpha and 16-bit grey as RGBA', () => {
    const rgb = new Uint8Array([10, 20, 30, 40, 50, 60]);
    expect(Array.from(decodeImage(encodePng({ width: 2, height: 1, data: rgb, channels: 3, depth: 8 })).rgba)).toEqual([
      10, 20, 30, 255, 40, 50, 60, 255,
    ]);
    const ga = new Uint8Array([200, 100, 7, 0]);
    expect(Array.from(decodeImage(encodePng({ width: 2, height: 1, data: ga, channels: 2, depth: 8 })).rgba)).toEqual([
      200, 200, 200, 100, 7, 7, 7, 0,
    ]);
    const g16 = new Uint16Array([0xffff, 0x8000, 0x00ff]);
    expect(Array.from(decodeImage(encodePng({ width: 3, height: 1, data: g16, channels: 1, depth: 16 })).rgba)).toEqual(
      [255, 255, 255, 255, 128, 128, 128, 255, 0, 0, 0, 255],
    );
  });

  it('reads 1-bit grey rows (built by hand with node:zlib)', () => {
    // 10 × 2, 1 bit: row 0 = 1010000011, row 1 = 0000000001 (filter byte 0 before each row).
    const raw = Uint8Array.from([0, 0b10100000, 0b11000000, 0, 0b00000000, 0b01000000]);
    const png = pngWithChunks([
      ['IHDR', ihdr(10, 2, 1, 0)],
      ['IDAT', deflateSync(raw)],
      ['IEND', new Uint8Array(0)],
    ]);
    const img = decodeImage(png);
    const greys = Array.from({ length: 20 }, (_, i) => img.rgba[i * 4]);
    expect(greys).toEqual([255, 0, 255, 0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255]);
  });

  it('reads palette pixels with tRNS alpha', () => {
    // 3 × 1, 2-bit indices 2, 0, 1 into a palette red, green, blue; green is half transparent.
    const raw = Uint8Array.from([0, 0b10000100]);
    const png = pngWithChunks([
      ['IHDR', ihdr(3, 1, 2, 3)],
      ['PLTE', Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255])],
      ['tRNS', Uint8Array.from([255, 128])],
      ['IDAT', deflateSync(raw)],
      ['IEND', new Uint8Array(0)],
    ]);
    expect(Array.from(decodeImage(png).rgba)).toEqual([0, 0, 255, 255, 255, 0, 0, 255, 0, 255, 0, 128]);
  });

  it('refuses truncated and corrupt files with ImageFormatError', () => {
    const png = encodePng({ width: 40, height: 30, data: picture(40, 30, sample).rgba, channels: 4, depth: 8 });
    for (const cut of [8, 20, 33, Math.floor(png.length / 2), png.length - 13]) {
      expect(thrown(() => decodeImage(png.slice(0, cut)))).toBeInstanceOf(ImageFormatError);
    }
    const corrupt = png.slice();
    corrupt[60]! ^= 0x55; // inside the IDAT data: the CRC no longer matches
    expect(thrown(() => decodeImage(corrupt))).toBeInstanceOf(ImageFormatError);
  });

  it('refuses a header claiming 60000 × 60000 pixels before allocating them', () => {
    const png = pngWithChunks([
      ['IHDR', ihdr(60000, 60000)],
      ['IDAT', deflateSync(new Uint8Array(100))],
      ['IEND', new Uint8Array(0)],
    ]);
    const e = thrown(() => decodeImage(png));
    expect(e).toBeInstanceOf(ImageFormatError);
    expect((e as ImageFormatError).reason).toMatch(/too large/);
  });

  it('refuses a deflate bomb: pixel data inflating far beyond what the header needs', () => {
    const bomb = deflateSync(new Uint8Array(20 * 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const png = pngWithChunks([
      ['IHDR', ihdr(16, 16)],
      ['IDAT', bomb],
      ['IEND', new Uint8Array(0)],
    ]);
    const e = thrown(() => decodeImage(png));
    expect(e).toBeInstanceOf(ImageFormatError);
    expect((e as ImageFormatError).reason).toMatch(/inflates to more/);
  });
});

describe('zlibInflatedSize', () => {
  it('measures stored, fixed and dynamic Huffman streams exactly', () => {
    const text = new TextEncoder().encode('laser '.repeat(5000));
    const random = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 2654435761) >>> 24);
    for (const data of [new Uint8Array(0), text, random, text.subarray(0, 10)]) {
      for (const level of [0, 1, 9]) {
        expect(zlibInflatedSize(deflateSync(data, { level }), 1e9)).toBe(data.length);
      }
    }
  });

  it('stops at the limit and refuses damaged streams', () => {
    const z = deflateSync(new Uint8Array(1_000_000));
    expect(() => zlibInflatedSize(z, 999_999)).toThrow(ImageFormatError);
    expect(() => zlibInflatedSize(z.subarray(0, z.length >> 1), 1e9)).toThrow(ImageFormatError);
    expect(() => zlibInflatedSize(Uint8Array.from([0x78, 0x9c, 0xff, 0xff, 0xff]), 1e9)).toThrow(ImageFormatError);
  });
});

describe('decodeImage: JPEG', () => {
  const src = picture(32, 16, (x) => (x < 16 ? [20, 20, 20, 255] : [230, 230, 230, 255]));
  const jpeg = new Uint8Array(encodeJpeg({ width: 32, height: 16, data: src.rgba }, 95).data);

  it('reads a JPEG made by jpeg-js close to its source', () => {
    expect(imageKind(jpeg)).toBe('jpeg');
    const img = decodeImage(jpeg);
    expect([img.width, img.height]).toEqual([32, 16]);
    for (const [x, want] of [
      [2, 20],
      [29, 230],
    ] as const) {
      const at = (8 * 32 + x) * 4;
      expect(Math.abs(img.rgba[at]! - want)).toBeLessThan(8);
      expect(img.rgba[at + 3]).toBe(255);
    }
  });

  it('refuses truncated and corrupt JPEGs', () => {
    for (const cut of [3, 30, Math.floor(jpeg.length / 2), jpeg.length - 10]) {
      expect(thrown(() => decodeImage(jpeg.slice(0, cut)))).toBeInstanceOf(ImageFormatError);
    }
  });

  it('refuses a JPEG whose frame header claims 60000 × 60000 pixels', () => {
    const big = jpeg.slice();
    let sof = -1;
    for (let i = 2; i < big.length - 1; i++) {
      if (big[i] === 0xff && big[i + 1] === 0xc0) {
        sof = i;
        break;
      }
    }
    expect(sof).toBeGreaterThan(0);
    const v = new DataView(big.buffer);
    v.setUint16(sof + 5, 60000);
    v.setUint16(sof + 7, 60000);
    const before = process.memoryUsage().rss;
    const e = thrown(() => decodeImage(big));
    expect(e).toBeInstanceOf(ImageFormatError);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});

describe('decodeImage: BMP, kinds and limits', () => {
  it('hands BMPs to decodeBmp', () => {
    const img = decodeImage(bmp8(3, 2, (x, y) => x * 100 + y));
    expect([img.width, img.height]).toEqual([3, 2]);
    expect(Array.from(img.rgba.subarray(4 * 4, 5 * 4))).toEqual([101, 101, 101, 255]);
  });

  it('holds BMPs to the same pixel limit', () => {
    const huge = bmp8(4, 4, () => 0);
    new DataView(huge.buffer).setInt32(18, 20000, true);
    new DataView(huge.buffer).setInt32(22, 20000, true);
    const e = thrown(() => decodeImage(huge));
    expect(e).toBeInstanceOf(ImageFormatError);
    expect((e as ImageFormatError).reason).toMatch(/too large/);
  });

  it('refuses unknown and empty files', () => {
    for (const bytes of [new Uint8Array(0), new TextEncoder().encode('<svg/>'), Uint8Array.from([0x89, 0x50])]) {
      expect(thrown(() => decodeImage(bytes))).toBeInstanceOf(ImageFormatError);
    }
  });

  it('refuses files over 50 MB with TooLargeError before reading them', () => {
    const big = new Uint8Array(MAX_DRAWING_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(thrown(() => decodeImage(big))).toBeInstanceOf(TooLargeError);
  });

  it('never throws anything but ImageFormatError on damaged files (fuzzed)', () => {
    const files = [
      encodePng({ width: 9, height: 7, data: picture(9, 7, sample).rgba, channels: 4, depth: 8 }),
      new Uint8Array(encodeJpeg({ width: 9, height: 7, data: picture(9, 7, sample).rgba }, 80).data),
      bmp8(9, 7, (x, y) => x * y),
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: files.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        fc.option(fc.nat(), { nil: undefined }),
        (which, edits, cut) => {
          const bytes = files[which]!.slice();
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          const input = cut === undefined ? bytes : bytes.subarray(0, cut % bytes.length);
          const e = thrown(() => decodeImage(input));
          return e === null || e instanceof ImageFormatError;
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('decodeDataUrl', () => {
  const png = encodePng({ width: 3, height: 2, data: picture(3, 2, sample).rgba, channels: 4, depth: 8 });
  const base64 = Buffer.from(png).toString('base64');

  it('decodes base64 data URLs of pictures', () => {
    const img = decodeDataUrl(`data:image/png;base64,${base64}`);
    expect(Array.from(img.rgba)).toEqual(Array.from(picture(3, 2, sample).rgba));
    // The declared type does not matter: the bytes say what the file is.
    expect(decodeDataUrl(`data:image/jpeg;base64,${base64}`).width).toBe(3);
  });

  it('refuses other sources, non-base64 payloads and bad base64', () => {
    for (const src of [
      'kerf:blob/abc',
      'data:image/svg+xml,<svg/>',
      'data:text/plain;base64,aGVsbG8=',
      'data:image/png;base64,@@@@',
    ]) {
      expect(thrown(() => decodeDataUrl(src))).toBeInstanceOf(ImageFormatError);
    }
  });

  it('refuses payloads over 50 MB before decoding them', () => {
    const src = `data:image/png;base64,${'A'.repeat(Math.ceil((MAX_DRAWING_BYTES * 4) / 3) + 8)}`;
    expect(thrown(() => decodeDataUrl(src))).toBeInstanceOf(TooLargeError);
  });
});
