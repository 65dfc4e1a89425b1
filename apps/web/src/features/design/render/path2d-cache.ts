import { arcToCenter, leafShapes, type PathData, type PixelRect, placedPath, type Shape } from '@kerf/laser';

/** Adds Kerf path data to a canvas path: lines and curves as they are, arcs through their centre form. */
export function tracePath(target: Path2D, path: PathData) {
  for (const sub of path) {
    target.moveTo(sub.start.x, sub.start.y);
    let at = sub.start;
    for (const seg of sub.segments) {
      switch (seg.type) {
        case 'line':
          target.lineTo(seg.to.x, seg.to.y);
          break;
        case 'quad':
          target.quadraticCurveTo(seg.c.x, seg.c.y, seg.to.x, seg.to.y);
          break;
        case 'cubic':
          target.bezierCurveTo(seg.c1.x, seg.c1.y, seg.c2.x, seg.c2.y, seg.to.x, seg.to.y);
          break;
        case 'arc': {
          const arc = arcToCenter(at, seg);
          if (arc)
            target.ellipse(arc.cx, arc.cy, arc.rx, arc.ry, arc.phi, arc.theta1, arc.theta1 + arc.delta, arc.delta < 0);
          else target.lineTo(seg.to.x, seg.to.y);
          break;
        }
      }
      at = seg.to;
    }
    if (sub.closed) target.closePath();
  }
}

/** What one top-level shape draws, per layer, in document coordinates. */
export interface ShapePaths {
  byLayer: Map<string, Path2D>;
  bitmaps: {
    src: string;
    layerId: string;
    matrix: readonly number[];
    x: number;
    y: number;
    width: number;
    height: number;
    /** The part of the picture drawn (source pixels); absent = all of it. */
    crop?: PixelRect;
  }[];
}

const cache = new WeakMap<Shape, ShapePaths>();

/**
 * The canvas paths of a top-level shape, made once per shape object (an edit makes a new object, so a
 * stale path is never drawn) with the exact curves: the browser flattens them at the screen's scale.
 */
export function pathsOf(shape: Shape): ShapePaths {
  let paths = cache.get(shape);
  if (!paths) {
    paths = { byLayer: new Map(), bitmaps: [] };
    for (const placed of leafShapes([shape])) {
      const leaf = placed.shape;
      if (leaf.kind === 'bitmap') {
        paths.bitmaps.push({
          src: leaf.src,
          layerId: leaf.layerId,
          matrix: placed.matrix,
          x: leaf.x,
          y: leaf.y,
          width: leaf.width,
          height: leaf.height,
          ...(leaf.crop ? { crop: leaf.crop } : {}),
        });
      }
      let path = paths.byLayer.get(leaf.layerId);
      if (!path) {
        path = new Path2D();
        paths.byLayer.set(leaf.layerId, path);
      }
      tracePath(path, placedPath(placed));
    }
    cache.set(shape, paths);
  }
  return paths;
}
