import { arcPoint, arcToCenter, type PathData, type Segment, type SubPath, type Vec2 } from '@kerf/laser';

/**
 * Node editing on path data. A sub-path's nodes are its start (index 0) and the end of each segment
 * (index i + 1 for segment i); a cubic's first control point is the out-handle of the node before it,
 * its second the in-handle of the node it ends at. Every function returns new path data.
 */

export interface NodeRef {
  sub: number;
  index: number;
}

export interface HandleRef {
  sub: number;
  /** The cubic segment the control point belongs to. */
  segment: number;
  which: 'c1' | 'c2';
}

const lerp = (a: Vec2, b: Vec2, t: number): Vec2 => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** Quadratic curves and arcs as cubics, so every curve has the two handles node editing moves. */
export function editablePath(path: PathData): PathData {
  return path.map((sub) => {
    let at = sub.start;
    const segments: Segment[] = [];
    for (const seg of sub.segments) {
      if (seg.type === 'quad') {
        segments.push({ type: 'cubic', c1: lerp(at, seg.c, 2 / 3), c2: lerp(seg.to, seg.c, 2 / 3), to: seg.to });
      } else if (seg.type === 'arc') {
        segments.push(...arcAsCubics(at, seg));
      } else {
        segments.push(seg);
      }
      at = seg.to;
    }
    return { ...sub, segments };
  });
}

/** An elliptical arc as cubics of at most 90° each (the usual 4/3·tan(θ/4) handles). */
function arcAsCubics(from: Vec2, seg: Extract<Segment, { type: 'arc' }>): Segment[] {
  const arc = arcToCenter(from, seg);
  if (!arc) return [{ type: 'line', to: seg.to }];
  const parts = Math.max(1, Math.ceil(Math.abs(arc.delta) / (Math.PI / 2) - 1e-9));
  const step = arc.delta / parts;
  const k = (4 / 3) * Math.tan(step / 4);
  const cos = Math.cos(arc.phi);
  const sin = Math.sin(arc.phi);
  // derivative of the ellipse point at angle t, in document space
  const tangent = (t: number): Vec2 => {
    const dx = -arc.rx * Math.sin(t);
    const dy = arc.ry * Math.cos(t);
    return { x: cos * dx - sin * dy, y: sin * dx + cos * dy };
  };
  const out: Segment[] = [];
  for (let i = 0; i < parts; i++) {
    const t0 = arc.theta1 + step * i;
    const t1 = t0 + step;
    const p0 = arcPoint(arc, t0);
    const p1 = i === parts - 1 ? seg.to : arcPoint(arc, t1);
    const d0 = tangent(t0);
    const d1 = tangent(t1);
    out.push({
      type: 'cubic',
      c1: { x: p0.x + k * d0.x, y: p0.y + k * d0.y },
      c2: { x: p1.x - k * d1.x, y: p1.y - k * d1.y },
      to: p1,
    });
  }
  return out;
}

export function nodePoint(path: PathData, ref: NodeRef): Vec2 {
  const sub = path[ref.sub]!;
  return ref.index === 0 ? sub.start : sub.segments[ref.index - 1]!.to;
}

export function nodesOf(path: PathData): (NodeRef & { point: Vec2 })[] {
  return path.flatMap((sub, s) =>
    [sub.start, ...sub.segments.map((g) => g.to)].map((point, index) => ({ sub: s, index, point })),
  );
}

export function handlesOf(path: PathData): (HandleRef & { point: Vec2; node: Vec2 })[] {
  const out: (HandleRef & { point: Vec2; node: Vec2 })[] = [];
  path.forEach((sub, s) => {
    let at = sub.start;
    sub.segments.forEach((seg, i) => {
      if (seg.type === 'cubic') {
        out.push({ sub: s, segment: i, which: 'c1', point: seg.c1, node: at });
        out.push({ sub: s, segment: i, which: 'c2', point: seg.c2, node: seg.to });
      }
      at = seg.to;
    });
  });
  return out;
}

const shift = (p: Vec2, dx: number, dy: number): Vec2 => ({ x: p.x + dx, y: p.y + dy });

/** Moves nodes, and the handles on either side of each, by (dx, dy). */
export function moveNodes(path: PathData, refs: readonly NodeRef[], dx: number, dy: number): PathData {
  return path.map((sub, s) => {
    const moving = new Set(refs.filter((r) => r.sub === s).map((r) => r.index));
    if (moving.size === 0) return sub;
    const last = sub.segments.length;
    const segments = sub.segments.map((seg, i): Segment => {
      const endMoves = moving.has(i + 1);
      // a closed sub-path's start and its last end are one node when they coincide
      const startMoves =
        moving.has(i) ||
        (i === 0 && sub.closed && moving.has(last) && samePoint(sub.start, sub.segments[last - 1]!.to));
      if (seg.type === 'cubic') {
        return {
          type: 'cubic',
          c1: startMoves ? shift(seg.c1, dx, dy) : seg.c1,
          c2: endMoves ? shift(seg.c2, dx, dy) : seg.c2,
          to: endMoves ? shift(seg.to, dx, dy) : seg.to,
        };
      }
      return endMoves ? { ...seg, to: shift(seg.to, dx, dy) } : seg;
    });
    return { ...sub, start: moving.has(0) ? shift(sub.start, dx, dy) : sub.start, segments };
  });
}

const samePoint = (a: Vec2, b: Vec2) => Math.hypot(a.x - b.x, a.y - b.y) < 1e-9;

/** Puts one control point at `to`; a smooth node's opposite handle turns to stay in line. */
export function moveHandle(path: PathData, ref: HandleRef, to: Vec2, keepSmooth = true): PathData {
  const next = path.map((sub) => ({ ...sub, segments: [...sub.segments] }));
  const sub = next[ref.sub]!;
  const seg = sub.segments[ref.segment];
  if (seg?.type !== 'cubic') return path;
  const before = seg[ref.which];
  sub.segments[ref.segment] = { ...seg, [ref.which]: to };
  if (!keepSmooth) return next;
  // the handle on the other side of the same node
  const node = ref.which === 'c2' ? seg.to : ref.segment === 0 ? sub.start : sub.segments[ref.segment - 1]!.to;
  const otherIndex = ref.which === 'c2' ? ref.segment + 1 : ref.segment - 1;
  const other = sub.segments[otherIndex];
  if (other?.type !== 'cubic') return next;
  const otherKey = ref.which === 'c2' ? 'c1' : 'c2';
  const opposite = other[otherKey];
  if (!collinear(before, node, opposite)) return next;
  const length = Math.hypot(opposite.x - node.x, opposite.y - node.y);
  const dir = { x: node.x - to.x, y: node.y - to.y };
  const d = Math.hypot(dir.x, dir.y) || 1;
  sub.segments[otherIndex] = {
    ...other,
    [otherKey]: { x: node.x + (dir.x / d) * length, y: node.y + (dir.y / d) * length },
  };
  return next;
}

function collinear(a: Vec2, node: Vec2, b: Vec2): boolean {
  const ax = a.x - node.x;
  const ay = a.y - node.y;
  const bx = b.x - node.x;
  const by = b.y - node.y;
  const la = Math.hypot(ax, ay);
  const lb = Math.hypot(bx, by);
  if (la < 1e-9 || lb < 1e-9) return false;
  return Math.abs(ax * by - ay * bx) / (la * lb) < 1e-3 && ax * bx + ay * by < 0;
}

/** Splits segment `segment` of sub-path `sub` at `t` (0–1), adding a node there; curves keep their shape. */
export function insertNode(path: PathData, sub: number, segment: number, t: number): PathData {
  return path.map((s, i) => {
    if (i !== sub) return s;
    const from = segment === 0 ? s.start : s.segments[segment - 1]!.to;
    const seg = s.segments[segment];
    if (!seg) return s;
    let parts: Segment[];
    if (seg.type === 'cubic') {
      const a = lerp(from, seg.c1, t);
      const b = lerp(seg.c1, seg.c2, t);
      const c = lerp(seg.c2, seg.to, t);
      const d = lerp(a, b, t);
      const e = lerp(b, c, t);
      const m = lerp(d, e, t);
      parts = [
        { type: 'cubic', c1: a, c2: d, to: m },
        { type: 'cubic', c1: e, c2: c, to: seg.to },
      ];
    } else {
      parts = [
        { type: 'line', to: lerp(from, seg.to, t) },
        { type: 'line', to: seg.to },
      ];
    }
    const segments = [...s.segments];
    segments.splice(segment, 1, ...parts);
    return { ...s, segments };
  });
}

/**
 * Removes nodes: the segments on either side of each become one (a curve if either was). A sub-path
 * left with fewer than two nodes is dropped.
 */
export function deleteNodes(path: PathData, refs: readonly NodeRef[]): PathData {
  const out: SubPath[] = [];
  path.forEach((sub, s) => {
    const gone = new Set(refs.filter((r) => r.sub === s).map((r) => r.index));
    if (gone.size === 0) {
      out.push(sub);
      return;
    }
    const points = [sub.start, ...sub.segments.map((g) => g.to)];
    const kept = points.map((_, i) => i).filter((i) => !gone.has(i));
    if (kept.length < 2) return;
    const segments: Segment[] = [];
    for (let k = 1; k < kept.length; k++) {
      const from = kept[k - 1]!;
      const to = kept[k]!;
      const span = sub.segments.slice(from, to);
      const first = span[0]!;
      const last = span.at(-1)!;
      const c1 = first.type === 'cubic' ? first.c1 : null;
      const c2 = last.type === 'cubic' ? last.c2 : null;
      segments.push(
        c1 || c2
          ? { type: 'cubic', c1: c1 ?? points[from]!, c2: c2 ?? points[to]!, to: points[to]! }
          : { type: 'line', to: points[to]! },
      );
    }
    out.push({ start: points[kept[0]!]!, segments, closed: sub.closed && kept.length > 2 });
  });
  return out;
}

/**
 * Makes a node smooth (its two handles in one line, each a third of the way to the neighbouring nodes)
 * or a corner (straight segments on both sides).
 */
export function setNodeKind(path: PathData, ref: NodeRef, kind: 'smooth' | 'corner'): PathData {
  return path.map((sub, s) => {
    if (s !== ref.sub) return sub;
    const points = [sub.start, ...sub.segments.map((g) => g.to)];
    const node = points[ref.index]!;
    const prev = points[ref.index - 1] ?? (sub.closed ? points.at(-1) : undefined);
    const next = points[ref.index + 1] ?? (sub.closed ? points[1] : undefined);
    const segments = [...sub.segments];
    const into = ref.index - 1;
    const out = ref.index;
    if (kind === 'corner') {
      if (segments[into]) segments[into] = { type: 'line', to: node };
      if (segments[out]) segments[out] = { type: 'line', to: segments[out]!.to };
      return { ...sub, segments };
    }
    if (!prev || !next) return sub;
    const dir = { x: next.x - prev.x, y: next.y - prev.y };
    const d = Math.hypot(dir.x, dir.y) || 1;
    const unit = { x: dir.x / d, y: dir.y / d };
    const back = Math.hypot(node.x - prev.x, node.y - prev.y) / 3;
    const ahead = Math.hypot(next.x - node.x, next.y - node.y) / 3;
    if (segments[into]) {
      const seg = segments[into]!;
      const from = into === 0 ? sub.start : segments[into - 1]!.to;
      segments[into] = {
        type: 'cubic',
        c1: seg.type === 'cubic' ? seg.c1 : lerp(from, node, 1 / 3),
        c2: { x: node.x - unit.x * back, y: node.y - unit.y * back },
        to: node,
      };
    }
    if (segments[out]) {
      const seg = segments[out]!;
      segments[out] = {
        type: 'cubic',
        c1: { x: node.x + unit.x * ahead, y: node.y + unit.y * ahead },
        c2: seg.type === 'cubic' ? seg.c2 : lerp(seg.to, node, 1 / 3),
        to: seg.to,
      };
    }
    return { ...sub, segments };
  });
}

/** The nearest point on a path's segments to `p`: which segment, where along it, how far. */
export function nearestOnPath(
  path: PathData,
  p: Vec2,
  samples = 24,
): { sub: number; segment: number; t: number; distance: number } | null {
  let best: { sub: number; segment: number; t: number; distance: number } | null = null;
  path.forEach((sub, s) => {
    let from = sub.start;
    sub.segments.forEach((seg, i) => {
      for (let k = 0; k <= samples; k++) {
        const t = k / samples;
        const q = pointAt(from, seg, t);
        const distance = Math.hypot(q.x - p.x, q.y - p.y);
        if (!best || distance < best.distance) best = { sub: s, segment: i, t, distance };
      }
      from = seg.to;
    });
  });
  return best;
}

function pointAt(from: Vec2, seg: Segment, t: number): Vec2 {
  if (seg.type !== 'cubic') return lerp(from, seg.to, t);
  const mt = 1 - t;
  return {
    x: mt * mt * mt * from.x + 3 * mt * mt * t * seg.c1.x + 3 * mt * t * t * seg.c2.x + t * t * t * seg.to.x,
    y: mt * mt * mt * from.y + 3 * mt * mt * t * seg.c1.y + 3 * mt * t * t * seg.c2.y + t * t * t * seg.to.y,
  };
}
