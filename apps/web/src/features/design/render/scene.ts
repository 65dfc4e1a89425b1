import type { Bounds, KerfDocument } from '@kerf/laser';
import type { Camera, Viewport } from '../model/camera';

/** Colours of the canvas, in one place (the Kerf theme's green for what the editor itself draws). */
export const COLORS = {
  pasteboard: '#e8eaed',
  workArea: '#ffffff',
  workAreaEdge: '#b8bec7',
  gridMinor: '#eef0f3',
  gridMajor: '#dde1e6',
  origin: '#86a500',
  selection: '#1677ff',
  handleFill: '#ffffff',
  marqueeWindow: 'rgba(22, 119, 255, 0.08)',
  marqueeCrossing: 'rgba(134, 165, 0, 0.10)',
  snap: '#fa8c16',
  node: '#1677ff',
} as const;

/** The layer colour of each layer id (shapes are drawn in their layer's colour, as in LightBurn). */
export function layerColors(doc: KerfDocument): Map<string, string> {
  return new Map(doc.layers.map((layer) => [layer.id, layer.color]));
}

/** Grid pitch shown at this zoom: the set pitch times 5ⁿ so lines stay at least 8 px apart. */
export function visibleGridStep(gridSize: number, zoom: number): number {
  let step = gridSize;
  while (step * zoom < 8) step *= 5;
  while (step / 5 >= gridSize && (step / 5) * zoom >= 8) step /= 5;
  return step;
}

/** Sets the context to draw in document millimetres under `camera`, on a canvas of `dpr` pixels per CSS pixel. */
export function setDocumentTransform(ctx: CanvasRenderingContext2D, camera: Camera, dpr: number) {
  ctx.setTransform(dpr * camera.zoom, 0, 0, dpr * camera.zoom, dpr * camera.x, dpr * camera.y);
}

export function drawWorkArea(
  ctx: CanvasRenderingContext2D,
  doc: KerfDocument,
  camera: Camera,
  view: Bounds,
  showGrid: boolean,
  gridSize: number,
) {
  const px = 1 / camera.zoom;
  ctx.fillStyle = COLORS.workArea;
  ctx.fillRect(0, 0, doc.width, doc.height);
  if (showGrid) {
    const step = visibleGridStep(gridSize, camera.zoom);
    const x0 = Math.max(0, Math.floor(view.minX / step) * step);
    const x1 = Math.min(doc.width, view.maxX);
    const y0 = Math.max(0, Math.floor(view.minY / step) * step);
    const y1 = Math.min(doc.height, view.maxY);
    for (const major of [false, true]) {
      ctx.beginPath();
      for (let x = x0; x <= x1; x += step) {
        if (Math.abs(Math.round(x / (step * 5)) * step * 5 - x) < 1e-9 !== major) continue;
        ctx.moveTo(x, Math.max(0, view.minY));
        ctx.lineTo(x, y1);
      }
      for (let y = y0; y <= y1; y += step) {
        if (Math.abs(Math.round(y / (step * 5)) * step * 5 - y) < 1e-9 !== major) continue;
        ctx.moveTo(Math.max(0, view.minX), y);
        ctx.lineTo(x1, y);
      }
      ctx.strokeStyle = major ? COLORS.gridMajor : COLORS.gridMinor;
      ctx.lineWidth = px;
      ctx.stroke();
    }
  }
  ctx.strokeStyle = COLORS.workAreaEdge;
  ctx.lineWidth = px;
  ctx.strokeRect(0, 0, doc.width, doc.height);
  // the machine's origin: the work area's top-left corner, where jobs start
  ctx.strokeStyle = COLORS.origin;
  ctx.lineWidth = 2 * px;
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo(14 * px, 0);
  ctx.moveTo(0, 0);
  ctx.lineTo(0, 14 * px);
  ctx.stroke();
  ctx.fillStyle = COLORS.origin;
  ctx.beginPath();
  ctx.arc(0, 0, 3 * px, 0, 2 * Math.PI);
  ctx.fill();
}

export function clearPasteboard(ctx: CanvasRenderingContext2D, viewport: Viewport, dpr: number) {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = COLORS.pasteboard;
  ctx.fillRect(0, 0, viewport.width, viewport.height);
}
