import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CutSettings, KerfDocument, Layer, Shape } from '../src/model/document.js';
import type { Job, MachineSettings, PathOp } from '../src/model/job.js';
import { parseDocument, serializeDocument } from '../src/model/json.js';
import { createDocument, createLayer, cutSettings, DEFAULT_CUT, DOCUMENT_VERSION } from '../src/model/layers.js';
import { IDENTITY, type Vec2 } from '../src/model/matrix.js';
import { insideEvenOdd } from '../src/model/path.js';
import { optimiseJob } from '../src/optimise/index.js';
import { gcodeText } from '../src/output/gcode.js';
import { jobStats } from '../src/output/stats.js';
import { distanceToSegment, planJob } from '../src/toolpath/index.js';
import { type Move, trace } from './gcode-trace.js';

// -------------------------------------------------------------------------------------- fixtures

/** Machine y = document y, so traced moves compare with the drawing directly. */
const TOP_LEFT: Partial<MachineSettings> = { origin: 'top-left' };

function rect(id: string, x: number, y: number, w: number, h: number, extra: Partial<Shape> = {}): Shape {
  return {
    id,
    kind: 'rect',
    layerId: 'L',
    transform: IDENTITY,
    x,
    y,
    width: w,
    height: h,
    rx: 0,
    ry: 0,
    ...extra,
  } as Shape;
}

function circle(id: string, cx: number, cy: number, r: number): Shape {
  return { id, kind: 'ellipse', layerId: 'L', transform: IDENTITY, cx, cy, rx: r, ry: r };
}

/** An open two-point line on layer L. */
function line(id: string, from: Vec2, to: Vec2, extra: Partial<Shape> = {}): Shape {
  return {
    id,
    kind: 'polygon',
    layerId: 'L',
    transform: IDENTITY,
    points: [from, to],
    closed: false,
    ...extra,
  } as Shape;
}

function polygon(id: string, points: Vec2[]): Shape {
  return { id, kind: 'polygon', layerId: 'L', transform: IDENTITY, points, closed: true };
}

function docWith(cut: Partial<CutSettings>, shapes: Shape[], layer: Partial<Layer> = {}): KerfDocument {
  return createDocument({
    width: 300,
    height: 300,
    layers: [createLayer({ id: 'L', speed: 20, maxPower: 30, ...layer, cut: cutSettings(cut) })],
    shapes,
  });
}

function gcodeOf(
  doc: KerfDocument,
  machine: Partial<MachineSettings> = TOP_LEFT,
): { job: Job; moves: Move[]; text: string } {
  const job = planJob(doc);
  const text = gcodeText(job, { machine: { ...TOP_LEFT, ...machine } });
  return { job, moves: trace(text), text };
}

const lengthOf = (m: Move) => Math.hypot(m.to.x - m.from.x, m.to.y - m.from.y);
const burns = (moves: Move[]) => moves.filter((m) => m.motion === 'G1' && m.s > 0);
const sum = (moves: Move[]) => moves.reduce((t, m) => t + lengthOf(m), 0);

function distanceToRing(ring: readonly Vec2[], p: Vec2): number {
  let d = Number.POSITIVE_INFINITY;
  for (let i = 0; i < ring.length; i++)
    d = Math.min(d, distanceToSegment(p.x, p.y, ring[i]!, ring[(i + 1) % ring.length]!));
  return d;
}

/** Runs of consecutive G1 moves with the laser off between burns (the gaps of tabs or dashes), lengths in mm. */
function gaps(moves: Move[]): number[] {
  const out: number[] = [];
  let run = 0;
  let burnt = false;
  for (const m of moves) {
    if (m.motion !== 'G1') continue;
    if (m.s > 0) {
      if (burnt && run > 0) out.push(run);
      burnt = true;
      run = 0;
    } else if (burnt) run += lengthOf(m);
  }
  return out;
}

/** A simple polygon around (cx, cy): random radii at evenly spread angles (concave more often than not). */
const starArb = fc
  .record({
    cx: fc.double({ min: 80, max: 220, noNaN: true }),
    cy: fc.double({ min: 80, max: 220, noNaN: true }),
    radii: fc.array(fc.double({ min: 25, max: 60, noNaN: true }), { minLength: 3, maxLength: 14 }),
    turn: fc.double({ min: 0, max: Math.PI * 2, noNaN: true }),
  })
  .map(({ cx, cy, radii, turn }) =>
    radii.map((r, i) => {
      const a = turn + (i / radii.length) * Math.PI * 2;
      return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
    }),
  );

// -------------------------------------------------------------------------------------------- tests

describe('kerf offset', () => {
  it('moves every contour by the set amount within 0.005 mm: parts outward, holes inward (random parts)', () => {
    fc.assert(
      fc.property(starArb, fc.double({ min: 0.05, max: 0.6, noNaN: true }), (star, kerf) => {
        const cx = star.reduce((t, p) => t + p.x, 0) / star.length;
        const cy = star.reduce((t, p) => t + p.y, 0) / star.length;
        // A hole drawn as its own shape: containment, not the drawing, makes it a hole.
        const shapes = [polygon('part', star), circle('hole', cx, cy, 8)];
        const plain = planJob(docWith({}, shapes)).ops as PathOp[];
        const offset = planJob(docWith({ kerfOffset: kerf }, shapes)).ops as PathOp[];
        const [part, hole] = [plain.find((o) => o.shapeId === 'part')!, plain.find((o) => o.shapeId === 'hole')!];
        const outs = offset.filter((o) => o.shapeId === 'part');
        const ins = offset.filter((o) => o.shapeId === 'hole');
        expect(outs.length).toBeGreaterThan(0);
        expect(ins).toHaveLength(1);
        expect(ins[0]!.hole).toBe(true);
        expect(outs.every((o) => !o.hole)).toBe(true);
        for (const [ops, original, inside] of [
          [outs, part.points, false],
          [ins, hole.points, true],
        ] as const) {
          for (const op of ops) {
            const n = op.points.length;
            for (let i = 0; i < n; i++) {
              const a = op.points[i]!;
              const b = op.points[(i + 1) % n]!;
              for (const p of [a, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }]) {
                expect(Math.abs(distanceToRing(original, p) - kerf)).toBeLessThanOrEqual(0.005);
                expect(insideEvenOdd([original], p.x, p.y)).toBe(inside);
              }
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('drops a hole smaller than the offset, and leaves open paths alone', () => {
    const open: Shape = line('o', { x: 1, y: 1 }, { x: 50, y: 1 });
    const ops = planJob(
      docWith({ kerfOffset: 1 }, [rect('plate', 10, 10, 100, 100), circle('tiny', 50, 50, 0.5), open]),
    ).ops as PathOp[];
    expect(ops.map((o) => o.shapeId)).toEqual(['plate', 'o']);
    expect(ops[1]!.points).toEqual([
      { x: 1, y: 1 },
      { x: 50, y: 1 },
    ]);
  });
});

describe('tabs', () => {
  it('leaves gaps of the set width, spread round each closed contour, in the G-code', () => {
    const { moves, job } = gcodeOf(
      docWith({ tabs: { mode: 'count', count: 4, spacing: 50, width: 1.5, minLength: 20 } }, [
        rect('r', 10, 10, 100, 50),
      ]),
    );
    const g = gaps(moves);
    expect(g).toHaveLength(4);
    for (const w of g) expect(w).toBeCloseTo(1.5, 2);
    expect(sum(burns(moves))).toBeCloseTo(300 - 6, 2);
    // The statistics measure the same walk.
    expect(jobStats(job, TOP_LEFT).cutLength).toBeCloseTo(300 - 6, 2);
  });

  it('places one per spacing, none on contours shorter than the minimum, and hand-placed tabs where put', () => {
    const spacing = gcodeOf(
      docWith({ tabs: { mode: 'spacing', count: 1, spacing: 40, width: 1, minLength: 30 } }, [
        rect('r', 10, 10, 60, 40),
        rect('small', 150, 150, 5, 5),
      ]),
    );
    expect(gaps(spacing.moves)).toHaveLength(5); // 200 mm of outline / 40
    const small = (spacing.job.ops as PathOp[]).find((o) => o.shapeId === 'small')!;
    expect(small.tabs).toBeUndefined();
    const manual = gcodeOf(
      docWith({ tabs: { mode: 'count', count: 4, spacing: 50, width: 2, minLength: 0 } }, [
        rect('r', 10, 10, 60, 40, { tabs: [{ x: 40, y: 10 }] } as Partial<Shape>),
      ]),
    );
    const off = manual.moves.filter((m) => m.motion === 'G1' && m.s === 0);
    expect(off).toHaveLength(1);
    expect(off[0]!.from.x).toBeCloseTo(39, 3);
    expect(off[0]!.to.x).toBeCloseTo(41, 3);
    expect(off[0]!.to.y).toBeCloseTo(10, 3);
  });
});

describe('lead-in, lead-out and overcut', () => {
  it('starts every lead-in in the scrap (outside a part, inside a hole) and ends it at the contour (random parts)', () => {
    fc.assert(
      fc.property(
        starArb,
        fc.constantFrom('line' as const, 'arc' as const),
        fc.double({ min: 0.5, max: 6, noNaN: true }),
        (star, kind, length) => {
          const cx = star.reduce((t, p) => t + p.x, 0) / star.length;
          const cy = star.reduce((t, p) => t + p.y, 0) / star.length;
          const doc = docWith({ leadIn: { kind, length }, leadOut: { kind, length } }, [
            polygon('part', star),
            circle('hole', cx, cy, 10),
          ]);
          const job = planJob(doc);
          const { moves } = { moves: trace(gcodeText(job, { machine: TOP_LEFT })) };
          const rapids = moves.filter((m) => m.motion === 'G0').slice(0, -1);
          expect(rapids).toHaveLength(2);
          for (const [i, op] of (job.ops as PathOp[]).entries()) {
            const entry = rapids[i]!.to;
            const ring = op.points;
            if (Math.hypot(entry.x - ring[0]!.x, entry.y - ring[0]!.y) < 1e-3) continue; // left out: it did not fit
            expect(insideEvenOdd([ring], entry.x, entry.y)).toBe(op.hole === true);
            expect(distanceToRing(ring, entry)).toBeGreaterThan(1e-3);
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('cuts a line lead-in along the outward normal and an arc lead-out tangent to the cut, on a square', () => {
    const { moves } = gcodeOf(
      docWith({ leadIn: { kind: 'line', length: 3 }, leadOut: { kind: 'arc', length: 2 } }, [
        rect('r', 10, 10, 20, 20),
      ]),
    );
    const first = moves.find((m) => m.motion === 'G0')!;
    // The square runs (10,10) → (30,10) …: outward from its first edge is −y.
    expect(first.to).toEqual({ x: 10, y: 7 });
    const b = burns(moves);
    expect(b[0]!.to).toEqual({ x: 10, y: 10 });
    const last = b[b.length - 1]!;
    // The cut ends on the last edge, (10,30) → (10,10), heading −y; the arc curves out to −x: (8, 8).
    expect(last.to.x).toBeCloseTo(8, 3);
    expect(last.to.y).toBeCloseTo(8, 3);
    expect(sum(b)).toBeCloseTo(3 + 80 + Math.PI, 2);
  });

  it('cuts past the start by the overcut on closed paths, not on open ones', () => {
    const open: Shape = line('o', { x: 1, y: 100 }, { x: 50, y: 100 });
    const { moves } = gcodeOf(docWith({ overcut: 3 }, [rect('r', 10, 10, 20, 20), open]));
    expect(sum(burns(moves))).toBeCloseTo(80 + 3 + 49, 3);
    const lastBurnOfSquare = burns(moves)
      .filter((m) => m.to.y < 50)
      .at(-1)!;
    expect(lastBurnOfSquare.to).toEqual({ x: 13, y: 10 });
  });
});

describe('passes with Z, and their order', () => {
  const two = [rect('a', 10, 10, 10, 10), rect('b', 50, 10, 10, 10)];

  it('lowers Z by the step on every pass on machines with Z, and comes back to Z0', () => {
    const doc = docWith({ zOffset: 0.5, zStep: 0.75 }, two, { passes: 3 });
    const { moves, text } = gcodeOf(doc, { zAxis: true });
    const zs = [...new Set(burns(moves).map((m) => m.z))];
    expect(zs).toEqual([0.5, -0.25, -1]);
    // Layer by layer: both squares at each Z before the next.
    const perZ = zs.map((z) => burns(moves).filter((m) => m.z === z).length);
    expect(perZ).toEqual([8, 8, 8]);
    expect(text).toMatch(/^G0 Z0\.5$/m);
    expect(text).toMatch(/^G0 Z-0\.25$/m);
    expect(text.trimEnd().split('\n').slice(-4)).toEqual(['G0 Z0', 'M5', 'G0 X0 Y0', 'M2']);
  });

  it('writes no Z at all for machines without it', () => {
    const { text, moves } = gcodeOf(docWith({ zOffset: 1, zStep: 0.5 }, two, { passes: 3 }));
    expect(text).not.toMatch(/Z/);
    expect(burns(moves)).toHaveLength(24);
  });

  it('runs all passes of a shape before the next when asked, and the optimiser keeps the order of passes', () => {
    const byShape = planJob(docWith({ passOrder: 'shape', zStep: 0.5 }, two, { passes: 2 }));
    expect((byShape.ops as PathOp[]).map((o) => `${o.shapeId.slice(0, 1)}${o.pass}`)).toEqual(['a1', 'a2', 'b1', 'b2']);
    const byLayer = planJob(docWith({ zStep: 0.5 }, two, { passes: 2 }));
    expect((byLayer.ops as PathOp[]).map((o) => `${o.shapeId.slice(0, 1)}${o.pass}`)).toEqual(['a1', 'b1', 'a2', 'b2']);
    for (const job of [byShape, byLayer]) {
      const order = (optimiseJob(job, { start: { x: 100, y: 100 } }).job.ops as PathOp[]).map(
        (o) => [o.shapeId.slice(0, 1), o.pass!] as const,
      );
      for (const shape of ['a', 'b']) {
        const passes = order.filter(([s]) => s === shape).map(([, p]) => p);
        expect(passes).toEqual([1, 2]);
      }
      if (job === byLayer) expect(order.slice(0, 2).every(([, p]) => p === 1)).toBe(true);
    }
  });
});

describe('air assist', () => {
  const layers = (air: boolean, id: string) =>
    createLayer({
      id,
      name: id,
      speed: 20,
      maxPower: 30,
      cut: cutSettings({ airAssist: air }),
      priority: id === 'A' ? 0 : 1,
    });

  it('turns air on around the layers that ask for it (M8 by default, M7 when the machine says so), off at the end', () => {
    const doc = createDocument({
      width: 300,
      height: 300,
      layers: [layers(true, 'A'), layers(false, 'B')],
      shapes: [
        { ...rect('a', 10, 10, 10, 10), layerId: 'A' } as Shape,
        { ...rect('b', 50, 10, 10, 10), layerId: 'B' } as Shape,
      ],
    });
    const job = planJob(doc);
    for (const code of ['M8', 'M7'] as const) {
      const lines = gcodeText(job, { machine: { airAssist: code } }).split('\n');
      const on = lines.indexOf(code);
      const off = lines.indexOf('M9');
      const layerB = lines.findIndex((l) => l.startsWith('; Layer B'));
      const firstBurn = lines.findIndex((l) => /^G1 .*S[1-9]/.test(l));
      expect(on).toBeGreaterThan(-1);
      expect(on).toBeLessThan(firstBurn);
      expect(off).toBeGreaterThan(layerB);
      expect(lines.filter((l) => l === 'M9')).toHaveLength(1);
    }
    expect(gcodeText(job, { machine: { airAssist: 'none' } })).not.toMatch(/^M[789]$/m);
    const allOn = createDocument({
      width: 300,
      height: 300,
      layers: [layers(true, 'A')],
      shapes: [{ ...rect('a', 10, 10, 10, 10), layerId: 'A' } as Shape],
    });
    const end = gcodeText(planJob(allOn)).trimEnd().split('\n').slice(-4);
    expect(end).toEqual(['M9', 'M5', 'G0 X0 Y0', 'M2']);
  });
});

describe('perforation', () => {
  const straight: Shape = line('l', { x: 10, y: 10 }, { x: 40, y: 10 });

  it('cuts dashes of the on length with gaps of the off length', () => {
    const { moves, job } = gcodeOf(
      docWith({ perforation: { mode: 'dash', on: 2, off: 1, spacing: 1, dwell: 5 } }, [straight]),
    );
    const b = burns(moves);
    expect(b).toHaveLength(10);
    for (const m of b) expect(lengthOf(m)).toBeCloseTo(2, 3);
    for (const g of gaps(moves)) expect(g).toBeCloseTo(1, 3);
    expect(jobStats(job, TOP_LEFT).cutLength).toBeCloseTo(20, 3);
  });

  it('fires dots at the spacing with a dwell, in M3 so the laser stays on while the head stands', () => {
    const { text, job } = gcodeOf(
      docWith({ perforation: { mode: 'dot', on: 2, off: 1, spacing: 3, dwell: 20 } }, [straight]),
    );
    const dwell = text.split('\n').filter((l) => l === 'G4 P0.02');
    expect(dwell).toHaveLength(11); // 0, 3, … 30 mm
    expect(text).toContain('\nX13\nM3 S750\nG4 P0.02\nM4 S0\n');
    const stats = jobStats(job, TOP_LEFT);
    expect(stats.dotCount).toBe(11);
    expect(stats.cutLength).toBe(0);
    expect(stats.estimatedTime).toBeGreaterThan(11 * 0.02);
  });
});

describe('power at corners', () => {
  const square = [rect('r', 10, 10, 40, 40)];

  it('states lower power where the head slows, between min and max, for machines without dynamic power', () => {
    const { text, moves } = gcodeOf(
      docWith({ cornerPower: true }, square, { minPower: 10, maxPower: 30, speed: 100 }),
      { dynamicPower: false, acceleration: 500 },
    );
    expect(text).toContain('\nM3 S0\n');
    expect(text).not.toContain('M4');
    const b = burns(moves);
    const s = b.map((m) => m.s);
    expect(Math.max(...s)).toBe(750);
    expect(Math.min(...s)).toBeGreaterThanOrEqual(250);
    expect(Math.min(...s)).toBeLessThan(400);
    // Power rises away from each corner and falls towards the next.
    const firstEdge = b.filter((m) => m.from.y === 10 && m.to.y === 10);
    const powers = firstEdge.map((m) => m.s);
    const peak = powers.indexOf(750);
    for (let i = 1; i <= peak; i++) expect(powers[i]!).toBeGreaterThanOrEqual(powers[i - 1]!);
    for (let i = peak + 1; i < powers.length; i++) expect(powers[i]!).toBeLessThanOrEqual(powers[i - 1]!);
    expect(sum(b)).toBeCloseTo(160, 3);
  });

  it('leaves it to M4 on machines with dynamic power: one power for the whole cut', () => {
    const { moves, text } = gcodeOf(docWith({ cornerPower: true }, square, { minPower: 10, maxPower: 30 }));
    expect(text).toContain('\nM4 S0\n');
    expect(new Set(burns(moves).map((m) => m.s))).toEqual(new Set([750]));
  });
});

describe('the cut settings in the document format', () => {
  it('reads a format-1 document with every cut feature off, and keeps the settings and hand-placed tabs', () => {
    const v1 = JSON.parse(serializeDocument(docWith({}, [rect('r', 1, 1, 5, 5)])));
    v1.version = 1;
    for (const l of v1.layers) delete l.cut;
    const read = parseDocument(JSON.stringify(v1));
    expect(read.version).toBe(DOCUMENT_VERSION);
    expect(read.layers[0]!.cut).toEqual(DEFAULT_CUT);
    const set = docWith(
      {
        kerfOffset: 0.1,
        overcut: 1,
        airAssist: true,
        tabs: { mode: 'count', count: 3, spacing: 10, width: 0.4, minLength: 5 },
      },
      [rect('r', 1, 1, 5, 5, { tabs: [{ x: 3, y: 1 }] } as Partial<Shape>)],
    );
    const again = parseDocument(serializeDocument(set));
    expect(again.layers[0]!.cut).toEqual(set.layers[0]!.cut);
    expect((again.shapes[0] as { tabs?: Vec2[] }).tabs).toEqual([{ x: 3, y: 1 }]);
  });

  it('refuses cut settings out of range, naming the field', () => {
    const bad = JSON.parse(serializeDocument(docWith({}, [])));
    bad.layers = [{ ...createLayer({ id: 'L' }), cut: { ...DEFAULT_CUT, leadIn: { kind: 'spiral', length: 1 } } }];
    expect(() => parseDocument(JSON.stringify(bad))).toThrow(/layers\.0\.cut\.leadIn\.kind/);
    bad.layers[0].cut = { ...DEFAULT_CUT, perforation: { ...DEFAULT_CUT.perforation, on: 0 } };
    expect(() => parseDocument(JSON.stringify(bad))).toThrow(/cut\.perforation\.on/);
  });
});

describe('dashed strokes', () => {
  const dashed: Shape = line(
    'd',
    { x: 10, y: 10 },
    { x: 40, y: 10 },
    { style: { stroke: '#000000', dash: [4, 2], dashOffset: 1 } },
  );

  it('cuts them as drawn on a layer that asks, the laser off over the gaps', () => {
    const { moves, job } = gcodeOf(docWith({ dashes: 'dashed' }, [dashed]));
    const b = burns(moves);
    // Offset 1: the pattern starts at −1 mm, so dashes run −1…3 (3 mm cut), 5…9, 11…15, 17…21, 23…27, 29…30.
    expect(b.map((m) => Math.round(lengthOf(m) * 1000) / 1000)).toEqual([3, 4, 4, 4, 4, 1]);
    for (const g of gaps(moves)) expect(g).toBeCloseTo(2, 3);
    expect(jobStats(job, TOP_LEFT).cutLength).toBeCloseTo(20, 3);
  });

  it('cuts them solid by default', () => {
    const { moves } = gcodeOf(docWith({}, [dashed]));
    expect(burns(moves)).toHaveLength(1);
    expect(sum(burns(moves))).toBeCloseTo(30, 6);
  });
});
