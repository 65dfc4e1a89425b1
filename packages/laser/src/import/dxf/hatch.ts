import type { CadHatch, CadHatchEdge, CadHatchLoop, CadPoint, CadVertex } from '../cad/types.js';
import type { GroupReader } from './reader.js';

/**
 * HATCH boundaries. A hatch lists its boundary paths after code 91; each path (code 92 flags) is either
 * a polyline (flag 2: vertices with bulges) or a list of edges (line, circular arc, elliptic arc,
 * spline). The counts in the file are not trusted for allocation: a path or edge ends where a code
 * that does not belong to it appears. Pattern lines and seed points after the paths are skipped.
 */
export function readHatch(
  r: GroupReader,
  readCommon: (r: GroupReader) => boolean,
  version?: string,
): CadHatch | string {
  let pattern = '';
  let solid = false;
  const loops: CadHatchLoop[] = [];
  let bad = false;
  // Head: up to the boundary path count.
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      return finish();
    }
    if (r.code === 2) pattern = r.name();
    else if (r.code === 70) solid = r.int() === 1;
    else if (r.code === 91) break;
    else readCommon(r);
  }
  const splineFitData = version !== undefined && /^AC\d{4}$/.test(version) && Number(version.slice(2)) >= 1024;
  // Boundary paths.
  while (r.next()) {
    if (r.code !== 92) {
      r.unread();
      break;
    }
    const flags = r.int();
    const loop = (flags & 2) !== 0 ? readPolylineLoop(r) : readEdgeLoop(r, splineFitData);
    if (!loop) bad = true;
    else loops.push(loop);
    // Source boundary objects: a count and handles.
    while (r.next()) {
      const code: number = r.code;
      if (code !== 97 && code !== 330) {
        r.unread();
        break;
      }
    }
  }
  // Tail: style, pattern definition, seed points, gradient.
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      break;
    }
    readCommon(r);
  }
  return finish();

  function finish(): CadHatch | string {
    if (bad) return 'invalid HATCH';
    if (loops.length === 0) return 'empty HATCH';
    return { type: 'HATCH', layer: '0', solid, pattern, loops };
  }
}

function readPolylineLoop(r: GroupReader): CadHatchLoop | null {
  const vertices: CadVertex[] = [];
  let last: CadVertex | undefined;
  while (r.next()) {
    switch (r.code) {
      case 72:
      case 73:
      case 93:
        // Has-bulge flag, closed flag (a hatch boundary is closed either way), vertex count.
        break;
      case 10:
        last = { x: r.num(), y: 0, bulge: 0 };
        vertices.push(last);
        break;
      case 20:
        if (last) last.y = r.num();
        break;
      case 42:
        if (last) last.bulge = r.num();
        break;
      default:
        r.unread();
        return check();
    }
  }
  return check();
  function check(): CadHatchLoop | null {
    for (const v of vertices)
      if (!Number.isFinite(v.x) || !Number.isFinite(v.y) || !Number.isFinite(v.bulge)) return null;
    return vertices.length > 1 ? { kind: 'polyline', vertices, closed: true } : null;
  }
}

/** Edge codes by edge type (1 line, 2 arc, 3 ellipse, 4 spline). */
const EDGE_CODES: Record<number, ReadonlySet<number>> = {
  1: new Set([10, 20, 11, 21]),
  2: new Set([10, 20, 40, 50, 51, 73]),
  3: new Set([10, 20, 11, 21, 40, 50, 51, 73]),
  4: new Set([94, 73, 74, 95, 96, 40, 10, 20, 42]),
};
const FIT_CODES: ReadonlySet<number> = new Set([11, 21, 12, 22, 13, 23]);

function readEdgeLoop(r: GroupReader, splineFitData: boolean): CadHatchLoop | null {
  const edges: CadHatchEdge[] = [];
  if (r.next() && r.code !== 93) r.unread();
  while (r.next()) {
    if (r.code !== 72) {
      r.unread();
      break;
    }
    const type = r.int();
    const codes = EDGE_CODES[type];
    if (!codes) return null;
    const v = new Map<number, number>();
    const knots: number[] = [];
    const ctrl: CadPoint[] = [];
    const weights: number[] = [];
    while (r.next()) {
      const code: number = r.code;
      if (!codes.has(code)) {
        r.unread();
        break;
      }
      if (type === 4 && code === 40) knots.push(r.num());
      else if (type === 4 && code === 10) ctrl.push({ x: r.num(), y: 0 });
      else if (type === 4 && code === 20) {
        const p = ctrl[ctrl.length - 1];
        if (p) p.y = r.num();
      } else if (type === 4 && code === 42) weights.push(r.num());
      else v.set(code, r.num());
    }
    if (type === 4 && splineFitData && r.next()) {
      // From R2010 a spline edge ends with its fit data: a count (97), fit points and end tangents.
      const code: number = r.code;
      if (code === 97) {
        while (r.next()) {
          if (!FIT_CODES.has(r.code)) {
            r.unread();
            break;
          }
        }
      } else r.unread();
    }
    const edge = makeEdge(type, v, knots, ctrl, weights);
    if (!edge) return null;
    edges.push(edge);
  }
  return edges.length > 0 ? { kind: 'edges', edges } : null;
}

function makeEdge(
  type: number,
  v: Map<number, number>,
  knots: number[],
  ctrl: CadPoint[],
  weights: number[],
): CadHatchEdge | null {
  const g = (code: number, fallback = 0) => v.get(code) ?? fallback;
  const values = [...v.values()];
  if (values.some((x) => !Number.isFinite(x))) return null;
  switch (type) {
    case 1:
      return { type: 'line', start: { x: g(10), y: g(20) }, end: { x: g(11), y: g(21) } };
    case 2:
      if (!(g(40) > 0)) return null;
      return {
        type: 'arc',
        center: { x: g(10), y: g(20) },
        radius: g(40),
        startAngle: g(50),
        endAngle: g(51, 360),
        ccw: g(73, 1) !== 0,
      };
    case 3:
      if (!(g(40) > 0) || g(11) ** 2 + g(21) ** 2 === 0) return null;
      return {
        type: 'ellipse',
        center: { x: g(10), y: g(20) },
        majorAxis: { x: g(11), y: g(21) },
        ratio: g(40),
        startAngle: g(50),
        endAngle: g(51, 360),
        ccw: g(73, 1) !== 0,
      };
    default: {
      for (const p of ctrl) if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return null;
      const edge: CadHatchEdge = { type: 'spline', degree: g(94, 3), knots, controlPoints: ctrl };
      if (weights.length > 0) edge.weights = weights;
      return edge;
    }
  }
}
