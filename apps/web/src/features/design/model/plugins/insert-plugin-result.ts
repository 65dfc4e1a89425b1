import {
  type Bounds,
  documentBounds,
  isEmptyBounds,
  type KerfDocument,
  type LeafShape,
  leafShapes,
  type Vec2,
} from '@kerf/laser';
import { visibleBounds } from '../camera';
import type { Editor } from '../editor';
import { shapesOf } from '../geometry/shape-geometry';
import { applyMerge, type MergePlan, planMerge } from '../import/merge-import';
import { layersInOrder } from '../layers/layer-list';

/**
 * A plugin's answer joining the drawing (issue 21: "inserted as one undoable step on the current
 * layer"): the answer's first layer is the current layer, its other layers go where an import's would
 * (an existing layer of the same colour and mode, or a new one), every shape gets a fresh id, and the
 * inserted shapes become the selection.
 */

/** What a run answers (the sandbox runtime's result). */
export interface PluginAnswer {
  document: KerfDocument;
  /** `free`: the host places it where the person is looking; `document`: it stays where it was drawn. */
  placement: 'document' | 'free';
}

/** The history label of an insertion: a full i18n key, as features with their own catalogue use. */
export const PLUGIN_INSERT_LABEL = 'plugin-run.history.insert';

/** A free answer's top-left corner keeps this far in from the view's corner, screen pixels. */
export const FREE_PLACEMENT_MARGIN_PX = 24;

/**
 * Where a free answer's top-left corner goes: the top-left of the part of the work area in view, a
 * margin in; the work area's own corner when none of it is in view.
 */
export function freePlacementCorner(
  workArea: { width: number; height: number },
  visible: Bounds,
  margin: number,
): Vec2 {
  const minX = Math.max(0, visible.minX);
  const minY = Math.max(0, visible.minY);
  const inView = minX < Math.min(workArea.width, visible.maxX) && minY < Math.min(workArea.height, visible.maxY);
  return inView ? { x: minX + margin, y: minY + margin } : { x: margin, y: margin };
}

/** The layer new shapes go on: the current one, or the first in the list when it is gone. */
export function insertionLayerId(doc: KerfDocument, activeLayerId: string): string | null {
  if (doc.layers.some((l) => l.id === activeLayerId)) return activeLayerId;
  return layersInOrder(doc.layers)[0]?.id ?? null;
}

export function planPluginInsert(
  target: KerfDocument,
  answer: PluginAnswer,
  options: { layerId: string | null; corner: Vec2 },
): MergePlan {
  const first = answer.document.layers[0];
  const assigned = new Map<string, string>(first && options.layerId ? [[first.id, options.layerId]] : []);
  let offset = { x: 0, y: 0 };
  if (answer.placement === 'free') {
    const bounds = documentBounds(answer.document);
    if (!isEmptyBounds(bounds)) offset = { x: options.corner.x - bounds.minX, y: options.corner.y - bounds.minY };
  }
  return planMerge(target, answer.document, offset, assigned);
}

/** Inserts an answer into the editor's drawing as one undoable step; answers the new shapes' ids. */
export function insertPluginAnswer(editor: Editor, answer: PluginAnswer): string[] {
  const { camera, viewport } = editor.state;
  const corner = freePlacementCorner(
    editor.doc,
    visibleBounds(camera, viewport),
    FREE_PLACEMENT_MARGIN_PX / camera.zoom,
  );
  const plan = planPluginInsert(editor.doc, answer, {
    layerId: insertionLayerId(editor.doc, editor.state.activeLayerId),
    corner,
  });
  if (plan.shapes.length === 0) return [];
  const ids = plan.shapes.map((s) => s.id);
  editor.setTool('select');
  editor.store.change(PLUGIN_INSERT_LABEL, applyMerge(plan), ids);
  return ids;
}

/** What a plugin with `selection:read` sees: the selected leaves, each placed in document coordinates. */
export interface SelectionForPlugin {
  shapes: LeafShape[];
  bounds: Bounds | null;
}

export function selectionForPlugin(doc: KerfDocument, selection: readonly string[]): SelectionForPlugin {
  const shapes = leafShapes(shapesOf(doc, selection)).map((p) => ({ ...p.shape, transform: p.matrix }));
  if (shapes.length === 0) return { shapes, bounds: null };
  const bounds = documentBounds({ ...doc, shapes });
  return { shapes, bounds: isEmptyBounds(bounds) ? null : bounds };
}
