import { IDENTITY, type Shape } from '@kerf/laser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { booleanSelection, offsetSelection } from '../actions/path-actions';
import { TestEditor } from '../test-editor';
import { combineRegions, offsetShape, regionArea, regionOf } from './booleans';
import { geometryOf } from './shape-geometry';

const rect = (id: string, x: number, y: number, w: number, h: number, layerId = 'L1'): Shape => ({
  id,
  kind: 'rect',
  transform: IDENTITY,
  layerId,
  x,
  y,
  width: w,
  height: h,
  rx: 0,
  ry: 0,
});

const ellipse = (id: string, cx: number, cy: number, rx: number, ry: number): Shape => ({
  id,
  kind: 'ellipse',
  transform: IDENTITY,
  layerId: 'L1',
  cx,
  cy,
  rx,
  ry,
});

const shapeArb = fc.oneof(
  fc
    .record({
      x: fc.integer({ min: 0, max: 100 }),
      y: fc.integer({ min: 0, max: 100 }),
      w: fc.integer({ min: 1, max: 80 }),
      h: fc.integer({ min: 1, max: 80 }),
    })
    .map(({ x, y, w, h }) => rect('r', x, y, w, h)),
  fc
    .record({
      x: fc.integer({ min: 10, max: 100 }),
      y: fc.integer({ min: 10, max: 100 }),
      rx: fc.integer({ min: 2, max: 40 }),
      ry: fc.integer({ min: 2, max: 40 }),
    })
    .map(({ x, y, rx, ry }) => ellipse('e', x, y, rx, ry)),
);

/** Relative tolerance for areas: the outlines are flattened at 0.01 mm and clipped at 0.001 mm. */
const close = (a: number, b: number, scale: number) => Math.abs(a - b) <= 1e-3 * Math.max(1, scale);

describe('booleans and offsets', () => {
  it('keeps |A∪B| = |A| + |B| − |A∩B| and |A−B| = |A| − |A∩B|, |A⊕B| = |A∪B| − |A∩B|', () => {
    fc.assert(
      fc.property(shapeArb, shapeArb, (a, b) => {
        const A = regionOf(a);
        const B = regionOf(b);
        const union = regionArea(combineRegions([A, B], 'union'));
        const both = regionArea(combineRegions([A, B], 'intersection'));
        const minus = regionArea(combineRegions([A, B], 'difference'));
        const xor = regionArea(combineRegions([A, B], 'exclusion'));
        const scale = regionArea(A) + regionArea(B);
        expect(close(union, regionArea(A) + regionArea(B) - both, scale)).toBe(true);
        expect(close(minus, regionArea(A) - both, scale)).toBe(true);
        expect(close(xor, union - both, scale)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('a letter-like shape with a hole keeps its hole as a region', () => {
    const ring: Shape = {
      id: 'o',
      kind: 'path',
      transform: IDENTITY,
      layerId: 'L1',
      path: [rect('a', 0, 0, 10, 10), rect('b', 3, 3, 4, 4)].flatMap((r) =>
        geometryOf(r).polylines.map((l) => ({
          start: l.points[0]!,
          segments: l.points.slice(1).map((to) => ({ type: 'line' as const, to })),
          closed: true,
        })),
      ),
    };
    expect(regionArea(regionOf(ring))).toBeCloseTo(100 - 16, 6);
  });

  it('offsets a square outward with miter, round and square corners, and inward', () => {
    const square = rect('s', 0, 0, 10, 10);
    expect(regionArea(offsetShape(square, 1, 'miter'))).toBeCloseTo(144, 3);
    // the rounded corners are chords within 0.01 mm of the arc: a little less than the exact π
    const rounded = regionArea(offsetShape(square, 1, 'round'));
    expect(rounded).toBeLessThanOrEqual(140 + Math.PI);
    expect(rounded).toBeGreaterThan(140 + Math.PI - 0.06);
    const squared = regionArea(offsetShape(square, 1, 'square'));
    expect(squared).toBeGreaterThan(100 + 40 + Math.PI);
    expect(squared).toBeLessThan(144);
    expect(regionArea(offsetShape(square, -2, 'miter'))).toBeCloseTo(36, 3);
    expect(offsetShape(square, -6, 'miter')).toEqual([]);
  });

  it('in the editor: a difference replaces the sources with one path on the first one’s layer; undo restores', () => {
    const editor = new TestEditor({
      ...new TestEditor().doc,
      shapes: [rect('a', 0, 0, 40, 40, 'L1'), rect('b', 20, 20, 40, 40, 'L2')],
    });
    editor.select(['a', 'b']);
    expect(booleanSelection(editor, 'difference')).toBe(true);
    expect(editor.shapes).toHaveLength(1);
    const result = editor.shapes[0]!;
    expect(result).toMatchObject({ kind: 'path', layerId: 'L1' });
    expect(regionArea(regionOf(result))).toBeCloseTo(1600 - 400, 3);
    expect(editor.state.selection).toEqual([result.id]);
    editor.key('z', { ctrl: true });
    expect(editor.shapes.map((s) => s.id)).toEqual(['a', 'b']);
    expect(editor.state.selection).toEqual(['a', 'b']);
    // picked the other way round, b is the one cut
    editor.select(['b', 'a']);
    booleanSelection(editor, 'difference');
    expect(editor.shapes[0]).toMatchObject({ layerId: 'L2' });
  });

  it('in the editor: an offset adds a copy around the shape and keeps it', () => {
    const editor = new TestEditor({ ...new TestEditor().doc, shapes: [rect('a', 10, 10, 20, 20, 'L2')] });
    editor.select(['a']);
    offsetSelection(editor, 2, 'round');
    expect(editor.shapes).toHaveLength(2);
    const b = geometryOf(editor.shapes[1]!).bounds;
    expect([b.minX, b.minY, b.maxX, b.maxY].map((v) => Math.round(v * 100) / 100)).toEqual([8, 8, 32, 32]);
    expect(editor.shapes[1]).toMatchObject({ layerId: 'L2' });
  });
});
