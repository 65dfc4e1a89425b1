import { describe, expect, it } from 'vitest';
import { interpolateFitPoints } from '../src/fit.js';

type P = { x: number; y: number };

/** Point and first derivative of a cubic B-spline at u (de Boor on the de-Boor points, plain recursion). */
function evaluate(knots: number[], ctrl: P[], u: number): { p: P; d: P } {
  const n = ctrl.length - 1;
  let span = 3;
  while (span < n && u >= knots[span + 1]!) span++;
  const basis = (i: number, k: number, t: number): number => {
    if (k === 0) return knots[i]! <= t && t < knots[i + 1]! ? 1 : 0;
    const a = knots[i + k]! - knots[i]!;
    const b = knots[i + k + 1]! - knots[i + 1]!;
    return (
      (a ? ((t - knots[i]!) / a) * basis(i, k - 1, t) : 0) +
      (b ? ((knots[i + k + 1]! - t) / b) * basis(i + 1, k - 1, t) : 0)
    );
  };
  const at = (t: number): P => {
    const tt = Math.min(t, knots[knots.length - 1]! - 1e-9);
    let x = 0;
    let y = 0;
    for (let i = 0; i <= n; i++) {
      const b = basis(i, 3, tt);
      x += b * ctrl[i]!.x;
      y += b * ctrl[i]!.y;
    }
    return { x, y };
  };
  const h = 1e-6 * (knots[knots.length - 1]! || 1);
  const p = at(u);
  const q = u + h <= knots[knots.length - 1]! ? at(u + h) : p;
  const r = u + h <= knots[knots.length - 1]! ? p : at(u - h);
  return { p, d: { x: (q.x - r.x) / h, y: (q.y - r.y) / h } };
}

/** A deterministic pseudo-random sequence (so failures reproduce). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('control points of fit-point splines', () => {
  it('reproduces the control points AutoCAD wrote for a DWG spline of the corpus (example_2018 handle 16E)', () => {
    // Fit points and unit end tangents as LibreDWG reads them; control points from AutoCAD's own DXF.
    const fit = [
      { x: -1160.70828949499, y: 1466.2995980182498 },
      { x: -803.2584206390579, y: 1216.7735574306182 },
      { x: -1263.536333621469, y: 1021.0668596204771 },
      { x: -1297.8123483302957, y: 1896.8543336404111 },
      { x: -1493.6752901126752, y: 1867.4983280891886 },
      { x: -1449.6061289332692, y: 1436.9435924670272 },
    ];
    const result = interpolateFitPoints(
      fit,
      { x: -0.8122360233169472, y: -0.5833289315868635 },
      { x: -0.036041372146852574, y: -0.9993502986909907 },
      false,
    );
    const autocad = [
      [-1160.70828949499, 1466.29959801825],
      [-1278.733898858219, 1381.536363400083],
      [-393.9544459252916, 1231.131526494542],
      [-1793.156271927829, 719.5692228288901],
      [-936.5505143705686, 1967.430418368798],
      [-1656.363244849998, 1879.620298503901],
      [-1444.406509911975, 1581.117926364117],
      [-1449.606128933269, 1436.943592467027],
    ];
    expect(result).not.toBeNull();
    expect(result!.controlPoints).toHaveLength(8);
    for (const [i, [x, y]] of autocad.entries()) {
      expect(result!.controlPoints[i]!.x).toBeCloseTo(x!, 6);
      expect(result!.controlPoints[i]!.y).toBeCloseTo(y!, 6);
    }
    expect(result!.knots[4]).toBeCloseTo(435.9284960592313, 8);
    expect(result!.knots[11]).toBeCloseTo(2443.398157005357, 8);
  });

  it('passes through every fit point and leaves along the given tangents (random point sets)', () => {
    const next = random(7);
    for (let trial = 0; trial < 40; trial++) {
      const count = 2 + Math.floor(next() * 9);
      const fit: P[] = [];
      for (let i = 0; i < count; i++) fit.push({ x: i * 10 + next() * 8, y: next() * 50 - 25 });
      const angle0 = next() * Math.PI * 2;
      const angle1 = next() * Math.PI * 2;
      const t0 = { x: Math.cos(angle0), y: Math.sin(angle0) };
      const t1 = { x: Math.cos(angle1), y: Math.sin(angle1) };
      const result = interpolateFitPoints(fit, t0, t1, false)!;
      expect(result.controlPoints).toHaveLength(count + 2);
      expect(result.knots).toHaveLength(count + 6);
      const interior = [0, ...result.knots.slice(4, 4 + count - 2), result.knots[result.knots.length - 1]!];
      for (const [k, u] of interior.entries()) {
        const { p } = evaluate(result.knots, result.controlPoints, u);
        expect(Math.hypot(p.x - fit[k]!.x, p.y - fit[k]!.y)).toBeLessThan(1e-7);
      }
      const start = evaluate(result.knots, result.controlPoints, 0).d;
      expect(start.x).toBeCloseTo(t0.x, 3);
      expect(start.y).toBeCloseTo(t0.y, 3);
    }
  });

  it('derives end tangents from the points when the file has none, and refuses degenerate input', () => {
    const line = interpolateFitPoints(
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ],
      undefined,
      { x: 0, y: 0 },
      false,
    )!;
    for (const p of line.controlPoints) expect(Math.abs(p.y)).toBeLessThan(1e-12);
    for (const [i, p] of line.controlPoints.entries()) expect(p.x).toBeCloseTo((10 * i) / 3, 12);
    expect(
      interpolateFitPoints(
        [
          { x: 1, y: 1 },
          { x: 1, y: 1 },
        ],
        undefined,
        undefined,
        false,
      ),
    ).toBeNull();
    const closed = interpolateFitPoints(
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 10 },
      ],
      undefined,
      undefined,
      true,
    )!;
    expect(closed.controlPoints[closed.controlPoints.length - 1]).toEqual({ x: 0, y: 0 });
  });
});
