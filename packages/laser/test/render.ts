import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { convertIndexedToRgb, decode } from 'fast-png';

/**
 * Pixels for tests: render SVG text with resvg, read reference PNGs, and compare two pictures the way a
 * person would (both over white, counting pixels that differ visibly).
 */

export interface Picture {
  width: number;
  height: number;
  /** Straight (not premultiplied) RGBA, 8 bits per channel, rows top to bottom. */
  rgba: Uint8Array;
}

/**
 * Renders SVG text at `width` pixels wide (height follows the aspect ratio). No system fonts are loaded;
 * `fontFiles` (TrueType or OpenType files) are, the first family being the default.
 */
export function renderSvg(svg: string, width: number, fontFiles: string[] = []): Picture {
  const font = fontFiles.length
    ? { loadSystemFonts: false, fontFiles, defaultFontFamily: 'Noto Sans', sansSerifFamily: 'Noto Sans' }
    : { loadSystemFonts: false };
  const r = new Resvg(svg, { fitTo: { mode: 'width', value: width }, font });
  const img = r.render();
  return { width: img.width, height: img.height, rgba: new Uint8Array(img.pixels) };
}

/** Any PNG (palette, grey, 16-bit, with or without alpha) as 8-bit RGBA. */
export function decodePng(bytes: Uint8Array): Picture {
  const png = decode(bytes);
  const { width, height } = png;
  const n = width * height;
  const rgba = new Uint8Array(n * 4);
  if (png.palette) {
    const rgb = convertIndexedToRgb(png);
    const ch = png.palette[0]?.length === 4 ? 4 : 3;
    for (let i = 0; i < n; i++) {
      rgba[i * 4] = rgb[i * ch]!;
      rgba[i * 4 + 1] = rgb[i * ch + 1]!;
      rgba[i * 4 + 2] = rgb[i * ch + 2]!;
      rgba[i * 4 + 3] = ch === 4 ? rgb[i * ch + 3]! : 255;
    }
    return { width, height, rgba };
  }
  const data = png.data;
  const ch = png.channels;
  const shift = png.depth === 16 ? 8 : 0;
  const at = (k: number) => (shift ? data[k]! >> shift : data[k]!);
  for (let i = 0; i < n; i++) {
    const grey = ch < 3;
    rgba[i * 4] = at(i * ch);
    rgba[i * 4 + 1] = grey ? at(i * ch) : at(i * ch + 1);
    rgba[i * 4 + 2] = grey ? at(i * ch) : at(i * ch + 2);
    rgba[i * 4 + 3] = ch === 2 ? at(i * ch + 1) : ch === 4 ? at(i * ch + 3) : 255;
  }
  return { width, height, rgba };
}

export function readPng(path: string): Picture {
  return decodePng(new Uint8Array(readFileSync(path)));
}

/** The picture composited over white, as RGB. */
export function overWhite(p: Picture): Uint8Array {
  const n = p.width * p.height;
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    const a = p.rgba[i * 4 + 3]! / 255;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(p.rgba[i * 4 + c]! * a + 255 * (1 - a));
  }
  return out;
}

/**
 * Share (0–1) of pixels whose largest channel difference, both pictures composited over white, is
 * above `threshold` (0–255). Pictures of different sizes differ everywhere (share 1).
 */
export function diffShare(a: Picture, b: Picture, threshold = 64): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  const x = overWhite(a);
  const y = overWhite(b);
  let differing = 0;
  for (let i = 0; i < x.length; i += 3) {
    const d = Math.max(Math.abs(x[i]! - y[i]!), Math.abs(x[i + 1]! - y[i + 1]!), Math.abs(x[i + 2]! - y[i + 2]!));
    if (d > threshold) differing++;
  }
  return differing / (a.width * a.height);
}

/** True when the picture is blank: every pixel white (or transparent) after compositing over white. */
export function isBlank(p: Picture, threshold = 16): boolean {
  const x = overWhite(p);
  for (let i = 0; i < x.length; i++) if (x[i]! < 255 - threshold) return false;
  return true;
}
