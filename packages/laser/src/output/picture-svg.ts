import type { KerfDocument } from '../model/document.js';
import { documentBounds } from '../model/shapes.js';
import { exportSvg, formatNumber } from './svg.js';

/** Flattening tolerance for the bounds of a picture, mm: a pixel of a large drawing is far coarser. */
const BOUNDS_TOLERANCE = 0.5;

/**
 * A drawing as a picture of `pixels` across its longer side: the document's SVG export cropped to what
 * is drawn (plus a margin), sized in pixels, and with unstyled lines two pixels wide whatever the
 * drawing's scale, so a 2 m sheet and a 20 mm badge both read at thumbnail size. Null for a drawing
 * with nothing in it.
 */
export function drawingPictureSvg(doc: KerfDocument, pixels: number): string | null {
  const b = documentBounds(doc, BOUNDS_TOLERANCE);
  if (!(b.maxX >= b.minX && b.maxY >= b.minY)) return null;
  const span = Math.max(b.maxX - b.minX, b.maxY - b.minY, 1e-3);
  const margin = span * 0.03;
  const x = b.minX - margin;
  const y = b.minY - margin;
  const w = b.maxX - b.minX + 2 * margin;
  const h = b.maxY - b.minY + 2 * margin;
  const scale = pixels / Math.max(w, h);
  const svg = exportSvg(doc, { order: 'drawing', hairline: 2 / scale });
  const size = `width="${Math.max(1, Math.round(w * scale))}" height="${Math.max(1, Math.round(h * scale))}"`;
  const viewBox = `viewBox="${formatNumber(x)} ${formatNumber(y)} ${formatNumber(w)} ${formatNumber(h)}"`;
  return svg.replace(/width="[^"]*mm" height="[^"]*mm" viewBox="[^"]*"/, `${size} ${viewBox}`);
}
