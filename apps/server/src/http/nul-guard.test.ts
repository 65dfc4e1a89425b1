import { messages } from '@kerf/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { httpConventions, parseNested } from './conventions.js';
import { cryptoEnvelope } from './crypto-envelope/crypto-envelope.plugin.js';
import {
  decryptResponse,
  type EnvelopeKeyPair,
  encryptRequest,
  generateEnvelopeKeyPair,
  requestAad,
  responseAad,
} from './crypto-envelope/envelope-crypto.js';
import { ok } from './envelope.js';
import { nulPath } from './nul-guard.js';

let app: FastifyInstance;
let pair: EnvelopeKeyPair;
const reached: string[] = [];

beforeAll(async () => {
  pair = await generateEnvelopeKeyPair();
  app = Fastify({ routerOptions: { querystringParser: (q: string) => parseNested(q) } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(httpConventions);
  await app.register(cryptoEnvelope, { keys: { load: async () => pair } });
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A route that takes anything: no schema rule could have refused the NUL.
  api.post('/cloud-api/anything/:id', { config: { encrypted: 'optional' } }, async (request) => {
    reached.push(JSON.stringify(request.body));
    return ok(request, null);
  });
  api.get('/cloud-api/search', { schema: { querystring: z.object({ q: z.string() }) } }, async (request) => {
    reached.push(request.query.q);
    return ok(request, null);
  });
  await app.ready();
});
afterAll(() => app.close());

describe('NUL guard', () => {
  it('finds a NUL in values and keys, however deep', () => {
    expect(nulPath('plain')).toBeNull();
    expect(nulPath({ a: [{ b: 'x' }], n: 1, t: true, z: null })).toBeNull();
    expect(nulPath('a\u0000')).toBe('');
    expect(nulPath({ a: [{ b: 'x\u0000' }] })).toBe('a.0.b');
    expect(nulPath({ 'k\u0000': 1 })).toBe('k\\u0000');
    expect(nulPath(Buffer.from([0, 0]))).toBeNull();
  });

  it('refuses NUL in a path param, a query value and a JSON body, before the handler', async () => {
    for (const [url, payload, where] of [
      ['/cloud-api/anything/a%00b', { ok: 1 }, 'params.id'],
      ['/cloud-api/anything/1?x=%00', { ok: 1 }, 'query.x'],
      ['/cloud-api/anything/1', { list: ['a', 'b\u0000'] }, 'body.list.1'],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).toBe(messages.nulCharacter.en.replace('{0}', where));
    }
    const search = await app.inject({ url: '/cloud-api/search?q=%00' });
    expect(search.statusCode).toBe(400);
    expect(search.json().msg).toBe(messages.nulCharacter['zh-CN'].replace('{0}', 'query.q'));
    expect(reached).toEqual([]);
  });

  it('refuses NUL inside a sealed body, once it is opened', async () => {
    const url = '/cloud-api/anything/1';
    const { envelope, key } = encryptRequest({ name: 'a\u0000b' }, pair, requestAad('POST', url));
    const res = await app.inject({ method: 'POST', url, payload: envelope });
    expect(res.statusCode).toBe(400);
    expect(decryptResponse(res.json(), key, responseAad('POST', url))).toMatchObject({
      code: 400,
      msg: messages.nulCharacter['zh-CN'].replace('{0}', 'body.name'),
    });
    expect(reached).toEqual([]);
  });

  it('lets the same calls through without the NUL', async () => {
    const res = await app.inject({ method: 'POST', url: '/cloud-api/anything/1?x=1', payload: { list: ['a'] } });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/cloud-api/search?q=%E6%BF%80' })).statusCode).toBe(200);
    expect(reached).toEqual(['{"list":["a"]}', '激']);
  });
});
