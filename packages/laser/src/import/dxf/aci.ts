/**
 * The AutoCAD Color Index (ACI): 255 numbered colours. 1–9 are fixed; 10–249 run through 24 hues
 * (15° apart, starting at red) with ten shades each — five brightness levels (255, 204, 153, 127, 76),
 * each in a full-saturation (even index) and a half-saturation (odd index) version; 250–255 are greys.
 * These are the RGB values AutoCAD's colour dialog shows for each index.
 */

const FIXED: readonly number[] = [
  0x000000, 0xff0000, 0xffff00, 0x00ff00, 0x00ffff, 0x0000ff, 0xff00ff, 0xffffff, 0x808080, 0xc0c0c0,
];
const GREYS: readonly number[] = [51, 80, 105, 130, 190, 255];
const LEVELS: readonly number[] = [255, 204, 153, 127, 76];

/** One channel of a hue wheel position: 1 on the channel's plateau, 0 off it, a ramp between. */
function hueChannel(h: number): number {
  const x = ((h % 360) + 360) % 360;
  if (x < 60) return x / 60;
  if (x < 180) return 1;
  if (x < 240) return (240 - x) / 60;
  return 0;
}

/** The colour of ACI index 1–255 as 0xRRGGBB; index 0 and 256 (by block/layer) and others give white. */
export function aciToRgb(index: number): number {
  const i = Math.trunc(index);
  if (i >= 1 && i <= 9) return FIXED[i]!;
  if (i >= 250 && i <= 255) {
    const g = GREYS[i - 250]!;
    return (g << 16) | (g << 8) | g;
  }
  if (i < 10 || i > 249) return 0xffffff;
  const hue = Math.floor((i - 10) / 10) * 15;
  const shade = (i - 10) % 10;
  const v = LEVELS[shade >> 1]!;
  const low = shade % 2 === 1 ? Math.floor(v / 2) : 0;
  // Red peaks at 0°, green at 120°, blue at 240°: shift the channel curve accordingly.
  const channel = (offset: number) => Math.floor(low + (v - low) * hueChannel(hue - offset + 120));
  return (channel(0) << 16) | (channel(120) << 8) | channel(240);
}

/** `#rrggbb` for a 24-bit colour. */
export function rgbHex(rgb: number): string {
  return `#${(rgb & 0xffffff).toString(16).padStart(6, '0')}`;
}

/** `#rrggbb` for an ACI index. */
export function aciHex(index: number): string {
  return rgbHex(aciToRgb(index));
}

/**
 * The ACI index closest to a colour (least squared RGB distance). Black and white both map to 7, the
 * index CAD programs draw in the foreground colour (black on a light background, white on a dark one).
 */
export function nearestAci(rgb: number): number {
  const r = (rgb >> 16) & 255;
  const g = (rgb >> 8) & 255;
  const b = rgb & 255;
  if ((r === 0 && g === 0 && b === 0) || (r === 255 && g === 255 && b === 255)) return 7;
  let best = 1;
  let bestD = Number.POSITIVE_INFINITY;
  for (let i = 1; i <= 255; i++) {
    if (i === 7) continue;
    const c = aciToRgb(i);
    const d = (((c >> 16) & 255) - r) ** 2 + (((c >> 8) & 255) - g) ** 2 + ((c & 255) - b) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}
