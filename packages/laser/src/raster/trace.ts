import type { BitmapShape } from '../model/document.js';
import type { Vec2 } from '../model/matrix.js';
import type { PathData, SubPath } from '../model/path.js';
import { signedArea } from '../model/path.js';
import { simplifyPolyline } from '../toolpath/simplify.js';
import { engravingPreview } from './engraving-preview.js';
import type { GreyImage } from './grey.js';
import type { RgbaImage } from './image.js';

export interface TraceOptions {
  /** Outlines enclosing fewer pixels than this are dropped (specks and pin-holes). Default 4. */
  minAreaPixels?: number;
  /** How far, in pixels, a simplified outline may stray from the pixel staircase. Default 0.8. */
  tolerancePixels?: number;
}

// Directions along pixel edges, y down: 0 right, 1 down, 2 left, 3 up; turning right is +1.
const DX = [1, 0, -1, 0] as const;
const DY = [0, 1, 0, -1] as const;

/**
 * The outlines of the dark pixels (grey below `below`) of a picture, as closed polygons through pixel
 * corners (in pixels, y down), ink kept on the right of travel: outer outlines run clockwise on screen
 * and holes anticlockwise, so an even-odd fill gives the ink back. Pixels touching only at a corner are
 * separate shapes. Each outline is followed once, corner to corner, so the cost is the number of edges.
 */
export function traceOutlines(mask: GreyImage, below = 128): Vec2[][] {
  const { width: w, height: h, data } = mask;
  const stride = w + 1;
  const ink = (x: number, y: number) => x >= 0 && x < w && y >= 0 && y < h && data[y * w + x]! < below;
  // Per pixel corner, a bit per outgoing edge direction.
  const edges = new Uint8Array(stride * (h + 1));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!ink(x, y)) continue;
      if (!ink(x, y - 1)) edges[y * stride + x]! |= 1 << 0;
      if (!ink(x + 1, y)) edges[y * stride + x + 1]! |= 1 << 1;
      if (!ink(x, y + 1)) edges[(y + 1) * stride + x + 1]! |= 1 << 2;
      if (!ink(x - 1, y)) edges[(y + 1) * stride + x]! |= 1 << 3;
    }
  }
  const original = edges.slice();
  const rings: Vec2[][] = [];
  for (let start = 0; start < edges.length; start++) {
    while (edges[start]) {
      const firstDirection = 31 - Math.clz32(edges[start]! & -edges[start]!);
      const ring: Vec2[] = [];
      let v = start;
      let d = firstDirection;
      for (;;) {
        edges[v]! &= ~(1 << d);
        v += DX[d]! + DY[d]! * stride;
        const bits = original[v]!;
        // At a saddle (two ways out) keep turning right, which keeps diagonal neighbours apart.
        const right = (d + 1) & 3;
        const next = bits & (1 << right) ? right : 31 - Math.clz32(bits & -bits);
        if (next !== d) ring.push({ x: v % stride, y: Math.floor(v / stride) });
        if (v === start && next === firstDirection) break;
        if (!(edges[v]! & (1 << next))) break; // cannot happen on a consistent edge set; never loop forever
        d = next;
      }
      rings.push(ring);
    }
  }
  return rings;
}

/**
 * A bitmap traced into outlines where it would burn at its threshold (brightness, contrast, gamma,
 * invert and crop as set; dithering is not traced): a path in the bitmap's cropped frame, millimetres,
 * top-left at 0, 0. The picture is traced at the engraving's DPI, or coarser past `maxPixels`.
 */
export function traceBitmap(
  image: RgbaImage,
  shape: Pick<BitmapShape, 'width' | 'height' | 'settings' | 'crop'>,
  options: TraceOptions & { maxPixels?: number } = {},
): PathData {
  const settings = { ...shape.settings, dither: 'threshold' as const };
  const mask = engravingPreview(image, { ...shape, settings }, { maxPixels: options.maxPixels ?? 2_000_000 });
  const mmX = shape.width / mask.width;
  const mmY = shape.height / mask.height;
  const minArea = options.minAreaPixels ?? 4;
  const tolerance = options.tolerancePixels ?? 0.8;
  const out: PathData = [];
  for (const ring of traceOutlines(mask)) {
    if (Math.abs(signedArea(ring)) < minArea) continue;
    const kept = simplifyPolyline(ring, tolerance, true);
    if (kept.length < 3) continue;
    const points = kept.map((p) => ({ x: p.x * mmX, y: p.y * mmY }));
    const sub: SubPath = {
      start: points[0]!,
      segments: points.slice(1).map((to) => ({ type: 'line' as const, to })),
      closed: true,
    };
    out.push(sub);
  }
  return out;
}
