import { decode as decodePngLib } from 'fast-png';
import { decode as decodeJpegLib } from 'jpeg-js';
import { checkDrawingSize, TooLargeError } from '../model/errors.js';
import { decodeBmp } from './bmp.js';
import { decodeGif } from './gif.js';
import { ImageFormatError, type RgbaImage } from './image.js';
import { zlibInflatedSize } from './inflate-size.js';

/** The largest picture decodeImage accepts, in pixels (100 megapixels, 400 MB as RGBA). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** The most memory the JPEG decoder may ask for while decoding, MB. */
export const JPEG_MAX_MEMORY_MB = 1024;

export type ImageKind = 'png' | 'jpeg' | 'bmp' | 'gif' | 'webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Which decoder a file needs, from its first bytes; null when it is none of PNG, JPEG, BMP, GIF and WebP. */
export function imageKind(bytes: Uint8Array): ImageKind | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d) return 'bmp';
  return null;
}

/**
 * Decodes a PNG, JPEG, BMP or GIF (its first frame; found by signature) to RGBA. WebP is left to the
 * platforms' decoders (image-decoder.ts). Files over 50 MB throw TooLargeError; anything
 * else that cannot be read (unknown kind, truncated, corrupt, over MAX_IMAGE_PIXELS) throws
 * ImageFormatError with the reason.
 */
export function decodeImage(bytes: Uint8Array): RgbaImage {
  checkDrawingSize(bytes.length);
  const kind = imageKind(bytes);
  if (kind === 'bmp') {
    checkBmpPixels(bytes);
    return decodeBmp(bytes);
  }
  if (kind === 'png') return decodePng(bytes);
  if (kind === 'jpeg') return decodeJpeg(bytes);
  if (kind === 'gif') return decodeGif(bytes);
  if (kind === 'webp') {
    throw new ImageFormatError('WebP pictures are decoded by the browser or the server; the core has no WebP decoder');
  }
  throw new ImageFormatError('not a PNG, JPEG, BMP, GIF or WebP picture');
}

/** A library's exception as the reason of an ImageFormatError (our own errors pass through). */
function wrap(kind: string, error: unknown): Error {
  if (error instanceof ImageFormatError || error instanceof TooLargeError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ImageFormatError(`the ${kind} file is damaged or unsupported (${message})`);
}

/** Refuses a size of no pixels or over MAX_IMAGE_PIXELS with ImageFormatError. */
export function checkImagePixels(width: number, height: number): void {
  if (!(width > 0 && height > 0)) throw new ImageFormatError(`invalid size ${width}×${height}`);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ImageFormatError(
      `the picture is too large (${width}×${height} pixels; at most ${MAX_IMAGE_PIXELS / 1e6} megapixels)`,
    );
  }
}

/** Holds BMPs to the same pixel limit as PNG and JPEG before decodeBmp allocates their pixels. */
function checkBmpPixels(bytes: Uint8Array): void {
  if (bytes.length < 26) return; // decodeBmp reports the short header
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const core = view.getUint32(14, true) === 12;
  const width = core ? view.getUint16(18, true) : view.getInt32(18, true);
  const height = Math.abs(core ? view.getInt16(20, true) : view.getInt32(22, true));
  if (width > 0 && height > 0) checkImagePixels(width, height);
}

// ------------------------------------------------------------------------------------------------ JPEG

function decodeJpeg(bytes: Uint8Array): RgbaImage {
  try {
    const img = decodeJpegLib(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      tolerantDecoding: false,
      maxResolutionInMP: MAX_IMAGE_PIXELS / 1e6,
      maxMemoryUsageInMB: JPEG_MAX_MEMORY_MB,
    });
    checkImagePixels(img.width, img.height);
    if (img.data.length !== img.width * img.height * 4) throw new ImageFormatError('the JPEG decoder lost pixels');
    return { width: img.width, height: img.height, rgba: img.data };
  } catch (error) {
    throw wrap('JPEG', error);
  }
}

// ------------------------------------------------------------------------------------------------- PNG

interface PngHeader {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlaced: boolean;
  /** The IDAT chunks' data, joined. */
  idat: Uint8Array;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Walks the PNG chunks: header fields and the joined pixel data, checking lengths as it goes. */
function readPngChunks(bytes: Uint8Array): PngHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let header: Omit<PngHeader, 'idat'> | null = null;
  const parts: Uint8Array[] = [];
  let idatLength = 0;
  let ended = false;
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    const data = at + 8;
    if (data + length + 4 > bytes.length) throw new ImageFormatError(`the file ends inside the ${type} chunk`);
    if (header === null && type !== 'IHDR') throw new ImageFormatError('the PNG does not start with its header');
    if (type === 'IHDR') {
      if (length !== 13) throw new ImageFormatError('the PNG header has the wrong length');
      header = {
        width: view.getUint32(data),
        height: view.getUint32(data + 4),
        depth: bytes[data + 8]!,
        colorType: bytes[data + 9]!,
        interlaced: bytes[data + 12] === 1,
      };
    } else if (type === 'IDAT') {
      parts.push(bytes.subarray(data, data + length));
      idatLength += length;
    } else if (type === 'IEND') {
      ended = true;
      break;
    }
    at = data + length + 4;
  }
  if (!header) throw new ImageFormatError('the PNG header is missing');
  if (!ended) throw new ImageFormatError('the PNG ends early (no IEND chunk)');
  if (idatLength === 0) throw new ImageFormatError('the PNG has no pixel data');
  const idat = new Uint8Array(idatLength);
  let offset = 0;
  for (const p of parts) {
    idat.set(p, offset);
    offset += p.length;
  }
  return { ...header, idat };
}

/** Bytes of filtered scan lines the header implies (Adam7 passes included). */
function expectedRawSize(h: PngHeader): number {
  const bitsPerPixel = h.depth * (CHANNELS[h.colorType] ?? 1);
  const rows = (w: number, n: number) => (w > 0 && n > 0 ? n * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!h.interlaced) return rows(h.width, h.height);
  // Adam7: pass start and step per axis.
  const passes = [
    [0, 8, 0, 8],
    [4, 8, 0, 8],
    [0, 4, 4, 8],
    [2, 4, 0, 4],
    [0, 2, 2, 4],
    [1, 2, 0, 2],
    [0, 1, 1, 2],
  ] as const;
  let total = 0;
  for (const [x0, dx, y0, dy] of passes) {
    total += rows(Math.ceil((h.width - x0) / dx), Math.ceil((h.height - y0) / dy));
  }
  return total;
}

function decodePng(bytes: Uint8Array): RgbaImage {
  const header = readPngChunks(bytes);
  checkImagePixels(header.width, header.height);
  const channels = CHANNELS[header.colorType];
  if (channels === undefined) throw new ImageFormatError(`unknown PNG colour type ${header.colorType}`);
  const expected = expectedRawSize(header);
  // Measure the inflated size first: the decoder would inflate a "deflate bomb" without bound.
  const inflated = zlibInflatedSize(header.idat, expected + 65_536);
  if (inflated < expected) throw new ImageFormatError('the PNG pixel data ends early');
  try {
    const png = decodePngLib(bytes, { checkCrc: true });
    return pngToRgba(png.width, png.height, png.depth, png.channels, png.data, png.palette, png.transparency);
  } catch (error) {
    throw wrap('PNG', error);
  }
}

/** Any PNG sample layout (1–16 bits, grey, grey+alpha, RGB, RGBA, palette, tRNS key) to 8-bit RGBA. */
function pngToRgba(
  width: number,
  height: number,
  depth: number,
  channels: number,
  data: Uint8Array | Uint8ClampedArray | Uint16Array,
  palette: number[][] | undefined,
  transparency: Uint16Array | undefined,
): RgbaImage {
  const rgba = new Uint8Array(width * height * 4);
  // The common 8-bit RGBA and RGB layouts, without the general per-sample path.
  if (depth === 8 && !palette && data.length >= width * height * channels) {
    if (channels === 4) {
      rgba.set(data.subarray(0, rgba.length));
      return { width, height, rgba };
    }
    if (channels === 3 && !transparency) {
      for (let i = 0, o = 0; o < rgba.length; i += 3, o += 4) {
        rgba[o] = data[i]!;
        rgba[o + 1] = data[i + 1]!;
        rgba[o + 2] = data[i + 2]!;
        rgba[o + 3] = 255;
      }
      return { width, height, rgba };
    }
  }
  const rowSamples = width * channels;
  const rowBytes = depth < 8 ? Math.ceil((rowSamples * depth) / 8) : rowSamples;
  if (data.length < rowBytes * height) throw new ImageFormatError('the PNG pixel data is short');
  const maxSample = (1 << depth) - 1;
  const shift = depth === 16 ? 8 : 0;
  const pal = palette ? paletteTable(palette) : null;
  const key = transparency && !palette ? transparency : null;
  /** Sample `i` of row `y`, unpacked from 1/2/4 bits when needed, in the file's own scale. */
  const sample =
    depth < 8
      ? (y: number, i: number) => {
          const bit = i * depth;
          return (data[y * rowBytes + (bit >> 3)]! >> (8 - depth - (bit & 7))) & maxSample;
        }
      : (y: number, i: number) => data[y * rowBytes + i]!;
  const to8 = (v: number) => (depth === 8 ? v : depth === 16 ? v >> shift : Math.round((v * 255) / maxSample));
  let out = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++, out += 4) {
      const i = x * channels;
      if (pal) {
        const index = sample(y, i);
        if (index >= pal.count)
          throw new ImageFormatError(`a pixel uses colour ${index}; the palette has ${pal.count}`);
        rgba[out] = pal.rgba[index * 4]!;
        rgba[out + 1] = pal.rgba[index * 4 + 1]!;
        rgba[out + 2] = pal.rgba[index * 4 + 2]!;
        rgba[out + 3] = pal.rgba[index * 4 + 3]!;
        continue;
      }
      if (channels <= 2) {
        const raw = sample(y, i);
        const g = to8(raw);
        rgba[out] = rgba[out + 1] = rgba[out + 2] = g;
        rgba[out + 3] = channels === 2 ? to8(sample(y, i + 1)) : key && raw === key[0] ? 0 : 255;
      } else {
        const r = sample(y, i);
        const g = sample(y, i + 1);
        const b = sample(y, i + 2);
        rgba[out] = to8(r);
        rgba[out + 1] = to8(g);
        rgba[out + 2] = to8(b);
        rgba[out + 3] =
          channels === 4 ? to8(sample(y, i + 3)) : key && r === key[0] && g === key[1] && b === key[2] ? 0 : 255;
      }
    }
  }
  return { width, height, rgba };
}

function paletteTable(palette: number[][]): { rgba: Uint8Array; count: number } {
  const rgba = new Uint8Array(256 * 4);
  const count = Math.min(256, palette.length);
  for (let i = 0; i < count; i++) {
    const c = palette[i]!;
    rgba.set([c[0] ?? 0, c[1] ?? 0, c[2] ?? 0, c[3] ?? 255], i * 4);
  }
  return { rgba, count };
}

// -------------------------------------------------------------------------------------------- data URLs

const DATA_URL = /^data:image\/([a-z0-9.+-]+)((?:;[a-z0-9-]+=[^;,]*)*);base64,/i;

/**
 * Decodes a `data:image/…;base64,` URL (a BitmapShape's `src`). Refuses other sources with
 * ImageFormatError and payloads over 50 MB with TooLargeError, before decoding anything.
 */
export function decodeDataUrl(src: string): RgbaImage {
  return decodeImage(dataUrlBytes(src));
}

/**
 * The file bytes of a `data:image/…;base64,` URL, for a decoder of the caller's choice (see
 * image-decoder.ts). Refuses other sources with ImageFormatError and payloads over 50 MB with
 * TooLargeError, before decoding the base64.
 */
export function dataUrlBytes(src: string): Uint8Array {
  const match = DATA_URL.exec(src.slice(0, 256));
  if (!match) {
    if (/^data:/i.test(src)) throw new ImageFormatError('only base64 data URLs of pictures can be read');
    throw new ImageFormatError('the picture source is not a data URL');
  }
  checkDrawingSize(Math.floor(((src.length - match[0].length) * 3) / 4));
  const payload = src.slice(match[0].length).replace(/\s+/g, '');
  let binary: string;
  try {
    binary = atob(payload);
  } catch {
    throw new ImageFormatError('the data URL holds invalid base64');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
