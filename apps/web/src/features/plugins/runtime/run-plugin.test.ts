import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type PluginManifest, pluginManifestSchema } from '@kerf/contract';
import { FontBook, leafShapes, type TextShape } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import type { FontSource } from '../../design/model/actions/text-actions';
import { parseFontSubsets, subsetsFor } from '../../design/model/text/font-subsets';
import { advanceWidths } from './measure-text';
import { PluginRunError } from './plugin-run-error';
import type { SandboxRunRequest } from './plugin-sandbox';
import { contextForRun, createPluginRunner, paramsForRun } from './run-plugin';

const require = createRequire(import.meta.url);

/** The editor's fonts from the installed font packages, only the slices a text needs (as the page loads them). */
function fontsFromDisk(): FontSource {
  const book = new FontBook();
  const loaded = new Set<string>();
  return async (text) => {
    for (const [pkg, family] of [
      ['@fontsource/noto-sans', 'Noto Sans'],
      ['@fontsource/noto-sans-sc', 'Noto Sans SC'],
    ] as const) {
      const css = require.resolve(`${pkg}/400.css`);
      for (const subset of subsetsFor(text, parseFontSubsets(readFileSync(css, 'utf8')))) {
        if (loaded.has(subset.file)) continue;
        loaded.add(subset.file);
        book.add(readFileSync(join(dirname(css), subset.file)), { family, weight: 400, style: 'normal' });
      }
    }
    return book;
  };
}

const manifest = (extra: Partial<Record<string, unknown>> = {}): PluginManifest =>
  pluginManifestSchema.parse({
    id: 'acme.star',
    version: '1.0.0',
    name: { 'zh-CN': '星形', en: 'Star' },
    description: { 'zh-CN': '画星形', en: 'Draws a star' },
    author: 'Acme',
    parameters: [
      { key: 'points', type: 'integer', label: { 'zh-CN': '角数', en: 'Points' }, default: 5, min: 3, max: 20 },
      { key: 'label', type: 'text', label: { 'zh-CN': '文字', en: 'Label' }, default: '', maxLength: 10 },
    ],
    ...extra,
  });

const context = { locale: 'en' as const, workArea: { width: 300, height: 200 } };
const selection = {
  shapes: [
    {
      id: 's1',
      kind: 'rect' as const,
      transform: [1, 0, 0, 1, 0, 0] as const,
      layerId: 'l',
      x: 0,
      y: 0,
      width: 5,
      height: 5,
    },
  ],
  bounds: { minX: 0, minY: 0, maxX: 5, maxY: 5 },
} as unknown as NonNullable<Parameters<typeof contextForRun>[1]['selection']>;

/** A runner whose sandbox answers `answer` and keeps what it was asked. */
function runnerAnswering(answer: unknown | (() => Promise<unknown>)) {
  const asked: SandboxRunRequest[] = [];
  const run = createPluginRunner({
    sandbox: () => ({
      run: async (request) => {
        asked.push(request);
        return typeof answer === 'function' ? (answer as () => Promise<unknown>)() : answer;
      },
    }),
    fonts: fontsFromDisk(),
  });
  return { run, asked };
}

describe('a plugin run’s values', () => {
  it('fills left-out parameters with their defaults and drops keys the manifest does not name', () => {
    expect(paramsForRun(manifest(), { points: 7, stray: 'x' })).toEqual({ points: 7, label: '' });
  });

  it('refuses a value that does not suit its parameter, naming it in both languages', () => {
    const error = (() => {
      try {
        paramsForRun(manifest(), { points: 2.5 });
      } catch (e) {
        return e;
      }
    })() as PluginRunError;
    expect(error).toBeInstanceOf(PluginRunError);
    expect(error.kind).toBe('paramInvalid');
    expect(error.message).toEqual({ 'zh-CN': '参数“角数”不正确', en: 'The parameter “Points” is not valid' });
    expect(error.detail).toBe('points: not a whole number');
    expect(() => paramsForRun(manifest(), { label: 'x'.repeat(11) })).toThrow(
      expect.objectContaining({ kind: 'paramInvalid' }),
    );
  });
});

describe('what a plugin is told', () => {
  it('sees the selection only when its manifest asks to read it', () => {
    expect(contextForRun(manifest(), { ...context, selection })).toEqual(context);
    const reader = manifest({ permissions: ['selection:read'] });
    expect(contextForRun(reader, { ...context, selection })).toEqual({ ...context, selection });
    expect(contextForRun(reader, context)).toEqual({ ...context, selection: { shapes: [], bounds: null } });
  });

  it('runs in the sandbox with the checked values, the gated context and the caller’s time limit', async () => {
    const { run, asked } = runnerAnswering({ shapes: [] });
    await run({
      code: 'code',
      manifest: manifest(),
      params: { points: 6 },
      context: { ...context, selection },
      timeoutMs: 800,
    });
    expect(asked).toEqual([
      { code: 'code', params: { points: 6, label: '' }, context, limitMs: 800, signal: undefined },
    ]);
  });
});

describe('a plugin run’s answer', () => {
  it('becomes a checked document with the placement the plugin asked for', async () => {
    const { run } = runnerAnswering({
      placement: 'document',
      shapes: [
        {
          kind: 'polygon',
          points: [
            { x: 0, y: 0 },
            { x: 10, y: 0 },
            { x: 5, y: 8 },
          ],
          closed: true,
        },
      ],
    });
    const result = await run({ code: '', manifest: manifest(), params: {}, context });
    expect(result.placement).toBe('document');
    expect(result.document.width).toBe(300);
    expect(leafShapes(result.document.shapes).map((s) => s.shape.kind)).toEqual(['polygon']);
  });

  it('is refused, in both languages and with the reason, when Kerf cannot use its shapes', async () => {
    const { run } = runnerAnswering({ shapes: [{ kind: 'teapot' }] });
    const error = (await run({ code: '', manifest: manifest(), params: {}, context }).catch(
      (e) => e,
    )) as PluginRunError;
    expect(error).toBeInstanceOf(PluginRunError);
    expect(error.kind).toBe('invalid');
    expect(error.message.en).toMatch(/^The plugin answered shapes Kerf cannot use: .+/);
    expect(error.message['zh-CN']).toMatch(/^插件返回的图形不正确：.+/);
    expect(error.message.en).toContain(error.detail);
  });

  it('passes the sandbox’s own refusals on as they are', async () => {
    const stopped = new PluginRunError('flood', { 'zh-CN': '停', en: 'stop' });
    const { run } = runnerAnswering(() => Promise.reject(stopped));
    await expect(run({ code: '', manifest: manifest(), params: {}, context })).rejects.toBe(stopped);
  });

  it('has its text outlined in the editor’s fonts, Latin and Chinese, unless the plugin drew an outline', async () => {
    const drawn = [{ start: { x: 0, y: 0 }, segments: [{ type: 'line', to: { x: 1, y: 1 } }], closed: false }];
    const font = { family: 'Noto Sans', size: 10, weight: 400, style: 'normal' } as const;
    const { run } = runnerAnswering({
      shapes: [
        { kind: 'text', text: 'Kerf 激光', font, x: 0, y: 20, anchor: 'start' },
        { kind: 'text', text: 'mine', font, x: 0, y: 40, anchor: 'start', outline: drawn },
      ],
    });
    const result = await run({ code: '', manifest: manifest(), params: {}, context });
    const [outlined, own] = leafShapes(result.document.shapes).map((s) => s.shape as TextShape);
    // glyphs for every letter but the space, Chinese ones from the fallback face
    expect(outlined!.outline.length).toBeGreaterThanOrEqual(6);
    const xs = outlined!.outline.flatMap((sub) => [sub.start.x, ...sub.segments.map((seg) => seg.to.x)]);
    const book = await fontsFromDisk()('Kerf 激光');
    const width = advanceWidths(book, 'Kerf 激光', font).reduce((a, b) => a + b, 0);
    expect(Math.max(...xs)).toBeGreaterThan(width * 0.8);
    expect(Math.max(...xs)).toBeLessThanOrEqual(width + 0.01);
    expect(own!.outline).toEqual(drawn);
  });

  it('is not waited for once the caller aborted', async () => {
    const { run, asked } = runnerAnswering({ shapes: [] });
    const controller = new AbortController();
    controller.abort(new Error('closed'));
    await expect(
      run({ code: '', manifest: manifest(), params: {}, context, signal: controller.signal }),
    ).rejects.toThrow('closed');
    expect(asked).toEqual([]);
  });
});

describe('measuring text for plugins', () => {
  it('gives each character its advance in mm, from the face that has its glyph', async () => {
    const book = await fontsFromDisk()('iW中');
    const widths = advanceWidths(book, 'iW中', { family: 'Noto Sans', size: 10, weight: 400, style: 'normal' });
    expect(widths).toHaveLength(3);
    const [i, w, zhong] = widths as [number, number, number];
    expect(i).toBeGreaterThan(1);
    expect(w).toBeGreaterThan(i * 2.5);
    // a CJK glyph is a full em wide
    expect(zhong).toBeCloseTo(10, 1);
    const double = advanceWidths(book, 'iW中', { family: 'Noto Sans', size: 20, weight: 400, style: 'normal' });
    expect(double[0]).toBeCloseTo(i * 2, 6);
  });
});
