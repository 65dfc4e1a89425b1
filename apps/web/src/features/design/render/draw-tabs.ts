import { apply, leafShapes, type Shape, type Vec2 } from '@kerf/laser';
import { type Camera, toScreen } from '../model/camera';
import { COLORS } from './scene';

/** Hand-placed tabs of one top-level shape in document mm, with their layers; worked out once per shape object. */
const cache = new WeakMap<Shape, { layerId: string; at: Vec2 }[]>();

function tabsOf(shape: Shape): { layerId: string; at: Vec2 }[] {
  let tabs = cache.get(shape);
  if (!tabs) {
    tabs = [];
    for (const { shape: leaf, matrix } of leafShapes([shape])) {
      for (const t of leaf.tabs ?? []) tabs.push({ layerId: leaf.layerId, at: apply(matrix, t) });
    }
    cache.set(shape, tabs);
  }
  return tabs;
}

/** Half the side of a tab's mark, screen pixels. */
const MARK = 3.5;

/**
 * Each hand-placed tab as a small square with a white core over its outline, in screen pixels so it
 * stays visible at any zoom (context in CSS pixels). Tabs of hidden layers are not drawn.
 */
export function drawTabMarks(
  ctx: CanvasRenderingContext2D,
  shapes: readonly Shape[],
  camera: Camera,
  hiddenLayers: ReadonlySet<string>,
) {
  ctx.save();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = COLORS.snap;
  ctx.fillStyle = COLORS.handleFill;
  for (const shape of shapes) {
    for (const tab of tabsOf(shape)) {
      if (hiddenLayers.has(tab.layerId)) continue;
      const p = toScreen(camera, tab.at);
      ctx.fillRect(p.x - MARK, p.y - MARK, 2 * MARK, 2 * MARK);
      ctx.strokeRect(p.x - MARK, p.y - MARK, 2 * MARK, 2 * MARK);
    }
  }
  ctx.restore();
}
