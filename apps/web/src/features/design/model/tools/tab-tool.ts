import {
  apply,
  invert,
  type KerfDocument,
  leafShapes,
  type PlacedShape,
  placedPolylines,
  type Shape,
  type Vec2,
} from '@kerf/laser';
import type { Draft } from 'immer';
import type { Editor } from '../editor';
import { HIT_RADIUS } from '../editor';
import { pickableFilter } from '../layers/layer-list';
import type { PointerInput, Tool } from './tool';

/**
 * Tabs placed by hand (LightBurn's "add tab" tool): a click on the outline of a shape on a cut layer puts
 * a tab there; a click on a tab takes it away. A shape with tabs of its own is cut with those instead of
 * its layer's automatic ones (the planner's rule, cut-contours.ts). Tabs are kept in the shape's own
 * coordinates, so they move, scale and rotate with it.
 */

/** A click this much nearer than HIT_RADIUS to a tab takes the tab rather than adding another. */
const TAB_PICK_FACTOR = 1.6;

/** The point of a polyline nearest to `p`, and how far it is. */
function nearestOn(points: readonly Vec2[], closed: boolean, p: Vec2): { point: Vec2; distance: number } {
  let best = { point: points[0]!, distance: Math.hypot(p.x - points[0]!.x, p.y - points[0]!.y) };
  const count = closed ? points.length : points.length - 1;
  for (let i = 0; i < count; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length2 = dx * dx + dy * dy;
    const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
    const point = { x: a.x + t * dx, y: a.y + t * dy };
    const distance = Math.hypot(p.x - point.x, p.y - point.y);
    if (distance < best.distance) best = { point, distance };
  }
  return best;
}

/** Leaves that may take tabs: on a cut layer the pointer may use, and with a closed outline to cut. */
function tabbableLeaves(doc: KerfDocument, shapes: readonly Shape[]): PlacedShape[] {
  const cutLayers = new Set(doc.layers.filter((l) => l.mode === 'cut' && !l.hidden && !l.locked).map((l) => l.id));
  const pickable = pickableFilter(doc);
  return leafShapes(shapes.filter(pickable)).filter(
    ({ shape }) => cutLayers.has(shape.layerId) && shape.kind !== 'bitmap',
  );
}

/** What a click at `point` does to a leaf's tabs: the leaf's id and its tabs afterwards; null when nothing. */
export function tabEditAt(
  doc: KerfDocument,
  near: readonly Shape[],
  point: Vec2,
  tolerance: number,
): { leafId: string; tabs: Vec2[] } | null {
  const leaves = tabbableLeaves(doc, near);
  // a tab under the pointer goes, whichever outline is nearer
  for (const { shape, matrix } of leaves) {
    const tabs = shape.tabs ?? [];
    const hit = tabs.findIndex((t) => {
      const at = apply(matrix, t);
      return Math.hypot(at.x - point.x, at.y - point.y) <= tolerance * TAB_PICK_FACTOR;
    });
    if (hit >= 0) return { leafId: shape.id, tabs: tabs.filter((_, i) => i !== hit) };
  }
  let best: { placed: PlacedShape; point: Vec2; distance: number } | null = null;
  for (const placed of leaves) {
    for (const line of placedPolylines(placed)) {
      if (!line.closed || line.points.length < 3) continue;
      const nearest = nearestOn(line.points, true, point);
      if (nearest.distance <= tolerance && (!best || nearest.distance < best.distance)) best = { placed, ...nearest };
    }
  }
  if (!best) return null;
  const local = apply(invert(best.placed.matrix), best.point);
  return { leafId: best.placed.shape.id, tabs: [...(best.placed.shape.tabs ?? []), local] };
}

/** Sets a leaf shape's hand-placed tabs (none drops the field: the layer's automatic tabs apply again). */
export const setShapeTabs = (leafId: string, tabs: readonly Vec2[]) => (draft: Draft<KerfDocument>) => {
  const visit = (list: Draft<Shape>[]): boolean => {
    for (const shape of list) {
      if (shape.kind === 'group') {
        if (visit(shape.children)) return true;
      } else if (shape.id === leafId) {
        if (tabs.length) shape.tabs = tabs.map((t) => ({ x: t.x, y: t.y }));
        else delete shape.tabs;
        return true;
      }
    }
    return false;
  };
  visit(draft.shapes);
};

export class TabTool implements Tool {
  readonly id = 'tab' as const;
  readonly cursor = 'crosshair';

  constructor(private readonly editor: Editor) {}

  pointerDown(input: PointerInput) {
    if (input.button !== 0) return;
    const editor = this.editor;
    const tolerance = HIT_RADIUS / editor.state.camera.zoom;
    const reach = tolerance * TAB_PICK_FACTOR;
    const near = editor.index.search({
      minX: input.point.x - reach,
      minY: input.point.y - reach,
      maxX: input.point.x + reach,
      maxY: input.point.y + reach,
    });
    const edit = tabEditAt(editor.doc, near, input.point, tolerance);
    if (edit) editor.store.change('tab', setShapeTabs(edit.leafId, edit.tabs));
  }
}
