import { describe, expect, it } from 'vitest';
import { PAGE_GAP, pageAtScroll, pdfZoomIn, pdfZoomOut, resolveZoom } from './pdf-zoom';

const a4 = { width: 794, height: 1123 };

describe('PDF zoom', () => {
  it('fits the page width or the whole page into the box', () => {
    const box = { width: 1000 + 2 * PAGE_GAP, height: 700 + 2 * PAGE_GAP };
    expect(resolveZoom('page-width', { width: 1000, height: 1400 }, box)).toBeCloseTo(1);
    expect(resolveZoom('page-fit', { width: 1000, height: 1400 }, box)).toBeCloseTo(0.5);
  });

  it('automatic: a portrait page fills the width up to 125 %, a landscape one fits whole', () => {
    expect(resolveZoom('auto', a4, { width: 1366, height: 800 })).toBe(1.25);
    expect(resolveZoom('auto', a4, { width: 500, height: 800 })).toBeCloseTo((500 - 2 * PAGE_GAP) / 794);
    expect(resolveZoom('auto', { width: 1123, height: 794 }, { width: 1366, height: 600 })).toBeCloseTo(
      (600 - 2 * PAGE_GAP) / 794,
    );
  });

  it('keeps fixed scales within 25–400 %', () => {
    expect(resolveZoom(9, a4, { width: 10, height: 10 })).toBe(4);
    expect(resolveZoom(0.01, a4, { width: 10, height: 10 })).toBe(0.25);
  });

  it('steps to the next fixed scale from wherever a fit left it', () => {
    expect(pdfZoomIn(1)).toBe(1.25);
    expect(pdfZoomIn(1.1)).toBe(1.25);
    expect(pdfZoomOut(1.1)).toBe(1);
    expect(pdfZoomIn(4)).toBe(4);
    expect(pdfZoomOut(0.25)).toBe(0.25);
  });
});

describe('page at a scroll position', () => {
  const tops = [0, 1000, 2000, 3000];
  it('is the last page whose top passed a third of the view', () => {
    expect(pageAtScroll(tops, 0, 900)).toBe(1);
    expect(pageAtScroll(tops, 700, 900)).toBe(2);
    expect(pageAtScroll(tops, 2500, 900)).toBe(3);
    expect(pageAtScroll(tops, 99_999, 900)).toBe(4);
    expect(pageAtScroll([], 0, 900)).toBe(1);
  });
});
