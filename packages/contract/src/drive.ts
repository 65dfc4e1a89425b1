import type { Bilingual } from './locale.js';

/** SPEC §5 Folders and files: required, at most 255 characters, none of \ / : * ? " < > | */
export const ENTRY_NAME_MAX = 255;
export const FORBIDDEN_NAME_CHARS = /[\\/:*?"<>|]/;
/**
 * Characters a name never holds, though nobody sees them: C0 and C1 controls, DEL, and the
 * bidirectional controls (U+200E/200F marks, U+202A–202E embeddings and overrides, U+2066–2069
 * isolates) that make `gpj.exe` read as `exe.jpg`. PostgreSQL cannot store NUL at all.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
export const INVISIBLE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
export const DEFAULT_QUOTA_BYTES = 10 * 1024 ** 3;
export const RECYCLE_RETENTION_DAYS = 30;

/** SPEC §2 fileType values. */
export const FILE_TYPE = { all: 0, image: 1, video: 3, audio: 4, recycle: 6, shared: 7, myShares: 8 } as const;

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'svg', 'bmp', 'webp', 'tif', 'tiff'] as const;
export const VIDEO_EXTENSIONS = ['avi', 'mp4', 'mpg', 'mov', 'swf', 'webm', 'mkv'] as const;
export const AUDIO_EXTENSIONS = ['mp3', 'flac', 'wav', 'ogg', 'aac', 'm4a'] as const;

/** SPEC §3 folder tree node; the root is the virtual node '0' named '/'. */
export interface FolderNode {
  id: string;
  label: string;
  name: string;
  filePath: string;
  path: string;
  parentId: string | null;
  children: FolderNode[];
}

export const driveMessages = {
  nameRequired: { 'zh-CN': '请输入文件名称', en: 'Please enter a name' },
  folderNameRequired: { 'zh-CN': '请输入文件夹名称', en: 'Please enter a folder name' },
  nameTooLong: {
    'zh-CN': `名称不能超过${ENTRY_NAME_MAX}个字符`,
    en: `The name must not exceed ${ENTRY_NAME_MAX} characters`,
  },
  nameForbiddenChars: {
    'zh-CN': '名称不能包含下列任何字符：\\ / : * ? " < > |',
    en: 'A name cannot contain any of these characters: \\ / : * ? " < > |',
  },
  nameInvisibleChars: {
    'zh-CN': '名称不能包含控制字符或文字方向控制符',
    en: 'A name cannot contain control characters or text-direction controls',
  },
  nameExists: { 'zh-CN': '名称已经存在', en: 'That name already exists here' },
  illegalPath: { 'zh-CN': '非法路径', en: 'Illegal path: a folder cannot go into itself or below itself' },
  folderCreated: { 'zh-CN': '文件夹创建成功', en: 'Folder created' },
  renamed: { 'zh-CN': '重命名成功', en: 'Renamed' },
  deleted: { 'zh-CN': '删除成功', en: 'Deleted' },
  moved: { 'zh-CN': '移动成功', en: 'Moved' },
  copied: { 'zh-CN': '复制成功', en: 'Copied' },
  restored: { 'zh-CN': '还原成功', en: 'Restored' },
  quotaExceeded: { 'zh-CN': '存储空间不足', en: 'Not enough storage space' },
  notFound: { 'zh-CN': '文件不存在或已被删除', en: 'The file does not exist or was deleted' },
  changedMeanwhile: {
    'zh-CN': '文件已被其他人修改，请重新打开后再保存',
    en: 'Someone else changed this file meanwhile; reopen it before saving',
  },
} as const satisfies Record<string, Bilingual>;

/** Checks a file or folder name against SPEC §5; returns the message key of the first rule broken. */
export function entryNameProblem(
  name: string | null | undefined,
  kind: 'file' | 'folder' = 'file',
): keyof typeof driveMessages | null {
  const value = (name ?? '').trim();
  if (!value) return kind === 'folder' ? 'folderNameRequired' : 'nameRequired';
  if (value.length > ENTRY_NAME_MAX) return 'nameTooLong';
  if (FORBIDDEN_NAME_CHARS.test(value)) return 'nameForbiddenChars';
  // On the name as sent: trimming would hide a tab or newline at either end.
  if (INVISIBLE_NAME_CHARS.test(name ?? '')) return 'nameInvisibleChars';
  if (value === '.' || value === '..') return 'nameForbiddenChars';
  return null;
}

/** The lower-case extension of a file name without the dot; '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1
    ? fileName
        .slice(dot + 1)
        .toLowerCase()
        .slice(0, 32)
    : '';
}

/** `/a/b` + `c` → `/a/b/c`; the root is `/`. */
export function joinPath(parentPath: string, name: string): string {
  return parentPath === '/' ? `/${name}` : `${parentPath}/${name}`;
}

/**
 * What happens when an upload or a restore meets an entry of the same name in its folder (as Cloudreve
 * and Nextcloud ask): `replace` the existing one, `keepBoth` (the newcomer is numbered, `name (1)`), or
 * `skip` the newcomer. `ask` changes nothing and answers the clash, so the client can ask its person.
 */
export const CLASH_POLICIES = ['ask', 'replace', 'keepBoth', 'skip'] as const;
export type ClashPolicy = (typeof CLASH_POLICIES)[number];
/** A person's answer to a clash: every policy but asking again. */
export type ClashChoice = Exclude<ClashPolicy, 'ask'>;

/** The entry already in the way, as a clash answer reports it. */
export interface NameClash {
  fileName: string;
  isDir: 0 | 1;
  /** The existing entry's id. */
  userFileId: string;
  fileSize: number;
  /** The existing entry's modified time. */
  uploadTime: string;
}

/** `POST /engine/recovery/restore` with `onClash`: what was restored, what was skipped, what clashed. */
export interface RestoreOutcome {
  restored: number;
  skipped: number;
  /** With `onClash: 'ask'`: the batches left in the bin because their name is taken where they go back. */
  clashes: Array<NameClash & { deleteBatchNum: string }>;
}

/**
 * Names in the drive's natural order, as the server's lists sort them (the ICU root collation with
 * numbers compared by value, PostgreSQL's kerf_natural): 'part-9' before 'part-10', letters before case.
 */
export const compareNames: (a: string, b: string) => number = new Intl.Collator('und', { numeric: true }).compare;
