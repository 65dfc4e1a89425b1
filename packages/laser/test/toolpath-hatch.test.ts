import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FillSettings } from '../src/model/document.js';
import { LASER_MESSAGES, SettingError } from '../src/model/errors.js';
import type { Vec2 } from '../src/model/matrix.js';
import { insideEvenOdd, signedArea } from '../src/model/path.js';
import { distanceToSegment, type HatchLine, hatchGroups, hatchRings } from '../src/toolpath/index.js';

const base: FillSettings = { interval: 1, angle: 0, crossHatch: false, bidirectional: false, overscan: 2 };

function rect(x: number, y: number, w: number, h: number, clockwise = true): Vec2[] {
  const r = [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ];
  return clockwise ? r : r.reverse();
}

function len(l: HatchLine): number {
  const [a, b] = l.points;
  return Math.hypot(b!.x - a!.x, b!.y - a!.y);
}

function total(lines: readonly HatchLine[]): number {
  return lines.reduce((s, l) => s + len(l), 0);
}

function round(p: Vec2): [number, number] {
  return [Math.round(p.x * 1e6) / 1e6, Math.round(p.y * 1e6) / 1e6];
}

describe('hatchRings on hand-computed shapes', () => {
  it('fills a 10 × 5 rectangle with 5 lines centred in their stripes, all running +x', () => {
    const lines = hatchRings([rect(0, 0, 10, 5)], base, 'evenodd', 'b1');
    expect(lines.map((l) => l.points.map(round))).toEqual([
      [
        [0, 0.5],
        [10, 0.5],
      ],
      [
        [0, 1.5],
        [10, 1.5],
      ],
      [
        [0, 2.5],
        [10, 2.5],
      ],
      [
        [0, 3.5],
        [10, 3.5],
      ],
      [
        [0, 4.5],
        [10, 4.5],
      ],
    ]);
    for (const l of lines) {
      expect(l).toMatchObject({ kind: 'path', mode: 'fill', closed: false, overscan: 2, block: 'b1' });
    }
    expect(total(lines)).toBeCloseTo(50, 9);
  });

  it('alternates the direction of consecutive lines when bidirectional', () => {
    const lines = hatchRings([rect(0, 0, 10, 6)], { ...base, bidirectional: true }, 'evenodd', 'b');
    expect(lines).toHaveLength(6);
    lines.forEach((l, i) => {
      const dx = l.points[1]!.x - l.points[0]!.x;
      expect(Math.sign(dx)).toBe(i % 2 === 0 ? 1 : -1);
    });
  });

  it('runs every line the same way when not bidirectional', () => {
    const lines = hatchRings([rect(0, 0, 10, 6)], base, 'evenodd', 'b');
    for (const l of lines) expect(l.points[1]!.x).toBeGreaterThan(l.points[0]!.x);
  });

  it('cross-hatches at angle + 90°, doubling the burnt length', () => {
    const one = hatchRings([rect(0, 0, 8, 8)], base, 'evenodd', 'b');
    const two = hatchRings([rect(0, 0, 8, 8)], { ...base, crossHatch: true }, 'evenodd', 'b');
    expect(total(one)).toBeCloseTo(64, 9);
    expect(total(two)).toBeCloseTo(128, 9);
    const vertical = two.slice(one.length);
    expect(vertical).toHaveLength(8);
    for (const l of vertical) expect(Math.abs(l.points[0]!.x - l.points[1]!.x)).toBeLessThan(1e-9);
    expect(new Set(two.map((l) => l.block))).toEqual(new Set(['b']));
  });

  it('leaves an even-odd hole unburnt and splits the lines around it', () => {
    const lines = hatchRings([rect(0, 0, 10, 10), rect(3, 3, 4, 4)], base, 'evenodd', 'b');
    expect(total(lines)).toBeCloseTo(100 - 16, 9);
    const atY = lines.filter((l) => Math.abs(l.points[0]!.y - 4.5) < 1e-9);
    expect(atY.map((l) => l.points.map(round))).toEqual([
      [
        [0, 4.5],
        [3, 4.5],
      ],
      [
        [7, 4.5],
        [10, 4.5],
      ],
    ]);
  });

  it('uses winding numbers for nonzero: same-direction inner ring is filled, reversed one is a hole', () => {
    const same = hatchRings([rect(0, 0, 10, 10), rect(3, 3, 4, 4)], base, 'nonzero', 'b');
    const reversed = hatchRings([rect(0, 0, 10, 10), rect(3, 3, 4, 4, false)], base, 'nonzero', 'b');
    expect(total(same)).toBeCloseTo(100, 9);
    expect(total(reversed)).toBeCloseTo(84, 9);
    // A self-overlapping figure: a ring drawn twice winds 2 times; nonzero fills it, even-odd does not.
    const twice = [...rect(0, 0, 4, 4), ...rect(0, 0, 4, 4)];
    expect(total(hatchRings([twice], base, 'nonzero', 'b'))).toBeCloseTo(16, 9);
    expect(total(hatchRings([twice], base, 'evenodd', 'b'))).toBeCloseTo(0, 9);
  });

  it('fills several shapes together with the lines running across them, overlaps cancelling', () => {
    const lines = hatchGroups(
      [
        { rings: [rect(0, 0, 4, 2)], rule: 'evenodd' },
        { rings: [rect(6, 0, 4, 2)], rule: 'nonzero' },
      ],
      base,
      'b',
    );
    expect(lines).toHaveLength(4);
    expect(total(lines)).toBeCloseTo(16, 9);
    // Overlapping groups: the shared square is covered twice and stays unburnt.
    const overlap = hatchGroups(
      [
        { rings: [rect(0, 0, 6, 2)], rule: 'nonzero' },
        { rings: [rect(4, 0, 6, 2)], rule: 'nonzero' },
      ],
      base,
      'b',
    );
    // Union 20, overlap 2 × 2: 16 burnt.
    expect(total(overlap)).toBeCloseTo(20 - 4, 9);
  });

  it('merges spans of shapes that touch into one line', () => {
    const lines = hatchGroups(
      [
        { rings: [rect(0, 0, 5, 1)], rule: 'evenodd' },
        { rings: [rect(5, 0, 5, 1)], rule: 'evenodd' },
      ],
      base,
      'b',
    );
    expect(lines.map((l) => l.points.map(round))).toEqual([
      [
        [0, 0.5],
        [10, 0.5],
      ],
    ]);
  });

  it('fills a relief frame minus the shapes', () => {
    const frame = rect(0, 0, 10, 10);
    const lines = hatchGroups([{ rings: [rect(2, 2, 6, 6)], rule: 'evenodd' }], base, 'b', { frame });
    expect(total(lines)).toBeCloseTo(100 - 36, 9);
    for (const l of lines) {
      const mx = (l.points[0]!.x + l.points[1]!.x) / 2;
      const my = l.points[0]!.y;
      expect(mx > 2 && mx < 8 && my > 2 && my < 8).toBe(false);
    }
  });

  it('keeps every line parallel to the hatch angle', () => {
    for (const angle of [0, 17, 45, 90, 135, -30, 400]) {
      const lines = hatchRings([rect(0, 0, 20, 12)], { ...base, angle, interval: 0.5 }, 'evenodd', 'b');
      expect(lines.length).toBeGreaterThan(10);
      const r = (angle * Math.PI) / 180;
      for (const l of lines) {
        const dx = l.points[1]!.x - l.points[0]!.x;
        const dy = l.points[1]!.y - l.points[0]!.y;
        expect(Math.abs(dx * Math.sin(r) - dy * Math.cos(r)) / len(l)).toBeLessThan(1e-9);
        expect(dx * Math.cos(r) + dy * Math.sin(r)).toBeGreaterThan(0);
      }
    }
  });

  it('refuses intervals and overscans that make no sense, and fills that are far too dense', () => {
    const ring = [rect(0, 0, 10, 10)];
    const bad: Partial<FillSettings>[] = [{ interval: 0 }, { interval: -1 }, { interval: Number.NaN }];
    for (const b of bad) {
      expect(() => hatchRings(ring, { ...base, ...b }, 'evenodd', 'b')).toThrow(SettingError);
    }
    expect(() => hatchRings(ring, { ...base, overscan: -1 }, 'evenodd', 'b')).toThrow(LASER_MESSAGES.fillOverscan.en);
    expect(() => hatchRings(ring, { ...base, angle: Number.POSITIVE_INFINITY }, 'evenodd', 'b')).toThrow(SettingError);
    expect(() => hatchRings([rect(0, 0, 1000, 1000)], { ...base, interval: 1e-5 }, 'evenodd', 'b')).toThrow(
      LASER_MESSAGES.fillTooDense.en,
    );
  });

  it('ignores non-finite points and refuses huge extents instead of hanging', () => {
    const ring = [...rect(0, 0, 4, 2), { x: Number.NaN, y: 1 }, { x: 2, y: Number.POSITIVE_INFINITY }];
    expect(total(hatchRings([ring], base, 'evenodd', 'b'))).toBeCloseTo(8, 9);
    expect(() => hatchRings([rect(-1e300, -1e300, 2e300, 2e300)], base, 'evenodd', 'b')).toThrow(SettingError);
  });

  it('gives nothing for empty, open or flat rings', () => {
    expect(hatchRings([], base, 'evenodd', 'b')).toEqual([]);
    expect(
      hatchRings(
        [
          [
            { x: 0, y: 0 },
            { x: 5, y: 5 },
          ],
        ],
        base,
        'evenodd',
        'b',
      ),
    ).toEqual([]);
    expect(
      hatchRings(
        [
          [
            { x: 0, y: 1 },
            { x: 5, y: 1 },
            { x: 9, y: 1 },
          ],
        ],
        base,
        'evenodd',
        'b',
      ),
    ).toEqual([]);
  });
});

/** A simple (non-crossing) polygon, star-shaped around its centre c. */
const star = fc
  .record({
    cx: fc.double({ min: -50, max: 50, noNaN: true }),
    cy: fc.double({ min: -50, max: 50, noNaN: true }),
    radii: fc.array(fc.double({ min: 3, max: 20, noNaN: true }), { minLength: 3, maxLength: 24 }),
    turn: fc.double({ min: 0, max: 6.28, noNaN: true }),
  })
  .map(({ cx, cy, radii, turn }) => ({
    c: { x: cx, y: cy },
    ring: radii.map((r, i) => {
      const a = turn + (i * 2 * Math.PI) / radii.length;
      return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
    }),
  }));

const starPolygon = star.map((s) => s.ring);

const settingsArb = fc.record({
  interval: fc.double({ min: 0.05, max: 1, noNaN: true }),
  angle: fc.double({ min: -360, max: 360, noNaN: true }),
  crossHatch: fc.boolean(),
  bidirectional: fc.boolean(),
  overscan: fc.double({ min: 0, max: 5, noNaN: true }),
});

function boundsOf(rings: readonly (readonly Vec2[])[]) {
  const xs = rings.flat().map((p) => p.x);
  const ys = rings.flat().map((p) => p.y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

function nearEdge(rings: readonly (readonly Vec2[])[], x: number, y: number, d: number): boolean {
  return rings.some((r) => r.some((a, i) => distanceToSegment(x, y, a, r[(i + 1) % r.length]!) < d));
}

function within(p: Vec2, b: ReturnType<typeof boundsOf>, grow: number): boolean {
  const e = 1e-9 + grow;
  return p.x >= b.minX - e && p.x <= b.maxX + e && p.y >= b.minY - e && p.y <= b.maxY + e;
}

describe('hatchRings properties', () => {
  it('keeps lines inside the region bounds, and their overscan inside bounds + overscan', () => {
    fc.assert(
      fc.property(starPolygon, settingsArb, (ring, s) => {
        const b = boundsOf([ring]);
        for (const l of hatchRings([ring], s, 'evenodd', 'b')) {
          const [a, c] = l.points as [Vec2, Vec2];
          if (!within(a, b, 0) || !within(c, b, 0)) return false;
          const d = len(l);
          const ux = (c.x - a.x) / d;
          const uy = (c.y - a.y) / d;
          const before = { x: a.x - ux * l.overscan!, y: a.y - uy * l.overscan! };
          const after = { x: c.x + ux * l.overscan!, y: c.y + uy * l.overscan! };
          if (l.overscan !== s.overscan || !within(before, b, s.overscan) || !within(after, b, s.overscan))
            return false;
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });

  it('burns only inside the region: every segment midpoint passes the even-odd test, none is in a hole', () => {
    fc.assert(
      fc.property(star, settingsArb, fc.double({ min: 0.1, max: 0.9, noNaN: true }), ({ ring, c }, s, k) => {
        // The star shrunk about its centre: a hole wholly inside it.
        const hole = ring.map((p) => ({ x: c.x + (p.x - c.x) * k, y: c.y + (p.y - c.y) * k }));
        const rings = [ring, hole];
        for (const l of hatchRings(rings, s, 'evenodd', 'b')) {
          if (len(l) < 1e-6) continue;
          for (const t of [0.5, 0.25, 0.75]) {
            const x = l.points[0]!.x + (l.points[1]!.x - l.points[0]!.x) * t;
            const y = l.points[0]!.y + (l.points[1]!.y - l.points[0]!.y) * t;
            const wrong = !insideEvenOdd(rings, x, y) || insideEvenOdd([hole], x, y);
            // Points within a micron of an edge are numerical ties (gaps under 1e-9 mm are merged).
            if (wrong && !nearEdge(rings, x, y, 1e-6)) return false;
          }
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });

  it('covers the area: burnt length × interval ≈ area (within 3 %), and cross-hatch doubles it', () => {
    fc.assert(
      fc.property(starPolygon, fc.double({ min: 0, max: 180, noNaN: true }), (ring, angle) => {
        const s = { ...base, interval: 0.05, angle };
        const area = Math.abs(signedArea(ring));
        const one = total(hatchRings([ring], s, 'evenodd', 'b'));
        const two = total(hatchRings([ring], { ...s, crossHatch: true }, 'evenodd', 'b'));
        const lo = Math.abs(one * s.interval - area) / area;
        const perpendicular = two - one;
        const hi = Math.abs(perpendicular * s.interval - area) / area;
        return lo < 0.03 && hi < 0.03;
      }),
      { numRuns: 100 },
    );
  });

  it('fills rotated rectangles exactly when their height is a whole number of intervals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0.5, max: 30, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (n, w, angle, interval) => {
          const h = n * interval;
          const r = (angle * Math.PI) / 180;
          const c = Math.cos(r);
          const si = Math.sin(r);
          // The rectangle w × h with its long side along the hatch angle.
          const ring = [
            { x: 0, y: 0 },
            { x: w, y: 0 },
            { x: w, y: h },
            { x: 0, y: h },
          ].map((p) => ({ x: p.x * c - p.y * si + 7, y: p.x * si + p.y * c - 3 }));
          const lines = hatchRings([ring], { ...base, interval, angle }, 'evenodd', 'b');
          return lines.length === n && Math.abs(total(lines) - w * n) < 1e-6 * w * n;
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('hatch at scale', () => {
  it('fills 10,000 shapes on a 300 mm part at 0.05 mm, together and one by one, with the same lines', () => {
    const groups = [];
    for (let i = 0; i < 100; i++) {
      for (let j = 0; j < 100; j++) {
        const ring: Vec2[] = [];
        for (let k = 0; k < 48; k++) {
          const a = (k * 2 * Math.PI) / 48;
          ring.push({ x: 1.5 + i * 3 + 1.2 * Math.cos(a), y: 1.5 + j * 3 + 1.2 * Math.sin(a) });
        }
        groups.push({ rings: [ring], rule: 'evenodd' as const });
      }
    }
    const s = { ...base, interval: 0.05 };
    const together = hatchGroups(groups, s, 'b');
    let single = 0;
    for (const g of groups) single += hatchGroups([g], s, 'b').length;
    expect(together.length).toBe(single);
    const area = 10_000 * Math.PI * 1.2 * 1.2;
    expect(Math.abs(total(together) * 0.05 - area) / area).toBeLessThan(0.01);
  }, 60_000);
});
