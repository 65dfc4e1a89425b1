import type { FastifyInstance } from 'fastify';

// biome-ignore lint/suspicious/noExplicitAny: test reads of JSON bodies
export type Json = any;

export const WEB_CLIENT = { client_id: 'kerf-web', client_secret: 'kerf-web' };

/** The token call as the web app makes it: form-encoded. */
export async function signIn(
  app: FastifyInstance,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/uac-api/oauth2/access_token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ ...WEB_CLIENT, login_type: '2', ...fields }).toString(),
  });
  return { status: res.statusCode, body: res.json() as Json };
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: Record<string, unknown>; lang?: string } = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
    ...(options.body ? { payload: options.body } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
}
