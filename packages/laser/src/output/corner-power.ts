import type { Vec2 } from '../model/matrix.js';
import type { CutMove } from '../toolpath/cut-path.js';
import { junctionSpeed } from './motion.js';

/**
 * Power that follows speed, stated in the program for controllers that cannot do it themselves. The
 * head's speed along an op is estimated with the motion model of the statistics (trapezoids, GRBL's
 * corner rule, a stop at both ends); each burning move is cut into pieces while the head speeds up or
 * slows down, each piece at minShare + (1 − minShare) · v / speed of full power, v its mean speed.
 */

/** A feed move with its share of the layer's full power (0 = laser off). */
export interface PowerPiece {
  x: number;
  y: number;
  share: number;
}

/** Pieces a speeding-up or slowing-down stretch is cut into. */
const RAMP_PIECES = 4;
/** Pieces shorter than this are not cut further (the G-code grid is 0.001 mm), mm. */
const MIN_PIECE = 0.01;

export function powerPieces(
  start: Vec2,
  moves: readonly CutMove[],
  speed: number,
  acceleration: number,
  minShare: number,
): PowerPiece[] {
  const pts = [start, ...moves];
  const n = moves.length;
  const lengths: number[] = [];
  const dirs: Vec2[] = [];
  for (let i = 0; i < n; i++) {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const d = Math.hypot(b.x - a.x, b.y - a.y);
    lengths.push(d);
    dirs.push(d > 0 ? { x: (b.x - a.x) / d, y: (b.y - a.y) / d } : { x: 0, y: 0 });
  }
  // Speed at each junction: limited by the corner, the head stops at both ends.
  const junction = new Float64Array(n + 1);
  for (let i = 1; i < n; i++) {
    const dot = dirs[i - 1]!.x * dirs[i]!.x + dirs[i - 1]!.y * dirs[i]!.y;
    junction[i] = Math.min(speed, junctionSpeed(dot, acceleration));
  }
  const share = (v: number) => minShare + (1 - minShare) * Math.min(1, v / speed);
  const out: PowerPiece[] = [];
  for (let i = 0; i < n; i++) {
    const m = moves[i]!;
    const length = lengths[i]!;
    if (!m.burn || length === 0) {
      out.push({ x: m.x, y: m.y, share: m.burn ? 1 : 0 });
      continue;
    }
    const a = pts[i]!;
    const vIn = junction[i]!;
    const vOut = junction[i + 1]!;
    let up = (speed * speed - vIn * vIn) / (2 * acceleration);
    let down = (speed * speed - vOut * vOut) / (2 * acceleration);
    if (up + down > length) {
      // Too short to reach full speed: the head peaks where speeding up meets slowing down.
      up = Math.max(0, Math.min(length, (length + (vOut * vOut - vIn * vIn) / (2 * acceleration)) / 2));
      down = length - up;
    }
    const at = (s: number) => ({ x: a.x + dirs[i]!.x * s, y: a.y + dirs[i]!.y * s });
    // Each speeding-up or slowing-down stretch is cut at even steps of speed (the speed rises fast at
    // first, so even steps of length would hide the slow start), each piece at its mean speed.
    const pieces: { to: number; v: number }[] = [];
    const ramp = (from: number, to: number, v0: number, v1: number, rising: boolean) => {
      if (to - from < MIN_PIECE) return;
      for (let k = 1; k <= RAMP_PIECES; k++) {
        const va = v0 + ((v1 - v0) * (k - 1)) / RAMP_PIECES;
        const vb = v0 + ((v1 - v0) * k) / RAMP_PIECES;
        const dist = rising ? (vb * vb - v0 * v0) / (2 * acceleration) : (v0 * v0 - vb * vb) / (2 * acceleration);
        pieces.push({ to: Math.min(to, from + dist), v: (va + vb) / 2 });
      }
    };
    const peak = Math.min(speed, Math.sqrt(vIn * vIn + 2 * acceleration * up));
    ramp(0, up, vIn, peak, true);
    if (length - down - up > MIN_PIECE) pieces.push({ to: length - down, v: speed });
    ramp(length - down, length, peak, vOut, false);
    if (pieces.length === 0 || pieces[pieces.length - 1]!.to < length) pieces.push({ to: length, v: peak });
    let prev = 0;
    for (const piece of pieces) {
      if (piece.to - prev < 1e-6 && piece.to < length) continue;
      const end = piece.to >= length ? { x: m.x, y: m.y } : at(piece.to);
      out.push({ ...end, share: share(piece.v) });
      prev = piece.to;
    }
  }
  return out;
}
