import { defaultParams, pluginManifestSchema } from '@kerf/contract';
import { leafShapes, type PolygonShape } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import starEntry from '../../../../docs/examples/plugin-star/index.js?raw';
import starManifestText from '../../../../docs/examples/plugin-star/manifest.json?raw';
import { checkFragment } from '../fragment.js';
import { runMessage, startWorker } from './testing/worker-harness.js';

/**
 * The example plugin of docs/plugins.md, run as the sandbox runs it (the worker bootstrap, then its
 * entry script), so the documentation cannot drift from what Kerf accepts.
 */
const manifest = pluginManifestSchema.parse(JSON.parse(starManifestText));

async function runStar(params: Record<string, unknown>, locale: 'en' | 'zh-CN' = 'en') {
  const worker = startWorker(starEntry);
  const workArea = { width: 400, height: 300 };
  worker.send(runMessage(params, { context: { locale, workArea } }));
  const reply = await worker.next();
  expect(reply.type, JSON.stringify(reply)).toBe('answer');
  return checkFragment(JSON.parse(reply.json as string), workArea);
}

describe('the documented example plugin (docs/examples/plugin-star)', () => {
  it('has a manifest Kerf accepts, its entry and icon named', () => {
    expect(manifest).toMatchObject({ id: 'example.star', entry: 'index.js', icon: 'icon.svg', permissions: [] });
    expect(manifest.parameters.map((p) => p.key)).toEqual(['points', 'radius', 'inner']);
  });

  it('answers a closed star polygon that passes the answer check, on a layer of its own', async () => {
    const checked = await runStar(defaultParams(manifest.parameters));
    expect(checked.placement).toBe('free');
    expect(checked.document.layers.map((l) => [l.id, l.name, l.color, l.mode])).toEqual([
      ['cut', 'Cut', '#e53935', 'cut'],
    ]);
    const [star] = leafShapes(checked.document.shapes).map((s) => s.shape as PolygonShape);
    expect(star).toMatchObject({ kind: 'polygon', closed: true, layerId: 'cut', name: '5-point star' });
    // tips at the radius from the centre, inner corners at 45 % of it, first tip straight up
    const centre = { x: 40, y: 40 };
    const distances = star!.points.map((p) => Math.hypot(p.x - centre.x, p.y - centre.y));
    expect(distances).toHaveLength(10);
    for (const [i, d] of distances.entries()) expect(d).toBeCloseTo(i % 2 === 0 ? 40 : 18, 9);
    expect(star!.points[0]!.x).toBeCloseTo(40, 9);
    expect(star!.points[0]!.y).toBeCloseTo(0, 9);
  });

  it('follows its parameters and the reader’s language', async () => {
    const checked = await runStar({ points: 8, radius: 10, inner: 50 }, 'zh-CN');
    const [star] = leafShapes(checked.document.shapes).map((s) => s.shape as PolygonShape);
    expect(star!.points).toHaveLength(16);
    expect(Math.max(...star!.points.map((p) => p.x))).toBeCloseTo(20, 9);
    expect(checked.document.layers[0]!.name).toBe('切割');
  });
});
