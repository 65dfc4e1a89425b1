import { IDENTITY, type Shape } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { isOutsideWorkArea } from './draw-outside';

const rect = (x: number, y: number, width: number, height: number): Shape => ({
  id: `r${x}`,
  kind: 'rect',
  transform: IDENTITY,
  layerId: 'L1',
  x,
  y,
  width,
  height,
  rx: 0,
  ry: 0,
});

describe('shapes outside the work area', () => {
  const area = { width: 300, height: 200 };
  it('flags shapes past any edge, wholly or in part, and not those inside or on the edge', () => {
    expect(isOutsideWorkArea(rect(10, 10, 50, 50), area)).toBe(false);
    expect(isOutsideWorkArea(rect(0, 0, 300, 200), area)).toBe(false);
    expect(isOutsideWorkArea(rect(280, 10, 30, 10), area)).toBe(true);
    expect(isOutsideWorkArea(rect(-5, 10, 30, 10), area)).toBe(true);
    expect(isOutsideWorkArea(rect(10, 190, 30, 20), area)).toBe(true);
    expect(isOutsideWorkArea(rect(400, 400, 5, 5), area)).toBe(true);
  });
});
