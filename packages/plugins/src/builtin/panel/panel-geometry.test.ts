import { flattenPath, type Vec2 } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { insideRing, isSimpleRing } from '../common/testing/polygon.js';
import {
  cornerSizeUsed,
  holeCentres,
  type PanelSpec,
  panelIssues,
  panelOutline,
  panelSlots,
  slotCentres,
} from './panel-geometry.js';

const base: PanelSpec = {
  width: 120,
  height: 80,
  cornerStyle: 'round',
  cornerSize: 8,
  holes: false,
  holeDiameter: 3.4,
  holeInset: 6,
  slots: false,
  slotWidth: 3,
  slotLength: 15,
  slotsLong: 3,
  slotsShort: 2,
  slotInset: 5,
};

/** The outline as one ring of points (curves flattened finely), without the closing repeat. */
function ring(spec: PanelSpec): Vec2[] {
  const path = panelOutline(spec);
  expect(path).toHaveLength(1);
  expect(path[0]!.closed).toBe(true);
  const [line] = flattenPath(path, 0.001);
  const points = line!.points;
  const first = points[0]!;
  const last = points.at(-1)!;
  return Math.hypot(first.x - last.x, first.y - last.y) < 1e-9 ? points.slice(0, -1) : points;
}

function area(points: Vec2[]): number {
  let sum = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length]!;
    sum += p.x * q.y - q.x * p.y;
  });
  return sum / 2;
}

function bounds(points: Vec2[]) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

describe('panel outline', () => {
  it('is one closed, simple outline of the asked size for every corner style and size', () => {
    for (const cornerStyle of ['round', 'chamfer'] as const) {
      for (const cornerSize of [0, 0.5, 8, 39.9, 40, 200]) {
        const points = ring({ ...base, cornerStyle, cornerSize });
        expect(isSimpleRing(points), `${cornerStyle} ${cornerSize}`).toBe(true);
        const [minX, minY, maxX, maxY] = bounds(points);
        expect(minX).toBeCloseTo(0, 6);
        expect(minY).toBeCloseTo(0, 6);
        expect(maxX).toBeCloseTo(120, 6);
        expect(maxY).toBeCloseTo(80, 6);
      }
    }
  });

  it('takes off exactly the corner areas, the arcs bulging outward', () => {
    const r = 8;
    // Clockwise on screen (y down) is a positive shoelace area. Flattened chords cut a sliver off
    // each arc (about 0.03 mm² in all here); an arc bowed the wrong way would lose some 100 mm².
    expect(area(ring(base))).toBeCloseTo(120 * 80 - (4 - Math.PI) * r * r, 1);
    expect(area(ring({ ...base, cornerStyle: 'chamfer' }))).toBeCloseTo(120 * 80 - 2 * r * r, 9);
    expect(area(ring({ ...base, cornerSize: 0 }))).toBeCloseTo(120 * 80, 9);
  });

  it('draws square corners as a plain rectangle', () => {
    const path = panelOutline({ ...base, cornerSize: 0 });
    const corners = [path[0]!.start, ...path[0]!.segments.map((s) => s.to)];
    expect(corners).toEqual([
      { x: 0, y: 0 },
      { x: 120, y: 0 },
      { x: 120, y: 80 },
      { x: 0, y: 80 },
    ]);
  });

  it('clamps the corner size to half the shorter side', () => {
    expect(cornerSizeUsed({ width: 120, height: 80, cornerSize: 1000 })).toBe(40);
    expect(cornerSizeUsed({ width: 120, height: 80, cornerSize: 12 })).toBe(12);
    expect(panelOutline({ ...base, cornerSize: 1000 })).toEqual(panelOutline({ ...base, cornerSize: 40 }));
    // A wide panel gets round ends: the short sides are half circles, no straight part left.
    const ends = panelOutline({ ...base, cornerSize: 1000 })[0]!.segments;
    expect(ends.filter((s) => s.type === 'line')).toHaveLength(2);
    // A square panel becomes a circle, or a diamond with chamfers.
    const circle = ring({ ...base, width: 50, height: 50, cornerSize: 100 });
    for (const p of circle) expect(Math.hypot(p.x - 25, p.y - 25)).toBeCloseTo(25, 3);
    const diamond = panelOutline({ ...base, width: 50, height: 50, cornerSize: 100, cornerStyle: 'chamfer' })[0]!;
    expect([diamond.start, ...diamond.segments.map((s) => s.to)].slice(0, 4)).toEqual([
      { x: 25, y: 0 },
      { x: 50, y: 25 },
      { x: 25, y: 50 },
      { x: 0, y: 25 },
    ]);
  });
});

describe('panel holes and slots', () => {
  it('puts the mounting holes the inset in from each corner', () => {
    expect(holeCentres(base)).toEqual([]);
    const centres = holeCentres({ ...base, holes: true, holeInset: 7 });
    expect(centres).toEqual([
      { x: 7, y: 7 },
      { x: 113, y: 7 },
      { x: 113, y: 73 },
      { x: 7, y: 73 },
    ]);
  });

  it('spaces the slots evenly along each edge, the thickness wide, inside the panel', () => {
    for (const [width, height] of [
      [120, 80],
      [80, 120],
    ] as const) {
      const spec = { ...base, width, height, slots: true };
      const slots = panelSlots(spec);
      const outline = ring(spec);
      const along = (s: (typeof slots)[number]) => (s.width > s.height ? 'x' : 'y');
      const horizontal = slots.filter((s) => along(s) === 'x');
      const vertical = slots.filter((s) => along(s) === 'y');
      // The longer edges carry slotsLong each, the shorter slotsShort.
      const [onLong, onShort] = width >= height ? [horizontal, vertical] : [vertical, horizontal];
      expect(onLong).toHaveLength(2 * spec.slotsLong);
      expect(onShort).toHaveLength(2 * spec.slotsShort);
      for (const s of horizontal) {
        expect([s.width, s.height]).toEqual([spec.slotLength, spec.slotWidth]);
        expect([spec.slotInset, height - spec.slotInset - spec.slotWidth]).toContain(s.y);
      }
      for (const s of vertical) {
        expect([s.width, s.height]).toEqual([spec.slotWidth, spec.slotLength]);
        expect([spec.slotInset, width - spec.slotInset - spec.slotWidth]).toContain(s.x);
      }
      // Along one edge: an equal pitch, and the same margin at both ends.
      const top = horizontal.filter((s) => s.y === spec.slotInset).map((s) => s.x + s.width / 2);
      const pitch = width / top.length;
      for (const [i, c] of top.entries()) expect(c).toBeCloseTo((i + 0.5) * pitch, 9);
      // Every slot corner lies inside the outline.
      for (const s of slots) {
        for (const [x, y] of [
          [s.x, s.y],
          [s.x + s.width, s.y],
          [s.x + s.width, s.y + s.height],
          [s.x, s.y + s.height],
        ]) {
          expect(insideRing(outline, x!, y!)).toBe(true);
        }
      }
      expect(panelIssues(spec)).toEqual([]);
    }
  });

  it('spreads any number of slots at an equal pitch', () => {
    expect(slotCentres(100, 1)).toEqual([50]);
    expect(slotCentres(100, 4)).toEqual([12.5, 37.5, 62.5, 87.5]);
    expect(slotCentres(100, 0)).toEqual([]);
  });

  it('names what keeps the panel from being drawn', () => {
    expect(panelIssues({ ...base, holes: true, slots: true })).toEqual([]);
    // A big round corner swallows a hole near it; a chamfer of the same size does too.
    expect(panelIssues({ ...base, holes: true, cornerSize: 30 })).toEqual(['holesOutside']);
    expect(panelIssues({ ...base, holes: true, cornerSize: 30, cornerStyle: 'chamfer' })).toEqual(['holesOutside']);
    expect(panelIssues({ ...base, holes: true, holeInset: 1 })).toEqual(['holesOutside']);
    expect(panelIssues({ ...base, holes: true, holeInset: 39, cornerSize: 0 })).toContain('holesOverlap');
    expect(panelIssues({ ...base, slots: true, slotsLong: 9 })).toContain('slotsOverlap');
    expect(panelIssues({ ...base, slots: true, slotInset: 0, cornerSize: 20, slotsShort: 3 })).toContain(
      'slotsOutside',
    );
    expect(panelIssues({ ...base, holes: true, slots: true, holeInset: 8, slotsShort: 3 })).toContain('holesHitSlots');
  });
});
