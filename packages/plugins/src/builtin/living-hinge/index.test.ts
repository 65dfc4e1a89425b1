import { defaultParams, type PluginParamValues, pluginManifestSchema } from '@kerf/contract';
import { type Bounds, flattenPath, leafShapes, type PathData } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { checkFragment } from '../../fragment.js';
import type { PluginContext, PluginFragment } from '../../sdk.js';
import { plugin } from './index.js';

const workArea = { width: 600, height: 400 };
const defaults = defaultParams(plugin.manifest.parameters);

function context(bounds: Bounds | null, locale: 'zh-CN' | 'en' = 'en'): PluginContext {
  return { locale, workArea, selection: { shapes: [], bounds }, measureText: async () => [] };
}

function run(params: PluginParamValues, ctx: PluginContext): PluginFragment {
  return plugin.run({ ...defaults, ...params }, ctx) as PluginFragment;
}

function cutsOf(answer: PluginFragment) {
  const checked = checkFragment(answer, workArea);
  const shapes = leafShapes(checked.document.shapes).map((p) => p.shape);
  expect(shapes).toHaveLength(1);
  const [shape] = shapes;
  expect(shape!.kind).toBe('path');
  expect(shape!.layerId).toBe('cut');
  expect(checked.document.layers.map((l) => l.mode)).toEqual(['cut']);
  return { checked, lines: flattenPath((shape as { path: PathData }).path) };
}

describe('living hinge plugin', () => {
  it('has a valid manifest that asks to read the selection, and a small line icon', () => {
    const parsed = pluginManifestSchema.parse(plugin.manifest);
    expect(parsed.id).toBe('kerf.living-hinge');
    expect(parsed.permissions).toEqual(['selection:read']);
    expect(parsed.name['zh-CN']).toBe('活铰链');
    expect(plugin.icon).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    expect(plugin.icon).toContain('stroke="currentColor"');
  });

  it('fills the selected rectangle where it is, as open cuts', () => {
    const bounds = { minX: 150, minY: 90, maxX: 230, maxY: 140 };
    for (const pattern of ['straight', 'wave', 'lattice']) {
      const answer = run({ pattern, margin: 2 }, context(bounds));
      expect(answer.placement).toBe('document');
      const { checked, lines } = cutsOf(answer);
      expect(checked.placement).toBe('document');
      expect(lines.length).toBeGreaterThan(10);
      for (const line of lines) {
        expect(line.closed).toBe(false);
        for (const p of line.points) {
          expect(p.x).toBeGreaterThanOrEqual(bounds.minX + 2 - 1e-9);
          expect(p.x).toBeLessThanOrEqual(bounds.maxX - 2 + 1e-9);
          expect(p.y).toBeGreaterThanOrEqual(bounds.minY + 2 - 1e-9);
          expect(p.y).toBeLessThanOrEqual(bounds.maxY - 2 + 1e-9);
        }
      }
    }
  });

  it('draws a free-standing hinge of the asked size at the origin when nothing is selected', () => {
    const answer = run({ width: 70, height: 40, margin: 0 }, context(null));
    expect(answer.placement).toBe('free');
    const { lines } = cutsOf(answer);
    const xs = lines.flatMap((l) => l.points.map((p) => p.x));
    const ys = lines.flatMap((l) => l.points.map((p) => p.y));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThanOrEqual(70);
    expect(Math.min(...ys)).toBeCloseTo(0, 9);
    expect(Math.max(...ys)).toBeCloseTo(40, 9);
    // The same without the selection permission's context at all.
    const bare = run({ width: 70, height: 40, margin: 0 }, { locale: 'en', workArea, measureText: async () => [] });
    expect(bare).toEqual(answer);
  });

  it('explains in the reader’s language when nothing fits or too much would be drawn', () => {
    const small = { minX: 0, minY: 0, maxX: 10, maxY: 10 };
    expect(() => run({}, context(small, 'en'))).toThrow(/too small/);
    expect(() => run({}, context(small, 'zh-CN'))).toThrow(/区域太小/);
    const huge = { minX: 0, minY: 0, maxX: 3000, maxY: 3000 };
    expect(() => run({ pattern: 'wave', spacing: 0.3, cutLength: 1, gap: 0.3 }, context(huge))).toThrow(
      /Too many slits/,
    );
  });
});
