import {
  type Bounds,
  emptyBounds,
  isEmptyBounds,
  type KerfDocument,
  leafShapes,
  type Polyline,
  placedPolylines,
  polylineBounds,
  type Shape,
  unionBounds,
} from '@kerf/laser';

/** Chord tolerance of the outlines used to hit, snap and select, mm (the drawing keeps exact curves). */
export const GEOMETRY_TOLERANCE = 0.05;

/** A top-level shape's outline in document coordinates, flattened, with its bounds. */
export interface ShapeGeometry {
  polylines: Polyline[];
  bounds: Bounds;
  /** Painted inside (a fill style, or a bitmap): a click inside it hits it. */
  solid: boolean;
}

// Shapes are replaced, never changed in place, so the object itself keys its geometry.
const geometries = new WeakMap<Shape, ShapeGeometry>();

export function geometryOf(shape: Shape): ShapeGeometry {
  let geometry = geometries.get(shape);
  if (!geometry) {
    const polylines: Polyline[] = [];
    let solid = false;
    for (const placed of leafShapes([shape])) {
      polylines.push(...placedPolylines(placed, GEOMETRY_TOLERANCE));
      if (placed.shape.kind === 'bitmap' || placed.shape.style?.fill) solid = true;
    }
    const bounds = polylineBounds(polylines, emptyBounds());
    geometry = { polylines, bounds: isEmptyBounds(bounds) ? pointBounds(shape) : bounds, solid };
    geometries.set(shape, geometry);
  }
  return geometry;
}

/** An empty shape (a text with no glyphs yet) still sits somewhere: at its own origin. */
function pointBounds(shape: Shape): Bounds {
  const [, , , , x, y] = shape.transform;
  return { minX: x, minY: y, maxX: x, maxY: y };
}

const indexes = new WeakMap<readonly Shape[], Map<string, number>>();

/** Position of each top-level shape by id (cached per shapes array). */
export function shapePositions(shapes: readonly Shape[]): Map<string, number> {
  let index = indexes.get(shapes);
  if (!index) {
    index = new Map(shapes.map((shape, i) => [shape.id, i]));
    indexes.set(shapes, index);
  }
  return index;
}

export function findShape(doc: KerfDocument, id: string): Shape | undefined {
  const at = shapePositions(doc.shapes).get(id);
  return at === undefined ? undefined : doc.shapes[at];
}

/** The shapes of `ids` that exist, in drawing order. */
export function shapesOf(doc: KerfDocument, ids: Iterable<string>): Shape[] {
  const positions = shapePositions(doc.shapes);
  const at: number[] = [];
  for (const id of ids) {
    const i = positions.get(id);
    if (i !== undefined) at.push(i);
  }
  return at.sort((a, b) => a - b).map((i) => doc.shapes[i]!);
}

/** The box around the given shapes, or null when there are none. */
export function boundsOf(shapes: readonly Shape[]): Bounds | null {
  if (shapes.length === 0) return null;
  return shapes.map((shape) => geometryOf(shape).bounds).reduce(unionBounds);
}

export const boundsCentre = (b: Bounds) => ({ x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 });
export const boundsWidth = (b: Bounds) => b.maxX - b.minX;
export const boundsHeight = (b: Bounds) => b.maxY - b.minY;
