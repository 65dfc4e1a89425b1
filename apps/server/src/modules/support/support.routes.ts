import { basename } from 'node:path';
import multipart from '@fastify/multipart';
import {
  accountMessages,
  errorEnvelope,
  ResultCode,
  SUPPORT_LIMITS,
  SUPPORT_PATHS,
  SUPPORT_VISITOR_HEADER,
  supportMessages,
} from '@kerf/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import { callerOf } from '../auth/auth.plugin.js';
import { sendBlob } from '../drive/blob-response.js';
import type { ImageCaptchaService } from '../verification/image-captcha.service.js';
import {
  attachmentQuery,
  conversationResponse,
  idParams,
  maybeConversationResponse,
  messageIdParams,
  messagePageResponse,
  messageResponse,
  messagesQuery,
  readBody,
  readResponse,
  sendBody,
  visitorBody,
  visitorResponse,
} from './support.schema.js';
import { partyOf, type SupportParty, type SupportService } from './support.service.js';

const tags = ['support'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope };

/** A visitor's token: the header the request client sends, or `?visitor=` where no header can be set. */
function visitorToken(request: FastifyRequest): string | null {
  const header = request.headers[SUPPORT_VISITOR_HEADER];
  if (typeof header === 'string' && header) return header;
  const query = (request.query as { visitor?: unknown } | undefined)?.visitor;
  return typeof query === 'string' && query ? query : null;
}

/** The caller as the chat knows them; a visitor whose token reaches nothing is told to start again. */
export async function partyFrom(request: FastifyRequest, support: SupportService): Promise<SupportParty> {
  if (request.auth) return partyOf(request.auth);
  const token = visitorToken(request);
  if (!token) throw new AppError(401, 'status401', { code: ResultCode.unauthorized });
  const conversation = await support.visitorConversation(token);
  if (!conversation) throw new AppError(401, supportMessages.visitorTokenInvalid, { code: ResultCode.unauthorized });
  return { kind: 'visitor', conversationId: conversation.id };
}

/**
 * The customer's side of the chat (contract: packages/contract/src/support.ts), under /cloud-api. The
 * writing calls are idempotent (a message by its clientId, a read mark only rises), so they leave the
 * duplicate-submit window off: a retry within the second must be answered, not refused. Messages and
 * read marks stay out of the operation log: the conversation is their record, kept and searchable.
 */
export const supportRoutes: FastifyPluginAsyncZod<{
  support: SupportService;
  captcha: ImageCaptchaService;
  blobs: BlobStore;
}> = async (app, { support, captcha, blobs }) => {
  await app.register(multipart, {
    limits: { fileSize: Math.max(SUPPORT_LIMITS.imageMaxBytes, SUPPORT_LIMITS.fileMaxBytes), files: 1, fields: 10 },
  });

  app.get(
    SUPPORT_PATHS.mine,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'My open conversation with its unread count (a visitor’s by the X-Support-Visitor header), or null',
        response: { 200: maybeConversationResponse, ...errors },
      },
    },
    async (request) => {
      if (!request.auth && !visitorToken(request)) return ok(request, null);
      return ok(request, await support.mine(await partyFrom(request, support)));
    },
  );

  app.post(
    SUPPORT_PATHS.mine,
    {
      config: { auth: 'required', duplicateSubmit: false },
      schema: {
        tags,
        summary: 'Open my conversation with customer service (or answer the one already open)',
        response: { 200: conversationResponse, ...errors },
      },
    },
    async (request) => ok(request, await support.open(callerOf(request).userId, request.locale)),
  );

  app.post(
    SUPPORT_PATHS.visitor,
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          'A visitor opens a conversation with a name, a contact and the picture captcha; answers its token once',
        body: visitorBody,
        response: { 200: visitorResponse, ...errors },
      },
    },
    async (request) => {
      const { captchaUuid, captchaCode, ...input } = request.body;
      if (!captchaUuid || !captchaCode) throw AppError.badRequest(accountMessages.captchaRequired);
      if (!(await captcha.verify(captchaUuid, captchaCode))) throw AppError.badRequest(accountMessages.captchaWrong);
      return ok(request, await support.openForVisitor(input, request.locale, request.ip));
    },
  );

  app.get(
    SUPPORT_PATHS.messages,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'A conversation’s messages in seq order: after a seq (catching up), before one (older), or the newest',
        params: idParams,
        querystring: messagesQuery,
        response: { 200: messagePageResponse, ...errors },
      },
    },
    async (request) => {
      const { visitor: _, ...page } = request.query;
      return ok(request, await support.messages(await partyFrom(request, support), request.params.id, page));
    },
  );

  app.post(
    SUPPORT_PATHS.messages,
    {
      config: { auth: 'optional', duplicateSubmit: false, operLog: false },
      schema: {
        tags,
        summary: 'Send a text; the same clientId again answers the message stored the first time',
        params: idParams,
        body: sendBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const party = await partyFrom(request, support);
      const { message } = await support.sendText(party, request.params.id, request.body.clientId, request.body.text);
      return ok(request, message);
    },
  );

  app.post(
    SUPPORT_PATHS.attachments,
    {
      config: { auth: 'optional', duplicateSubmit: false, operLog: false },
      schema: {
        tags,
        summary:
          'Send a picture (re-encoded, at most 10 MB) or a file (at most 20 MB, served as a download): multipart clientId, file',
        params: idParams,
        response: { 200: messageResponse, 413: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      const party = await partyFrom(request, support);
      await support.reach(party, request.params.id);
      let clientId = '';
      let file: { name: string; bytes: Buffer; mime: string } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const name = basename(part.filename.replace(/\\/g, '/')).trim().slice(0, 255) || 'file';
            file = { name, bytes: await part.toBuffer(), mime: part.mimetype };
          } else if (part.fieldname === 'clientId') {
            clientId = String(part.value).trim();
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, supportMessages.fileTooLarge, { code: 413 });
        }
        throw error;
      }
      if (!file || file.bytes.length === 0) throw AppError.badRequest(supportMessages.fileRequired);
      if (file.bytes.length > SUPPORT_LIMITS.fileMaxBytes) {
        throw new AppError(413, supportMessages.fileTooLarge, { code: 413 });
      }
      if (!clientId || clientId.length > SUPPORT_LIMITS.clientIdMax) throw AppError.badRequest('formatError');
      const { message } = await support.sendAttachment(party, request.params.id, clientId, file);
      return ok(request, message);
    },
  );

  app.get(
    SUPPORT_PATHS.attachment,
    {
      config: { auth: 'optional', tokenCookie: true },
      schema: {
        tags,
        summary: 'A message’s picture or file (pictures inline, files as a download); visitors add ?visitor=',
        params: messageIdParams,
        querystring: attachmentQuery,
      },
    },
    async (request, reply) => {
      const party = await partyFrom(request, support);
      const file = await support.attachment(party, request.params.messageId);
      return sendBlob(
        request,
        reply,
        blobs,
        { name: file.name, blobSha256: file.sha256, fileSize: file.size, updatedAt: new Date(0) },
        file.inline,
      );
    },
  );

  app.post(
    SUPPORT_PATHS.read,
    {
      config: { auth: 'optional', duplicateSubmit: false, operLog: false },
      schema: {
        tags,
        summary: 'I have read up to this seq (marks only rise); answers the mark now',
        params: idParams,
        body: readBody,
        response: { 200: readResponse, ...errors },
      },
    },
    async (request) => {
      const party = await partyFrom(request, support);
      return ok(request, { seq: await support.markRead(party, request.params.id, request.body.seq) });
    },
  );
};
