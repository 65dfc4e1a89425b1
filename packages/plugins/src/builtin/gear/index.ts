import type { PluginManifest } from '@kerf/contract';
import type { BuiltinPlugin, FragmentShape, PluginFragment } from '../../sdk.js';
import { pluginError } from '../common/messages.js';
import { booleanParam, choiceParam, integerParam, numberParam } from '../common/params.js';
import { type GearSpec, gearCircles, gearOutline, keyedBoreOutline } from './involute.js';

const PRESSURE_ANGLES = ['14.5', '20', '25'] as const;

export const gearManifest: PluginManifest = {
  id: 'kerf.gear',
  version: '1.0.0',
  name: { 'zh-CN': '齿轮', en: 'Gear' },
  description: {
    'zh-CN': '按模数、齿数和压力角生成渐开线直齿轮的外形，可带轴孔和键槽，直接切割。',
    en: 'An involute spur gear from its module, tooth count and pressure angle, with an optional bore and keyway, ready to cut.',
  },
  author: 'Kerf',
  entry: 'index.js',
  permissions: [],
  parameters: [
    {
      key: 'module',
      type: 'number',
      label: { 'zh-CN': '模数', en: 'Module' },
      help: { 'zh-CN': '分度圆直径 = 模数 × 齿数', en: 'Pitch diameter = module × teeth' },
      default: 2,
      min: 0.3,
      max: 20,
      step: 0.1,
      unit: 'mm',
    },
    { key: 'teeth', type: 'integer', label: { 'zh-CN': '齿数', en: 'Teeth' }, default: 20, min: 6, max: 300 },
    {
      key: 'pressureAngle',
      type: 'select',
      label: { 'zh-CN': '压力角', en: 'Pressure angle' },
      help: {
        'zh-CN': '相互啮合的齿轮须模数和压力角都相同',
        en: 'Gears that mesh need the same module and pressure angle',
      },
      default: '20',
      options: PRESSURE_ANGLES.map((a) => ({ value: a, label: { 'zh-CN': `${a}°`, en: `${a}°` } })),
    },
    {
      key: 'backlash',
      type: 'number',
      label: { 'zh-CN': '齿侧间隙', en: 'Backlash' },
      help: {
        'zh-CN': '每个齿沿分度圆减薄的量，让啮合的齿轮转动顺畅',
        en: 'How much thinner each tooth is along the pitch circle, so meshing gears turn freely',
      },
      default: 0.1,
      min: 0,
      max: 5,
      step: 0.01,
      unit: 'mm',
    },
    {
      key: 'bore',
      type: 'number',
      label: { 'zh-CN': '轴孔直径', en: 'Bore diameter' },
      help: { 'zh-CN': '0 表示不开孔', en: '0 for no bore' },
      default: 5,
      min: 0,
      max: 1000,
      step: 0.1,
      unit: 'mm',
    },
    {
      key: 'keyway',
      type: 'number',
      label: { 'zh-CN': '键槽宽度', en: 'Keyway width' },
      help: {
        'zh-CN': '0 表示不开键槽；槽深为宽度的一半',
        en: '0 for no keyway; it reaches half its width beyond the bore',
      },
      default: 0,
      min: 0,
      max: 200,
      step: 0.1,
      unit: 'mm',
    },
    { key: 'rootFillet', type: 'boolean', label: { 'zh-CN': '齿根圆角', en: 'Root fillet' }, default: true },
    {
      key: 'flankSegments',
      type: 'integer',
      label: { 'zh-CN': '齿廓分段数', en: 'Segments per flank' },
      help: {
        'zh-CN': '每侧齿廓用多少段直线逼近渐开线，越大越光滑',
        en: 'Straight pieces that follow each involute flank; more is smoother',
      },
      default: 20,
      min: 4,
      max: 200,
    },
  ],
};

const messages = {
  pointedTeeth: {
    'zh-CN': '齿侧间隙过大，齿顶变尖了：请减小齿侧间隙',
    en: 'The backlash is too large: the teeth come to a point. Use less backlash',
  },
  boreTooLarge: {
    'zh-CN': '轴孔（含键槽）太大：须小于 {0} mm，给齿根留出材料',
    en: 'The bore (with its keyway) is too large: it must stay under {0} mm to leave material below the teeth',
  },
  keywayTooWide: {
    'zh-CN': '键槽须比轴孔窄',
    en: 'The keyway must be narrower than the bore',
  },
} as const;

export function gearSpec(params: Record<string, string | number | boolean>): GearSpec {
  return {
    module: numberParam(params, 'module', 2),
    teeth: integerParam(params, 'teeth', 20),
    pressureAngle: Number(choiceParam(params, 'pressureAngle', PRESSURE_ANGLES, '20')),
    backlash: Math.max(0, numberParam(params, 'backlash', 0.1)),
    flankSegments: integerParam(params, 'flankSegments', 20),
    rootFillet: booleanParam(params, 'rootFillet', true),
  };
}

const GEAR_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round">' +
  '<path d="M10.1 4.2 10.5 1.6h3l.4 2.6 2.2.9 2.2-1.5 2.1 2.1-1.5 2.2.9 2.2 2.6.4v3l-2.6.4-.9 2.2 1.5 2.2-2.1 2.1-2.2-1.5-2.2.9-.4 2.6h-3l-.4-2.6-2.2-.9-2.2 1.5-2.1-2.1 1.5-2.2-.9-2.2-2.6-.4v-3l2.6-.4.9-2.2-1.5-2.2 2.1-2.1 2.2 1.5z"/>' +
  '<circle cx="12" cy="12" r="3"/></svg>';

export const plugin: BuiltinPlugin = {
  manifest: gearManifest,
  icon: GEAR_ICON,
  run(params, context): PluginFragment {
    const spec = gearSpec(params);
    const bore = Math.max(0, numberParam(params, 'bore', 5));
    const keyway = bore > 0 ? Math.max(0, numberParam(params, 'keyway', 0)) : 0;
    const circles = gearCircles(spec);
    // The gear's bounding square starts at the origin, so the drawing lies in positive coordinates.
    const centre = { x: circles.tipRadius, y: circles.tipRadius };
    const outline = gearOutline(spec, centre);
    if (!outline) throw pluginError(context.locale, messages.pointedTeeth);
    if (keyway > 0 && keyway >= bore * 0.9) throw pluginError(context.locale, messages.keywayTooWide);
    // A rim of half a module between the bore and the root circle keeps the teeth attached.
    const boreLimit = 2 * (circles.rootRadius - spec.module / 2);
    const boreReach = bore + keyway;
    if (bore > 0 && boreReach >= boreLimit) {
      throw pluginError(context.locale, messages.boreTooLarge, Math.max(0, boreLimit).toFixed(1));
    }
    const name = `m${spec.module} z${spec.teeth}`;
    const shapes: FragmentShape[] = [{ kind: 'path', name, path: [outline] }];
    if (bore > 0 && keyway > 0) {
      shapes.push({ kind: 'path', name: 'bore', path: [keyedBoreOutline(bore, keyway, centre)] });
    } else if (bore > 0) {
      shapes.push({ kind: 'ellipse', name: 'bore', cx: centre.x, cy: centre.y, rx: bore / 2, ry: bore / 2 });
    }
    return {
      layers: [{ id: 'cut', name: context.locale === 'zh-CN' ? '齿轮' : 'Gear', mode: 'cut' }],
      shapes,
      placement: 'free',
    };
  },
};
