import type { Bounds, Shape, Vec2 } from '@kerf/laser';
import type { SnapSettings } from '../store/editor-store';
import { boundsCentre, geometryOf } from './shape-geometry';
import type { SpatialIndex } from './spatial-index';

export type SnapKind = 'grid' | 'point' | 'centre';

export interface Snap {
  point: Vec2;
  kind: SnapKind;
}

/** Vertices beyond this many in one shape are not offered (a traced photo would flood the search). */
const MAX_VERTICES = 400;

/** Points of a shape worth snapping to: its box's corners and centre, and its outline's vertices. */
export function snapPoints(shape: Shape): Snap[] {
  const geometry = geometryOf(shape);
  const b = geometry.bounds;
  const out: Snap[] = [
    { point: boundsCentre(b), kind: 'centre' },
    { point: { x: b.minX, y: b.minY }, kind: 'point' },
    { point: { x: b.maxX, y: b.minY }, kind: 'point' },
    { point: { x: b.maxX, y: b.maxY }, kind: 'point' },
    { point: { x: b.minX, y: b.maxY }, kind: 'point' },
  ];
  let budget = MAX_VERTICES;
  for (const line of geometry.polylines) {
    if (line.points.length > budget) break;
    budget -= line.points.length;
    for (const point of line.points) out.push({ point, kind: 'point' });
  }
  return out;
}

export interface SnapContext {
  settings: SnapSettings;
  index: SpatialIndex;
  /** Screen pixels per mm: the catch radius is in pixels. */
  zoom: number;
  /** Shapes not to snap to (the ones being moved). */
  exclude?: ReadonlySet<string>;
  /** Whether a shape can be seen at all (shapes on hidden layers are no snap targets). */
  visible?: (shape: Shape) => boolean;
}

/** Where `point` snaps: the nearest object point within the radius, else the grid, else itself. */
export function snapPoint(point: Vec2, ctx: SnapContext): Snap | null {
  const { settings } = ctx;
  if (!settings.enabled) return null;
  const radius = settings.radius / ctx.zoom;
  if (settings.objects) {
    const near = nearestObjectPoint([point], ctx, radius);
    if (near) return { point: near.target, kind: near.kind };
  }
  if (settings.grid) {
    const g = settings.gridSize;
    const grid = { x: Math.round(point.x / g) * g, y: Math.round(point.y / g) * g };
    if (Math.abs(grid.x - point.x) <= radius && Math.abs(grid.y - point.y) <= radius)
      return { point: grid, kind: 'grid' };
  }
  return null;
}

/**
 * The shift that snaps a moved selection: its box's corners and centre are tried against object points,
 * then against the grid; the smallest shift within the radius wins.
 */
export function snapMove(moved: Bounds, ctx: SnapContext): { dx: number; dy: number; kind: SnapKind } | null {
  const { settings } = ctx;
  if (!settings.enabled) return null;
  const radius = settings.radius / ctx.zoom;
  const refs: Vec2[] = [
    boundsCentre(moved),
    { x: moved.minX, y: moved.minY },
    { x: moved.maxX, y: moved.minY },
    { x: moved.maxX, y: moved.maxY },
    { x: moved.minX, y: moved.maxY },
  ];
  if (settings.objects) {
    const near = nearestObjectPoint(refs, ctx, radius);
    if (near) return { dx: near.target.x - near.from.x, dy: near.target.y - near.from.y, kind: near.kind };
  }
  if (settings.grid) {
    const g = settings.gridSize;
    // Each axis snaps on its own: the box's left or right edge (or centre) to the nearest grid line.
    const axis = (values: number[]) => {
      let best: number | null = null;
      for (const v of values) {
        const d = Math.round(v / g) * g - v;
        if (Math.abs(d) <= radius && (best === null || Math.abs(d) < Math.abs(best))) best = d;
      }
      return best;
    };
    const dx = axis([moved.minX, (moved.minX + moved.maxX) / 2, moved.maxX]);
    const dy = axis([moved.minY, (moved.minY + moved.maxY) / 2, moved.maxY]);
    if (dx !== null || dy !== null) return { dx: dx ?? 0, dy: dy ?? 0, kind: 'grid' };
  }
  return null;
}

function nearestObjectPoint(from: readonly Vec2[], ctx: SnapContext, radius: number) {
  let best: { from: Vec2; target: Vec2; kind: SnapKind; distance: number } | null = null;
  for (const ref of from) {
    const box = { minX: ref.x - radius, minY: ref.y - radius, maxX: ref.x + radius, maxY: ref.y + radius };
    for (const shape of ctx.index.search(box)) {
      if (ctx.exclude?.has(shape.id) || ctx.visible?.(shape) === false) continue;
      for (const snap of snapPoints(shape)) {
        const distance = Math.hypot(snap.point.x - ref.x, snap.point.y - ref.y);
        if (distance <= radius && (best === null || distance < best.distance)) {
          best = { from: ref, target: snap.point, kind: snap.kind, distance };
        }
      }
    }
  }
  return best;
}
