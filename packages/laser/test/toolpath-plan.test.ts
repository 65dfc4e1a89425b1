import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BitmapShape, KerfDocument, Layer, LeafShape, Shape } from '../src/model/document.js';
import { FormatError, LASER_MESSAGES } from '../src/model/errors.js';
import type { JobOp, PathOp, RasterOp } from '../src/model/job.js';
import { createDocument, createLayer, DEFAULT_BITMAP_SETTINGS, DEFAULT_FILL } from '../src/model/layers.js';
import { IDENTITY, type Matrix, multiply, rotate, scale, translate, type Vec2 } from '../src/model/matrix.js';
import { insideEvenOdd, type PathData, pathBounds, transformPath } from '../src/model/path.js';
import { shapeOutline } from '../src/model/shapes.js';
import { distanceToSegment, planJob, type RasterFunction } from '../src/toolpath/index.js';

function rectShape(id: string, layerId: string, x: number, y: number, w: number, h: number, m: Matrix = IDENTITY) {
  return { id, kind: 'rect', layerId, transform: m, x, y, width: w, height: h, rx: 0, ry: 0 } as const satisfies Shape;
}

function placedOutline(s: LeafShape): PathData {
  return transformPath(shapeOutline(s), s.transform);
}

function doc(layers: Layer[], shapes: Shape[]): KerfDocument {
  return createDocument({ width: 300, height: 200, layers, shapes });
}

function paths(ops: readonly JobOp[]): PathOp[] {
  return ops.filter((o): o is PathOp => o.kind === 'path');
}

function round(p: Vec2): [number, number] {
  return [Math.round(p.x * 1e6) / 1e6, Math.round(p.y * 1e6) / 1e6];
}

function lengthOf(ops: readonly PathOp[]): number {
  let t = 0;
  for (const o of ops)
    for (let i = 1; i < o.points.length; i++) {
      t += Math.hypot(o.points[i]!.x - o.points[i - 1]!.x, o.points[i]!.y - o.points[i - 1]!.y);
    }
  return t;
}

const fill1: Layer['fillSettings'] = { ...DEFAULT_FILL, interval: 1, angle: 0, bidirectional: false, overscan: 1.5 };

describe('planJob: cut layers', () => {
  it('cuts a placed rectangle as one closed path in document coordinates', () => {
    const d = doc([createLayer({ id: 'L1' })], [rectShape('r', 'L1', 0, 0, 10, 5, translate(20, 30))]);
    const job = planJob(d, { name: 'test' });
    expect(job).toMatchObject({ name: 'test', width: 300, height: 200 });
    expect(job.layers.map((l) => l.id)).toEqual(['L1']);
    expect(job.ops).toHaveLength(1);
    const op = job.ops[0] as PathOp;
    expect(op).toMatchObject({ kind: 'path', mode: 'cut', layerId: 'L1', shapeId: 'r', closed: true });
    expect(op.overscan).toBeUndefined();
    expect(op.points.map(round)).toEqual([
      [20, 30],
      [30, 30],
      [30, 35],
      [20, 35],
    ]);
  });

  it('applies group transforms and emits one op per sub-path, dropping zero-length ones', () => {
    const path: Shape = {
      id: 'p',
      kind: 'path',
      layerId: 'L1',
      transform: IDENTITY,
      path: [
        { start: { x: 0, y: 0 }, segments: [{ type: 'line', to: { x: 4, y: 0 } }], closed: false },
        { start: { x: 5, y: 5 }, segments: [{ type: 'line', to: { x: 5, y: 5 } }], closed: true },
        { start: { x: 1, y: 1 }, segments: [], closed: false },
        {
          start: { x: 0, y: 2 },
          segments: [
            { type: 'line', to: { x: 2, y: 2 } },
            { type: 'line', to: { x: 2, y: 4 } },
          ],
          closed: true,
        },
      ],
    };
    const group: Shape = { id: 'g', kind: 'group', transform: scale(2), children: [path] };
    const job = planJob(doc([createLayer({ id: 'L1' })], [group]));
    expect(job.ops.map((o) => [(o as PathOp).closed, (o as PathOp).points.map(round)])).toEqual([
      [
        false,
        [
          [0, 0],
          [8, 0],
        ],
      ],
      [
        true,
        [
          [0, 4],
          [4, 4],
          [4, 8],
        ],
      ],
    ]);
  });

  it('flattens curves with the tolerance: every point lies on the ellipse and the bounds are kept', () => {
    const e: Shape = { id: 'e', kind: 'ellipse', layerId: 'L1', transform: IDENTITY, cx: 50, cy: 40, rx: 20, ry: 10 };
    const coarse = planJob(doc([createLayer({ id: 'L1' })], [e]), { tolerance: 0.5 });
    const fine = planJob(doc([createLayer({ id: 'L1' })], [e]), { tolerance: 0.001 });
    const n = (j: typeof coarse) => (j.ops[0] as PathOp).points.length;
    expect(n(coarse)).toBeLessThan(n(fine));
    for (const p of (fine.ops[0] as PathOp).points) {
      expect(((p.x - 50) / 20) ** 2 + ((p.y - 40) / 10) ** 2).toBeCloseTo(1, 9);
    }
  });

  it('curve smoothing simplifies polylines within the smoothing distance', () => {
    const points: Vec2[] = [];
    for (let i = 0; i <= 100; i++) points.push({ x: i, y: i % 2 === 0 ? 0 : 0.05 });
    const shape: Shape = { id: 'z', kind: 'polygon', layerId: 'L1', transform: IDENTITY, points, closed: false };
    const plain = planJob(doc([createLayer({ id: 'L1' })], [shape]));
    const smooth = planJob(doc([createLayer({ id: 'L1', curveSmoothing: 0.1 })], [shape]));
    expect((plain.ops[0] as PathOp).points).toHaveLength(101);
    expect((smooth.ops[0] as PathOp).points.map(round)).toEqual([
      [0, 0],
      [100, 0],
    ]);
  });

  it('curve smoothing never moves a drawn point by more than the smoothing distance (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            x: fc.double({ min: -50, max: 50, noNaN: true }),
            y: fc.double({ min: -50, max: 50, noNaN: true }),
          }),
          { minLength: 2, maxLength: 40 },
        ),
        fc.double({ min: 0.01, max: 5, noNaN: true }),
        fc.boolean(),
        (points, smoothing, closed) => {
          // Placed well inside the work area (what lies outside it is cut away, see work-area.test.ts).
          const shape: Shape = {
            id: 'p',
            kind: 'polygon',
            layerId: 'L1',
            transform: translate(53, 54),
            points,
            closed,
          };
          const job = planJob(doc([createLayer({ id: 'L1', curveSmoothing: smoothing })], [shape]));
          const segs: [Vec2, Vec2][] = [];
          for (const o of paths(job.ops)) {
            for (let i = 1; i < o.points.length; i++) segs.push([o.points[i - 1]!, o.points[i]!]);
            if (o.closed) segs.push([o.points[o.points.length - 1]!, o.points[0]!]);
            if (o.points.length === 1) segs.push([o.points[0]!, o.points[0]!]);
          }
          // Nothing is cut only when the whole polyline lies within the smoothing distance of one point.
          const placed = points.map((p) => ({ x: p.x + 53, y: p.y + 54 }));
          if (segs.length === 0) {
            return placed.every((p) => Math.hypot(p.x - placed[0]!.x, p.y - placed[0]!.y) <= smoothing + 1e-9);
          }
          return points.every((p) => {
            const q = { x: p.x + 53, y: p.y + 54 };
            return segs.some(([a, b]) => distanceToSegment(q.x, q.y, a, b) <= smoothing + 1e-9);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('skips bitmaps and empty text on cut layers; text is cut along its outline', () => {
    const bitmap: BitmapShape = {
      id: 'b',
      kind: 'bitmap',
      layerId: 'L1',
      transform: IDENTITY,
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      src: 'data:image/png;base64,',
      pixelWidth: 1,
      pixelHeight: 1,
      settings: DEFAULT_BITMAP_SETTINGS,
    };
    const text = (id: string, outline: PathData) =>
      ({
        id,
        kind: 'text',
        layerId: 'L1',
        transform: IDENTITY,
        text: 'I',
        font: { family: 'x', size: 10, weight: 400, style: 'normal' },
        x: 0,
        y: 0,
        anchor: 'start',
        outline,
      }) as const satisfies Shape;
    const glyph = shapeOutline(rectShape('x', 'L1', 1, 1, 2, 8));
    const job = planJob(doc([createLayer({ id: 'L1' })], [bitmap, text('t0', []), text('t1', glyph)]), {
      raster: () => {
        throw new Error('no raster on a cut layer');
      },
    });
    expect(job.ops.map((o) => o.shapeId)).toEqual(['t1']);
  });

  it('keeps every cut point within the shape bounds plus the tolerance (property)', () => {
    const shapeArb = fc.oneof(
      fc
        .record({ x: fc.double({ min: -50, max: 50, noNaN: true }), w: fc.double({ min: 0.1, max: 40, noNaN: true }) })
        .map(({ x, w }): Shape => ({ ...rectShape('s', 'L1', x, x / 2, w, w / 3), rx: w / 5, ry: w / 7 })),
      fc
        .record({ r: fc.double({ min: 0.1, max: 40, noNaN: true }), q: fc.double({ min: 0.1, max: 40, noNaN: true }) })
        .map(
          ({ r, q }): Shape => ({
            id: 's',
            kind: 'ellipse',
            layerId: 'L1',
            transform: IDENTITY,
            cx: 3,
            cy: -2,
            rx: r,
            ry: q,
          }),
        ),
      fc.array(fc.double({ min: -30, max: 30, noNaN: true }), { minLength: 8, maxLength: 8 }).map(
        (c): Shape => ({
          id: 's',
          kind: 'path',
          layerId: 'L1',
          transform: IDENTITY,
          path: [
            {
              start: { x: c[0]!, y: c[1]! },
              segments: [
                { type: 'cubic', c1: { x: c[2]!, y: c[3]! }, c2: { x: c[4]!, y: c[5]! }, to: { x: c[6]!, y: c[7]! } },
                { type: 'quad', c: { x: c[7]!, y: c[2]! }, to: { x: c[0]!, y: c[1]! } },
              ],
              closed: true,
            },
          ],
        }),
      ),
    );
    const matrixArb = fc
      .record({
        a: fc.double({ min: -180, max: 180, noNaN: true }),
        s: fc.double({ min: 0.2, max: 5, noNaN: true }),
        tx: fc.double({ min: -100, max: 100, noNaN: true }),
      })
      // Moved to the middle of a large work area, so no part of a shape is cut away at its edge.
      .map(({ a, s, tx }) => [rotate(a), scale(s, s * 0.7), translate(tx + 1000, -tx + 1000)] as const);
    fc.assert(
      fc.property(shapeArb, matrixArb, fc.double({ min: 0.001, max: 1, noNaN: true }), (shape, ms, tol) => {
        const placed = { ...shape, transform: ms.reduce((m, n) => multiply(n, m), IDENTITY) };
        const exact = pathBounds(placedOutline(placed as LeafShape), 1e-4);
        const big = createDocument({
          width: 2000,
          height: 2000,
          layers: [createLayer({ id: 'L1' })],
          shapes: [placed],
        });
        const job = planJob(big, { tolerance: tol });
        for (const op of paths(job.ops)) {
          for (const p of op.points) {
            const e = tol + 1e-6;
            if (p.x < exact.minX - e || p.x > exact.maxX + e || p.y < exact.minY - e || p.y > exact.maxY + e)
              return false;
          }
        }
        // Only a shape within the tolerance of a single point may give no cut at all.
        return job.ops.length > 0 || Math.max(exact.maxX - exact.minX, exact.maxY - exact.minY) < 2 * tol;
      }),
      { numRuns: 300 },
    );
  });
});

describe('planJob: layer order, passes and output', () => {
  const layers = [
    createLayer({ id: 'A', priority: 2 }),
    createLayer({ id: 'B', priority: 0 }),
    createLayer({ id: 'C', priority: 1, output: false }),
    createLayer({ id: 'D', priority: 0, passes: 3 }),
    createLayer({ id: 'E', priority: 1 }),
  ];
  const shapes = ['A', 'B', 'C', 'D', 'E'].map((l, i) => rectShape(`s${l}`, l, i * 10, 0, 5, 5));

  it('sorts layers by priority, keeping document order for ties, skips output=false, repeats passes', () => {
    const job = planJob(doc(layers, shapes));
    expect(job.layers.map((l) => l.id)).toEqual(['B', 'D', 'E', 'A']);
    expect(job.ops.map((o) => o.layerId)).toEqual(['B', 'D', 'D', 'D', 'E', 'A']);
    expect(job.ops.some((o) => o.shapeId === 'sC')).toBe(false);
  });

  it('skips hidden layers as it skips output=false, and outputs a layer that is only locked', () => {
    const shown = doc(layers, shapes);
    const hiding = doc(
      layers.map((l) => (l.id === 'D' ? { ...l, hidden: true } : l.id === 'E' ? { ...l, locked: true } : l)),
      shapes,
    );
    expect(planJob(shown).ops.some((o) => o.layerId === 'D')).toBe(true);
    const job = planJob(hiding);
    expect(job.layers.map((l) => l.id)).toEqual(['B', 'E', 'A']);
    expect(job.ops.map((o) => o.layerId)).toEqual(['B', 'E', 'A']);
  });

  it('repeats fills per pass with their own block ids and fresh point arrays', () => {
    const d = doc(
      [createLayer({ id: 'F', mode: 'fill', passes: 2, fillSettings: fill1 })],
      [rectShape('r', 'F', 0, 0, 4, 2)],
    );
    const ops = paths(planJob(d).ops);
    expect(ops).toHaveLength(4);
    expect(ops.map((o) => o.block)).toEqual(['F:fill1', 'F:fill1', 'F:fill1:p2', 'F:fill1:p2']);
    expect(ops[2]!.points).toEqual(ops[0]!.points);
    expect(ops[2]!.points).not.toBe(ops[0]!.points);
  });

  it('refuses passes that are not whole numbers from 1 to 1000', () => {
    for (const passes of [0, 1.5, Number.NaN, 1001]) {
      const d = doc([createLayer({ id: 'L', passes })], [rectShape('r', 'L', 0, 0, 1, 1)]);
      expect(() => planJob(d)).toThrow(LASER_MESSAGES.passes.en);
    }
    const off = doc([createLayer({ id: 'L', passes: 0, output: false })], []);
    expect(planJob(off).ops).toEqual([]);
  });
});

describe('planJob: fills', () => {
  const two = [rectShape('a', 'L', 0, 0, 4, 2), rectShape('b', 'L', 10, 0, 4, 2)];

  it('fills a fill-mode layer whole (one block, lines across shapes) or single (a block per shape)', () => {
    for (const fill of ['whole', 'none'] as const) {
      const ops = paths(planJob(doc([createLayer({ id: 'L', mode: 'fill', fill, fillSettings: fill1 })], two)).ops);
      expect(ops.map((o) => [o.mode, o.block, o.shapeId, o.overscan])).toEqual(
        Array(4).fill(['fill', 'L:fill1', 'L:all', 1.5]),
      );
      // Line by line across both shapes: a0 b0 a1 b1.
      expect(ops.map((o) => round(o.points[0]!))).toEqual([
        [0, 0.5],
        [10, 0.5],
        [0, 1.5],
        [10, 1.5],
      ]);
    }
    const single = paths(
      planJob(doc([createLayer({ id: 'L', mode: 'fill', fill: 'single', fillSettings: fill1 })], two)).ops,
    );
    expect(single.map((o) => [o.block, o.shapeId])).toEqual([
      ['L:fill1', 'a'],
      ['L:fill1', 'a'],
      ['L:fill2', 'b'],
      ['L:fill2', 'b'],
    ]);
    expect(lengthOf(single)).toBeCloseTo(16, 9);
  });

  it('fills cut layers with fill set before cutting their outlines, unless deleteOutline', () => {
    const keep = planJob(doc([createLayer({ id: 'L', fill: 'whole', fillSettings: fill1 })], two)).ops as PathOp[];
    expect(keep.map((o) => o.mode)).toEqual(['fill', 'fill', 'fill', 'fill', 'cut', 'cut']);
    const del = planJob(doc([createLayer({ id: 'L', fill: 'single', deleteOutline: true, fillSettings: fill1 })], two));
    expect((del.ops as PathOp[]).map((o) => o.mode)).toEqual(['fill', 'fill', 'fill', 'fill']);
    const plain = planJob(doc([createLayer({ id: 'L', deleteOutline: true })], two));
    expect((plain.ops as PathOp[]).map((o) => o.mode)).toEqual(['cut', 'cut']);
  });

  it('uses a shape’s nonzero fill rule, and even-odd otherwise', () => {
    const ring = (x: number, y: number, s: number): Vec2[] => [
      { x, y },
      { x: x + s, y },
      { x: x + s, y: y + s },
      { x, y: y + s },
    ];
    const donut = (fillRule?: 'nonzero' | 'evenodd'): Shape => ({
      id: 'd',
      kind: 'path',
      layerId: 'L',
      transform: IDENTITY,
      style: fillRule ? { fillRule } : {},
      path: [ring(0, 0, 10), ring(3, 3, 4)].map((r) => ({
        start: r[0]!,
        segments: r.slice(1).map((to) => ({ type: 'line' as const, to })),
        closed: true,
      })),
    });
    const layer = createLayer({ id: 'L', mode: 'fill', fillSettings: fill1 });
    expect(lengthOf(paths(planJob(doc([layer], [donut()])).ops))).toBeCloseTo(84, 9);
    expect(lengthOf(paths(planJob(doc([layer], [donut('evenodd')])).ops))).toBeCloseTo(84, 9);
    expect(lengthOf(paths(planJob(doc([layer], [donut('nonzero')])).ops))).toBeCloseTo(100, 9);
  });

  it('refuses a fill that would be absurdly dense (hostile sizes) with a SettingError, not a hang', () => {
    const huge = createLayer({ id: 'L', mode: 'fill', fillSettings: { ...fill1, interval: 0.01 } });
    expect(() => planJob(doc([huge], [rectShape('a', 'L', 0, 0, 1e9, 1e9)]))).toThrow(LASER_MESSAGES.fillTooDense.en);
    const relief = createLayer({ id: 'L', mode: 'fill', reliefMargin: 1e12, fillSettings: fill1 });
    expect(() => planJob(doc([relief], [rectShape('a', 'L', 0, 0, 1, 1)]))).toThrow(LASER_MESSAGES.fillTooDense.en);
    const zero = createLayer({ id: 'L', mode: 'fill', fillSettings: { ...fill1, interval: 0 } });
    expect(() => planJob(doc([zero], [rectShape('a', 'L', 0, 0, 1, 1)]))).toThrow(LASER_MESSAGES.fillInterval.en);
  });

  it('relief-engraves the frame grown by the margin, minus the shapes', () => {
    const layer = createLayer({ id: 'L', mode: 'fill', reliefMargin: 2, fillSettings: fill1 });
    const ops = paths(planJob(doc([layer], [rectShape('a', 'L', 10, 10, 6, 4)])).ops);
    // Frame 8..18 × 8..16 (80 mm²) minus the 24 mm² shape.
    expect(lengthOf(ops)).toBeCloseTo(80 - 24, 9);
    for (const o of ops) {
      const m = { x: (o.points[0]!.x + o.points[1]!.x) / 2, y: o.points[0]!.y };
      expect(m.x >= 8 && m.x <= 18 && m.y >= 8 && m.y <= 16).toBe(true);
      expect(
        insideEvenOdd(
          [
            [
              { x: 10, y: 10 },
              { x: 16, y: 10 },
              { x: 16, y: 14 },
              { x: 10, y: 14 },
            ],
          ],
          m.x,
          m.y,
        ),
      ).toBe(false);
    }
  });

  it('keeps fill lines inside the shapes’ bounds, and overscan inside bounds + overscan (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            x: fc.double({ min: 0, max: 100, noNaN: true }),
            y: fc.double({ min: 0, max: 100, noNaN: true }),
            w: fc.double({ min: 0.5, max: 30, noNaN: true }),
            a: fc.double({ min: 0, max: 360, noNaN: true }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.double({ min: 0, max: 180, noNaN: true }),
        fc.constantFrom('whole', 'single'),
        (rects, angle, fill) => {
          const shapes = rects.map((r, i) =>
            rectShape(`s${i}`, 'L', 0, 0, r.w, r.w / 2, multiply(translate(r.x + 40, r.y + 40), rotate(r.a))),
          );
          const settings = { ...fill1, angle, interval: 0.3, overscan: 3 };
          const job = planJob(doc([createLayer({ id: 'L', mode: 'fill', fill, fillSettings: settings })], shapes));
          const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
          for (const s of shapes) {
            const pb = pathBounds(placedOutline(s), 1e-4);
            b.minX = Math.min(b.minX, pb.minX);
            b.minY = Math.min(b.minY, pb.minY);
            b.maxX = Math.max(b.maxX, pb.maxX);
            b.maxY = Math.max(b.maxY, pb.maxY);
          }
          const inside = (p: Vec2, g: number) =>
            p.x >= b.minX - g - 1e-9 &&
            p.x <= b.maxX + g + 1e-9 &&
            p.y >= b.minY - g - 1e-9 &&
            p.y <= b.maxY + g + 1e-9;
          for (const o of paths(job.ops)) {
            const [p, q] = o.points as [Vec2, Vec2];
            const d = Math.hypot(q.x - p.x, q.y - p.y);
            const u = { x: (q.x - p.x) / d, y: (q.y - p.y) / d };
            if (!inside(p, 0) || !inside(q, 0) || o.overscan !== 3) return false;
            if (
              !inside({ x: p.x - 3 * u.x, y: p.y - 3 * u.y }, 3) ||
              !inside({ x: q.x + 3 * u.x, y: q.y + 3 * u.y }, 3)
            )
              return false;
          }
          // Whole fills of exactly overlapping shapes may cancel out; single fills never do.
          return fill === 'whole' || job.ops.length > 0;
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('planJob: image layers', () => {
  const bitmap = (id: string): BitmapShape => ({
    id,
    kind: 'bitmap',
    layerId: 'I',
    transform: translate(5, 5),
    x: 0,
    y: 0,
    width: 2,
    height: 1,
    src: 'data:image/png;base64,',
    pixelWidth: 2,
    pixelHeight: 1,
    settings: DEFAULT_BITMAP_SETTINGS,
  });
  const standIn: RasterFunction = (placed, layer) =>
    placed.shape.id === 'skip'
      ? null
      : {
          kind: 'raster',
          layerId: layer.id,
          shapeId: placed.shape.id,
          axis: 'horizontal',
          overscan: 1,
          lines: [{ at: placed.matrix[5] + 0.5, from: placed.matrix[4], step: 1, levels: new Uint8Array([255, 0]) }],
        };

  it('rasterises bitmaps through the raster function (null skips) and fills vector shapes', () => {
    const calls: string[] = [];
    const d = doc(
      [createLayer({ id: 'I', mode: 'image', fillSettings: fill1 })],
      [bitmap('b1'), bitmap('skip'), rectShape('v', 'I', 20, 0, 3, 2)],
    );
    const job = planJob(d, {
      raster: (p, l) => {
        calls.push(`${p.shape.id}@${p.matrix.join(',')}/${l.id}`);
        return standIn(p, l);
      },
    });
    expect(calls).toEqual(['b1@1,0,0,1,5,5/I', 'skip@1,0,0,1,5,5/I']);
    expect(job.ops.map((o) => [o.kind, o.shapeId])).toEqual([
      ['raster', 'b1'],
      ['path', 'v'],
      ['path', 'v'],
    ]);
  });

  it('rasterises data: URLs with the raster module by default; drive references are refused clearly', () => {
    // A 2 × 1 24-bit BMP, bottom-up: black then white (rows padded to 4 bytes).
    const bytes = new Uint8Array(54 + 8);
    const v = new DataView(bytes.buffer);
    bytes.set([0x42, 0x4d]);
    v.setUint32(2, bytes.length, true);
    v.setUint32(10, 54, true);
    v.setUint32(14, 40, true);
    v.setInt32(18, 2, true);
    v.setInt32(22, 1, true);
    v.setUint16(26, 1, true);
    v.setUint16(28, 24, true);
    bytes.set([0, 0, 0, 255, 255, 255], 54);
    const src = `data:image/bmp;base64,${Buffer.from(bytes).toString('base64')}`;
    const layer = createLayer({ id: 'I', mode: 'image' });
    const shape = {
      ...bitmap('b1'),
      src,
      settings: { ...DEFAULT_BITMAP_SETTINGS, dpiX: 25.4, dpiY: 25.4, dither: 'threshold' as const },
    };
    const job = planJob(doc([layer], [shape]));
    expect(job.ops).toHaveLength(1);
    const op = job.ops[0] as RasterOp;
    expect(op).toMatchObject({ kind: 'raster', layerId: 'I', shapeId: 'b1' });
    expect(op.lines.length).toBeGreaterThan(0);
    // The picture sits at (5, 5), 2 × 1 mm: its scan lines stay inside.
    for (const l of op.lines) {
      expect(l.at).toBeGreaterThanOrEqual(5);
      expect(l.at).toBeLessThanOrEqual(6);
      expect(l.levels.some((x) => x > 0)).toBe(true);
    }
    // An all-white picture burns nothing: no op.
    bytes.set([255, 255, 255], 54);
    const white = { ...shape, src: `data:image/bmp;base64,${Buffer.from(bytes).toString('base64')}` };
    expect(planJob(doc([layer], [white])).ops).toEqual([]);
    expect(() => planJob(doc([layer], [{ ...shape, src: 'kerf:blob/abc' }]))).toThrow(FormatError);
  });

  it('moves raster ops with the array: `at` across the scan, `from` along it', () => {
    const d = doc([createLayer({ id: 'I', mode: 'image' })], [bitmap('b1')]);
    const job = planJob(d, { raster: standIn, array: { rows: 2, columns: 2, rowSpacing: 1, columnSpacing: 3 } });
    const r = job.ops as RasterOp[];
    // Bitmap bounds 2 × 1: columns every 5 mm, rows every 2 mm.
    expect(r.map((o) => [o.shapeId, o.lines[0]!.at, o.lines[0]!.from])).toEqual([
      ['b1@0,0', 5.5, 5],
      ['b1@0,1', 5.5, 10],
      ['b1@1,0', 7.5, 5],
      ['b1@1,1', 7.5, 10],
    ]);
    expect(r[3]!.lines[0]!.levels).toBe(r[0]!.lines[0]!.levels);
  });
});

describe('planJob at scale', () => {
  it('plans a 10,000-shape layer: cut, whole fill and single fill at 0.05 mm on a 300 mm part', () => {
    const shapes: Shape[] = [];
    for (let i = 0; i < 100; i++) {
      for (let j = 0; j < 100; j++) {
        shapes.push({
          id: `e${i}_${j}`,
          kind: 'ellipse',
          layerId: 'L',
          transform: IDENTITY,
          cx: 1.5 + i * 3,
          cy: 1.5 + j * 3,
          rx: 1.2,
          ry: 1,
        });
      }
    }
    const fillSettings = { ...DEFAULT_FILL, interval: 0.05 };
    for (const layer of [
      createLayer({ id: 'L' }),
      createLayer({ id: 'L', mode: 'fill', fill: 'whole', fillSettings }),
      createLayer({ id: 'L', mode: 'fill', fill: 'single', fillSettings }),
    ]) {
      const job = planJob(createDocument({ width: 300, height: 300, layers: [layer], shapes }));
      expect(job.ops.length).toBeGreaterThanOrEqual(10_000);
    }
  }, 90_000);
});
