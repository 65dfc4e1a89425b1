import { errorEnvelope, NOTICE_PATHS } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { callerOf } from '../auth/auth.plugin.js';
import { countResponse, listQuery, noticePageResponse, readBody } from './notice.schema.js';
import type { NoticeService } from './notice.service.js';

const tags = ['feedback'];
const errors = { 400: errorEnvelope, 401: errorEnvelope };

/** A person's messages (contract: packages/contract/src/feedback.ts NOTICE_PATHS), under /cloud-api. */
export const noticeRoutes: FastifyPluginAsyncZod<{ notices: NoticeService }> = async (app, { notices }) => {
  app.get(
    NOTICE_PATHS.list,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'My messages, newest first (unread=1: only the unread ones)',
        querystring: listQuery,
        response: { 200: noticePageResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, unread } = request.query;
      return ok(request, await notices.list(callerOf(request).userId, { unread }, { page, limit }));
    },
  );

  app.get(
    NOTICE_PATHS.unread,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'How many of my messages are unread',
        response: { 200: countResponse, ...errors },
      },
    },
    async (request) => ok(request, { count: await notices.unreadCount(callerOf(request).userId) }),
  );

  app.post(
    NOTICE_PATHS.read,
    {
      // marking read twice is harmless: a quick second click must not be refused
      config: { auth: 'required', duplicateSubmit: false },
      schema: {
        tags,
        summary: 'Mark my messages read (these ids, or all of mine); answers how many were marked',
        body: readBody,
        response: { 200: countResponse, ...errors },
      },
    },
    async (request) => ok(request, { count: await notices.markRead(callerOf(request).userId, request.body?.ids) }),
  );
};
