import { type Bounds, type Matrix, multiply, rotate, scale, translate, type Vec2 } from '@kerf/laser';
import { type Camera, toScreen } from '../camera';
import { boundsCentre } from './shape-geometry';

export type ScaleHandle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
export type Handle = ScaleHandle | 'rotate';

export const SCALE_HANDLES: readonly ScaleHandle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
/** Handle squares' half size and the rotate knob's distance above the box, screen pixels. */
export const HANDLE_RADIUS = 6;
export const ROTATE_OFFSET = 24;

/** Where a scale handle sits on the box, as fractions of its width and height. */
const FRACTIONS: Record<ScaleHandle, [number, number]> = {
  nw: [0, 0],
  n: [0.5, 0],
  ne: [1, 0],
  e: [1, 0.5],
  se: [1, 1],
  s: [0.5, 1],
  sw: [0, 1],
  w: [0, 0.5],
};

export function handlePoint(b: Bounds, handle: ScaleHandle): Vec2 {
  const [fx, fy] = FRACTIONS[handle];
  return { x: b.minX + fx * (b.maxX - b.minX), y: b.minY + fy * (b.maxY - b.minY) };
}

const OPPOSITE: Record<ScaleHandle, ScaleHandle> = {
  nw: 'se',
  n: 's',
  ne: 'sw',
  e: 'w',
  se: 'nw',
  s: 'n',
  sw: 'ne',
  w: 'e',
};

/** The rotate knob, in screen pixels (a fixed distance above the box's top edge at any zoom). */
export function rotateKnob(b: Bounds, camera: Camera): Vec2 {
  const top = toScreen(camera, { x: (b.minX + b.maxX) / 2, y: b.minY });
  return { x: top.x, y: top.y - ROTATE_OFFSET };
}

/** The handle of the selection box under a screen point, if any. */
export function handleAt(b: Bounds, camera: Camera, screen: Vec2): Handle | null {
  const knob = rotateKnob(b, camera);
  if (Math.hypot(screen.x - knob.x, screen.y - knob.y) <= HANDLE_RADIUS + 2) return 'rotate';
  for (const handle of SCALE_HANDLES) {
    const p = toScreen(camera, handlePoint(b, handle));
    if (Math.abs(screen.x - p.x) <= HANDLE_RADIUS + 1 && Math.abs(screen.y - p.y) <= HANDLE_RADIUS + 1) return handle;
  }
  return null;
}

/** Smallest scale a drag may reach: a box is never flattened to nothing (it could not be inverted). */
const MIN_SCALE = 1e-4;

/**
 * The transform a scale-handle drag makes: the opposite handle (or the centre, with `fromCentre`) stays
 * put; `keepAspect` scales both axes alike. Dragging past the anchor mirrors, as in the editors people know.
 */
export function scaleMatrix(
  b: Bounds,
  handle: ScaleHandle,
  pointer: Vec2,
  options: { keepAspect: boolean; fromCentre: boolean },
): Matrix {
  const anchor = options.fromCentre ? boundsCentre(b) : handlePoint(b, OPPOSITE[handle]);
  const grip = handlePoint(b, handle);
  const [fx, fy] = FRACTIONS[handle];
  const ratio = (p: number, a: number, g: number) => {
    const span = g - a;
    if (Math.abs(span) < 1e-12) return 1;
    const r = (p - a) / span;
    return Math.abs(r) < MIN_SCALE ? Math.sign(r || 1) * MIN_SCALE : r;
  };
  let sx = fx === 0.5 ? 1 : ratio(pointer.x, anchor.x, grip.x);
  let sy = fy === 0.5 ? 1 : ratio(pointer.y, anchor.y, grip.y);
  if (options.keepAspect) {
    if (fx === 0.5) sx = Math.abs(sy);
    else if (fy === 0.5) sy = Math.abs(sx);
    else {
      const s = Math.max(Math.abs(sx), Math.abs(sy));
      sx = Math.sign(sx) * s;
      sy = Math.sign(sy) * s;
    }
  }
  return multiply(translate(anchor.x, anchor.y), multiply(scale(sx, sy), translate(-anchor.x, -anchor.y)));
}

/** Degrees a rotate drag has turned about `centre`; `snap` rounds to 15° steps. */
export function rotationAngle(centre: Vec2, from: Vec2, to: Vec2, snap: boolean): number {
  const a = Math.atan2(from.y - centre.y, from.x - centre.x);
  const b = Math.atan2(to.y - centre.y, to.x - centre.x);
  let degrees = ((b - a) * 180) / Math.PI;
  if (snap) degrees = Math.round(degrees / 15) * 15;
  return degrees;
}

export const rotationMatrix = (centre: Vec2, degrees: number): Matrix => rotate(degrees, centre.x, centre.y);

/** Document bounds of a box after a transform (the preview's box while dragging). */
export function transformBounds(b: Bounds, m: Matrix): Bounds {
  const corners = [
    { x: b.minX, y: b.minY },
    { x: b.maxX, y: b.minY },
    { x: b.maxX, y: b.maxY },
    { x: b.minX, y: b.maxY },
  ].map((p) => ({ x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] }));
  return {
    minX: Math.min(...corners.map((p) => p.x)),
    minY: Math.min(...corners.map((p) => p.y)),
    maxX: Math.max(...corners.map((p) => p.x)),
    maxY: Math.max(...corners.map((p) => p.y)),
  };
}
