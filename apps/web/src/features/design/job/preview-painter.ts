import { MOVE_BURN, MOVE_TRAVEL, type PreviewRaster, type Shape, type ToolpathPreview } from '@kerf/laser';
import { pathsOf } from '../render/path2d-cache';

/**
 * Draws a job preview on a 2D canvas: the bed, the drawing faintly, then the toolpath up to a moment
 * of the job (burns in their layer's colour, travel dashed, run-ons thin), pictures revealed line by
 * line, and the head. Plain canvas code, called by the preview component on every frame it needs.
 */

export interface PreviewView {
  /** Screen pixels per document millimetre. */
  scale: number;
  /** Screen position of the document origin, CSS pixels. */
  x: number;
  y: number;
}

export interface PreviewScene {
  preview: ToolpathPreview;
  /** Colour per entry of `preview.layerIds`. */
  colors: string[];
  shapes: readonly Shape[];
  bed: { width: number; height: number };
  /** Draw everything done by this many seconds into the job. */
  time: number;
  showTravel: boolean;
}

// Travel is drawn light: a fill's many short hops between its burns must not hide the burns.
const TRAVEL_COLOR = 'rgba(79, 124, 255, 0.45)';
const IDLE_COLOR = '#b8bec9';
const DRAWING_COLOR = '#d5d9e0';

/** The view that fits the bed in a canvas of `width` × `height` CSS pixels, with a margin. */
export function fitView(bed: { width: number; height: number }, width: number, height: number): PreviewView {
  const margin = 24;
  const scale = Math.max(1e-6, Math.min((width - 2 * margin) / bed.width, (height - 2 * margin) / bed.height));
  return { scale, x: (width - bed.width * scale) / 2, y: (height - bed.height * scale) / 2 };
}

/** Zooms the view by `factor` about a screen point. */
export function zoomView(view: PreviewView, factor: number, at: { x: number; y: number }): PreviewView {
  const scale = Math.min(2000, Math.max(0.01, view.scale * factor));
  const k = scale / view.scale;
  return { scale, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k };
}

/** How many segments are done at `time` (times are non-decreasing: a binary search). */
export function segmentsDone(times: Float64Array, time: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const rasterCanvases = new WeakMap<PreviewRaster, HTMLCanvasElement>();

/** A picture's burn as an image in its layer's colour, made once per raster. */
function rasterCanvas(raster: PreviewRaster, color: string): HTMLCanvasElement {
  let canvas = rasterCanvases.get(raster);
  if (canvas) return canvas;
  canvas = document.createElement('canvas');
  const horizontal = raster.axis === 'horizontal';
  // darkness rows are scan lines: rows of the image for horizontal scans, columns for vertical ones
  const width = horizontal ? raster.columns : raster.rows;
  const height = horizontal ? raster.rows : raster.columns;
  canvas.width = Math.max(1, width);
  canvas.height = Math.max(1, height);
  const ctx = canvas.getContext('2d')!;
  const image = ctx.createImageData(canvas.width, canvas.height);
  const [r, g, b] = [1, 3, 5].map((k) => Number.parseInt(color.slice(k, k + 2), 16) || 0);
  for (let line = 0; line < raster.rows; line++) {
    for (let p = 0; p < raster.columns; p++) {
      const v = raster.darkness[line * raster.columns + p]!;
      if (v === 0) continue;
      const x = horizontal ? p : line;
      const y = horizontal ? line : p;
      const o = (y * canvas.width + x) * 4;
      image.data[o] = r!;
      image.data[o + 1] = g!;
      image.data[o + 2] = b!;
      image.data[o + 3] = v;
    }
  }
  ctx.putImageData(image, 0, 0);
  rasterCanvases.set(raster, canvas);
  return canvas;
}

export function paintPreview(
  ctx: CanvasRenderingContext2D,
  size: { width: number; height: number; dpr: number },
  view: PreviewView,
  scene: PreviewScene,
): void {
  const { preview, colors, time } = scene;
  ctx.setTransform(size.dpr, 0, 0, size.dpr, 0, 0);
  ctx.fillStyle = '#eef0f4';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.setTransform(size.dpr * view.scale, 0, 0, size.dpr * view.scale, size.dpr * view.x, size.dpr * view.y);
  const px = 1 / view.scale;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, scene.bed.width, scene.bed.height);
  ctx.lineWidth = px;
  ctx.strokeStyle = '#9aa3b2';
  ctx.strokeRect(0, 0, scene.bed.width, scene.bed.height);

  ctx.strokeStyle = DRAWING_COLOR;
  for (const shape of scene.shapes) for (const path of pathsOf(shape).byLayer.values()) ctx.stroke(path);

  for (const raster of preview.rasters) {
    if (raster.startTime > time || raster.rows === 0) continue;
    const canvas = rasterCanvas(raster, colors[raster.layer] ?? '#000000');
    const share =
      raster.endTime > raster.startTime
        ? Math.min(1, (time - raster.startTime) / (raster.endTime - raster.startTime))
        : 1;
    ctx.save();
    ctx.imageSmoothingEnabled = false;
    if (share < 1) {
      // lines are burnt from one side of the picture to the other: reveal that share of them
      const forward =
        raster.lineOrder.length < 2 || raster.lineOrder[0]! <= raster.lineOrder[raster.lineOrder.length - 1]!;
      const horizontal = raster.axis === 'horizontal';
      const extent = horizontal ? raster.height : raster.width;
      const shown = extent * share;
      const from = forward ? 0 : extent - shown;
      ctx.beginPath();
      if (horizontal) ctx.rect(raster.x, raster.y + from, raster.width, shown);
      else ctx.rect(raster.x + from, raster.y, shown, raster.height);
      ctx.clip();
    }
    ctx.drawImage(canvas, raster.x, raster.y, raster.width, raster.height);
    ctx.restore();
  }

  const done = segmentsDone(preview.times, time);
  const { coords, kinds, layers } = preview;
  // one path per layer colour for burns, one for travel, one for run-ons
  const burns = colors.map(() => new Path2D());
  const travel = new Path2D();
  const idle = new Path2D();
  for (let i = 0; i < done; i++) {
    const kind = kinds[i];
    const target =
      kind === MOVE_BURN ? burns[layers[i]!] : kind === MOVE_TRAVEL ? (scene.showTravel ? travel : null) : idle;
    if (!target) continue;
    const o = 4 * i;
    target.moveTo(coords[o]!, coords[o + 1]!);
    target.lineTo(coords[o + 2]!, coords[o + 3]!);
  }
  ctx.lineCap = 'round';
  ctx.lineWidth = px;
  ctx.strokeStyle = IDLE_COLOR;
  ctx.stroke(idle);
  if (scene.showTravel) {
    ctx.lineWidth = 0.75 * px;
    ctx.strokeStyle = TRAVEL_COLOR;
    ctx.setLineDash([4 * px, 3 * px]);
    ctx.stroke(travel);
    ctx.setLineDash([]);
  }
  ctx.lineWidth = 1.5 * px;
  burns.forEach((path, layer) => {
    ctx.strokeStyle = colors[layer] ?? '#000000';
    ctx.stroke(path);
  });
  // the head: where the last move done ends
  if (done > 0 && done < kinds.length) {
    const o = 4 * (done - 1);
    ctx.fillStyle = '#e5484d';
    ctx.beginPath();
    ctx.arc(coords[o + 2]!, coords[o + 3]!, 4 * px, 0, Math.PI * 2);
    ctx.fill();
  }
}
