import { defaultParams, pluginManifestSchema } from '@kerf/contract';
import { type LeafShape, leafShapes, placedPolylines } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { checkFragment } from '../../fragment.js';
import type { PluginFragment } from '../../sdk.js';
import { plugin } from './index.js';

const workArea = { width: 600, height: 400 };
const defaults = defaultParams(plugin.manifest.parameters);

function run(params: Record<string, string | number | boolean> = {}, locale: 'zh-CN' | 'en' = 'en', area = workArea) {
  return plugin.run(
    { ...defaults, ...params },
    { locale, workArea: area, measureText: async () => [] },
  ) as PluginFragment;
}

function boxesOf(shapes: LeafShape[]) {
  return shapes.map((s) => {
    const pts = placedPolylines({ shape: s, matrix: [1, 0, 0, 1, 0, 0], groups: [] }).flatMap((l) => l.points);
    const xs = pts.map((p) => p.x);
    const ys = pts.map((p) => p.y);
    return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  });
}

describe('box maker plugin', () => {
  it('has a valid manifest and a small line icon', () => {
    const parsed = pluginManifestSchema.parse(plugin.manifest);
    expect(parsed.id).toBe('kerf.box-maker');
    expect(parsed.name['zh-CN']).toBe('盒子生成器');
    expect(plugin.icon).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    expect(plugin.icon).toContain('stroke="currentColor"');
  });

  it('answers one closed outline per panel on a cut layer, accepted by the answer check', () => {
    const answer = run();
    expect(answer.placement).toBe('free');
    const checked = checkFragment(answer, workArea);
    expect(checked.placement).toBe('free');
    expect(checked.document.layers.map((l) => [l.id, l.mode])).toEqual([['cut', 'cut']]);
    const shapes = leafShapes(checked.document.shapes).map((p) => p.shape);
    expect(shapes).toHaveLength(6);
    for (const s of shapes) {
      expect(s.kind).toBe('polygon');
      expect(s.kind === 'polygon' && s.closed).toBe(true);
      expect(s.layerId).toBe('cut');
    }
  });

  it('lays the panels out flat from the origin, a gap apart, within the work area', () => {
    for (const [gap, area] of [
      [5, workArea],
      [12, { width: 260, height: 400 }],
    ] as const) {
      const shapes = leafShapes(checkFragment(run({ gap }, 'en', area), area).document.shapes).map((p) => p.shape);
      const boxes = boxesOf(shapes);
      expect(Math.min(...boxes.map((b) => b.minX))).toBeCloseTo(0, 9);
      expect(Math.min(...boxes.map((b) => b.minY))).toBeCloseTo(0, 9);
      for (const b of boxes) expect(b.maxX).toBeLessThanOrEqual(area.width);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i]!, boxes[j]!];
          const apart = Math.max(b.minX - a.maxX, a.minX - b.maxX, b.minY - a.maxY, a.minY - b.maxY);
          expect(apart).toBeGreaterThanOrEqual(gap - 1e-9);
        }
      }
    }
  });

  it('answers five panels for an open box', () => {
    expect(run({ openTop: true }).shapes).toHaveLength(5);
  });

  it('engraves panel names inside the panels only when asked', () => {
    expect(run().shapes.some((s) => s.kind === 'text')).toBe(false);
    const answer = run({ labels: true }, 'zh-CN');
    const checked = checkFragment(answer, workArea);
    expect(checked.textCount).toBe(6);
    expect(checked.document.layers.find((l) => l.id === 'engrave')?.mode).toBe('fill');
    const shapes = leafShapes(checked.document.shapes).map((p) => p.shape);
    const outlines = shapes.filter((s) => s.kind === 'polygon');
    const texts = shapes.filter((s) => s.kind === 'text');
    expect(texts.map((s) => s.kind === 'text' && s.text).sort()).toEqual(['前', '右', '后', '左', '底', '顶'].sort());
    const boxes = boxesOf(outlines);
    for (const text of texts) {
      if (text.kind !== 'text') continue;
      expect(text.layerId).toBe('engrave');
      expect(boxes.some((b) => b.minX < text.x && text.x < b.maxX && b.minY < text.y && text.y < b.maxY)).toBe(true);
    }
  });

  it('explains in the reader’s language when the box cannot be made', () => {
    expect(() => run({ height: 5, thickness: 3 }, 'en')).toThrow(/too small/);
    expect(() => run({ height: 5, thickness: 3 }, 'zh-CN')).toThrow(/盒子太小/);
    expect(() => run({ kerf: 2, fingerWidth: 1.5, thickness: 3 }, 'en')).toThrow(/kerf/i);
  });
});
