import type { Bilingual } from './locale.js';

/**
 * Viewers and editors of the drive (SPEC §2, §4, §5, §9), all under /cloud-api. Every read call also
 * works on a share: add `shareBatchNum` and `extractionCode` instead of signing in (read-only).
 * `token` in the query signs a plain link in (for `<img>`, `<video>` and `<audio>` sources).
 *
 * - `GET /engine/filetransfer/preview?userFileId&isMin` — with `isMin=true` a thumbnail (WebP, made
 *   once in the background and cached; images, BMP, SVG, and MP4 poster frames when ffmpeg is
 *   installed); otherwise the file itself, inline, with byte ranges.
 * - `GET /engine/file/audioInfo?userFileId` → AudioInfo (tags read on the server, lyrics from an
 *   `.lrc` of the same name beside the file).
 * - `GET /engine/file/content?userFileId` → FileContent (text files up to TEXT_EDIT_MAX_BYTES).
 * - `PUT /engine/file/content` `{userFileId, content, sha256}` saves new text when `sha256` (the
 *   content the editor started from) is still the file's; else 409 with the current sha256.
 * - `POST /engine/file/createFile` `{folderId, fileName}` creates an empty txt, md, docx, xlsx or pptx.
 * - `POST /engine/file/unzip` `{userFileId, unzipMode, folderId?}` starts a background job → `{jobId}`;
 *   `GET /engine/file/unzip/{jobId}` → UnzipJob.
 * - `GET /engine/file/officePdf?userFileId` → the office file converted to PDF (LibreOffice), or 501.
 * - `GET /engine/onlyoffice/config?userFileId&ot=detail|edit` → OnlyOfficeConfig (when configured);
 *   `POST /engine/onlyoffice/add` `{fileName, folderId, extendName}` creates a document to edit;
 *   the document server reads `/engine/onlyoffice/file?token` and calls `/engine/onlyoffice/callback?token`.
 */
export const PREVIEW_PATHS = {
  preview: '/engine/filetransfer/preview',
  audioInfo: '/engine/file/audioInfo',
  content: '/engine/file/content',
  createFile: '/engine/file/createFile',
  unzip: '/engine/file/unzip',
  officePdf: '/engine/file/officePdf',
  onlyofficeConfig: '/engine/onlyoffice/config',
  onlyofficeAdd: '/engine/onlyoffice/add',
  onlyofficeFile: '/engine/onlyoffice/file',
  onlyofficeCallback: '/engine/onlyoffice/callback',
} as const;

/** Thumbnails fit in this square (isMin=true). */
export const THUMBNAIL_PX = 256;
/** Text bigger than this opens read-only in a download prompt instead of the editor. */
export const TEXT_EDIT_MAX_BYTES = 5 * 1024 * 1024;

/** SPEC §2/§4: unzip into the current folder, a folder named after the archive, or a chosen folder. */
export const UNZIP_MODE = { current: 0, named: 1, target: 2 } as const;
export type UnzipMode = (typeof UNZIP_MODE)[keyof typeof UNZIP_MODE];
export const ARCHIVE_EXTENSIONS = ['zip', 'rar', '7z', 'tar', 'gz', 'tgz'] as const;

/** Limits an archive must keep to be unpacked at all (nothing is imported when one is broken). */
export const UNZIP_LIMITS = {
  maxArchiveBytes: 1024 ** 3,
  maxEntries: 10_000,
  maxBytes: 4 * 1024 ** 3,
  /** Unpacked bytes per packed byte, over the whole archive. */
  maxRatio: 200,
} as const;

/** SPEC §3 New file: these types, created as valid empty documents. */
export const NEW_FILE_TYPES = ['txt', 'md', 'docx', 'xlsx', 'pptx'] as const;
export type NewFileType = (typeof NEW_FILE_TYPES)[number];
export const OFFICE_EXTENSIONS = ['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx'] as const;

/** SPEC §3 Audio info, with the lyric lines of SPEC §2 (time text, start and end in seconds). */
export interface LyricLine {
  time: string;
  text: string;
  start: number;
  end: number;
}
export interface AudioInfo {
  title: string;
  artist: string;
  album: string;
  /** A data: URL of the embedded cover, or null. */
  albumImage: string | null;
  /** Seconds. */
  duration: number;
  lyrics: LyricLine[];
}

export interface FileContent {
  userFileId: string;
  fileName: string;
  extendName: string;
  text: string;
  /** The content's hash: send it back when saving, to detect a concurrent edit. */
  sha256: string;
  fileSize: number;
}

export type UnzipState = 'queued' | 'running' | 'done' | 'failed';
export interface UnzipJob {
  jobId: string;
  state: UnzipState;
  /** 0 to 1. */
  progress: number;
  entries: number;
  /** Where the entries went, e.g. `/docs/plans`. */
  targetPath: string;
  /** The failure, in the caller's language, when state is failed. */
  message: string;
}

export interface OnlyOfficeConfig {
  documentServerUrl: string;
  /** The editor configuration, signed (config.token) for the document server. */
  config: Record<string, unknown>;
}

export const previewMessages = {
  unzipped: { 'zh-CN': '解压成功', en: 'Unpacked' },
  unzipWaiting: { 'zh-CN': '正在解压，请稍候…', en: 'Unpacking, please wait…' },
  notArchive: { 'zh-CN': '不支持的压缩格式', en: 'This archive format is not supported' },
  archiveCorrupt: { 'zh-CN': '压缩包已损坏，无法解压', en: 'The archive is damaged and cannot be unpacked' },
  archiveEncrypted: { 'zh-CN': '压缩包已加密，无法解压', en: 'The archive is encrypted and cannot be unpacked' },
  archiveTooBig: { 'zh-CN': '压缩包过大，无法在线解压', en: 'The archive is too large to unpack online' },
  unsafePath: {
    'zh-CN': '压缩包中有文件会解压到目标文件夹之外，已拒绝解压',
    en: 'The archive has entries that would land outside the target folder; nothing was unpacked',
  },
  archiveLink: {
    'zh-CN': '压缩包中含有链接文件，已拒绝解压',
    en: 'The archive contains links; nothing was unpacked',
  },
  tooManyEntries: {
    'zh-CN': '压缩包中的文件过多（最多{0}个），已拒绝解压',
    en: 'The archive holds too many entries (at most {0}); nothing was unpacked',
  },
  tooManyBytes: {
    'zh-CN': '解压后的文件过大，已拒绝解压',
    en: 'The unpacked files would be too large; nothing was unpacked',
  },
  ratio: {
    'zh-CN': '压缩比异常，疑似压缩炸弹，已拒绝解压',
    en: 'The compression ratio is extreme (a likely archive bomb); nothing was unpacked',
  },
  badName: {
    'zh-CN': '压缩包中有不合法的文件名，已拒绝解压',
    en: 'The archive has an entry with an invalid name; nothing was unpacked',
  },
  jobNotFound: { 'zh-CN': '解压任务不存在', en: 'No such unpacking job' },
  saved: { 'zh-CN': '保存成功', en: 'Saved' },
  tooLargeToEdit: { 'zh-CN': '文件过大，无法在线编辑', en: 'The file is too large to edit online' },
  notText: { 'zh-CN': '该文件不是文本文件', en: 'This file is not text' },
  created: { 'zh-CN': '新建成功', en: 'Created' },
  unsupportedType: { 'zh-CN': '不支持新建该类型的文件', en: 'Files of this type cannot be created' },
  noPreview: { 'zh-CN': '该文件暂不支持预览', en: 'This file cannot be previewed' },
  converterMissing: {
    'zh-CN': '服务器未安装文档转换服务，无法预览',
    en: 'The server has no document converter installed; the file cannot be previewed',
  },
  conversionFailed: { 'zh-CN': '文档转换失败', en: 'The document could not be converted' },
  onlyofficeOff: { 'zh-CN': '未配置在线文档服务', en: 'No online document server is configured' },
} as const satisfies Record<string, Bilingual>;
