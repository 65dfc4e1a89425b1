import type { Vec2 } from '@kerf/laser';

/** Bounds of a panel's drawn outline in its own coordinates. */
export interface LayoutItem {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * Lays the panels out flat in rows (shelves), left to right in the order given, `gap` apart, and
 * answers the offset that moves each one's own coordinates to the sheet. A row ends before it would
 * pass `maxRowWidth`; a panel wider than that gets a row of its own. The first panel's outline starts
 * at (0, 0).
 */
export function shelfLayout(items: readonly LayoutItem[], gap: number, maxRowWidth = Number.POSITIVE_INFINITY): Vec2[] {
  const offsets: Vec2[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const item of items) {
    const w = item.maxX - item.minX;
    const h = item.maxY - item.minY;
    if (x > 0 && x + w > maxRowWidth) {
      x = 0;
      y += rowHeight + gap;
      rowHeight = 0;
    }
    offsets.push({ x: x - item.minX, y: y - item.minY });
    x += w + gap;
    rowHeight = Math.max(rowHeight, h);
  }
  return offsets;
}

export function ringBounds(ring: readonly Vec2[]): LayoutItem {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of ring) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { minX, minY, maxX, maxY };
}
