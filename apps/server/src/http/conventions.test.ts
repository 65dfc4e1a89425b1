import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.js';
import { httpConventions, parseNested } from './conventions.js';
import { ok } from './envelope.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ routerOptions: { querystringParser: (q: string) => parseNested(q) } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(httpConventions);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/cloud-api/echo', async (request) => ok(request, request.query));
  api.post('/cloud-api/echo', async (request) => ok(request, request.body));
  api.post(
    '/cloud-api/strict',
    { schema: { body: z.object({ name: z.string().min(2), size: z.coerce.number().int().positive() }) } },
    async (request) => ok(request, request.body),
  );
  api.get('/cloud-api/conflict', async () => {
    throw AppError.conflict({ 'zh-CN': '名称已经存在', en: 'The name already exists' });
  });
  api.get('/cloud-api/boom', async () => {
    throw new Error('database password is hunter2');
  });
  await app.ready();
});

afterAll(() => app.close());

describe('HTTP conventions', () => {
  it('parses nested GET parameters key[sub]', async () => {
    const res = await app.inject({ url: '/cloud-api/echo?params[beginTime]=2026-01-01&params[type][0]=a&page=2' });
    expect(res.json()).toEqual({
      code: 0,
      msg: '操作成功',
      data: { params: { beginTime: '2026-01-01', type: ['a'] }, page: '2' },
    });
  });

  it('accepts form-encoded bodies, nested too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/cloud-api/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'scope=cloud&files[0][id]=7&files[0][name]=a%20b',
    });
    expect(res.json().data).toEqual({ scope: 'cloud', files: [{ id: '7', name: 'a b' }] });
  });

  it('answers in the language asked for', async () => {
    const en = await app.inject({ url: '/cloud-api/echo', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.json().msg).toBe('Success');
    const zh = await app.inject({ url: '/cloud-api/conflict' });
    expect(zh.statusCode).toBe(409);
    expect(zh.json()).toEqual({ code: 409, msg: '名称已经存在', data: null });
    const enConflict = await app.inject({ url: '/cloud-api/conflict', headers: { 'accept-language': 'en' } });
    expect(enConflict.json().msg).toBe('The name already exists');
  });

  it('turns schema violations into a 400 envelope naming the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/cloud-api/strict',
      payload: { name: 'x', size: 3 },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    expect(res.json().msg).toMatch(/^Invalid request: .*name/);
  });

  it('coerces form fields through the same schema', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/cloud-api/strict',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=ok&size=12',
    });
    expect(res.json().data).toEqual({ name: 'ok', size: 12 });
  });

  it('rejects malformed JSON with a client error envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/cloud-api/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });

  it('hides unexpected errors behind the spec message', async () => {
    const res = await app.inject({ url: '/cloud-api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: '系统未知错误，请反馈给管理员', data: null });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers unknown API paths with the 404 message', async () => {
    const res = await app.inject({ url: '/cloud-api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '访问资源不存在', data: { path: '/cloud-api/nope' } });
  });

  it('bounds nesting depth and parameter count', () => {
    const deep = parseNested('a[b][c][d][e][f][g][h]=1') as Record<string, unknown>;
    expect(JSON.stringify(deep).length).toBeLessThan(80);
    const many = parseNested(Array.from({ length: 2000 }, (_, i) => `k${i}=1`).join('&'));
    expect(Object.keys(many)).toHaveLength(1000);
  });
});
