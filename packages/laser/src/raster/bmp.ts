import { ImageFormatError, type RgbaImage } from './image.js';

/** A decoded BMP with the resolution stored in it (0 when the file does not say). */
export interface BmpImage extends RgbaImage {
  bitsPerPixel: number;
  dpiX: number;
  dpiY: number;
}

/** The largest picture we decode: more pixels than this is refused rather than risk the memory. */
export const BMP_MAX_PIXELS = 200_000_000;

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

interface Mask {
  mask: number;
  shift: number;
  max: number;
}

function maskOf(mask: number): Mask | null {
  if (mask === 0) return null;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { mask: mask >>> 0, shift, max: (mask >>> 0) >>> shift };
}

function channel(value: number, m: Mask | null, fallback: number): number {
  if (!m) return fallback;
  const v = (value & m.mask) >>> m.shift;
  return m.max === 255 ? v : Math.round((v * 255) / m.max);
}

/**
 * Decodes a Windows or OS/2 bitmap: 1, 4, 8, 16, 24 and 32 bits per pixel, uncompressed, RLE4, RLE8
 * and bit fields, bottom-up or top-down. Anything malformed or truncated throws ImageFormatError with
 * the reason. Pixels the file leaves undefined (RLE skips) come out transparent.
 */
export function decodeBmp(bytes: Uint8Array): BmpImage {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const need = (end: number, what: string) => {
    if (end > bytes.length) throw new ImageFormatError(`the file ends inside the ${what}`);
  };
  need(18, 'file header');
  if (bytes[0] !== 0x42 || bytes[1] !== 0x4d) throw new ImageFormatError('not a BMP file (no "BM" signature)');
  const dataOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  if (![12, 16, 40, 52, 56, 64, 108, 124].includes(headerSize)) {
    throw new ImageFormatError(`unknown BMP header size ${headerSize}`);
  }
  need(14 + headerSize, 'bitmap header');
  const core = headerSize === 12;
  const width = core ? view.getUint16(18, true) : view.getInt32(18, true);
  const rawHeight = core ? view.getInt16(20, true) : view.getInt32(22, true);
  const bpp = core ? view.getUint16(24, true) : view.getUint16(28, true);
  const compression = core || headerSize === 16 ? BI_RGB : view.getUint32(30, true);
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) throw new ImageFormatError(`invalid size ${width}×${rawHeight}`);
  if (width * height > BMP_MAX_PIXELS) throw new ImageFormatError(`too many pixels (${width}×${height})`);
  if (![1, 2, 4, 8, 16, 24, 32].includes(bpp)) throw new ImageFormatError(`unsupported ${bpp} bits per pixel`);
  const planes = core ? view.getUint16(22, true) : view.getUint16(26, true);
  if (planes !== 1) throw new ImageFormatError(`the planes field is ${planes}, not 1`);
  const fileSize = view.getUint32(2, true);
  if (fileSize > bytes.length * 4 && fileSize - bytes.length > 65_536) {
    throw new ImageFormatError(`the header says the file has ${fileSize} bytes; it has ${bytes.length}`);
  }
  const imageSize = headerSize >= 40 ? view.getUint32(34, true) : 0;
  if (imageSize > bytes.length) {
    throw new ImageFormatError(`the header says the pixels take ${imageSize} bytes; the file has ${bytes.length}`);
  }
  if (![BI_RGB, BI_RLE8, BI_RLE4, BI_BITFIELDS, BI_ALPHABITFIELDS].includes(compression)) {
    throw new ImageFormatError(`unsupported compression ${compression}`);
  }
  if (compression === BI_RLE8 && bpp !== 8) throw new ImageFormatError('RLE8 needs 8 bits per pixel');
  if (compression === BI_RLE4 && bpp !== 4) throw new ImageFormatError('RLE4 needs 4 bits per pixel');
  if ((compression === BI_RLE8 || compression === BI_RLE4) && topDown) {
    throw new ImageFormatError('a run-length encoded bitmap cannot be top-down');
  }
  const ppm = (at: number) => (headerSize >= 40 ? view.getInt32(at, true) : 0);
  const ppmX = ppm(38);
  const ppmY = ppm(42);
  // The resolution sets the size of the engraving: one that is negative, beyond any printer (over
  // 25,400 dpi) or lopsided beyond reason is a damaged header, not a picture to burn 20 times too wide.
  if (
    ppmX < 0 ||
    ppmY < 0 ||
    Math.max(ppmX, ppmY) > 1_000_000 ||
    (ppmX > 0 && ppmY > 0 && Math.max(ppmX, ppmY) / Math.min(ppmX, ppmY) > 20)
  ) {
    throw new ImageFormatError(`implausible resolution ${ppmX}×${ppmY} pixels per metre`);
  }
  const dpiX = Math.round(ppmX * 0.0254);
  const dpiY = Math.round(ppmY * 0.0254);

  // Colour masks: inside V2+ headers, or right after a 40-byte header.
  let masks: [number, number, number, number] | null = null;
  let afterHeader = 14 + headerSize;
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    if (headerSize === 40) {
      const count = compression === BI_ALPHABITFIELDS ? 4 : 3;
      need(afterHeader + count * 4, 'colour masks');
      masks = [
        view.getUint32(afterHeader, true),
        view.getUint32(afterHeader + 4, true),
        view.getUint32(afterHeader + 8, true),
        count === 4 ? view.getUint32(afterHeader + 12, true) : 0,
      ];
      afterHeader += count * 4;
    } else if (headerSize >= 52) {
      masks = [
        view.getUint32(54, true),
        view.getUint32(58, true),
        view.getUint32(62, true),
        headerSize >= 56 ? view.getUint32(66, true) : 0,
      ];
    }
  } else if (headerSize >= 56 && bpp === 32) {
    // V3+ headers may declare an alpha mask even for plain BI_RGB.
    const alpha = view.getUint32(66, true);
    if (alpha) masks = [0x00ff0000, 0x0000ff00, 0x000000ff, alpha];
  }

  // Palette for 1, 4 and 8 bits.
  let palette: Uint8Array | null = null;
  let paletteSize = 0;
  if (bpp <= 8) {
    const used = core ? 0 : view.getUint32(46, true);
    const entry = core ? 3 : 4;
    const available = Math.floor((Math.min(dataOffset, bytes.length) - afterHeader) / entry);
    if (used > available && used > 1 << bpp) {
      throw new ImageFormatError(`the header declares ${used} palette colours; the file holds ${available}`);
    }
    const count = used > 0 ? Math.min(used, 1 << bpp) : 1 << bpp;
    if (available < 1) throw new ImageFormatError('the colour palette is missing');
    const n = Math.min(count, available);
    paletteSize = n;
    palette = new Uint8Array(256 * 4);
    for (let i = 0; i < n; i++) {
      const at = afterHeader + i * entry;
      palette[i * 4] = bytes[at + 2]!;
      palette[i * 4 + 1] = bytes[at + 1]!;
      palette[i * 4 + 2] = bytes[at]!;
      palette[i * 4 + 3] = 255;
    }
  }
  if (dataOffset >= bytes.length) throw new ImageFormatError('the pixel data is missing');

  const rgba = new Uint8Array(width * height * 4);
  const rowOut = (y: number) => (topDown ? y : height - 1 - y) * width * 4;

  if (compression === BI_RLE8 || compression === BI_RLE4) {
    decodeRle(bytes, dataOffset, width, height, bpp, palette!, paletteSize, rgba);
    return { width, height, rgba, bitsPerPixel: bpp, dpiX, dpiY };
  }

  const stride = Math.ceil((width * bpp) / 32) * 4;
  need(dataOffset + stride * (height - 1) + Math.ceil((width * bpp) / 8), 'pixel data');
  const m =
    bpp === 16 || bpp === 32
      ? (masks ?? (bpp === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0x00ff0000, 0x0000ff00, 0x000000ff, 0])).map(maskOf)
      : null;
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = dataOffset + y * stride;
    let out = rowOut(y);
    for (let x = 0; x < width; x++, out += 4) {
      if (bpp <= 8) {
        const perByte = 8 / bpp;
        const byte = bytes[row + Math.floor(x / perByte)]!;
        const shift = 8 - bpp * ((x % perByte) + 1);
        const index = (byte >> shift) & ((1 << bpp) - 1);
        if (index >= paletteSize)
          throw new ImageFormatError(`a pixel uses colour ${index}; the palette has ${paletteSize}`);
        rgba.set(palette!.subarray(index * 4, index * 4 + 4), out);
      } else if (bpp === 24) {
        const at = row + x * 3;
        rgba[out] = bytes[at + 2]!;
        rgba[out + 1] = bytes[at + 1]!;
        rgba[out + 2] = bytes[at]!;
        rgba[out + 3] = 255;
      } else {
        const value = bpp === 16 ? view.getUint16(row + x * 2, true) : view.getUint32(row + x * 4, true);
        rgba[out] = channel(value, m![0]!, 0);
        rgba[out + 1] = channel(value, m![1]!, 0);
        rgba[out + 2] = channel(value, m![2]!, 0);
        const a = channel(value, m![3]!, 255);
        rgba[out + 3] = a;
        if (m![3] && a !== 0) anyAlpha = true;
      }
    }
  }
  // An alpha channel that is zero everywhere is an unused padding byte, not a transparent picture.
  if (m?.[3] && !anyAlpha) for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return { width, height, rgba, bitsPerPixel: bpp, dpiX, dpiY };
}

/** RLE8 / RLE4 (always bottom-up): runs, absolute runs, end-of-line, delta and end-of-bitmap. */
function decodeRle(
  bytes: Uint8Array,
  start: number,
  width: number,
  height: number,
  bpp: 4 | 8 | number,
  palette: Uint8Array,
  paletteSize: number,
  rgba: Uint8Array,
) {
  let x = 0;
  let y = 0;
  let at = start;
  const put = (index: number) => {
    if (x >= width || y >= height) throw new ImageFormatError('the run-length data writes outside the picture');
    if (index >= paletteSize)
      throw new ImageFormatError(`a pixel uses colour ${index}; the palette has ${paletteSize}`);
    rgba.set(palette.subarray(index * 4, index * 4 + 4), ((height - 1 - y) * width + x) * 4);
    x++;
  };
  const byte = () => {
    if (at >= bytes.length) throw new ImageFormatError('the run-length data ends early');
    return bytes[at++]!;
  };
  for (;;) {
    const count = byte();
    const value = byte();
    if (count > 0) {
      for (let i = 0; i < count; i++) put(bpp === 8 ? value : i % 2 === 0 ? value >> 4 : value & 15);
      continue;
    }
    if (value === 0) {
      x = 0;
      y++;
    } else if (value === 1) {
      return;
    } else if (value === 2) {
      x += byte();
      y += byte();
      if (x > width || y > height) throw new ImageFormatError('the run-length data moves outside the picture');
    } else {
      const n = value;
      const packed = bpp === 8 ? n : Math.ceil(n / 2);
      for (let i = 0; i < n; i++) {
        if (bpp === 8) put(byte());
        else {
          const b = bytes[at + (i >> 1)];
          if (b === undefined) throw new ImageFormatError('the run-length data ends early');
          put(i % 2 === 0 ? b >> 4 : b & 15);
        }
      }
      if (bpp === 4) at += packed;
      if (packed % 2 === 1) at++;
    }
    if (y >= height) return;
  }
}
