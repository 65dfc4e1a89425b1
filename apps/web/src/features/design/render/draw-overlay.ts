import type { Bounds, Vec2 } from '@kerf/laser';
import { type Camera, toScreen } from '../model/camera';
import { HANDLE_RADIUS, handlePoint, rotateKnob, SCALE_HANDLES } from '../model/geometry/handles';
import type { ToolOverlay } from '../model/tools/tool';
import { COLORS } from './scene';

/** The selection's box with its scale handles and rotate knob, in screen pixels (context in CSS pixels). */
export function drawSelectionBox(ctx: CanvasRenderingContext2D, bounds: Bounds, camera: Camera) {
  const a = toScreen(camera, { x: bounds.minX, y: bounds.minY });
  const b = toScreen(camera, { x: bounds.maxX, y: bounds.maxY });
  ctx.save();
  ctx.strokeStyle = COLORS.selection;
  ctx.lineWidth = 1;
  ctx.setLineDash([4, 3]);
  ctx.strokeRect(Math.round(a.x) + 0.5, Math.round(a.y) + 0.5, Math.round(b.x - a.x), Math.round(b.y - a.y));
  ctx.setLineDash([]);
  const knob = rotateKnob(bounds, camera);
  ctx.beginPath();
  ctx.moveTo(knob.x, knob.y + HANDLE_RADIUS);
  ctx.lineTo(knob.x, a.y);
  ctx.stroke();
  ctx.fillStyle = COLORS.handleFill;
  ctx.beginPath();
  ctx.arc(knob.x, knob.y, HANDLE_RADIUS - 1, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
  for (const handle of SCALE_HANDLES) {
    const p = toScreen(camera, handlePoint(bounds, handle));
    const r = HANDLE_RADIUS - 2;
    ctx.fillRect(Math.round(p.x) - r + 0.5, Math.round(p.y) - r + 0.5, 2 * r, 2 * r);
    ctx.strokeRect(Math.round(p.x) - r + 0.5, Math.round(p.y) - r + 0.5, 2 * r, 2 * r);
  }
  ctx.restore();
}

/** The tool's marquee, nodes, handle lines and snap marker, in screen pixels. */
export function drawToolMarks(ctx: CanvasRenderingContext2D, overlay: ToolOverlay, camera: Camera) {
  ctx.save();
  if (overlay.marquee) {
    const { rect, mode } = overlay.marquee;
    const a = toScreen(camera, { x: rect.minX, y: rect.minY });
    const b = toScreen(camera, { x: rect.maxX, y: rect.maxY });
    ctx.fillStyle = mode === 'window' ? COLORS.marqueeWindow : COLORS.marqueeCrossing;
    ctx.strokeStyle = mode === 'window' ? COLORS.selection : COLORS.origin;
    ctx.setLineDash(mode === 'window' ? [] : [5, 4]);
    ctx.fillRect(a.x, a.y, b.x - a.x, b.y - a.y);
    ctx.strokeRect(a.x + 0.5, a.y + 0.5, b.x - a.x, b.y - a.y);
    ctx.setLineDash([]);
  }
  if (overlay.handleLines?.length) {
    ctx.strokeStyle = COLORS.node;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const [from, to] of overlay.handleLines) {
      const p = toScreen(camera, from);
      const q = toScreen(camera, to);
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(q.x, q.y);
    }
    ctx.stroke();
  }
  for (const node of overlay.nodes ?? []) {
    const p = toScreen(camera, node.point);
    ctx.fillStyle = node.selected ? COLORS.node : COLORS.handleFill;
    ctx.strokeStyle = COLORS.node;
    ctx.beginPath();
    if (node.handle) ctx.arc(p.x, p.y, 3, 0, 2 * Math.PI);
    else ctx.rect(p.x - 3.5, p.y - 3.5, 7, 7);
    ctx.fill();
    ctx.stroke();
  }
  if (overlay.snap) drawSnapMark(ctx, toScreen(camera, overlay.snap.point), overlay.snap.kind);
  ctx.restore();
}

function drawSnapMark(ctx: CanvasRenderingContext2D, p: Vec2, kind: 'grid' | 'point' | 'centre') {
  ctx.strokeStyle = COLORS.snap;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  if (kind === 'centre') {
    ctx.arc(p.x, p.y, 5, 0, 2 * Math.PI);
  } else if (kind === 'point') {
    ctx.rect(p.x - 5, p.y - 5, 10, 10);
  } else {
    ctx.moveTo(p.x - 6, p.y);
    ctx.lineTo(p.x + 6, p.y);
    ctx.moveTo(p.x, p.y - 6);
    ctx.lineTo(p.x, p.y + 6);
  }
  ctx.stroke();
}
