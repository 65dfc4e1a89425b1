import type { PixelRect } from '../model/document.js';
import type { RgbaImage } from './image.js';
import { badPlacement } from './settings.js';

/**
 * The part of `image` inside `crop` (clamped to the picture), as a new picture; the image itself when
 * there is no crop or it covers everything. A crop with nothing inside the picture is refused.
 */
export function cropImage(image: RgbaImage, crop: PixelRect | undefined): RgbaImage {
  if (!crop) return image;
  const x0 = Math.max(0, Math.floor(crop.x));
  const y0 = Math.max(0, Math.floor(crop.y));
  const x1 = Math.min(image.width, Math.floor(crop.x + crop.width));
  const y1 = Math.min(image.height, Math.floor(crop.y + crop.height));
  if (!(x1 > x0 && y1 > y0)) return badPlacement();
  if (x0 === 0 && y0 === 0 && x1 === image.width && y1 === image.height) return image;
  const width = x1 - x0;
  const height = y1 - y0;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((y0 + y) * image.width + x0) * 4;
    rgba.set(image.rgba.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, rgba };
}
