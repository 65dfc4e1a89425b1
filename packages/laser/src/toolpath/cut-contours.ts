import type { Layer, TabSettings } from '../model/document.js';
import type { PathOp } from '../model/job.js';
import type { Vec2 } from '../model/matrix.js';
import { polylineLength } from '../model/path.js';
import { nearestOnRing } from './cut-path.js';
import { holeFlags, offsetContour } from './kerf-offset.js';

/**
 * The cut ops of a layer: one per sub-path of every vector shape, in drawing order, with the layer's
 * kerf offset applied to closed contours, holes marked (for the offset and the leads), and the tabs of
 * each closed contour placed on it.
 */

/** A shape's flattened outline in document coordinates, and its hand-placed tabs (document mm). */
export interface CutShape {
  shapeId: string;
  lines: { points: Vec2[]; closed: boolean }[];
  tabs?: Vec2[];
  /** The stroke's dash pattern, mm, and its offset (cut dashed when the layer says so). */
  dash?: number[];
  dashOffset?: number;
}

export function cutOps(layer: Layer, shapes: readonly CutShape[]): PathOp[] {
  const { kerfOffset, leadIn, leadOut } = layer.cut;
  const needHoles = kerfOffset !== 0 || leadIn.kind !== 'none' || leadOut.kind !== 'none';
  const rings: Vec2[][] = [];
  if (needHoles)
    for (const s of shapes) for (const l of s.lines) if (l.closed && l.points.length >= 3) rings.push(l.points);
  const holes = needHoles ? holeFlags(rings) : [];
  let ring = 0;
  const out: PathOp[] = [];
  const dashed = layer.cut.dashes === 'dashed';
  for (const s of shapes) {
    const dash =
      dashed && s.dash?.length ? { dash: s.dash, ...(s.dashOffset ? { dashOffset: s.dashOffset } : {}) } : {};
    // Hand-placed tabs go to the closed line of the shape that passes nearest each.
    const closedLines = s.lines.filter((l) => l.closed && l.points.length >= 3);
    const manualTabs = new Map<(typeof closedLines)[number], Vec2[]>();
    for (const t of s.tabs ?? []) {
      const line = nearestLine(closedLines, t);
      if (line) manualTabs.set(line, [...(manualTabs.get(line) ?? []), t]);
    }
    for (const l of s.lines) {
      const base = { kind: 'path' as const, mode: 'cut' as const, layerId: layer.id, shapeId: s.shapeId };
      if (!(l.closed && l.points.length >= 3)) {
        out.push({ ...base, ...dash, points: l.points, closed: l.closed });
        continue;
      }
      const hole = needHoles ? holes[ring++]! : false;
      const contours = kerfOffset !== 0 ? offsetContour(l.points, kerfOffset, hole) : [l.points];
      for (const points of contours) {
        const op: PathOp = { ...base, ...dash, points, closed: true };
        if (hole) op.hole = true;
        const tabs = manualTabs.get(l) ?? autoTabs(points, layer.cut.tabs);
        if (tabs.length) op.tabs = tabs;
        out.push(op);
      }
    }
  }
  return out;
}

/**
 * Tabs spread evenly round a contour, the first half a step from its start (so the entry point, where
 * leads and overcut meet, stays cut). None on contours shorter than `minLength`, and never so many that
 * the gaps would take more than half the outline.
 */
export function autoTabs(ring: Vec2[], settings: TabSettings): Vec2[] {
  if (settings.mode === 'none' || !(settings.width > 0)) return [];
  const total = polylineLength({ points: ring, closed: true });
  if (total < settings.minLength || total <= 0) return [];
  let n = settings.mode === 'count' ? settings.count : Math.floor(total / settings.spacing);
  n = Math.min(n, Math.floor(total / (2 * settings.width)));
  if (!(n >= 1)) return [];
  const step = total / n;
  return Array.from({ length: n }, (_, i) => pointAt(ring, (i + 0.5) * step));
}

/** The point `s` mm along a closed contour from its first point. */
export function pointAt(ring: readonly Vec2[], s: number): Vec2 {
  let left = s;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    const d = Math.hypot(b.x - a.x, b.y - a.y);
    if (d > 0 && left <= d) return { x: a.x + ((b.x - a.x) * left) / d, y: a.y + ((b.y - a.y) * left) / d };
    left -= d;
  }
  return ring[0]!;
}

/** The closed line a hand-placed tab belongs to: the one passing nearest it. */
function nearestLine<T extends { points: Vec2[] }>(lines: readonly T[], p: Vec2): T | undefined {
  let best: T | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const l of lines) {
    const d = nearestOnRing(l.points, p).distance2;
    if (d < bestD) {
      bestD = d;
      best = l;
    }
  }
  return best;
}
