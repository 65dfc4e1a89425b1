import type { Layer } from '@kerf/laser';
import type { Editor } from '../editor';
import {
  addColorLayer,
  deleteEmptyLayer,
  freshLayerId,
  layerOfColor,
  moveLayer,
  moveShapesToColor,
  moveShapesToLayer,
  NUMBERED_COLORS,
  pickableFilter,
  placeLayer,
  renameLayer,
  setLayerHidden,
  setLayerLocked,
  shapeCounts,
} from './layer-list';

/**
 * What the layers panel does to the editor. Actions that work on "the layer" need one to be selected
 * (SPEC §5): they answer `no-layer` instead of guessing, and the panel says so.
 */

export type LayerRefusal = 'no-layer' | 'has-shapes';

/** The selected (active) layer, or null when none is: after deleting it, or an undo that removed it. */
export function activeLayer(editor: Editor): Layer | null {
  const id = editor.state.activeLayerId;
  return editor.doc.layers.find((l) => l.id === id) ?? null;
}

/**
 * A click on numbered colour `index`: with shapes selected, they move to that colour's layer (made when
 * missing, in the same step); with none, that layer becomes the active one (made when missing).
 * Either way the colour's layer ends up active, as new shapes then go where the person just pointed.
 */
export function applyColor(editor: Editor, index: number): 'moved' | 'activated' {
  const color = NUMBERED_COLORS[index];
  if (!color) throw new Error(`no colour ${index}`);
  const newId = freshLayerId(editor.doc);
  const selection = editor.state.selection;
  const outcome = selection.length > 0 ? 'moved' : 'activated';
  if (outcome === 'moved') editor.store.change('layer colour', moveShapesToColor(new Set(selection), index, newId));
  else if (!layerOfColor(editor.doc, color)) editor.store.change('add layer', addColorLayer(index, newId));
  const layer = layerOfColor(editor.doc, color);
  if (layer) editor.store.set({ activeLayerId: layer.id });
  return outcome;
}

/** Moves the selected shapes onto the active layer. */
export function moveSelectionToActiveLayer(editor: Editor): LayerRefusal | 'moved' | 'nothing' {
  const layer = activeLayer(editor);
  if (!layer) return 'no-layer';
  const ids = new Set(editor.state.selection);
  if (ids.size === 0) return 'nothing';
  editor.store.change('move to layer', moveShapesToLayer(ids, layer.id));
  return 'moved';
}

/** Drops from the selection what can no longer be picked (after hiding or locking a layer). */
function keepPickableSelection(editor: Editor) {
  const pickable = pickableFilter(editor.doc);
  const keep = editor.selectedShapes.filter(pickable).map((s) => s.id);
  if (keep.length !== editor.state.selection.length) editor.select(keep);
}

export function toggleLayerHidden(editor: Editor, layerId: string) {
  const layer = editor.doc.layers.find((l) => l.id === layerId);
  if (!layer) return;
  editor.store.change(layer.hidden ? 'show layer' : 'hide layer', setLayerHidden(layerId, !layer.hidden));
  keepPickableSelection(editor);
}

export function toggleLayerLocked(editor: Editor, layerId: string) {
  const layer = editor.doc.layers.find((l) => l.id === layerId);
  if (!layer) return;
  editor.store.change(layer.locked ? 'unlock layer' : 'lock layer', setLayerLocked(layerId, !layer.locked));
  keepPickableSelection(editor);
}

export function moveActiveLayer(editor: Editor, step: -1 | 1): LayerRefusal | 'moved' {
  const layer = activeLayer(editor);
  if (!layer) return 'no-layer';
  editor.store.change('layer order', moveLayer(layer.id, step));
  return 'moved';
}

/** A layer dragged to place `to` of the list (0 = the top, which runs first). */
export function dragLayerTo(editor: Editor, layerId: string, to: number) {
  editor.store.change('layer order', placeLayer(layerId, to));
}

export function renameActiveLayer(editor: Editor, name: string): LayerRefusal | 'renamed' {
  const layer = activeLayer(editor);
  if (!layer) return 'no-layer';
  editor.store.change('rename layer', renameLayer(layer.id, name));
  return 'renamed';
}

/** Deletes the active layer when no shape is on it; no layer is active afterwards. */
export function deleteActiveLayer(editor: Editor): LayerRefusal | 'deleted' {
  const layer = activeLayer(editor);
  if (!layer) return 'no-layer';
  if (shapeCounts(editor.doc.shapes).get(layer.id)) return 'has-shapes';
  editor.store.change('delete layer', deleteEmptyLayer(layer.id));
  editor.store.set({ activeLayerId: '' });
  return 'deleted';
}
