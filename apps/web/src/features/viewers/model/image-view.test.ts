import { describe, expect, it } from 'vitest';
import {
  clampPage,
  fitScale,
  IMAGE_ZOOM,
  type ImageViewAction,
  type ImageViewState,
  imageViewReducer,
  initialImageView,
  quarterTurn,
  wheelZoom,
  zoomInFrom,
  zoomLabel,
  zoomOutFrom,
} from './image-view';

const run = (state: ImageViewState, ...actions: ImageViewAction[]) => actions.reduce(imageViewReducer, state);
const times = (n: number, action: ImageViewAction) => Array.from({ length: n }, () => action);

describe('zoom', () => {
  it('starts at 100 % and steps by 10 % within 1–200 %', () => {
    const start = initialImageView(0, 3);
    expect(start.zoom).toBe(100);
    expect(run(start, { type: 'zoomIn' }).zoom).toBe(110);
    expect(run(start, ...times(20, { type: 'zoomIn' })).zoom).toBe(IMAGE_ZOOM.max);
    expect(run(start, ...times(20, { type: 'zoomOut' })).zoom).toBe(IMAGE_ZOOM.min);
  });

  it('steps from odd values to whole steps, and from the limits back in', () => {
    expect(zoomInFrom(1)).toBe(10);
    expect(zoomOutFrom(10)).toBe(1);
    expect(zoomInFrom(95.5)).toBe(100);
    expect(zoomOutFrom(95.5)).toBe(90);
    expect(zoomOutFrom(200)).toBe(190);
  });

  it('a double click goes to 200 % and back to 100 %, centred again', () => {
    const start = initialImageView(0, 1);
    const close = run(start, { type: 'toggleZoom' });
    expect(close.zoom).toBe(200);
    const back = run(close, { type: 'pan', dx: 40, dy: 0 }, { type: 'toggleZoom' });
    expect(back.zoom).toBe(100);
    expect(back.offset).toEqual({ x: 0, y: 0 });
    expect(run(start, { type: 'zoomOut' }, { type: 'toggleZoom' }).zoom).toBe(100);
  });

  it('zooms one step per wheel notch, smoothly for small deltas, never past the limits', () => {
    expect(wheelZoom(100, -100)).toBe(110);
    expect(wheelZoom(100, 100)).toBe(90);
    expect(wheelZoom(100, 1000)).toBe(90);
    expect(wheelZoom(100, -4)).toBeCloseTo(100.4);
    expect(wheelZoom(199, -100)).toBe(200);
    expect(wheelZoom(3, 100)).toBe(1);
    expect(zoomLabel(100.4)).toBe('100%');
  });
});

describe('pinch zoom (SPEC §9: 1–200 %)', () => {
  it('scales from the zoom the pinch started at, within the limits', () => {
    const start = initialImageView(0, 1);
    expect(run(start, { type: 'pinch', from: 100, scale: 1.5 }).zoom).toBe(150);
    expect(run(start, { type: 'pinch', from: 100, scale: 5 }).zoom).toBe(IMAGE_ZOOM.max);
    expect(run(start, { type: 'pinch', from: 100, scale: 0.001 }).zoom).toBe(IMAGE_ZOOM.min);
    // each move of the same pinch starts from where it began, not from the last step
    expect(run(start, { type: 'pinch', from: 100, scale: 1.2 }, { type: 'pinch', from: 100, scale: 1.3 }).zoom).toBe(
      130,
    );
  });

  it('centres the picture again at 100 % or less, and ignores a broken distance', () => {
    const moved = run(initialImageView(0, 1), { type: 'zoomIn' }, { type: 'pan', dx: 30, dy: 10 });
    expect(run(moved, { type: 'pinch', from: 110, scale: 1.5 }).offset).toEqual({ x: 30, y: 10 });
    expect(run(moved, { type: 'pinch', from: 110, scale: 0.5 }).offset).toEqual({ x: 0, y: 0 });
    expect(run(moved, { type: 'pinch', from: 110, scale: Number.NaN }).zoom).toBe(110);
    expect(run(moved, { type: 'pinch', from: 110, scale: 0 }).zoom).toBe(110);
  });
});

describe('rotation', () => {
  it('turns in quarter steps both ways', () => {
    const start = initialImageView(0, 1);
    expect(quarterTurn(run(start, { type: 'rotateRight' }).rotation)).toBe(90);
    expect(quarterTurn(run(start, { type: 'rotateLeft' }).rotation)).toBe(270);
    expect(quarterTurn(run(start, ...times(4, { type: 'rotateRight' })).rotation)).toBe(0);
    expect(run(start, ...times(4, { type: 'rotateRight' })).rotation).toBe(360);
  });

  it('fits a turned image by its turned size, and never enlarges', () => {
    const natural = { width: 2000, height: 1000 };
    const stage = { width: 1000, height: 800 };
    expect(fitScale(natural, stage, 0)).toBe(0.5);
    expect(fitScale(natural, stage, 90)).toBe(0.4);
    expect(fitScale(natural, stage, -270)).toBe(0.4);
    expect(fitScale({ width: 100, height: 50 }, stage, 0)).toBe(1);
    expect(fitScale({ width: 0, height: 0 }, stage, 0)).toBe(1);
  });
});

describe('page number (SPEC §5: 1..count)', () => {
  it('clamps to the images there are', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(99, 5)).toBe(5);
    expect(clampPage('3', 5)).toBe(3);
    expect(clampPage(2.6, 5)).toBe(3);
    expect(clampPage('', 5)).toBeNull();
    expect(clampPage('abc', 5)).toBeNull();
    expect(clampPage(1, 0)).toBeNull();
  });

  it('goes to the clamped page, and a new image starts afresh', () => {
    const zoomed = run(
      initialImageView(0, 5),
      { type: 'zoomIn' },
      { type: 'rotateRight' },
      { type: 'pan', dx: 5, dy: 7 },
    );
    const moved = run(zoomed, { type: 'goTo', page: 42 });
    expect(moved).toEqual(initialImageView(4, 5));
    expect(run(zoomed, { type: 'goTo', page: Number.NaN })).toBe(zoomed);
  });
});

describe('navigation', () => {
  it('wraps around at both ends', () => {
    const start = initialImageView(0, 3);
    expect(run(start, { type: 'previous' }).index).toBe(2);
    expect(run(start, ...times(3, { type: 'next' })).index).toBe(0);
  });

  it('keeps the state when there is one image, and resets zoom, turn and drag on request', () => {
    const single = initialImageView(0, 1);
    expect(run(single, { type: 'next' })).toBe(single);
    const changed = run(single, { type: 'zoomOut' }, { type: 'rotateLeft' }, { type: 'pan', dx: 10, dy: -4 });
    expect(changed.offset).toEqual({ x: 10, y: -4 });
    expect(run(changed, { type: 'reset' })).toEqual(single);
  });

  it('opens at a valid index', () => {
    expect(initialImageView(9, 3).index).toBe(2);
    expect(initialImageView(-1, 3).index).toBe(0);
  });
});
