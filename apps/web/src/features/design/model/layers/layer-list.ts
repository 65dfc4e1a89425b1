import { createLayer, type KerfDocument, LAYER_PALETTE, type Layer, leafShapes, type Shape } from '@kerf/laser';
import type { Draft } from 'immer';

/**
 * The layers panel as a model: numbered colours (as LightBurn's 00, 01, 02…), the list in output order,
 * and the edits on it. Each edit is a recipe for `EditorStore.change`, so one undoable step.
 */

/**
 * The numbered colours: the core's palette first (what importers hand out), then more colours far
 * enough apart to tell at a glance. A layer made from colour n is named `Cnn`, as the blank drawing's
 * first layer is `C00`.
 */
export const NUMBERED_COLORS: readonly string[] = [
  ...LAYER_PALETTE,
  '#8b4513',
  '#1e90ff',
  '#ff1493',
  '#2e8b57',
  '#b8860b',
  '#4b0082',
  '#dc143c',
  '#00ced1',
  '#9acd32',
  '#ff6347',
  '#6a5acd',
  '#d2691e',
  '#20b2aa',
  '#c71585',
  '#556b2f',
  '#4682b4',
  '#daa520',
  '#800000',
  '#008080',
  '#708090',
];

/** `00`, `01`… the number a colour is shown and named by. */
export const colorNumber = (index: number) => String(index).padStart(2, '0');

/** A layer's place in the numbered colours, or -1 when its colour is not one of them. */
export function colorIndexOf(color: string): number {
  return NUMBERED_COLORS.indexOf(color.toLowerCase());
}

/** The first layer drawn in this colour (a drawing may hold several of one colour; the first wins). */
export function layerOfColor(doc: KerfDocument, color: string): Layer | undefined {
  const wanted = color.toLowerCase();
  return doc.layers.find((layer) => layer.color.toLowerCase() === wanted);
}

/**
 * The layers in the order they are output: by priority, ties in document order (the planner's rule).
 * The panel lists them so, top runs first.
 */
export function layersInOrder(layers: readonly Layer[]): Layer[] {
  return layers
    .map((layer, index) => ({ layer, index }))
    .sort((a, b) => a.layer.priority - b.layer.priority || a.index - b.index)
    .map((entry) => entry.layer);
}

/** How many leaf shapes sit on each layer (a group counts each child; an array, each copy). */
export function shapeCounts(shapes: readonly Shape[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { shape } of leafShapes(shapes)) counts.set(shape.layerId, (counts.get(shape.layerId) ?? 0) + 1);
  return counts;
}

/** A layer id the document does not use yet (`L` and a number, as importers make them). */
export function freshLayerId(doc: KerfDocument): string {
  const taken = new Set(doc.layers.map((l) => l.id));
  let n = doc.layers.length + 1;
  while (taken.has(`L${n}`)) n += 1;
  return `L${n}`;
}

/** The layer of numbered colour `index`, made under `newId` at the end of the order when missing. */
function ensureColorLayer(draft: Draft<KerfDocument>, index: number, newId: string): Draft<Layer> {
  const color = NUMBERED_COLORS[index] ?? NUMBERED_COLORS[0]!;
  const found = draft.layers.find((layer) => layer.color.toLowerCase() === color);
  if (found) return found;
  const last = Math.max(-1, ...draft.layers.map((l) => l.priority));
  const layer = createLayer({ id: newId, name: `C${colorNumber(index)}`, color, priority: last + 1 });
  draft.layers.push(layer);
  return draft.layers.at(-1)!;
}

/** Adds the layer of numbered colour `index` when the drawing has none of that colour. */
export const addColorLayer = (index: number, newId: string) => (draft: Draft<KerfDocument>) => {
  ensureColorLayer(draft, index, newId);
};

function setLayerOfTree(shape: Draft<Shape>, layerId: string) {
  if (shape.kind === 'group') for (const child of shape.children) setLayerOfTree(child, layerId);
  else shape.layerId = layerId;
}

/**
 * Moves top-level shapes (groups with all their children) onto the layer of numbered colour `index`,
 * making that layer first when the drawing has none of the colour: one step, so one undo takes both back.
 */
export const moveShapesToColor =
  (ids: ReadonlySet<string>, index: number, newId: string) => (draft: Draft<KerfDocument>) => {
    const layer = ensureColorLayer(draft, index, newId);
    moveShapesToLayer(ids, layer.id)(draft);
  };

/** Moves top-level shapes (groups with all their children) onto an existing layer. */
export const moveShapesToLayer = (ids: ReadonlySet<string>, layerId: string) => (draft: Draft<KerfDocument>) => {
  if (!draft.layers.some((l) => l.id === layerId)) return;
  for (const shape of draft.shapes) if (ids.has(shape.id)) setLayerOfTree(shape, layerId);
};

/** Shows or hides a layer; `false` drops the field, so a drawing never hidden keeps its old JSON. */
export const setLayerHidden = (layerId: string, hidden: boolean) => (draft: Draft<KerfDocument>) => {
  const layer = draft.layers.find((l) => l.id === layerId);
  if (!layer) return;
  if (hidden) layer.hidden = true;
  else delete layer.hidden;
};

export const setLayerLocked = (layerId: string, locked: boolean) => (draft: Draft<KerfDocument>) => {
  const layer = draft.layers.find((l) => l.id === layerId);
  if (!layer) return;
  if (locked) layer.locked = true;
  else delete layer.locked;
};

export const MAX_LAYER_NAME = 64;

/** A name a layer may take: trimmed, not empty, at most 64 characters; null when there is none. */
export function cleanLayerName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed && trimmed.length <= MAX_LAYER_NAME ? trimmed : null;
}

export const renameLayer = (layerId: string, name: string) => (draft: Draft<KerfDocument>) => {
  const clean = cleanLayerName(name);
  const layer = draft.layers.find((l) => l.id === layerId);
  if (layer && clean) layer.name = clean;
};

/**
 * Puts a layer at place `to` of the output order (0 runs first), as a drag in the list does. The
 * document's layers are then stored in that order with priorities 0, 1, 2…, so the list, the saved file
 * and the planner agree even when priorities were typed by hand before.
 */
export const placeLayer = (layerId: string, to: number) => (draft: Draft<KerfDocument>) => {
  const order = layersInOrder(draft.layers as Layer[]) as Draft<Layer>[];
  const from = order.findIndex((l) => l.id === layerId);
  if (from < 0 || to < 0 || to >= order.length || to === from) return;
  const [moving] = order.splice(from, 1);
  order.splice(to, 0, moving!);
  order.forEach((layer, priority) => {
    layer.priority = priority;
  });
  draft.layers.splice(0, draft.layers.length, ...order);
};

/** Moves a layer one place up (earlier, -1) or down (later, +1) in the output order. */
export const moveLayer = (layerId: string, step: -1 | 1) => (draft: Draft<KerfDocument>) => {
  const from = layersInOrder(draft.layers as Layer[]).findIndex((l) => l.id === layerId);
  if (from >= 0) placeLayer(layerId, from + step)(draft);
};

/** Removes a layer no shape uses; a layer with shapes stays (their shapes would lose their settings). */
export const deleteEmptyLayer = (layerId: string) => (draft: Draft<KerfDocument>) => {
  if (shapeCounts(draft.shapes as Shape[]).get(layerId)) return;
  const at = draft.layers.findIndex((l) => l.id === layerId);
  if (at >= 0) draft.layers.splice(at, 1);
};

/** The layers whose shapes the canvas leaves out (hidden) and those the pointer may not pick (hidden or locked). */
export function layerStates(doc: KerfDocument): { hidden: Set<string>; unpickable: Set<string> } {
  const hidden = new Set<string>();
  const unpickable = new Set<string>();
  for (const layer of doc.layers) {
    if (layer.hidden) hidden.add(layer.id);
    if (layer.hidden || layer.locked) unpickable.add(layer.id);
  }
  return { hidden, unpickable };
}

/** Whether some part of a top-level shape lies on a layer outside `left`. */
function someLeafOutside(left: ReadonlySet<string>): (shape: Shape) => boolean {
  if (left.size === 0) return () => true;
  return (shape) => leafShapes([shape]).some(({ shape: leaf }) => !left.has(leaf.layerId));
}

/**
 * Whether the pointer may pick a top-level shape: some part of it lies on a layer that is neither hidden
 * nor locked (a group spread over layers stays pickable through its free parts).
 */
export function pickableFilter(doc: KerfDocument): (shape: Shape) => boolean {
  return someLeafOutside(layerStates(doc).unpickable);
}

/** Whether a top-level shape shows on the canvas: some part of it lies on a layer that is not hidden. */
export function visibleFilter(doc: KerfDocument): (shape: Shape) => boolean {
  return someLeafOutside(layerStates(doc).hidden);
}
