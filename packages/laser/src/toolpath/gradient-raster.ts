import type { Gradient, GradientStop, Layer } from '../model/document.js';
import type { RasterLine, RasterOp } from '../model/job.js';
import { apply, invert, type Matrix, multiply, type Vec2 } from '../model/matrix.js';
import { toGrey } from '../raster/grey.js';
import { type HatchGroup, hatchGroups } from './hatch.js';

/**
 * A gradient-filled shape on an image layer, engraved as greyscale: scan lines across the shape (the
 * layer's fill interval apart, horizontal), one pixel per interval along them, each pixel's power from
 * the gradient's colour there, turned to grey over white as pictures are (black: full power, white: none).
 */

/** Pixels a gradient engraving may have, all lines together (a 300 × 300 mm part at 0.05 mm is 36 million). */
const MAX_PIXELS = 40_000_000;

export function gradientRasterOp(
  group: HatchGroup,
  gradient: Gradient,
  /** The shape's own coordinates to the document. */
  shapeMatrix: Matrix,
  layer: Layer,
  shapeId: string,
): RasterOp | null {
  const settings = { ...layer.fillSettings, angle: 0, crossHatch: false, bidirectional: false, overscan: 0 };
  const spans = hatchGroups([group], settings, '', {});
  const step = settings.interval;
  const toGradient = invert(multiply(shapeMatrix, gradient.transform));
  const stops = gradient.stops.map(rgbaStop);
  const lines: RasterLine[] = [];
  let pixels = 0;
  let forward = true;
  let lastAt = Number.NaN;
  for (const span of spans) {
    const [a, b] = span.points as [Vec2, Vec2];
    const x0 = Math.min(a.x, b.x);
    const x1 = Math.max(a.x, b.x);
    const n = Math.max(1, Math.round((x1 - x0) / step));
    pixels += n;
    if (pixels > MAX_PIXELS) return null;
    if (a.y !== lastAt) {
      // A new scan line: bidirectional layers turn round on it.
      if (!Number.isNaN(lastAt) && layer.fillSettings.bidirectional) forward = !forward;
      lastAt = a.y;
    }
    // The line's colours, then to burn levels the way pictures are (raster/grey.ts): dark burns.
    const rgba = new Uint8Array(n * 4);
    for (let i = 0; i < n; i++) {
      const k = forward ? i : n - 1 - i;
      const x = x0 + (k + 0.5) * ((x1 - x0) / n);
      colourAt(stops, spread(gradientOffset(gradient, apply(toGradient, { x, y: a.y })), gradient.spread), rgba, i * 4);
    }
    const levels = toGrey({ width: n, height: 1, rgba }).data;
    for (let i = 0; i < n; i++) levels[i] = 255 - levels[i]!;
    const width = (x1 - x0) / n;
    lines.push(forward ? { at: a.y, from: x0, step: width, levels } : { at: a.y, from: x1, step: -width, levels });
  }
  if (lines.length === 0) return null;
  return {
    kind: 'raster',
    layerId: layer.id,
    shapeId,
    axis: 'horizontal',
    overscan: layer.fillSettings.overscan,
    lines,
  };
}

/** The gradient's position (0–1 before spreading) at a point of gradient space. */
export function gradientOffset(g: Gradient, p: Vec2): number {
  if (g.kind === 'linear') {
    const dx = g.x2 - g.x1;
    const dy = g.y2 - g.y1;
    const len2 = dx * dx + dy * dy;
    return len2 > 0 ? ((p.x - g.x1) * dx + (p.y - g.y1) * dy) / len2 : 1;
  }
  // The focal circle (fx, fy, fr) grows into the end circle (cx, cy, r): find the circle through p.
  const cdx = g.cx - g.fx;
  const cdy = g.cy - g.fy;
  const dr = g.r - g.fr;
  const pdx = p.x - g.fx;
  const pdy = p.y - g.fy;
  const a = cdx * cdx + cdy * cdy - dr * dr;
  const b = pdx * cdx + pdy * cdy + g.fr * dr;
  const c = pdx * pdx + pdy * pdy - g.fr * g.fr;
  // a·t² − 2b·t + c = 0; the larger root whose circle has a radius of 0 or more.
  if (Math.abs(a) < 1e-12) return b !== 0 ? c / (2 * b) : 0;
  const disc = b * b - a * c;
  if (disc < 0) return 0;
  const roots = [(b + Math.sqrt(disc)) / a, (b - Math.sqrt(disc)) / a].filter((t) => g.fr + t * dr >= 0);
  return roots.length ? Math.max(...roots) : 0;
}

function spread(t: number, how: Gradient['spread']): number {
  if (how === 'repeat') return t - Math.floor(t);
  if (how === 'reflect') {
    const m = t - 2 * Math.floor(t / 2);
    return m > 1 ? 2 - m : m;
  }
  return Math.min(1, Math.max(0, t));
}

interface RgbaStop {
  offset: number;
  rgba: [number, number, number, number];
}

/** A stop with its colour read once: red, green, blue 0–255 and opacity 0–255. */
function rgbaStop(stop: GradientStop): RgbaStop {
  const [r, g, b] = [1, 3, 5].map((k) => Number.parseInt(stop.color.slice(k, k + 2), 16));
  return { offset: stop.offset, rgba: [r!, g!, b!, stop.opacity * 255] };
}

/** Writes the colour at position `t` (0–1, spread already applied) into `out` at `at`. */
function colourAt(stops: readonly RgbaStop[], t: number, out: Uint8Array, at: number): void {
  let i = 0;
  while (i < stops.length - 1 && stops[i + 1]!.offset < t) i++;
  const s0 = stops[i]!;
  const s1 = stops[Math.min(i + 1, stops.length - 1)]!;
  const span = s1.offset - s0.offset;
  const u = span > 0 ? Math.min(1, Math.max(0, (t - s0.offset) / span)) : t >= s1.offset ? 1 : 0;
  for (let c = 0; c < 4; c++) out[at + c] = Math.round(s0.rgba[c]! + (s1.rgba[c]! - s0.rgba[c]!) * u);
}
