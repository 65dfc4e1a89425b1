import { accountMessages, errorEnvelope } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../http/envelope.js';
import { presentUser } from '../account/account.service.js';
import type { UserRepository } from '../account/user.repository.js';
import type { MenuService } from '../system-menu/menu.service.js';
import { callerOf } from './auth.plugin.js';
import {
  permsResponse,
  routersResponse,
  scopeBody,
  tokenRequest,
  tokenResponse,
  unlockAccountBody,
} from './auth.schema.js';
import type { LoginService } from './login.service.js';
import type { SessionService } from './session.service.js';

export const authRoutes: FastifyPluginAsyncZod<{
  login: LoginService;
  sessions: SessionService;
  users: UserRepository;
  /** The menu tree, which `user_routers` answers from. */
  menus: MenuService;
  /** Whether a document server is configured (the web hides office editing without one). */
  onlineOffice: boolean;
}> = async (app, { login, sessions, users, menus, onlineOffice }) => {
  app.post(
    '/oauth2/access_token',
    {
      // a sign-in is recorded in the login log, not as an operation
      config: { auth: 'public', encrypted: 'optional', operLog: false },
      schema: {
        tags: ['account'],
        summary: 'Sign in: password, verification code or chat-app ticket; returns a bearer token',
        body: tokenRequest,
        response: {
          200: tokenResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          423: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request) => {
      const signedIn = await login.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      const userInfo = {
        loginType: signedIn.loginType,
        nickName: signedIn.user.nickName,
        avatar: signedIn.user.avatar,
      };
      return {
        code: 0,
        msg: accountMessages.loginSuccess[request.locale],
        token: signedIn.token,
        user_info: userInfo,
        data: { token: signedIn.token, user_info: userInfo },
      };
    },
  );

  app.get(
    '/logout',
    {
      config: { auth: 'optional' },
      schema: { tags: ['account'], summary: 'Sign out: revokes the current token', response: { 200: errorEnvelope } },
    },
    async (request) => {
      if (request.auth) await sessions.end({ id: request.auth.sessionId, userId: request.auth.userId });
      return done(request, accountMessages.logoutSuccess);
    },
  );

  app.post(
    '/oauth2/user_perms',
    {
      // A read that the SPEC sends as POST: a quick reload or a second tab must not be refused.
      // reads that are POSTs (SPEC §7): not operations
      config: { auth: 'required', duplicateSubmit: false, operLog: false },
      schema: {
        tags: ['account'],
        summary: 'The caller, their roles and permissions, and the features of this installation',
        body: scopeBody,
        response: { 200: permsResponse, 401: errorEnvelope },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const user = await users.findById(caller.userId);
      return ok(request, {
        user: presentUser(user!),
        roles: caller.roles,
        permissions: caller.permissions,
        features: { onlineOffice },
      });
    },
  );

  app.post(
    '/oauth2/user_routers',
    {
      // reads that are POSTs (SPEC §7): not operations
      config: { auth: 'required', duplicateSubmit: false, operLog: false },
      schema: {
        tags: ['account'],
        summary:
          'The menu the caller may see: visible pages their grants cover and the directories holding them (with those pages as children), in order',
        body: scopeBody,
        response: { 200: routersResponse, 401: errorEnvelope },
      },
    },
    async (request) => ok(request, await menus.routersFor(callerOf(request))),
  );

  app.post(
    '/system/user/unlock',
    {
      config: { permission: 'system:user:unlock' },
      schema: {
        tags: ['account'],
        summary: 'Lift the sign-in locks on an account from every address (administrators)',
        body: unlockAccountBody,
        response: {
          200: errorEnvelope,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request) => {
      await login.unlockAccount(request.body.account);
      return done(request, accountMessages.accountUnlocked);
    },
  );

  app.get(
    '/oauth2/session',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['account'],
        summary: 'Whether the bearer token is still valid (401 with code 422 when not)',
        response: { 200: z.object({ code: z.number(), msg: z.string(), data: z.object({ userId: z.string() }) }) },
      },
    },
    async (request) => ok(request, { userId: callerOf(request).userId }),
  );
};
