import { defaultParams, type PluginParamValues, pluginManifestSchema } from '@kerf/contract';
import { type GroupShape, leafShapes, type RectShape, type TextShape } from '@kerf/laser';
import { describe, expect, it } from 'vitest';
import { checkFragment } from '../../fragment.js';
import type { PluginContext, PluginFragment } from '../../sdk.js';
import { asLightMarks, rasteriseFills } from '../common/testing/rasterise.js';
import { decode } from '../common/testing/zxing.js';
import { encodeBarcode } from './encode.js';
import { plugin } from './index.js';

const context: PluginContext = {
  locale: 'en',
  workArea: { width: 400, height: 300 },
  measureText: () => Promise.reject(new Error('the host draws barcode text')),
};

function runBarcode(overrides: PluginParamValues, ctx: PluginContext = context) {
  const params = { ...defaultParams(plugin.manifest.parameters), ...overrides };
  const answer = plugin.run(params, ctx) as PluginFragment;
  const checked = checkFragment(answer, context.workArea);
  const placed = leafShapes(checked.document.shapes);
  return {
    answer,
    checked,
    rects: placed.map((p) => p.shape).filter((s): s is RectShape => s.kind === 'rect'),
    texts: placed.map((p) => p.shape).filter((s): s is TextShape => s.kind === 'text'),
  };
}

/**
 * Paints the bars at 3 pixels per narrow bar and reads them with ZXing (the text is not painted).
 * Inverted codes are for marks that come out light, so the reader sees them light on dark.
 */
async function readBack(overrides: PluginParamValues, formats: ZxingFormat[] = ['AllLinear']) {
  const { checked } = runBarcode({ moduleWidth: 0.5, height: 12, ...overrides });
  const painted = rasteriseFills(checked.document, { scale: 3 / 0.5, margin: 30 });
  return decode(overrides.invert ? asLightMarks(painted) : painted, { formats });
}

type ZxingFormat = NonNullable<Parameters<typeof decode>[1]>['formats'] extends (infer F)[] | undefined ? F : never;

const SAMPLES = [
  { format: 'CODE128', text: 'Kerf-2024 laser, 100%!', decoded: 'Kerf-2024 laser, 100%!', zxing: 'Code128' },
  { format: 'EAN13', text: '590123412345', decoded: '5901234123457', zxing: 'EAN13' },
  { format: 'EAN13', text: '6901234567892', decoded: '6901234567892', zxing: 'EAN13' },
  { format: 'EAN8', text: '9638507', decoded: '96385074', zxing: 'EAN8' },
  // ZXing gives UPC-A in its 13-digit EAN form (a leading 0).
  { format: 'UPC', text: '03600029145', decoded: '0036000291452', zxing: 'UPCA' },
  { format: 'CODE39', text: 'KERF-39 TEST', decoded: 'KERF-39 TEST', zxing: 'Code39' },
  { format: 'CODE93', text: 'KERF93.A', decoded: 'KERF93.A', zxing: 'Code93' },
  { format: 'ITF', text: '12345678', decoded: '12345678', zxing: 'ITF' },
  // ITF-14 is ITF with 14 digits, the last a check digit.
  { format: 'ITF14', text: '1234567890123', decoded: '12345678901231', zxing: 'ITF' },
] as const;

describe('kerf.barcode', () => {
  it('has a manifest the package schema accepts, and a 24×24 icon in the current colour', () => {
    expect(pluginManifestSchema.parse(plugin.manifest)).toEqual(plugin.manifest);
    expect(plugin.manifest.id).toBe('kerf.barcode');
    expect(plugin.icon).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    expect(plugin.icon).toContain('currentColor');
  });

  for (const sample of SAMPLES) {
    it(`${sample.format} "${sample.text}" reads back as ${sample.zxing} "${sample.decoded}"`, async () => {
      // Asked for its own format (UPC-A would read as EAN-13 too).
      const results = await readBack({ format: sample.format, text: sample.text }, [sample.zxing]);
      expect(results.map((r) => [r.format, r.text])).toEqual([[sample.zxing, sample.decoded]]);
    });
  }

  it('reads back inverted bars (spaces and quiet zone filled) and narrow bars at 2 pixels', async () => {
    const inverted = await readBack({ format: 'CODE128', text: 'INVERTED 1', invert: true });
    expect(inverted.map((r) => r.text)).toEqual(['INVERTED 1']);
    // Printed dark on light instead, the inverted code is a negative no reader takes.
    const { checked: negative } = runBarcode({ text: 'INVERTED 1', invert: true, moduleWidth: 0.5 });
    expect(await decode(rasteriseFills(negative.document, { scale: 6, margin: 30 }), { formats: ['Code128'] })).toEqual(
      [],
    );
    const { checked } = runBarcode({ format: 'EAN13', text: '590123412345', moduleWidth: 0.25 });
    const narrow = await decode(rasteriseFills(checked.document, { scale: 8, margin: 30 }), { formats: ['EAN13'] });
    expect(narrow.map((r) => r.text)).toEqual(['5901234123457']);
  });

  it('draws one filled rectangle per bar, the module width apart, after the quiet zone', () => {
    const { answer, checked, rects } = runBarcode({
      format: 'CODE128',
      text: 'Kerf',
      moduleWidth: 0.4,
      height: 10,
      quietZone: 5,
    });
    expect(answer.placement).toBe('free');
    expect(checked.document.layers.map((l) => l.mode)).toEqual(['fill']);
    expect(checked.document.shapes).toHaveLength(1);
    expect((checked.document.shapes[0] as GroupShape).kind).toBe('group');
    const modules = encodeBarcode('Kerf', 'CODE128')
      .map((p) => p.modules)
      .join('');
    expect(rects).toHaveLength(modules.match(/1+/g)!.length);
    // Painting the rectangles back into modules gives the encoder's pattern.
    const painted = new Array<string>(modules.length).fill('0');
    for (const r of rects) {
      expect(r.style).toMatchObject({ fill: '#000000', stroke: null });
      expect([r.y, r.height]).toEqual([0, 10]);
      const first = (r.x - 5 * 0.4) / 0.4;
      const count = r.width / 0.4;
      expect(first).toBeCloseTo(Math.round(first), 9);
      expect(count).toBeCloseTo(Math.round(count), 9);
      for (let i = 0; i < Math.round(count); i++) painted[Math.round(first) + i] = '1';
    }
    expect(painted.join('')).toBe(modules);
  });

  it('writes the readable text under the bars, and EAN guard bars reach into it', () => {
    const { rects, texts } = runBarcode({ format: 'EAN13', text: '590123412345', height: 20, fontSize: 4 });
    expect(texts.map((t) => t.text)).toEqual(['5', '901234', '123457']);
    for (const t of texts) {
      expect(t.y).toBeGreaterThan(20 + 4 * 0.5);
      expect(t.font.size).toBe(4);
      expect(t.outline).toEqual([]);
    }
    // The two halves' digits sit under their halves, in order, left of and right of the centre guard.
    expect(texts[0]!.x).toBeLessThan(texts[1]!.x);
    expect(texts[1]!.x).toBeLessThan(texts[2]!.x);
    const heights = new Set(rects.map((r) => r.height));
    expect([...heights].sort((a, b) => a - b)).toEqual([20, 20 + 0.4 + 2]);
    expect(rects.filter((r) => r.height > 20)).toHaveLength(6);
    const plain = runBarcode({ format: 'EAN13', text: '590123412345', height: 20, showText: false });
    expect(plain.texts).toHaveLength(0);
    expect(new Set(plain.rects.map((r) => r.height))).toEqual(new Set([20]));
  });

  it('refuses text the format cannot encode with a message naming the rule, in the reader’s language', () => {
    expect(() => runBarcode({ format: 'EAN13', text: 'ABC123' })).toThrow(
      '“ABC123” cannot be encoded as EAN-13: it takes 12 digits (or 13 with a correct check digit)',
    );
    expect(() => runBarcode({ format: 'EAN13', text: '5901234123458' })).toThrow(/EAN-13/);
    expect(() => runBarcode({ format: 'ITF', text: '123' })).toThrow(/even number of digits/);
    expect(() => runBarcode({ format: 'CODE39', text: 'KERF_39' })).toThrow(/capital letters/);
    expect(() => runBarcode({ format: 'CODE128', text: '激光' })).toThrow(/ASCII/);
    expect(() => runBarcode({ format: 'UPC', text: '12' }, { ...context, locale: 'zh-CN' })).toThrow(
      '“12”无法编码为 UPC-A：需要 11 位数字（或带正确校验位的 12 位）',
    );
    expect(() => runBarcode({ text: '' })).toThrow(/Enter the text/);
  });
});
