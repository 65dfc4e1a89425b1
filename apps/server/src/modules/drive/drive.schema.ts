import {
  CLASH_POLICIES,
  DRIVE_PAGE_LIMIT,
  envelopeOf,
  FILE_TYPE,
  type FolderNode,
  pageNumber,
  pageOf,
} from '@kerf/contract';
import { z } from 'zod';

const id = z.string().uuid();
/** The root folder is the virtual node 0 in the SPEC; '0', '' or nothing all mean the root. */
export const folderRef = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined || v === '' || v === 0 || v === '0' ? null : String(v)))
  .pipe(id.nullable());

/** A list of ids as the SPEC sends them: comma-joined (`userFileIds`) or an array. */
export const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(id).min(1).max(1000));

/** SPEC §3 File/folder entry, as the web app reads it. */
export const entry = z.object({
  userFileId: z.string(),
  id: z.string(),
  folderId: z.string(),
  fileName: z.string(),
  name: z.string(),
  extendName: z.string(),
  filePath: z.string(),
  path: z.string(),
  isDir: z.union([z.literal(0), z.literal(1)]),
  fileSize: z.number(),
  uploadTime: z.string(),
  deleteTime: z.string().nullable(),
  deleteBatchNum: z.string().nullable(),
  deleteFlag: z.number(),
  childCount: z.number(),
  imageWidth: z.number().nullable(),
  imageHeight: z.number().nullable(),
  // Share views only (fileType 8): the share the entry is in, and its own path in the owner's drive.
  shareBatchNum: z.string().optional(),
  extractionCode: z.string().optional(),
  shareType: z.number().optional(),
  shareTime: z.string().optional(),
  endTime: z.string().optional(),
  shareFilePath: z.string().optional(),
});

const LIST_KINDS = new Set<number>(Object.values(FILE_TYPE));

export const listQuery = z.object({
  /** Only the SPEC's list kinds: any other number is a bad request, not a server fault. */
  fileType: z.coerce
    .number()
    .int()
    .refine((value) => LIST_KINDS.has(value), { message: `fileType: one of ${[...LIST_KINDS].join(', ')}` })
    .default(0),
  folderId: folderRef,
  filePath: z.string().max(4096).optional(),
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(500).default(DRIVE_PAGE_LIMIT),
  sort: z.enum(['name', 'size', 'type', 'time']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** Only names containing this (case-insensitive). */
  keyword: z.string().max(255).optional(),
  /** fileType 8: only the entries of this share of mine. */
  shareBatchNum: z.string().max(64).optional(),
  /**
   * Folder lists (fileType 0, listFileFolder): the `nextCursor` of the previous page, to continue right
   * after it (keyset paging: as fast at the end of a huge folder as at its start, and steady while
   * entries come and go). `page` is still echoed; an entry since purged falls back to `page`.
   */
  cursor: id.optional(),
});
export const listResponse = envelopeOf(
  pageOf(entry).extend({
    /** Folder lists: the cursor of the next page, or null on the last one; absent on other lists. */
    nextCursor: z.string().nullable().optional(),
  }),
);

const treeNode: z.ZodType<FolderNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    label: z.string(),
    name: z.string(),
    filePath: z.string(),
    path: z.string(),
    parentId: z.string().nullable(),
    children: z.array(treeNode),
  }),
);
/** Tree answers also carry `success, data, message` (SPEC §7 "Tree fetch response"). */
export const treeResponse = z.object({
  code: z.number(),
  msg: z.string(),
  success: z.boolean(),
  message: z.string(),
  data: treeNode,
});

export const checkUniqueQuery = z.object({
  parentId: folderRef,
  name: z.string().max(1024),
  id: id.optional(),
});

export const createFolderBody = z.object({
  parentId: folderRef,
  name: z.string().max(1024),
  path: z.string().optional(),
});
export const updateFolderBody = z.object({ id, parentId: folderRef.optional(), name: z.string().max(1024).optional() });
export const updateFileBody = z.object({
  id,
  folderId: folderRef.optional(),
  fileName: z.string().max(1024).optional(),
});
export const deleteBody = z.object({
  userFileIds: idList,
  /** 1 to the recycle bin (default), 2 for good. */
  deleteMode: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(1),
});
export const moveBody = z.object({ userFileIds: idList, folderId: folderRef });
export const batchBody = z.object({ deleteBatchNum: idList });
/** The entry already holding a name (an upload's or a restore's clash). */
export const nameClash = z.object({
  fileName: z.string(),
  isDir: z.union([z.literal(0), z.literal(1)]),
  userFileId: z.string(),
  fileSize: z.number(),
  uploadTime: z.string(),
});
/** Restore, with what to do when the name is taken where an entry goes back (default keepBoth: `name (1)`). */
export const restoreBody = batchBody.extend({ onClash: z.enum(CLASH_POLICIES).default('keepBoth') });
export const restoreResponse = envelopeOf(
  z.object({
    restored: z.number(),
    skipped: z.number(),
    clashes: z.array(nameClash.extend({ deleteBatchNum: z.string() })),
  }),
);
/** The bin's entries by batch (deleteBatchNum) or by the deleted entries' ids (userFileIds). */
export const binDeleteBody = z
  .object({ deleteBatchNum: idList.optional(), userFileIds: idList.optional() })
  .refine((b) => b.deleteBatchNum || b.userFileIds, { message: 'deleteBatchNum or userFileIds is required' });
export const deleteOneBody = z.object({
  userFileId: id,
  deleteMode: deleteBody.shape.deleteMode,
});
export const deletePathsBody = z.object({
  filePaths: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(4096)).min(1).max(1000)),
  deleteMode: deleteBody.shape.deleteMode,
});
export const subfolderQuery = z.object({ parentId: folderRef });
/** One level of the folder tree: `isLeaf` when the folder holds nothing. */
export const treeNodeShape = z.object({
  id: z.string(),
  label: z.string(),
  name: z.string(),
  filePath: z.string(),
  path: z.string(),
  parentId: z.string(),
  children: z.array(z.never()),
  isLeaf: z.boolean(),
});
export const entryResponse = envelopeOf(entry);

export const searchQuery = z.object({
  keyword: z.string().max(255),
  page: pageNumber,
  limit: z.coerce.number().int().min(1).max(500).default(DRIVE_PAGE_LIMIT),
});
export const searchResponse = envelopeOf(
  pageOf(entry.extend({ highlightFields: z.object({ fileName: z.array(z.tuple([z.number(), z.number()])) }) })),
);
