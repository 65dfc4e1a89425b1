import type { ClashPolicy } from './drive.js';
import type { Bilingual } from './locale.js';

/**
 * The drive's transfer calls, in the style of the SPEC's engine calls (all under /cloud-api):
 *
 * - `POST /engine/filetransfer/upload/init` `{fileName, folderId?, relativePath?, fileSize, sha256}` →
 *   `{skipUpload: true, entry}` when the content is already stored (instant upload), else
 *   `{skipUpload: false, uploadId, chunkSize, totalChunks, uploaded}`. Asking again for the same file
 *   and target gives the same `uploadId` with the chunks already received (resume). Instant upload
 *   needs no more than the hash when the caller has that content in their own drive; content only
 *   someone else stored comes with a `challenge` instead, and asking again with its `proof` (see
 *   `UploadProof`) is the instant upload. A missing or wrong proof is simply a normal upload.
 * - `PUT /engine/filetransfer/upload/{uploadId}/{chunkIndex}` raw bytes (application/octet-stream).
 * - `POST /engine/filetransfer/upload/{uploadId}/complete` → the new entry.
 * - `GET /engine/filetransfer/upload` → my unfinished uploads; `DELETE …/upload/{uploadId}` cancels one.
 * - `GET /engine/filetransfer/downloadfile?userFileId=` streams a file (Range, ETag, UTF-8 name).
 * - `GET /engine/filetransfer/batchDownloadFile?userFileIds=a,b` streams several entries as one zip.
 * - `GET /engine/quota` → my used and total bytes.
 */
export const TRANSFER_PATHS = {
  init: '/engine/filetransfer/upload/init',
  uploads: '/engine/filetransfer/upload',
  download: '/engine/filetransfer/downloadfile',
  batchDownload: '/engine/filetransfer/batchDownloadFile',
  quota: '/engine/quota',
} as const;

/** Chunks are this big (the last may be shorter); the server may answer with another size. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** Chunks a client sends at once. */
export const UPLOAD_PARALLEL_CHUNKS = 3;
/** Unfinished uploads untouched this long are dropped with their bytes. */
export const UPLOAD_ABANDON_HOURS = 72;
/** An unreferenced blob is kept this long before it is collected, so an upload racing the collector wins. */
export const BLOB_GRACE_HOURS = 24;

export const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Unfinished uploads one person may have at once. Each also holds its size against the quota from
 * init until it completes, is cancelled or is dropped as abandoned.
 */
export const UPLOAD_PENDING_MAX = 20;
/** Byte ranges a proof of possession asks for, each at most `UPLOAD_PROOF_RANGE_BYTES` long. */
export const UPLOAD_PROOF_RANGES = 3;
export const UPLOAD_PROOF_RANGE_BYTES = 16 * 1024;
/** A challenge must be answered this soon, once. */
export const UPLOAD_PROOF_TTL_MS = 5 * 60 * 1000;

/**
 * Proof that the caller holds the bytes, not only their hash: byte ranges the server chose at random.
 * The answer for each range is the lower-case hex SHA-256 of the challenge's `nonce` (its ASCII text)
 * followed by the file's bytes `offset … offset + length - 1`.
 */
export interface UploadChallenge {
  challengeId: string;
  nonce: string;
  ranges: Array<{ offset: number; length: number }>;
}

export interface UploadProof {
  challengeId: string;
  /** One hash per range of the challenge, in its order. */
  hashes: string[];
}

export interface UploadInit {
  fileName: string;
  /** Target folder; '0' or absent is the root. */
  folderId?: string;
  /** For folder uploads: the folders between the target and the file, `a/b`; created when missing. */
  relativePath?: string;
  fileSize: number;
  /** Lower-case hex SHA-256 of the whole file, computed by the client before sending. */
  sha256: string;
  /** The answer to the challenge of an earlier init of this file, for an instant upload. */
  proof?: UploadProof;
  /**
   * When the name is taken in the target folder: `ask` answers `{skipUpload: true, clash}` and files
   * nothing; `skip` answers `{skipUpload: true, skipped: true, clash}`; `replace` gives the existing file
   * the new content; `keepBoth` (the default) numbers the new name.
   */
  onClash?: ClashPolicy;
}

export interface UploadTicket {
  skipUpload: false;
  uploadId: string;
  chunkSize: number;
  totalChunks: number;
  /** Indices of the chunks the server already has. */
  uploaded: number[];
  /** Present when the content is stored already: answer it by asking again with `proof` to skip the upload. */
  challenge?: UploadChallenge;
}

export interface PendingUpload {
  uploadId: string;
  fileName: string;
  fileSize: number;
  sha256: string;
  uploadedBytes: number;
  /** Where the file will land, e.g. `/docs/a`. */
  targetPath: string;
  updatedAt: string;
}

export interface Quota {
  usedBytes: number;
  quotaBytes: number;
}

export function chunkCount(fileSize: number, chunkSize: number): number {
  return Math.max(1, Math.ceil(fileSize / chunkSize));
}

export const transferMessages = {
  uploadNotFound: { 'zh-CN': '上传任务不存在或已过期', en: 'The upload does not exist or has expired' },
  chunkOutOfRange: { 'zh-CN': '分片序号超出范围', en: 'The chunk number is out of range' },
  chunkSizeWrong: { 'zh-CN': '分片大小不正确', en: 'The chunk has the wrong size' },
  chunksMissing: { 'zh-CN': '文件分片不完整', en: 'Some chunks have not arrived yet' },
  checksumMismatch: {
    'zh-CN': '文件校验失败，请重新上传',
    en: 'The file does not match its checksum; please upload it again',
  },
  uploaded: { 'zh-CN': '上传成功', en: 'Uploaded' },
  cancelled: { 'zh-CN': '已取消上传', en: 'Upload cancelled' },
  downloadFailed: {
    'zh-CN': '下载文件出现错误，请联系管理员',
    en: 'The download failed; please contact the administrator',
  },
  tooManyFiles: { 'zh-CN': '文件数量超出', en: 'Too many files' },
  tooManyPending: {
    'zh-CN': `未完成的上传已达 ${UPLOAD_PENDING_MAX} 个，请先完成或取消一些再上传`,
    en: `You already have ${UPLOAD_PENDING_MAX} unfinished uploads; finish or cancel some first`,
  },
} as const satisfies Record<string, Bilingual>;
