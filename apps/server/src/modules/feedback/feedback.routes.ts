import { basename } from 'node:path';
import multipart from '@fastify/multipart';
import { errorEnvelope, FEEDBACK_LIMITS, FEEDBACK_PATHS, FEEDBACK_PERMISSIONS, feedbackMessages } from '@kerf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { done, ok } from '../../http/envelope.js';
import type { BlobStore } from '../../infra/blob/blob-store.js';
import { callerOf } from '../auth/auth.plugin.js';
import { UNTRUSTED_CONTENT_POLICY } from '../drive/blob-response.js';
import {
  feedbackPageResponse,
  feedbackResponse,
  idParams,
  listQuery,
  mineQuery,
  replyBody,
  screenshotParams,
  statusBody,
} from './feedback.schema.js';
import { type FeedbackService, type FeedbackSubmission, screenshotTooLarge } from './feedback.service.js';

const tags = ['feedback'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const FIELDS = new Set(['category', 'description', 'contact', 'captchaUuid', 'captchaCode']);

/** A file name as text to show: no folders, no control characters, at most 255 characters. */
function screenshotName(raw: string | undefined, position: number): string {
  const name = basename((raw ?? '').replace(/\\/g, '/'))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return [...name].slice(0, 255).join('') || `screenshot-${position + 1}`;
}

/** The form as multipart: its text fields and every file part as a screenshot, in order. */
async function readSubmission(request: FastifyRequest): Promise<FeedbackSubmission> {
  if (!request.isMultipart()) throw AppError.badRequest('formatError');
  const form: FeedbackSubmission = { category: '', description: '', contact: '', screenshots: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        form.screenshots.push({
          name: screenshotName(part.filename, form.screenshots.length),
          bytes: await part.toBuffer(),
        });
      } else if (FIELDS.has(part.fieldname) && typeof part.value === 'string') {
        // PostgreSQL text holds no NUL; the guard of JSON bodies does not see multipart fields
        if (part.value.includes('\u0000')) throw AppError.badRequest('nulCharacter', [`body.${part.fieldname}`]);
        (form as unknown as Record<string, string>)[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw screenshotTooLarge();
    if (code === 'FST_FILES_LIMIT') throw AppError.badRequest(feedbackMessages.tooManyScreenshots);
    throw error;
  }
  return form;
}

/** Feedback (contract: packages/contract/src/feedback.ts FEEDBACK_PATHS), under /cloud-api. */
export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: FeedbackService; blobs: BlobStore }> = async (
  app,
  { feedback, blobs },
) => {
  await app.register(multipart, {
    limits: {
      fileSize: FEEDBACK_LIMITS.screenshotMaxBytes,
      // one more than allowed, so the seventh is seen and refused with the rule's own words
      files: FEEDBACK_LIMITS.screenshotsMax + 1,
      fields: 20,
      fieldSize: 64 * 1024,
    },
  });

  app.post(
    FEEDBACK_PATHS.submit,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary:
          'Send feedback: multipart `category`, `description`, `contact` (required for visitors), up to 6 ' +
          '`screenshots` (pictures of at most 10 MB, stored re-encoded); visitors add `captchaUuid` and `captchaCode`',
        consumes: ['multipart/form-data'],
        response: { 200: feedbackResponse, 413: errorEnvelope, 429: errorEnvelope, ...errors },
      },
    },
    async (request) => {
      const submission = await readSubmission(request);
      const caller = request.auth;
      const sent = await feedback.submit(caller, submission, { locale: request.locale, clientAddress: request.ip });
      return done(request, feedbackMessages.submitted, sent);
    },
  );

  app.get(
    FEEDBACK_PATHS.mine,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'My feedback, newest first, with its state, screenshots and replies',
        querystring: mineQuery,
        response: { 200: feedbackPageResponse, ...errors },
      },
    },
    async (request) => ok(request, await feedback.mine(callerOf(request).userId, request.query)),
  );

  app.get(
    FEEDBACK_PATHS.list,
    {
      config: { permission: FEEDBACK_PERMISSIONS.triage },
      schema: {
        tags,
        summary: 'Everyone’s feedback, newest first, by state, category and words in the description or contact',
        querystring: listQuery,
        response: { 200: feedbackPageResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return ok(request, await feedback.list(filter, { page, limit }));
    },
  );

  app.get(
    FEEDBACK_PATHS.byId,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'One feedback with its screenshots and replies (its author, or staff)',
        params: idParams,
        response: { 200: feedbackResponse, ...errors },
      },
    },
    async (request) => ok(request, await feedback.one(callerOf(request), request.params.id)),
  );

  app.get(
    FEEDBACK_PATHS.screenshot,
    {
      // <img> sources carry the session cookie, not a header
      config: { auth: 'required', tokenCookie: true },
      schema: {
        tags,
        summary: 'A screenshot’s picture (its feedback’s author, or staff), as stored: re-encoded, sandboxed',
        params: screenshotParams,
        response: { 401: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const shot = await feedback.screenshot(callerOf(request), request.params.screenshotId);
      const read = await blobs.get(shot.sha256);
      return (reply as FastifyReply)
        .header('Content-Type', shot.mime)
        .header('Content-Length', String(read.size))
        .header('Content-Disposition', contentDisposition(shot.name, 'inline'))
        .header('Cache-Control', 'private, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', UNTRUSTED_CONTENT_POLICY)
        .send(read.stream);
    },
  );

  app.put(
    FEEDBACK_PATHS.status,
    {
      config: { permission: FEEDBACK_PERMISSIONS.triage },
      schema: {
        tags,
        summary: 'Set a feedback’s state: new, in_progress, resolved or closed',
        params: idParams,
        body: statusBody,
        response: { 200: feedbackResponse, ...errors },
      },
    },
    async (request) =>
      done(request, feedbackMessages.statusChanged, await feedback.setStatus(request.params.id, request.body.status)),
  );

  app.post(
    FEEDBACK_PATHS.replies,
    {
      config: { permission: FEEDBACK_PERMISSIONS.triage },
      schema: {
        tags,
        summary:
          'Answer a feedback (a new one moves to in_progress unless a status is given); the author finds it ' +
          'in their messages and by e-mail or SMS',
        params: idParams,
        body: replyBody,
        response: { 200: feedbackResponse, ...errors },
      },
    },
    async (request) => {
      const { text, status } = request.body;
      const answered = await feedback.reply(callerOf(request).userId, request.params.id, text, status);
      return done(request, feedbackMessages.replied, answered);
    },
  );
};
