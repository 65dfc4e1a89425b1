/**
 * The PDF viewer's zoom and page rules, apart from pdf.js: named fits and fixed steps, and which page
 * the reader is on for a scroll position.
 */

/** A PDF point is 1/72 inch; the screen's CSS pixel 1/96. At 100 % a page is its printed size. */
export const CSS_PER_PDF_POINT = 96 / 72;

export type PdfZoom = 'auto' | 'page-width' | 'page-fit' | number;

export const PDF_ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;
const MIN = PDF_ZOOM_STEPS[0];
const MAX = PDF_ZOOM_STEPS[PDF_ZOOM_STEPS.length - 1]!;
/** pdf.js's own "automatic" never enlarges a portrait page past this. */
const AUTO_MAX = 1.25;
/** Room around a page inside the scroll area, in CSS pixels. */
export const PAGE_GAP = 16;

/** The scale (1 = 100 %) a zoom choice means for a page of this size (CSS pixels at 100 %) in this box. */
export function resolveZoom(
  zoom: PdfZoom,
  page: { width: number; height: number },
  box: { width: number; height: number },
): number {
  if (typeof zoom === 'number') return clampScale(zoom);
  if (page.width <= 0 || page.height <= 0 || box.width <= 0) return 1;
  const width = (box.width - 2 * PAGE_GAP) / page.width;
  const height = (box.height - 2 * PAGE_GAP) / page.height;
  if (zoom === 'page-width') return clampScale(width);
  if (zoom === 'page-fit') return clampScale(Math.min(width, height));
  const landscape = page.width > page.height;
  return clampScale(landscape ? Math.min(width, height) : Math.min(AUTO_MAX, width));
}

export function clampScale(scale: number): number {
  return Number.isFinite(scale) ? Math.min(MAX, Math.max(MIN, scale)) : 1;
}

/** The next fixed step above the scale shown now (a fit may sit between steps). */
export function pdfZoomIn(scale: number): number {
  return PDF_ZOOM_STEPS.find((step) => step > scale + 0.005) ?? MAX;
}

export function pdfZoomOut(scale: number): number {
  return [...PDF_ZOOM_STEPS].reverse().find((step) => step < scale - 0.005) ?? MIN;
}

/**
 * The page being read: the last page whose top has passed a third of the way down the view
 * (1-based). `tops` are the pages' offsets in the scroll area, in order.
 */
export function pageAtScroll(tops: readonly number[], scrollTop: number, viewHeight: number): number {
  const line = scrollTop + viewHeight / 3;
  let page = 1;
  for (let i = 0; i < tops.length; i++) {
    if (tops[i]! <= line) page = i + 1;
    else break;
  }
  return page;
}
