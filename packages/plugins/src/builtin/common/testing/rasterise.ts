import { type KerfDocument, leafShapes, placedPolylines, type Vec2 } from '@kerf/laser';

/**
 * Test support: paints a document's filled shapes black on white, the way a laser engraves a fill
 * layer, into an RGBA buffer a barcode reader accepts. Each shape is filled on its own with the
 * even-odd rule (a scanline through pixel centres), and the shapes are painted over each other.
 */

export interface Bitmap {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  colorSpace: 'srgb';
}

export interface RasterOptions {
  /** Pixels per millimetre. */
  scale: number;
  /** White border around the drawing, in pixels. */
  margin: number;
}

export function rasteriseFills(doc: KerfDocument, { scale, margin }: RasterOptions): Bitmap {
  const filled = leafShapes(doc.shapes).filter((p) => p.shape.style?.fill && p.shape.kind !== 'text');
  const rings = filled.map((p) => placedPolylines(p, 0.001).map((line) => line.points));
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const shape of rings) {
    for (const ring of shape) {
      for (const p of ring) {
        minX = Math.min(minX, p.x);
        minY = Math.min(minY, p.y);
        maxX = Math.max(maxX, p.x);
        maxY = Math.max(maxY, p.y);
      }
    }
  }
  if (!Number.isFinite(minX)) throw new Error('nothing to paint');
  const width = Math.ceil((maxX - minX) * scale) + 2 * margin;
  const height = Math.ceil((maxY - minY) * scale) + 2 * margin;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const toPixels = (p: Vec2): Vec2 => ({ x: (p.x - minX) * scale + margin, y: (p.y - minY) * scale + margin });
  for (const shape of rings) {
    paintEvenOdd(
      shape.map((ring) => ring.map(toPixels)),
      width,
      height,
      (x, y) => data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3),
    );
  }
  return { data, width, height, colorSpace: 'srgb' };
}

/** Calls `paint` for every pixel whose centre lies inside the rings under the even-odd rule. */
export function paintEvenOdd(
  rings: Vec2[][],
  width: number,
  height: number,
  paint: (x: number, y: number) => void,
): void {
  for (let y = 0; y < height; y++) {
    const sy = y + 0.5;
    const crossings: number[] = [];
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i]!;
        const b = ring[(i + 1) % ring.length]!;
        // Half-open in y, so a vertex on the scanline is counted once.
        if (a.y <= sy === b.y <= sy) continue;
        crossings.push(a.x + ((sy - a.y) * (b.x - a.x)) / (b.y - a.y));
      }
    }
    crossings.sort((p, q) => p - q);
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      const from = Math.max(0, Math.ceil(crossings[i]! - 0.5));
      const to = Math.min(width - 1, Math.floor(crossings[i + 1]! - 0.5));
      for (let x = from; x <= to; x++) paint(x, y);
    }
  }
}

/**
 * The same bitmap as a camera sees marks that come out light (anodised aluminium, black acrylic):
 * painted areas light, the rest dark.
 */
export function asLightMarks(bitmap: Bitmap): Bitmap {
  return { ...bitmap, data: bitmap.data.map((v, i) => (i % 4 === 3 ? v : 255 - v)) };
}
