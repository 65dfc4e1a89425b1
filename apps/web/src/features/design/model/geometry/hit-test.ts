import { type Bounds, clipSegment, insideEvenOdd, type Polyline, type Shape, signedArea, type Vec2 } from '@kerf/laser';
import { geometryOf, shapePositions } from './shape-geometry';
import type { SpatialIndex } from './spatial-index';

/** Distance from `p` to the segment a–b. */
export function segmentDistance(p: Vec2, a: Vec2, b: Vec2): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

export function polylineDistance(p: Vec2, line: Polyline): number {
  const pts = line.points;
  if (pts.length === 1) return Math.hypot(p.x - pts[0]!.x, p.y - pts[0]!.y);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < pts.length; i++) best = Math.min(best, segmentDistance(p, pts[i - 1]!, pts[i]!));
  if (line.closed && pts.length > 2) best = Math.min(best, segmentDistance(p, pts.at(-1)!, pts[0]!));
  return best;
}

const closedRings = (lines: readonly Polyline[]) => lines.filter((l) => l.closed).map((l) => l.points);

/** Area enclosed by a shape's closed outlines (even-odd), used to prefer the innermost shape. */
function enclosedArea(lines: readonly Polyline[]): number {
  return closedRings(lines).reduce((sum, ring) => sum + Math.abs(signedArea(ring)), 0);
}

/**
 * The top-level shape a click at `point` picks: the topmost whose outline passes within `tolerance` mm;
 * failing that, the smallest closed or painted shape around the point (a click inside a part picks it,
 * as in the laser editors people know, and a hole's part rather than the sheet around it). Shapes
 * `pickable` turns down (on hidden or locked layers) are looked through.
 */
export function hitTest(
  index: SpatialIndex,
  shapes: readonly Shape[],
  point: Vec2,
  tolerance: number,
  pickable: (shape: Shape) => boolean = () => true,
): Shape | null {
  const candidates = index
    .search({
      minX: point.x - tolerance,
      minY: point.y - tolerance,
      maxX: point.x + tolerance,
      maxY: point.y + tolerance,
    })
    .filter(pickable);
  if (candidates.length === 0) return null;
  const order = shapePositions(shapes);
  candidates.sort((a, b) => order.get(b.id)! - order.get(a.id)!);
  for (const shape of candidates) {
    if (geometryOf(shape).polylines.some((line) => polylineDistance(point, line) <= tolerance)) return shape;
  }
  let inside: Shape | null = null;
  let insideArea = Number.POSITIVE_INFINITY;
  for (const shape of candidates) {
    const geometry = geometryOf(shape);
    const rings = closedRings(geometry.polylines);
    const within = geometry.solid ? insideBounds(point, geometry.bounds) : insideEvenOdd(rings, point.x, point.y);
    if (!within) continue;
    const area = geometry.solid ? boundsArea(geometry.bounds) : enclosedArea(geometry.polylines);
    if (area < insideArea) {
      inside = shape;
      insideArea = area;
    }
  }
  return inside;
}

const insideBounds = (p: Vec2, b: Bounds) => p.x >= b.minX && p.x <= b.maxX && p.y >= b.minY && p.y <= b.maxY;
const boundsArea = (b: Bounds) => (b.maxX - b.minX) * (b.maxY - b.minY);

export type MarqueeMode = 'window' | 'crossing';

/**
 * Shapes a marquee takes: `window` (dragged left to right) only those wholly inside; `crossing`
 * (right to left) also those it touches, as in CAD and the laser editors. `pickable` as in hitTest.
 */
export function shapesInRect(
  index: SpatialIndex,
  rect: Bounds,
  mode: MarqueeMode,
  pickable: (shape: Shape) => boolean = () => true,
): Shape[] {
  return index.search(rect).filter((shape) => {
    if (!pickable(shape)) return false;
    const geometry = geometryOf(shape);
    const b = geometry.bounds;
    if (b.minX >= rect.minX && b.maxX <= rect.maxX && b.minY >= rect.minY && b.maxY <= rect.maxY) return true;
    if (mode === 'window') return false;
    return geometry.polylines.some((line) => polylineMeetsRect(line, rect));
  });
}

function polylineMeetsRect(line: Polyline, r: Bounds): boolean {
  const pts = line.points;
  const count = line.closed ? pts.length : pts.length - 1;
  if (pts.some((p) => insideBounds(p, r))) return true;
  const clip = { x0: r.minX, y0: r.minY, x1: r.maxX, y1: r.maxY };
  for (let i = 0; i < count; i++) {
    if (clipSegment(pts[i]!, pts[(i + 1) % pts.length]!, clip)) return true;
  }
  return false;
}
