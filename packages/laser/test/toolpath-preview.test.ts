import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import {
  gcodeText,
  importSvg,
  jobStats,
  MOVE_BURN,
  MOVE_IDLE,
  MOVE_TRAVEL,
  optimiseJob,
  planJob,
  type ToolpathPreview,
  toolpathPreview,
} from '../src/index.js';
import { trace } from './gcode-trace.js';

/** The toolpath preview is the G-code's own walk: the same moves, lengths and statistics. */

const HEIGHT = 60;

/** A 20 × 10 picture: black left half, white right half. */
function halfBlackPng(): string {
  const width = 20;
  const height = 10;
  const data = new Uint8Array(width * height * 4).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width / 2; x++) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return `data:image/png;base64,${Buffer.from(encode({ width, height, data, channels: 4 })).toString('base64')}`;
}

function drawing(withPicture: boolean) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="${HEIGHT}mm" viewBox="0 0 100 ${HEIGHT}">
    <rect x="10" y="10" width="30" height="20" fill="none" stroke="#ff0000"/>
    <circle cx="70" cy="20" r="10" fill="#0000ff"/>
    ${withPicture ? `<image x="10" y="40" width="40" height="20" href="${halfBlackPng()}"/>` : ''}
  </svg>`;
  return importSvg(svg, { name: 'preview' });
}

const sum = (p: ToolpathPreview, kind: number) => {
  let total = 0;
  for (let i = 0; i < p.kinds.length; i++) {
    if (p.kinds[i] !== kind) continue;
    total += Math.hypot(p.coords[4 * i + 2]! - p.coords[4 * i]!, p.coords[4 * i + 3]! - p.coords[4 * i + 1]!);
  }
  return total;
};

describe('toolpath preview', () => {
  it('has the statistics of jobStats and moves as long as the traced G-code', () => {
    const { job } = optimiseJob(planJob(drawing(false)));
    const preview = toolpathPreview(job);
    expect(preview.stats).toEqual(jobStats(job));
    const moves = trace(gcodeText(job));
    const length = (ms: typeof moves) => ms.reduce((a, m) => a + Math.hypot(m.to.x - m.from.x, m.to.y - m.from.y), 0);
    const lit = moves.filter((m) => m.motion === 'G1' && m.s > 0);
    const idle = moves.filter((m) => m.motion === 'G1' && m.s === 0);
    const rapid = moves.filter((m) => m.motion === 'G0');
    // Float32 coordinates: a few micrometres over a few metres of moves.
    expect(sum(preview, MOVE_BURN)).toBeCloseTo(length(lit), 1);
    expect(sum(preview, MOVE_IDLE)).toBeCloseTo(length(idle), 1);
    expect(sum(preview, MOVE_TRAVEL)).toBeCloseTo(length(rapid), 1);
    expect(sum(preview, MOVE_BURN)).toBeCloseTo(preview.stats.cutLength, 1);
    expect(sum(preview, MOVE_TRAVEL)).toBeCloseTo(preview.stats.travelLength, 1);
  });

  it('draws in document coordinates (y down), whatever the machine origin', () => {
    const { job } = optimiseJob(planJob(drawing(false)));
    for (const origin of ['bottom-left', 'top-left'] as const) {
      const p = toolpathPreview(job, { origin });
      const red = p.layerIds.indexOf(job.layers.find((l) => l.color === '#ff0000')!.id);
      for (let i = 0; i < p.kinds.length; i++) {
        if (p.kinds[i] !== MOVE_BURN || p.layers[i] !== red) continue;
        for (const k of [0, 2]) {
          const x = p.coords[4 * i + k]!;
          const y = p.coords[4 * i + k + 1]!;
          const onEdge = Math.min(Math.abs(x - 10), Math.abs(x - 40), Math.abs(y - 10), Math.abs(y - 30));
          expect(onEdge).toBeLessThan(1e-3);
        }
      }
    }
  });

  it('times every move, ending at the estimated time', () => {
    const { job } = optimiseJob(planJob(drawing(true)));
    const p = toolpathPreview(job);
    for (let i = 1; i < p.times.length; i++) expect(p.times[i]).toBeGreaterThanOrEqual(p.times[i - 1]!);
    expect(p.times[p.times.length - 1]).toBeCloseTo(p.stats.estimatedTime, 6);
    expect(p.stats.layers.map((l) => l.layerId).sort()).toEqual([...p.layerIds].sort());
  });

  it.each(['horizontal', 'vertical'] as const)(
    'shows an engraved picture where it lies, burnt on its black half only (%s scan)',
    (scan) => {
      const doc = drawing(true);
      for (const shape of doc.shapes) if (shape.kind === 'bitmap') shape.settings.scanDirection = scan;
      const { job } = optimiseJob(planJob(doc));
      for (const origin of ['bottom-left', 'top-left'] as const) {
        const [raster] = toolpathPreview(job, { origin }).rasters;
        expect(raster).toBeDefined();
        const r = raster!;
        // The black half of the 2:1 picture fitted in 40 × 20 mm at x 10: x 10–30, y 40–60; the edge is
        // one source pixel (2 mm) of resampled grey, dithered, so some dots land just past x 30.
        expect(r.x).toBeCloseTo(10, 0);
        expect(r.x + r.width).toBeGreaterThan(29.5);
        expect(r.x + r.width).toBeLessThan(32);
        expect(r.y).toBeCloseTo(40, 0);
        expect(r.y + r.height).toBeCloseTo(60, 0);
        const burnt = r.darkness.reduce((a, v) => a + (v > 0 ? 1 : 0), 0);
        expect(burnt / r.darkness.length).toBeGreaterThan(0.9);
        expect(r.endTime).toBeGreaterThan(r.startTime);
      }
    },
  );
});
