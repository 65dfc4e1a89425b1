import type { Bilingual, PluginManifest } from '@kerf/contract';
import type { BuiltinPlugin, FragmentShape, PluginFragment } from '../../sdk.js';
import { PLUGIN_TEXT_FAMILY, pluginError } from '../common/messages.js';
import { booleanParam, choiceParam, numberParam, textParam } from '../common/params.js';
import {
  BARCODE_FORMAT_NAMES,
  BARCODE_FORMATS,
  type BarcodeFormat,
  BarcodeInputError,
  type BarcodePart,
  encodeBarcode,
  moduleRuns,
} from './encode.js';

export const barcodeManifest: PluginManifest = {
  id: 'kerf.barcode',
  version: '1.0.0',
  name: { 'zh-CN': '条形码', en: 'Barcode' },
  description: {
    'zh-CN': '生成 Code 128、EAN-13、UPC-A、Code 39、ITF 等一维条形码，条作为填充图形用于雕刻，可带可读文字。',
    en: 'Code 128, EAN-13, UPC-A, Code 39, ITF and other 1-D barcodes, with the bars as fill shapes to engrave and optional readable text.',
  },
  author: 'Kerf',
  entry: 'index.js',
  permissions: [],
  parameters: [
    {
      key: 'format',
      type: 'select',
      label: { 'zh-CN': '码制', en: 'Format' },
      default: 'CODE128',
      options: BARCODE_FORMATS.map((value) => ({
        value,
        label: { 'zh-CN': BARCODE_FORMAT_NAMES[value], en: BARCODE_FORMAT_NAMES[value] },
      })),
    },
    {
      key: 'text',
      type: 'text',
      label: { 'zh-CN': '内容', en: 'Text' },
      help: {
        'zh-CN': 'EAN-13 填 12 位数字，校验位自动补上',
        en: 'For EAN-13 enter 12 digits; the check digit is added',
      },
      default: '123456789012',
      maxLength: 80,
    },
    {
      key: 'moduleWidth',
      type: 'number',
      label: { 'zh-CN': '窄条宽度', en: 'Narrow bar width' },
      help: {
        'zh-CN': '最窄的条或空的宽度，其余都是它的整数倍',
        en: 'The width of the narrowest bar or space; all others are whole multiples of it',
      },
      default: 0.33,
      min: 0.05,
      max: 5,
      step: 0.01,
      unit: 'mm',
    },
    {
      key: 'height',
      type: 'number',
      label: { 'zh-CN': '条高', en: 'Bar height' },
      default: 15,
      min: 1,
      max: 500,
      step: 0.5,
      unit: 'mm',
    },
    {
      key: 'quietZone',
      type: 'number',
      label: { 'zh-CN': '静区（窄条数）', en: 'Quiet zone (narrow bars)' },
      help: {
        'zh-CN': '条码两侧须留空的宽度，以窄条宽度计，一般为 10',
        en: 'The clear space either side, in narrow-bar widths; usually 10',
      },
      default: 10,
      min: 0,
      max: 50,
      step: 1,
    },
    { key: 'showText', type: 'boolean', label: { 'zh-CN': '显示文字', en: 'Show text' }, default: true },
    {
      key: 'fontSize',
      type: 'number',
      label: { 'zh-CN': '字号', en: 'Text size' },
      default: 3,
      min: 0.5,
      max: 50,
      step: 0.1,
      unit: 'mm',
      when: { key: 'showText', in: [true] },
    },
    {
      key: 'invert',
      type: 'boolean',
      label: { 'zh-CN': '反色', en: 'Invert' },
      help: {
        'zh-CN': '雕刻空和静区而保留条，适合雕刻后颜色变浅的材料',
        en: 'Engrave the spaces and the quiet zone and leave the bars, for materials whose marks come out light',
      },
      default: false,
    },
  ],
};

const FORMAT_RULES: Record<BarcodeFormat, Bilingual> = {
  CODE128: { 'zh-CN': '只能包含 ASCII 字符（不含中文）', en: 'it takes ASCII characters only' },
  EAN13: {
    'zh-CN': '需要 12 位数字（或带正确校验位的 13 位）',
    en: 'it takes 12 digits (or 13 with a correct check digit)',
  },
  EAN8: {
    'zh-CN': '需要 7 位数字（或带正确校验位的 8 位）',
    en: 'it takes 7 digits (or 8 with a correct check digit)',
  },
  UPC: {
    'zh-CN': '需要 11 位数字（或带正确校验位的 12 位）',
    en: 'it takes 11 digits (or 12 with a correct check digit)',
  },
  CODE39: {
    'zh-CN': '只能包含大写字母、数字、空格和 - . $ / + %',
    en: 'it takes capital letters, digits, spaces and - . $ / + %',
  },
  CODE93: {
    'zh-CN': '只能包含大写字母、数字、空格和 - . $ / + %',
    en: 'it takes capital letters, digits, spaces and - . $ / + %',
  },
  ITF: { 'zh-CN': '需要偶数位数字', en: 'it takes an even number of digits' },
  ITF14: {
    'zh-CN': '需要 13 位数字（或带正确校验位的 14 位）',
    en: 'it takes 13 digits (or 14 with a correct check digit)',
  },
};

const messages = {
  empty: { 'zh-CN': '请输入条形码的内容', en: 'Enter the text for the barcode' },
  invalid: { 'zh-CN': '“{0}”无法编码为 {1}：{2}', en: '“{0}” cannot be encoded as {1}: {2}' },
} as const;

const BARCODE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="currentColor">' +
  '<path d="M3 5h1.5v11H3zM6 5h1v11H6zM8.5 5h2v11h-2zM12 5h1v11h-1zM14.5 5h1v11h-1zM17 5h2v11h-2zM20.5 5H21v11h-.5z"/>' +
  '<path d="M3 18h18v1.2H3z" opacity=".5"/></svg>';

export interface BarcodeLayout {
  moduleWidth: number;
  height: number;
  quietZone: number;
  /** Text size (em), mm; 0 for no text. */
  fontSize: number;
  invert: boolean;
}

/** Bars (or, inverted, spaces and quiet zones) as filled rectangles, and the text under them. */
export function barcodeShapes(parts: readonly BarcodePart[], layout: BarcodeLayout): FragmentShape[] {
  const { moduleWidth: w, height, quietZone, fontSize, invert } = layout;
  const fill = { fill: '#000000', stroke: null } as const;
  const left = quietZone * w;
  const gap = fontSize * 0.1;
  // Guard bars reach half-way down the digits, as EAN and UPC print them.
  const guardHeight = fontSize > 0 ? height + gap + fontSize / 2 : height;
  const shapes: FragmentShape[] = [];
  const total = parts.reduce((n, p) => n + p.modules.length, 0);
  if (invert) {
    const spaces = moduleRuns(parts, false);
    const edges = [{ start: -quietZone, length: quietZone }, ...spaces, { start: total, length: quietZone }].filter(
      (r) => r.length > 0,
    );
    for (const run of edges) {
      shapes.push({
        kind: 'rect',
        x: left + run.start * w,
        y: 0,
        width: run.length * w,
        height,
        rx: 0,
        ry: 0,
        style: fill,
      });
    }
  } else {
    for (const run of moduleRuns(parts, true)) {
      const h = run.guard ? guardHeight : height;
      shapes.push({
        kind: 'rect',
        x: left + run.start * w,
        y: 0,
        width: run.length * w,
        height: h,
        rx: 0,
        ry: 0,
        style: fill,
      });
    }
  }
  if (fontSize > 0) {
    const baseline = height + gap + fontSize * 0.8;
    let at = 0;
    for (const part of parts) {
      const from = left + at * w;
      const to = left + (at + part.modules.length) * w;
      at += part.modules.length;
      if (!part.text.trim()) continue;
      const anchor = part.textAlign === 'left' ? 'start' : part.textAlign === 'right' ? 'end' : 'middle';
      shapes.push({
        kind: 'text',
        text: part.text,
        font: { family: PLUGIN_TEXT_FAMILY, size: fontSize, weight: 400, style: 'normal' },
        x: anchor === 'start' ? from : anchor === 'end' ? to : (from + to) / 2,
        y: baseline,
        anchor,
        style: fill,
      });
    }
  }
  return shapes;
}

export const plugin: BuiltinPlugin = {
  manifest: barcodeManifest,
  icon: BARCODE_ICON,
  run(params, context): PluginFragment {
    const format = choiceParam(params, 'format', BARCODE_FORMATS, 'CODE128');
    const text = textParam(params, 'text', '');
    if (text.length === 0) throw pluginError(context.locale, messages.empty);
    let parts: BarcodePart[];
    try {
      parts = encodeBarcode(text, format);
    } catch (e) {
      if (!(e instanceof BarcodeInputError)) throw e;
      const rule = FORMAT_RULES[format][context.locale];
      throw pluginError(context.locale, messages.invalid, text, BARCODE_FORMAT_NAMES[format], rule);
    }
    const showText = booleanParam(params, 'showText', true);
    const layout: BarcodeLayout = {
      moduleWidth: Math.max(0.01, numberParam(params, 'moduleWidth', 0.33)),
      height: Math.max(0.1, numberParam(params, 'height', 15)),
      quietZone: Math.max(0, Math.round(numberParam(params, 'quietZone', 10))),
      fontSize: showText ? Math.max(0.1, numberParam(params, 'fontSize', 3)) : 0,
      invert: booleanParam(params, 'invert', false),
    };
    const name = context.locale === 'zh-CN' ? '条形码' : 'Barcode';
    return {
      layers: [{ id: 'engrave', name, mode: 'fill' }],
      shapes: [
        { kind: 'group', name: `${BARCODE_FORMAT_NAMES[format]} ${text}`, children: barcodeShapes(parts, layout) },
      ],
      placement: 'free',
    };
  },
};
