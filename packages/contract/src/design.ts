import type { Bilingual } from './locale.js';

/**
 * The design editor's server calls (SPEC §2 `/design`), under /cloud-api.
 *
 * - `POST /design/import/dwg` with the DWG file as the raw body (application/octet-stream, at most
 *   50 MB) → the drawing as a Kerf document (`@kerf/laser`'s JSON). Open to everyone, like the editor:
 *   the file is read in a separate process with a time and memory limit, a few at a time; a file it
 *   cannot read answers 400 with 格式错误 and the reason.
 */
export const DESIGN_PATHS = {
  importDwg: '/design/import/dwg',
} as const;

/** DWG files read at once on one server, and how many more may wait for a turn. */
export const DWG_IMPORT_CONCURRENCY = 1;
export const DWG_IMPORT_QUEUE = 4;

export const designMessages = {
  dwgBusy: {
    'zh-CN': 'DWG 文件读取繁忙，请稍后再试',
    en: 'Too many DWG files are being read right now; try again in a moment',
  },
  dwgEmpty: { 'zh-CN': '请选择要导入的 DWG 文件', en: 'Choose the DWG file to import' },
} as const satisfies Record<string, Bilingual>;
