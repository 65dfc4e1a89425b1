import { encode as encodePng } from 'fast-png';
import { encode as encodeJpeg } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import {
  CORE_IMAGE_DECODER,
  checkImageFile,
  decodedRaster,
  decodeImage,
  decodeImageWith,
  gcodeText,
  type ImageDecoder,
  ImageFormatError,
  importSvg,
  MAX_IMAGE_PIXELS,
  planJob,
  type RgbaImage,
  TooLargeError,
} from '../src/index.js';

function rgba(w: number, h: number): Uint8Array {
  return Uint8Array.from({ length: w * h * 4 }, (_, i) => (i % 4 === 3 ? 255 : (i * 29) & 255));
}

const png = (w: number, h: number) => encodePng({ width: w, height: h, channels: 4, depth: 8, data: rgba(w, h) });
const jpeg = (w: number, h: number) => new Uint8Array(encodeJpeg({ width: w, height: h, data: rgba(w, h) }, 90).data);

/** A 24-bit BMP header (pixels all zero). */
function bmp(w: number, h: number): Uint8Array {
  const stride = Math.ceil((w * 3) / 4) * 4;
  const out = new Uint8Array(54 + stride * h);
  const v = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  v.setUint32(2, out.length, true);
  v.setUint32(10, 54, true);
  v.setUint32(14, 40, true);
  v.setInt32(18, w, true);
  v.setInt32(22, -h, true);
  v.setUint16(26, 1, true);
  v.setUint16(28, 24, true);
  return out;
}

/** A decoder that delegates to the core and counts its calls; `tamper` changes what it returns. */
function fakeDecoder(tamper: (image: RgbaImage) => RgbaImage = (i) => i): ImageDecoder & { calls: number } {
  const decoder = {
    name: 'fake',
    kinds: ['png'] as const,
    calls: 0,
    async decode(bytes: Uint8Array) {
      decoder.calls++;
      return tamper(decodeImage(bytes));
    },
  };
  return decoder;
}

describe('checkImageFile', () => {
  it('reads kind and size from PNG, JPEG and BMP headers', () => {
    expect(checkImageFile(png(7, 3))).toEqual({ kind: 'png', width: 7, height: 3 });
    expect(checkImageFile(jpeg(33, 17))).toEqual({ kind: 'jpeg', width: 33, height: 17 });
    expect(checkImageFile(bmp(5, 9))).toEqual({ kind: 'bmp', width: 5, height: 9 });
  });

  it('refuses unknown files, files over 50 MB and headers over the pixel limit before any decoding', () => {
    expect(() => checkImageFile(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]))).toThrow(ImageFormatError);
    expect(() => checkImageFile(new Uint8Array(50 * 1024 * 1024 + 1))).toThrow(TooLargeError);
    const huge = png(4, 4);
    new DataView(huge.buffer, huge.byteOffset).setUint32(16, 100_000);
    new DataView(huge.buffer, huge.byteOffset).setUint32(20, MAX_IMAGE_PIXELS / 100_000 + 1);
    expect(() => checkImageFile(huge)).toThrow(/too large/);
    expect(() => checkImageFile(png(4, 4).subarray(0, 20))).toThrow(ImageFormatError);
  });
});

describe('decodeImageWith', () => {
  it('uses the decoder for its kinds and the core for the others', async () => {
    const decoder = fakeDecoder();
    expect((await decodeImageWith(png(6, 4), decoder)).rgba).toEqual(decodeImage(png(6, 4)).rgba);
    expect(decoder.calls).toBe(1);
    await decodeImageWith(jpeg(6, 4), decoder);
    expect(decoder.calls).toBe(1);
    expect((await decodeImageWith(png(6, 4), CORE_IMAGE_DECODER)).width).toBe(6);
  });

  it("reports a decoder's failure, or a size other than the header's, as a format error", async () => {
    const failing = fakeDecoder(() => {
      throw new Error('libpng: IDAT: invalid distance too far back');
    });
    await expect(decodeImageWith(png(6, 4), failing)).rejects.toThrow(/damaged or unsupported.*too far back/);
    const cropping = fakeDecoder((i) => ({ width: i.width - 1, height: i.height, rgba: i.rgba.slice(4 * i.height) }));
    await expect(decodeImageWith(png(6, 4), cropping)).rejects.toBeInstanceOf(ImageFormatError);
  });
});

describe('decodedRaster', () => {
  it('plans the same job as the core decoder, decoding each picture once', async () => {
    const src = `data:image/png;base64,${Buffer.from(png(24, 12)).toString('base64')}`;
    const doc = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="40mm" viewBox="0 0 60 40">
        <image x="2" y="2" width="24" height="12" href="${src}"/>
        <image x="30" y="20" width="24" height="12" href="${src}"/>
      </svg>`,
      { name: 'pictures' },
    );
    const decoder = fakeDecoder();
    const withDecoder = planJob(doc, { raster: await decodedRaster(doc, decoder) });
    expect(decoder.calls).toBe(1);
    expect(withDecoder.ops.filter((op) => op.kind === 'raster')).toHaveLength(2);
    expect(gcodeText(withDecoder)).toBe(gcodeText(planJob(doc)));
  });
});
