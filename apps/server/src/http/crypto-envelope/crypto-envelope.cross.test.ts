import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
// The browser module itself, run on Node's WebCrypto: both halves of the wire format meet here.
import {
  createCryptoEnvelope,
  EnvelopeError,
  PUBLIC_KEY_PATH as WEB_PUBLIC_KEY_PATH,
} from '../../../../web/src/api/crypto-envelope.js';
import { httpConventions } from '../conventions.js';
import { ok } from '../envelope.js';
import { cryptoEnvelope, PUBLIC_KEY_PATH } from './crypto-envelope.plugin.js';
import { type EnvelopeKeyPair, generateEnvelopeKeyPair } from './envelope-crypto.js';

const TOKEN = '/uac-api/oauth2/access_token';

async function server(keys: EnvelopeKeyPair): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(httpConventions);
  await app.register(cryptoEnvelope, { keys: { load: async () => keys } });
  app.withTypeProvider<ZodTypeProvider>().post(
    TOKEN,
    {
      config: { encrypted: 'optional' },
      schema: { body: z.object({ account: z.string(), password: z.string(), remember: z.boolean() }) },
    },
    async (request) => ok(request, { token: `t-${request.body.account}`, echo: request.body }),
  );
  await app.ready();
  return app;
}

let app: FastifyInstance;
let rotated: FastifyInstance;

beforeAll(async () => {
  const [pair, next] = await Promise.all([generateEnvelopeKeyPair(), generateEnvelopeKeyPair()]);
  [app, rotated] = await Promise.all([server(pair), server(next)]);
});

afterAll(async () => {
  await app.close();
  await rotated.close();
});

/** The web module's fetcher, answered by a given server; counts its calls. */
function fetcherFor(target: () => FastifyInstance) {
  const calls: string[] = [];
  return {
    calls,
    fetch: async () => {
      calls.push(WEB_PUBLIC_KEY_PATH);
      return (await target().inject({ url: WEB_PUBLIC_KEY_PATH })).json();
    },
  };
}

async function post(to: FastifyInstance, path: string, body: unknown) {
  const res = await to.inject({ method: 'POST', url: path, payload: body as Record<string, unknown> });
  return { status: res.statusCode, json: res.json() as unknown };
}

describe('web envelope ⇄ server envelope', () => {
  it('agree on where the public key is', () => {
    expect(WEB_PUBLIC_KEY_PATH).toBe(PUBLIC_KEY_PATH);
  });

  it('the server opens what the browser module sealed, and the browser module opens the answer', async () => {
    const fetcher = fetcherFor(() => app);
    const envelopes = createCryptoEnvelope(fetcher.fetch);
    const body = { account: 'ada', password: 'pässwörd 密码', remember: true };
    const sealed = await envelopes.sealRequest(body, { method: 'post', path: TOKEN });
    expect(Object.keys(sealed.envelope).sort()).toEqual(['kid', 'secret', 'text']);

    const res = await post(app, TOKEN, sealed.envelope);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.json)).not.toContain('ada');
    expect(await sealed.open(res.json)).toEqual({ code: 0, msg: '操作成功', data: { token: 't-ada', echo: body } });

    // The key is fetched once and reused.
    const second = await envelopes.sealRequest({ ...body, account: 'bob' }, { method: 'POST', path: TOKEN });
    expect(await second.open((await post(app, TOKEN, second.envelope)).json)).toMatchObject({
      data: { token: 't-bob' },
    });
    expect(fetcher.calls).toHaveLength(1);
  });

  it('binds the same path when the browser passes a full URL with a query', async () => {
    const envelopes = createCryptoEnvelope(fetcherFor(() => app).fetch);
    const body = { account: 'url', password: 'x', remember: false };
    const sealed = await envelopes.sealRequest(body, { method: 'POST', path: `https://kerf.example${TOKEN}?a=1` });
    const res = await post(app, `${TOKEN}?a=1`, sealed.envelope);
    expect(await sealed.open(res.json)).toMatchObject({ code: 0, data: { token: 't-url' } });
  });

  it('a sealed answer to one request cannot be opened as the answer to another', async () => {
    const envelopes = createCryptoEnvelope(fetcherFor(() => app).fetch);
    const body = { account: 'ada', password: 'x', remember: false };
    const first = await envelopes.sealRequest(body, { method: 'POST', path: TOKEN });
    const other = await envelopes.sealRequest(body, { method: 'POST', path: TOKEN });
    const answer = (await post(app, TOKEN, first.envelope)).json;
    await expect(other.open(answer)).rejects.toBeInstanceOf(EnvelopeError);
    await expect(first.open({ code: 0, msg: 'ok', data: { token: 'forged' } })).rejects.toBeInstanceOf(EnvelopeError);
  });

  it('a server-side decrypt failure reaches the browser module as the plaintext 返回数据错误[secret]', async () => {
    const envelopes = createCryptoEnvelope(fetcherFor(() => app).fetch);
    const sealed = await envelopes.sealRequest(
      { account: 'ada', password: 'x', remember: false },
      { method: 'POST', path: '/uac-api/oauth2/user_perms' },
    );
    const res = await post(app, TOKEN, sealed.envelope);
    expect(res.status).toBe(400);
    expect(await sealed.open(res.json)).toEqual({ code: 500, msg: '返回数据错误[secret]', data: null });
  });

  it('after a key rotation the browser module fails once, drops its key and succeeds on retry', async () => {
    let current = app;
    const fetcher = fetcherFor(() => current);
    const envelopes = createCryptoEnvelope(fetcher.fetch);
    const body = { account: 'ada', password: 'x', remember: true };
    await envelopes.sealRequest(body, { method: 'POST', path: TOKEN }); // caches the old key
    current = rotated;

    const stale = await envelopes.sealRequest(body, { method: 'POST', path: TOKEN });
    const refused = await post(rotated, TOKEN, stale.envelope);
    expect(await stale.open(refused.json)).toMatchObject({ code: 500 });

    const retry = await envelopes.sealRequest(body, { method: 'POST', path: TOKEN });
    expect(await retry.open((await post(rotated, TOKEN, retry.envelope)).json)).toMatchObject({
      code: 0,
      data: { token: 't-ada' },
    });
    expect(fetcher.calls).toHaveLength(2);
  });
});
