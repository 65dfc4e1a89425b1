import type { Camera } from '../model/camera';

/** Millimetre steps a ruler may label; the smallest that leaves 50 px between labels is used. */
const STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

export const RULER_SIZE = 20;

/** Draws a ruler along the top (`x`) or the left (`y`) of the canvas, in mm from the work area's origin. */
export function drawRuler(
  ctx: CanvasRenderingContext2D,
  axis: 'x' | 'y',
  camera: Camera,
  length: number,
  dpr: number,
  cursor: number | null,
) {
  const step = STEPS.find((s) => s * camera.zoom >= 50) ?? STEPS.at(-1)!;
  const minor = step / (step % 5 === 0 || step === 1 ? 5 : 2);
  const offset = axis === 'x' ? camera.x : camera.y;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = '#f7f8fa';
  if (axis === 'x') ctx.fillRect(0, 0, length, RULER_SIZE);
  else ctx.fillRect(0, 0, RULER_SIZE, length);
  ctx.strokeStyle = '#9aa1ab';
  ctx.fillStyle = '#5f6672';
  ctx.font = '10px system-ui, sans-serif';
  ctx.lineWidth = 1;
  ctx.beginPath();
  const first = Math.floor(-offset / camera.zoom / minor) * minor;
  for (let mm = first; mm * camera.zoom + offset <= length; mm += minor) {
    const at = Math.round(mm * camera.zoom + offset) + 0.5;
    const labelled = Math.abs(mm / step - Math.round(mm / step)) < 1e-6;
    const tick = labelled ? RULER_SIZE : RULER_SIZE / 4;
    if (axis === 'x') {
      ctx.moveTo(at, RULER_SIZE);
      ctx.lineTo(at, RULER_SIZE - tick);
    } else {
      ctx.moveTo(RULER_SIZE, at);
      ctx.lineTo(RULER_SIZE - tick, at);
    }
    if (labelled) {
      const label = String(Math.round(mm));
      if (axis === 'x') ctx.fillText(label, at + 3, 10);
      else {
        ctx.save();
        ctx.translate(10, at + 3);
        ctx.rotate(-Math.PI / 2);
        ctx.textAlign = 'right';
        ctx.fillText(label, 0, 0);
        ctx.restore();
      }
    }
  }
  ctx.stroke();
  // where the pointer is
  if (cursor !== null) {
    ctx.strokeStyle = '#86a500';
    ctx.beginPath();
    if (axis === 'x') {
      ctx.moveTo(cursor + 0.5, 0);
      ctx.lineTo(cursor + 0.5, RULER_SIZE);
    } else {
      ctx.moveTo(0, cursor + 0.5);
      ctx.lineTo(RULER_SIZE, cursor + 0.5);
    }
    ctx.stroke();
  }
  ctx.strokeStyle = '#d0d4da';
  ctx.beginPath();
  if (axis === 'x') {
    ctx.moveTo(0, RULER_SIZE - 0.5);
    ctx.lineTo(length, RULER_SIZE - 0.5);
  } else {
    ctx.moveTo(RULER_SIZE - 0.5, 0);
    ctx.lineTo(RULER_SIZE - 0.5, length);
  }
  ctx.stroke();
}
