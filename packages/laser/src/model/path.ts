import { apply, type Bounds, determinant, emptyBounds, extendBounds, type Matrix, type Vec2 } from './matrix.js';

/**
 * Vector paths. A path is a list of sub-paths; each starts at a point and runs through line, quadratic,
 * cubic and elliptical-arc segments (the arc in SVG's endpoint form, so any affine transform keeps it
 * an exact arc). All coordinates are millimetres.
 */
export type Segment =
  | { type: 'line'; to: Vec2 }
  | { type: 'quad'; c: Vec2; to: Vec2 }
  | { type: 'cubic'; c1: Vec2; c2: Vec2; to: Vec2 }
  | {
      type: 'arc';
      rx: number;
      ry: number;
      /** Rotation of the ellipse's x axis, degrees. */
      rotation: number;
      largeArc: boolean;
      /** True when the angle grows along the arc (clockwise on screen, where y points down). */
      sweep: boolean;
      to: Vec2;
    };

export interface SubPath {
  start: Vec2;
  segments: Segment[];
  closed: boolean;
}

export type PathData = SubPath[];

/** A flattened sub-path: straight segments only. */
export interface Polyline {
  points: Vec2[];
  closed: boolean;
}

/** Default chord tolerance for flattening curves, in millimetres. */
export const DEFAULT_TOLERANCE = 0.01;

/** The centre form of an elliptical arc. Angles in radians; `delta` is signed. */
export interface CenterArc {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  phi: number;
  theta1: number;
  delta: number;
}

function angleBetween(ux: number, uy: number, vx: number, vy: number): number {
  const a = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  return a;
}

/** Converts an endpoint arc to centre form (SVG 1.1 F.6.5), scaling radii that are too small. */
export function arcToCenter(from: Vec2, seg: Extract<Segment, { type: 'arc' }>): CenterArc | null {
  let rx = Math.abs(seg.rx);
  let ry = Math.abs(seg.ry);
  const to = seg.to;
  // Coincident end points draw nothing (SVG 1.1 F.6.2); so do end points closer than rounding noise.
  if (!(rx > 0 && ry > 0) || Math.hypot(from.x - to.x, from.y - to.y) <= 1e-9 * Math.max(1, rx, ry)) return null;
  const phi = (seg.rotation * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (from.x - to.x) / 2;
  const dy = (from.y - to.y) / 2;
  const x1 = cos * dx + sin * dy;
  const y1 = -sin * dx + cos * dy;
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (lambda > 1) {
    const s = Math.sqrt(lambda);
    rx *= s;
    ry *= s;
  }
  const num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const den = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  let k = Math.sqrt(Math.max(0, num / den));
  if (seg.largeArc === seg.sweep) k = -k;
  const cx1 = (k * rx * y1) / ry;
  const cy1 = (-k * ry * x1) / rx;
  const cx = cos * cx1 - sin * cy1 + (from.x + to.x) / 2;
  const cy = sin * cx1 + cos * cy1 + (from.y + to.y) / 2;
  const theta1 = angleBetween(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry);
  let delta = angleBetween((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry);
  if (!seg.sweep && delta > 0) delta -= 2 * Math.PI;
  else if (seg.sweep && delta < 0) delta += 2 * Math.PI;
  return { cx, cy, rx, ry, phi, theta1, delta };
}

/** A point on a centre-form arc at angle `t` (radians). */
export function arcPoint(a: CenterArc, t: number): Vec2 {
  const cos = Math.cos(a.phi);
  const sin = Math.sin(a.phi);
  const x = a.rx * Math.cos(t);
  const y = a.ry * Math.sin(t);
  return { x: a.cx + cos * x - sin * y, y: a.cy + sin * x + cos * y };
}

/**
 * Endpoint-form arc segments for a centre-form arc (split so none spans more than 180°, which keeps
 * the large-arc flag unambiguous).
 */
export function centerArcSegments(a: CenterArc): Segment[] {
  const parts = Math.max(1, Math.ceil(Math.abs(a.delta) / Math.PI - 1e-9));
  const out: Segment[] = [];
  for (let i = 1; i <= parts; i++) {
    out.push({
      type: 'arc',
      rx: a.rx,
      ry: a.ry,
      rotation: (a.phi * 180) / Math.PI,
      largeArc: false,
      sweep: a.delta > 0,
      to: arcPoint(a, a.theta1 + (a.delta * i) / parts),
    });
  }
  return out;
}

function flattenQuad(out: Vec2[], p0: Vec2, c: Vec2, p1: Vec2, tol: number): void {
  const dd = Math.hypot(p0.x - 2 * c.x + p1.x, p0.y - 2 * c.y + p1.y);
  const n = Math.max(1, Math.min(10_000, Math.ceil(Math.sqrt(dd / (4 * tol)))));
  for (let i = 1; i <= n; i++) {
    const t = i / n;
    const mt = 1 - t;
    out.push({
      x: mt * mt * p0.x + 2 * mt * t * c.x + t * t * p1.x,
      y: mt * mt * p0.y + 2 * mt * t * c.y + t * t * p1.y,
    });
  }
}

function flattenCubic(out: Vec2[], p0: Vec2, c1: Vec2, c2: Vec2, p1: Vec2, tol: number): void {
  const dd = Math.max(
    Math.hypot(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y),
    Math.hypot(c1.x - 2 * c2.x + p1.x, c1.y - 2 * c2.y + p1.y),
  );
  const n = Math.max(1, Math.min(10_000, Math.ceil(Math.sqrt((0.75 * dd) / tol))));
  for (let i = 1; i <= n; i++) {
    const t = i / n;
    const mt = 1 - t;
    const a = mt * mt * mt;
    const b = 3 * mt * mt * t;
    const cc = 3 * mt * t * t;
    const d = t * t * t;
    out.push({
      x: a * p0.x + b * c1.x + cc * c2.x + d * p1.x,
      y: a * p0.y + b * c1.y + cc * c2.y + d * p1.y,
    });
  }
}

/** Number of chords that keep an arc of radius r and sweep |delta| within `tol` of the true curve. */
export function arcSteps(r: number, delta: number, tol: number): number {
  if (r <= tol) return Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2)));
  const step = 2 * Math.acos(Math.max(-1, 1 - tol / r));
  return Math.max(1, Math.min(100_000, Math.ceil(Math.abs(delta) / step)));
}

function flattenArc(out: Vec2[], from: Vec2, seg: Extract<Segment, { type: 'arc' }>, tol: number): void {
  const a = arcToCenter(from, seg);
  if (!a) {
    out.push(seg.to);
    return;
  }
  const n = arcSteps(Math.max(a.rx, a.ry), a.delta, tol);
  for (let i = 1; i < n; i++) out.push(arcPoint(a, a.theta1 + (a.delta * i) / n));
  out.push(seg.to);
}

/** Straight-line approximation of a path, every point within `tolerance` mm of the curve. */
export function flattenPath(path: PathData, tolerance = DEFAULT_TOLERANCE): Polyline[] {
  const tol = Math.max(tolerance, 1e-6);
  const out: Polyline[] = [];
  for (const sp of path) {
    const pts: Vec2[] = [sp.start];
    let cur = sp.start;
    for (const seg of sp.segments) {
      switch (seg.type) {
        case 'line':
          pts.push(seg.to);
          break;
        case 'quad':
          flattenQuad(pts, cur, seg.c, seg.to, tol);
          break;
        case 'cubic':
          flattenCubic(pts, cur, seg.c1, seg.c2, seg.to, tol);
          break;
        case 'arc':
          flattenArc(pts, cur, seg, tol);
          break;
      }
      cur = seg.to;
    }
    out.push({ points: pts, closed: sp.closed });
  }
  return out;
}

/** The transformed ellipse of an arc: new radii and rotation, exact for any affine map. */
function transformArc(from: Vec2, seg: Extract<Segment, { type: 'arc' }>, m: Matrix): Segment {
  const to = apply(m, seg.to);
  const phi = (seg.rotation * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  // Columns of M·R·S: the images of the ellipse's semi-axes.
  const ax = (m[0] * cos + m[2] * sin) * seg.rx;
  const ay = (m[1] * cos + m[3] * sin) * seg.rx;
  const bx = (m[0] * -sin + m[2] * cos) * seg.ry;
  const by = (m[1] * -sin + m[3] * cos) * seg.ry;
  // Singular values of [[ax, bx], [ay, by]] give the new radii; the left singular vector the rotation.
  const e = (ax + by) / 2;
  const f = (ax - by) / 2;
  const g = (ay + bx) / 2;
  const h = (ay - bx) / 2;
  const q = Math.hypot(e, h);
  const r = Math.hypot(f, g);
  const sx = q + r;
  const sy = Math.abs(q - r);
  const a1 = Math.atan2(g, f);
  const a2 = Math.atan2(h, e);
  const theta = (a2 + a1) / 2;
  void from;
  const flip = determinant(m) < 0;
  return {
    type: 'arc',
    rx: sx,
    ry: sy,
    rotation: (theta * 180) / Math.PI,
    largeArc: seg.largeArc,
    sweep: flip ? !seg.sweep : seg.sweep,
    to,
  };
}

/** The path under an affine transform (exact: curves stay curves, arcs stay arcs). */
export function transformPath(path: PathData, m: Matrix): PathData {
  return path.map((sp) => {
    let cur = sp.start;
    const segments = sp.segments.map((seg): Segment => {
      let next: Segment;
      switch (seg.type) {
        case 'line':
          next = { type: 'line', to: apply(m, seg.to) };
          break;
        case 'quad':
          next = { type: 'quad', c: apply(m, seg.c), to: apply(m, seg.to) };
          break;
        case 'cubic':
          next = { type: 'cubic', c1: apply(m, seg.c1), c2: apply(m, seg.c2), to: apply(m, seg.to) };
          break;
        case 'arc':
          next = transformArc(cur, seg, m);
          break;
      }
      cur = seg.to;
      return next;
    });
    return { start: apply(m, sp.start), segments, closed: sp.closed };
  });
}

export function polylineBounds(lines: readonly Polyline[], into: Bounds = emptyBounds()): Bounds {
  for (const l of lines) for (const p of l.points) extendBounds(into, p.x, p.y);
  return into;
}

/** Bounds of a path (of its flattened form, so within `tolerance` of the exact curve bounds). */
export function pathBounds(path: PathData, tolerance = DEFAULT_TOLERANCE): Bounds {
  return polylineBounds(flattenPath(path, tolerance));
}

export function polylineLength(l: Polyline): number {
  let len = 0;
  const p = l.points;
  for (let i = 1; i < p.length; i++) len += Math.hypot(p[i]!.x - p[i - 1]!.x, p[i]!.y - p[i - 1]!.y);
  if (l.closed && p.length > 1) len += Math.hypot(p[0]!.x - p[p.length - 1]!.x, p[0]!.y - p[p.length - 1]!.y);
  return len;
}

/** Signed area of a closed ring (positive when clockwise on screen, y down). */
export function signedArea(points: readonly Vec2[]): number {
  let a = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    a += points[j]!.x * points[i]!.y - points[i]!.x * points[j]!.y;
  }
  return a / 2;
}

/** Even-odd point-in-polygon test over several rings. */
export function insideEvenOdd(rings: readonly (readonly Vec2[])[], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i]!;
      const b = ring[j]!;
      if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
    }
  }
  return inside;
}

/** A rectangle, with rounded corners when rx/ry are given (SVG rules: each clamped to half the side). */
export function rectPath(x: number, y: number, w: number, h: number, rx = 0, ry = rx): PathData {
  const cx = Math.min(Math.abs(rx), w / 2);
  const cy = Math.min(Math.abs(ry), h / 2);
  if (cx <= 0 || cy <= 0) {
    return [
      {
        start: { x, y },
        segments: [
          { type: 'line', to: { x: x + w, y } },
          { type: 'line', to: { x: x + w, y: y + h } },
          { type: 'line', to: { x, y: y + h } },
        ],
        closed: true,
      },
    ];
  }
  const arc = (to: Vec2): Segment => ({ type: 'arc', rx: cx, ry: cy, rotation: 0, largeArc: false, sweep: true, to });
  return [
    {
      start: { x: x + cx, y },
      segments: [
        { type: 'line', to: { x: x + w - cx, y } },
        arc({ x: x + w, y: y + cy }),
        { type: 'line', to: { x: x + w, y: y + h - cy } },
        arc({ x: x + w - cx, y: y + h }),
        { type: 'line', to: { x: x + cx, y: y + h } },
        arc({ x, y: y + h - cy }),
        { type: 'line', to: { x, y: y + cy } },
        arc({ x: x + cx, y }),
      ],
      closed: true,
    },
  ];
}

/** A full ellipse as four quarter arcs, starting at its rightmost point, clockwise on screen. */
export function ellipsePath(cx: number, cy: number, rx: number, ry: number): PathData {
  const arc = (to: Vec2): Segment => ({ type: 'arc', rx, ry, rotation: 0, largeArc: false, sweep: true, to });
  return [
    {
      start: { x: cx + rx, y: cy },
      segments: [
        arc({ x: cx, y: cy + ry }),
        arc({ x: cx - rx, y: cy }),
        arc({ x: cx, y: cy - ry }),
        arc({ x: cx + rx, y: cy }),
      ],
      closed: true,
    },
  ];
}

export function polygonPath(points: readonly Vec2[], closed: boolean): PathData {
  if (points.length === 0) return [];
  return [{ start: points[0]!, segments: points.slice(1).map((to) => ({ type: 'line', to })), closed }];
}
