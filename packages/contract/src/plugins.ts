import { z } from 'zod';
import type { Bilingual } from './locale.js';

/**
 * Plugins (SPEC §2 `/pluginsManage` and `/plugin`, both public): small programs that draw shapes for
 * the editor. A plugin is a package (a zip) holding `manifest.json`, one JavaScript entry and an
 * optional icon; it runs in a sandbox in the browser (see `@kerf/plugins`) and answers a document
 * fragment. Built-in plugins ship with Kerf; administrators publish others.
 *
 * All under /cloud-api:
 * - `GET  /plugins` → published plugins (their newest published version), with `installed` for the caller.
 * - `GET  /plugins/:id` → one plugin with every published version (administrators: every version).
 * - `GET  /plugins/:id/versions/:version/entry.js` → the entry script (published; administrators: any).
 * - `GET  /plugins/:id/versions/:version/icon` → the icon (PNG or SVG, served inert).
 * - `GET  /plugins/mine` → my plugins: built-ins plus what I installed, each enabled or not, with the
 *   newest published version beside the installed one.
 * - `POST /plugins/:id/install` `{version?}` → installs, or moves an installed plugin to a version
 *   (none: the newest published); `DELETE /plugins/:id/install` → uninstalls;
 *   `PUT /plugins/:id/enabled` `{enabled}` → enables or disables (built-ins too).
 * - Administrators (`plugin:package:manage`): `GET /plugins/manage` → every plugin and version with its
 *   state; `POST /plugins/packages` multipart `package` (a zip) → checked and stored as a draft
 *   version; `PUT /plugins/:id/versions/:version/status` `{status: 'published' | 'withdrawn'}`.
 * - `GET /plugins/sandbox` → the page the sandbox iframe loads (its own strict policy).
 */
export const PLUGIN_PATHS = {
  list: '/plugins',
  mine: '/plugins/mine',
  manage: '/plugins/manage',
  upload: '/plugins/packages',
  sandbox: '/plugins/sandbox',
  byId: '/plugins/:id',
  entry: '/plugins/:id/versions/:version/entry.js',
  icon: '/plugins/:id/versions/:version/icon',
  status: '/plugins/:id/versions/:version/status',
  install: '/plugins/:id/install',
  enabled: '/plugins/:id/enabled',
} as const;

export const PLUGIN_PERMISSIONS = {
  manage: 'plugin:package:manage',
} as const;

export { PLUGIN_LIMITS } from './plugin-limits.js';

import { PLUGIN_LIMITS } from './plugin-limits.js';

/** What a plugin may ask for. `selection:read`: the selected shapes, in document coordinates. */
export const PLUGIN_PERMISSION_NAMES = ['selection:read'] as const;
export type PluginPermission = (typeof PLUGIN_PERMISSION_NAMES)[number];

export const PLUGIN_PERMISSION_LABELS: Record<PluginPermission, Bilingual> = {
  'selection:read': { 'zh-CN': '读取选中的图形', en: 'Read the selected shapes' },
};

export const PLUGIN_VERSION_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type PluginVersionStatus = (typeof PLUGIN_VERSION_STATUSES)[number];

const bilingual = z.object({ 'zh-CN': z.string().trim().min(1).max(200), en: z.string().trim().min(1).max(200) });
const longBilingual = z.object({
  'zh-CN': z.string().trim().min(1).max(2000),
  en: z.string().trim().min(1).max(2000),
});
const fileName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'a file name at the top of the package');

export const PLUGIN_ID_PATTERN = /^[a-z0-9]+(?:[.-][a-z0-9]+)*$/;
export const PLUGIN_VERSION_PATTERN = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

/** Shows a parameter only while another one has one of the listed values. */
const visibleWhen = z.object({
  key: z.string(),
  in: z.array(z.union([z.string(), z.number(), z.boolean()])).min(1),
});

const paramBase = {
  key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/),
  label: bilingual,
  help: bilingual.optional(),
  when: visibleWhen.optional(),
};

const finite = z.number().finite();

export const pluginParameterSchema = z.discriminatedUnion('type', [
  z.object({
    ...paramBase,
    type: z.literal('number'),
    default: finite,
    min: finite.optional(),
    max: finite.optional(),
    step: finite.positive().optional(),
    /** Shown after the field: `mm`, `°`, `%`… */
    unit: z.string().max(8).optional(),
  }),
  z.object({
    ...paramBase,
    type: z.literal('integer'),
    default: z.number().int(),
    min: z.number().int().optional(),
    max: z.number().int().optional(),
    unit: z.string().max(8).optional(),
  }),
  z.object({ ...paramBase, type: z.literal('boolean'), default: z.boolean() }),
  z.object({
    ...paramBase,
    type: z.literal('select'),
    default: z.string(),
    options: z
      .array(z.object({ value: z.string().min(1).max(64), label: bilingual }))
      .min(1)
      .max(50),
  }),
  z.object({
    ...paramBase,
    type: z.literal('text'),
    default: z.string().max(2000),
    maxLength: z.number().int().min(1).max(2000),
    multiline: z.boolean().optional(),
  }),
]);
export type PluginParameter = z.infer<typeof pluginParameterSchema>;
export type PluginParamValue = string | number | boolean;
export type PluginParamValues = Record<string, PluginParamValue>;

export const pluginManifestSchema = z
  .object({
    id: z.string().min(3).max(64).regex(PLUGIN_ID_PATTERN, 'lower-case letters and digits, joined by . or -'),
    version: z.string().regex(PLUGIN_VERSION_PATTERN, 'a version such as 1.2.0'),
    name: bilingual,
    description: longBilingual,
    author: z.string().trim().min(1).max(64),
    /** The icon file in the package: `.png` or `.svg`. */
    icon: fileName.regex(/\.(png|svg)$/i, 'a .png or .svg file').optional(),
    /** The entry script in the package. */
    entry: fileName.regex(/\.js$/, 'a .js file').default('index.js'),
    permissions: z.array(z.enum(PLUGIN_PERMISSION_NAMES)).max(PLUGIN_PERMISSION_NAMES.length).default([]),
    parameters: z.array(pluginParameterSchema).max(PLUGIN_LIMITS.parametersMax),
  })
  .superRefine((m, ctx) => {
    const keys = new Set<string>();
    for (const [i, p] of m.parameters.entries()) {
      if (keys.has(p.key)) ctx.addIssue({ code: 'custom', path: ['parameters', i, 'key'], message: 'used twice' });
      keys.add(p.key);
      const issue = parameterDefaultIssue(p);
      if (issue) ctx.addIssue({ code: 'custom', path: ['parameters', i, 'default'], message: issue });
    }
  });
export type PluginManifest = z.output<typeof pluginManifestSchema>;

function parameterDefaultIssue(p: PluginParameter): string | null {
  if ((p.type === 'number' || p.type === 'integer') && p.min !== undefined && p.max !== undefined && p.min > p.max) {
    return 'min is above max';
  }
  return parameterValueIssue(p, p.default);
}

/** Why a value does not suit a parameter (English, for package checks), or null when it does. */
export function parameterValueIssue(p: PluginParameter, value: unknown): string | null {
  switch (p.type) {
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'not a number';
      if (p.type === 'integer' && !Number.isInteger(value)) return 'not a whole number';
      if (p.min !== undefined && value < p.min) return `below ${p.min}`;
      if (p.max !== undefined && value > p.max) return `above ${p.max}`;
      return null;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'not true or false';
    case 'select':
      return p.options.some((o) => o.value === value) ? null : 'not one of the options';
    case 'text':
      if (typeof value !== 'string') return 'not text';
      return value.length > p.maxLength ? `longer than ${p.maxLength}` : null;
  }
}

/** Every parameter's default. */
export function defaultParams(parameters: readonly PluginParameter[]): PluginParamValues {
  return Object.fromEntries(parameters.map((p) => [p.key, p.default]));
}

/** Whether a parameter shows, given the current values. */
export function parameterVisible(p: PluginParameter, values: PluginParamValues): boolean {
  if (!p.when) return true;
  const value = values[p.when.key];
  return value !== undefined && p.when.in.includes(value);
}

/** A plugin as listed (the version shown is the newest published, or the one asked for). */
export interface PluginSummary {
  id: string;
  version: string;
  name: Bilingual;
  description: Bilingual;
  author: string;
  builtin: boolean;
  hasIcon: boolean;
  permissions: PluginPermission[];
  /** Filled for a signed-in caller. */
  installed?: { version: string; enabled: boolean } | null;
}

export interface PluginVersionView {
  version: string;
  status: PluginVersionStatus;
  size: number;
  createdAt: string;
  publishedAt: string | null;
  manifest: PluginManifest;
}

export interface PluginDetail extends PluginSummary {
  manifest: PluginManifest;
  versions: PluginVersionView[];
}

/** One of my plugins: the version I run and the newest I could move to. */
export interface MyPlugin {
  id: string;
  builtin: boolean;
  enabled: boolean;
  /** The installed version; null when it was withdrawn and no longer runs. */
  version: string | null;
  latest: string | null;
  manifest: PluginManifest;
}

export const pluginMessages = {
  notFound: { 'zh-CN': '插件不存在', en: 'No such plugin' },
  versionNotFound: { 'zh-CN': '插件版本不存在', en: 'No such plugin version' },
  notPublished: { 'zh-CN': '该版本未发布', en: 'This version is not published' },
  builtinCannotUninstall: {
    'zh-CN': '内置插件不能卸载，可以停用',
    en: 'Built-in plugins cannot be uninstalled; disable them instead',
  },
  notInstalled: { 'zh-CN': '尚未安装该插件', en: 'This plugin is not installed' },
  packageTooLarge: { 'zh-CN': '插件包不能超过 {0}', en: 'A plugin package may be at most {0}' },
  packageNotZip: { 'zh-CN': '插件包须为 zip 文件', en: 'A plugin package must be a zip file' },
  manifestMissing: { 'zh-CN': '插件包缺少 manifest.json', en: 'The package has no manifest.json' },
  manifestInvalid: { 'zh-CN': 'manifest.json 不正确：{0}', en: 'manifest.json is not valid: {0}' },
  entryMissing: { 'zh-CN': '插件包缺少入口文件 {0}', en: 'The package lacks its entry file {0}' },
  entryTooLarge: { 'zh-CN': '入口文件不能超过 {0}', en: 'The entry file may be at most {0}' },
  iconMissing: { 'zh-CN': '插件包缺少图标文件 {0}', en: 'The package lacks its icon file {0}' },
  iconInvalid: { 'zh-CN': '图标须为不超过 {0} 的 PNG 或 SVG', en: 'The icon must be a PNG or SVG of at most {0}' },
  versionExists: { 'zh-CN': '版本 {0} 已存在', en: 'Version {0} already exists' },
  versionNotNewer: { 'zh-CN': '新版本须高于已有的 {0}', en: 'A new version must be above {0}' },
  builtinReserved: { 'zh-CN': '该插件标识属于内置插件', en: 'This plugin id belongs to a built-in plugin' },
  // Answers to the actions above.
  installed: { 'zh-CN': '已安装 {0} {1}', en: 'Installed {0} {1}' },
  uninstalled: { 'zh-CN': '已卸载 {0}', en: 'Uninstalled {0}' },
  enabled: { 'zh-CN': '已启用 {0}', en: 'Enabled {0}' },
  disabled: { 'zh-CN': '已停用 {0}', en: 'Disabled {0}' },
  uploaded: { 'zh-CN': '已上传 {0} {1}，尚未发布', en: 'Uploaded {0} {1}; it is not published yet' },
  published: { 'zh-CN': '已发布 {0} {1}', en: 'Published {0} {1}' },
  withdrawn: { 'zh-CN': '已撤回 {0} {1}', en: 'Withdrew {0} {1}' },
  // Shown by the sandbox host.
  runTimeout: { 'zh-CN': '插件运行超过 {0} 秒，已停止', en: 'The plugin ran longer than {0} s and was stopped' },
  answerTooLarge: { 'zh-CN': '插件返回的数据过大，已停止', en: 'The plugin answered too much data and was stopped' },
  answerInvalid: { 'zh-CN': '插件返回的图形不正确：{0}', en: 'The plugin answered shapes Kerf cannot use: {0}' },
  floodStopped: { 'zh-CN': '插件发送消息过多，已停止', en: 'The plugin sent too many messages and was stopped' },
  pluginFailed: { 'zh-CN': '插件运行出错：{0}', en: 'The plugin failed: {0}' },
  paramInvalid: { 'zh-CN': '参数“{0}”不正确', en: 'The parameter “{0}” is not valid' },
  needsSelection: { 'zh-CN': '请先选中图形', en: 'Select shapes first' },
} as const satisfies Record<string, Bilingual>;

export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
