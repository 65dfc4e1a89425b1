import { encode as encodePng } from 'fast-png';
import { TooLargeError } from '../../model/errors.js';
import type { ImageKind } from '../../raster/decode.js';
import { decodeImage } from '../../raster/decode.js';
import { ImageFormatError } from '../../raster/image.js';
import { checkImageFile } from '../../raster/image-decoder.js';

/**
 * Embedded pictures (`<image href="data:image/png;base64,…">`, PNG, JPEG, BMP, GIF or WebP): the data
 * URL is kept as the bitmap's source; only the header is read here, for the pixel size.
 */

export interface EmbeddedImage {
  src: string;
  format: ImageKind;
  pixelWidth: number;
  pixelHeight: number;
  bytes: Uint8Array;
}

/** Decodes base64 to bytes; null when it is not base64. */
function base64Bytes(b64: string): Uint8Array | null {
  const clean = b64.replace(/[\s]/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  let bin: string;
  try {
    bin = atob(clean);
  } catch {
    return null;
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Reads a `data:` URL holding a picture. Returns it, or a reason it cannot be used
 * (external file, other format, damaged data).
 */
export function readImageHref(href: string): EmbeddedImage | { reason: string } {
  const h = href.trim();
  if (!/^data:/i.test(h)) return { reason: 'pictures linked from outside the file are not imported' };
  const comma = h.indexOf(',');
  if (comma < 0) return { reason: 'an embedded picture has a damaged data URL' };
  const head = h.slice(5, comma).toLowerCase();
  if (!head.split(';').includes('base64')) return { reason: 'embedded pictures must be base64-encoded' };
  const bytes = base64Bytes(h.slice(comma + 1));
  if (!bytes) return { reason: 'an embedded picture has damaged base64 data' };
  try {
    const info = checkImageFile(bytes);
    return { src: h, format: info.kind, pixelWidth: info.width, pixelHeight: info.height, bytes };
  } catch (error) {
    if (error instanceof ImageFormatError || error instanceof TooLargeError) {
      return { reason: `an embedded picture cannot be used: ${error.message}` };
    }
    throw error;
  }
}

/**
 * The part of a picture from pixel (x0, y0) up to (x1, y1), as a new PNG data URL (what a viewport with
 * preserveAspectRatio "slice" shows of it). Null when the picture cannot be decoded here (WebP).
 */
export function cropPicture(pic: EmbeddedImage, x0: number, y0: number, x1: number, y1: number): EmbeddedImage | null {
  if (pic.format === 'webp') return null;
  const image = decodeImage(pic.bytes);
  const width = x1 - x0;
  const height = y1 - y0;
  const data = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y0 + row) * image.width + x0) * 4;
    data.set(image.rgba.subarray(from, from + width * 4), row * width * 4);
  }
  const png = encodePng({ width, height, data, channels: 4, depth: 8 });
  let binary = '';
  for (let i = 0; i < png.length; i += 0x8000) binary += String.fromCharCode(...png.subarray(i, i + 0x8000));
  return {
    src: `data:image/png;base64,${btoa(binary)}`,
    format: 'png',
    pixelWidth: width,
    pixelHeight: height,
    bytes: png,
  };
}
