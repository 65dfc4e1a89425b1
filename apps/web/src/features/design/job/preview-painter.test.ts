import { describe, expect, it } from 'vitest';
import { fitView, segmentsDone, zoomView } from './preview-painter';

describe('preview view and playback', () => {
  it('counts the segments done by a moment of the job', () => {
    const times = Float64Array.from([0.5, 1, 1, 2, 4]);
    expect(segmentsDone(times, 0)).toBe(0);
    expect(segmentsDone(times, 1)).toBe(3);
    expect(segmentsDone(times, 3.9)).toBe(4);
    expect(segmentsDone(times, 4)).toBe(5);
    expect(segmentsDone(new Float64Array(0), 10)).toBe(0);
  });

  it('fits the bed in the canvas, centred, and zooms about the pointer', () => {
    const view = fitView({ width: 600, height: 400 }, 1000, 600);
    // 600 × 400 mm in (1000 − 48) × (600 − 48) px: the height limits, 1.38 px/mm
    expect(view.scale).toBeCloseTo(552 / 400, 6);
    expect(view.x + (600 * view.scale) / 2).toBeCloseTo(500, 6);
    expect(view.y + (400 * view.scale) / 2).toBeCloseTo(300, 6);
    const at = { x: 321, y: 123 };
    const zoomed = zoomView(view, 2, at);
    expect(zoomed.scale).toBeCloseTo(view.scale * 2, 6);
    // the document point under the pointer stays under it
    const before = { x: (at.x - view.x) / view.scale, y: (at.y - view.y) / view.scale };
    const after = { x: (at.x - zoomed.x) / zoomed.scale, y: (at.y - zoomed.y) / zoomed.scale };
    expect(after.x).toBeCloseTo(before.x, 6);
    expect(after.y).toBeCloseTo(before.y, 6);
  });
});
