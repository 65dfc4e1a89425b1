import { EndType, inflatePathsD, JoinType, type PathD } from 'clipper2-ts';
import { type Bounds, emptyBounds, extendBounds, type Vec2 } from '../model/matrix.js';
import { signedArea } from '../model/path.js';
import { containerGraph, type Ring } from '../optimise/containment.js';

/**
 * Kerf compensation. The beam burns away a strip as wide as its kerf, centred on the path, so a part cut
 * along its drawn outline comes out smaller by half the kerf on every side and its holes larger. The
 * cure is to move the path into the scrap: outer contours outward, holes inward. Which contour is a hole
 * is a matter of containment across the whole layer (a circle drawn as its own shape inside a plate is
 * the plate's hole), so holes are the closed contours that lie inside an odd number of others.
 */

/** Offsets work in micrometres (three decimals of a millimetre), as the G-code does. */
const PRECISION = 3;
/** Round joins follow the arc within this chord error, mm. */
const ARC_TOLERANCE = 0.002;

function ringOf(points: readonly Vec2[]): Ring {
  const b: Bounds = emptyBounds();
  for (const p of points) extendBounds(b, p.x, p.y);
  return { pts: points, minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY, area: Math.abs(signedArea(points)) };
}

/** For each closed contour, whether it is a hole: inside an odd number of the other contours. */
export function holeFlags(rings: readonly (readonly Vec2[])[]): boolean[] {
  const graph = containerGraph(rings.map((r) => (r.length >= 3 ? ringOf(r) : null)));
  // The graph keeps only direct containers; the nesting depth is the longest chain of them.
  const depth = new Int32Array(rings.length).fill(-1);
  const depthOf = (i: number): number => {
    if (depth[i]! >= 0) return depth[i]!;
    // Settled largest first, so a container's chain never leads back to the ring asking.
    let d = 0;
    for (let k = graph.start[i]!; k < graph.start[i + 1]!; k++) d = Math.max(d, depthOf(graph.list[k]!) + 1);
    depth[i] = d;
    return d;
  };
  return rings.map((_, i) => depthOf(i) % 2 === 1);
}

/**
 * One closed contour moved by `distance` into its scrap side (outward, or inward for a hole), with round
 * joins. A hole smaller than the offset disappears (an empty list); a contour pinched in the middle may
 * come back as several. Each result starts at its point nearest the contour's own start, so the entry
 * the drawing chose stays where it was.
 */
export function offsetContour(points: readonly Vec2[], distance: number, hole: boolean): Vec2[][] {
  const path: PathD = points.map((p) => ({ x: p.x, y: p.y }));
  const delta = hole ? -distance : distance;
  const out = inflatePathsD([path], delta, JoinType.Round, EndType.Polygon, 2, PRECISION, ARC_TOLERANCE);
  const start = points[0]!;
  // Clipper returns its own orientation; keep the drawing's direction of travel.
  const clockwise = signedArea(points) < 0;
  return out
    .filter((ring) => ring.length >= 3)
    .map((ring) => {
      const pts = ring.map((p): Vec2 => ({ x: p.x, y: p.y }));
      if (signedArea(pts) < 0 !== clockwise) pts.reverse();
      return rotateToNearest(pts, start);
    });
}

function rotateToNearest(points: Vec2[], to: Vec2): Vec2[] {
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  for (const [i, p] of points.entries()) {
    const d = (p.x - to.x) ** 2 + (p.y - to.y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best === 0 ? points : [...points.slice(best), ...points.slice(0, best)];
}
