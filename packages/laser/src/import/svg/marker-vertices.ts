import type { Vec2 } from '../../model/matrix.js';
import { flattenPath, type PathData, type Segment } from '../../model/path.js';

/**
 * Where markers go on a path, and which way they point (SVG's rules): `start` at the first vertex,
 * `end` at the last, `mid` at every other one. A marker points along the path: at a corner, half-way
 * between the directions in and out; at an open end, along its one segment; at the start and end of a
 * closed sub-path, half-way between its closing segment and its first.
 */

export interface MarkerVertex {
  at: Vec2;
  /** Direction, degrees (0 = along +x). */
  angle: number;
  /** For `auto-start-reverse`: the start marker turned round. */
  role: 'start' | 'mid' | 'end';
}

interface Tangents {
  from: Vec2;
  to: Vec2;
  /** Direction leaving `from` and arriving at `to`. */
  out: Vec2;
  in: Vec2;
}

export function markerVertices(path: PathData): MarkerVertex[] {
  const verts: { at: Vec2; in: Vec2 | null; out: Vec2 | null }[] = [];
  for (const sp of path) {
    const segs: Tangents[] = [];
    let from = sp.start;
    for (const s of sp.segments) {
      segs.push(tangents(from, s));
      from = s.to;
    }
    if (sp.closed && (from.x !== sp.start.x || from.y !== sp.start.y)) {
      segs.push(tangents(from, { type: 'line', to: sp.start }));
    }
    verts.push({
      at: sp.start,
      in: sp.closed && segs.length ? segs[segs.length - 1]!.in : null,
      out: segs[0]?.out ?? null,
    });
    for (const [i, t] of segs.entries()) {
      const next = segs[i + 1];
      const closing = sp.closed && i === segs.length - 1;
      verts.push({ at: t.to, in: t.in, out: next ? next.out : closing ? (segs[0]?.out ?? null) : null });
    }
  }
  return verts.map((v, i) => ({
    at: v.at,
    angle: bisector(v.in, v.out),
    role: i === 0 ? 'start' : i === verts.length - 1 ? 'end' : 'mid',
  }));
}

function bisector(a: Vec2 | null, b: Vec2 | null): number {
  const ain = a ? Math.atan2(a.y, a.x) : null;
  const aout = b ? Math.atan2(b.y, b.x) : null;
  if (ain === null && aout === null) return 0;
  if (ain === null) return deg(aout!);
  if (aout === null) return deg(ain);
  let diff = aout - ain;
  while (diff > Math.PI) diff -= 2 * Math.PI;
  while (diff < -Math.PI) diff += 2 * Math.PI;
  return deg(ain + diff / 2);
}

const deg = (r: number) => (r * 180) / Math.PI;

function sub(a: Vec2, b: Vec2): Vec2 {
  return { x: a.x - b.x, y: a.y - b.y };
}

function nonZero(...cands: Vec2[]): Vec2 {
  return cands.find((v) => v.x !== 0 || v.y !== 0) ?? { x: 0, y: 0 };
}

function tangents(from: Vec2, s: Segment): Tangents {
  const to = s.to;
  switch (s.type) {
    case 'line':
      return { from, to, out: sub(to, from), in: sub(to, from) };
    case 'quad':
      return { from, to, out: nonZero(sub(s.c, from), sub(to, from)), in: nonZero(sub(to, s.c), sub(to, from)) };
    case 'cubic':
      return {
        from,
        to,
        out: nonZero(sub(s.c1, from), sub(s.c2, from), sub(to, from)),
        in: nonZero(sub(to, s.c2), sub(to, s.c1), sub(to, from)),
      };
    case 'arc': {
      // The arc's end directions, from its first and last chords at a fine tolerance.
      const pts = flattenPath([{ start: from, segments: [s], closed: false }], 1e-4)[0]?.points ?? [from, to];
      const n = pts.length;
      return { from, to, out: nonZero(sub(pts[1] ?? to, pts[0]!)), in: nonZero(sub(pts[n - 1]!, pts[n - 2] ?? from)) };
    }
  }
}
