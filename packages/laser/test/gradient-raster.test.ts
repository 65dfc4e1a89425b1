import { describe, expect, it } from 'vitest';
import { importSvg } from '../src/import/svg/index.js';
import type { Gradient, RectShape } from '../src/model/document.js';
import type { RasterOp } from '../src/model/job.js';
import { createDocument, createLayer, DEFAULT_FILL } from '../src/model/layers.js';
import { IDENTITY, translate } from '../src/model/matrix.js';
import { gradientOffset } from '../src/toolpath/gradient-raster.js';
import { planJob } from '../src/toolpath/index.js';

const blackToWhite: Gradient = {
  kind: 'linear',
  x1: 0,
  y1: 0,
  x2: 20,
  y2: 0,
  transform: IDENTITY,
  spread: 'pad',
  stops: [
    { offset: 0, color: '#000000', opacity: 1 },
    { offset: 1, color: '#ffffff', opacity: 1 },
  ],
};

function rect(gradient: Gradient, layerId: string): RectShape {
  return {
    id: 'r',
    kind: 'rect',
    layerId,
    transform: translate(5, 5),
    x: 0,
    y: 0,
    width: 20,
    height: 10,
    rx: 0,
    ry: 0,
    style: { fill: gradient.stops[0]!.color, fillGradient: gradient },
  };
}

function plan(gradient: Gradient, mode: 'image' | 'fill' = 'image', bidirectional = true) {
  const layer = createLayer({
    id: 'L',
    mode,
    fillSettings: { ...DEFAULT_FILL, interval: 0.5, overscan: 1, bidirectional },
  });
  return planJob(createDocument({ width: 100, height: 100, layers: [layer], shapes: [rect(gradient, 'L')] }));
}

describe('gradients on image layers', () => {
  it('engrave as greyscale: full power where black, none where white, in proportion between', () => {
    const job = plan(blackToWhite, 'image', false);
    expect(job.ops).toHaveLength(1);
    const op = job.ops[0] as RasterOp;
    expect(op.kind).toBe('raster');
    expect(op.lines).toHaveLength(20); // 10 mm at 0.5 mm
    for (const line of op.lines) {
      expect(line.from).toBeCloseTo(5, 9);
      expect(line.step).toBeCloseTo(0.5, 9);
      expect(line.levels).toHaveLength(40);
      // Pixel i is centred at x = (i + 0.5) · 0.5 along the gradient, which runs 0 → 20.
      for (const [i, level] of line.levels.entries()) {
        expect(Math.abs(level - 255 * (1 - ((i + 0.5) * 0.5) / 20))).toBeLessThanOrEqual(1);
      }
    }
  });

  it('run both ways on a bidirectional layer, the pixels still where they belong', () => {
    const job = plan(blackToWhite);
    const [first, second] = (job.ops[0] as RasterOp).lines;
    expect(second!.step).toBeLessThan(0);
    expect(second!.from).toBeCloseTo(25, 9);
    expect(Array.from(second!.levels).reverse()).toEqual(Array.from(first!.levels));
  });

  it('spread the gradient beyond its ends as asked (pad, repeat, reflect), and radial gradients from the focus', () => {
    const half = { ...blackToWhite, x2: 10 };
    const lastLevel = (g: Gradient) => (plan(g, 'image', false).ops[0] as RasterOp).lines[0]!.levels.at(-1)!;
    // The last pixel sits at 19.75 mm, 1.975 gradient lengths along: white when padded, nearly white again
    // when repeated (0.975), nearly black when reflected (0.025).
    expect(lastLevel({ ...half, spread: 'pad' })).toBe(0);
    expect(lastLevel({ ...half, spread: 'repeat' })).toBeLessThan(10);
    expect(lastLevel({ ...half, spread: 'reflect' })).toBeGreaterThan(240);
    const radial: Gradient = { ...blackToWhite, kind: 'radial', cx: 10, cy: 5, r: 5, fx: 10, fy: 5, fr: 0 };
    expect(gradientOffset(radial, { x: 10, y: 5 })).toBeCloseTo(0, 9);
    expect(gradientOffset(radial, { x: 13, y: 9 })).toBeCloseTo(1, 9);
    expect(gradientOffset({ ...radial, fx: 8 }, { x: 8, y: 5 })).toBeCloseTo(0, 9);
  });

  it('are filled as their first colour on fill layers', () => {
    const job = plan(blackToWhite, 'fill');
    expect(job.ops.every((o) => o.kind === 'path' && o.mode === 'fill')).toBe(true);
  });

  it('come through the SVG import ready to engrave', () => {
    const doc = importSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="20mm" viewBox="0 0 40 20">' +
        '<linearGradient id="g"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff" stop-opacity="0.5"/></linearGradient>' +
        '<rect x="5" y="5" width="30" height="10" fill="url(#g)"/></svg>',
    );
    for (const l of doc.layers) l.mode = 'image';
    const op = planJob(doc).ops[0] as RasterOp;
    expect(op.kind).toBe('raster');
    const levels = op.lines[0]!.levels;
    expect(levels[0]).toBeGreaterThan(250);
    // Half-transparent white over white is white: nothing burns at the end.
    expect(levels.at(-1)).toBeLessThan(5);
  });
});
