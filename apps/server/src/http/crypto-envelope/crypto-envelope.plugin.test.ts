import { createPublicKey } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../app-error.js';
import { httpConventions, parseNested } from '../conventions.js';
import { ok } from '../envelope.js';
import { cryptoEnvelope, PUBLIC_KEY_PATH } from './crypto-envelope.plugin.js';
import {
  decryptResponse,
  type EnvelopeKeyPair,
  encryptRequest,
  generateEnvelopeKeyPair,
  keyId,
  requestAad,
  responseAad,
} from './envelope-crypto.js';

const TOKEN = '/uac-api/oauth2/access_token';
const SECRET = '/cloud-api/secret';
const DECRYPT_FAILED = { code: 500, msg: '返回数据错误[secret]', data: null };

let app: FastifyInstance;
let pair: EnvelopeKeyPair;
let other: EnvelopeKeyPair;
const seenByRouteHooks: { body?: unknown; payload?: unknown } = {};

async function buildApp(keys: EnvelopeKeyPair): Promise<FastifyInstance> {
  const instance = Fastify({ routerOptions: { querystringParser: (q: string) => parseNested(q) } });
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  await instance.register(httpConventions);
  await instance.register(cryptoEnvelope, { keys: { load: async () => keys } });
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const login = z.object({ account: z.string().min(2), password: z.string() });
  api.post(TOKEN, { config: { encrypted: 'optional' }, schema: { body: login } }, async (request) =>
    ok(request, { account: request.body.account, sealed: request.encryptedEnvelope }),
  );
  api.post(SECRET, { config: { encrypted: 'required' } }, async (request) => ok(request, request.body));
  api.post('/cloud-api/plain', async (request) => ok(request, request.body));
  api.post('/cloud-api/taken', { config: { encrypted: 'optional' } }, async () => {
    throw AppError.conflict({ 'zh-CN': '名称已经存在', en: 'The name already exists' });
  });
  api.post(
    '/cloud-api/hooked',
    {
      config: { encrypted: 'optional' },
      preValidation: async (request) => {
        seenByRouteHooks.body = request.body;
      },
      onSend: async (_request, _reply, payload) => {
        seenByRouteHooks.payload = payload;
        return payload;
      },
    },
    async (request) => ok(request, request.body),
  );
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  [pair, other] = await Promise.all([generateEnvelopeKeyPair(), generateEnvelopeKeyPair()]);
  app = await buildApp(pair);
});

afterAll(() => app.close());

function seal(body: unknown, path: string, keys: EnvelopeKeyPair = pair, method = 'POST') {
  return encryptRequest(body, keys, requestAad(method, path));
}

describe('crypto envelope plugin', () => {
  it('serves the public key with its id', async () => {
    const res = await app.inject({ url: PUBLIC_KEY_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      code: 0,
      msg: '操作成功',
      data: { alg: 'RSA-OAEP-256', publicKey: pair.publicKeyPem, kid: pair.kid },
    });
    expect(keyId(createPublicKey(body.data.publicKey))).toBe(pair.kid);
  });

  it('lets a plaintext body through an optional route and answers in plaintext', async () => {
    const res = await app.inject({ method: 'POST', url: TOKEN, payload: { account: 'ada', password: 'pw' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: '操作成功', data: { account: 'ada', sealed: false } });
  });

  it('opens a sealed JSON body, validates the real body and seals the answer', async () => {
    const { envelope, key } = seal({ account: 'ada', password: 'pw' }, TOKEN);
    const res = await app.inject({ method: 'POST', url: TOKEN, payload: envelope });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const sealed = res.json();
    expect(Object.keys(sealed)).toEqual(['text']);
    expect(res.body).not.toContain('ada');
    expect(decryptResponse(sealed, key, responseAad('POST', TOKEN))).toEqual({
      code: 0,
      msg: '操作成功',
      data: { account: 'ada', sealed: true },
    });
  });

  it('opens a sealed form-encoded body', async () => {
    const { envelope, key } = seal({ account: 'bob', password: 'pw' }, TOKEN);
    const res = await app.inject({
      method: 'POST',
      url: TOKEN,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(envelope).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(decryptResponse(res.json(), key, responseAad('POST', TOKEN))).toMatchObject({ data: { account: 'bob' } });
  });

  it('ignores the query string when binding the path', async () => {
    const { envelope, key } = seal({ account: 'ada', password: 'pw' }, TOKEN);
    const res = await app.inject({ method: 'POST', url: `${TOKEN}?lang=en`, payload: envelope });
    expect(res.statusCode).toBe(200);
    expect(decryptResponse(res.json(), key, responseAad('POST', TOKEN))).toMatchObject({ code: 0 });
  });

  it('seals validation failures of the real body too', async () => {
    const { envelope, key } = seal({ account: 'a', password: 'pw' }, TOKEN);
    const res = await app.inject({
      method: 'POST',
      url: TOKEN,
      payload: envelope,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    const opened = decryptResponse(res.json(), key, responseAad('POST', TOKEN)) as { code: number; msg: string };
    expect(opened.code).toBe(400);
    expect(opened.msg).toMatch(/^Invalid request: .*account/);
  });

  it('seals route errors and keeps their HTTP status', async () => {
    const { envelope, key } = seal({}, '/cloud-api/taken');
    const res = await app.inject({ method: 'POST', url: '/cloud-api/taken', payload: envelope });
    expect(res.statusCode).toBe(409);
    expect(decryptResponse(res.json(), key, responseAad('POST', '/cloud-api/taken'))).toEqual({
      code: 409,
      msg: '名称已经存在',
      data: null,
    });
  });

  it('answers a body that cannot be opened with 返回数据错误[secret], in the caller’s language', async () => {
    const { envelope } = seal({ account: 'ada', password: 'pw' }, TOKEN);
    // Swap one base64 character for another; a fixed 'A' would leave the text whole once in 64 runs.
    const flipped = envelope.text[10] === 'A' ? 'B' : 'A';
    const tampered = { ...envelope, text: `${envelope.text.slice(0, 10)}${flipped}${envelope.text.slice(11)}` };
    expect(tampered.text).not.toBe(envelope.text);
    const zh = await app.inject({ method: 'POST', url: TOKEN, payload: tampered });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual(DECRYPT_FAILED);
    const en = await app.inject({
      method: 'POST',
      url: TOKEN,
      payload: tampered,
      headers: { 'accept-language': 'en' },
    });
    expect(en.json()).toEqual({ code: 500, msg: 'The server returned unreadable data [secret]', data: null });
  });

  it('refuses garbage envelopes the same way', async () => {
    for (const payload of [
      { secret: 'not base64!', text: 'x' },
      { secret: 42, text: true },
      { secret: '', text: '' },
    ]) {
      const res = await app.inject({ method: 'POST', url: TOKEN, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(DECRYPT_FAILED);
    }
  });

  it('refuses an envelope replayed to another route', async () => {
    const { envelope } = seal({ account: 'ada', password: 'pw' }, TOKEN);
    const res = await app.inject({ method: 'POST', url: SECRET, payload: envelope });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(DECRYPT_FAILED);
  });

  it('refuses an envelope sealed for another key, with or without its kid', async () => {
    const { envelope } = seal({ account: 'ada', password: 'pw' }, TOKEN, other);
    const withKid = await app.inject({ method: 'POST', url: TOKEN, payload: envelope });
    expect(withKid.json()).toEqual(DECRYPT_FAILED);
    const { kid: _kid, ...bare } = envelope;
    const withoutKid = await app.inject({ method: 'POST', url: TOKEN, payload: bare });
    expect(withoutKid.json()).toEqual(DECRYPT_FAILED);
  });

  it('refuses plaintext on a required route and opens sealed bodies there', async () => {
    const plain = await app.inject({ method: 'POST', url: SECRET, payload: { anything: 1 } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual(DECRYPT_FAILED);
    const empty = await app.inject({ method: 'POST', url: SECRET });
    expect(empty.json()).toEqual(DECRYPT_FAILED);
    const { envelope, key } = seal({ anything: 1 }, SECRET);
    const res = await app.inject({ method: 'POST', url: SECRET, payload: envelope });
    expect(res.statusCode).toBe(200);
    expect(decryptResponse(res.json(), key, responseAad('POST', SECRET))).toMatchObject({ data: { anything: 1 } });
  });

  it('leaves routes that did not opt in alone', async () => {
    const { envelope } = seal({ a: 1 }, '/cloud-api/plain');
    const res = await app.inject({ method: 'POST', url: '/cloud-api/plain', payload: envelope });
    expect(res.json()).toEqual({ code: 0, msg: '操作成功', data: envelope });
  });

  it('runs before the route’s own preValidation and after its own onSend', async () => {
    const { envelope, key } = seal({ n: 7 }, '/cloud-api/hooked');
    const res = await app.inject({ method: 'POST', url: '/cloud-api/hooked', payload: envelope });
    expect(seenByRouteHooks.body).toEqual({ n: 7 });
    expect(JSON.parse(seenByRouteHooks.payload as string)).toEqual({ code: 0, msg: '操作成功', data: { n: 7 } });
    expect(decryptResponse(res.json(), key, responseAad('POST', '/cloud-api/hooked'))).toMatchObject({
      data: { n: 7 },
    });
  });

  it('rejects an unknown mode when the route is declared', async () => {
    const instance = Fastify();
    await instance.register(httpConventions);
    await instance.register(cryptoEnvelope, { keys: { load: async () => pair } });
    expect(() => instance.post('/x', { config: { encrypted: 'always' as never } }, async () => ({ code: 0 }))).toThrow(
      /config.encrypted/,
    );
    await instance.close();
  });

  it('does not start without the http conventions it depends on', async () => {
    const instance = Fastify();
    instance.register(cryptoEnvelope, { keys: { load: async () => pair } });
    await expect(instance.ready()).rejects.toThrow(/http-conventions/);
    await instance.close().catch(() => undefined);
  });
});
