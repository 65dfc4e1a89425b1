import type { PluginManifest } from '@kerf/contract';
import type { BuiltinPlugin, PluginFragment } from '../../sdk.js';
import { pluginError } from '../common/messages.js';
import { booleanParam, choiceParam, integerParam, numberParam, textParam } from '../common/params.js';
import { encodeQr, QR_LEVELS, QrTooLongError, qrOutline } from './symbol.js';

const LEVEL_LABELS = {
  L: { 'zh-CN': 'L（约 7% 可纠错）', en: 'L (about 7% recoverable)' },
  M: { 'zh-CN': 'M（约 15% 可纠错）', en: 'M (about 15% recoverable)' },
  Q: { 'zh-CN': 'Q（约 25% 可纠错）', en: 'Q (about 25% recoverable)' },
  H: { 'zh-CN': 'H（约 30% 可纠错）', en: 'H (about 30% recoverable)' },
} as const;

export const qrCodeManifest: PluginManifest = {
  id: 'kerf.qr-code',
  version: '1.0.0',
  name: { 'zh-CN': '二维码', en: 'QR code' },
  description: {
    'zh-CN': '把文字或网址生成二维码，作为填充图形用于雕刻，可选纠错等级和静区。',
    en: 'A QR code from text or a web address, as fill shapes to engrave, with a choice of error correction and quiet zone.',
  },
  author: 'Kerf',
  entry: 'index.js',
  permissions: [],
  parameters: [
    {
      key: 'text',
      type: 'text',
      label: { 'zh-CN': '内容', en: 'Text' },
      default: 'https://kerf.example/',
      maxLength: 2000,
      multiline: true,
    },
    {
      key: 'size',
      type: 'number',
      label: { 'zh-CN': '边长', en: 'Size' },
      help: { 'zh-CN': '整个二维码（含静区）的边长', en: 'The side of the whole code, quiet zone included' },
      default: 30,
      min: 5,
      max: 1000,
      step: 0.5,
      unit: 'mm',
    },
    {
      key: 'level',
      type: 'select',
      label: { 'zh-CN': '纠错等级', en: 'Error correction' },
      help: {
        'zh-CN': '等级越高，污损后越容易识别，但码点越密',
        en: 'Higher levels still read when partly damaged, at the cost of smaller modules',
      },
      default: 'M',
      options: QR_LEVELS.map((value) => ({ value, label: LEVEL_LABELS[value] })),
    },
    {
      key: 'quietZone',
      type: 'integer',
      label: { 'zh-CN': '静区（模块数）', en: 'Quiet zone (modules)' },
      help: {
        'zh-CN': '二维码四周留白的宽度，标准为 4 个模块',
        en: 'The clear margin round the code; the standard asks for 4 modules',
      },
      default: 4,
      min: 0,
      max: 10,
    },
    {
      key: 'invert',
      type: 'boolean',
      label: { 'zh-CN': '反色', en: 'Invert' },
      help: {
        'zh-CN': '雕刻浅色模块和静区，适合雕刻后颜色变浅的材料（如阳极氧化铝、黑色亚克力）',
        en: 'Engrave the light modules and the quiet zone, for materials whose marks come out light (anodised aluminium, black acrylic)',
      },
      default: false,
    },
  ],
};

const messages = {
  empty: { 'zh-CN': '请输入二维码的内容', en: 'Enter the text for the QR code' },
  tooLong: {
    'zh-CN': '内容太长，放不进 {0} 级纠错的二维码：请缩短内容或降低纠错等级',
    en: 'The text is too long for a QR code at level {0}: shorten it or choose a lower level',
  },
} as const;

const QR_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5">' +
  '<rect x="3" y="3" width="7" height="7" rx="1"/><rect x="14" y="3" width="7" height="7" rx="1"/>' +
  '<rect x="3" y="14" width="7" height="7" rx="1"/>' +
  '<path fill="currentColor" stroke="none" d="M5.5 5.5h2v2h-2zM16.5 5.5h2v2h-2zM5.5 16.5h2v2h-2zM14 14h3v3h-3zM18 18h3v3h-3zM18 14h3v2h-3zM14 18h2v3h-2z"/></svg>';

export const plugin: BuiltinPlugin = {
  manifest: qrCodeManifest,
  icon: QR_ICON,
  run(params, context): PluginFragment {
    const text = textParam(params, 'text', '');
    const level = choiceParam(params, 'level', QR_LEVELS, 'M');
    const size = numberParam(params, 'size', 30);
    const quietZone = Math.max(0, integerParam(params, 'quietZone', 4));
    const invert = booleanParam(params, 'invert', false);
    if (text.length === 0) throw pluginError(context.locale, messages.empty);
    let symbol: ReturnType<typeof encodeQr>;
    try {
      symbol = encodeQr(text, level);
    } catch (e) {
      if (e instanceof QrTooLongError) throw pluginError(context.locale, messages.tooLong, level);
      throw e;
    }
    const moduleSize = size / (symbol.size + 2 * quietZone);
    return {
      layers: [{ id: 'engrave', name: context.locale === 'zh-CN' ? '二维码' : 'QR code', mode: 'fill' }],
      shapes: [
        {
          kind: 'path',
          name: context.locale === 'zh-CN' ? '二维码' : 'QR code',
          path: qrOutline(symbol, { moduleSize, quietZone, invert }),
          style: { fill: '#000000', stroke: null, fillRule: 'evenodd' },
        },
      ],
      placement: 'free',
    };
  },
};
