import type { BitmapShape } from '../model/document.js';
import { IDENTITY } from '../model/matrix.js';
import { cropImage } from './crop.js';
import type { GreyImage } from './grey.js';
import type { RgbaImage } from './image.js';
import { engravingLevels } from './raster-op.js';
import { checkBitmapSettings } from './settings.js';

/** What a bitmap will burn, as a picture: 0 = full power (black) … 255 = off (white). */
export interface EngravingPreview extends GreyImage {
  /** The resolution it was worked out at (the settings' DPI, or less when capped by `maxPixels`). */
  dpiX: number;
  dpiY: number;
  /** Preview pixels per output pixel along each axis: 1 = the engraving's own grid, below 1 = coarser. */
  scale: number;
}

export interface EngravingPreviewOptions {
  /**
   * At most this many pixels: a larger engraving is worked out at a proportionally lower DPI (the
   * halftone cell shrinks with it), enough for a screen and far faster than the full grid.
   */
  maxPixels?: number;
}

/**
 * The engraving of a bitmap as the laser will burn it, in the bitmap's own frame (unrotated): its crop,
 * resampled at the DPI, brightness/contrast/gamma, invert, grey levels and dithering, through the very
 * steps the planner uses (engravingLevels), then power levels turned back into greys. Bad settings throw
 * SettingError.
 */
export function engravingPreview(
  image: RgbaImage,
  shape: Pick<BitmapShape, 'width' | 'height' | 'settings' | 'crop'>,
  options: EngravingPreviewOptions = {},
): EngravingPreview {
  const s = shape.settings;
  checkBitmapSettings(s);
  const fullPixels = ((shape.width * s.dpiX) / 25.4) * ((shape.height * s.dpiY) / 25.4);
  const maxPixels = options.maxPixels ?? Number.POSITIVE_INFINITY;
  const scale = fullPixels > maxPixels ? Math.sqrt(maxPixels / fullPixels) : 1;
  const settings =
    scale === 1 ? s : { ...s, dpiX: s.dpiX * scale, dpiY: s.dpiY * scale, dot: Math.max(1, s.dot * scale) };
  const frame = { x: 0, y: 0, width: shape.width, height: shape.height };
  const grid = engravingLevels(cropImage(image, shape.crop), frame, IDENTITY, settings);
  // Levels: 0 off, 1–255 more power; as a picture the most power is black.
  const data = grid.data;
  for (let i = 0; i < data.length; i++) data[i] = 255 - data[i]!;
  return { width: grid.width, height: grid.height, data, dpiX: settings.dpiX, dpiY: settings.dpiY, scale };
}
