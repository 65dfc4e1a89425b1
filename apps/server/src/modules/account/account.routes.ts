import { accountMessages, errorEnvelope } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../http/envelope.js';
import type { SessionService } from '../auth/session.service.js';
import type { ImageCaptchaService } from '../verification/image-captcha.service.js';
import {
  captchaImageResponse,
  checkUniqueBody,
  checkUniqueResponse,
  getCodeQuery,
  registerBody,
  retrieveBody,
} from './account.schema.js';
import type { AccountService } from './account.service.js';

/** Public account calls: verification codes, image captcha, registration, password recovery (SPEC §7). */
export const accountRoutes: FastifyPluginAsyncZod<{
  accounts: AccountService;
  captcha: ImageCaptchaService;
  sessions: SessionService;
}> = async (app, { accounts, captcha, sessions }) => {
  app.get(
    '/captcha/getCode',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['account'],
        summary:
          'Send a 6-digit verification code to a mobile number or e-mail (one a minute; after a few sends from one address, with an image captcha answer in uuid and captcha)',
        querystring: getCodeQuery,
        response: { 200: errorEnvelope, 400: errorEnvelope, 429: errorEnvelope, 502: errorEnvelope },
      },
    },
    async (request) => {
      const { scene, account, uuid, captcha: answer } = request.query;
      await accounts.sendCode(scene, account, request.locale, { ip: request.ip, captcha: { uuid, answer } });
      return ok(request, null);
    },
  );

  app.get(
    '/captcha/image',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['account'],
        summary: 'A new image captcha {uuid, image}',
        response: { 200: captchaImageResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(request, await captcha.create());
    },
  );

  app.post(
    '/captcha/retrieve',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a reset code; signs the account out everywhere',
        body: retrieveBody,
        response: { 200: errorEnvelope, 400: errorEnvelope },
      },
    },
    async (request) => {
      const user = await accounts.resetPassword(request.body);
      if (user) await sessions.endAllOf(user.id);
      return done(request, accountMessages.passwordReset);
    },
  );

  app.post(
    '/register/user/checkUnique',
    {
      config: { auth: 'public', operLog: false },
      schema: {
        tags: ['account'],
        summary: 'Whether an account (mobile or e-mail) is still free to register',
        body: checkUniqueBody,
        response: { 200: checkUniqueResponse, 400: errorEnvelope },
      },
    },
    async (request) => ok(request, { unique: await accounts.isUnique(request.body.account) }),
  );

  app.post(
    '/register/user/info',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Register with a verification code',
        body: registerBody,
        response: { 200: errorEnvelope, 400: errorEnvelope, 403: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      await accounts.register(request.body);
      return done(request, accountMessages.registerSuccess);
    },
  );
};
