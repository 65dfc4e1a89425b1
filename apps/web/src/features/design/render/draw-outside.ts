import type { KerfDocument, Shape } from '@kerf/laser';
import { type Camera, toScreen } from '../model/camera';
import { geometryOf } from '../model/geometry/shape-geometry';

/** Shapes this close past the edge still count as inside (float noise of imported drawings), mm. */
const EDGE_SLACK = 1e-3;
/** A sheet of thousands of shapes off the bed is flagged by its first marks only; the notes say the rest. */
const MAX_MARKS = 2000;
const OUTSIDE_COLOR = '#e5484d';

/** Whether a top-level shape reaches past the work area (it will be cut off, or not burnt at all). */
export function isOutsideWorkArea(shape: Shape, doc: Pick<KerfDocument, 'width' | 'height'>): boolean {
  const b = geometryOf(shape).bounds;
  return (
    b.minX < -EDGE_SLACK || b.minY < -EDGE_SLACK || b.maxX > doc.width + EDGE_SLACK || b.maxY > doc.height + EDGE_SLACK
  );
}

/**
 * A red dashed box around each shape in view that reaches past the work area, so it is seen before
 * output (context in CSS pixels).
 */
export function drawOutsideMarks(
  ctx: CanvasRenderingContext2D,
  shapes: readonly Shape[],
  doc: Pick<KerfDocument, 'width' | 'height'>,
  camera: Camera,
  hiddenLayers: ReadonlySet<string>,
) {
  ctx.save();
  ctx.strokeStyle = OUTSIDE_COLOR;
  ctx.lineWidth = 1;
  ctx.setLineDash([6, 3]);
  let marks = 0;
  for (const shape of shapes) {
    if (marks >= MAX_MARKS) break;
    if (shape.kind !== 'group' && hiddenLayers.has(shape.layerId)) continue;
    if (!isOutsideWorkArea(shape, doc)) continue;
    const b = geometryOf(shape).bounds;
    const a = toScreen(camera, { x: b.minX, y: b.minY });
    const c = toScreen(camera, { x: b.maxX, y: b.maxY });
    ctx.strokeRect(Math.round(a.x) - 2.5, Math.round(a.y) - 2.5, Math.round(c.x - a.x) + 5, Math.round(c.y - a.y) + 5);
    marks++;
  }
  ctx.restore();
}
