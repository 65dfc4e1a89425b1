import {
  DEFAULT_TOLERANCE,
  flattenPath,
  leafShapes,
  type PathData,
  type Polyline,
  placedPath,
  type Shape,
  type Vec2,
} from '@kerf/laser';
import {
  areaPathsD,
  Clipper,
  EndType,
  FillRule,
  inflatePathsD,
  JoinType,
  type PathD,
  type PathsD,
  unionD,
} from 'clipper2-ts';

/** Booleans and offsets work in micrometres: 3 decimals of a millimetre. */
const PRECISION = 3;

export type BooleanOp = 'union' | 'difference' | 'intersection' | 'exclusion';
export type OffsetJoin = 'round' | 'miter' | 'square';

/** A shape's outline in document coordinates, flattened, split into closed rings and open lines. */
export function outlinesOf(shape: Shape, tolerance = DEFAULT_TOLERANCE): { rings: PathsD; open: PathsD } {
  const rings: PathsD = [];
  const open: PathsD = [];
  for (const placed of leafShapes([shape])) {
    for (const line of flattenPath(placedPath(placed), tolerance)) {
      const path: PathD = line.points.map((p) => ({ x: p.x, y: p.y }));
      if (line.closed && path.length >= 3) rings.push(path);
      else if (path.length >= 2) open.push(path);
    }
  }
  return { rings, open };
}

/**
 * A shape's area as a region: its rings taken even-odd (a letter's counter is a hole), so regions of
 * different shapes can then be combined non-zero.
 */
export function regionOf(shape: Shape): PathsD {
  const { rings } = outlinesOf(shape);
  return rings.length ? unionD(rings, FillRule.EvenOdd) : [];
}

export const regionArea = (region: PathsD) => Math.abs(areaPathsD(region));

/**
 * Combines the regions of shapes: union of all; difference takes the rest from the first; intersection
 * keeps what all share; exclusion keeps what an odd number of them cover.
 */
export function combineRegions(regions: readonly PathsD[], op: BooleanOp): PathsD {
  const [first, ...rest] = regions;
  if (!first) return [];
  switch (op) {
    case 'union':
      return unionD(regions.flat(), FillRule.NonZero);
    case 'difference':
      return rest.length
        ? Clipper.differenceD(first, unionD(rest.flat(), FillRule.NonZero), FillRule.NonZero, PRECISION)
        : first;
    case 'intersection':
      return rest.reduce((acc, region) => Clipper.intersectD(acc, region, FillRule.NonZero, PRECISION), first);
    case 'exclusion':
      return rest.reduce((acc, region) => Clipper.xorD(acc, region, FillRule.NonZero, PRECISION), first);
  }
}

const JOINS: Record<OffsetJoin, JoinType> = { round: JoinType.Round, miter: JoinType.Miter, square: JoinType.Square };
const ENDS: Record<OffsetJoin, EndType> = { round: EndType.Round, miter: EndType.Square, square: EndType.Square };

/**
 * Offsets a shape's outline by `distance` mm: outward when positive, inward when negative, with round,
 * miter or square corners. Open lines become the outline around them at that distance.
 */
export function offsetShape(shape: Shape, distance: number, join: OffsetJoin): PathsD {
  const { rings, open } = outlinesOf(shape);
  const region = rings.length ? unionD(rings, FillRule.EvenOdd) : [];
  // the arc tolerance keeps rounded corners within the drawing's flattening tolerance
  const arcTolerance = DEFAULT_TOLERANCE;
  const out: PathsD = [];
  if (region.length)
    out.push(...inflatePathsD(region, distance, JOINS[join], EndType.Polygon, 2, PRECISION, arcTolerance));
  if (open.length && distance > 0)
    out.push(...inflatePathsD(open, distance, JOINS[join], ENDS[join], 2, PRECISION, arcTolerance));
  return out;
}

/** Clipper's rings back to Kerf's path data: closed straight-line sub-paths. */
export function pathOfRings(rings: PathsD): PathData {
  return rings
    .filter((ring) => ring.length >= 3)
    .map((ring) => ({
      start: { x: ring[0]!.x, y: ring[0]!.y },
      segments: ring.slice(1).map((p) => ({ type: 'line' as const, to: { x: p.x, y: p.y } })),
      closed: true,
    }));
}

export const polylinesOf = (rings: PathsD): Polyline[] =>
  rings.map((ring) => ({ points: ring.map((p): Vec2 => ({ x: p.x, y: p.y })), closed: true }));
