import { createRequire } from 'node:module';
import type { Vec2 } from '../src/model/matrix.js';

/** Tracing G-code with an independent interpreter (cncjs gcode-toolpath), for the output tests. */

export interface Move {
  motion: string;
  from: Vec2;
  to: Vec2;
  /** Z at the end of the move. */
  z: number;
  s: number;
  f: number;
  line: number;
}

type ToolpathCtor = new (options: {
  addLine: (modal: { motion: string }, v1: Vec2 & { z: number }, v2: Vec2 & { z: number }) => void;
  addArcCurve?: () => void;
}) => {
  loadFromStringSync(
    text: string,
    callback: (data: { line: string; words: [string, number][] }, i: number) => void,
  ): void;
};

const Toolpath = createRequire(import.meta.url)('gcode-toolpath') as ToolpathCtor;

/**
 * Traces a program with cncjs's gcode-toolpath. S and F are tracked per line (the interpreter reports
 * moves first, then the line's words): a word on a line applies to that line's move, as in GRBL.
 */
export function trace(text: string): Move[] {
  const moves: Move[] = [];
  let lineMoves: Move[] = [];
  let s = 0;
  let f = 0;
  let lineNo = 0;
  const tp = new Toolpath({
    addLine: (modal, v1, v2) => {
      const m = {
        motion: modal.motion,
        from: { x: v1.x, y: v1.y },
        to: { x: v2.x, y: v2.y },
        z: v2.z,
        s,
        f,
        line: lineNo,
      };
      lineMoves.push(m);
      moves.push(m);
    },
    addArcCurve: () => {
      throw new Error('no arcs expected');
    },
  });
  tp.loadFromStringSync(text, (data, i) => {
    for (const [letter, value] of data.words) {
      if (letter === 'S') s = value;
      if (letter === 'F') f = value;
    }
    for (const m of lineMoves) {
      m.s = s;
      m.f = f;
      m.line = i;
    }
    lineMoves = [];
    lineNo = i + 1;
  });
  return moves;
}
