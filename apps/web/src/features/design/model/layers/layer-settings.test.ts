import { createDocument, createLayer } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { EditorStore } from '../store/editor-store';
import { settingGroupsFor, updateLayer } from './layer-settings';

function storeWithLayer() {
  const layer = createLayer({ id: 'L1', color: '#ff0000', minPower: 10, maxPower: 30 });
  return new EditorStore({ doc: createDocument({ layers: [layer, createLayer({ id: 'L2' })] }) });
}

describe('layer settings', () => {
  it('sets nested settings and leaves the rest of each group, in one undoable step', () => {
    const store = storeWithLayer();
    const before = structuredClone(store.doc);
    store.change(
      'layer',
      updateLayer('L1', { speed: 45, cut: { tabs: { mode: 'count', count: 6 }, airAssist: true } }),
    );
    const layer = store.doc.layers[0]!;
    expect(layer.speed).toBe(45);
    expect(layer.cut.tabs).toEqual({ ...before.layers[0]!.cut.tabs, mode: 'count', count: 6 });
    expect(layer.cut.airAssist).toBe(true);
    expect(layer.cut.leadIn).toEqual(before.layers[0]!.cut.leadIn);
    expect(store.doc.layers[1]).toEqual(before.layers[1]);
    store.undo();
    expect(store.doc).toEqual(before);
  });

  it('never changes the id, and lowers a min power above the max', () => {
    const store = storeWithLayer();
    store.change('layer', updateLayer('L1', { id: 'X', minPower: 50 } as never));
    expect(store.doc.layers[0]).toMatchObject({ id: 'L1', minPower: 30, maxPower: 30 });
  });

  it('shows cut features for cut layers and fill settings for fill and image layers', () => {
    expect(settingGroupsFor('cut')).toEqual(['cut']);
    expect(settingGroupsFor('fill')).toEqual(['fill']);
    expect(settingGroupsFor('image')).toEqual(['fill']);
  });
});
