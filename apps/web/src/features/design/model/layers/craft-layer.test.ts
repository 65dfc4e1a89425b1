import { type CraftInput, craftInputSchema } from '@kerf/contract';
import { createDocument, createLayer } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { EditorStore } from '../store/editor-store';
import { applyCraftToLayer, craftFromLayer, craftModeConflict, layerSettingsOf } from './craft-layer';

const craft: CraftInput = craftInputSchema.parse({
  material: '椴木胶合板 Basswood plywood',
  thickness: 3,
  laserType: 'fiber',
  powerClass: 60,
  name: '切割 Cut',
  passes: [
    {
      mode: 'fill',
      minPower: 20,
      maxPower: 45,
      speed: 300,
      frequency: 30_000,
      pulseWidth: 120,
      repeat: 3,
      interval: 0.05,
      angle: 30,
      crossHatch: true,
      bidirectional: false,
      overscan: 2,
      airAssist: true,
      zOffset: 1.5,
      zStep: 0.2,
      kerfOffset: 0.08,
    },
    { mode: 'cut', minPower: 60, maxPower: 70, speed: 10 },
  ],
});

describe('crafts on layers', () => {
  it('sets every layer field a craft pass carries, with power in watts of the craft’s power class', () => {
    expect(layerSettingsOf(craft)).toEqual({
      mode: 'fill',
      laserType: 'fiber',
      minPower: 12,
      maxPower: 27,
      speed: 300,
      frequency: 30_000,
      pulseWidth: 120,
      passes: 3,
      fillSettings: { interval: 0.05, angle: 30, crossHatch: true, bidirectional: false, overscan: 2 },
      cut: { kerfOffset: 0.08, zOffset: 1.5, zStep: 0.2, airAssist: true },
    });
    expect(layerSettingsOf(craft, 1)).toMatchObject({ mode: 'cut', minPower: 36, maxPower: 42, speed: 10, passes: 1 });
  });

  it('keeps the layer’s frequency and pulse width when the craft leaves them to the machine (0)', () => {
    const settings = layerSettingsOf(craft, 1);
    expect(settings).not.toHaveProperty('frequency');
    expect(settings).not.toHaveProperty('pulseWidth');
  });

  it('asks before applying a craft of another mode (SPEC §5), not for the same mode', () => {
    expect(craftModeConflict({ mode: 'cut' }, craft)).toEqual({ layer: 'cut', craft: 'fill' });
    expect(craftModeConflict({ mode: 'fill' }, craft)).toBeNull();
    expect(craftModeConflict({ mode: 'cut' }, craft, 1)).toBeNull();
  });

  it('applies as one undoable change and leaves what a craft does not set', () => {
    const layer = createLayer({ id: 'L1', color: '#ff0000', priority: 4, frequency: 20_000 });
    layer.cut.tabs = { ...layer.cut.tabs, mode: 'count', count: 4 };
    const store = new EditorStore({ doc: createDocument({ layers: [layer] }) });
    const before = structuredClone(store.doc);
    expect(store.change('apply craft', applyCraftToLayer('L1', craft))).toBe(true);
    const applied = store.doc.layers[0]!;
    expect(applied).toMatchObject({
      mode: 'fill',
      minPower: 12,
      maxPower: 27,
      speed: 300,
      passes: 3,
      color: '#ff0000',
    });
    expect(applied.priority).toBe(4);
    expect(applied.cut.tabs.count).toBe(4);
    expect(applied.cut.kerfOffset).toBe(0.08);
    store.undo();
    expect(store.doc).toEqual(before);
  });

  it('saves a layer as a craft that applies back to the same settings', () => {
    const layer = createLayer({
      id: 'L2',
      mode: 'cut',
      laserType: 'gas',
      minPower: 30,
      maxPower: 39,
      speed: 12,
      passes: 2,
    });
    layer.cut = { ...layer.cut, kerfOffset: 0.1, zStep: 0.5, airAssist: true };
    const saved = craftFromLayer(layer, { material: 'MDF', thickness: 3, name: 'Cut', powerClass: 60 });
    expect(saved.passes[0]).toMatchObject({ mode: 'cut', minPower: 50, maxPower: 65, speed: 12, repeat: 2 });
    const back = layerSettingsOf(saved);
    expect(back).toMatchObject({ minPower: 30, maxPower: 39, speed: 12, passes: 2, laserType: 'gas' });
    expect(back.cut).toEqual({ kerfOffset: 0.1, zOffset: 0, zStep: 0.5, airAssist: true });
  });

  it('clamps a layer above the craft’s power class to 100 % rather than saving an invalid craft', () => {
    const layer = createLayer({ id: 'L3', minPower: 50, maxPower: 80 });
    const saved = craftFromLayer(layer, { material: 'MDF', thickness: null, name: 'Hot', powerClass: 60 });
    expect(saved.passes[0]).toMatchObject({ minPower: 83.3, maxPower: 100 });
  });
});
