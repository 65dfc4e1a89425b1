import type { Bilingual, Locale } from './locale.js';

/**
 * Share links (SPEC §2–§5, §9), all under /cloud-api. The spec does not show these paths; they follow
 * its engine calls.
 *
 * Signed in (the owner):
 * - `POST /engine/share/sharefile` `{endTime, shareType, remarks, files}` → `success, data
 *   {shareBatchNum, extractionCode}, message`. `files` is a serialized list of file references: a JSON
 *   array of `{userFileId}` (or of ids), or ids comma-joined.
 * - `GET /engine/share/shareList?page&limit` → my share batches (newest first), each with its files.
 * - `GET /engine/file/listFileInfo?fileType=8[&shareBatchNum=]` → my shared entries with their share
 *   fields (one batch when `shareBatchNum` is given).
 * - `POST /engine/share/cancelShare` `{shareBatchNums}` (comma-joined or a list) ends shares at once.
 * - `POST /engine/share/unlock` `{shareBatchNum}` lifts a lockout after too many wrong codes.
 *
 * Anyone with the link (`{origin}/share/{shareBatchNum}`; the server redirects it to `/web/share/…`):
 * - `GET /engine/share/shareInfo?shareBatchNum` → who shared, when, until when, whether a code is
 *   needed. Nothing about the files before the code is given.
 * - `POST /engine/share/checkExtractionCode` `{shareBatchNum, extractionCode}` → ok, or 提取码错误.
 * - `GET /engine/share/shareFileList?shareBatchNum&extractionCode[&folderId|&filePath]&page&limit&sort&order`
 *   → the shared entries, or the inside of a shared folder. Paths are relative to the share.
 * - `GET /engine/share/downloadfile?shareBatchNum&extractionCode&userFileId[&inline=1]` (Range, ETag).
 * - `GET /engine/share/batchDownloadFile?shareBatchNum&extractionCode&userFileIds` → one zip.
 * - `POST /engine/share/saveShareFile` (signed in) `{shareBatchNum, extractionCode, userFileIds?,
 *   folderId}` copies shared entries into my drive; bytes are shared, so it is instant.
 *
 * An expired share (end time not later than now) answers 410 分享链接已过期 and exposes nothing; a
 * cancelled or unknown one 404 分享不存在或已被取消. Ids outside the share answer 404 as if unknown.
 */
export const SHARE_PATHS = {
  create: '/engine/share/sharefile',
  mine: '/engine/share/shareList',
  cancel: '/engine/share/cancelShare',
  unlock: '/engine/share/unlock',
  info: '/engine/share/shareInfo',
  checkCode: '/engine/share/checkExtractionCode',
  files: '/engine/share/shareFileList',
  download: '/engine/share/downloadfile',
  batchDownload: '/engine/share/batchDownloadFile',
  save: '/engine/share/saveShareFile',
} as const;

/** SPEC §3: shareType 1 needs an extraction code, 0 is open to anyone with the link. */
export const SHARE_TYPE = { public: 0, code: 1 } as const;
export type ShareType = (typeof SHARE_TYPE)[keyof typeof SHARE_TYPE];

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). Codes are case-insensitive. */
export const SHARE_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
/** Extraction codes: 31^6 ≈ 887 million, behind the per-share lockout below. */
export const EXTRACTION_CODE_LENGTH = 6;
/** The link's own code (shareBatchNum): 31^16 ≈ 2^79, never guessed. */
export const SHARE_LINK_CODE_LENGTH = 16;
export const SHARE_REMARKS_MAX = 200;
/** Entries one share may name directly (folders count once, whatever they hold). */
export const SHARE_FILES_MAX = 1000;

export const SHARE_LIMITS = {
  /** Wrong codes for one share from one visitor address within the window that shut that visitor out of it. */
  failuresPerShare: 10,
  /** Wrong codes from one address, over all shares, within the window before it is turned away. */
  failuresPerIp: 30,
  failureWindowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
} as const;

/** The share dialog's date-time format (SPEC §5: yyyy-MM-dd HH:mm:ss), in dayjs notation. */
export const SHARE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The answer of the share call's `data`. */
export interface ShareResult {
  shareBatchNum: string;
  /** '' for a public share. */
  extractionCode: string;
}

/** What anyone with the link learns before giving the code. */
export interface ShareInfo {
  shareBatchNum: string;
  shareType: ShareType;
  needsCode: boolean;
  sharer: { nickName: string; avatar: string | null };
  shareTime: string;
  endTime: string;
  fileCount: number;
}

/** One of my shares as the my-shares view lists it. */
export interface ShareBatch {
  shareBatchNum: string;
  extractionCode: string;
  shareType: ShareType;
  shareTime: string;
  endTime: string;
  expired: boolean;
  remarks: string;
  viewCount: number;
  downloadCount: number;
  saveCount: number;
  /** Wrong codes from every visitor in the current window, and when the latest visitor's lockout ends (null when none). */
  failedAttempts: number;
  lockedUntil: string | null;
  fileCount: number;
  /** The first few entries, for the list's name column. */
  files: Array<{ userFileId: string; fileName: string; extendName: string; isDir: 0 | 1 }>;
}

/** SPEC §4: a share is expired when its end time is not later than now. */
export function isShareExpired(endTime: Date | string | number, now: Date | number = Date.now()): boolean {
  return new Date(endTime).getTime() <= new Date(now).getTime();
}

/** SPEC §9: the link is `{origin}/share/{code}`. */
export function shareLink(origin: string, shareBatchNum: string): string {
  return `${origin.replace(/\/+$/, '')}/share/${shareBatchNum}`;
}

/** True for a string that can be a link code or an extraction code (before any lookup). */
export function isShareCode(value: string, length: number): boolean {
  if (value.length !== length) return false;
  for (const c of value) if (!SHARE_CODE_ALPHABET.includes(c)) return false;
  return true;
}

export const shareMessages = {
  endTimeRequired: { 'zh-CN': '请选择链接有效期', en: 'Please choose how long the link is valid' },
  endTimePast: { 'zh-CN': '链接有效期必须晚于当前时间', en: 'The link must stay valid until a time in the future' },
  nothingToShare: { 'zh-CN': '请选择要分享的文件', en: 'Please choose what to share' },
  created: { 'zh-CN': '分享成功', en: 'Share link created' },
  failed: { 'zh-CN': '分享失败', en: 'The share could not be created' },
  cancelled: { 'zh-CN': '已取消分享', en: 'Share cancelled' },
  unlocked: { 'zh-CN': '已解除锁定', en: 'Lock lifted' },
  notFound: { 'zh-CN': '分享不存在或已被取消', en: 'This share does not exist or was cancelled' },
  expired: { 'zh-CN': '分享链接已过期', en: 'This share link has expired' },
  codeRequired: { 'zh-CN': '请输入提取码', en: 'Please enter the extraction code' },
  codeWrong: { 'zh-CN': '提取码错误', en: 'Wrong extraction code' },
  locked: {
    'zh-CN': '提取码错误次数过多，请{0}分钟后再试',
    en: 'Too many wrong codes; try again in {0} minutes',
  },
  tooManyTries: { 'zh-CN': '尝试过于频繁，请稍后再试', en: 'Too many attempts; please try again later' },
  saved: { 'zh-CN': '已保存到我的云盘', en: 'Saved to my drive' },
  linkCopied: { 'zh-CN': '复制成功', en: 'Copied' },
} as const satisfies Record<string, Bilingual>;

/** SPEC §9: the share text holds the link and, for a share with a code, the extraction code. */
export function shareText(link: string, extractionCode: string, locale: Locale): string {
  if (locale === 'en') {
    return extractionCode ? `Link: ${link} Extraction code: ${extractionCode}` : `Link: ${link}`;
  }
  return extractionCode ? `链接：${link} 提取码：${extractionCode}` : `链接：${link}`;
}
