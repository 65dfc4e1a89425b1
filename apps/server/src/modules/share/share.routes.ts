import { errorEnvelope, SHARE_PATHS, shareMessages } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../http/envelope.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import { callerOf } from '../auth/auth.plugin.js';
import { sendBlob, sendZip, wantsInline } from '../drive/blob-response.js';
import { presentEntry } from '../drive/drive.presenter.js';
import type { EntryRow } from '../drive/drive.repository.js';
import { entryResponse } from '../drive/drive.schema.js';
import { fullPathOf } from '../drive/drive.service.js';
import type { ShareRow } from './share.repository.js';
import {
  batchDownloadQuery,
  checkCodeBody,
  codesBody,
  createBody,
  createResponse,
  downloadQuery,
  filesQuery,
  filesResponse,
  infoQuery,
  infoResponse,
  mineResponse,
  pageQuery,
  saveBody,
  unlockBody,
} from './share.schema.js';
import type { SharedEntry, ShareService } from './share.service.js';

const tags = ['share'];
/** Anyone with the link; a signed-in caller is still recognised. */
const PUBLIC = { auth: 'optional' } as const;
const errors = { 400: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 410: errorEnvelope, 423: errorEnvelope };
const publicErrors = { ...errors, 429: errorEnvelope };
const envelopeOfEntries = entryResponse.extend({ data: z.array(entryResponse.shape.data) });

/** A shared entry as the public sees it: its place inside the share, never the owner's own path. */
function presentShared(shareBatchNum: string, { entry, filePath, folderId }: SharedEntry) {
  const base = presentEntry(entry);
  const path = filePath === '/' ? `/${entry.name}` : `${filePath}/${entry.name}`;
  return { ...base, folderId, filePath, path, deleteBatchNum: null, shareBatchNum };
}

/** One of my shared entries with its share's fields (SPEC §3), for the fileType 8 views. */
export function presentMyShared({ share, entry }: { share: ShareRow; entry: EntryRow }) {
  return {
    ...presentEntry(entry),
    shareBatchNum: share.code,
    extractionCode: share.extractionCode,
    shareType: share.shareType,
    shareTime: share.createdAt.toISOString(),
    endTime: share.endTime.toISOString(),
    shareFilePath: fullPathOf(entry),
  };
}

/** Share links (contract: packages/contract/src/share.ts), under /cloud-api. */
export const shareRoutes: FastifyPluginAsyncZod<{ shares: ShareService; blobs: BlobStore }> = async (
  app,
  { shares, blobs },
) => {
  app.post(
    SHARE_PATHS.create,
    {
      config: { permission: 'share:link:add' },
      schema: {
        tags,
        summary: 'Share files and folders by link, until endTime, with an extraction code when shareType is 1',
        body: createBody,
        response: { 200: createResponse, ...errors },
      },
    },
    async (request) => {
      const { endTime, shareType, remarks, files } = request.body;
      const data = await shares.create(callerOf(request).userId, { endTime, shareType, remarks, fileIds: files });
      const message = shareMessages.created[request.locale];
      return { code: 0, msg: message, success: true, message, data };
    },
  );

  app.get(
    SHARE_PATHS.mine,
    {
      config: { permission: 'share:link:list' },
      schema: {
        tags,
        summary: 'My shares, newest first, with their state',
        querystring: pageQuery,
        response: { 200: mineResponse },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { list, total } = await shares.listMine(callerOf(request).userId, { page, limit });
      return ok(request, { list, total, page, limit });
    },
  );

  app.post(
    SHARE_PATHS.cancel,
    {
      config: { permission: 'share:link:remove' },
      schema: {
        tags,
        summary: 'End my shares now (shareBatchNums comma-joined or a list)',
        body: codesBody,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await shares.cancel(callerOf(request).userId, request.body.shareBatchNums);
      return done(request, shareMessages.cancelled);
    },
  );

  app.post(
    SHARE_PATHS.unlock,
    {
      config: { permission: 'share:link:remove' },
      schema: {
        tags,
        summary: 'Lift the lock put on my share by too many wrong extraction codes',
        body: unlockBody,
        response: { 200: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      await shares.unlock(callerOf(request).userId, request.body.shareBatchNum);
      return done(request, shareMessages.unlocked);
    },
  );

  app.get(
    SHARE_PATHS.info,
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'What a share link shows before its code: sharer, times, whether a code is needed',
        querystring: infoQuery,
        response: { 200: infoResponse, ...publicErrors },
      },
    },
    async (request) => ok(request, await shares.info(request.query.shareBatchNum)),
  );

  app.post(
    SHARE_PATHS.checkCode,
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Check an extraction code (wrong codes are counted and finally lock the share)',
        body: checkCodeBody,
        response: { 200: errorEnvelope, ...publicErrors },
      },
    },
    async (request) => {
      const { shareBatchNum, extractionCode } = request.body;
      await shares.open(shareBatchNum, extractionCode, request.ip);
      return ok(request, null);
    },
  );

  app.get(
    SHARE_PATHS.files,
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'A page of a share, or of a folder inside it (paths relative to the share)',
        querystring: filesQuery,
        response: { 200: filesResponse, ...publicErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const open = await shares.open(q.shareBatchNum, q.extractionCode, request.ip);
      const { filePath, list, total } = await shares.list(open, { folderId: q.folderId, filePath: q.filePath }, q);
      return ok(request, {
        filePath,
        list: list.map((item) => presentShared(open.share.code, item)),
        total,
        page: q.page,
        limit: q.limit,
      });
    },
  );

  app.get(
    SHARE_PATHS.download,
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Download (or, with inline=1, show) a file of a share; Range and ETag as for my own files',
        querystring: downloadQuery,
        response: publicErrors,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const open = await shares.open(q.shareBatchNum, q.extractionCode, request.ip);
      const range = request.headers.range;
      const firstRead = !range || /^bytes=0-/.test(range);
      const file = await shares.file(open, q.userFileId, firstRead && !wantsInline(q.inline));
      return sendBlob(request, reply, blobs, file, wantsInline(q.inline));
    },
  );

  app.get(
    SHARE_PATHS.batchDownload,
    {
      config: PUBLIC,
      schema: {
        tags,
        summary: 'Download entries of a share (userFileIds comma-joined) as one zip',
        querystring: batchDownloadQuery,
        response: publicErrors,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const open = await shares.open(q.shareBatchNum, q.extractionCode, request.ip);
      return sendZip(reply, blobs, await shares.packList(open, q.userFileIds));
    },
  );

  app.post(
    SHARE_PATHS.save,
    {
      config: { permission: 'drive:file:edit' },
      schema: {
        tags,
        summary: 'Save entries of a share (all it names, when none are given) into a folder of my drive',
        body: saveBody,
        response: { 200: envelopeOfEntries, ...publicErrors, 409: errorEnvelope, 413: errorEnvelope },
      },
    },
    async (request) => {
      const b = request.body;
      const open = await shares.open(b.shareBatchNum, b.extractionCode, request.ip);
      const copies = await shares.save(open, callerOf(request).userId, b.userFileIds, b.folderId);
      return done(request, shareMessages.saved, copies.map(presentEntry));
    },
  );
};

/** `/share/{code}`, the link people are given (SPEC §9), opens the app's share page. */
export const shareLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/share/:code',
    { schema: { hide: true, params: z.object({ code: z.string().max(64) }) } },
    async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/web/share/${encodeURIComponent(request.params.code)}${query}`, 302);
    },
  );
};
