import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../src/model/matrix.js';
import { cleanPoints, distanceToSegment, isDegenerate, simplifyPolyline } from '../src/toolpath/index.js';

/** Largest distance from any input point to the simplified polyline (closing edge included when closed). */
function worstDeviation(input: readonly Vec2[], out: readonly Vec2[], closed: boolean): number {
  const segs: [Vec2, Vec2][] = [];
  for (let i = 1; i < out.length; i++) segs.push([out[i - 1]!, out[i]!]);
  if (closed && out.length > 1) segs.push([out[out.length - 1]!, out[0]!]);
  if (segs.length === 0) segs.push([out[0]!, out[0]!]);
  let worst = 0;
  for (const p of input) {
    let best = Number.POSITIVE_INFINITY;
    for (const [a, b] of segs) best = Math.min(best, distanceToSegment(p.x, p.y, a, b));
    worst = Math.max(worst, best);
  }
  return worst;
}

const pt = fc.record({
  x: fc.double({ min: -100, max: 100, noNaN: true }),
  y: fc.double({ min: -100, max: 100, noNaN: true }),
});

describe('simplifyPolyline', () => {
  it('drops points within the tolerance and keeps the corner beyond it', () => {
    const line = [
      { x: 0, y: 0 },
      { x: 1, y: 0.004 },
      { x: 2, y: -0.003 },
      { x: 3, y: 0 },
      { x: 3, y: 5 },
    ];
    expect(simplifyPolyline(line, 0.01, false)).toEqual([
      { x: 0, y: 0 },
      { x: 3, y: 0 },
      { x: 3, y: 5 },
    ]);
    // With a tolerance below the wobble every point stays.
    expect(simplifyPolyline(line, 0.001, false)).toHaveLength(5);
  });

  it('keeps the closing edge of a closed ring: a square with midpoints loses only the midpoints', () => {
    const square = [
      { x: 0, y: 0 },
      { x: 5, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
      { x: 0, y: 5 },
    ];
    expect(simplifyPolyline(square, 0.01, true)).toEqual([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
    ]);
  });

  it('returns original point objects and survives 200,000 points without recursion', () => {
    const many: Vec2[] = [];
    for (let i = 0; i < 200_000; i++) many.push({ x: i * 0.001, y: Math.sin(i * 0.01) });
    const out = simplifyPolyline(many, 0.01, false);
    expect(out.length).toBeLessThan(many.length / 10);
    const originals = new Set(many);
    expect(out.every((p) => originals.has(p))).toBe(true);
    expect(out[0]).toBe(many[0]);
    expect(out[out.length - 1]).toBe(many[many.length - 1]);
  });

  it('never moves a point by more than the tolerance (property)', () => {
    fc.assert(
      fc.property(
        fc.array(pt, { minLength: 1, maxLength: 60 }),
        fc.double({ min: 0.001, max: 20, noNaN: true }),
        fc.boolean(),
        (points, tol, closed) => {
          const out = simplifyPolyline(points, tol, closed);
          if (out.length === 0 || out[0] !== points[0]) return false;
          if (!closed && out[out.length - 1] !== points[points.length - 1]) return false;
          return worstDeviation(points, out, closed) <= tol + 1e-9;
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('cleanPoints and isDegenerate', () => {
  it('removes repeats, non-finite points and a closing duplicate', () => {
    const out = cleanPoints(
      [
        { x: 0, y: 0 },
        { x: 0, y: 0 },
        { x: Number.NaN, y: 1 },
        { x: 1, y: 0 },
        { x: 1, y: Number.POSITIVE_INFINITY },
        { x: 1, y: 1 },
        { x: 0, y: 0 },
      ],
      true,
    );
    expect(out).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
    ]);
  });

  it('calls a polyline degenerate when it has no length', () => {
    expect(isDegenerate([])).toBe(true);
    expect(isDegenerate([{ x: 1, y: 1 }])).toBe(true);
    expect(
      isDegenerate([
        { x: 1, y: 1 },
        { x: 1, y: 1 },
      ]),
    ).toBe(true);
    expect(
      isDegenerate([
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ]),
    ).toBe(false);
  });
});
