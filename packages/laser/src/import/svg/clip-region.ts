import {
  Clipper64,
  ClipperD,
  ClipType,
  FillRule,
  type Path64,
  type PathD,
  type PathsD,
  PathType,
  unionD,
} from 'clipper2-ts';
import type { LeafShape } from '../../model/document.js';
import type { Matrix, Vec2 } from '../../model/matrix.js';
import { flattenPath, type Polyline, transformPath } from '../../model/path.js';
import { shapeOutline } from '../../model/shapes.js';
import type { ClipArea } from './clip.js';

/**
 * Clip paths as geometry. A `<clipPath>` becomes a region (closed rings, non-zero, document mm): the union
 * of its children, each filled by its own `clip-rule`, intersected with the clip path's own clip path
 * when it has one. Shapes clipped by it keep only what lies inside: fills as rings, outlines as open
 * pieces — which is what a laser cuts.
 */

/** Work in micrometres, as the rest of the core does. */
const PRECISION = 3;
const SCALE = 10 ** PRECISION;
/** Curves are flattened within this, mm. */
export const CLIP_TOLERANCE = 0.005;

const RULE = { nonzero: FillRule.NonZero, evenodd: FillRule.EvenOdd } as const;

const toPath = (points: readonly Vec2[]): PathD => points.map((p) => ({ x: p.x, y: p.y }));
const fromPath = (path: PathD): Vec2[] => path.map((p) => ({ x: p.x, y: p.y }));

/** The area a leaf shape covers, by its rule, in the coordinates `m` maps it to. */
export function leafRegion(shape: LeafShape, m: Matrix, rule: 'nonzero' | 'evenodd'): PathsD {
  const rings = flattenPath(transformPath(shapeOutline(shape), m), CLIP_TOLERANCE)
    .filter((l) => l.points.length >= 3)
    .map((l) => toPath(l.points));
  return rings.length ? unionD(rings, RULE[rule]) : [];
}

export function unionRegions(regions: readonly PathsD[]): PathsD {
  const all = regions.flat();
  return all.length ? unionD(all, FillRule.NonZero) : [];
}

export function intersectRegions(a: PathsD, b: PathsD): PathsD {
  if (a.length === 0 || b.length === 0) return [];
  const c = new ClipperD(PRECISION);
  c.addPaths(a, PathType.Subject);
  c.addPaths(b, PathType.Clip);
  const out: PathsD = [];
  c.execute(ClipType.Intersection, FillRule.NonZero, out);
  return out;
}

/** A region as a clip area for `clipShapes` (which flattens shapes into document mm for it). */
export function regionArea(region: PathsD): ClipArea {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const ring of region) {
    for (const p of ring) {
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x);
      y1 = Math.max(y1, p.y);
    }
  }
  return {
    // Only shapes clear of the region's bounds are settled early; everything else goes through Clipper.
    relation: (a0, b0, a1, b1) =>
      region.length === 0 || a1 < x0 || b1 < y0 || a0 > x1 || b0 > y1 ? 'outside' : 'crossing',
    rings: (lines: readonly Polyline[], rule) => {
      const subject = lines.filter((l) => l.points.length >= 3).map((l) => toPath(l.points));
      if (subject.length === 0) return { rings: [], rule: 'nonzero' };
      const filled = unionD(subject, RULE[rule]);
      return { rings: intersectRegions(filled, region).map(fromPath), rule: 'nonzero' };
    },
    pieces: (lines: readonly Polyline[]) => {
      // Open paths go through the integer clipper: ClipperD returns no open pieces (clipper2-ts 2.0).
      const c = new Clipper64();
      const scaled = (pts: readonly Vec2[]) =>
        pts.map((p) => ({ x: Math.round(p.x * SCALE), y: Math.round(p.y * SCALE) }));
      for (const l of lines) {
        const pts = l.closed && l.points.length > 1 ? [...l.points, l.points[0]!] : l.points;
        if (pts.length >= 2) c.addPath(scaled(pts), PathType.Subject, true);
      }
      c.addPaths(region.map(scaled), PathType.Clip);
      const closed: Path64[] = [];
      const open: Path64[] = [];
      c.execute(ClipType.Intersection, FillRule.NonZero, closed, open);
      return open.map((path) => path.map((p) => ({ x: Number(p.x) / SCALE, y: Number(p.y) / SCALE })));
    },
    wholeWarning: 'pictures and text under a clip path are not clipped; they were imported whole',
  };
}
