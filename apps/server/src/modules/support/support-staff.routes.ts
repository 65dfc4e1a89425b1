import { errorEnvelope, messages, SUPPORT_PATHS, SUPPORT_PERMISSIONS } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../http/envelope.js';
import { callerOf } from '../auth/auth.plugin.js';
import {
  agentsResponse,
  assignBody,
  conversationResponse,
  customerResponse,
  emptyResponse,
  idParams,
  queueQuery,
  queueResponse,
  quickRepliesResponse,
  quickReplyBody,
  quickReplyResponse,
  searchQuery,
  searchResponse,
} from './support.schema.js';
import type { SupportService } from './support.service.js';

const tags = ['support'];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const permission = SUPPORT_PERMISSIONS.chat;

/** The staff console's calls (support:chat:serve), under /cloud-api. */
export const supportStaffRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (app, { support }) => {
  app.get(
    SUPPORT_PATHS.queue,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Conversations with messages, latest first: by status, assignee (me, none, an id) and customer',
        querystring: queueQuery,
        response: { 200: queueResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      const result = await support.queue(filter, { page, limit }, callerOf(request).userId);
      return ok(request, { ...result, page, limit });
    },
  );

  app.post(
    SUPPORT_PATHS.assign,
    {
      config: { permission, duplicateSubmit: false },
      schema: {
        tags,
        summary: 'Take the conversation (no assigneeId) or transfer it to another agent',
        params: idParams,
        body: assignBody,
        response: { 200: conversationResponse, ...errors },
      },
    },
    async (request) => ok(request, await support.assign(callerOf(request), request.params.id, request.body.assigneeId)),
  );

  app.post(
    SUPPORT_PATHS.close,
    {
      config: { permission, duplicateSubmit: false },
      schema: {
        tags,
        summary: 'End the conversation (the customer’s next message opens it again)',
        params: idParams,
        response: { 200: conversationResponse, ...errors },
      },
    },
    async (request) => ok(request, await support.close(request.params.id)),
  );

  app.get(
    SUPPORT_PATHS.customer,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Who the customer is: account, contact and machines',
        params: idParams,
        response: { 200: customerResponse, ...errors },
      },
    },
    async (request) => ok(request, await support.customer(request.params.id)),
  );

  app.get(
    SUPPORT_PATHS.agents,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'People who answer customers, with their open conversations',
        response: { 200: agentsResponse, ...errors },
      },
    },
    async (request) => ok(request, await support.agents()),
  );

  app.get(
    SUPPORT_PATHS.search,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Search every conversation’s messages',
        querystring: searchQuery,
        response: { 200: searchResponse, ...errors },
      },
    },
    async (request) => {
      const { q, page, limit } = request.query;
      return ok(request, { ...(await support.search(q, { page, limit })), page, limit });
    },
  );

  app.get(
    SUPPORT_PATHS.quickReplies,
    {
      config: { permission },
      schema: { tags, summary: 'Quick replies, in order', response: { 200: quickRepliesResponse, ...errors } },
    },
    async (request) => ok(request, await support.quickReplies()),
  );

  app.post(
    SUPPORT_PATHS.quickReplies,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Add a quick reply',
        body: quickReplyBody,
        response: { 200: quickReplyResponse, ...errors },
      },
    },
    async (request) => ok(request, await support.addQuickReply(callerOf(request).userId, request.body)),
  );

  app.put(
    SUPPORT_PATHS.quickReply,
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Change a quick reply',
        params: idParams,
        body: quickReplyBody,
        response: { 200: quickReplyResponse, ...errors },
      },
    },
    async (request) => ok(request, await support.editQuickReply(request.params.id, request.body)),
  );

  app.delete(
    SUPPORT_PATHS.quickReply,
    {
      config: { permission },
      schema: { tags, summary: 'Delete a quick reply', params: idParams, response: { 200: emptyResponse, ...errors } },
    },
    async (request) => {
      await support.removeQuickReply(request.params.id);
      return done(request, messages.deleted);
    },
  );
};
