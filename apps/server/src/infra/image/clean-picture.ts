import { MAX_IMAGE_PIXELS } from '@kerf/laser';
import { loadSharp } from './load-sharp.js';

export interface CleanPicture {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  width: number;
  height: number;
}

/**
 * A picture someone uploaded, decoded and written again by libvips: what is kept is pixels, never the
 * uploaded bytes, so nothing hidden (scripts in a polyglot file, EXIF location) travels on to the people
 * who look at it. The EXIF orientation is applied first, so the picture stands as the camera held it.
 * JPEG stays JPEG, GIF stays GIF (animated frames kept), PNG and anything else becomes PNG or WebP.
 * Null when the bytes are not a picture libvips reads.
 */
export async function cleanPicture(input: Uint8Array): Promise<CleanPicture | null> {
  const sharp = await loadSharp();
  try {
    const source = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: true });
    const meta = await source.metadata();
    if (!meta.format || !meta.width || !meta.height) return null;
    const pipeline = source.rotate();
    if (meta.format === 'jpeg') return await encode(pipeline.jpeg({ quality: 90, mozjpeg: false }), 'image/jpeg');
    if (meta.format === 'gif') return await encode(pipeline.gif(), 'image/gif');
    if (meta.format === 'webp') return await encode(pipeline.webp({ quality: 90 }), 'image/webp');
    return await encode(pipeline.png({ compressionLevel: 6 }), 'image/png');
  } catch {
    return null;
  }
}

async function encode(pipeline: import('sharp').Sharp, mime: CleanPicture['mime']): Promise<CleanPicture> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  // an animation's height is its frames stacked: one frame's height is what people see
  const height = info.pageHeight ?? info.height;
  return { bytes: data, mime, width: info.width, height };
}
