import type { Vec2 } from '@kerf/laser';

/**
 * Outlines of the filled cells of a grid: every boundary between a filled and an empty cell (or the
 * grid's edge) becomes part of a closed loop of corner points, in cell units. Each connected filled
 * region gives one loop round its outside and one round each hole, so filling the loops with the
 * even-odd rule paints exactly the filled cells. Cells that touch only at a corner stay in separate
 * loops (the loops touch at that point but never cross).
 */

type Direction = 0 | 1 | 2 | 3;
/** East, south, west, north, with y pointing down. */
const STEP: readonly Vec2[] = [
  { x: 1, y: 0 },
  { x: 0, y: 1 },
  { x: -1, y: 0 },
  { x: 0, y: -1 },
];

export function traceFilledCells(width: number, height: number, filled: (x: number, y: number) => boolean): Vec2[][] {
  const isFilled = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && filled(x, y);
  const stride = width + 1;
  // Boundary edges run clockwise on screen round each filled area (the filled side on their right).
  // An edge is named by its start corner and direction; `pending` holds those not yet traced.
  const edgeKey = (x: number, y: number, d: Direction) => ((y * stride + x) << 2) | d;
  const pending = new Set<number>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!isFilled(x, y)) continue;
      if (!isFilled(x, y - 1)) pending.add(edgeKey(x, y, 0));
      if (!isFilled(x + 1, y)) pending.add(edgeKey(x + 1, y, 1));
      if (!isFilled(x, y + 1)) pending.add(edgeKey(x + 1, y + 1, 2));
      if (!isFilled(x - 1, y)) pending.add(edgeKey(x, y + 1, 3));
    }
  }
  const loops: Vec2[][] = [];
  for (const first of pending) {
    pending.delete(first);
    const loop: Vec2[] = [];
    let key = first;
    for (;;) {
      const d = (key & 3) as Direction;
      const corner = key >> 2;
      const x = (corner % stride) + STEP[d]!.x;
      const y = Math.floor(corner / stride) + STEP[d]!.y;
      // At a corner shared by two diagonal cells, two edges leave; turning right keeps each cell's
      // loop to itself. Otherwise exactly one of right, straight on or left continues.
      let next = -1;
      for (const turn of [1, 0, 3] as const) {
        const nd = ((d + turn) % 4) as Direction;
        const candidate = edgeKey(x, y, nd);
        if (candidate === first || pending.has(candidate)) {
          next = candidate;
          if (nd !== d) loop.push({ x, y });
          break;
        }
      }
      if (next === first || next < 0) break;
      pending.delete(next);
      key = next;
    }
    loops.push(loop);
  }
  return loops;
}
