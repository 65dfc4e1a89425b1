import {
  AUDIO_EXTENSIONS,
  type Bilingual,
  driveMessages,
  envelopeOf,
  errorEnvelope,
  FILE_TYPE,
  IMAGE_EXTENSIONS,
  messages,
  VIDEO_EXTENSIONS,
} from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { done, ok } from '../../http/envelope.js';
import { callerOf } from '../auth/auth.plugin.js';
import { folderNode, folderTree, highlightRanges, presentEntry } from './drive.presenter.js';
import {
  binDeleteBody,
  checkUniqueQuery,
  createFolderBody,
  deleteBody,
  deleteOneBody,
  deletePathsBody,
  type entry,
  entryResponse,
  listQuery,
  listResponse,
  moveBody,
  restoreBody,
  restoreResponse,
  searchQuery,
  searchResponse,
  subfolderQuery,
  treeNodeShape,
  treeResponse,
  updateFileBody,
  updateFolderBody,
} from './drive.schema.js';
import type { DriveService } from './drive.service.js';

/** A page of my shared entries, presented with their share's fields. */
export type SharedEntries = (
  userId: string,
  shareBatchNum: string | undefined,
  page: { page: number; limit: number },
) => Promise<{ list: Array<z.input<typeof entry>>; total: number }>;

/** The SPEC's file kinds listed across the whole drive. */
const KIND_EXTENSIONS: Record<number, readonly string[]> = {
  [FILE_TYPE.image]: IMAGE_EXTENSIONS,
  [FILE_TYPE.video]: VIDEO_EXTENSIONS,
  [FILE_TYPE.audio]: AUDIO_EXTENSIONS,
};

const READ = { permission: 'drive:file:list' } as const;
const WRITE = { permission: 'drive:file:edit' } as const;
const tags = ['drive'];
const errors = { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };

/** The drive's folder and file calls (SPEC §7 Files and folders), all under /cloud-api/engine. */
export const driveRoutes: FastifyPluginAsyncZod<{
  drive: DriveService;
  /** My shared entries (fileType 8), from the share module. */
  sharedEntries?: SharedEntries;
}> = async (app, { drive, sharedEntries }) => {
  app.get(
    '/engine/folder/treeData',
    {
      config: READ,
      schema: { tags, summary: 'My folder tree under the virtual root 0', response: { 200: treeResponse } },
    },
    async (request) => {
      const tree = folderTree(await drive.tree(callerOf(request).userId));
      const msg = messages.success[request.locale];
      return { code: 0, msg, success: true, message: msg, data: tree };
    },
  );

  app.get(
    '/engine/folder/checkUnique',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Whether a name is free in a folder (409 名称已经存在 when not)',
        querystring: checkUniqueQuery,
        response: { 200: envelopeOf(z.object({ unique: z.literal(true) })), ...errors },
      },
    },
    async (request) => {
      const { parentId, name, id } = request.query;
      if (!(await drive.isNameFree(callerOf(request).userId, parentId, name, id)))
        throw AppError.conflict(driveMessages.nameExists);
      return ok(request, { unique: true as const });
    },
  );

  app.post(
    '/engine/folder',
    {
      config: WRITE,
      schema: { tags, summary: 'Create a folder', body: createFolderBody, response: { 200: entryResponse, ...errors } },
    },
    async (request) => {
      const row = await drive.createFolder(callerOf(request).userId, request.body);
      return done(request, driveMessages.folderCreated, presentEntry(row));
    },
  );

  app.put(
    '/engine/folder',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Rename (id, name) or move (id, parentId) a folder',
        body: updateFolderBody,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      const { id, name, parentId } = request.body;
      const change = await drive.renameOrMove(callerOf(request).userId, id, { name, parentId });
      return done(request, driveMessages[change]);
    },
  );

  app.delete(
    '/engine/folder',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete folders (mode 1 to the bin, 2 for good)',
        body: deleteBody,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await drive.remove(callerOf(request).userId, request.body.userFileIds, request.body.deleteMode);
      return done(request, driveMessages.deleted);
    },
  );

  app.get(
    '/engine/file/listFileInfo',
    {
      config: READ,
      schema: {
        tags,
        summary:
          'A page of a folder (fileType 0, by folderId or filePath), of all images (1), videos (3) or audio (4), of the recycle bin (6), or of my shares (7 or 8, one share with shareBatchNum)',
        querystring: listQuery,
        response: { 200: listResponse, 400: errorEnvelope, 404: errorEnvelope, 501: errorEnvelope },
      },
    },
    async (request) => {
      const userId = callerOf(request).userId;
      const q = request.query;
      if (q.fileType === FILE_TYPE.recycle) {
        const { rows, total } = await drive.bin(userId, q);
        return ok(request, { list: rows.map(presentEntry), total, page: q.page, limit: q.limit });
      }
      // SPEC: 7 and 8 are both the shared view; 8 may name one share batch.
      if ((q.fileType === FILE_TYPE.myShares || q.fileType === FILE_TYPE.shared) && sharedEntries) {
        const { list, total } = await sharedEntries(userId, q.shareBatchNum, q);
        return ok(request, { list, total, page: q.page, limit: q.limit });
      }
      const kind = KIND_EXTENSIONS[q.fileType];
      if (kind) {
        const { rows, total } = await drive.listKind(userId, kind, q);
        return ok(request, { list: rows.map(presentEntry), total, page: q.page, limit: q.limit });
      }
      if (q.fileType !== FILE_TYPE.all) throw new AppError(501, 'notImplemented', { code: 501 });
      const where = { folderId: q.folderId, filePath: q.filePath };
      const { rows, total, nextCursor } = await drive.list(userId, where, { ...q, after: q.cursor });
      return ok(request, { list: rows.map(presentEntry), total, page: q.page, limit: q.limit, nextCursor });
    },
  );

  app.get(
    '/engine/file/listFileFolder',
    {
      config: READ,
      schema: {
        tags,
        summary: 'A page of the folders inside a folder (by folderId or filePath), for target-folder dialogs',
        querystring: listQuery,
        response: { 200: listResponse, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const q = request.query;
      const where = { folderId: q.folderId, filePath: q.filePath };
      const page = { ...q, after: q.cursor, foldersOnly: true };
      const { rows, total, nextCursor } = await drive.list(callerOf(request).userId, where, page);
      return ok(request, { list: rows.map(presentEntry), total, page: q.page, limit: q.limit, nextCursor });
    },
  );

  app.get(
    '/engine/folder',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The folders directly inside one folder as tree nodes (for a tree that loads as it opens)',
        querystring: subfolderQuery,
        response: { 200: envelopeOf(z.array(treeNodeShape)), 404: errorEnvelope },
      },
    },
    async (request) => {
      const userId = callerOf(request).userId;
      const { rows } = await drive.list(
        userId,
        { folderId: request.query.parentId },
        { page: 1, limit: 500, sort: 'name', order: 'asc', foldersOnly: true },
      );
      return ok(
        request,
        rows.map((row) => ({ ...folderNode(row), children: [], isLeaf: row.childCount === 0 })),
      );
    },
  );

  app.get(
    '/engine/file/search',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Find my files and folders by a part of their name; highlightFields gives the matched ranges',
        querystring: searchQuery,
        response: { 200: searchResponse },
      },
    },
    async (request) => {
      const { keyword, page, limit } = request.query;
      const { rows, total } = await drive.search(callerOf(request).userId, keyword, { page, limit });
      const list = rows.map((row) => ({
        ...presentEntry(row),
        highlightFields: { fileName: highlightRanges(row.name, keyword) },
      }));
      return ok(request, { list, total, page, limit });
    },
  );

  app.put(
    '/engine/file',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Rename (id, fileName) or move (id, folderId) a file',
        body: updateFileBody,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      const { id, fileName, folderId } = request.body;
      const change = await drive.renameOrMove(callerOf(request).userId, id, { name: fileName, parentId: folderId });
      return done(request, driveMessages[change]);
    },
  );

  /** A POST that changes the caller's drive and answers with a message only. */
  const command = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    message: Bilingual,
    run: (userId: string, body: z.output<B>) => Promise<unknown>,
  ) =>
    app.post(
      path,
      {
        config: WRITE,
        schema: { tags, summary, body, response: { 200: errorEnvelope, 413: errorEnvelope, ...errors } },
      },
      async (request) => {
        await run(callerOf(request).userId, request.body as z.output<B>);
        return done(request, message);
      },
    );

  command('/engine/file/batchMove', 'Move files and folders into a folder', moveBody, driveMessages.moved, (user, b) =>
    drive.move(user, b.userFileIds, b.folderId),
  );
  command(
    '/engine/file/batchCopy',
    'Copy files and folders into a folder (bytes are shared, not copied)',
    moveBody,
    driveMessages.copied,
    (user, b) => drive.copy(user, b.userFileIds, b.folderId),
  );
  command(
    '/engine/file/batchDelete',
    'Delete files and folders (userFileIds comma-joined; mode 1 bin, 2 for good)',
    deleteBody,
    driveMessages.deleted,
    (user, b) => drive.remove(user, b.userFileIds, b.deleteMode),
  );
  command(
    '/engine/file/deleteFile',
    'Delete one file or folder by id (mode 1 to the bin, 2 for good)',
    deleteOneBody,
    driveMessages.deleted,
    (user, b) => drive.remove(user, [b.userFileId], b.deleteMode),
  );
  command(
    '/engine/file/deleteByPaths',
    'Delete files and folders by their full paths (filePaths, comma-joined or a list)',
    deletePathsBody,
    driveMessages.deleted,
    (user, b) => drive.removePaths(user, b.filePaths, b.deleteMode),
  );
  app.post(
    '/engine/recovery/restore',
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Restore deleted batches where they were; onClash decides about a name taken meanwhile (ask reports it and leaves the batch in the bin)',
        body: restoreBody,
        response: { 200: restoreResponse, 413: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      const { deleteBatchNum, onClash } = request.body;
      const outcome = await drive.restore(callerOf(request).userId, deleteBatchNum, onClash);
      return done(request, driveMessages.restored, outcome);
    },
  );
  command(
    '/engine/recovery/delete',
    'Delete from the recycle bin for good, by deleteBatchNum or by the entries’ userFileIds',
    binDeleteBody,
    driveMessages.deleted,
    async (user, b) => drive.purge(user, b.deleteBatchNum ?? (await drive.batchesOf(user, b.userFileIds!))),
  );
  command('/engine/recovery/empty', 'Empty the recycle bin', z.object({}), driveMessages.deleted, (user) =>
    drive.emptyBin(user),
  );
};
