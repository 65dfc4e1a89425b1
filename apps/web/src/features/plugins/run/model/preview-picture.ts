import {
  type Bounds,
  emptyBounds,
  isEmptyBounds,
  type KerfDocument,
  type LayerMode,
  leafShapes,
  pathDataString,
  placedPath,
  placedPolylines,
  polylineBounds,
} from '@kerf/laser';

/**
 * A plugin's answer as a picture: one SVG path per layer (a run can answer twenty thousand shapes, and
 * one element per shape would make every re-run slow to show), the answer's bounds and its size.
 */

export interface PreviewLayer {
  id: string;
  color: string;
  mode: LayerMode;
  /** Every outline on the layer, in document millimetres. */
  d: string;
}

export interface PreviewPicture {
  layers: PreviewLayer[];
  /** Leaf shapes drawn (a group's children each count). */
  shapeCount: number;
  /** The drawing's extent, mm; null when nothing was drawn. */
  bounds: Bounds | null;
}

/** Outlines are flattened this coarsely for the bounds alone: a preview's size readout shows tenths. */
const BOUNDS_TOLERANCE = 0.02;

export function previewPicture(doc: KerfDocument): PreviewPicture {
  const paths = new Map<string, string[]>();
  const bounds = emptyBounds();
  const placed = leafShapes(doc.shapes);
  for (const p of placed) {
    const d = pathDataString(placedPath(p));
    if (!d) continue;
    const list = paths.get(p.shape.layerId);
    if (list) list.push(d);
    else paths.set(p.shape.layerId, [d]);
    polylineBounds(placedPolylines(p, BOUNDS_TOLERANCE), bounds);
  }
  const layers: PreviewLayer[] = [];
  const known = new Set<string>();
  for (const layer of doc.layers) {
    known.add(layer.id);
    const list = paths.get(layer.id);
    if (list) layers.push({ id: layer.id, color: layer.color, mode: layer.mode, d: list.join('') });
  }
  // shapes naming a layer the answer did not list are still shown, in black as a cut
  for (const [id, list] of paths) {
    if (!known.has(id)) layers.push({ id, color: '#000000', mode: 'cut', d: list.join('') });
  }
  return { layers, shapeCount: placed.length, bounds: isEmptyBounds(bounds) ? null : bounds };
}

/** The drawing's width and height, mm, rounded to tenths for reading. */
export function sizeOf(bounds: Bounds | null): { width: number; height: number } | null {
  if (!bounds) return null;
  const tenth = (n: number) => Math.round(n * 10) / 10;
  return { width: tenth(bounds.maxX - bounds.minX), height: tenth(bounds.maxY - bounds.minY) };
}

/** The SVG viewBox showing `bounds` with a margin of `share` of its larger side (a dot gets a 1 mm box). */
export function viewBoxOf(bounds: Bounds, share = 0.04): string {
  const width = Math.max(bounds.maxX - bounds.minX, 1e-3);
  const height = Math.max(bounds.maxY - bounds.minY, 1e-3);
  const margin = Math.max(width, height, 1) * share;
  const x = (bounds.minX + bounds.maxX - width) / 2 - margin;
  const y = (bounds.minY + bounds.maxY - height) / 2 - margin;
  return [x, y, width + 2 * margin, height + 2 * margin].map((n) => Number(n.toFixed(4))).join(' ');
}
