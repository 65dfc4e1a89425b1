import { defaultParams, type PluginParamValues, pluginManifestSchema } from '@kerf/contract';
import type { PathShape } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { checkFragment } from '../../fragment.js';
import type { PluginContext, PluginFragment } from '../../sdk.js';
import { rasteriseFills } from '../common/testing/rasterise.js';
import { decode } from '../common/testing/zxing.js';
import { plugin } from './index.js';
import { encodeQr, utf8ByteString } from './symbol.js';

const context: PluginContext = {
  locale: 'en',
  workArea: { width: 400, height: 300 },
  measureText: () => Promise.reject(new Error('a QR code has no text to measure')),
};

function runQr(overrides: PluginParamValues, ctx: PluginContext = context) {
  const params = { ...defaultParams(plugin.manifest.parameters), ...overrides };
  const answer = plugin.run(params, ctx) as PluginFragment;
  return { answer, checked: checkFragment(answer, context.workArea) };
}

/** Paints the answer at `pixelsPerModule` and reads it back with ZXing. */
async function readBack(overrides: PluginParamValues, pixelsPerModule = 4) {
  const { checked } = runQr({ size: 40, ...overrides });
  const text = String(overrides.text);
  const modules = encodeQr(text, (overrides.level as 'L') ?? 'M').size + 2 * Number(overrides.quietZone ?? 4);
  const bitmap = rasteriseFills(checked.document, { scale: (pixelsPerModule * modules) / 40, margin: 20 });
  const results = await decode(bitmap, { formats: ['QRCode'] });
  return { results, checked };
}

const CHINESE = '激光切割机：木板、亚克力与皮革，一次成型。';
const LONG = Array.from({ length: 60 }, (_, i) => `line ${i}: the quick brown fox jumps over the lazy dog`)
  .join('\n')
  .slice(0, 1800);

describe('kerf.qr-code', () => {
  it('has a manifest the package schema accepts, and a 24×24 icon in the current colour', () => {
    expect(pluginManifestSchema.parse(plugin.manifest)).toEqual(plugin.manifest);
    expect(plugin.manifest.id).toBe('kerf.qr-code');
    expect(plugin.icon).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    expect(plugin.icon).toContain('currentColor');
  });

  it('answers one even-odd filled path on a fill layer, as large as asked with the quiet zone', () => {
    const { answer, checked } = runQr({ text: 'HELLO', size: 25, quietZone: 2, invert: true });
    expect(answer.placement).toBe('free');
    expect(checked.document.layers.map((l) => l.mode)).toEqual(['fill']);
    expect(checked.document.shapes).toHaveLength(1);
    const shape = checked.document.shapes[0] as PathShape;
    expect(shape.style).toEqual({ fill: '#000000', stroke: null, fillRule: 'evenodd' });
    // Inverted, the quiet zone is filled, so the outline spans the whole size.
    const xs = shape.path.flatMap((s) => [s.start.x, ...s.segments.map((g) => g.to.x)]);
    expect(Math.min(...xs)).toBeCloseTo(0, 9);
    expect(Math.max(...xs)).toBeCloseTo(25, 9);
  });

  it('merges the dark modules into far fewer outlines than there are modules', () => {
    const text = 'Kerf: a laser cutting platform';
    const { checked } = runQr({ text, level: 'Q' });
    const symbol = encodeQr(text, 'Q');
    let dark = 0;
    for (let y = 0; y < symbol.size; y++) for (let x = 0; x < symbol.size; x++) if (symbol.isDark(x, y)) dark++;
    const loops = (checked.document.shapes[0] as PathShape).path.length;
    expect(loops).toBeGreaterThan(3);
    expect(loops).toBeLessThan(dark / 3);
  });

  for (const level of ['L', 'M', 'Q', 'H'] as const) {
    it(`decodes ASCII text at level ${level}`, async () => {
      const text = `Kerf QR test, level ${level}: https://kerf.example/p?id=42&x=${level}`;
      const { results } = await readBack({ text, level });
      expect(results.map((r) => r.text)).toEqual([text]);
      expect(results[0]!.format).toBe('QRCode');
      expect(results[0]!.ecLevel).toBe(level);
    });
  }

  it('decodes UTF-8 Chinese text', async () => {
    const { results } = await readBack({ text: CHINESE, level: 'M' });
    expect(results.map((r) => r.text)).toEqual([CHINESE]);
  });

  it('decodes long text (a large symbol) and digits-only and upper-case text in their compact modes', async () => {
    const long = await readBack({ text: LONG, level: 'L' }, 3);
    expect(long.results.map((r) => r.text)).toEqual([LONG]);
    for (const text of ['0123456789012345678901234567890', 'KERF LASER 2024: $12.50 +/-']) {
      const { results } = await readBack({ text, level: 'H' });
      expect(results.map((r) => r.text)).toEqual([text]);
    }
    // The compact modes make a smaller symbol than the same text in bytes would.
    expect(encodeQr('0123456789012345678901234567890', 'H').size).toBeLessThan(
      encodeQr('0123456789012345678901234567890a', 'H').size,
    );
  });

  it('decodes an inverted code (light modules filled) and one without a quiet zone', async () => {
    const text = 'inverted: engraved on anodised aluminium';
    const inverted = await readBack({ text, invert: true });
    expect(inverted.results.map((r) => r.text)).toEqual([text]);
    expect(inverted.results[0]!.isInverted).toBe(true);
    const bare = await readBack({ text, quietZone: 0 });
    expect(bare.results.map((r) => r.text)).toEqual([text]);
  });

  it('stores text as UTF-8 bytes', () => {
    expect(utf8ByteString('aé激😀')).toBe('a\xc3\xa9\xe6\xbf\x80\xf0\x9f\x98\x80');
  });

  it('refuses empty text and text too long for any symbol, in the reader’s language', () => {
    expect(() => runQr({ text: '' })).toThrow(/Enter the text/);
    const tooLong = 'x'.repeat(2000);
    expect(() => runQr({ text: tooLong, level: 'H' })).toThrow(/too long for a QR code at level H/);
    expect(() => runQr({ text: tooLong, level: 'H' }, { ...context, locale: 'zh-CN' })).toThrow(/内容太长/);
  });
});
