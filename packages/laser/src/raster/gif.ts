import { GifReader } from 'omggif';
import { checkImagePixels } from './decode.js';
import { ImageFormatError, type RgbaImage } from './image.js';

/**
 * A GIF's first frame as RGBA (an animation engraves its first picture), with omggif. Pixels the frame
 * leaves transparent, or does not cover, are transparent.
 */
export function decodeGif(bytes: Uint8Array): RgbaImage {
  let reader: GifReader;
  try {
    reader = new GifReader(bytes);
  } catch (error) {
    throw new ImageFormatError(`the GIF file is damaged or unsupported (${(error as Error).message})`);
  }
  checkImagePixels(reader.width, reader.height);
  if (reader.numFrames() < 1) throw new ImageFormatError('the GIF has no picture in it');
  const rgba = new Uint8Array(reader.width * reader.height * 4);
  try {
    reader.decodeAndBlitFrameRGBA(0, rgba);
  } catch (error) {
    throw new ImageFormatError(`the GIF file is damaged or unsupported (${(error as Error).message})`);
  }
  return { width: reader.width, height: reader.height, rgba };
}
