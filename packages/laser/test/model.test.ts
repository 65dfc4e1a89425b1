import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply,
  arcPoint,
  arcToCenter,
  createDocument,
  createLayer,
  DOCUMENT_VERSION,
  documentBounds,
  FormatError,
  flattenPath,
  invert,
  leafShapes,
  MAX_GROUP_DEPTH,
  type Matrix,
  maxScale,
  migrateDocument,
  multiply,
  type PathData,
  parseDocument,
  rotate,
  type Segment,
  type Shape,
  scale,
  serializeDocument,
  skewX,
  transformPath,
  translate,
} from '../src/index.js';
import { geometryDistance } from './geometry.js';

const coord = fc.double({ min: -100, max: 100, noNaN: true });
const point = fc.record({ x: coord, y: coord });

/** Well-conditioned affine transforms: compositions of translate, rotate, scale, skew and mirror. */
const transform: fc.Arbitrary<Matrix> = fc
  .tuple(
    fc.double({ min: -200, max: 200, noNaN: true }),
    fc.double({ min: -200, max: 200, noNaN: true }),
    fc.double({ min: -180, max: 180, noNaN: true }),
    fc.double({ min: 0.2, max: 5, noNaN: true }),
    fc.double({ min: 0.2, max: 5, noNaN: true }),
    fc.double({ min: -40, max: 40, noNaN: true }),
    fc.boolean(),
  )
  .map(([tx, ty, r, sx, sy, k, mirror]) =>
    multiply(translate(tx, ty), multiply(rotate(r), multiply(skewX(k), scale(mirror ? -sx : sx, sy)))),
  );

const segment: fc.Arbitrary<Segment> = fc.oneof(
  point.map((to) => ({ type: 'line' as const, to })),
  fc.tuple(point, point).map(([c, to]) => ({ type: 'quad' as const, c, to })),
  fc.tuple(point, point, point).map(([c1, c2, to]) => ({ type: 'cubic' as const, c1, c2, to })),
  fc
    .tuple(
      fc.double({ min: 1, max: 100, noNaN: true }),
      fc.double({ min: 1, max: 100, noNaN: true }),
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.boolean(),
      fc.boolean(),
      point,
    )
    .map(([rx, ry, rotation, largeArc, sweep, to]) => ({
      type: 'arc' as const,
      rx,
      ry,
      rotation,
      largeArc,
      sweep,
      to,
    })),
);

/**
 * An arc whose end points almost coincide is ill-conditioned: a rounding error decides between nothing
 * and a whole ellipse (SVG draws nothing for coincident ends). Paths with such arcs are left out.
 */
function wellConditioned(p: PathData): boolean {
  return p.every((sp) => {
    let from = sp.start;
    return sp.segments.every((seg) => {
      const ok = seg.type !== 'arc' || Math.hypot(seg.to.x - from.x, seg.to.y - from.y) > 1e-6;
      from = seg.to;
      return ok;
    });
  });
}

const path: fc.Arbitrary<PathData> = fc
  .array(
    fc.record({ start: point, segments: fc.array(segment, { minLength: 1, maxLength: 5 }), closed: fc.boolean() }),
    { minLength: 1, maxLength: 3 },
  )
  .filter(wellConditioned);

describe('transforms', () => {
  it('a point mapped by a transform and then by its inverse comes back', () => {
    fc.assert(
      fc.property(transform, point, (m, p) => {
        const back = apply(invert(m), apply(m, p));
        expect(Math.hypot(back.x - p.x, back.y - p.y)).toBeLessThan(1e-6);
      }),
    );
  });

  it('multiply composes: (m·n)(p) = m(n(p))', () => {
    fc.assert(
      fc.property(transform, transform, point, (m, n, p) => {
        const a = apply(multiply(m, n), p);
        const b = apply(m, apply(n, p));
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(1e-6);
      }),
    );
  });

  it('a transformed path (arcs included) traces the transformed points of the original within 0.01 mm', () => {
    fc.assert(
      fc.property(path, transform, (p, m) => {
        const exact = flattenPath(transformPath(p, m), 0.002);
        const mapped = flattenPath(p, 0.002).map((l) => ({
          closed: l.closed,
          points: l.points.map((q) => apply(m, q)),
        }));
        // Flattening first and mapping after stretches the chord error by the transform's largest scale.
        expect(geometryDistance(exact, mapped, 1)).toBeLessThan(0.002 + 0.002 * maxScale(m) + 1e-6);
      }),
      { numRuns: 150 },
    );
  });

  it('a path transformed and transformed back keeps its geometry within 0.01 mm', () => {
    fc.assert(
      fc.property(path, transform, (p, m) => {
        const round = transformPath(transformPath(p, m), invert(m));
        expect(geometryDistance(flattenPath(round, 0.002), flattenPath(p, 0.002), 1)).toBeLessThan(0.01);
      }),
      { numRuns: 150 },
    );
  });
});

describe('arcs', () => {
  it('the centre form of an arc starts and ends at its end points', () => {
    fc.assert(
      fc.property(point, segment, (from, seg) => {
        if (seg.type !== 'arc') return;
        const c = arcToCenter(from, seg);
        if (!c) return;
        const s = arcPoint(c, c.theta1);
        const e = arcPoint(c, c.theta1 + c.delta);
        expect(Math.hypot(s.x - from.x, s.y - from.y)).toBeLessThan(1e-6 * Math.max(1, c.rx, c.ry));
        expect(Math.hypot(e.x - seg.to.x, e.y - seg.to.y)).toBeLessThan(1e-6 * Math.max(1, c.rx, c.ry));
      }),
    );
  });

  it('flattening stays within the tolerance of a circle', () => {
    const circle: PathData = [
      {
        start: { x: 10, y: 0 },
        segments: [
          { type: 'arc', rx: 10, ry: 10, rotation: 0, largeArc: false, sweep: true, to: { x: -10, y: 0 } },
          { type: 'arc', rx: 10, ry: 10, rotation: 0, largeArc: false, sweep: true, to: { x: 10, y: 0 } },
        ],
        closed: true,
      },
    ];
    for (const tol of [0.1, 0.01, 0.001]) {
      const [ring] = flattenPath(circle, tol);
      const pts = ring!.points;
      for (let i = 1; i < pts.length; i++) {
        const a = pts[i - 1]!;
        const b = pts[i]!;
        expect(Math.hypot(a.x, a.y)).toBeCloseTo(10, 9);
        // The chord's midpoint is the furthest from the circle.
        expect(10 - Math.hypot((a.x + b.x) / 2, (a.y + b.y) / 2)).toBeLessThanOrEqual(tol + 1e-12);
      }
    }
  });
});

function sampleDocument() {
  const doc = createDocument({ width: 300, height: 200, meta: { name: 'sample' } });
  doc.layers.push(createLayer({ id: 'L1', color: '#ff0000' }), createLayer({ id: 'L2', mode: 'fill', fill: 'whole' }));
  doc.shapes.push(
    {
      id: 'r',
      kind: 'rect',
      layerId: 'L1',
      transform: translate(10, 10),
      x: 0,
      y: 0,
      width: 50,
      height: 20,
      rx: 2,
      ry: 2,
    },
    {
      id: 'g',
      kind: 'group',
      transform: rotate(30, 100, 100),
      children: [
        { id: 'e', kind: 'ellipse', layerId: 'L2', transform: scale(2, 1), cx: 50, cy: 50, rx: 10, ry: 5 },
        {
          id: 'p',
          kind: 'polygon',
          layerId: 'L1',
          transform: [1, 0, 0, 1, 0, 0],
          points: [
            { x: 0, y: 0 },
            { x: 5, y: 9 },
          ],
          closed: false,
        },
      ],
    },
  );
  return doc;
}

describe('document JSON', () => {
  it('serialises and reads back the same document', () => {
    const doc = sampleDocument();
    const back = parseDocument(serializeDocument(doc));
    expect(back).toEqual(doc);
    expect(leafShapes(back.shapes).map((s) => s.shape.id)).toEqual(['r', 'e', 'p']);
    expect(documentBounds(back)).toEqual(documentBounds(doc));
  });

  it('keeps a layer hidden or locked across a save, and refuses a non-boolean flag', () => {
    const doc = sampleDocument();
    doc.layers[0]!.hidden = true;
    doc.layers[1]!.locked = true;
    const back = parseDocument(serializeDocument(doc));
    expect(back.layers.map((l) => [l.hidden, l.locked])).toEqual([
      [true, undefined],
      [undefined, true],
    ]);
    const bad = JSON.parse(serializeDocument(doc)) as { layers: { hidden: unknown }[] };
    bad.layers[0]!.hidden = 'yes';
    expect(() => parseDocument(JSON.stringify(bad))).toThrow(/hidden/);
  });

  it('refuses broken documents with a reason that says where', () => {
    const cases: Array<[string, string | RegExp]> = [
      ['{', /not JSON/],
      ['[]', /does not hold a Kerf document/],
      [JSON.stringify({ ...sampleDocument(), version: DOCUMENT_VERSION + 1 }), /newer Kerf/],
      [JSON.stringify({ ...sampleDocument(), version: 'x' }), /version/],
      [JSON.stringify({ ...sampleDocument(), width: -1 }), /width/],
    ];
    const bad = sampleDocument();
    (bad.shapes[0] as { layerId: string }).layerId = 'nope';
    cases.push([serializeDocument(bad), /layer "nope" does not exist/]);
    const nan = JSON.parse(serializeDocument(sampleDocument()));
    nan.shapes[1].children[0].rx = 'wide';
    cases.push([JSON.stringify(nan), /shapes\.1\.children\.0\.rx/]);
    const twice = sampleDocument();
    twice.shapes.push({ ...(twice.shapes[0] as Shape) });
    cases.push([serializeDocument(twice), /used twice/]);
    for (const [text, reason] of cases) {
      const err = (() => {
        try {
          parseDocument(text);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(FormatError);
      expect((err as FormatError).reason).toMatch(reason);
      expect((err as FormatError).text['zh-CN']).toMatch(/^格式错误/);
    }
  });

  it('refuses groups nested deeper than the limit without exhausting the stack', () => {
    const doc = sampleDocument();
    let inner: Shape = {
      id: 'leaf',
      kind: 'polygon',
      layerId: 'L1',
      transform: [1, 0, 0, 1, 0, 0],
      points: [],
      closed: false,
    };
    for (let i = 0; i < 20_000; i++)
      inner = { id: `g${i}`, kind: 'group', transform: [1, 0, 0, 1, 0, 0], children: [inner] };
    doc.shapes = [inner];
    // JSON.stringify itself recurses; build the text by hand.
    const open = Array.from(
      { length: 20_000 },
      (_, i) => `{"id":"g${19_999 - i}","kind":"group","transform":[1,0,0,1,0,0],"children":[`,
    ).join('');
    const close = ']}'.repeat(20_000);
    const text = `{"version":1,"units":"mm","width":10,"height":10,"layers":[],"meta":{},"shapes":[${open}${close}]}`;
    expect(() => parseDocument(text)).toThrow(new RegExp(`nested more than ${MAX_GROUP_DEPTH} deep`));
  });

  it('runs migrations one version at a time up to the current format', () => {
    const seen: number[] = [];
    const migrations = {
      1: (d: Record<string, unknown>) => {
        seen.push(d.version as number);
        return { ...d, unitsName: 'millimetre' };
      },
      2: (d: Record<string, unknown>) => {
        seen.push(d.version as number);
        const { unitsName, ...rest } = d;
        return { ...rest, units: unitsName === 'millimetre' ? 'mm' : 'in' };
      },
    };
    const out = migrateDocument({ version: 1, units: 'old' }, migrations, 3);
    expect(seen).toEqual([1, 2]);
    expect(out).toEqual({ version: 3, units: 'mm' });
    expect(() => migrateDocument({ version: 1 }, { 1: migrations[1] }, 3)).toThrow(/no migration from format 2 to 3/);
  });
});
