import type { Bilingual, PluginManifest, PluginParamValues } from '@kerf/contract';
import { PLUGIN_LIMITS } from '@kerf/contract/plugin-limits';
import type { SubPath } from '@kerf/laser';
import type { BuiltinPlugin, PluginContext, PluginFragment } from '../../sdk.js';
import { lengthField } from '../common/fields.js';
import { pluginError } from '../common/messages.js';
import { choiceParam, numberParam } from '../common/params.js';
import { type HingeArea, type HingeSpec, hingeCuts, hingePointCount } from './hinge-geometry.js';

const PATTERNS = ['straight', 'wave', 'lattice'] as const;
const DIRECTIONS = ['vertical', 'horizontal'] as const;

const withoutSelection: { help: Bilingual } = {
  help: {
    'zh-CN': '未选中图形时使用；选中图形时填满其外框',
    en: 'Used when nothing is selected; with a selection the hinge fills its bounds',
  },
};

export const livingHingeManifest: PluginManifest = {
  id: 'kerf.living-hinge',
  version: '1.0.0',
  name: { 'zh-CN': '活铰链', en: 'Living hinge' },
  description: {
    'zh-CN': '在选中的矩形区域内生成直线、波浪或网格切缝，让木板、亚克力等硬板材可以弯折。',
    en: 'Fills the selected rectangle with straight, wave or lattice slits so stiff sheet such as plywood or acrylic can bend.',
  },
  author: 'Kerf',
  entry: 'index.js',
  permissions: ['selection:read'],
  parameters: [
    {
      key: 'pattern',
      type: 'select',
      label: { 'zh-CN': '图案', en: 'Pattern' },
      default: 'straight',
      options: [
        { value: 'straight', label: { 'zh-CN': '直线交错', en: 'Straight' } },
        { value: 'wave', label: { 'zh-CN': '波浪', en: 'Wave' } },
        { value: 'lattice', label: { 'zh-CN': '网格（双向弯折）', en: 'Lattice (bends both ways)' } },
      ],
    },
    {
      key: 'direction',
      type: 'select',
      label: { 'zh-CN': '切缝方向', en: 'Slit direction' },
      help: { 'zh-CN': '板材绕与切缝平行的轴弯折', en: 'The sheet bends around an axis along the slits' },
      when: { key: 'pattern', in: ['straight', 'wave'] },
      default: 'vertical',
      options: [
        { value: 'vertical', label: { 'zh-CN': '竖向', en: 'Vertical' } },
        { value: 'horizontal', label: { 'zh-CN': '横向', en: 'Horizontal' } },
      ],
    },
    lengthField('cutLength', { 'zh-CN': '切缝长度', en: 'Slit length' }, 20, 1, 500),
    lengthField('gap', { 'zh-CN': '连接桥长度', en: 'Bridge length' }, 3, 0.3, 100, {
      help: {
        'zh-CN': '同一行切缝之间保留不切的长度',
        en: 'Uncut material left between slits along a line',
      },
    }),
    lengthField('spacing', { 'zh-CN': '行距', en: 'Line spacing' }, 2, 0.3, 100, {
      help: {
        'zh-CN': '相邻两行切缝的距离；网格图案中为同一格内切缝的间距',
        en: 'Between neighbouring lines of slits; in a lattice, between the slits of one cell',
      },
    }),
    lengthField('margin', { 'zh-CN': '边距', en: 'Margin' }, 3, 0, 200, {
      help: {
        'zh-CN': '区域边缘保留不切的宽度',
        en: 'Uncut border inside the area’s edges',
      },
    }),
    lengthField('width', { 'zh-CN': '宽度', en: 'Width' }, 100, 1, 3000, withoutSelection),
    lengthField('height', { 'zh-CN': '高度', en: 'Height' }, 60, 1, 3000, withoutSelection),
  ],
};

const messages = {
  areaTooSmall: {
    'zh-CN': '区域太小，放不下一条切缝：请减小切缝长度、连接桥或边距',
    en: 'The area is too small for a single slit: use a shorter slit, bridge or margin',
  },
  tooManyCuts: {
    'zh-CN': '切缝太多（超过 {0} 个点）：请加大行距或切缝长度',
    en: 'Too many slits (over {0} points): use a wider spacing or longer slits',
  },
} as const satisfies Record<string, Bilingual>;

export function hingeSpec(params: PluginParamValues, area: HingeArea): HingeSpec {
  return {
    pattern: choiceParam(params, 'pattern', PATTERNS, 'straight'),
    direction: choiceParam(params, 'direction', DIRECTIONS, 'vertical'),
    area,
    cutLength: numberParam(params, 'cutLength', 20),
    gap: numberParam(params, 'gap', 3),
    spacing: numberParam(params, 'spacing', 2),
    margin: Math.max(0, numberParam(params, 'margin', 3)),
  };
}

export function runLivingHinge(
  params: PluginParamValues,
  ctx: Pick<PluginContext, 'locale' | 'selection'>,
): PluginFragment {
  const bounds = ctx.selection?.bounds ?? null;
  const area: HingeArea = bounds
    ? { x: bounds.minX, y: bounds.minY, width: bounds.maxX - bounds.minX, height: bounds.maxY - bounds.minY }
    : { x: 0, y: 0, width: numberParam(params, 'width', 100), height: numberParam(params, 'height', 60) };
  const spec = hingeSpec(params, area);
  // Counted before drawing: a fine spacing over a large area would build millions of points for nothing.
  if (hingePointCount(spec) > PLUGIN_LIMITS.pointsMax) {
    throw pluginError(ctx.locale, messages.tooManyCuts, PLUGIN_LIMITS.pointsMax);
  }
  const cuts = hingeCuts(spec);
  if (cuts.length === 0) throw pluginError(ctx.locale, messages.areaTooSmall);
  const path: SubPath[] = cuts.map(([start, ...rest]) => ({
    start: start!,
    segments: rest.map((to) => ({ type: 'line' as const, to })),
    closed: false,
  }));
  return {
    layers: [{ id: 'cut', name: ctx.locale === 'zh-CN' ? '切割' : 'Cut', mode: 'cut' }],
    shapes: [{ kind: 'path', name: livingHingeManifest.name[ctx.locale], layerId: 'cut', path }],
    placement: bounds ? 'document' : 'free',
  };
}

const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"><rect x="3" y="3" width="18" height="18" rx="1.5"/><path d="M8 6v5M8 13v5M12 6v1M12 9v6M12 17v1M16 6v5M16 13v5"/></svg>`;

export const plugin: BuiltinPlugin = {
  manifest: livingHingeManifest,
  icon,
  run: runLivingHinge,
};
