import type { Bilingual, PluginManifest, PluginParamValues } from '@kerf/contract';
import type { BuiltinPlugin, FragmentShape, PluginContext, PluginFragment } from '../../sdk.js';
import { lengthField } from '../common/fields.js';
import { PLUGIN_TEXT_FAMILY, pluginError } from '../common/messages.js';
import { booleanParam, choiceParam, numberParam } from '../common/params.js';
import { type BoxIssue, type BoxPanelName, type BoxSpec, boxIssues, boxPanels } from './box-geometry.js';
import { ringBounds, shelfLayout } from './box-layout.js';

export const boxMakerManifest: PluginManifest = {
  id: 'kerf.box-maker',
  version: '1.0.0',
  name: { 'zh-CN': '盒子生成器', en: 'Box maker' },
  description: {
    'zh-CN': '按尺寸和板材厚度生成指接（榫卯）盒子的各块板，可补偿切缝、做成无盖盒，平铺在幅面上直接切割。',
    en: 'The panels of a finger-jointed box from its size and the material thickness, with kerf compensation and an optional open top, laid out flat ready to cut.',
  },
  author: 'Kerf',
  entry: 'index.js',
  permissions: [],
  parameters: [
    lengthField('width', { 'zh-CN': '宽度', en: 'Width' }, 100, 5, 2000),
    lengthField('depth', { 'zh-CN': '深度', en: 'Depth' }, 80, 5, 2000),
    lengthField('height', { 'zh-CN': '高度', en: 'Height' }, 60, 5, 2000),
    {
      key: 'dimensions',
      type: 'select',
      label: { 'zh-CN': '尺寸基准', en: 'Dimensions are' },
      help: {
        'zh-CN': '外尺寸 = 内尺寸 + 2 × 板厚',
        en: 'Outside size = inside size + 2 × thickness',
      },
      default: 'outer',
      options: [
        { value: 'outer', label: { 'zh-CN': '外尺寸', en: 'Outside' } },
        { value: 'inner', label: { 'zh-CN': '内尺寸', en: 'Inside' } },
      ],
    },
    lengthField('thickness', { 'zh-CN': '板材厚度', en: 'Material thickness' }, 3, 0.5, 50),
    lengthField('fingerWidth', { 'zh-CN': '指宽', en: 'Finger width' }, 10, 1, 500, {
      help: {
        'zh-CN': '参考值：每条边取最接近的奇数个等长的指，两端都是实的',
        en: 'A guide: each edge gets the odd number of equal fingers nearest to it, so both ends are solid',
      },
    }),
    lengthField('kerf', { 'zh-CN': '切缝补偿', en: 'Kerf compensation' }, 0, 0, 2, {
      help: {
        'zh-CN': '激光切掉的线宽：榫头两侧各加宽一半，榫槽两侧各收窄一半，切出后配合紧密',
        en: 'The width the beam burns away: tabs grow by half of it on each side and slots shrink by as much, so parts fit tight once cut',
      },
      step: 0.01,
    }),
    { key: 'openTop', type: 'boolean', label: { 'zh-CN': '无盖', en: 'Open top' }, default: false },
    lengthField('gap', { 'zh-CN': '板间距', en: 'Gap between panels' }, 5, 0, 100),
    {
      key: 'labels',
      type: 'boolean',
      label: { 'zh-CN': '雕刻板名', en: 'Engrave panel names' },
      help: {
        'zh-CN': '在每块板中间雕刻“前”“左”等名称，方便组装',
        en: 'Engraves Front, Left… on each panel to help assembly',
      },
      default: false,
    },
  ],
};

const messages: Record<BoxIssue, Bilingual> = {
  tooSmall: {
    'zh-CN': '盒子太小：每个外尺寸都须大于 2 × 板材厚度',
    en: 'The box is too small: each outside dimension must exceed twice the material thickness',
  },
  fingersTooShort: {
    'zh-CN': '指太短，无法切割：请加大指宽或盒子尺寸',
    en: 'The fingers are too short to cut: use a larger finger width or a larger box',
  },
  kerfTooLarge: {
    'zh-CN': '切缝补偿须小于指宽',
    en: 'The kerf compensation must be smaller than the finger width',
  },
};

const PANEL_NAMES: Record<BoxPanelName, Bilingual> = {
  front: { 'zh-CN': '前', en: 'Front' },
  back: { 'zh-CN': '后', en: 'Back' },
  left: { 'zh-CN': '左', en: 'Left' },
  right: { 'zh-CN': '右', en: 'Right' },
  bottom: { 'zh-CN': '底', en: 'Bottom' },
  top: { 'zh-CN': '顶', en: 'Top' },
};

export function boxSpec(params: PluginParamValues): BoxSpec {
  return {
    width: numberParam(params, 'width', 100),
    depth: numberParam(params, 'depth', 80),
    height: numberParam(params, 'height', 60),
    dimensions: choiceParam(params, 'dimensions', ['inner', 'outer'] as const, 'outer'),
    thickness: numberParam(params, 'thickness', 3),
    fingerWidth: numberParam(params, 'fingerWidth', 10),
    kerf: Math.max(0, numberParam(params, 'kerf', 0)),
    openTop: booleanParam(params, 'openTop', false),
  };
}

export function runBoxMaker(
  params: PluginParamValues,
  ctx: Pick<PluginContext, 'locale' | 'workArea'>,
): PluginFragment {
  const spec = boxSpec(params);
  const issue = boxIssues(spec)[0];
  if (issue) throw pluginError(ctx.locale, messages[issue]);
  const gap = Math.max(0, numberParam(params, 'gap', 5));
  const labels = booleanParam(params, 'labels', false);
  const panels = boxPanels(spec);
  const offsets = shelfLayout(
    panels.map((p) => ringBounds(p.outline)),
    gap,
    ctx.workArea.width,
  );
  const shapes: FragmentShape[] = [];
  panels.forEach((panel, i) => {
    const at = offsets[i]!;
    const name = PANEL_NAMES[panel.name][ctx.locale];
    shapes.push({
      kind: 'polygon',
      name,
      layerId: 'cut',
      closed: true,
      points: panel.outline.map((p) => ({ x: p.x + at.x, y: p.y + at.y })),
    });
    if (!labels) return;
    // A sixth of the panel's smaller side, 2 to 10 mm, so the name sits well clear of the fingers.
    const fontSize = Math.max(2, Math.min(10, Math.min(panel.width, panel.height) / 6));
    shapes.push({
      kind: 'text',
      name,
      layerId: 'engrave',
      text: name,
      font: { family: PLUGIN_TEXT_FAMILY, size: fontSize, weight: 400, style: 'normal' },
      x: at.x + panel.width / 2,
      y: at.y + panel.height / 2 + fontSize * 0.35,
      anchor: 'middle',
    });
  });
  return {
    layers: [
      { id: 'cut', name: ctx.locale === 'zh-CN' ? '切割' : 'Cut', mode: 'cut' },
      ...(labels ? [{ id: 'engrave', name: ctx.locale === 'zh-CN' ? '雕刻' : 'Engrave', mode: 'fill' as const }] : []),
    ],
    shapes,
    placement: 'free',
  };
}

const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"><path d="M3 8l9-4 9 4-9 4z"/><path d="M3 8v8l9 4 9-4V8"/><path d="M12 12v8"/><path d="M6 11.3v2M9 12.7v2M15 12.7v2M18 11.3v2"/></svg>`;

export const plugin: BuiltinPlugin = {
  manifest: boxMakerManifest,
  icon,
  run: runBoxMaker,
};
