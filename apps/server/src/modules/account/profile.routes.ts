import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, errorEnvelope, messages } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.js';
import { done, ok } from '../../http/envelope.js';
import { callerOf } from '../auth/auth.plugin.js';
import {
  avatarParams,
  avatarResponse,
  bindBody,
  passwordBody,
  profileResponse,
  renameBody,
  signInsResponse,
  unbindQuery,
} from './profile.schema.js';
import type { ProfileService } from './profile.service.js';

/** The signed-in person's own account page (permission `account:profile:*` comes with every user). */
export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfileService }> = async (app, { profiles }) => {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1, fields: 5 } });
  const tags = ['account'];

  app.get(
    '/account/profile',
    {
      config: { auth: 'required' },
      schema: { tags, summary: 'My profile and bindings', response: { 200: profileResponse } },
    },
    async (request) => ok(request, await profiles.profile(callerOf(request).userId)),
  );

  app.put(
    '/account/profile',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Change my nick name',
        body: renameBody,
        response: { 200: errorEnvelope, 400: errorEnvelope },
      },
    },
    async (request) => {
      await profiles.rename(callerOf(request).userId, request.body.nickName);
      return done(request, messages.updated);
    },
  );

  app.post(
    '/account/avatar',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Upload my avatar (multipart field `file`: PNG, JPG, WebP or GIF up to 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: avatarResponse, 400: errorEnvelope, 413: errorEnvelope },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const file = await request.file();
      if (!file) throw AppError.badRequest('formatError');
      const bytes = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'payloadTooLarge', { code: 413 });
        throw err;
      });
      return ok(request, { avatar: await profiles.setAvatar(caller.userId, bytes) });
    },
  );

  app.get(
    '/avatar/:name',
    { config: { auth: 'public' }, schema: { tags, summary: 'An avatar image', params: avatarParams } },
    async (request, reply) => {
      const avatar = await profiles.openAvatar(request.params.name);
      return reply
        .type(avatar.contentType)
        .header('content-length', avatar.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(avatar.stream);
    },
  );

  app.put(
    '/account/password',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Change my password; my other sessions end',
        body: passwordBody,
        response: { 200: errorEnvelope, 400: errorEnvelope },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await profiles.changePassword(
        caller.userId,
        caller.sessionId,
        request.body.oldPassword,
        request.body.newPassword,
      );
      return done(request, messages.updated);
    },
  );

  app.post(
    '/account/bind',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Bind a mobile number or e-mail with a `bind` code',
        body: bindBody,
        response: { 200: errorEnvelope, 400: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      await profiles.bind(callerOf(request).userId, request.body.account, request.body.code);
      return done(request, messages.updated);
    },
  );

  app.delete(
    '/account/bind',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Unbind my mobile, e-mail or chat-app account',
        querystring: unbindQuery,
        response: { 200: errorEnvelope, 400: errorEnvelope },
      },
    },
    async (request) => {
      await profiles.unbind(callerOf(request).userId, request.query.kind);
      return done(request, messages.updated);
    },
  );

  app.get(
    '/account/logins',
    {
      config: { auth: 'required' },
      schema: { tags, summary: 'My recent sign-ins', response: { 200: signInsResponse } },
    },
    async (request) => ok(request, await profiles.signIns(callerOf(request).userId)),
  );
};
