import { createDocument, createLayer, IDENTITY } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { HANDOFF_LIFETIME_MS, type HandoffStore, leaveForEditor, takeFromPluginPage } from './editor-handoff';

function memoryStore(): HandoffStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, structuredClone(value)),
    del: async (key) => void map.delete(key),
    keys: async () => [...map.keys()],
  };
}

const document = createDocument({
  layers: [createLayer({ id: 'main', color: '#ff0000' })],
  shapes: [{ id: 'c', kind: 'ellipse', layerId: 'main', transform: IDENTITY, cx: 5, cy: 5, rx: 5, ry: 5 }],
});

describe('handing a plugin answer to the editor', () => {
  it('gives the editor the answer once, under the key it was left with', async () => {
    const store = memoryStore();
    const key = await leaveForEditor(store, { document, placement: 'free' });
    const taken = await takeFromPluginPage(store, key);
    expect(taken).toEqual({ document, placement: 'free' });
    expect(await takeFromPluginPage(store, key)).toBeNull();
  });

  it('drops an answer left too long ago, and clears stale ones when a new one is left', async () => {
    const store = memoryStore();
    const t0 = 1_000_000;
    const stale = await leaveForEditor(store, { document, placement: 'document' }, t0);
    expect(await takeFromPluginPage(store, stale, t0 + HANDOFF_LIFETIME_MS + 1)).toBeNull();
    const old = await leaveForEditor(store, { document, placement: 'document' }, t0);
    const fresh = await leaveForEditor(store, { document, placement: 'document' }, t0 + HANDOFF_LIFETIME_MS + 1);
    expect([...store.map.keys()]).toEqual([fresh]);
    expect(old).not.toBe(fresh);
  });

  it('refuses what does not read as a drawing', async () => {
    const store = memoryStore();
    await store.set('bad', { document: { shapes: 'no' }, placement: 'free', savedAt: Date.now() });
    expect(await takeFromPluginPage(store, 'bad')).toBeNull();
    expect(await takeFromPluginPage(store, 'missing')).toBeNull();
  });
});
