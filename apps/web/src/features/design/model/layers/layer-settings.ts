import type { KerfDocument, Layer } from '@kerf/laser';
import type { Draft } from 'immer';

/** Some of a layer's settings, nested as the layer is (e.g. `{ cut: { tabs: { count: 6 } } }`). */
export type LayerPatch = {
  [K in keyof Omit<Layer, 'id'>]?: Layer[K] extends object ? Partial<{ [S in keyof Layer[K]]: unknown }> : Layer[K];
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Copies `patch` into `target` field by field, into nested settings, leaving what it does not name. */
function assignDeep(target: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = target[key];
    if (isPlainObject(value) && isPlainObject(current)) assignDeep(current, value);
    else target[key] = value;
  }
}

/**
 * A document edit (a recipe for `EditorStore.change`, so one undoable step) that sets some of a layer's
 * settings. The id never changes; a min power above the max is lowered to it, as the planner would
 * refuse it.
 */
export const updateLayer = (layerId: string, patch: LayerPatch) => (draft: Draft<KerfDocument>) => {
  const layer = draft.layers.find((l) => l.id === layerId);
  if (!layer) return;
  const { id: _ignored, ...rest } = patch as LayerPatch & { id?: string };
  assignDeep(layer as unknown as Record<string, unknown>, rest as Record<string, unknown>);
  if (layer.minPower > layer.maxPower) layer.minPower = layer.maxPower;
};

/** Which groups of settings a layer of this mode uses (the others are kept but not shown). */
export function settingGroupsFor(mode: Layer['mode']): ('fill' | 'cut')[] {
  return mode === 'cut' ? ['cut'] : ['fill'];
}
