import { LASER_MESSAGES, SettingError } from '../model/errors.js';
import type { JobOp, PathOp, RasterOp } from '../model/job.js';
import type { Bounds } from '../model/matrix.js';
import { MAX_ARRAY_COPIES } from './messages.js';

/**
 * Arrays: the job repeated in rows and columns. Spacing is the gap between the copies' bounding boxes,
 * so copy (r, c) moves by (c·(width + columnSpacing), r·(height + rowSpacing)).
 */
export interface ArraySettings {
  rows: number;
  columns: number;
  /** Gap between rows, mm (less than 300). */
  rowSpacing: number;
  /** Gap between columns, mm (less than 400). */
  columnSpacing: number;
}

function isCount(n: unknown): boolean {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1;
}

/**
 * Refuses array settings a user must correct: counts that are missing or not whole numbers ≥ 1, a row
 * spacing of 300 mm or more, a column spacing of 400 mm or more (or spacings that are not numbers),
 * and more than 10,000 copies.
 */
export function validateArray(a: ArraySettings): void {
  if (!isCount(a?.rows) || !isCount(a?.columns)) throw new SettingError(LASER_MESSAGES.arrayCountsRequired);
  const row = a.rowSpacing ?? 0;
  const column = a.columnSpacing ?? 0;
  if (!(typeof row === 'number' && Number.isFinite(row) && row < 300))
    throw new SettingError(LASER_MESSAGES.arrayRowSpacing);
  if (!(typeof column === 'number' && Number.isFinite(column) && column < 400))
    throw new SettingError(LASER_MESSAGES.arrayColumnSpacing);
  if (a.rows * a.columns > MAX_ARRAY_COPIES) throw new SettingError(LASER_MESSAGES.arrayTooMany);
}

/** One copy of the array: its place in the grid, its offset and the suffix its ids get. */
export interface ArrayCopy {
  row: number;
  column: number;
  dx: number;
  dy: number;
  /** `@r,c`, or '' when the array has a single copy. */
  suffix: string;
}

/** The copies, row by row, for the given bounds of the output shapes. Call validateArray first. */
export function arrayCopies(a: ArraySettings | undefined, bounds: Bounds): ArrayCopy[] {
  if (!a || a.rows * a.columns === 1) return [{ row: 0, column: 0, dx: 0, dy: 0, suffix: '' }];
  const w = bounds.maxX - bounds.minX;
  const h = bounds.maxY - bounds.minY;
  const stepX = (Number.isFinite(w) ? w : 0) + (a.columnSpacing ?? 0);
  const stepY = (Number.isFinite(h) ? h : 0) + (a.rowSpacing ?? 0);
  const out: ArrayCopy[] = [];
  for (let r = 0; r < a.rows; r++) {
    for (let c = 0; c < a.columns; c++) {
      out.push({ row: r, column: c, dx: c * stepX, dy: r * stepY, suffix: `@${r},${c}` });
    }
  }
  return out;
}

/**
 * A copy of an op moved by (dx, dy), its shape id and block id extended by `suffix`. Point arrays are
 * always new (the optimiser may reorder them in place); raster levels are shared (read only).
 */
export function moveOp(op: JobOp, dx: number, dy: number, suffix: string, blockSuffix = suffix): JobOp {
  if (op.kind === 'path') {
    const moved: PathOp = {
      ...op,
      shapeId: op.shapeId + suffix,
      points: dx === 0 && dy === 0 ? op.points.slice() : op.points.map((p) => ({ x: p.x + dx, y: p.y + dy })),
    };
    if (op.tabs) moved.tabs = op.tabs.map((p) => ({ x: p.x + dx, y: p.y + dy }));
    if (op.block !== undefined) moved.block = op.block + blockSuffix;
    return moved;
  }
  const along = op.axis === 'horizontal' ? dx : dy;
  const across = op.axis === 'horizontal' ? dy : dx;
  const moved: RasterOp = {
    ...op,
    shapeId: op.shapeId + suffix,
    lines: op.lines.map((l) => ({ ...l, at: l.at + across, from: l.from + along })),
  };
  return moved;
}
