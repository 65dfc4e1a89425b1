import type { PluginManifest } from '@kerf/contract';
import { type FontSpec, rotate } from '@kerf/laser';
import type { BuiltinPlugin, FragmentShape, PluginFragment } from '../../sdk.js';
import { PLUGIN_TEXT_FAMILY, pluginError } from '../common/messages.js';
import { booleanParam, choiceParam, numberParam, textParam } from '../common/params.js';
import { advancesPerCharacter, type CircleTextSpec, placeOnCircle, textArcLength } from './layout.js';

const DIRECTIONS = ['clockwise', 'counterclockwise'] as const;
const SIDES = ['outside', 'inside'] as const;

export const textCircleManifest: PluginManifest = {
  id: 'kerf.text-circle',
  version: '1.0.0',
  name: { 'zh-CN': '环形文字', en: 'Text on a circle' },
  description: {
    'zh-CN': '把文字沿圆周排列，适合印章、徽章、杯垫和表盘，可加一个参考圆。',
    en: 'Text set round a circle, for stamps, badges, coasters and dials, with an optional circle to cut or engrave.',
  },
  author: 'Kerf',
  entry: 'index.js',
  permissions: [],
  parameters: [
    {
      key: 'text',
      type: 'text',
      label: { 'zh-CN': '文字', en: 'Text' },
      default: 'KERF · 激光切割 · LASER',
      maxLength: 200,
    },
    {
      key: 'fontSize',
      type: 'number',
      label: { 'zh-CN': '字号', en: 'Font size' },
      default: 6,
      min: 0.5,
      max: 200,
      step: 0.1,
      unit: 'mm',
    },
    {
      key: 'radius',
      type: 'number',
      label: { 'zh-CN': '半径', en: 'Radius' },
      help: { 'zh-CN': '文字基线所在圆的半径', en: 'The radius of the circle the letters stand on' },
      default: 30,
      min: 1,
      max: 1000,
      step: 0.5,
      unit: 'mm',
    },
    {
      key: 'angle',
      type: 'number',
      label: { 'zh-CN': '位置角度', en: 'Position' },
      help: {
        'zh-CN': '文字中点所在的角度，从正上方顺时针量：0° 在顶部，180° 在底部',
        en: 'Where the middle of the text sits, clockwise from the top: 0° at the top, 180° at the bottom',
      },
      default: 0,
      min: -360,
      max: 360,
      step: 1,
      unit: '°',
    },
    {
      key: 'direction',
      type: 'select',
      label: { 'zh-CN': '排列方向', en: 'Direction' },
      default: 'clockwise',
      options: [
        { value: 'clockwise', label: { 'zh-CN': '顺时针', en: 'Clockwise' } },
        { value: 'counterclockwise', label: { 'zh-CN': '逆时针', en: 'Counter-clockwise' } },
      ],
    },
    {
      key: 'side',
      type: 'select',
      label: { 'zh-CN': '文字朝向', en: 'Letters face' },
      help: {
        'zh-CN': '朝外：字头朝外，顺时针排列时正常阅读；朝内：字头朝向圆心，逆时针排列时正常阅读（如印章下方的文字）',
        en: 'Outwards: tops away from the centre, reading normally clockwise. Inwards: tops towards the centre, reading normally counter-clockwise (as under a stamp)',
      },
      default: 'outside',
      options: [
        { value: 'outside', label: { 'zh-CN': '朝外', en: 'Outwards' } },
        { value: 'inside', label: { 'zh-CN': '朝内', en: 'Inwards' } },
      ],
    },
    {
      key: 'letterSpacing',
      type: 'number',
      label: { 'zh-CN': '字间距', en: 'Letter spacing' },
      default: 0,
      min: -50,
      max: 200,
      step: 0.1,
      unit: 'mm',
    },
    { key: 'guideCircle', type: 'boolean', label: { 'zh-CN': '画出圆', en: 'Draw the circle' }, default: false },
  ],
};

const messages = {
  empty: { 'zh-CN': '请输入文字', en: 'Enter the text' },
  tooLong: {
    'zh-CN': '文字比圆周还长（{0} mm > {1} mm）：请加大半径或减小字号、字间距',
    en: 'The text is longer than the circle ({0} mm > {1} mm): use a larger radius or a smaller font or spacing',
  },
} as const;

const TEXT_CIRCLE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">' +
  '<circle cx="12" cy="15.5" r="3.5" stroke-dasharray="2 1.7"/>' +
  '<path d="M-2 2 0-2.2 2 2M-1.1.6h2.2" transform="translate(5 10.6) rotate(-55)"/>' +
  '<path d="M-2-2.2h4M0-2.2V2" transform="translate(12 6.8)"/>' +
  '<path d="M1.8-1.5A2.2 2.2 0 1 0 1.8 1.5" transform="translate(19 10.6) rotate(55)"/></svg>';

export const plugin: BuiltinPlugin = {
  manifest: textCircleManifest,
  icon: TEXT_CIRCLE_ICON,
  async run(params, context): Promise<PluginFragment> {
    const text = textParam(params, 'text', '');
    if (!text.trim()) throw pluginError(context.locale, messages.empty);
    const fontSize = Math.max(0.1, numberParam(params, 'fontSize', 6));
    const radius = Math.max(0.1, numberParam(params, 'radius', 30));
    const margin = fontSize * 1.5;
    const spec: CircleTextSpec = {
      centre: { x: radius + margin, y: radius + margin },
      radius,
      angle: numberParam(params, 'angle', 0),
      direction: choiceParam(params, 'direction', DIRECTIONS, 'clockwise'),
      side: choiceParam(params, 'side', SIDES, 'outside'),
      letterSpacing: numberParam(params, 'letterSpacing', 0),
    };
    const font: FontSpec = { family: PLUGIN_TEXT_FAMILY, size: fontSize, weight: 400, style: 'normal' };
    const chars = Array.from(text);
    const advances = advancesPerCharacter(chars, await context.measureText(text, font));
    const length = textArcLength(advances, spec.letterSpacing);
    const circumference = 2 * Math.PI * radius;
    if (length > circumference) {
      throw pluginError(context.locale, messages.tooLong, length.toFixed(1), circumference.toFixed(1));
    }
    const letters: FragmentShape[] = placeOnCircle(chars, advances, spec)
      .filter((c) => c.char.trim() !== '')
      .map((c) => ({
        kind: 'text',
        text: c.char,
        font,
        x: c.at.x,
        y: c.at.y,
        anchor: 'middle',
        transform: rotate(c.rotation, c.at.x, c.at.y),
      }));
    const shapes: FragmentShape[] = [{ kind: 'group', name: text.slice(0, 64), children: letters }];
    const guide = booleanParam(params, 'guideCircle', false);
    if (guide) {
      shapes.push({ kind: 'ellipse', layerId: 'circle', cx: spec.centre.x, cy: spec.centre.y, rx: radius, ry: radius });
    }
    const zh = context.locale === 'zh-CN';
    return {
      layers: [
        { id: 'text', name: zh ? '环形文字' : 'Text on a circle' },
        ...(guide ? [{ id: 'circle', name: zh ? '圆' : 'Circle', mode: 'cut' as const }] : []),
      ],
      shapes,
      placement: 'free',
    };
  },
};
