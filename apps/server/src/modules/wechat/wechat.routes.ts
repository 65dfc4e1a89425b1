import { envelopeOf, errorEnvelope } from '@kerf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import type { LoginService } from '../auth/login.service.js';
import type { WechatService } from './wechat.service.js';

const userInfo = z.object({ loginType: z.string(), nickName: z.string(), avatar: z.string().nullable() });
const signedIn = z.object({ token: z.string(), user_info: userInfo });

/** The chat-app login and bind calls (SPEC §7 wx_token, wx_bind), plus the authorize URL to start from. */
export const wechatRoutes: FastifyPluginAsyncZod<{
  wechat: WechatService;
  login: LoginService;
  client: { clientId: string; clientSecret: string };
  publicUrl?: string;
}> = async (app, { wechat, login, client, publicUrl }) => {
  const tags = ['account'];
  const signIn = async (ticket: string, request: { ip: string; headers: Record<string, unknown> }) => {
    const done = await login.login(
      { client_id: client.clientId, client_secret: client.clientSecret, grant_type: 'wechat', login_type: '2', ticket },
      { ip: request.ip, userAgent: request.headers['user-agent'] as string | undefined },
    );
    return {
      token: done.token,
      user_info: { loginType: done.loginType, nickName: done.user.nickName, avatar: done.user.avatar },
    };
  };

  app.get(
    '/oauth2/wx_authorize_url',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Where to send the browser for the chat-app QR page ({enabled:false} when not configured)',
        querystring: z.object({ purpose: z.enum(['login', 'bind']).default('login') }),
        response: {
          200: envelopeOf(z.object({ enabled: z.boolean(), url: z.string().optional() })),
          401: errorEnvelope,
        },
      },
    },
    async (request) => {
      if (!wechat.enabled) return ok(request, { enabled: false });
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      const url = await wechat.authorizeUrl(request.query.purpose, `${origin}/web/login/wechat`, request.auth?.userId);
      return ok(request, { enabled: true, url });
    },
  );

  app.get(
    '/oauth2/wx_token',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Trade the provider redirect (code, state) for a token, a bind ticket, or a binding',
        querystring: z.object({ code: z.string().min(1).max(256), state: z.string().min(1).max(128) }),
        response: {
          200: envelopeOf(
            z.union([
              signedIn,
              z.object({
                ticket: z.string(),
                profile: z.object({ nickName: z.string(), avatar: z.string().nullable() }),
              }),
              z.object({ bound: z.literal(true) }),
            ]),
          ),
          400: errorEnvelope,
          401: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
          502: errorEnvelope,
        },
      },
    },
    async (request) => {
      const result = await wechat.exchange(request.query.code, request.query.state, request.auth?.userId);
      if (result.kind === 'linked') return ok(request, { bound: true as const });
      if (result.kind === 'unbound') return ok(request, { ticket: result.ticket, profile: result.profile });
      return ok(request, await signIn(result.ticket, request));
    },
  );

  app.post(
    '/oauth2/wx_bind',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Bind a chat-app ticket to an existing account (password or bind code) or a new one, and sign in',
        body: z.object({
          ticket: z.string().min(1).max(128),
          mode: z.enum(['existing', 'new']),
          account: z.string().max(254).optional(),
          password: z.string().max(64).optional(),
          code: z.string().max(16).optional(),
        }),
        response: {
          200: envelopeOf(signedIn),
          400: errorEnvelope,
          409: errorEnvelope,
          423: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request) => ok(request, await signIn(await wechat.bind(request.body, { ip: request.ip }), request)),
  );
};
