import { describe, expect, it } from 'vitest';
import type { BitmapSettings, BitmapShape, PixelRect } from '../src/model/document.js';
import { SettingError } from '../src/model/errors.js';
import { parseDocument, serializeDocument } from '../src/model/json.js';
import { createDocument, createLayer, DEFAULT_BITMAP_SETTINGS } from '../src/model/layers.js';
import { IDENTITY } from '../src/model/matrix.js';
import { exportSvg } from '../src/output/svg.js';
import { engravingPreview } from '../src/raster/engraving-preview.js';
import type { RgbaImage } from '../src/raster/image.js';
import { rasterOp } from '../src/raster/raster-op.js';
import { checkBitmapSettings } from '../src/raster/settings.js';
import { toneTable } from '../src/raster/tone.js';

/** A w × h opaque picture whose grey at (x, y) is f(x, y). */
function picture(w: number, h: number, f: (x: number, y: number) => number): RgbaImage {
  const rgba = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) rgba.set([f(x, y), f(x, y), f(x, y), 255], (y * w + x) * 4);
  }
  return { width: w, height: h, rgba };
}

/** A bitmap of w × h pixels engraved 1:1 at 254 dpi (0.1 mm a pixel). */
function bitmap(w: number, h: number, s: Partial<BitmapSettings> = {}, crop?: PixelRect): BitmapShape {
  return {
    kind: 'bitmap',
    id: 'b1',
    layerId: 'L1',
    transform: IDENTITY,
    x: 0,
    y: 0,
    width: (crop?.width ?? w) / 10,
    height: (crop?.height ?? h) / 10,
    src: 'data:image/png;base64,',
    pixelWidth: w,
    pixelHeight: h,
    settings: { ...DEFAULT_BITMAP_SETTINGS, dpiX: 254, dpiY: 254, ...s },
    ...(crop ? { crop } : {}),
  };
}

const layer = createLayer({ id: 'L1', mode: 'image' });
const mean = (data: Uint8Array) => data.reduce((sum, g) => sum + g, 0) / data.length;
const burnt = (data: Uint8Array) => data.filter((g) => g === 0).length;
const midGrey = picture(40, 20, () => 128);
const ramp = picture(64, 8, (x) => x * 4);

describe('toneTable', () => {
  it('leaves greys alone when neutral', () => {
    expect([...toneTable({})]).toEqual(Array.from({ length: 256 }, (_, g) => g));
    expect([...toneTable({ brightness: 0, contrast: 0, gamma: 1 })]).toEqual([...toneTable({})]);
  });

  it('lightens with brightness, spreads with contrast, bends mid-tones with gamma', () => {
    expect(toneTable({ brightness: 40 })[100]).toBe(Math.round(100 + 0.4 * 255));
    expect(toneTable({ brightness: -40 })[100]).toBe(0);
    const contrast = toneTable({ contrast: 50 });
    expect(contrast[64]).toBeLessThan(64);
    expect(contrast[192]).toBeGreaterThan(192);
    expect(toneTable({ contrast: -100 })[10]).toBe(128);
    const gamma = toneTable({ gamma: 2 });
    expect(gamma[128]).toBe(Math.round(Math.sqrt(128 / 255) * 255));
    expect([gamma[0], gamma[255]]).toEqual([0, 255]);
  });
});

describe('engravingPreview', () => {
  const greyscale = { dither: 'greyscale' as const };

  it('shows greyscale power as grey, one pixel per output pixel', () => {
    const p = engravingPreview(midGrey, bitmap(40, 20, greyscale));
    expect([p.width, p.height, p.scale]).toEqual([40, 20, 1]);
    expect(Math.abs(mean(p.data) - 128)).toBeLessThanOrEqual(1);
  });

  it('changes with brightness, contrast, gamma and invert', () => {
    const base = mean(engravingPreview(midGrey, bitmap(40, 20, greyscale)).data);
    const at = (s: Partial<BitmapSettings>) =>
      mean(engravingPreview(midGrey, bitmap(40, 20, { ...greyscale, ...s })).data);
    expect(at({ brightness: 30 })).toBeGreaterThan(base + 60);
    expect(at({ brightness: -30 })).toBeLessThan(base - 60);
    expect(at({ gamma: 2.2 })).toBeGreaterThan(base + 40);
    expect(at({ gamma: 0.5 })).toBeLessThan(base - 40);
    // contrast about mid-grey: a ramp's darks get darker and lights lighter
    const rampAt = (s: Partial<BitmapSettings>) => engravingPreview(ramp, bitmap(64, 8, { ...greyscale, ...s })).data;
    expect(rampAt({ contrast: 60 })[8]!).toBeLessThan(rampAt({})[8]! - 10);
    expect(rampAt({ contrast: 60 })[56]!).toBeGreaterThan(rampAt({})[56]! + 10);
    const dark = picture(40, 20, () => 30);
    expect(mean(engravingPreview(dark, bitmap(40, 20, { ...greyscale, invert: true })).data)).toBeGreaterThan(200);
  });

  it('dithers to black and white with the method and threshold', () => {
    const threshold = (t: number) =>
      burnt(engravingPreview(midGrey, bitmap(40, 20, { dither: 'threshold', threshold: t })).data);
    expect(threshold(129)).toBe(800);
    expect(threshold(128)).toBe(0);
    const fs = engravingPreview(midGrey, bitmap(40, 20, { dither: 'floyd-steinberg' })).data;
    expect(fs.every((g) => g === 0 || g === 255)).toBe(true);
    expect(burnt(fs) / fs.length).toBeCloseTo(0.5, 1);
    const lighter = engravingPreview(midGrey, bitmap(40, 20, { dither: 'floyd-steinberg', brightness: 25 })).data;
    expect(burnt(lighter)).toBeLessThan(burnt(fs) * 0.6);
  });

  it('keeps only the grey levels asked for', () => {
    const p = engravingPreview(ramp, bitmap(64, 8, { dither: 'greyscale', greyLevel: 4 }));
    expect(new Set(p.data).size).toBeLessThanOrEqual(4);
  });

  it('works at the DPI, or coarser when capped by maxPixels', () => {
    expect(engravingPreview(midGrey, bitmap(40, 20, { dpiX: 127, dpiY: 508 })).width).toBe(20);
    expect(engravingPreview(midGrey, bitmap(40, 20, { dpiX: 127, dpiY: 508 })).height).toBe(40);
    const capped = engravingPreview(midGrey, bitmap(40, 20), { maxPixels: 200 });
    expect([capped.width, capped.height, capped.scale]).toEqual([20, 10, 0.5]);
    expect(capped.dpiX).toBe(127);
  });

  it('burns what the planner burns', () => {
    const photo = picture(50, 30, (x, y) => (x * 5 + y * 3) % 256);
    const shape = bitmap(50, 30, { dither: 'atkinson', brightness: 10, contrast: 20, gamma: 1.4 });
    const op = rasterOp(photo, { shape, matrix: IDENTITY }, layer);
    const onInLines = op.lines.reduce((n, line) => n + line.levels.filter((v) => v > 0).length, 0);
    expect(onInLines).toBe(burnt(engravingPreview(photo, shape).data));
  });

  it('refuses settings out of range', () => {
    expect(() => engravingPreview(midGrey, bitmap(40, 20, { gamma: 0 }))).toThrow(SettingError);
    expect(() => checkBitmapSettings({ ...DEFAULT_BITMAP_SETTINGS, brightness: 101 })).toThrow(SettingError);
    expect(() => checkBitmapSettings({ ...DEFAULT_BITMAP_SETTINGS, contrast: Number.NaN })).toThrow(SettingError);
  });
});

describe('crop', () => {
  // left half black, right half white
  const halves = picture(40, 20, (x) => (x < 20 ? 0 : 255));

  it('engraves only the cropped part, stretched over the frame', () => {
    const left = bitmap(40, 20, { dither: 'threshold' }, { x: 0, y: 0, width: 20, height: 20 });
    const right = bitmap(40, 20, { dither: 'threshold' }, { x: 20, y: 5, width: 20, height: 10 });
    const leftOp = rasterOp(halves, { shape: left, matrix: IDENTITY }, layer);
    expect(leftOp.lines).toHaveLength(20);
    expect(leftOp.lines.every((l) => l.levels.length === 20)).toBe(true);
    expect(rasterOp(halves, { shape: right, matrix: IDENTITY }, layer).lines).toHaveLength(0);
    expect(burnt(engravingPreview(halves, left).data)).toBe(400);
    expect(burnt(engravingPreview(halves, right).data)).toBe(0);
  });

  it('refuses a crop outside the picture', () => {
    const outside = bitmap(40, 20, {}, { x: 50, y: 0, width: 10, height: 10 });
    expect(() => engravingPreview(halves, outside)).toThrow(SettingError);
  });
});

describe('documents', () => {
  const withBitmap = (shape: BitmapShape) =>
    createDocument({ layers: [createLayer({ id: 'L1', mode: 'image' })], shapes: [shape] });

  it('reads documents saved before tone and crop existed', () => {
    const doc = parseDocument(serializeDocument(withBitmap(bitmap(4, 4))));
    const shape = doc.shapes[0] as BitmapShape;
    expect(shape.settings.brightness).toBeUndefined();
    expect(shape.crop).toBeUndefined();
  });

  it('keeps tone and crop, and refuses them out of range', () => {
    const shape = bitmap(40, 20, { brightness: -20, contrast: 35, gamma: 1.8 }, { x: 2, y: 3, width: 10, height: 8 });
    const back = parseDocument(serializeDocument(withBitmap(shape))).shapes[0] as BitmapShape;
    expect(back.settings).toMatchObject({ brightness: -20, contrast: 35, gamma: 1.8 });
    expect(back.crop).toEqual({ x: 2, y: 3, width: 10, height: 8 });
    const badGamma = bitmap(4, 4, { gamma: 0 });
    expect(() => parseDocument(serializeDocument(withBitmap(badGamma)))).toThrow();
    const badCrop = bitmap(4, 4, {}, { x: 0, y: 0, width: 0, height: 2 });
    expect(() => parseDocument(serializeDocument(withBitmap(badCrop)))).toThrow();
  });

  it('exports a cropped bitmap as a viewport onto the kept pixels', () => {
    const shape = bitmap(40, 20, {}, { x: 2, y: 3, width: 10, height: 8 });
    const svg = exportSvg(withBitmap(shape));
    expect(svg).toContain('viewBox="2 3 10 8"');
    expect(svg).toContain('<image width="40" height="20"');
    expect(exportSvg(withBitmap(bitmap(40, 20)))).not.toContain('viewBox="0 0 40 20"');
  });
});
