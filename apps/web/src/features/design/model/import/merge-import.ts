import { createLayer, type KerfDocument, type Layer, multiply, type Shape, translate } from '@kerf/laser';
import type { Draft } from 'immer';
import { newId } from '../ids';

/**
 * How an imported drawing joins the open one: each imported layer maps to an existing layer of the same
 * colour and mode, or comes in as a new layer; every shape gets a fresh id (two imports of one file do
 * not collide) and can be moved as a whole (`offset`, mm). `assigned` maps imported layers to target
 * layers chosen by the caller (a plugin's first layer goes onto the current layer).
 */
export interface MergePlan {
  layers: Layer[];
  shapes: Shape[];
}

export function planMerge(
  target: KerfDocument,
  imported: KerfDocument,
  offset = { x: 0, y: 0 },
  assigned: ReadonlyMap<string, string> = new Map(),
): MergePlan {
  const layers: Layer[] = [];
  const mapping = new Map(assigned);
  let next = target.layers.length;
  const usedIds = new Set(target.layers.map((l) => l.id));
  for (const layer of imported.layers) {
    if (mapping.has(layer.id)) continue;
    const same = [...target.layers, ...layers].find((l) => l.color === layer.color && l.mode === layer.mode);
    if (same) {
      mapping.set(layer.id, same.id);
      continue;
    }
    let id = `L${++next}`;
    while (usedIds.has(id)) id = `L${++next}`;
    usedIds.add(id);
    layers.push(createLayer({ ...layer, id, priority: target.layers.length + layers.length }));
    mapping.set(layer.id, id);
  }
  const fallback = target.layers[0]?.id ?? layers[0]?.id ?? 'L1';
  const shift = translate(offset.x, offset.y);
  const renew = (shape: Shape, top: boolean): Shape => {
    const transform = top ? multiply(shift, shape.transform) : shape.transform;
    if (shape.kind === 'group') {
      return { ...shape, id: newId('g'), transform, children: shape.children.map((c) => renew(c, false)) };
    }
    return { ...shape, id: newId(), transform, layerId: mapping.get(shape.layerId) ?? fallback };
  };
  return { layers, shapes: imported.shapes.map((s) => renew(s, true)) };
}

/** The recipe that adds a merge plan to the document (one undo step). */
export const applyMerge = (plan: MergePlan) => (draft: Draft<KerfDocument>) => {
  draft.layers.push(...(plan.layers as Draft<Layer>[]));
  draft.shapes.push(...(plan.shapes as Draft<Shape>[]));
};
