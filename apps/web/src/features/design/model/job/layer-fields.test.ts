import { type CutSettings, cutSettings, type Layer } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  burnLength,
  burns,
  docWith,
  ellipse,
  gcodeOf,
  lengthOf,
  type Move,
  movesOf,
  polygon,
  powersInOrder,
  rect,
  TEST_PROFILE,
} from './job-test-kit';

/**
 * Every layer field (SPEC §3 Layer, the fill settings and the cut features) reaches the planner and
 * the G-code: each test changes one field and reads the program back with an independent interpreter.
 * A field the pipeline ignored would leave the program as it was and fail its test.
 */

type LayerInit = Partial<Omit<Layer, 'cut'>> & { cut?: Partial<CutSettings> };
const cutLayer = (init: LayerInit = {}) => ({
  id: 'A',
  name: 'A',
  mode: 'cut' as const,
  maxPower: 20,
  speed: 20,
  ...init,
  cut: cutSettings(init.cut),
});
/** One 30 × 20 rectangle on layer A. */
const oneRect = (init: LayerInit = {}) => docWith([cutLayer(init)], [rect('A', 10, 10, 30, 20)]);
const near = (a: number, b: number, tolerance = 1e-3) => Math.abs(a - b) <= tolerance;
const onRect = (p: { x: number; y: number }) =>
  Math.min(Math.abs(p.x - 10), Math.abs(p.x - 40), Math.abs(p.y - 10), Math.abs(p.y - 30)) < 1e-3;
/** Index of the first burn of each shape, told apart by where it lies. */
const firstBurnAt = (moves: Move[], inside: (p: { x: number; y: number }) => boolean) =>
  burns(moves).findIndex((m) => inside(m.from) && inside(m.to));

describe('SPEC §3 layer fields in the G-code', () => {
  it('layer ID: shapes burn with the settings of the layer whose id they name', () => {
    const layers = [cutLayer({ id: 'A', maxPower: 10 }), cutLayer({ id: 'B', name: 'B', maxPower: 30 })];
    expect(powersInOrder(movesOf(docWith(layers, [rect('A', 10, 10, 30, 20)])))).toEqual([250]);
    expect(powersInOrder(movesOf(docWith(layers, [rect('B', 10, 10, 30, 20)])))).toEqual([750]);
  });

  it('colour: the layer line of the program names the colour', () => {
    expect(gcodeOf(oneRect({ color: '#12ab34' }))).toContain('; Layer A (#12ab34, cut)');
    expect(gcodeOf(oneRect({ color: '#ff0000' }))).toContain('; Layer A (#ff0000, cut)');
  });

  it('output to processing: a layer not set to output burns nothing', () => {
    const layers = [cutLayer({ maxPower: 10 }), cutLayer({ id: 'B', name: 'B', maxPower: 30, output: false })];
    const moves = movesOf(docWith(layers, [rect('A', 10, 10, 30, 20), rect('B', 50, 50, 30, 20)]));
    expect(powersInOrder(moves)).toEqual([250]);
    for (const m of burns(moves)) expect(m.to.x).toBeLessThanOrEqual(40 + 1e-3);
  });

  it('fill none / whole: a cut layer with a fill hatches inside the outline as well', () => {
    const none = burnLength(oneRect({ fill: 'none' }));
    const whole = burnLength(oneRect({ fill: 'whole' }));
    expect(none).toBeCloseTo(100, 2);
    // 30 × 20 mm at 0.1 mm line interval: about 600 mm² / 0.1 mm = 6000 mm of hatch
    expect(whole - none).toBeGreaterThan(5500);
  });

  it('fill single / whole: single fills each shape on its own, whole runs lines across both', () => {
    const shapes = () => [rect('A', 10, 10, 30, 20), rect('A', 50, 10, 30, 20)];
    const left = (p: { x: number }) => p.x <= 40 + 1e-3;
    const switches = (fill: 'whole' | 'single') => {
      const seq = burns(movesOf(docWith([cutLayer({ mode: 'fill', fill })], shapes()))).map((m) => left(m.from));
      return seq.filter((v, i) => i > 0 && v !== seq[i - 1]).length;
    };
    expect(switches('single')).toBe(1);
    expect(switches('whole')).toBeGreaterThan(50);
  });

  it('relief margin: the fill reaches past the shapes by the margin', () => {
    const fill = (reliefMargin: number) =>
      boundsOf(burns(movesOf(docWith([cutLayer({ mode: 'fill', reliefMargin })], [rect('A', 20, 20, 30, 20)]))));
    const plain = fill(0);
    const relief = fill(5);
    expect(near(plain.minX, 20, 0.01)).toBe(true);
    expect(near(relief.minX, 15, 0.11)).toBe(true);
    expect(near(relief.maxY, 45, 0.11)).toBe(true);
  });

  it('delete outline: a filled cut layer leaves its outline out', () => {
    const kept = burnLength(oneRect({ fill: 'whole' }));
    const deleted = burnLength(oneRect({ fill: 'whole', deleteOutline: true }));
    expect(kept - deleted).toBeCloseTo(100, 1);
  });

  it('priority: the lower priority runs first', () => {
    const shapes = () => [rect('A', 10, 10, 30, 20), rect('B', 50, 50, 30, 20)];
    const layers = (a: number, b: number) => [
      cutLayer({ priority: a, maxPower: 10 }),
      cutLayer({ id: 'B', name: 'B', priority: b, maxPower: 30 }),
    ];
    expect(powersInOrder(movesOf(docWith(layers(0, 1), shapes())))).toEqual([250, 750]);
    expect(powersInOrder(movesOf(docWith(layers(2, 1), shapes())))).toEqual([750, 250]);
  });

  it('mode: cut follows the outline, fill hatches the inside', () => {
    const cut = burns(movesOf(oneRect({ mode: 'cut' })));
    expect(cut.every((m) => onRect(m.from) && onRect(m.to))).toBe(true);
    const fill = burns(movesOf(oneRect({ mode: 'fill' })));
    expect(fill.some((m) => Math.abs(m.from.y - 20) < 0.1)).toBe(true);
    expect(lengthOf(fill)).toBeGreaterThan(5500);
  });

  it('laser type, frequency and pulse width: a fibre layer states its pulse settings', () => {
    const fibre = gcodeOf(oneRect({ laserType: 'fiber', frequency: 30_000, pulseWidth: 100 }));
    expect(fibre).toContain('; Layer A (#000000, cut, fiber 30000 Hz 100 ns)');
    expect(gcodeOf(oneRect({ laserType: 'fiber', frequency: 60_000, pulseWidth: 250 }))).toContain(
      'fiber 60000 Hz 250 ns',
    );
    expect(gcodeOf(oneRect({ laserType: 'gas' }))).not.toContain('fiber');
  });

  it('max power: S is the layer power over the machine power on the S scale', () => {
    expect(powersInOrder(movesOf(oneRect({ maxPower: 20 })))).toEqual([500]);
    expect(powersInOrder(movesOf(oneRect({ maxPower: 30 })))).toEqual([750]);
  });

  it('min power: with corner power on a machine without dynamic power, slow pieces burn down to it', () => {
    const machine = { ...TEST_PROFILE, dynamicPower: false };
    const lowest = (minPower: number) =>
      Math.min(
        ...burns(movesOf(oneRect({ minPower, maxPower: 30, cut: { cornerPower: true } }), machine)).map((m) => m.s),
      );
    expect(lowest(4)).toBeLessThan(lowest(20));
    expect(lowest(4)).toBeGreaterThanOrEqual(100);
    expect(lowest(20)).toBeGreaterThanOrEqual(500);
  });

  it('speed: F is the layer speed in mm/min', () => {
    expect(new Set(burns(movesOf(oneRect({ speed: 25 }))).map((m) => m.f))).toEqual(new Set([1500]));
    expect(new Set(burns(movesOf(oneRect({ speed: 7.5 }))).map((m) => m.f))).toEqual(new Set([450]));
  });

  it('curve smoothing: a coarser tolerance writes a circle with fewer moves', () => {
    const circle = (curveSmoothing: number) =>
      burns(movesOf(docWith([cutLayer({ curveSmoothing })], [ellipse('A', 50, 50, 20)]))).length;
    expect(circle(0.5)).toBeLessThan(circle(0.01) / 3);
  });
});

describe('path optimisation settings in the G-code', () => {
  // Drawn far first, then near the origin, then in between: nearest-first visits them the other way.
  const scattered = () => [rect('A', 150, 150, 10, 10), rect('A', 5, 5, 10, 10), rect('A', 80, 80, 10, 10)];
  const order = (moves: Move[]) =>
    [150, 5, 80]
      .map((x) => ({ x, at: firstBurnAt(moves, (p) => p.x >= x - 1e-3 && p.x <= x + 10 + 1e-3) }))
      .sort((a, b) => a.at - b.at)
      .map((v) => v.x);
  const withOptimisation = (optimisation: Partial<Layer['optimisation']>) =>
    docWith(
      [cutLayer({ optimisation: { ...cutLayer().optimisation, ...optimisation } as Layer['optimisation'] })],
      scattered(),
    );

  it('find rule: nearest goes to the closest shape next, original keeps the drawing order', () => {
    expect(order(movesOf(withOptimisation({ findRule: 'nearest' })))).toEqual([5, 80, 150]);
    expect(order(movesOf(withOptimisation({ findRule: 'original' })))).toEqual([150, 5, 80]);
  });

  it('layer optimisation: off emits the shapes as drawn', () => {
    expect(order(movesOf(withOptimisation({ layerOptimisation: true })))).toEqual([5, 80, 150]);
    expect(order(movesOf(withOptimisation({ layerOptimisation: false })))).toEqual([150, 5, 80]);
  });

  it('inside-out: a shape inside another is cut before its container', () => {
    const doc = (insideOut: boolean) =>
      docWith(
        [
          cutLayer({
            optimisation: { ...cutLayer().optimisation, findRule: 'original', insideOut } as Layer['optimisation'],
          }),
        ],
        [rect('A', 10, 10, 100, 100), rect('A', 40, 40, 20, 20)],
      );
    const innerFirst = (moves: Move[]) =>
      firstBurnAt(moves, (p) => p.x > 39 && p.x < 61 && p.y > 39 && p.y < 61) <
      firstBurnAt(moves, (p) => p.x < 11 || p.x > 109);
    expect(innerFirst(movesOf(doc(true)))).toBe(true);
    expect(innerFirst(movesOf(doc(false)))).toBe(false);
  });

  it('start point: auto enters a contour at the point nearest the head, keep at its drawn start', () => {
    // drawn from its far corner (60, 60); the head comes from the origin
    const square = () =>
      polygon('A', [
        { x: 60, y: 60 },
        { x: 20, y: 60 },
        { x: 20, y: 20 },
        { x: 60, y: 20 },
      ]);
    const start = (startPoint: 'auto' | 'keep') =>
      burns(
        movesOf(
          docWith(
            [cutLayer({ optimisation: { ...cutLayer().optimisation, startPoint } as Layer['optimisation'] })],
            [square()],
          ),
        ),
      )[0]!.from;
    expect(start('keep')).toEqual({ x: 60, y: 60 });
    expect(start('auto')).toEqual({ x: 20, y: 20 });
  });

  it('direction and partition size: zones are swept along x or along y', () => {
    // four squares in the corners of 2 × 2 zones of 100 mm
    const corners = () => [
      rect('A', 10, 10, 5, 5),
      rect('A', 110, 10, 5, 5),
      rect('A', 10, 110, 5, 5),
      rect('A', 110, 110, 5, 5),
    ];
    const second = (direction: 'x' | 'y', partitionSize: number) => {
      const moves = movesOf(
        docWith(
          [
            cutLayer({
              optimisation: { ...cutLayer().optimisation, direction, partitionSize } as Layer['optimisation'],
            }),
          ],
          corners(),
        ),
      );
      const visits = [
        { name: 'right', at: firstBurnAt(moves, (p) => p.x > 100 && p.y < 100) },
        { name: 'below', at: firstBurnAt(moves, (p) => p.x < 100 && p.y > 100) },
      ];
      return visits.sort((a, b) => a.at - b.at)[0]!.name;
    };
    expect(second('x', 100)).not.toBe(second('y', 100));
  });
});

describe('fill settings in the G-code', () => {
  const filled = (fillSettings: Partial<Layer['fillSettings']>) =>
    movesOf(
      oneRect({ mode: 'fill', fillSettings: { ...cutLayer().fillSettings, ...fillSettings } as Layer['fillSettings'] }),
    );
  const base = { interval: 0.5, angle: 0, crossHatch: false, bidirectional: true, overscan: 0 };

  it('interval: half the interval, twice the hatch', () => {
    expect(lengthOf(burns(filled({ ...base, interval: 0.25 }))) / lengthOf(burns(filled(base)))).toBeCloseTo(2, 1);
  });

  it('angle: lines run along the hatch angle', () => {
    const along = (angle: number) => {
      const m = burns(filled({ ...base, angle }))[0]!;
      return (Math.atan2(m.to.y - m.from.y, m.to.x - m.from.x) * 180) / Math.PI;
    };
    expect(Math.abs(Math.sin((along(0) * Math.PI) / 180))).toBeLessThan(1e-6);
    expect(Math.abs(Math.cos((along(90) * Math.PI) / 180))).toBeLessThan(1e-6);
  });

  it('cross-hatch: a second set of lines across the first', () => {
    expect(lengthOf(burns(filled({ ...base, crossHatch: true }))) / lengthOf(burns(filled(base)))).toBeCloseTo(2, 1);
  });

  it('bidirectional: off burns every line the same way', () => {
    const directions = (bidirectional: boolean) =>
      new Set(burns(filled({ ...base, bidirectional })).map((m) => Math.sign(m.to.x - m.from.x)));
    expect(directions(true).size).toBe(2);
    expect(directions(false).size).toBe(1);
  });

  it('overscan: lines run on with the laser off by the overscan', () => {
    const idle = (overscan: number) =>
      lengthOf(filled({ ...base, overscan }).filter((m) => m.motion === 'G1' && m.s === 0));
    expect(idle(0)).toBe(0);
    const lines = burns(filled(base)).length;
    expect(idle(2)).toBeCloseTo(lines * 4, 0);
  });
});

describe('cut features in the G-code', () => {
  it('passes: every pass burns the outline again', () => {
    expect(burnLength(oneRect({ passes: 3 }))).toBeCloseTo(300, 1);
  });

  it('kerf offset: outer contours move outward by it', () => {
    const b = boundsOf(burns(movesOf(oneRect({ cut: { kerfOffset: 0.5 } }))));
    expect(b.minX).toBeCloseTo(9.5, 2);
    expect(b.maxY).toBeCloseTo(30.5, 2);
  });

  it('tabs: automatic tabs leave gaps of their width uncut', () => {
    const tabbed = burnLength(
      oneRect({ cut: { tabs: { mode: 'count', count: 4, spacing: 50, width: 2, minLength: 20 } } }),
    );
    expect(100 - tabbed).toBeCloseTo(8, 1);
  });

  it('tabs placed by hand: a shape’s own tabs replace the automatic ones', () => {
    const shape = { ...rect('A', 10, 10, 30, 20), tabs: [{ x: 25, y: 10 }] };
    const doc = docWith(
      [cutLayer({ cut: { tabs: { mode: 'count', count: 4, spacing: 50, width: 2, minLength: 20 } } })],
      [shape],
    );
    const cut = burns(movesOf(doc));
    expect(100 - lengthOf(cut)).toBeCloseTo(2, 1);
    expect(
      cut.some(
        (m) =>
          near(m.from.y, 10) && near(m.to.y, 10) && Math.min(m.from.x, m.to.x) < 25 && Math.max(m.from.x, m.to.x) > 25,
      ),
    ).toBe(false);
  });

  it('lead-in and lead-out: a line into and out of the contour', () => {
    expect(burnLength(oneRect({ cut: { leadIn: { kind: 'line', length: 3 } } }))).toBeCloseTo(103, 1);
    expect(burnLength(oneRect({ cut: { leadOut: { kind: 'line', length: 2 } } }))).toBeCloseTo(102, 1);
  });

  it('overcut: the cut runs on past its start', () => {
    expect(burnLength(oneRect({ cut: { overcut: 4 } }))).toBeCloseTo(104, 1);
  });

  it('Z offset and Z step: each pass lower on a machine with Z', () => {
    const zs = new Set(burns(movesOf(oneRect({ passes: 3, cut: { zOffset: 1, zStep: 0.5 } }))).map((m) => m.z));
    expect([...zs].sort()).toEqual([0, 0.5, 1]);
  });

  it('pass order: shape by shape, or layer pass after layer pass', () => {
    const shapes = () => [rect('A', 10, 10, 30, 20), rect('A', 60, 10, 30, 20)];
    const sequence = (passOrder: 'layer' | 'shape') => {
      const seq = burns(movesOf(docWith([cutLayer({ passes: 2, cut: { passOrder } })], shapes()))).map((m) =>
        m.from.x < 50 ? 'L' : 'R',
      );
      return seq.filter((v, i) => i === 0 || v !== seq[i - 1]).join('');
    };
    // shape order: both passes of the left one, then of the right; layer order: left, right, then the
    // second pass back from the right
    expect(sequence('shape')).toBe('LR');
    expect(sequence('layer')).toBe('LRL');
  });

  it('air assist: turned on for the layer and off at the end', () => {
    expect(gcodeOf(oneRect({ cut: { airAssist: true } }))).toMatch(/^M8$[\s\S]*^M9$/m);
    expect(gcodeOf(oneRect({ cut: { airAssist: false } }))).not.toMatch(/^M8$/m);
  });

  it('perforation: dashes of the set on and off lengths, or fired dots', () => {
    const dashed = burnLength(oneRect({ cut: { perforation: { mode: 'dash', on: 2, off: 2, spacing: 1, dwell: 5 } } }));
    expect(dashed).toBeCloseTo(50, 0);
    const dots = gcodeOf(oneRect({ cut: { perforation: { mode: 'dot', on: 2, off: 1, spacing: 5, dwell: 5 } } }));
    expect(dots.match(/^G4 P/gm)?.length).toBeCloseTo(20, -1);
  });

  it('dashes: a dashed stroke is cut dashed when the layer says so', () => {
    const shape = { ...rect('A', 10, 10, 30, 20), style: { stroke: '#000000', dash: [5, 5] } };
    const solid = burnLength(docWith([cutLayer({ cut: { dashes: 'solid' } })], [shape]));
    const dashed = burnLength(docWith([cutLayer({ cut: { dashes: 'dashed' } })], [shape]));
    expect(solid).toBeCloseTo(100, 1);
    expect(dashed).toBeCloseTo(50, 0);
  });
});
