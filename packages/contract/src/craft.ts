import { z } from 'zod';
import { INVISIBLE_NAME_CHARS } from './drive.js';
import type { Bilingual, Locale } from './locale.js';

/**
 * Craft (laser parameter) libraries (SPEC §1, §2 `/craft/standard` and `/craft/personal`). A craft is
 * what works for one material on one kind of machine: keyed by material, thickness, machine model,
 * laser type and power class, it holds one or more passes, each with the layer settings the laser core
 * uses. The standard library is kept by people with `craft:standard:edit` and read by everyone; each
 * person has a private personal library.
 *
 * All under /cloud-api:
 * - `GET /craft/craft/list?library&material&thicknessMin&thicknessMax&machineModel&laserType&powerClass
 *   &keyword&page&limit&sort&order` → a page of crafts; `keyword` matches name, material, machine model
 *   and description by substring (Chinese included).
 * - `GET /craft/craft/facets?library` → the materials, machine models and power classes in use.
 * - `GET /craft/craft/{id}`; `GET /craft/craft/{id}/revisions` → the edits kept, newest first.
 * - `POST /craft/craft` `{library, …craft}`; `PUT /craft/craft` `{id, revision, …craft}` (a stale
 *   `revision` is refused, so two editors cannot overwrite each other); `DELETE /craft/craft/{ids}`.
 * - `POST /craft/craft/copy` `{ids}` copies crafts (standard or mine) into my personal library.
 * - `POST /craft/craft/import/preview` multipart `file` (+ `library`) → what would be added and what
 *   clashes; `POST /craft/craft/import` multipart `file`, `library`, `onClash` (skip | replace |
 *   keepBoth) imports in one transaction. LightBurn `.clb` and Kerf JSON.
 * - `GET /craft/craft/export?library&ids&format=clb|json` → a file.
 */
export const CRAFT_PATHS = {
  list: '/craft/craft/list',
  facets: '/craft/craft/facets',
  item: '/craft/craft/:id',
  revisions: '/craft/craft/:id/revisions',
  save: '/craft/craft',
  remove: '/craft/craft/:ids',
  copy: '/craft/craft/copy',
  importPreview: '/craft/craft/import/preview',
  import: '/craft/craft/import',
  export: '/craft/craft/export',
} as const;

export const CRAFT_LIBRARIES = ['standard', 'personal'] as const;
export type CraftLibrary = (typeof CRAFT_LIBRARIES)[number];
export const CRAFT_MODES = ['cut', 'fill', 'image'] as const;
export type CraftMode = (typeof CRAFT_MODES)[number];
/** SPEC §3 Layer "laser type": CO2 tubes (gas) or fibre sources. */
export const CRAFT_LASER_TYPES = ['gas', 'fiber'] as const;
export type CraftLaserType = (typeof CRAFT_LASER_TYPES)[number];
export const CRAFT_DITHERS = [
  'threshold',
  'bayer',
  'floyd-steinberg',
  'atkinson',
  'jarvis',
  'stucki',
  'sierra',
  'halftone',
  'greyscale',
] as const;
export const CRAFT_IMPORT_POLICIES = ['skip', 'replace', 'keepBoth'] as const;
export type CraftImportPolicy = (typeof CRAFT_IMPORT_POLICIES)[number];
export const CRAFT_EXPORT_FORMATS = ['clb', 'json'] as const;
export type CraftExportFormat = (typeof CRAFT_EXPORT_FORMATS)[number];
export const CRAFT_SORTS = ['material', 'thickness', 'name', 'powerClass', 'updatedAt'] as const;
export type CraftSort = (typeof CRAFT_SORTS)[number];

/** The list's filters, as the query sends them (all optional; thickness bounds are inclusive, mm). */
export interface CraftFilters {
  material?: string;
  thicknessMin?: number;
  thicknessMax?: number;
  machineModel?: string;
  laserType?: CraftLaserType;
  powerClass?: number;
  keyword?: string;
}

export const CRAFT_PERMISSIONS = {
  list: 'craft:library:list',
  personal: 'craft:personal:edit',
  standard: 'craft:standard:edit',
} as const;

export const CRAFT_LIMITS = {
  materialMax: 64,
  machineModelMax: 64,
  nameMax: 100,
  descriptionMax: 2000,
  passesMax: 20,
  thicknessMax: 100,
  powerClassMax: 100_000,
  speedMax: 20_000,
  frequencyMax: 4_000_000,
  pulseWidthMax: 1_000_000,
  repeatMax: 100,
  intervalMax: 10,
  overscanMax: 100,
  zOffsetMax: 100,
  zStepMax: 20,
  kerfMax: 5,
  dpiMin: 25,
  dpiMax: 2540,
  /** A library file larger than this is refused before it is read (real ones are well under 1 MB). */
  importMaxBytes: 10 * 1024 * 1024,
  importMaxCrafts: 5000,
  /** Values a LightBurn entry may carry that Kerf does not use, kept so an export gives them back. */
  unknownFieldsMax: 200,
} as const;

export const craftMessages = {
  materialRequired: { 'zh-CN': '请输入材料', en: 'Enter the material' },
  materialTooLong: {
    'zh-CN': `材料不能超过${CRAFT_LIMITS.materialMax}个字符`,
    en: `The material must not exceed ${CRAFT_LIMITS.materialMax} characters`,
  },
  nameRequired: { 'zh-CN': '请输入工艺名称', en: 'Enter the craft name' },
  nameTooLong: {
    'zh-CN': `工艺名称不能超过${CRAFT_LIMITS.nameMax}个字符`,
    en: `The craft name must not exceed ${CRAFT_LIMITS.nameMax} characters`,
  },
  machineModelTooLong: {
    'zh-CN': `机型不能超过${CRAFT_LIMITS.machineModelMax}个字符`,
    en: `The machine model must not exceed ${CRAFT_LIMITS.machineModelMax} characters`,
  },
  descriptionTooLong: {
    'zh-CN': `说明不能超过${CRAFT_LIMITS.descriptionMax}个字符`,
    en: `The description must not exceed ${CRAFT_LIMITS.descriptionMax} characters`,
  },
  invisibleChars: {
    'zh-CN': '不能包含控制字符或文字方向控制符',
    en: 'Must not contain control characters or text-direction controls',
  },
  thicknessRange: {
    'zh-CN': `厚度须大于0且不超过${CRAFT_LIMITS.thicknessMax}毫米`,
    en: `The thickness must be above 0 and at most ${CRAFT_LIMITS.thicknessMax} mm`,
  },
  laserTypeInvalid: { 'zh-CN': '激光类型须为气体或光纤', en: 'The laser type must be gas (CO2) or fiber' },
  powerClassRange: {
    'zh-CN': `激光器功率须为1到${CRAFT_LIMITS.powerClassMax}瓦的整数`,
    en: `The laser power class must be a whole number of watts from 1 to ${CRAFT_LIMITS.powerClassMax}`,
  },
  passesRequired: { 'zh-CN': '至少需要一组加工参数', en: 'Add at least one pass' },
  passesTooMany: {
    'zh-CN': `加工参数最多${CRAFT_LIMITS.passesMax}组`,
    en: `At most ${CRAFT_LIMITS.passesMax} passes`,
  },
  modeInvalid: { 'zh-CN': '加工模式须为切割、填充或图像', en: 'The mode must be cut, fill or image' },
  powerRange: { 'zh-CN': '功率须在0%到100%之间', en: 'Power must be between 0 % and 100 %' },
  powerOrder: { 'zh-CN': '最小功率不能大于最大功率', en: 'Min power cannot be above max power' },
  speedRange: {
    'zh-CN': `速度须大于0且不超过${CRAFT_LIMITS.speedMax}mm/s`,
    en: `Speed must be above 0 and at most ${CRAFT_LIMITS.speedMax} mm/s`,
  },
  frequencyRange: {
    'zh-CN': `频率须在0到${CRAFT_LIMITS.frequencyMax}Hz之间`,
    en: `The frequency must be between 0 and ${CRAFT_LIMITS.frequencyMax} Hz`,
  },
  pulseWidthRange: {
    'zh-CN': `脉宽须在0到${CRAFT_LIMITS.pulseWidthMax}ns之间`,
    en: `The pulse width must be between 0 and ${CRAFT_LIMITS.pulseWidthMax} ns`,
  },
  repeatRange: {
    'zh-CN': `加工次数须为1到${CRAFT_LIMITS.repeatMax}的整数`,
    en: `The number of passes must be a whole number from 1 to ${CRAFT_LIMITS.repeatMax}`,
  },
  intervalRange: {
    'zh-CN': `线间距须大于0且不超过${CRAFT_LIMITS.intervalMax}毫米`,
    en: `The line interval must be above 0 and at most ${CRAFT_LIMITS.intervalMax} mm`,
  },
  angleRange: { 'zh-CN': '角度须在-360°到360°之间', en: 'The angle must be between -360° and 360°' },
  overscanRange: {
    'zh-CN': `过扫描须在0到${CRAFT_LIMITS.overscanMax}毫米之间`,
    en: `Overscan must be between 0 and ${CRAFT_LIMITS.overscanMax} mm`,
  },
  zOffsetRange: {
    'zh-CN': `Z偏移须在-${CRAFT_LIMITS.zOffsetMax}到${CRAFT_LIMITS.zOffsetMax}毫米之间`,
    en: `The Z offset must be between -${CRAFT_LIMITS.zOffsetMax} and ${CRAFT_LIMITS.zOffsetMax} mm`,
  },
  zStepRange: {
    'zh-CN': `每次下降须在0到${CRAFT_LIMITS.zStepMax}毫米之间`,
    en: `The Z step must be between 0 and ${CRAFT_LIMITS.zStepMax} mm`,
  },
  kerfRange: {
    'zh-CN': `割缝补偿须在-${CRAFT_LIMITS.kerfMax}到${CRAFT_LIMITS.kerfMax}毫米之间`,
    en: `The kerf offset must be between -${CRAFT_LIMITS.kerfMax} and ${CRAFT_LIMITS.kerfMax} mm`,
  },
  dpiRange: {
    'zh-CN': `精度须在${CRAFT_LIMITS.dpiMin}到${CRAFT_LIMITS.dpiMax} DPI之间`,
    en: `The resolution must be between ${CRAFT_LIMITS.dpiMin} and ${CRAFT_LIMITS.dpiMax} DPI`,
  },
  greyLevelRange: { 'zh-CN': '灰度等级须为2到256的整数', en: 'Grey levels must be a whole number from 2 to 256' },
  bitmapInvalid: { 'zh-CN': '位图参数无效', en: 'The bitmap settings are not valid' },
  notFound: { 'zh-CN': '工艺不存在或已被删除', en: 'The craft does not exist or was deleted' },
  standardReadOnly: {
    'zh-CN': '标准工艺库为只读，请复制到个人工艺库后修改',
    en: 'The standard library is read-only; copy the craft to your personal library to change it',
  },
  changedMeanwhile: {
    'zh-CN': '该工艺已被他人修改，请刷新后重试',
    en: 'Someone else changed this craft meanwhile; reload it and try again',
  },
  created: { 'zh-CN': '新增成功', en: 'Craft added' },
  updated: { 'zh-CN': '修改成功', en: 'Changes saved' },
  deleted: { 'zh-CN': '删除成功', en: 'Deleted' },
  copied: { 'zh-CN': '已复制{0}条工艺到个人工艺库', en: 'Copied {0} craft(s) to your personal library' },
  imported: {
    'zh-CN': '导入完成：新增{0}条，替换{1}条，跳过{2}条',
    en: 'Import done: {0} added, {1} replaced, {2} skipped',
  },
  importTooLarge: {
    'zh-CN': `文件过大，工艺库文件不能超过${CRAFT_LIMITS.importMaxBytes / 1024 / 1024}MB`,
    en: `The file is too large: a craft library may be at most ${CRAFT_LIMITS.importMaxBytes / 1024 / 1024} MB`,
  },
  importUnknownFormat: {
    'zh-CN': '无法识别的文件：请选择 LightBurn 材料库（.clb）或 Kerf 工艺库（.json）',
    en: 'Unrecognised file: choose a LightBurn material library (.clb) or a Kerf craft library (.json)',
  },
  importNotClb: {
    'zh-CN': '不是有效的 LightBurn 材料库：{0}',
    en: 'Not a valid LightBurn material library: {0}',
  },
  importNotJson: { 'zh-CN': '不是有效的 Kerf 工艺库：{0}', en: 'Not a valid Kerf craft library: {0}' },
  importDoctype: {
    'zh-CN': '文件包含 DTD 或实体声明，出于安全原因不予读取',
    en: 'The file contains a DTD or entity declarations, which are refused for safety',
  },
  importInvalidCraft: { 'zh-CN': '第{0}条工艺（{1}）无效：{2}', en: 'Craft {0} ({1}) is not valid: {2}' },
  importEmpty: { 'zh-CN': '文件中没有工艺', en: 'The file holds no crafts' },
  importTooMany: {
    'zh-CN': `一次最多导入${CRAFT_LIMITS.importMaxCrafts}条工艺`,
    en: `At most ${CRAFT_LIMITS.importMaxCrafts} crafts can be imported at once`,
  },
  startingValues: {
    'zh-CN': '起始参数：不同机器差异较大，请先在废料上测试后再调整',
    en: 'Starting values: machines differ, so test on scrap first and adjust',
  },
} as const satisfies Record<string, Bilingual>;
export type CraftMessageKey = keyof typeof craftMessages;

/**
 * The schema below carries message keys (`@craft.powerRange`); both the form and the server turn them
 * into the reader's language with `craftIssueText`, so the rule and its words live in one place.
 */
const KEY_PREFIX = '@craft.';
const rule = (key: CraftMessageKey) => ({ message: `${KEY_PREFIX}${key}` });

/** Text of a schema issue message in a language: a craft rule's words, or the message as it is. */
export function craftIssueText(message: string | undefined, locale: Locale): string {
  if (message?.startsWith(KEY_PREFIX)) {
    const key = message.slice(KEY_PREFIX.length) as CraftMessageKey;
    if (key in craftMessages) return craftMessages[key][locale];
  }
  return message ?? '';
}

const text = (max: number, tooLong: CraftMessageKey, required?: CraftMessageKey) => {
  const base = z.string(required ? rule(required) : undefined).trim();
  return (required ? base.min(1, rule(required)) : base)
    .max(max, rule(tooLong))
    .refine((value) => !INVISIBLE_NAME_CHARS.test(value), rule('invisibleChars'));
};
const range = (min: number, max: number, key: CraftMessageKey) =>
  z.number(rule(key)).min(min, rule(key)).max(max, rule(key));
const above = (max: number, key: CraftMessageKey) => range(0, max, key).positive(rule(key));

export const craftBitmapSchema = z.object({
  dither: z.enum(CRAFT_DITHERS, rule('bitmapInvalid')).default('greyscale'),
  greyLevel: z
    .number(rule('greyLevelRange'))
    .int(rule('greyLevelRange'))
    .min(2, rule('greyLevelRange'))
    .max(256, rule('greyLevelRange'))
    .default(256),
  dpiX: range(CRAFT_LIMITS.dpiMin, CRAFT_LIMITS.dpiMax, 'dpiRange').default(254),
  dpiY: range(CRAFT_LIMITS.dpiMin, CRAFT_LIMITS.dpiMax, 'dpiRange').default(254),
  scanDirection: z.enum(['horizontal', 'vertical'], rule('bitmapInvalid')).default('horizontal'),
  startPosition: z
    .enum(['top-left', 'top-right', 'bottom-left', 'bottom-right'], rule('bitmapInvalid'))
    .default('top-left'),
  /** Halftone screen angle, degrees. */
  slope: range(-360, 360, 'angleRange').default(45),
  /** Halftone cell size, output pixels. */
  dot: z
    .number(rule('bitmapInvalid'))
    .int(rule('bitmapInvalid'))
    .min(1, rule('bitmapInvalid'))
    .max(64, rule('bitmapInvalid'))
    .default(4),
  invert: z.boolean().default(false),
  threshold: z
    .number(rule('bitmapInvalid'))
    .int(rule('bitmapInvalid'))
    .min(0, rule('bitmapInvalid'))
    .max(255, rule('bitmapInvalid'))
    .default(128),
});
export type CraftBitmap = z.infer<typeof craftBitmapSchema>;

/** Where a pass came from in a LightBurn library: its type and the values Kerf does not use, in order. */
export const lightburnKeepSchema = z.object({
  type: z.string().max(64),
  unknown: z.array(z.tuple([z.string().max(128), z.string().max(4096)])).max(CRAFT_LIMITS.unknownFieldsMax),
  order: z.array(z.string().max(128)).max(CRAFT_LIMITS.unknownFieldsMax).optional(),
});
export type LightburnKeep = z.infer<typeof lightburnKeepSchema>;

export const craftPassSchema = z
  .object({
    mode: z.enum(CRAFT_MODES, rule('modeInvalid')),
    /** Percent of the laser's power. */
    minPower: range(0, 100, 'powerRange'),
    maxPower: range(0, 100, 'powerRange'),
    /** mm/s. */
    speed: above(CRAFT_LIMITS.speedMax, 'speedRange'),
    /** Hz, fibre sources (0: the machine's own). */
    frequency: range(0, CRAFT_LIMITS.frequencyMax, 'frequencyRange').default(0),
    /** ns, fibre sources (0: the machine's own). */
    pulseWidth: range(0, CRAFT_LIMITS.pulseWidthMax, 'pulseWidthRange').default(0),
    /** How many times the pass runs. */
    repeat: z
      .number(rule('repeatRange'))
      .int(rule('repeatRange'))
      .min(1, rule('repeatRange'))
      .max(CRAFT_LIMITS.repeatMax, rule('repeatRange'))
      .default(1),
    /** Line interval of fills and images, mm. */
    interval: above(CRAFT_LIMITS.intervalMax, 'intervalRange').default(0.1),
    /** Fill angle, degrees. */
    angle: range(-360, 360, 'angleRange').default(0),
    crossHatch: z.boolean().default(false),
    bidirectional: z.boolean().default(true),
    /** mm past each fill line, so the head is at speed where it burns. */
    overscan: range(0, CRAFT_LIMITS.overscanMax, 'overscanRange').default(0),
    airAssist: z.boolean().default(false),
    /** mm, machines with a Z axis. */
    zOffset: range(-CRAFT_LIMITS.zOffsetMax, CRAFT_LIMITS.zOffsetMax, 'zOffsetRange').default(0),
    /** mm lowered on each further repeat. */
    zStep: range(0, CRAFT_LIMITS.zStepMax, 'zStepRange').default(0),
    /** mm, outward on parts, inward on holes. */
    kerfOffset: range(-CRAFT_LIMITS.kerfMax, CRAFT_LIMITS.kerfMax, 'kerfRange').default(0),
    /** Image mode only. */
    bitmap: craftBitmapSchema.optional(),
    lightburn: lightburnKeepSchema.optional(),
  })
  .refine((pass) => pass.minPower <= pass.maxPower, { ...rule('powerOrder'), path: ['minPower'] });
export type CraftPass = z.infer<typeof craftPassSchema>;
export type CraftPassInput = z.input<typeof craftPassSchema>;

export const craftInputSchema = z.object({
  material: text(CRAFT_LIMITS.materialMax, 'materialTooLong', 'materialRequired'),
  /** mm; null when the craft is for any thickness (engraving). */
  thickness: above(CRAFT_LIMITS.thicknessMax, 'thicknessRange').nullable().default(null),
  machineModel: text(CRAFT_LIMITS.machineModelMax, 'machineModelTooLong').default(''),
  laserType: z.enum(CRAFT_LASER_TYPES, rule('laserTypeInvalid')),
  /** Rated power of the laser source, W. */
  powerClass: z
    .number(rule('powerClassRange'))
    .int(rule('powerClassRange'))
    .min(1, rule('powerClassRange'))
    .max(CRAFT_LIMITS.powerClassMax, rule('powerClassRange')),
  name: text(CRAFT_LIMITS.nameMax, 'nameTooLong', 'nameRequired'),
  description: z.string().max(CRAFT_LIMITS.descriptionMax, rule('descriptionTooLong')).default(''),
  passes: z.array(craftPassSchema).min(1, rule('passesRequired')).max(CRAFT_LIMITS.passesMax, rule('passesTooMany')),
  /** LightBurn entry attributes Kerf does not use, kept for export. */
  lightburn: z
    .array(z.tuple([z.string().max(128), z.string().max(4096)]))
    .max(CRAFT_LIMITS.unknownFieldsMax)
    .optional(),
});
export type CraftInput = z.infer<typeof craftInputSchema>;
export type CraftInputDraft = z.input<typeof craftInputSchema>;

/** A stored craft as the API returns it. */
export interface Craft extends CraftInput {
  id: string;
  library: CraftLibrary;
  /** Shipped as a starting point (seeded), not measured on the reader's machine. */
  startingValues: boolean;
  /** Goes up by one on every edit; an update names the revision it was made from. */
  revision: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
}

export interface CraftRevision {
  revision: number;
  action: 'create' | 'update' | 'delete' | 'import';
  at: string;
  by: string | null;
  craft: CraftInput;
}

export interface CraftFacets {
  materials: string[];
  machineModels: string[];
  powerClasses: number[];
}

export interface CraftImportPreview {
  format: 'clb' | 'json';
  libraryName: string;
  total: number;
  /** New crafts, by material / thickness / name. */
  added: CraftImportLine[];
  /** Crafts whose key (material, thickness, machine model, laser type, power class, name) is taken. */
  clashes: CraftImportLine[];
}

export interface CraftImportLine {
  material: string;
  thickness: number | null;
  name: string;
  passes: number;
  /** The id of the craft it clashes with. */
  existingId?: string;
}

export interface CraftImportResult {
  added: number;
  replaced: number;
  skipped: number;
}

/** The Kerf JSON library file. */
export const CRAFT_JSON_FORMAT = 'kerf-crafts';
export const craftJsonFileSchema = z.object({
  format: z.literal(CRAFT_JSON_FORMAT),
  version: z.literal(1),
  name: z.string().max(200).default(''),
  crafts: z.array(z.unknown()).max(CRAFT_LIMITS.importMaxCrafts, rule('importTooMany')),
});

/** The key that makes two crafts "the same" for import clashes. */
export function craftKey(
  c: Pick<CraftInput, 'material' | 'thickness' | 'machineModel' | 'laserType' | 'powerClass' | 'name'>,
): string {
  return [
    c.material.toLowerCase(),
    c.thickness ?? '',
    c.machineModel.toLowerCase(),
    c.laserType,
    c.powerClass,
    c.name.toLowerCase(),
  ].join('\u0001');
}

/** The first problem with a craft in a language, or null; for forms and import messages. */
export function craftProblem(input: unknown, locale: Locale): string | null {
  const parsed = craftInputSchema.safeParse(input);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${craftIssueText(issue.message, locale)}`;
}
