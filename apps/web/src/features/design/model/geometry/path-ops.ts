import {
  IDENTITY,
  type LeafShape,
  leafShapes,
  type PathData,
  type PathShape,
  placedPath,
  type Segment,
  type Shape,
  type SubPath,
  type Vec2,
} from '@kerf/laser';
import { newId } from '../ids';

/** End points closer than this join, mm. */
export const JOIN_TOLERANCE = 0.01;

/** The first leaf's layer (a group's results land on the layer of its first shape). */
export function layerOf(shape: Shape): string | undefined {
  return leafShapes([shape])[0]?.shape.layerId;
}

/**
 * A shape as one path in document coordinates: rectangles, ellipses, polygons and text become editable
 * nodes. Bitmaps stay what they are (their outline is a frame, not a drawing); so do groups' bitmaps.
 */
export function toPathShape(shape: Shape): PathShape | null {
  const leaves = leafShapes([shape]).filter((p) => p.shape.kind !== 'bitmap');
  if (leaves.length === 0) return null;
  const path = leaves.flatMap((p) => placedPath(p));
  const first = leaves[0]!.shape as LeafShape;
  return {
    id: shape.kind === 'group' ? newId() : shape.id,
    kind: 'path',
    transform: IDENTITY,
    layerId: first.layerId,
    ...(first.style ? { style: first.style } : {}),
    path,
  };
}

/** One shape per sub-path (break apart); a shape with a single sub-path gives itself back. */
export function breakApart(shape: PathShape): PathShape[] {
  if (shape.path.length < 2) return [shape];
  return shape.path.map((sub, i) => ({ ...shape, id: i === 0 ? shape.id : newId(), path: [sub] }));
}

const near = (a: Vec2, b: Vec2) => Math.hypot(a.x - b.x, a.y - b.y) <= JOIN_TOLERANCE;

function endOf(sub: SubPath): Vec2 {
  return sub.segments.at(-1)?.to ?? sub.start;
}

/** A sub-path run backwards (so an end can meet another's start). */
export function reverseSubPath(sub: SubPath): SubPath {
  const points = [sub.start, ...sub.segments.map((s) => s.to)];
  const segments = sub.segments
    .map((seg, i): Segment => {
      const to = points[i]!;
      if (seg.type === 'line') return { type: 'line', to };
      if (seg.type === 'quad') return { type: 'quad', c: seg.c, to };
      if (seg.type === 'cubic') return { type: 'cubic', c1: seg.c2, c2: seg.c1, to };
      return { ...seg, sweep: !seg.sweep, to };
    })
    .reverse();
  return { start: endOf(sub), segments, closed: sub.closed };
}

/**
 * Joins paths into one: open sub-paths whose ends meet are chained (reversed where needed), a chain
 * whose ends meet is closed, and everything else is kept as further sub-paths.
 */
export function joinPaths(paths: readonly PathData[]): PathData {
  const closed: SubPath[] = [];
  const open: SubPath[] = [];
  for (const sub of paths.flat()) (sub.closed ? closed : open).push(sub);
  const chains: SubPath[] = [];
  while (open.length) {
    let chain = open.shift()!;
    for (let grown = true; grown; ) {
      grown = false;
      for (let i = 0; i < open.length; i++) {
        const other = open[i]!;
        let next: SubPath | null = null;
        if (near(endOf(chain), other.start)) next = { ...chain, segments: [...chain.segments, ...other.segments] };
        else if (near(endOf(chain), endOf(other)))
          next = { ...chain, segments: [...chain.segments, ...reverseSubPath(other).segments] };
        else if (near(chain.start, endOf(other))) next = { ...other, segments: [...other.segments, ...chain.segments] };
        else if (near(chain.start, other.start))
          next = { ...reverseSubPath(other), segments: [...reverseSubPath(other).segments, ...chain.segments] };
        if (next) {
          chain = next;
          open.splice(i, 1);
          grown = true;
          break;
        }
      }
    }
    if (chain.segments.length > 1 && near(chain.start, endOf(chain))) chain = { ...chain, closed: true };
    chains.push(chain);
  }
  return [...closed, ...chains];
}

/** Closes every open sub-path (a straight line back to its start). */
export function closePath(path: PathData): PathData {
  return path.map((sub) => (sub.closed || sub.segments.length === 0 ? sub : { ...sub, closed: true }));
}
