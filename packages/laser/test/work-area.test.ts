import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importSvg } from '../src/import/svg/index.js';
import type { EllipseShape, Layer, RectShape, Shape } from '../src/model/document.js';
import { LASER_MESSAGES, SettingError } from '../src/model/errors.js';
import type { Job, MachineSettings, RasterOp } from '../src/model/job.js';
import { createDocument, createLayer, cutSettings, DEFAULT_FILL } from '../src/model/layers.js';
import { IDENTITY } from '../src/model/matrix.js';
import { gcodeText } from '../src/output/gcode.js';
import { planJob } from '../src/toolpath/index.js';
import { type Move, trace } from './gcode-trace.js';

/** Every traced move, burning or travelling, ends and starts on the bed (machine coordinates). */
function offBed(moves: Move[], w: number, h: number): Move[] {
  const out = (p: { x: number; y: number }) => p.x < -0.0005 || p.y < -0.0005 || p.x > w + 0.0005 || p.y > h + 0.0005;
  return moves.filter((m) => out(m.from) || out(m.to));
}

const shapeArb = fc
  .record({
    kind: fc.constantFrom('rect' as const, 'ellipse' as const),
    x: fc.double({ min: -60, max: 220, noNaN: true }),
    y: fc.double({ min: -60, max: 220, noNaN: true }),
    w: fc.double({ min: 1, max: 90, noNaN: true }),
    h: fc.double({ min: 1, max: 90, noNaN: true }),
    layer: fc.constantFrom('cut', 'fill'),
  })
  .map(({ kind, x, y, w, h, layer }): RectShape | EllipseShape =>
    kind === 'rect'
      ? { id: '', kind, layerId: layer, transform: IDENTITY, x, y, width: w, height: h, rx: 0, ry: 0 }
      : { id: '', kind, layerId: layer, transform: IDENTITY, cx: x, cy: y, rx: w / 2, ry: h / 2 },
  );

const machineArb = fc.record({
  origin: fc.constantFrom('bottom-left' as const, 'top-left' as const),
  grow: fc.constantFrom(0, 0, 25),
});

describe('the work area', () => {
  it('no traced move lies outside the bed, for random drawings, settings and machines', () => {
    fc.assert(
      fc.property(
        fc.array(shapeArb, { minLength: 1, maxLength: 8 }),
        machineArb,
        fc.double({ min: 0, max: 6, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('none' as const, 'line' as const, 'arc' as const),
        (drawn, machine, overscan, kerf, lead) => {
          const list = drawn.map((s, i) => ({ ...s, id: `s${i}` }));
          const layers: Layer[] = [
            createLayer({
              id: 'cut',
              cut: cutSettings({
                kerfOffset: kerf,
                leadIn: { kind: lead, length: 4 },
                leadOut: { kind: lead, length: 4 },
              }),
            }),
            createLayer({ id: 'fill', mode: 'fill', fillSettings: { ...DEFAULT_FILL, interval: 2, overscan } }),
          ];
          const doc = createDocument({ width: 200, height: 150, layers, shapes: list });
          const job = planJob(doc);
          const bed = { bedWidth: 200 + machine.grow, bedHeight: 150 + machine.grow };
          const text = gcodeText(job, { machine: { origin: machine.origin, ...bed } });
          expect(offBed(trace(text), bed.bedWidth, bed.bedHeight)).toEqual([]);
          // By how much a shape reaches past the area (negative: its distance inside the edges).
          const reach = (s: RectShape | EllipseShape) => {
            const [x0, y0, x1, y1] =
              s.kind === 'rect'
                ? [s.x, s.y, s.x + s.width, s.y + s.height]
                : s.kind === 'ellipse'
                  ? [s.cx - s.rx, s.cy - s.ry, s.cx + s.rx, s.cy + s.ry]
                  : [0, 0, 0, 0];
            return Math.max(-x0, -y0, x1 - 200, y1 - 150) + (s.layerId === 'cut' ? kerf : 0);
          };
          // A cut outline always comes out; a fill of a tiny shape may have no line to cut off.
          const cutReach = Math.max(...list.filter((s) => s.layerId === 'cut').map(reach));
          if (cutReach > 0.01) expect(job.warnings).toEqual([LASER_MESSAGES.clippedToArea]);
          if (Math.max(...list.map(reach)) < -0.01) expect(job.warnings).toBeUndefined();
        },
      ),
      { numRuns: 120 },
    );
  });

  it('shortens the overscan of a fill touching the edge instead of running 2 mm past it', () => {
    const layer = createLayer({ id: 'F', mode: 'fill', fillSettings: { ...DEFAULT_FILL, interval: 1, overscan: 2 } });
    const square: Shape = {
      id: 'r',
      kind: 'rect',
      layerId: 'F',
      transform: IDENTITY,
      x: 0,
      y: 10,
      width: 20,
      height: 5,
      rx: 0,
      ry: 0,
    };
    const job = planJob(createDocument({ width: 100, height: 100, layers: [layer], shapes: [square] }));
    const moves = trace(gcodeText(job, { machine: { origin: 'top-left' } }));
    expect(Math.min(...moves.map((m) => m.to.x))).toBe(0);
    // The far end still has its full run-on.
    expect(Math.max(...moves.map((m) => m.to.x))).toBe(22);
  });

  it('shortens a raster overscan that would leave the bed', () => {
    const layer = createLayer({ id: 'I', mode: 'image' });
    const raster: RasterOp = {
      kind: 'raster',
      layerId: 'I',
      shapeId: 'b',
      axis: 'horizontal',
      overscan: 5,
      lines: [{ at: 10, from: 1, step: 0.5, levels: new Uint8Array([255, 0, 255, 255]) }],
    };
    const job: Job = { name: 'r', width: 50, height: 50, layers: [layer], ops: [raster] };
    const moves = trace(gcodeText(job, { machine: { origin: 'top-left' } }));
    expect(offBed(moves, 50, 50)).toEqual([]);
    expect(Math.min(...moves.map((m) => m.to.x))).toBe(0);
  });

  it('refuses a job larger than the machine bed, with the reason', () => {
    const square: Shape = {
      id: 'r',
      kind: 'rect',
      layerId: 'L',
      transform: IDENTITY,
      x: 10,
      y: 10,
      width: 180,
      height: 20,
      rx: 0,
      ry: 0,
    };
    const job = planJob(
      createDocument({ width: 200, height: 100, layers: [createLayer({ id: 'L' })], shapes: [square] }),
    );
    const machine: Partial<MachineSettings> = { bedWidth: 100, bedHeight: 100 };
    expect(() => gcodeText(job, { machine })).toThrow(SettingError);
    expect(() => gcodeText(job, { machine })).toThrow(LASER_MESSAGES.outsideBed.en);
  });

  it('does not burn the part of an SVG that lies outside its viewBox', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="50mm" viewBox="0 0 100 50">
      <rect x="-17" y="10" width="40" height="20" fill="none" stroke="#000"/>
      <circle cx="60" cy="25" r="10" fill="none" stroke="#000"/></svg>`;
    const document = importSvg(svg);
    const job = planJob(document);
    expect(job.warnings).toEqual([LASER_MESSAGES.clippedToArea]);
    const moves = trace(gcodeText(job));
    expect(offBed(moves, 100, 50)).toEqual([]);
    const burnt = moves.filter((m) => m.motion === 'G1' && m.s > 0);
    expect(Math.min(...burnt.map((m) => Math.min(m.from.x, m.to.x)))).toBe(0);
  });
});
