import { describe, expect, it } from 'vitest';
import { aciHex, cadToDocument, importDxf, nearestAci, parseDxf, plainMText } from '../src/import/dxf/index.js';
import type {
  EllipseShape,
  GroupShape,
  KerfDocument,
  PathShape,
  PolygonShape,
  TextShape,
} from '../src/model/document.js';
import { apply, type Vec2 } from '../src/model/matrix.js';
import { flattenPath } from '../src/model/path.js';
import { leafShapes, placedPolylines } from '../src/model/shapes.js';

// ------------------------------------------------------------------------------ DXF text builders

type Pair = readonly [number, string | number];

/** An entity: `0 TYPE` then its pairs. */
function ent(type: string, ...pairs: Pair[]): string {
  return [`0\n${type}`, ...pairs.map(([c, v]) => `${c}\n${v}`)].join('\n');
}

/** A whole DXF: header variables, layer table, blocks, entities. */
function dxf(opts: {
  entities: string[];
  header?: Pair[];
  layers?: Array<{ name: string; color: number; flags?: number; trueColor?: number }>;
  blocks?: Array<{ name: string; base?: Vec2; entities: string[] }>;
}): string {
  const parts: string[] = [];
  parts.push(ent('SECTION', [2, 'HEADER'], ...(opts.header ?? [])), ent('ENDSEC'));
  if (opts.layers) {
    parts.push(ent('SECTION', [2, 'TABLES']), ent('TABLE', [2, 'LAYER'], [70, opts.layers.length]));
    for (const l of opts.layers) {
      const pairs: Pair[] = [
        [2, l.name],
        [70, l.flags ?? 0],
        [62, l.color],
      ];
      if (l.trueColor !== undefined) pairs.push([420, l.trueColor]);
      parts.push(ent('LAYER', ...pairs));
    }
    parts.push(ent('ENDTAB'), ent('ENDSEC'));
  }
  if (opts.blocks) {
    parts.push(ent('SECTION', [2, 'BLOCKS']));
    for (const b of opts.blocks) {
      parts.push(
        ent('BLOCK', [8, '0'], [2, b.name], [70, 0], [10, b.base?.x ?? 0], [20, b.base?.y ?? 0], [30, 0]),
        ...b.entities,
        ent('ENDBLK', [8, '0']),
      );
    }
    parts.push(ent('ENDSEC'));
  }
  parts.push(ent('SECTION', [2, 'ENTITIES']), ...opts.entities, ent('ENDSEC'), ent('EOF'));
  return `${parts.join('\n')}\n`;
}

const mm: Pair[] = [
  [9, '$INSUNITS'],
  [70, 4],
];
const line = (x1: number, y1: number, x2: number, y2: number, ...more: Pair[]) =>
  ent('LINE', [8, '0'], [10, x1], [20, y1], [30, 0], [11, x2], [21, y2], [31, 0], ...more);

/** The document's flattened polylines (document coordinates). */
function polylines(doc: KerfDocument, tol = 0.001): Vec2[][] {
  return leafShapes(doc.shapes).flatMap((p) => placedPolylines(p, tol).map((l) => l.points));
}

function near(a: Vec2, b: Vec2, eps = 1e-9): boolean {
  return Math.abs(a.x - b.x) <= eps && Math.abs(a.y - b.y) <= eps;
}

function expectPoint(actual: Vec2, x: number, y: number, eps = 1e-9): void {
  expect(actual.x).toBeCloseTo(x, -Math.log10(eps) - 1);
  expect(actual.y).toBeCloseTo(y, -Math.log10(eps) - 1);
}

// ---------------------------------------------------------------------------------------- entities

describe('importDxf: entities', () => {
  it('places LINEs y-down at the top-left of the work area, in mm', () => {
    const doc = importDxf(dxf({ header: mm, entities: [line(10, 20, 30, 25), line(10, 20, 10, 40)] }));
    expect([doc.width, doc.height]).toEqual([20, 20]);
    const [a, b] = doc.shapes as PolygonShape[];
    expect(a!.kind).toBe('polygon');
    expect(a!.points).toEqual([
      { x: 0, y: 20 },
      { x: 20, y: 15 },
    ]);
    expect(b!.points).toEqual([
      { x: 0, y: 20 },
      { x: 0, y: 0 },
    ]);
    expect(doc.meta.source).toBe('dxf');
  });

  it('converts $INSUNITS to millimetres (inches, cm, unitless)', () => {
    const size = (units?: number) => {
      const header: Pair[] =
        units === undefined
          ? []
          : [
              [9, '$INSUNITS'],
              [70, units],
            ];
      return importDxf(dxf({ header, entities: [line(0, 0, 10, 2)] })).width;
    };
    expect(size(1)).toBeCloseTo(254, 9);
    expect(size(5)).toBeCloseTo(100, 9);
    expect(size(6)).toBeCloseTo(10_000, 9);
    expect(size(0)).toBe(10);
    expect(size()).toBe(10);
  });

  it('reads CIRCLE as an exact ellipse shape and ARC as exact arc segments, counter-clockwise', () => {
    const doc = importDxf(
      dxf({
        header: mm,
        entities: [
          ent('CIRCLE', [8, '0'], [10, 5], [20, 5], [40, 5]),
          ent('ARC', [8, '0'], [10, 0], [20, 0], [40, 10], [50, 0], [51, 90]),
        ],
      }),
    );
    // Extents: x from 0 to 10, y from 0 to 10.
    expect([doc.width, doc.height]).toEqual([10, 10]);
    const circle = doc.shapes[0] as EllipseShape;
    expect([circle.kind, circle.cx, circle.cy, circle.rx, circle.ry]).toEqual(['ellipse', 5, 5, 5, 5]);
    const arc = doc.shapes[1] as PathShape;
    expect(arc.path[0]!.segments.every((s) => s.type === 'arc')).toBe(true);
    const pts = flattenPath(arc.path, 0.001)[0]!.points;
    // DXF (10,0) → (10,10); through (7.07, 7.07) → (7.07, 2.93); ends at (0,10) → (0,0).
    expectPoint(pts[0]!, 10, 10);
    expectPoint(pts[pts.length - 1]!, 0, 0);
    const mid = pts[Math.floor(pts.length / 2)]!;
    expect(Math.hypot(mid.x - 0, mid.y - 10)).toBeCloseTo(10, 2);
    expect(mid.x).toBeGreaterThan(5);
    expect(mid.y).toBeLessThan(5);
  });

  it('reads a full ELLIPSE and a quarter ELLIPSE with rotated axes', () => {
    const doc = importDxf(
      dxf({
        header: mm,
        entities: [
          ent('ELLIPSE', [8, '0'], [10, 0], [20, 0], [11, 10], [21, 0], [40, 0.5], [41, 0], [42, 2 * Math.PI]),
          ent('ELLIPSE', [8, '0'], [10, 0], [20, 0], [11, 0], [21, 4], [40, 0.5], [41, 0], [42, Math.PI / 2]),
        ],
      }),
    );
    expect([doc.width, doc.height]).toEqual([20, 10]);
    const full = flattenPath((doc.shapes[0] as PathShape).path, 0.001)[0]!;
    expect(full.closed).toBe(true);
    for (const p of full.points) {
      // Back to DXF: x = p.x − 10, y = 5 − p.y.
      const x = p.x - 10;
      const y = 5 - p.y;
      expect((x / 10) ** 2 + (y / 5) ** 2).toBeCloseTo(1, 3);
    }
    // Major axis (0,4), ratio 0.5: t = 0 at (0,4), t = π/2 at (−2, 0) (minor axis is major turned 90° ccw).
    const quarter = flattenPath((doc.shapes[1] as PathShape).path, 0.001)[0]!.points;
    expectPoint(quarter[0]!, 10 + 0, 5 - 4);
    expectPoint(quarter[quarter.length - 1]!, 10 - 2, 5 - 0);
  });

  it('turns LWPOLYLINE bulges into arcs (half, three-quarter) and honours the closed flag', () => {
    const doc = importDxf(
      dxf({
        header: mm,
        entities: [
          ent('LWPOLYLINE', [8, '0'], [90, 2], [70, 0], [43, 0.5], [10, 0], [20, 0], [42, 1], [10, 10], [20, 0]),
          ent('LWPOLYLINE', [8, '0'], [90, 3], [70, 1], [10, 0], [20, 20], [10, 10], [20, 20], [10, 10], [20, 30]),
          ent('LWPOLYLINE', [8, '0'], [90, 2], [10, 30], [20, 0], [42, Math.tan((3 * Math.PI) / 8)], [10, 40], [20, 0]),
        ],
      }),
    );
    const semi = flattenPath((doc.shapes[0] as PathShape).path, 0.001)[0]!.points;
    // A bulge of 1 from (0,0) to (10,0) is a counter-clockwise half circle below the chord (centre (5,0)).
    const lowest = semi.reduce((a, b) => (b.y > a.y ? b : a));
    const top = 30; // extents: y from −5 (semicircle) to 30 (square)
    expect(lowest.y).toBeCloseTo(top + 5, 2);
    for (const p of semi) expect(Math.hypot(p.x - 5, p.y - top)).toBeCloseTo(5, 3);
    const square = doc.shapes[1] as PolygonShape;
    expect(square.kind).toBe('polygon');
    expect(square.closed).toBe(true);
    expect(square.points.length).toBe(3);
    // Three-quarter circle, counter-clockwise from (30,0) to (40,0): its centre (35,−5) is below the
    // chord and the arc swings down to y = −5 − r, which sets the document's height.
    const big = flattenPath((doc.shapes[2] as PathShape).path, 0.001)[0]!.points;
    const r = 5 * Math.SQRT2;
    for (const p of big) expect(Math.hypot(p.x - 35, top - p.y + 5)).toBeCloseTo(r, 3);
    expect(Math.max(...big.map((p) => top - p.y))).toBeCloseTo(0, 6);
    expect(doc.height).toBeCloseTo(top + 5 + r, 9);
  });

  it('reads POLYLINE with VERTEX and SEQEND (2-D with bulge, 3-D) and skips polyface meshes', () => {
    const vertex = (x: number, y: number, bulge = 0, flags = 0) =>
      ent('VERTEX', [8, '0'], [10, x], [20, y], [30, 0], [42, bulge], [70, flags]);
    const doc = importDxf(
      dxf({
        header: mm,
        entities: [
          ent('POLYLINE', [8, '0'], [66, 1], [70, 1], [10, 0], [20, 0], [30, 0]),
          vertex(0, 0, 1),
          vertex(10, 0),
          vertex(10, 10),
          ent('SEQEND', [8, '0']),
          ent('POLYLINE', [8, '0'], [66, 1], [70, 8]),
          vertex(0, 10, 0, 32),
          vertex(5, 12, 0, 32),
          ent('SEQEND'),
          ent('POLYLINE', [8, '0'], [66, 1], [70, 64], [71, 3], [72, 1]),
          vertex(0, 0, 0, 192),
          vertex(1, 0, 0, 192),
          vertex(1, 1, 0, 192),
          ent('VERTEX', [8, '0'], [70, 128], [71, 1], [72, 2], [73, 3]),
          ent('SEQEND'),
        ],
      }),
    );
    expect(doc.shapes.length).toBe(2);
    const closed = doc.shapes[0] as PathShape;
    expect(closed.path[0]!.closed).toBe(true);
    expect(closed.path[0]!.segments.map((s) => s.type)).toEqual(['arc', 'line', 'line']);
    const open3d = doc.shapes[1] as PolygonShape;
    expect(open3d.points.length).toBe(2);
    expect(doc.meta.warnings).toContain('1 polyface/mesh POLYLINE entity was skipped');
  });

  it('evaluates a rational NURBS circle (weights √2/2) within the tolerance', () => {
    const w = Math.SQRT1_2;
    const ctrl: Array<[number, number, number]> = [
      [10, 0, 1],
      [10, 10, w],
      [0, 10, 1],
      [-10, 10, w],
      [-10, 0, 1],
      [-10, -10, w],
      [0, -10, 1],
      [10, -10, w],
      [10, 0, 1],
    ];
    const knots = [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4];
    const pairs: Pair[] = [
      [8, '0'],
      [70, 1 | 4],
      [71, 2],
      [72, knots.length],
      [73, ctrl.length],
      ...knots.map((k): Pair => [40, k]),
      ...ctrl.flatMap(([x, y, wt]): Pair[] => [
        [10, x],
        [20, y],
        [30, 0],
        [41, wt],
      ]),
    ];
    const doc = importDxf(dxf({ header: mm, entities: [ent('SPLINE', ...pairs)] }), { tolerance: 0.01 });
    expect(doc.width).toBeCloseTo(20, 6);
    const pts = polylines(doc)[0]!;
    expect(pts.length).toBeGreaterThan(40);
    for (const p of pts) expect(Math.abs(Math.hypot(p.x - 10, p.y - 10) - 10)).toBeLessThan(1e-9);
    // Chords stay within the tolerance: the sagitta of each chord on a radius-10 circle.
    for (let i = 1; i < pts.length; i++) {
      const chord = Math.hypot(pts[i]!.x - pts[i - 1]!.x, pts[i]!.y - pts[i - 1]!.y);
      expect(10 - Math.sqrt(100 - (chord / 2) ** 2)).toBeLessThanOrEqual(0.01);
    }
  });

  it('interpolates fit-point-only splines through their fit points and clamps control-point splines', () => {
    const fit: Array<[number, number]> = [
      [0, 0],
      [10, 5],
      [20, 0],
      [30, 5],
    ];
    const doc = importDxf(
      dxf({
        header: mm,
        entities: [
          ent(
            'SPLINE',
            [8, '0'],
            [70, 8],
            [71, 3],
            [74, fit.length],
            ...fit.flatMap(([x, y]): Pair[] => [
              [11, x],
              [21, y],
              [31, 0],
            ]),
          ),
          ent(
            'SPLINE',
            [8, '0'],
            [71, 3],
            ...[0, 0, 0, 0, 1, 1, 1, 1].map((k): Pair => [40, k]),
            ...[
              [0, 10],
              [10, 20],
              [20, 20],
              [30, 10],
            ].flatMap(([x, y]): Pair[] => [
              [10, x!],
              [20, y!],
            ]),
          ),
        ],
      }),
    );
    const through = polylines(doc)[0]!;
    const p0 = through[0]!;
    for (const [x, y] of fit) {
      const hit = through.some((p) => near(p, { x: p0.x + x, y: p0.y - y }, 1e-9));
      expect(hit).toBe(true);
    }
    const clamped = polylines(doc)[1]!;
    // The curve's top, at t = ½, is y = (10 + 3·20 + 3·20 + 10)/8 = 17.5: the drawing's top edge.
    expect(Math.min(...clamped.map((p) => p.y))).toBeCloseTo(0, 9);
    expectPoint(clamped[0]!, 0, 7.5);
    expectPoint(clamped[clamped.length - 1]!, 30, 7.5);
  });

  it('reads TEXT (justified), MTEXT (formatting stripped, attachment) as editable text', () => {
    const doc = importDxf(
      dxf({
        header: mm,
        entities: [
          line(0, 0, 100, 50),
          ent('TEXT', [8, '0'], [10, 1], [20, 2], [40, 5], [1, 'Left %%d']),
          ent('TEXT', [8, '0'], [10, 0], [20, 0], [11, 50], [21, 10], [40, 4], [50, 90], [72, 2], [1, 'Right']),
          ent(
            'MTEXT',
            [8, '0'],
            [10, 20],
            [20, 40],
            [40, 2],
            [71, 2],
            [3, '{\\fArial|b1;Hel'],
            [1, 'lo}\\PWorld \\S1^2;'],
          ),
        ],
      }),
    );
    const texts = leafShapes(doc.shapes).filter((p) => p.shape.kind === 'text');
    expect(texts.map((t) => (t.shape as TextShape).text)).toEqual(['Left °', 'Right', 'Hello\nWorld 1/2']);
    const [left, right, mtext] = texts.map((t) => ({ ...t, shape: t.shape as TextShape }));
    expect(left!.shape.anchor).toBe('start');
    expectPoint(apply(left!.matrix, { x: 0, y: 0 }), 1, 48);
    expect(left!.shape.font.size).toBe(5);
    // Upright: the text's x axis runs along +x and its y axis down the page.
    expect([left!.matrix[0], left!.matrix[3]]).toEqual([1, 1]);
    expect(right!.shape.anchor).toBe('end');
    expectPoint(apply(right!.matrix, { x: 0, y: 0 }), 50, 40);
    // Rotated 90° counter-clockwise in the drawing: along the text is up the page (−y).
    expectPoint(apply(right!.matrix, { x: 1, y: 0 }), 50, 39);
    expect(mtext!.shape.anchor).toBe('middle');
    // Top-centre attachment: the first baseline is one text height below the insertion point.
    expectPoint(apply(mtext!.matrix, { x: 0, y: 0 }), 20, 12);
    expect(doc.meta.warnings?.some((w) => /3 text entities .* outlines/.test(w))).toBe(true);
  });

  it('strips MTEXT codes without recursion and keeps escaped characters', () => {
    expect(plainMText('\\A1;\\H2.5x;50\\{x\\}\\\\ \\C1;red\\~end\\L')).toBe('50{x}\\ red\u00a0end');
    expect(plainMText('\\U+4E2D\\U+6587')).toBe('中文');
    expect(plainMText(`${'{'.repeat(100_000)}deep${'}'.repeat(100_000)}`)).toBe('deep');
  });

  it('mirrors OCS entities with a -z extrusion', () => {
    const doc = importDxf(
      dxf({
        header: mm,
        entities: [
          ent('CIRCLE', [8, '0'], [10, 5], [20, 0], [40, 1], [210, 0], [220, 0], [230, -1]),
          ent('LINE', [8, '0'], [10, -10], [20, 0], [11, -10], [21, 2], [210, 0], [220, 0], [230, -1]),
        ],
      }),
    );
    // The circle's OCS centre (5,0) is world (−5,0); lines are in world coordinates already.
    const c = doc.shapes[0] as EllipseShape;
    expect([c.cx, c.cy]).toEqual([5, 2]);
    expect(doc.width).toBe(6);
  });
});

// ------------------------------------------------------------------------------------------ blocks

describe('importDxf: blocks', () => {
  it('nests INSERTs with base point, rotation and scale, to any depth', () => {
    const doc = importDxf(
      dxf({
        header: mm,
        blocks: [
          { name: 'B', base: { x: 1, y: 0 }, entities: [line(1, 0, 2, 0)] },
          { name: 'A', entities: [ent('INSERT', [8, '0'], [2, 'B'], [10, 0], [20, 0], [50, 90])] },
        ],
        entities: [line(0, 0, 200, 10), ent('INSERT', [8, '0'], [2, 'A'], [10, 100], [20, 0], [41, 3], [42, 3])],
      }),
    );
    // B's line (0,0)–(1,0) after the base point; turned 90° in A: (0,0)–(0,1); A scaled 3 at (100,0).
    const inner = leafShapes(doc.shapes)[1]!;
    expect(inner.groups.length).toBe(2);
    const pts = (inner.shape as PolygonShape).points.map((p) => apply(inner.matrix, p));
    expectPoint(pts[0]!, 100, 10);
    expectPoint(pts[1]!, 100, 7);
    const outer = doc.shapes[1] as GroupShape;
    expect([outer.kind, outer.name]).toEqual(['group', 'A']);
  });

  it('expands MINSERT arrays and places attributes as text', () => {
    const doc = importDxf(
      dxf({
        header: mm,
        blocks: [{ name: 'DOT', entities: [ent('CIRCLE', [8, '0'], [10, 0], [20, 0], [40, 1])] }],
        entities: [
          ent('INSERT', [8, '0'], [66, 1], [2, 'DOT'], [10, 0], [20, 0], [70, 3], [71, 2], [44, 10], [45, 20]),
          ent('ATTRIB', [8, '0'], [10, 0], [20, -5], [40, 2], [1, 'A-1'], [2, 'TAG'], [70, 0]),
          ent('ATTRIB', [8, '0'], [10, 0], [20, -5], [40, 2], [1, 'hidden'], [2, 'H'], [70, 1]),
          ent('SEQEND', [8, '0']),
        ],
      }),
    );
    const leaves = leafShapes(doc.shapes);
    const circles = leaves.filter((p) => p.shape.kind === 'ellipse');
    expect(circles.length).toBe(6);
    const centres = circles
      .map((p) => apply(p.matrix, { x: (p.shape as EllipseShape).cx, y: (p.shape as EllipseShape).cy }))
      .map((p) => `${Math.round(p.x)},${Math.round(p.y)}`)
      .sort();
    // Extents: x −1…21, y −5 (attribute baseline) … 21; centres at x 0/10/20, y 0/20 → document coords.
    expect(doc.width).toBe(22);
    const top = 21;
    const want = [0, 10, 20].flatMap((x) => [0, 20].map((y) => `${x + 1},${top - y}`)).sort();
    expect(centres).toEqual(want);
    const texts = leaves.filter((p) => p.shape.kind === 'text').map((p) => p.shape as TextShape);
    expect(texts.map((t) => t.text)).toEqual(['A-1']);
  });

  it('refuses blocks that insert themselves, directly or through others', () => {
    const self = dxf({
      blocks: [{ name: 'SELF', entities: [ent('INSERT', [8, '0'], [2, 'SELF'], [10, 1], [20, 0])] }],
      entities: [ent('INSERT', [8, '0'], [2, 'SELF'])],
    });
    expect(() => importDxf(self)).toThrow(/block "SELF" inserts itself/);
    const mutual = dxf({
      blocks: [
        { name: 'A', entities: [line(0, 0, 1, 1), ent('INSERT', [8, '0'], [2, 'B'])] },
        { name: 'B', entities: [ent('INSERT', [8, '0'], [2, 'A'])] },
      ],
      entities: [ent('INSERT', [8, '0'], [2, 'A'])],
    });
    expect(() => importDxf(mutual)).toThrow(/inserts itself/);
  });

  it('warns about inserts of missing blocks', () => {
    const doc = importDxf(dxf({ entities: [line(0, 0, 1, 1), ent('INSERT', [8, '0'], [2, 'NOPE'])] }));
    expect(doc.meta.warnings).toContain('block "NOPE" is not defined in the file, so 1 insert of it was skipped');
  });
});

// --------------------------------------------------------------------------------------- hatches

describe('importDxf: HATCH', () => {
  it('turns polyline and edge boundaries into one even-odd path', () => {
    const hatch = ent(
      'HATCH',
      [8, 'H'],
      [62, 1],
      [10, 0],
      [20, 0],
      [30, 0],
      [2, 'SOLID'],
      [70, 1],
      [71, 0],
      [91, 2],
      // Outer: polyline square 0..20 with a bulged top edge.
      [92, 2 | 1],
      [72, 1],
      [73, 1],
      [93, 4],
      [10, 0],
      [20, 0],
      [42, 0],
      [10, 20],
      [20, 0],
      [42, 0],
      [10, 20],
      [20, 20],
      [42, 1],
      [10, 0],
      [20, 20],
      [42, 0],
      [97, 0],
      // Inner: edges — a clockwise half circle over the top (stored as 360 − angle: 180, 360), then lines.
      [92, 1],
      [93, 4],
      [72, 2],
      [10, 10],
      [20, 10],
      [40, 5],
      [50, 180],
      [51, 360],
      [73, 0],
      [72, 1],
      [10, 15],
      [20, 10],
      [11, 15],
      [21, 5],
      [72, 1],
      [10, 15],
      [20, 5],
      [11, 5],
      [21, 5],
      [72, 1],
      [10, 5],
      [20, 5],
      [11, 5],
      [21, 10],
      [97, 1],
      [330, 'ABC'],
      [75, 0],
      [76, 1],
      [98, 1],
      [10, 3],
      [20, 3],
    );
    const doc = importDxf(dxf({ header: mm, entities: [hatch] }));
    const shape = doc.shapes[0] as PathShape;
    expect(shape.kind).toBe('path');
    expect(shape.style?.fillRule).toBe('evenodd');
    expect(shape.style?.fill).toBe('#ff0000');
    expect(doc.layers.map((l) => l.name)).toEqual(['H']);
    expect(shape.path.length).toBe(2);
    expect(shape.path.every((sp) => sp.closed)).toBe(true);
    // Extents: the outer bulge (half circle of radius 10 over y = 20) reaches y = 30.
    expect([doc.width, doc.height]).toEqual([20, 30]);
    const inner = flattenPath([shape.path[1]!], 0.001)[0]!.points;
    // The clockwise edge runs from angle 180° over the top (y up to 15) to 0°, then the lines close it.
    expect(Math.min(...inner.map((p) => 30 - p.y))).toBeCloseTo(5, 6);
    expect(Math.max(...inner.map((p) => 30 - p.y))).toBeCloseTo(15, 2);
    expectPoint(inner[0]!, 5, 20);
    const arcEnd = inner.findIndex((p) => near(p, { x: 15, y: 20 }, 1e-9));
    expect(inner.slice(0, arcEnd + 1).every((p) => 30 - p.y >= 10 - 1e-9)).toBe(true);
  });
});

// ------------------------------------------------------------------------------ layers and colours

describe('importDxf: layers, colours, encodings', () => {
  it('computes the AutoCAD Color Index palette', () => {
    const known: Record<number, string> = {
      1: '#ff0000',
      3: '#00ff00',
      5: '#0000ff',
      7: '#ffffff',
      8: '#808080',
      9: '#c0c0c0',
      10: '#ff0000',
      11: '#ff7f7f',
      12: '#cc0000',
      13: '#cc6666',
      20: '#ff3f00',
      30: '#ff7f00',
      40: '#ffbf00',
      50: '#ffff00',
      130: '#00ffff',
      170: '#0000ff',
      210: '#ff00ff',
      250: '#333333',
      254: '#bebebe',
    };
    for (const [i, hex] of Object.entries(known)) expect(aciHex(Number(i)), `ACI ${i}`).toBe(hex);
    expect(nearestAci(0xff0000)).toBe(1);
    expect(nearestAci(0x000000)).toBe(7);
    expect(nearestAci(0x0000fe)).toBe(5);
  });

  it('maps CAD layers to laser layers with their colours and skips off and frozen layers', () => {
    const doc = importDxf(
      dxf({
        header: mm,
        layers: [
          { name: 'CUT', color: 1 },
          { name: 'ENGRAVE', color: 5, trueColor: 0x123456 },
          { name: 'OFF', color: -3 },
          { name: 'FROZEN', color: 4, flags: 1 },
          { name: 'INK', color: 7 },
        ],
        entities: [
          line(0, 0, 1, 0, [8, 'CUT']).replace('8\n0\n', ''),
          line(0, 1, 1, 1, [8, 'ENGRAVE'], [62, 3]).replace('8\n0\n', ''),
          line(0, 2, 1, 2, [8, 'OFF']).replace('8\n0\n', ''),
          line(0, 3, 1, 3, [8, 'FROZEN']).replace('8\n0\n', ''),
          line(0, 4, 1, 4, [8, 'INK'], [420, 0x00ff00]).replace('8\n0\n', ''),
        ],
      }),
    );
    expect(doc.layers.map((l) => [l.name, l.color])).toEqual([
      ['CUT', '#ff0000'],
      ['ENGRAVE', '#123456'],
      ['INK', '#000000'],
    ]);
    const strokes = (doc.shapes as PolygonShape[]).map((s) => s.style?.stroke);
    expect(strokes).toEqual(['#ff0000', '#00ff00', '#00ff00']);
    expect(doc.meta.warnings).toContain('2 entities on layers that are off or frozen (or hidden) were not imported');
  });

  it('resolves BYBLOCK colours and layer 0 inside blocks to the insert', () => {
    const doc = importDxf(
      dxf({
        layers: [{ name: 'RED', color: 1 }],
        blocks: [{ name: 'B', entities: [line(0, 0, 1, 0, [62, 0])] }],
        entities: [ent('INSERT', [8, 'RED'], [2, 'B'], [62, 5])],
      }),
    );
    const leaf = leafShapes(doc.shapes)[0]!.shape as PolygonShape;
    expect(leaf.style?.stroke).toBe('#0000ff');
    expect(doc.layers.find((l) => l.id === leaf.layerId)?.name).toBe('RED');
  });

  it('decodes bytes with the code page ($DWGCODEPAGE ANSI_936 → GBK) before AC1021, UTF-8 after', () => {
    const layerBytes = [205, 188, 178, 227]; // 图层 in GBK
    const build = (version: string, codePage: string, name: number[]) => {
      const head = `0\nSECTION\n2\nHEADER\n9\n$ACADVER\n1\n${version}\n9\n$DWGCODEPAGE\n3\n${codePage}\n0\nENDSEC\n0\nSECTION\n2\nENTITIES\n0\nLINE\n8\n`;
      const tail = '\n10\n0\n20\n0\n11\n1\n21\n1\n0\nENDSEC\n0\nEOF\n';
      return new Uint8Array([...Buffer.from(head, 'latin1'), ...name, ...Buffer.from(tail, 'latin1')]);
    };
    expect(importDxf(build('AC1015', 'ANSI_936', layerBytes)).layers[0]!.name).toBe('图层');
    const utf8 = [...Buffer.from('激光', 'utf8')];
    expect(importDxf(build('AC1032', 'ANSI_936', utf8)).layers[0]!.name).toBe('激光');
    expect(importDxf(build('AC1015', 'ANSI_1252', [0xe9])).layers[0]!.name).toBe('é');
    const escaped = dxf({ entities: [line(0, 0, 1, 1, [8, 'A\\U+4E2D'])] });
    expect(parseDxf(escaped).entities[0]!.layer).toBe('A中');
  });

  it('accepts \\r\\n line ends, padded codes and comments', () => {
    const text = dxf({ header: mm, entities: [line(0, 0, 3, 4)] })
      .split('\n')
      .map((l) => (/^\d+$/.test(l) ? `  ${l}` : l))
      .join('\r\n');
    const withComment = `999\r\nmade by a test\r\n${text}`;
    expect(importDxf(withComment).width).toBe(3);
  });

  it('keeps cadToDocument usable on a hand-made CadDrawing (the DWG converter path)', () => {
    const doc = cadToDocument(
      {
        insUnits: 1,
        layers: [{ name: 'L', color: 2, visible: true }],
        blocks: new Map(),
        entities: [{ type: 'CIRCLE', layer: 'L', center: { x: 1, y: 1 }, radius: 1 }],
        skipped: new Map([['DIMENSION', 12]]),
      },
      { name: 'part', source: 'dwg' },
    );
    expect([doc.width, doc.height]).toEqual([50.8, 50.8]);
    expect(doc.meta).toMatchObject({ name: 'part', source: 'dwg' });
    expect(doc.meta.warnings).toContain('12 DIMENSION entities were skipped');
    expect(doc.layers[0]!.color).toBe('#ffff00');
  });
});
