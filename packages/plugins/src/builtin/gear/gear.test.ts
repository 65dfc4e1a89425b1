import { defaultParams, type PluginParamValues, pluginManifestSchema } from '@kerf/contract';
import { type EllipseShape, flattenPath, type PathShape, type Vec2 } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { checkFragment } from '../../fragment.js';
import type { PluginContext } from '../../sdk.js';
import { plugin } from './index.js';

const context: PluginContext = {
  locale: 'en',
  workArea: { width: 400, height: 300 },
  measureText: () => Promise.reject(new Error('a gear has no text')),
};

function runGear(overrides: PluginParamValues = {}) {
  const params = { ...defaultParams(plugin.manifest.parameters), ...overrides };
  const answer = plugin.run(params, context);
  if (answer instanceof Promise) throw new Error('the gear answers at once');
  const checked = checkFragment(answer, context.workArea);
  const [outline, bore] = checked.document.shapes;
  if (outline?.kind !== 'path') throw new Error('the first shape is the outline');
  return { answer, checked, outline: outline as PathShape, bore };
}

/** The outline as one finely flattened ring. */
function ring(outline: PathShape, tolerance = 0.0005) {
  const lines = flattenPath(outline.path, tolerance);
  expect(lines).toHaveLength(1);
  return { points: lines[0]!.points, closed: lines[0]!.closed };
}

const radius = (p: Vec2, c: Vec2) => Math.hypot(p.x - c.x, p.y - c.y);

/** How far the ring leans from the radius where it crosses a circle, radians. */
function leanFromRadius(at: Vec2, direction: Vec2, c: Vec2): number {
  const radial = { x: at.x - c.x, y: at.y - c.y };
  const cos =
    Math.abs(radial.x * direction.x + radial.y * direction.y) /
    (Math.hypot(radial.x, radial.y) * Math.hypot(direction.x, direction.y));
  return Math.acos(Math.min(1, cos));
}

/**
 * Where the ring crosses the circle of radius r about c: the crossing points in ring order, each
 * with whether the ring goes outwards there and its direction of travel.
 */
function crossings(points: Vec2[], c: Vec2, r: number) {
  const out: { at: Vec2; outward: boolean; direction: Vec2 }[] = [];
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const ra = radius(a, c) - r;
    const rb = radius(b, c) - r;
    if (ra < 0 === rb < 0) continue;
    const t = ra / (ra - rb);
    out.push({
      at: { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t },
      outward: rb > ra,
      direction: { x: b.x - a.x, y: b.y - a.y },
    });
  }
  return out;
}

function segmentsCross(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const side = (p: Vec2, q: Vec2, r: Vec2) => (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  const d1 = side(c, d, a);
  const d2 = side(c, d, b);
  const d3 = side(a, b, c);
  const d4 = side(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

describe('kerf.gear', () => {
  it('has a manifest the package schema accepts, and a 24×24 icon in the current colour', () => {
    expect(pluginManifestSchema.parse(plugin.manifest)).toEqual(plugin.manifest);
    expect(plugin.manifest.id).toBe('kerf.gear');
    expect(plugin.icon).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    expect(plugin.icon).toContain('currentColor');
  });

  it('answers a checked cut-layer outline and a round bore about one centre, in positive coordinates', () => {
    const { answer, checked, outline, bore } = runGear({ module: 2, teeth: 20, bore: 6 });
    expect(answer.placement).toBe('free');
    expect(checked.document.layers.map((l) => l.mode)).toEqual(['cut']);
    const { points, closed } = ring(outline);
    expect(closed).toBe(true);
    // The tooth pointing up touches y = 0, and the one at the left (20 teeth: every quarter turn) x = 0.
    const centre = { x: 22, y: 22 };
    expect(Math.min(...points.map((p) => p.y))).toBeCloseTo(0, 2);
    expect(Math.min(...points.map((p) => p.x))).toBeCloseTo(0, 2);
    expect(Math.max(...points.map((p) => radius(p, centre)))).toBeCloseTo(22, 6);
    expect(Math.min(...points.map((p) => Math.min(p.x, p.y)))).toBeGreaterThan(-1e-6);
    expect(bore?.kind).toBe('ellipse');
    const hole = bore as EllipseShape;
    expect([hole.cx, hole.cy, hole.rx, hole.ry]).toEqual([centre.x, centre.y, 3, 3]);
    expect(hole.layerId).toBe(outline.layerId);
  });

  const cases = [
    { module: 2, teeth: 20, pressureAngle: '20', backlash: 0.1 },
    { module: 1, teeth: 6, pressureAngle: '14.5', backlash: 0 },
    { module: 3, teeth: 13, pressureAngle: '25', backlash: 0.2 },
    { module: 0.8, teeth: 60, pressureAngle: '20', backlash: 0.05 },
    { module: 1.5, teeth: 35, pressureAngle: '25', backlash: 0.1 },
  ];

  for (const c of cases) {
    describe(`m ${c.module}, ${c.teeth} teeth, ${c.pressureAngle}°, backlash ${c.backlash}`, () => {
      const { outline } = runGear({ ...c, bore: 0, flankSegments: 200 });
      const { points } = ring(outline);
      const m = c.module;
      const z = c.teeth;
      // Drawn about (tip radius, tip radius); every measurement below is about that point.
      const centre = { x: (m * (z + 2)) / 2, y: (m * (z + 2)) / 2 };
      const alpha = (Number(c.pressureAngle) * Math.PI) / 180;
      const pitchRadius = (m * z) / 2;

      it('has outside diameter m(z + 2) and root diameter m(z − 2.5)', () => {
        const radii = points.map((p) => radius(p, centre));
        expect(2 * Math.max(...radii)).toBeCloseTo(m * (z + 2), 3);
        expect(2 * Math.min(...radii)).toBeCloseTo(m * (z - 2.5), 3);
      });

      it('has z teeth, evenly spaced', () => {
        const tipCrossings = crossings(points, centre, pitchRadius + 0.5 * m).filter((x) => x.outward);
        expect(tipCrossings).toHaveLength(z);
        const angles = tipCrossings.map((x) => Math.atan2(x.at.y - centre.y, x.at.x - centre.x));
        const steps = angles.map((a, i) => {
          const next = angles[(i + 1) % angles.length]!;
          return (((next - a) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
        });
        for (const step of steps) expect(step).toBeCloseTo((2 * Math.PI) / z, 4);
      });

      it('leans from the radius by the pressure angle exactly on the circle of diameter m·z', () => {
        // On an involute the flank leans from the radius by the pressure angle of that radius, which
        // grows outwards; the pitch circle is where it equals the gear's pressure angle.
        const lean = (r: number) => {
          const found = crossings(points, centre, r);
          expect(found).toHaveLength(2 * z);
          return found.reduce((sum, x) => sum + leanFromRadius(x.at, x.direction, centre), 0) / found.length;
        };
        let inner = Math.max((m * (z - 2.5)) / 2, ((m * z) / 2) * Math.cos(alpha)) + 0.01 * m;
        let outer = (m * (z + 2)) / 2 - 0.01 * m;
        for (let i = 0; i < 40; i++) {
          const mid = (inner + outer) / 2;
          if (lean(mid) < alpha) inner = mid;
          else outer = mid;
        }
        expect(inner + outer).toBeCloseTo(m * z, 1);
      });

      it('makes each tooth π·m/2 − backlash thick along the pitch circle', () => {
        const atPitch = crossings(points, centre, pitchRadius);
        expect(atPitch).toHaveLength(2 * z);
        // Pair each outward crossing with the next (inward) one: that arc is a tooth.
        const start = atPitch.findIndex((x) => x.outward);
        for (let i = 0; i < z; i++) {
          const up = atPitch[(start + 2 * i) % atPitch.length]!;
          const down = atPitch[(start + 2 * i + 1) % atPitch.length]!;
          expect(up.outward && !down.outward).toBe(true);
          const chord = Math.hypot(down.at.x - up.at.x, down.at.y - up.at.y);
          const arc = 2 * pitchRadius * Math.asin(chord / (2 * pitchRadius));
          expect(arc).toBeCloseTo((Math.PI * m) / 2 - c.backlash, 3);
        }
      });

      it('is one closed outline that never crosses itself (at the default resolution too)', () => {
        const { points } = ring(runGear({ ...c, bore: 0 }).outline, 0.01);
        const n = points.length;
        let crossed = 0;
        for (let i = 0; i < n; i++) {
          const a = points[i]!;
          const b = points[(i + 1) % n]!;
          for (let j = i + 2; j < n; j++) {
            if (i === 0 && j === n - 1) continue;
            if (segmentsCross(a, b, points[j]!, points[(j + 1) % n]!)) crossed++;
          }
        }
        expect(crossed).toBe(0);
      });
    });
  }

  it('rounds the root into the flank with a fillet, or leaves a sharp corner when asked', () => {
    const withFillet = runGear({ module: 2, teeth: 12 }).outline;
    const without = runGear({ module: 2, teeth: 12, rootFillet: false }).outline;
    const arcs = (p: PathShape) => p.path[0]!.segments.filter((s) => s.type === 'arc').length;
    // Per tooth: a tip arc and a root arc, plus two fillet arcs.
    expect(arcs(without)).toBe(2 * 12);
    expect(arcs(withFillet)).toBe(4 * 12);
  });

  it('cuts a keyway into the bore when one is asked for', () => {
    const { bore } = runGear({ module: 2, teeth: 30, bore: 8, keyway: 2 });
    expect(bore?.kind).toBe('path');
    const hole = flattenPath((bore as PathShape).path, 0.001)[0]!;
    expect(hole.closed).toBe(true);
    const centre = { x: 32, y: 32 };
    const reach = Math.max(...hole.points.map((p) => radius(p, centre)));
    expect(reach).toBeCloseTo(Math.hypot(1, 4 + 1), 6);
    const top = Math.min(...hole.points.map((p) => p.y));
    expect(centre.y - top).toBeCloseTo(5, 6);
  });

  it('leaves the bore out at 0', () => {
    const { checked } = runGear({ bore: 0 });
    expect(checked.document.shapes).toHaveLength(1);
  });

  it('refuses a bore that eats into the teeth and backlash that makes teeth pointed', () => {
    expect(() => runGear({ module: 1, teeth: 10, bore: 7 })).toThrow(/bore .* too large/);
    expect(() => runGear({ module: 1, teeth: 10, backlash: 1.6 })).toThrow(/backlash is too large/);
    const zh = { ...context, locale: 'zh-CN' as const };
    const params = { ...defaultParams(plugin.manifest.parameters), module: 1, teeth: 10, bore: 7 };
    expect(() => plugin.run(params, zh)).toThrow(/轴孔/);
  });
});
