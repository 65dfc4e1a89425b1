import { envelopeOf, pageNumber, pageOf, SHARE_FILES_MAX, SHARE_REMARKS_MAX } from '@kerf/contract';
import { z } from 'zod';
import { entry, folderRef, idList, listQuery } from '../drive/drive.schema.js';

const code = z.string().trim().min(1).max(64);
const uuid = z.string().uuid();

/**
 * `yyyy-MM-dd HH:mm:ss` (SPEC §5; read in the server's time zone), ISO 8601 with an offset, or epoch
 * milliseconds. Missing or unreadable is null, which the service answers with 请选择链接有效期.
 */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
export const endTime = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value): Date | null => {
    if (value === undefined || value === '') return null;
    const local = typeof value === 'string' ? LOCAL_TIME.exec(value.trim()) : null;
    const at = local
      ? new Date(+local[1]!, +local[2]! - 1, +local[3]!, +local[4]!, +local[5]!, +local[6]!)
      : new Date(typeof value === 'number' ? value : value.trim());
    return Number.isNaN(at.getTime()) ? null : at;
  });

/**
 * SPEC "files (serialized list of file references)": a JSON array of `{userFileId}` objects or of ids,
 * an array as such, or ids comma-joined.
 */
export const fileRefs = z
  .union([z.string(), z.array(z.union([z.string(), z.object({ userFileId: z.string() })]))])
  .transform((value, ctx) => {
    let list: unknown = value;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text.startsWith('[')) {
        try {
          list = JSON.parse(text);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'files is not a JSON list' });
          return z.NEVER;
        }
      } else {
        list = text.split(',');
      }
    }
    if (!Array.isArray(list)) return [];
    return list
      .map((item) => (typeof item === 'string' ? item : (item as { userFileId?: unknown })?.userFileId))
      .filter((id): id is string => typeof id === 'string')
      .map((id) => id.trim())
      .filter(Boolean);
  })
  .pipe(z.array(uuid).max(SHARE_FILES_MAX));

export const createBody = z.object({
  endTime,
  shareType: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .default(0),
  remarks: z.string().max(SHARE_REMARKS_MAX).default(''),
  files: fileRefs,
});
export const createResponse = z.object({
  code: z.number(),
  msg: z.string(),
  success: z.boolean(),
  message: z.string(),
  data: z.object({ shareBatchNum: z.string(), extractionCode: z.string() }),
});

export const pageQuery = z.object({
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const batch = z.object({
  shareBatchNum: z.string(),
  extractionCode: z.string(),
  shareType: z.number(),
  shareTime: z.string(),
  endTime: z.string(),
  expired: z.boolean(),
  remarks: z.string(),
  viewCount: z.number(),
  downloadCount: z.number(),
  saveCount: z.number(),
  failedAttempts: z.number(),
  lockedUntil: z.string().nullable(),
  fileCount: z.number(),
  files: z.array(z.object({ userFileId: z.string(), fileName: z.string(), extendName: z.string(), isDir: z.number() })),
});
export const mineResponse = envelopeOf(pageOf(batch));

export const codesBody = z.object({
  shareBatchNums: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(code).min(1).max(500)),
});
export const unlockBody = z.object({ shareBatchNum: code });

export const infoQuery = z.object({ shareBatchNum: code });
export const infoResponse = envelopeOf(
  z.object({
    shareBatchNum: z.string(),
    shareType: z.number(),
    needsCode: z.boolean(),
    sharer: z.object({ nickName: z.string(), avatar: z.string().nullable() }),
    shareTime: z.string(),
    endTime: z.string(),
    fileCount: z.number(),
  }),
);

/** Every call past the link's page names the share and, when it has one, its code. */
const access = { shareBatchNum: code, extractionCode: z.string().max(64).optional() };
export const checkCodeBody = z.object(access);
export const filesQuery = listQuery
  .pick({ folderId: true, filePath: true, page: true, limit: true, sort: true, order: true })
  .extend(access);
export const filesResponse = envelopeOf(pageOf(entry).extend({ filePath: z.string() }));
export const downloadQuery = z.object({ ...access, userFileId: uuid, inline: z.string().optional() });
export const batchDownloadQuery = z.object({ ...access, userFileIds: idList });
export const saveBody = z.object({ ...access, userFileIds: idList.optional(), folderId: folderRef });
