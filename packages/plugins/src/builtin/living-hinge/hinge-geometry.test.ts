import type { Vec2 } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { polylineDistance } from '../common/testing/polygon.js';
import { type HingeSpec, hingeCuts, hingePointCount } from './hinge-geometry.js';

const base: HingeSpec = {
  pattern: 'straight',
  direction: 'vertical',
  area: { x: 10, y: 20, width: 80, height: 50 },
  cutLength: 12,
  gap: 3,
  spacing: 2.5,
  margin: 4,
};

const PATTERNS = ['straight', 'wave', 'lattice'] as const;
const DIRECTIONS = ['vertical', 'horizontal'] as const;

/** The slits of a straight vertical hinge, grouped into lines by x, each line's slits as [from, to] in y. */
function linesOf(cuts: Vec2[][]): { x: number; slits: [number, number][] }[] {
  const lines = new Map<string, { x: number; slits: [number, number][] }>();
  for (const cut of cuts) {
    expect(cut).toHaveLength(2);
    const [a, b] = [cut[0]!, cut[1]!];
    expect(a.x).toBe(b.x);
    const key = a.x.toFixed(6);
    const line = lines.get(key) ?? { x: a.x, slits: [] };
    line.slits.push([Math.min(a.y, b.y), Math.max(a.y, b.y)]);
    lines.set(key, line);
  }
  return [...lines.values()]
    .sort((p, q) => p.x - q.x)
    .map((l) => ({ ...l, slits: l.slits.sort((p, q) => p[0] - q[0]) }));
}

/** How far a cut reaches along its line (for a wave: end to end, not along the curve). */
function reach(cut: Vec2[], along: 'x' | 'y'): number {
  const vs = cut.map((p) => p[along]);
  return Math.max(...vs) - Math.min(...vs);
}

/** The least distance between any two cuts (cuts whose boxes lie further apart than `limit` are skipped). */
function closestCuts(cuts: Vec2[][], limit: number): number {
  const boxes = cuts.map((c) => ({
    minX: Math.min(...c.map((p) => p.x)),
    maxX: Math.max(...c.map((p) => p.x)),
    minY: Math.min(...c.map((p) => p.y)),
    maxY: Math.max(...c.map((p) => p.y)),
  }));
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < cuts.length; i++) {
    for (let j = i + 1; j < cuts.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      if (b.minX - a.maxX > limit || a.minX - b.maxX > limit || b.minY - a.maxY > limit || a.minY - b.maxY > limit) {
        continue;
      }
      best = Math.min(best, polylineDistance(cuts[i]!, cuts[j]!));
    }
  }
  return best;
}

describe('living hinge cuts', () => {
  it('keeps every cut inside the area less the margin', () => {
    for (const pattern of PATTERNS) {
      for (const direction of DIRECTIONS) {
        const spec = { ...base, pattern, direction };
        const cuts = hingeCuts(spec);
        expect(cuts.length, `${pattern} ${direction}`).toBeGreaterThan(10);
        const { x, y, width, height } = spec.area;
        const m = spec.margin;
        for (const p of cuts.flat()) {
          expect(p.x).toBeGreaterThanOrEqual(x + m - 1e-9);
          expect(p.x).toBeLessThanOrEqual(x + width - m + 1e-9);
          expect(p.y).toBeGreaterThanOrEqual(y + m - 1e-9);
          expect(p.y).toBeLessThanOrEqual(y + height - m + 1e-9);
        }
      }
    }
  });

  it('spaces straight lines as asked, centred in the area', () => {
    const lines = linesOf(hingeCuts(base));
    const { x, width } = base.area;
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.x - lines[i - 1]!.x).toBeCloseTo(base.spacing, 9);
    // As many lines as fit: one more would not.
    const room = width - 2 * base.margin;
    expect((lines.length - 1) * base.spacing).toBeLessThanOrEqual(room);
    expect(lines.length * base.spacing).toBeGreaterThan(room);
    expect(lines[0]!.x - x).toBeCloseTo(x + width - lines.at(-1)!.x, 9);
  });

  it('staggers every other line by half a period, so each bridge faces the middle of a slit', () => {
    const lines = linesOf(hingeCuts(base));
    const period = base.cutLength + base.gap;
    const whole = lines[0]!.slits;
    for (const [i, line] of lines.entries()) {
      const shifted = i % 2 === 1;
      // Lines alike in parity are the same slits.
      expect(line.slits).toEqual(lines[i % 2]!.slits);
      const bridges = line.slits.slice(1).map(([from], j) => [line.slits[j]![1], from] as const);
      for (const [a, b] of bridges) expect(b - a).toBeCloseTo(base.gap, 9);
      if (!shifted) continue;
      // Every bridge on a shifted line is centred on a slit of the unshifted line beside it, and vice versa.
      for (const [a, b] of bridges) {
        const middle = (a + b) / 2;
        expect(whole.some(([from, to]) => Math.abs((from + to) / 2 - middle) < 1e-9)).toBe(true);
      }
      for (const [from] of line.slits.filter(([f, t]) => t - f === base.cutLength)) {
        const offset = (((from - whole[0]![0]) % period) + period) % period;
        expect(offset).toBeCloseTo(period / 2, 9);
      }
    }
  });

  it('leaves bridges on every line', () => {
    for (const pattern of ['straight', 'wave'] as const) {
      for (const spec of [
        { ...base, pattern },
        { ...base, pattern, margin: 0, area: { x: 0, y: 0, width: 30, height: 15 } },
        { ...base, pattern, area: { ...base.area, height: 2 * base.margin + base.cutLength + base.gap } },
      ]) {
        const cuts = hingeCuts(spec);
        const lines = new Map<string, Vec2[][]>();
        for (const cut of cuts) {
          const key = cut[0]!.x.toFixed(6);
          lines.set(key, [...(lines.get(key) ?? []), cut]);
        }
        expect(lines.size).toBeGreaterThan(1);
        const inner = spec.area.height - 2 * spec.margin;
        for (const line of lines.values()) {
          // The slits of a line, end to end, leave at least one bridge of the asked length uncut.
          const cut = line.reduce((sum, c) => sum + reach(c, 'y'), 0);
          expect(inner - cut).toBeGreaterThanOrEqual(spec.gap - 1e-9);
        }
      }
    }
  });

  it('draws more slits in a larger area', () => {
    for (const pattern of PATTERNS) {
      const small = hingeCuts({ ...base, pattern, area: { x: 0, y: 0, width: 60, height: 40 } }).length;
      const wide = hingeCuts({ ...base, pattern, area: { x: 0, y: 0, width: 120, height: 40 } }).length;
      const large = hingeCuts({ ...base, pattern, area: { x: 0, y: 0, width: 120, height: 80 } }).length;
      expect(wide / small, pattern).toBeGreaterThan(1.7);
      expect(wide / small, pattern).toBeLessThan(2.6);
      expect(large / wide, pattern).toBeGreaterThan(1.7);
      expect(large / wide, pattern).toBeLessThan(2.6);
    }
  });

  it('draws no slit shorter than half the slit length', () => {
    for (const pattern of PATTERNS) {
      for (const direction of DIRECTIONS) {
        // Heights every 0.61 mm, so the shifted lines' end pieces come in every length.
        for (const height of Array.from({ length: 40 }, (_, i) => 30 + i * 0.61)) {
          const spec = { ...base, pattern, direction, area: { ...base.area, height, width: height * 1.3 } };
          const along = direction === 'vertical' || pattern === 'lattice' ? 'y' : 'x';
          for (const cut of hingeCuts(spec)) {
            const length = pattern === 'lattice' ? Math.max(reach(cut, 'x'), reach(cut, 'y')) : reach(cut, along);
            expect(length).toBeGreaterThanOrEqual(base.cutLength / 2 - 1e-9);
            expect(length).toBeLessThanOrEqual(base.cutLength + 1e-9);
          }
        }
      }
    }
  });

  it('keeps slits apart: no two cuts touch', () => {
    const clearance = {
      straight: Math.min(base.gap, base.spacing),
      wave: Math.min(base.gap, base.spacing * 0.3),
      lattice: Math.min(base.gap, base.spacing),
    };
    for (const pattern of PATTERNS) {
      const cuts = hingeCuts({ ...base, pattern, area: { x: 0, y: 0, width: 40, height: 40 } });
      expect(closestCuts(cuts, base.spacing * 2), pattern).toBeGreaterThanOrEqual(clearance[pattern] - 1e-9);
    }
  });

  it('runs wave slits as whole sine waves a quarter spacing to each side of the line', () => {
    const cuts = hingeCuts({ ...base, pattern: 'wave' });
    const whole = cuts.filter((c) => Math.abs(reach(c, 'y') - base.cutLength) < 1e-9);
    expect(whole.length).toBeGreaterThan(4);
    for (const cut of whole) {
      expect(reach(cut, 'x')).toBeCloseTo(base.spacing / 2, 2);
      // A whole number of waves: the slit ends on its line.
      expect(cut[0]!.x).toBeCloseTo(cut.at(-1)!.x, 9);
    }
  });

  it('fills a lattice with square cells whose slits turn a quarter from cell to cell', () => {
    const spec = { ...base, pattern: 'lattice' as const };
    const cuts = hingeCuts(spec);
    const cell = spec.cutLength + spec.gap;
    const columns = Math.floor((spec.area.width - 2 * spec.margin) / cell);
    const rows = Math.floor((spec.area.height - 2 * spec.margin) / cell);
    const perCell = Math.floor(spec.cutLength / spec.spacing) + 1;
    expect(cuts).toHaveLength(columns * rows * perCell);
    const vertical = cuts.filter((c) => c[0]!.x === c[1]!.x);
    const horizontal = cuts.filter((c) => c[0]!.y === c[1]!.y);
    expect(vertical.length + horizontal.length).toBe(cuts.length);
    expect(Math.abs(vertical.length - horizontal.length)).toBeLessThanOrEqual(perCell);
    // The slits of one cell are the spacing apart.
    const xs = [...new Set(vertical.filter((c) => c[0]!.y === vertical[0]![0]!.y).map((c) => c[0]!.x))].sort(
      (a, b) => a - b,
    );
    expect(xs.length).toBeGreaterThanOrEqual(perCell);
    for (let i = 1; i < perCell; i++) expect(xs[i]! - xs[i - 1]!).toBeCloseTo(spec.spacing, 9);
  });

  it('turns the slits across for the horizontal direction', () => {
    const vertical = hingeCuts({ ...base, area: { x: 0, y: 0, width: 80, height: 50 } });
    const horizontal = hingeCuts({ ...base, direction: 'horizontal', area: { x: 0, y: 0, width: 50, height: 80 } });
    const swapped = horizontal.map((c) => c.map((p) => ({ x: p.y, y: p.x })));
    expect(swapped).toEqual(vertical);
  });

  it('counts at least the points it draws', () => {
    for (const pattern of PATTERNS) {
      for (const height of [30, 47, 90]) {
        const spec = { ...base, pattern, area: { ...base.area, height } };
        const drawn = hingeCuts(spec).reduce((sum, c) => sum + c.length, 0);
        expect(hingePointCount(spec)).toBeGreaterThanOrEqual(drawn);
      }
    }
  });

  it('draws nothing where not even one slit fits', () => {
    expect(hingeCuts({ ...base, area: { ...base.area, height: 2 * base.margin + base.cutLength } })).toEqual([]);
    expect(hingeCuts({ ...base, area: { ...base.area, width: 2 * base.margin - 1 } })).toEqual([]);
  });
});
