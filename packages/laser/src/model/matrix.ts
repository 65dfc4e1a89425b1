/**
 * 2-D affine transforms in the SVG convention: [a, b, c, d, e, f] maps (x, y) to
 * (a·x + c·y + e, b·x + d·y + f). Units are millimetres, y grows downwards (as on the machine bed
 * seen from above, origin top-left), angles are in degrees where a user sees them.
 */
export type Matrix = readonly [number, number, number, number, number, number];

export interface Vec2 {
  x: number;
  y: number;
}

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `multiply(m, n)` applies n first, then m (as SVG's `transform="m n"`). */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function translate(tx: number, ty = 0): Matrix {
  return [1, 0, 0, 1, tx, ty];
}

export function scale(sx: number, sy = sx): Matrix {
  return [sx, 0, 0, sy, 0, 0];
}

/** Rotation by `degrees`, about (cx, cy) when given. Positive turns +x towards +y. */
export function rotate(degrees: number, cx = 0, cy = 0): Matrix {
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const m: Matrix = [cos, sin, -sin, cos, 0, 0];
  return cx === 0 && cy === 0 ? m : multiply(translate(cx, cy), multiply(m, translate(-cx, -cy)));
}

export function skewX(degrees: number): Matrix {
  return [1, 0, Math.tan((degrees * Math.PI) / 180), 1, 0, 0];
}

export function skewY(degrees: number): Matrix {
  return [1, Math.tan((degrees * Math.PI) / 180), 0, 1, 0, 0];
}

export function determinant(m: Matrix): number {
  return m[0] * m[3] - m[1] * m[2];
}

/** The inverse transform; throws for a degenerate one (it flattens the plane to a line). */
export function invert(m: Matrix): Matrix {
  const det = determinant(m);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) throw new RangeError('the transform cannot be inverted');
  return [
    m[3] / det,
    -m[1] / det,
    -m[2] / det,
    m[0] / det,
    (m[2] * m[5] - m[3] * m[4]) / det,
    (m[1] * m[4] - m[0] * m[5]) / det,
  ];
}

export function apply(m: Matrix, p: Vec2): Vec2 {
  return { x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] };
}

/** Applies the linear part only (for directions and sizes). */
export function applyVector(m: Matrix, v: Vec2): Vec2 {
  return { x: m[0] * v.x + m[2] * v.y, y: m[1] * v.x + m[3] * v.y };
}

export function isIdentity(m: Matrix, eps = 1e-12): boolean {
  return (
    Math.abs(m[0] - 1) < eps &&
    Math.abs(m[1]) < eps &&
    Math.abs(m[2]) < eps &&
    Math.abs(m[3] - 1) < eps &&
    Math.abs(m[4]) < eps &&
    Math.abs(m[5]) < eps
  );
}

/** The largest factor by which the transform stretches a length (for flattening tolerances). */
export function maxScale(m: Matrix): number {
  const a = m[0] * m[0] + m[1] * m[1];
  const b = m[0] * m[2] + m[1] * m[3];
  const c = m[2] * m[2] + m[3] * m[3];
  const t = (a + c) / 2;
  const d = Math.sqrt(Math.max(0, ((a - c) / 2) ** 2 + b * b));
  return Math.sqrt(t + d);
}

export function distance(a: Vec2, b: Vec2): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Axis-aligned bounds; an empty box has minX = +Infinity. */
export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function emptyBounds(): Bounds {
  return { minX: Number.POSITIVE_INFINITY, minY: Number.POSITIVE_INFINITY, maxX: -Infinity, maxY: -Infinity };
}

export function isEmptyBounds(b: Bounds): boolean {
  return !(b.minX <= b.maxX && b.minY <= b.maxY);
}

export function extendBounds(b: Bounds, x: number, y: number): Bounds {
  if (x < b.minX) b.minX = x;
  if (x > b.maxX) b.maxX = x;
  if (y < b.minY) b.minY = y;
  if (y > b.maxY) b.maxY = y;
  return b;
}

export function unionBounds(a: Bounds, b: Bounds): Bounds {
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}
