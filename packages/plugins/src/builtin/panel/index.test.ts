import { defaultParams, type PluginParamValues, pluginManifestSchema } from '@kerf/contract';
import { documentBounds, leafShapes } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { checkFragment } from '../../fragment.js';
import type { PluginFragment } from '../../sdk.js';
import { plugin } from './index.js';

const workArea = { width: 600, height: 400 };
const defaults = defaultParams(plugin.manifest.parameters);

function run(params: PluginParamValues = {}, locale: 'zh-CN' | 'en' = 'en'): PluginFragment {
  return plugin.run({ ...defaults, ...params }, { locale, workArea, measureText: async () => [] }) as PluginFragment;
}

describe('panel plugin', () => {
  it('has a valid manifest and a small line icon', () => {
    const parsed = pluginManifestSchema.parse(plugin.manifest);
    expect(parsed.id).toBe('kerf.panel');
    expect(parsed.name['zh-CN']).toBe('面板');
    expect(plugin.icon).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    expect(plugin.icon).toContain('stroke="currentColor"');
  });

  it('answers the outline alone by default, accepted by the answer check', () => {
    const answer = run({ width: 90, height: 50 });
    expect(answer.placement).toBe('free');
    const checked = checkFragment(answer, workArea);
    const shapes = leafShapes(checked.document.shapes).map((p) => p.shape);
    expect(shapes.map((s) => s.kind)).toEqual(['path']);
    const b = documentBounds(checked.document);
    expect([b.minX, b.minY, b.maxX, b.maxY].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 0, 90, 50]);
  });

  it('adds the holes and slots on the same cut layer', () => {
    const checked = checkFragment(run({ holes: true, slots: true, slotsLong: 2, slotsShort: 1 }), workArea);
    const shapes = leafShapes(checked.document.shapes).map((p) => p.shape);
    expect(shapes.filter((s) => s.kind === 'ellipse')).toHaveLength(4);
    expect(shapes.filter((s) => s.kind === 'rect')).toHaveLength(2 * 2 + 2 * 1);
    expect(new Set(shapes.map((s) => s.layerId))).toEqual(new Set(['cut']));
    expect(checked.document.layers.map((l) => l.mode)).toEqual(['cut']);
    for (const s of shapes) {
      if (s.kind === 'ellipse') expect([s.rx, s.ry]).toEqual([3.4 / 2, 3.4 / 2]);
    }
  });

  it('explains in the reader’s language when holes or slots do not fit', () => {
    expect(() => run({ holes: true, cornerSize: 30 }, 'en')).toThrow(/mounting holes/);
    expect(() => run({ holes: true, cornerSize: 30 }, 'zh-CN')).toThrow(/安装孔/);
    expect(() => run({ slots: true, slotsLong: 20 }, 'en')).toThrow(/overlap/);
  });
});
