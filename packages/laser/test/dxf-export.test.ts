import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importDxf } from '../src/import/dxf/index.js';
import type { KerfDocument, Shape } from '../src/model/document.js';
import { createDocument, createLayer } from '../src/model/layers.js';
import { IDENTITY, type Matrix, multiply, rotate, scale, translate, type Vec2 } from '../src/model/matrix.js';
import type { Segment } from '../src/model/path.js';
import { leafShapes, placedPolylines } from '../src/model/shapes.js';
import { exportDxf } from '../src/output/dxf.js';
import { CORPUS, haveCorpus } from './corpus.js';
import { ezdxfPython } from './ezdxf.js';

// ------------------------------------------------------------------------------------------ helpers

const python = ezdxfPython;
const dir = mkdtempSync(join(tmpdir(), 'kerf-dxf-'));

/** ezdxf's view of a DXF file: audit result, layers and each model-space entity with its geometry. */
const READ_PY = `
import sys, json, ezdxf
doc = ezdxf.readfile(sys.argv[1])
audit = doc.audit()
def xy(v):
    return [v[0], v[1]]
def flat(e):
    t = e.dxftype()
    if t == 'LWPOLYLINE':
        out = []
        for sub in e.virtual_entities():
            pts = flat(sub)
            if out and pts and abs(out[-1][0] - pts[0][0]) < 1e-9 and abs(out[-1][1] - pts[0][1]) < 1e-9:
                pts = pts[1:]
            out += pts
        return out
    if t == 'LINE':
        return [xy(e.dxf.start), xy(e.dxf.end)]
    if t == 'TEXT':
        return []
    return [xy(v) for v in e.flattening(5e-4)]
ents = []
for e in doc.modelspace():
    t = e.dxftype()
    d = {'type': t, 'layer': e.dxf.layer, 'flat': flat(e)}
    if t == 'LWPOLYLINE':
        d['points'] = [[x, y, b] for x, y, b in e.get_points('xyb')]
        d['closed'] = e.closed
    elif t == 'CIRCLE':
        d['center'] = xy(e.dxf.center); d['radius'] = e.dxf.radius
    elif t == 'ELLIPSE':
        d['center'] = xy(e.dxf.center); d['major'] = xy(e.dxf.major_axis); d['ratio'] = e.dxf.ratio
        d['params'] = [e.dxf.start_param, e.dxf.end_param]
    elif t == 'SPLINE':
        d['degree'] = e.dxf.degree; d['control'] = [xy(p) for p in e.control_points]; d['knots'] = list(e.knots)
    elif t == 'TEXT':
        d['text'] = e.dxf.text; d['insert'] = xy(e.dxf.insert); d['height'] = e.dxf.height
        d['rotation'] = e.dxf.rotation; d['halign'] = e.dxf.halign
    ents.append(d)
print(json.dumps({
    'errors': [str(x.message) for x in audit.errors],
    'fixes': [str(x.message) for x in audit.fixes],
    'version': doc.dxfversion,
    'units': doc.header.get('$INSUNITS'),
    'layers': [[l.dxf.name, l.dxf.color, l.rgb] for l in doc.layers],
    'entities': ents,
}))
`;

interface EzEntity {
  type: string;
  layer: string;
  flat: Array<[number, number]>;
  points?: Array<[number, number, number]>;
  closed?: boolean;
  center?: [number, number];
  radius?: number;
  major?: [number, number];
  ratio?: number;
  params?: [number, number];
  degree?: number;
  control?: Array<[number, number]>;
  knots?: number[];
  text?: string;
  insert?: [number, number];
  height?: number;
  rotation?: number;
  halign?: number;
}
interface EzRead {
  errors: string[];
  fixes: string[];
  version: string;
  units: number;
  layers: Array<[string, number, [number, number, number] | null]>;
  entities: EzEntity[];
}

let fileNo = 0;
/** Writes the DXF and reads it back with ezdxf. */
function ezRead(text: string): EzRead {
  const path = join(dir, `out-${++fileNo}.dxf`);
  writeFileSync(path, text);
  const r = spawnSync(python!, ['-c', READ_PY, path], { encoding: 'utf8', maxBuffer: 256 << 20 });
  if (r.status !== 0) throw new Error(`ezdxf could not read the export: ${r.stderr}`);
  return JSON.parse(r.stdout) as EzRead;
}

/** Flattened geometry of a document in DXF coordinates (y up). */
function docLines(doc: KerfDocument, tol = 5e-4): Vec2[][] {
  return leafShapes(doc.shapes)
    .filter((p) => p.shape.kind !== 'text')
    .flatMap((p) =>
      placedPolylines(p, tol).map((l) => (l.closed && l.points.length > 1 ? [...l.points, l.points[0]!] : l.points)),
    )
    .filter((pts) => pts.some((p) => Math.hypot(p.x - pts[0]!.x, p.y - pts[0]!.y) > 1e-6)) // (near) zero-length paths
    .map((pts) => pts.map((p) => ({ x: p.x, y: doc.height - p.y })));
}

/**
 * The largest distance from a point of `a` to the polylines of `b` (a directed Hausdorff distance),
 * with a grid over b's segments so big drawings stay fast.
 */
function farthest(a: Vec2[][], b: Vec2[][], cell: number): number {
  const grid = new Map<string, Array<[Vec2, Vec2]>>();
  const key = (i: number, j: number) => `${i},${j}`;
  for (const line of b) {
    const segs: Array<[Vec2, Vec2]> = line.length === 1 ? [[line[0]!, line[0]!]] : [];
    for (let i = 1; i < line.length; i++) segs.push([line[i - 1]!, line[i]!]);
    for (const s of segs) {
      const [i0, i1] = [Math.floor(Math.min(s[0].x, s[1].x) / cell), Math.floor(Math.max(s[0].x, s[1].x) / cell)];
      const [j0, j1] = [Math.floor(Math.min(s[0].y, s[1].y) / cell), Math.floor(Math.max(s[0].y, s[1].y) / cell)];
      for (let i = i0; i <= i1; i++)
        for (let j = j0; j <= j1; j++) grid.get(key(i, j))?.push(s) ?? grid.set(key(i, j), [s]);
    }
  }
  let worst = 0;
  for (const line of a) {
    for (const p of line) {
      let best = Number.POSITIVE_INFINITY;
      const [ci, cj] = [Math.floor(p.x / cell), Math.floor(p.y / cell)];
      for (let i = ci - 1; i <= ci + 1; i++) {
        for (let j = cj - 1; j <= cj + 1; j++) {
          for (const [s0, s1] of grid.get(key(i, j)) ?? []) best = Math.min(best, segDist(p, s0, s1));
        }
      }
      worst = Math.max(worst, Math.min(best, cell));
    }
  }
  return worst;
}

function segDist(p: Vec2, a: Vec2, b: Vec2): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const t = len > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len)) : 0;
  return Math.hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
}

/** Both directed distances between two geometries. */
function distance(a: Vec2[][], b: Vec2[][], cell = 1): number {
  return Math.max(farthest(a, b, cell), farthest(b, a, cell));
}

/** Geometry shifted so its bounds start at the origin. */
function aligned(lines: Vec2[][]): Vec2[][] {
  const all = lines.flat();
  const mx = Math.min(...all.map((p) => p.x));
  const my = Math.min(...all.map((p) => p.y));
  return lines.map((l) => l.map((p) => ({ x: p.x - mx, y: p.y - my })));
}

// ------------------------------------------------------------------------------------ a test drawing

let idNo = 0;
const id = () => `t${++idNo}`;
const T = (m: Matrix = [1, 0, 0, 1, 0, 0]) => m;

function sampleDoc(): KerfDocument {
  const doc = createDocument({ width: 200, height: 150 });
  doc.layers.push(
    createLayer({ id: 'cut', name: 'Cut', color: '#ff0000' }),
    createLayer({ id: 'eng', name: 'Engrave: fine', color: '#123456' }),
  );
  const arcs: Segment[] = [
    { type: 'line', to: { x: 40, y: 10 } },
    { type: 'arc', rx: 10, ry: 10, rotation: 0, largeArc: false, sweep: true, to: { x: 50, y: 20 } },
    { type: 'cubic', c1: { x: 50, y: 40 }, c2: { x: 30, y: 40 }, to: { x: 30, y: 30 } },
    { type: 'quad', c: { x: 20, y: 40 }, to: { x: 10, y: 30 } },
    { type: 'arc', rx: 10, ry: 5, rotation: 30, largeArc: false, sweep: false, to: { x: 10, y: 10 } },
  ];
  const shapes: Shape[] = [
    {
      kind: 'polygon',
      id: id(),
      transform: T(),
      layerId: 'cut',
      points: [
        { x: 100, y: 10 },
        { x: 120, y: 10 },
        { x: 110, y: 25 },
      ],
      closed: true,
    },
    { kind: 'ellipse', id: id(), transform: T(), layerId: 'cut', cx: 150, cy: 30, rx: 12, ry: 12 },
    { kind: 'rect', id: id(), transform: T(), layerId: 'eng', x: 10, y: 60, width: 50, height: 30, rx: 5, ry: 5 },
    {
      kind: 'path',
      id: id(),
      transform: T(),
      layerId: 'cut',
      path: [{ start: { x: 10, y: 10 }, segments: arcs, closed: true }],
    },
    {
      kind: 'group',
      id: id(),
      transform: multiply(translate(120, 100), rotate(30)),
      children: [
        { kind: 'ellipse', id: id(), transform: T(), layerId: 'eng', cx: 0, cy: 0, rx: 20, ry: 8 },
        { kind: 'ellipse', id: id(), transform: T(scale(1, -1)), layerId: 'eng', cx: 40, cy: 0, rx: 5, ry: 5 },
      ],
    },
    {
      kind: 'text',
      id: id(),
      transform: T(translate(20, 130)),
      layerId: 'eng',
      text: 'Kerf 激光',
      font: { family: 'sans-serif', size: 6, weight: 400, style: 'normal' },
      x: 0,
      y: 0,
      anchor: 'middle',
      outline: [],
    },
  ];
  doc.shapes = shapes;
  return doc;
}

// -------------------------------------------------------------------------------------------- tests

describe.skipIf(!python)('exportDxf (skipped when python3 with ezdxf is absent)', () => {
  it('writes a file that ezdxf audits with no errors and no fixes', () => {
    const doc = sampleDoc();
    const read = ezRead(exportDxf(doc));
    expect(read.errors).toEqual([]);
    expect(read.fixes).toEqual([]);
    // The sample has Chinese text: the file is AutoCAD 2007's UTF-8 format.
    expect([read.version, read.units]).toEqual(['AC1021', 4]);
    const layers = new Map(read.layers.map(([n, aci, rgb]) => [n, { aci, rgb }]));
    expect(layers.get('Cut')).toEqual({ aci: 1, rgb: [255, 0, 0] });
    expect(layers.get('Engrave_ fine')?.rgb).toEqual([0x12, 0x34, 0x56]);
    expect(read.entities.map((e) => e.type).sort()).toEqual(
      // Polygon, rounded rect and the path's line-and-arc run; the path's Bézier run and elliptical arc.
      ['CIRCLE', 'CIRCLE', 'ELLIPSE', 'ELLIPSE', 'LWPOLYLINE', 'LWPOLYLINE', 'LWPOLYLINE', 'SPLINE', 'TEXT'].sort(),
    );
  });

  it('writes an empty document and an ASCII one as AutoCAD 2000 files ezdxf opens with no audit errors', () => {
    const empty = ezRead(exportDxf(createDocument({})));
    expect([empty.version, empty.errors, empty.fixes, empty.entities]).toEqual(['AC1015', [], [], []]);
    const plain = createDocument({ layers: [createLayer({ id: 'L', name: 'Cut' })] });
    plain.shapes.push({
      id: 'r',
      kind: 'rect',
      layerId: 'L',
      transform: IDENTITY,
      x: 1,
      y: 1,
      width: 5,
      height: 5,
      rx: 0,
      ry: 0,
    });
    const read = ezRead(exportDxf(plain));
    expect([read.version, read.errors, read.fixes, read.entities.length]).toEqual(['AC1015', [], [], 1]);
  });

  it('keeps non-ASCII layer names as they are, in a UTF-8 file, with no audit errors', () => {
    const doc = createDocument({
      layers: [createLayer({ id: 'L', name: '切割 层' }), createLayer({ id: 'M', name: 'Gravure é' })],
    });
    doc.shapes.push(
      { id: 'r', kind: 'rect', layerId: 'L', transform: IDENTITY, x: 1, y: 1, width: 5, height: 5, rx: 0, ry: 0 },
      { id: 'e', kind: 'ellipse', layerId: 'M', transform: IDENTITY, cx: 20, cy: 20, rx: 3, ry: 3 },
    );
    const read = ezRead(exportDxf(doc));
    expect([read.version, read.errors, read.fixes]).toEqual(['AC1021', [], []]);
    expect(read.layers.map(([n]) => n)).toEqual(expect.arrayContaining(['切割 层', 'Gravure é']));
    expect(read.entities.map((e) => e.layer).sort()).toEqual(['Gravure é', '切割 层'].sort());
    // Kerf reads its own file back with the same names.
    expect(
      importDxf(exportDxf(doc))
        .layers.map((l) => l.name)
        .sort(),
    ).toEqual(['Gravure é', '切割 层'].sort());
  });

  it('keeps exact geometry: circles, bulges, ellipses, splines and text, y flipped back', () => {
    const doc = sampleDoc();
    const read = ezRead(exportDxf(doc));
    const byType = (t: string) => read.entities.filter((e) => e.type === t);
    const circle = byType('CIRCLE').find((c) => c.radius === 12)!;
    expect(circle.center).toEqual([150, 120]);
    expect(circle.layer).toBe('Cut');
    // The rotated group's circle (mirrored inside the group) stays a circle of radius 5.
    const small = byType('CIRCLE').find((c) => Math.abs(c.radius! - 5) < 1e-9)!;
    const at = { x: 120 + 40 * Math.cos(Math.PI / 6), y: 100 + 40 * Math.sin(Math.PI / 6) };
    expect(small.center![0]).toBeCloseTo(at.x, 9);
    expect(small.center![1]).toBeCloseTo(150 - at.y, 9);
    // The path's quarter arc from (40,10) to (50,20), clockwise on screen: counter-clockwise… no, in
    // y-up it turns clockwise, so its bulge is −tan(90°/4).
    const path = byType('LWPOLYLINE').find((e) => e.points![0]![0] === 10 && e.points![0]![1] === 140)!;
    expect(path.points!.map((p) => [p[0], p[1]])).toEqual([
      [10, 140],
      [40, 140],
      [50, 130],
    ]);
    expect(path.points![1]![2]).toBeCloseTo(-Math.tan(Math.PI / 8), 12);
    const rotated = byType('ELLIPSE').find((e) => Math.abs(Math.hypot(...e.major!) - 20) < 1e-9)!;
    expect(rotated.ratio).toBeCloseTo(0.4, 12);
    expect(rotated.center![0]).toBeCloseTo(120, 9);
    expect(rotated.center![1]).toBeCloseTo(50, 9);
    // Rotated 30° clockwise on screen is −30° in y-up coordinates (or the opposite direction).
    const angle = (Math.atan2(rotated.major![1], rotated.major![0]) * 180) / Math.PI;
    expect([-30, 150].some((a) => Math.abs(a - angle) < 1e-9)).toBe(true);
    const spline = byType('SPLINE')[0]!;
    expect(spline.degree).toBe(3);
    expect(spline.knots).toEqual([0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2]);
    expect(spline.control![0]).toEqual([50, 130]);
    expect(spline.control![3]).toEqual([30, 120]);
    expect(spline.control![4]![0]).toBeCloseTo(30 + (2 / 3) * (20 - 30), 12);
    expect(spline.control![6]).toEqual([10, 120]);
    const text = byType('TEXT')[0]!;
    // Non-ASCII text travels as itself, in a UTF-8 file.
    expect([text.text, text.insert, text.height, text.halign]).toEqual(['Kerf 激光', [20, 20], 6, 1]);
    expect(
      leafShapes(importDxf(exportDxf(doc)).shapes).some((p) => (p.shape as { text?: string }).text === 'Kerf 激光'),
    ).toBe(true);
    // And everything drawn matches the document within 0.01 mm.
    const ours = docLines(doc);
    const theirs = read.entities.filter((e) => e.flat.length > 0).map((e) => e.flat.map(([x, y]) => ({ x, y })));
    expect(distance(ours, theirs)).toBeLessThan(0.01);
  });

  it.skipIf(!haveCorpus)(
    'exports imported corpus drawings cleanly and reads them back unchanged',
    () => {
      for (const file of [
        'sample_2018.dxf',
        '2000-entities-2d.dxf',
        '2007-Ellipse.dxf',
        '2007-Donut.dxf',
        'example_2018.dxf',
      ]) {
        const doc = importDxf(new Uint8Array(readFileSync(join(CORPUS, 'cad', file))), { tolerance: 0.001 });
        const text = exportDxf(doc);
        const read = ezRead(text);
        expect(read.errors, file).toEqual([]);
        expect(read.fixes, file).toEqual([]);
        const again = importDxf(text, { tolerance: 0.001 });
        expect([again.width, again.height], file).toEqual([
          expect.closeTo(doc.width, 2),
          expect.closeTo(doc.height, 2),
        ]);
        const cell = Math.max(1, Math.max(doc.width, doc.height) / 2000);
        if (doc.width < 10_000)
          expect(distance(aligned(docLines(doc)), aligned(docLines(again)), cell), file).toBeLessThan(0.01);
        // Text comes back line by line (TEXT holds one line).
        const lines = (d: KerfDocument) =>
          leafShapes(d.shapes)
            .flatMap((p) => (p.shape.kind === 'text' ? p.shape.text.split('\n').filter((l) => l.length > 0) : []))
            .sort();
        expect(lines(again), file).toEqual(lines(doc));
      }
    },
    120_000,
  );
});

describe('exportDxf → importDxf round trip (property)', () => {
  const pt = fc.record({
    x: fc.double({ min: 0, max: 100, noNaN: true }),
    y: fc.double({ min: 0, max: 100, noNaN: true }),
  });
  const segment: fc.Arbitrary<Segment> = fc.oneof(
    fc.record({ type: fc.constant('line' as const), to: pt }),
    fc.record({ type: fc.constant('quad' as const), c: pt, to: pt }),
    fc.record({ type: fc.constant('cubic' as const), c1: pt, c2: pt, to: pt }),
    fc.record({
      type: fc.constant('arc' as const),
      rx: fc.double({ min: 1, max: 60, noNaN: true }),
      ry: fc.double({ min: 1, max: 60, noNaN: true }),
      rotation: fc.double({ min: 0, max: 180, noNaN: true }),
      largeArc: fc.boolean(),
      sweep: fc.boolean(),
      to: pt,
    }),
  );
  const leaf: fc.Arbitrary<Shape> = fc.oneof(
    fc
      .record({ points: fc.array(pt, { minLength: 2, maxLength: 6 }), closed: fc.boolean() })
      .map((r): Shape => ({ kind: 'polygon', id: id(), transform: T(), layerId: 'a', ...r })),
    fc
      .record({
        cx: pt,
        rx: fc.double({ min: 0.5, max: 40, noNaN: true }),
        ry: fc.double({ min: 0.5, max: 40, noNaN: true }),
      })
      .map(
        (r): Shape => ({
          kind: 'ellipse',
          id: id(),
          transform: T(),
          layerId: 'b',
          cx: r.cx.x,
          cy: r.cx.y,
          rx: r.rx,
          ry: r.ry,
        }),
      ),
    fc
      .record({ start: pt, segments: fc.array(segment, { minLength: 1, maxLength: 5 }), closed: fc.boolean() })
      .map((sp): Shape => ({ kind: 'path', id: id(), transform: T(), layerId: 'a', path: [sp] })),
  );
  const transform = fc
    .tuple(
      pt,
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.double({ min: 0.3, max: 3, noNaN: true }),
      fc.boolean(),
    )
    .map(([t, r, s, mirror]) => multiply(translate(t.x, t.y), multiply(rotate(r), scale(mirror ? -s : s, s))));
  const shape: fc.Arbitrary<Shape> = fc.oneof(
    leaf,
    fc
      .record({ transform, children: fc.array(leaf, { minLength: 1, maxLength: 3 }) })
      .map((g): Shape => ({ kind: 'group', id: id(), ...g })),
  );

  it('gives back the same geometry within 0.01 mm', () => {
    fc.assert(
      fc.property(fc.array(shape, { minLength: 1, maxLength: 5 }), (shapes) => {
        const doc = createDocument({ width: 300, height: 300, shapes });
        doc.layers.push(
          createLayer({ id: 'a', name: 'A', color: '#ff0000' }),
          createLayer({ id: 'b', name: 'B', color: '#0000ff' }),
        );
        const before = docLines(doc, 5e-4);
        const extent = before.flat();
        if (extent.length === 0) return;
        const back = importDxf(exportDxf(doc), { tolerance: 5e-4 });
        const after = docLines(back, 5e-4);
        expect(distance(aligned(before), aligned(after))).toBeLessThan(0.01);
        // Layers come back with their names and colours: every layer with visible geometry, no others.
        const drawn = leafShapes(shapes).filter((p) =>
          placedPolylines(p, 5e-4).some((l) =>
            l.points.some((q) => Math.hypot(q.x - l.points[0]!.x, q.y - l.points[0]!.y) > 1e-3),
          ),
        );
        const label = (l: { name: string; color: string }) => `${l.name} ${l.color}`;
        const backLayers = back.layers.map(label);
        for (const l of doc.layers.filter((l) => drawn.some((p) => p.shape.layerId === l.id)))
          expect(backLayers).toContain(label(l));
        for (const l of backLayers) expect(doc.layers.map(label)).toContain(l);
      }),
      { numRuns: 150, seed: 42 },
    );
  });
});
