import type { Bilingual, PluginManifest, PluginParamValues } from '@kerf/contract';
import type { BuiltinPlugin, FragmentShape, PluginContext, PluginFragment } from '../../sdk.js';
import { lengthField } from '../common/fields.js';
import { pluginError } from '../common/messages.js';
import { booleanParam, choiceParam, integerParam, numberParam } from '../common/params.js';
import {
  holeCentres,
  type PanelIssue,
  type PanelSpec,
  panelIssues,
  panelOutline,
  panelSlots,
} from './panel-geometry.js';

const whenHoles = { when: { key: 'holes', in: [true] } };
const whenSlots = { when: { key: 'slots', in: [true] } };

export const panelManifest: PluginManifest = {
  id: 'kerf.panel',
  version: '1.0.0',
  name: { 'zh-CN': '面板', en: 'Panel' },
  description: {
    'zh-CN': '生成圆角或倒角矩形面板，可在四角开安装孔，沿边开插槽供另一块板的榫头插入。',
    en: 'A rectangular panel with round or chamfered corners, optional mounting holes at the corners and slots along the edges for the tabs of another panel.',
  },
  author: 'Kerf',
  entry: 'index.js',
  permissions: [],
  parameters: [
    lengthField('width', { 'zh-CN': '宽度', en: 'Width' }, 120, 1, 3000),
    lengthField('height', { 'zh-CN': '高度', en: 'Height' }, 80, 1, 3000),
    {
      key: 'cornerStyle',
      type: 'select',
      label: { 'zh-CN': '转角样式', en: 'Corner style' },
      default: 'round',
      options: [
        { value: 'round', label: { 'zh-CN': '圆角', en: 'Round' } },
        { value: 'chamfer', label: { 'zh-CN': '倒角', en: 'Chamfer' } },
      ],
    },
    lengthField('cornerSize', { 'zh-CN': '圆角半径 / 倒角尺寸', en: 'Corner radius / chamfer' }, 5, 0, 1500, {
      help: {
        'zh-CN': '0 为直角；最大取短边的一半，超出按一半处理（两端成半圆或尖角）',
        en: '0 for square corners; at most half the shorter side, and larger values use that half (round or pointed ends)',
      },
    }),
    { key: 'holes', type: 'boolean', label: { 'zh-CN': '四角安装孔', en: 'Corner mounting holes' }, default: false },
    lengthField('holeDiameter', { 'zh-CN': '孔径', en: 'Hole diameter' }, 3.4, 0.1, 500, whenHoles),
    lengthField('holeInset', { 'zh-CN': '孔心距角', en: 'Hole inset' }, 6, 0, 1500, {
      ...whenHoles,
      help: { 'zh-CN': '孔中心到两条相邻边的距离', en: 'From the hole’s centre to the two edges at its corner' },
    }),
    { key: 'slots', type: 'boolean', label: { 'zh-CN': '沿边插槽', en: 'Slots along the edges' }, default: false },
    lengthField('slotWidth', { 'zh-CN': '插接板材厚度', en: 'Tab material thickness' }, 3, 0.1, 100, {
      ...whenSlots,
      help: { 'zh-CN': '即插槽宽度', en: 'The slot width' },
    }),
    lengthField('slotLength', { 'zh-CN': '插槽长度', en: 'Slot length' }, 15, 0.5, 3000, whenSlots),
    {
      key: 'slotsLong',
      type: 'integer',
      label: { 'zh-CN': '长边插槽数', en: 'Slots per long edge' },
      default: 2,
      min: 0,
      max: 100,
      ...whenSlots,
    },
    {
      key: 'slotsShort',
      type: 'integer',
      label: { 'zh-CN': '短边插槽数', en: 'Slots per short edge' },
      default: 1,
      min: 0,
      max: 100,
      ...whenSlots,
    },
    lengthField('slotInset', { 'zh-CN': '插槽距边', en: 'Slot inset' }, 5, 0, 1500, {
      ...whenSlots,
      help: { 'zh-CN': '板边到插槽近边的距离', en: 'From the panel’s edge to the near side of the slot' },
    }),
  ],
};

const messages: Record<PanelIssue, Bilingual> = {
  holesOutside: {
    'zh-CN': '安装孔超出了面板边缘或圆角：请加大孔心距角或减小孔径',
    en: 'The mounting holes break through the edge or the corners: move them further in or make them smaller',
  },
  holesOverlap: {
    'zh-CN': '安装孔相互重叠：请减小孔心距角或孔径',
    en: 'The mounting holes overlap each other: bring them closer to the corners or make them smaller',
  },
  slotsOutside: {
    'zh-CN': '插槽超出了面板：请加大插槽距边或减小插槽长度',
    en: 'The slots break through the panel’s outline: move them further in or make them shorter',
  },
  slotsOverlap: {
    'zh-CN': '插槽相互重叠：请减少插槽数量或长度',
    en: 'The slots overlap each other: use fewer or shorter slots',
  },
  holesHitSlots: {
    'zh-CN': '安装孔与插槽重叠：请调整孔或插槽的位置',
    en: 'The mounting holes run into the slots: move the holes or the slots',
  },
};

export function panelSpec(params: PluginParamValues): PanelSpec {
  return {
    width: numberParam(params, 'width', 120),
    height: numberParam(params, 'height', 80),
    cornerStyle: choiceParam(params, 'cornerStyle', ['round', 'chamfer'] as const, 'round'),
    cornerSize: Math.max(0, numberParam(params, 'cornerSize', 5)),
    holes: booleanParam(params, 'holes', false),
    holeDiameter: numberParam(params, 'holeDiameter', 3.4),
    holeInset: numberParam(params, 'holeInset', 6),
    slots: booleanParam(params, 'slots', false),
    slotWidth: numberParam(params, 'slotWidth', 3),
    slotLength: numberParam(params, 'slotLength', 15),
    slotsLong: Math.max(0, integerParam(params, 'slotsLong', 2)),
    slotsShort: Math.max(0, integerParam(params, 'slotsShort', 1)),
    slotInset: numberParam(params, 'slotInset', 5),
  };
}

export function runPanel(params: PluginParamValues, ctx: Pick<PluginContext, 'locale'>): PluginFragment {
  const spec = panelSpec(params);
  const issue = panelIssues(spec)[0];
  if (issue) throw pluginError(ctx.locale, messages[issue]);
  const zh = ctx.locale === 'zh-CN';
  const shapes: FragmentShape[] = [
    { kind: 'path', name: panelManifest.name[ctx.locale], layerId: 'cut', path: panelOutline(spec) },
  ];
  const radius = spec.holeDiameter / 2;
  for (const c of holeCentres(spec)) {
    shapes.push({
      kind: 'ellipse',
      name: zh ? '安装孔' : 'Hole',
      layerId: 'cut',
      cx: c.x,
      cy: c.y,
      rx: radius,
      ry: radius,
    });
  }
  for (const s of panelSlots(spec)) {
    shapes.push({ kind: 'rect', name: zh ? '插槽' : 'Slot', layerId: 'cut', ...s, rx: 0, ry: 0 });
  }
  return {
    layers: [{ id: 'cut', name: zh ? '切割' : 'Cut', mode: 'cut' }],
    shapes,
    placement: 'free',
  };
}

const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5"><rect x="2.5" y="4.5" width="19" height="15" rx="3"/><circle cx="6" cy="8" r="1"/><circle cx="18" cy="8" r="1"/><circle cx="6" cy="16" r="1"/><circle cx="18" cy="16" r="1"/><rect x="10" y="7" width="4" height="1.5"/><rect x="10" y="15.5" width="4" height="1.5"/></svg>`;

export const plugin: BuiltinPlugin = {
  manifest: panelManifest,
  icon,
  run: runPanel,
};
