import { describe, expect, it } from 'vitest';
import { paintEvenOdd } from '../common/testing/rasterise.js';
import { traceFilledCells } from './trace.js';

/** A small seeded generator, so a failing grid can be found again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function grid(width: number, height: number, density: number, seed: number): boolean[][] {
  const next = random(seed);
  return Array.from({ length: height }, () => Array.from({ length: width }, () => next() < density));
}

/** Paints the loops one pixel per cell with the even-odd rule. */
function paint(loops: ReturnType<typeof traceFilledCells>, width: number, height: number): boolean[][] {
  const out = Array.from({ length: height }, () => new Array<boolean>(width).fill(false));
  paintEvenOdd(loops, width, height, (x, y) => {
    out[y]![x] = !out[y]![x];
  });
  return out;
}

describe('traceFilledCells', () => {
  it('outlines one cell, a bar and a ring as few corner-only loops', () => {
    expect(traceFilledCells(1, 1, () => true)).toEqual([
      [
        { x: 1, y: 0 },
        { x: 1, y: 1 },
        { x: 0, y: 1 },
        { x: 0, y: 0 },
      ],
    ]);
    const bar = traceFilledCells(5, 1, () => true);
    expect(bar).toHaveLength(1);
    expect(bar[0]).toHaveLength(4);
    // A 3×3 ring: the outside and the hole, four corners each.
    const ring = traceFilledCells(3, 3, (x, y) => !(x === 1 && y === 1));
    expect(ring.map((l) => l.length).sort()).toEqual([4, 4]);
  });

  it('keeps cells that touch at a corner in separate loops', () => {
    const loops = traceFilledCells(2, 2, (x, y) => x === y);
    expect(loops).toHaveLength(2);
    for (const loop of loops) expect(loop).toHaveLength(4);
  });

  it('paints back exactly the filled cells of random grids under the even-odd rule', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const width = 3 + (seed % 17);
      const height = 2 + ((seed * 7) % 19);
      const cells = grid(width, height, 0.25 + (seed % 5) * 0.12, seed);
      const loops = traceFilledCells(width, height, (x, y) => cells[y]![x]!);
      expect(paint(loops, width, height)).toEqual(cells);
      // Each loop is closed by construction and turns at every point (no collinear points kept).
      for (const loop of loops) {
        for (let i = 0; i < loop.length; i++) {
          const a = loop[(i + loop.length - 1) % loop.length]!;
          const b = loop[i]!;
          const c = loop[(i + 1) % loop.length]!;
          const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
          expect(cross).not.toBe(0);
        }
      }
      const filledCount = cells.flat().filter(Boolean).length;
      expect(loops.length).toBeLessThanOrEqual(filledCount);
    }
  });
});
