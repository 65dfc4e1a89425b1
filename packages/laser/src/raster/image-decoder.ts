import type { BitmapShape, KerfDocument, Layer } from '../model/document.js';
import { checkDrawingSize } from '../model/errors.js';
import type { RasterOp } from '../model/job.js';
import type { Matrix } from '../model/matrix.js';
import { leafShapes } from '../model/shapes.js';
import { checkImagePixels, dataUrlBytes, decodeImage, type ImageKind, imageKind } from './decode.js';
import { ImageFormatError, type RgbaImage } from './image.js';
import { rasterOp } from './raster-op.js';

/**
 * The decode interface: how a platform plugs its native picture decoder into the core. The core's own
 * decoders (fast-png, jpeg-js, decodeBmp) are portable but slow on photos (a 12-megapixel PNG takes
 * over a second); a server hands in one on sharp (libvips), a browser worker one on createImageBitmap.
 * The core keeps the checks: every file is held to the same size and pixel limits and the same
 * "format error" before any decoder sees it, and the result must have the size its header promised.
 */

/** What the header of a picture file says, read without decoding it. */
export interface ImageInfo {
  kind: ImageKind;
  width: number;
  height: number;
}

export interface ImageDecoder {
  /** For reports and logs ("core", "sharp", "createImageBitmap"). */
  readonly name: string;
  /** The kinds it decodes; files of other kinds go to the core's decoders. */
  readonly kinds: readonly ImageKind[];
  /**
   * Decodes a file checkImageFile has accepted (`info` is its answer) to straight (not premultiplied)
   * RGBA, rows top to bottom, colours as stored (no colour-profile conversion, no EXIF rotation), as
   * the core's decoders do. Fails with any error; decodeImageWith reports it as ImageFormatError.
   */
  decode(bytes: Uint8Array, info: ImageInfo): Promise<RgbaImage>;
}

/** The core's own decoders behind the interface. */
export const CORE_IMAGE_DECODER: ImageDecoder = {
  name: 'core',
  kinds: ['png', 'jpeg', 'bmp'],
  decode: async (bytes) => decodeImage(bytes),
};

/**
 * Kind and pixel size of a picture file from its header: throws TooLargeError over 50 MB, and
 * ImageFormatError for what is not a PNG, JPEG, BMP, GIF or WebP, has no readable size, or is over
 * MAX_IMAGE_PIXELS.
 */
export function checkImageFile(bytes: Uint8Array): ImageInfo {
  checkDrawingSize(bytes.length);
  const kind = imageKind(bytes);
  if (!kind) throw new ImageFormatError('not a PNG, JPEG, BMP, GIF or WebP picture');
  const size = HEADER_SIZE[kind](bytes);
  if (!size) throw new ImageFormatError(`the ${kind.toUpperCase()} header gives no picture size`);
  checkImagePixels(size.width, size.height);
  return { kind, ...size };
}

/**
 * Decodes a picture with `decoder` when it handles the file's kind, with the core's decoders otherwise.
 * Same limits and errors as decodeImage, whichever decoder runs.
 */
export async function decodeImageWith(bytes: Uint8Array, decoder: ImageDecoder): Promise<RgbaImage> {
  const info = checkImageFile(bytes);
  if (decoder === CORE_IMAGE_DECODER || !decoder.kinds.includes(info.kind)) return decodeImage(bytes);
  let image: RgbaImage;
  try {
    image = await decoder.decode(bytes, info);
  } catch (error) {
    if (error instanceof ImageFormatError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImageFormatError(`the ${info.kind.toUpperCase()} file is damaged or unsupported (${reason})`);
  }
  if (
    image.width !== info.width ||
    image.height !== info.height ||
    image.rgba.length !== info.width * info.height * 4
  ) {
    throw new ImageFormatError(
      `the ${decoder.name} decoder gave ${image.width}×${image.height} pixels, not the file's own size`,
    );
  }
  return image;
}

/** A bitmap with its document transform, as planJob's `raster` option receives it. */
interface PlacedBitmap {
  shape: BitmapShape;
  matrix: Matrix;
}

/**
 * Decodes every bitmap of `doc` (each distinct `src` once) with `decoder` ahead of planning, and returns
 * the raster function for planJob's `raster` option that rasterises those pictures, so a job is planned
 * with a native decoder although planJob itself is synchronous:
 *
 *   planJob(doc, { raster: await decodedRaster(doc, sharpImageDecoder) })
 */
export async function decodedRaster(
  doc: Pick<KerfDocument, 'shapes'>,
  decoder: ImageDecoder,
): Promise<(placed: PlacedBitmap, layer: Layer) => RasterOp | null> {
  const pictures = new Map<string, RgbaImage>();
  for (const { shape } of leafShapes(doc.shapes)) {
    if (shape.kind !== 'bitmap' || pictures.has(shape.src)) continue;
    pictures.set(shape.src, await decodeImageWith(dataUrlBytes(shape.src), decoder));
  }
  return (placed, layer) => {
    const picture = pictures.get(placed.shape.src) ?? decodeImage(dataUrlBytes(placed.shape.src));
    const op = rasterOp(picture, placed, layer);
    return op.lines.length > 0 ? op : null;
  };
}

// ------------------------------------------------------------------------------------------ headers

type HeaderSize = (bytes: Uint8Array) => { width: number; height: number } | null;

/** GIF: the logical screen's width and height, little-endian, after the signature. */
function gifSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 10) return null;
  return { width: bytes[6]! | (bytes[7]! << 8), height: bytes[8]! | (bytes[9]! << 8) };
}

/** WebP: from its first chunk — VP8X (extended: canvas size), VP8L (lossless) or VP8 (lossy). */
function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
  if (chunk === 'VP8X') return { width: u24(24) + 1, height: u24(27) + 1 };
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') {
    // The key frame's start code, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: (bytes[26]! | (bytes[27]! << 8)) & 0x3fff, height: (bytes[28]! | (bytes[29]! << 8)) & 0x3fff };
  }
  return null;
}

const HEADER_SIZE: Record<ImageKind, HeaderSize> = {
  png: (b) => pngSize(b),
  jpeg: (b) => jpegSize(b),
  bmp: (b) => bmpSize(b),
  gif: gifSize,
  webp: webpSize,
};

function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  // The signature, then the IHDR chunk's length and type, then width and height.
  if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function bmpSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 26) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const core = view.getUint32(14, true) === 12; // OS/2 1.x header: 16-bit sizes
  const width = core ? view.getUint16(18, true) : view.getInt32(18, true);
  const height = Math.abs(core ? view.getInt16(20, true) : view.getInt32(22, true));
  return { width, height };
}

/** The size in the first start-of-frame segment (SOF0–SOF15, not DHT, JPG or DAC). */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > bytes.length) return null;
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return { width, height };
    }
    if (marker === 0xda || marker === 0xd9 || length < 2) return null; // scan data before any frame
    at += 2 + length;
  }
  return null;
}
