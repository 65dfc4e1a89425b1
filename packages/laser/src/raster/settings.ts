import { type BitmapSettings, DITHER_METHODS } from '../model/document.js';
import { SettingError } from '../model/errors.js';

/** The finest resolution an engraving may use, dots per inch (0.005 mm pixels). */
export const MAX_DPI = 5080;
/** The most output pixels one bitmap may become (2^28 ≈ 268 million: 16,384² pixels). */
export const MAX_RASTER_PIXELS = 1 << 28;

const METHODS: ReadonlySet<string> = new Set(DITHER_METHODS);

const bad = (zh: string, en: string): never => {
  throw new SettingError({ 'zh-CN': zh, en });
};

/** Refuses bitmap settings the engraver cannot use, with SettingError saying which one and why. */
export function checkBitmapSettings(s: BitmapSettings): void {
  if (!Number.isInteger(s.greyLevel) || s.greyLevel < 2 || s.greyLevel > 256) {
    bad('灰度级必须是 2 到 256 之间的整数', 'Grey levels must be a whole number from 2 to 256');
  }
  for (const [value, axis] of [
    [s.dpiX, 'X'],
    [s.dpiY, 'Y'],
  ] as const) {
    if (!(Number.isFinite(value) && value > 0 && value <= MAX_DPI)) {
      bad(`${axis} 方向的 DPI 必须在 0 到 ${MAX_DPI} 之间`, `The ${axis} DPI must be above 0 and at most ${MAX_DPI}`);
    }
  }
  if (!METHODS.has(s.dither)) bad('未知的抖动方式', `Unknown dithering method "${String(s.dither)}"`);
  if (s.dither === 'threshold' && !(Number.isFinite(s.threshold) && s.threshold >= 0 && s.threshold <= 256)) {
    bad('阈值必须在 0 到 256 之间', 'The threshold must be from 0 to 256');
  }
  const inRange = (value: number | undefined, min: number, max: number) =>
    value === undefined || (Number.isFinite(value) && value >= min && value <= max);
  if (!inRange(s.brightness, -100, 100)) bad('亮度必须在 -100 到 100 之间', 'Brightness must be from -100 to 100');
  if (!inRange(s.contrast, -100, 100)) bad('对比度必须在 -100 到 100 之间', 'Contrast must be from -100 to 100');
  if (!inRange(s.gamma, 0.1, 10)) bad('伽马值必须在 0.1 到 10 之间', 'Gamma must be from 0.1 to 10');
  if (s.dither === 'halftone') {
    if (!(Number.isFinite(s.dot) && s.dot >= 1 && s.dot <= 256)) {
      bad('网点大小必须在 1 到 256 像素之间', 'The halftone dot size must be from 1 to 256 pixels');
    }
    if (!Number.isFinite(s.slope)) bad('网屏角度必须是数字', 'The halftone angle must be a number');
  }
  if (s.scanDirection !== 'horizontal' && s.scanDirection !== 'vertical') {
    bad('扫描方向必须是水平或垂直', 'The scan direction must be horizontal or vertical');
  }
  if (!['top-left', 'top-right', 'bottom-left', 'bottom-right'].includes(s.startPosition)) {
    bad('起始位置必须是四个角之一', 'The start position must be one of the four corners');
  }
}

/** Refuses a raster larger than MAX_RASTER_PIXELS (a huge picture at a fine DPI). */
export function checkRasterSize(width: number, height: number): void {
  if (width * height > MAX_RASTER_PIXELS) {
    bad(
      `位图在此 DPI 下像素过多（${width}×${height}），请降低 DPI 或缩小图片`,
      `The bitmap would be ${width}×${height} pixels at this DPI; lower the DPI or make it smaller`,
    );
  }
}

/** Refuses a placement that squashes the bitmap flat or has no size. */
export function badPlacement(): never {
  return bad('位图的尺寸或变换无效', 'The bitmap has no size or its transform flattens it');
}
