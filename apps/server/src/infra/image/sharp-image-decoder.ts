import { type ImageDecoder, type ImageInfo, MAX_IMAGE_PIXELS, type RgbaImage } from '@kerf/laser';
import { loadSharp } from './load-sharp.js';

/**
 * The laser core's decode interface on sharp (libvips, libpng, libjpeg-turbo): PNG and JPEG photos
 * decode about ten times faster than with the core's portable decoders, and WebP, which the core cannot
 * decode at all. BMP and GIF stay with the core (the prebuilt libvips has no BMP reader).
 *
 * Pixels as the core gives them: the colour profile is ignored and EXIF orientation not applied (the
 * core's decoders do neither), grey and palette pictures are expanded to RGB, and an alpha channel is
 * added where there is none. 16-bit PNGs keep the high byte of each sample as the core does.
 */
export const sharpImageDecoder: ImageDecoder = {
  name: 'sharp',
  kinds: ['png', 'jpeg', 'webp'],
  async decode(bytes: Uint8Array, info: ImageInfo): Promise<RgbaImage> {
    const sharp = await loadSharp();
    const source = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, ignoreIcc: true, failOn: 'error' });
    const { data, info: out } = await source
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (out.channels !== 4 || out.width !== info.width || out.height !== info.height) {
      throw new Error(`sharp gave ${out.width}×${out.height}×${out.channels}, not ${info.width}×${info.height} RGBA`);
    }
    // A view of sharp's buffer, not a copy (Buffer is a Uint8Array).
    return { width: out.width, height: out.height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  },
};
