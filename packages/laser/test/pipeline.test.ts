import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import {
  gcodeText,
  importDxf,
  importSvg,
  jobStats,
  type KerfDocument,
  optimiseJob,
  parseDocument,
  planJob,
  serializeDocument,
} from '../src/index.js';
import { CORPUS, haveCorpus } from './corpus.js';
import { type Move, trace } from './gcode-trace.js';

/**
 * The whole way through, as the editor will use the core: a drawing in, laser layers set, a job
 * planned and optimised, G-code out, and the G-code read back by an independent interpreter.
 */

const HEIGHT = 60;

/** A 20 × 10 picture: black on the left fading to white on the right. */
function gradientPng(): string {
  const width = 20;
  const height = 10;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = Math.round((x / (width - 1)) * 255);
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return `data:image/png;base64,${Buffer.from(encode({ width, height, data, channels: 4 })).toString('base64')}`;
}

function drawing(): KerfDocument {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="${HEIGHT}mm" viewBox="0 0 100 ${HEIGHT}">
    <rect x="10" y="10" width="30" height="20" fill="none" stroke="#ff0000"/>
    <circle cx="70" cy="20" r="10" fill="#0000ff"/>
    <image x="10" y="40" width="40" height="15" href="${gradientPng()}"/>
  </svg>`;
  const doc = importSvg(svg, { name: 'pipeline' });
  for (const layer of doc.layers) {
    if (layer.mode === 'cut') layer.maxPower = 20;
    if (layer.mode === 'fill') layer.maxPower = 30;
    if (layer.mode === 'image') layer.maxPower = 40;
  }
  return doc;
}

/** Document coordinates of a traced move (the default machine origin is bottom-left). */
const ends = (m: Move) => [
  { x: m.from.x, y: HEIGHT - m.from.y },
  { x: m.to.x, y: HEIGHT - m.to.y },
];
const length = (ms: Move[]) => ms.reduce((a, m) => a + Math.hypot(m.to.x - m.from.x, m.to.y - m.from.y), 0);

describe('drawing to G-code', () => {
  const doc = drawing();
  const planned = planJob(doc, { name: 'pipeline' });
  const { job, travelBefore, travelAfter } = optimiseJob(planned);
  const text = gcodeText(job);
  const moves = trace(text);
  const burnt = (s: number) => moves.filter((m) => m.motion === 'G1' && m.s === s);

  it('maps the drawing to three laser layers: the stroke cut, the fill filled, the picture engraved', () => {
    expect(doc.layers.map((l) => [l.color, l.mode]).sort()).toEqual([
      ['#000000', 'image'],
      ['#0000ff', 'fill'],
      ['#ff0000', 'cut'],
    ]);
    expect(text).toMatch(/^; Kerf job: pipeline/m);
    expect(travelAfter).toBeLessThanOrEqual(travelBefore);
  });

  it('cuts the rectangle along its outline at the cut layer power (20 W of 40 W → S500)', () => {
    const cut = burnt(500);
    expect(length(cut)).toBeCloseTo(100, 2);
    for (const p of cut.flatMap(ends)) {
      const onEdge = Math.min(Math.abs(p.x - 10), Math.abs(p.x - 40), Math.abs(p.y - 10), Math.abs(p.y - 30));
      expect(onEdge).toBeLessThan(1e-3);
    }
  });

  it('fills the circle with hatch lines that stay inside it and cover its area', () => {
    const fill = burnt(750);
    expect(fill.length).toBeGreaterThan(50);
    for (const p of fill.flatMap(ends)) expect(Math.hypot(p.x - 70, p.y - 20)).toBeLessThan(10 + 1e-3);
    const interval = doc.layers.find((l) => l.mode === 'fill')!.fillSettings.interval;
    const area = Math.PI * 100;
    expect(Math.abs(length(fill) * interval - area) / area).toBeLessThan(0.02);
  });

  // The 2:1 picture in a 40 × 15 mm box is fitted (SVG's default xMidYMid meet): 30 × 15 mm from x = 15.
  it('engraves the picture inside its frame, darker on the left, with about half of it burnt', () => {
    const image = moves.filter((m) => m.motion === 'G1' && m.s > 0 && m.s !== 500 && m.s !== 750);
    expect(image.length).toBeGreaterThan(100);
    for (const p of image.flatMap(ends)) {
      expect(p.x).toBeGreaterThanOrEqual(15 - 1e-3);
      expect(p.x).toBeLessThanOrEqual(45 + 1e-3);
      expect(p.y).toBeGreaterThanOrEqual(40 - 1e-3);
      expect(p.y).toBeLessThanOrEqual(55 + 1e-3);
    }
    const settings = doc.shapes.flatMap((s) => (s.kind === 'bitmap' ? [s.settings] : []))[0]!;
    const pitch = 25.4 / settings.dpiY;
    const share = (length(image) * pitch) / (30 * 15);
    expect(share).toBeGreaterThan(0.45);
    expect(share).toBeLessThan(0.55);
    const left = length(image.filter((m) => Math.max(m.from.x, m.to.x) <= 25));
    const right = length(image.filter((m) => Math.min(m.from.x, m.to.x) >= 35));
    expect(left).toBeGreaterThan(right * 3);
  });

  it('reports statistics that match the traced program', () => {
    const stats = jobStats(job);
    const lit = moves.filter((m) => m.motion === 'G1' && m.s > 0);
    expect(stats.cutLength).toBeCloseTo(length(lit), 3);
    expect(stats.estimatedTime).toBeGreaterThan(stats.cutLength / Math.max(...doc.layers.map((l) => l.speed)));
  });

  it('gives the same program after the document is saved as JSON and read back', () => {
    const again = parseDocument(serializeDocument(doc));
    expect(gcodeText(optimiseJob(planJob(again, { name: 'pipeline' })).job)).toBe(text);
  });
});

describe.skipIf(!haveCorpus)('a real CAD drawing to G-code (skipped: corpus absent)', () => {
  it('turns sample_2018.dxf into a program that traces inside the drawing', () => {
    const doc = importDxf(new Uint8Array(readFileSync(join(CORPUS, 'cad', 'sample_2018.dxf'))));
    const { job } = optimiseJob(planJob(doc));
    const lit = trace(gcodeText(job)).filter((m) => m.motion === 'G1' && m.s > 0);
    expect(lit.length).toBeGreaterThan(10);
    for (const m of lit) {
      for (const p of [m.from, m.to]) {
        expect(p.x).toBeGreaterThanOrEqual(-1e-3);
        expect(p.x).toBeLessThanOrEqual(doc.width + 1e-3);
        expect(p.y).toBeGreaterThanOrEqual(-1e-3);
        expect(p.y).toBeLessThanOrEqual(doc.height + 1e-3);
      }
    }
  });
});
