import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import { SANDBOX_SCRIPT } from '@kerf/plugins/sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedRoutes } from '../../../test/openapi-helpers.js';
import { httpConventions } from '../../http/conventions.js';
import { responseSerializerCompiler } from '../../http/response-serializer.js';
import { webApp } from '../../http/web-app.js';
import { sandboxRoutes } from './sandbox.routes.js';

/**
 * The sandbox page beside the web app, as app.ts mounts them (the web app's policy hook must stay
 * under /web/), without a database: the page needs none. Who may call it is in the route-permission
 * matrix with the other plugin routes.
 */
let app: FastifyInstance;
let root: string;
const URL = '/cloud-api/plugins/sandbox';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'kerf-sandbox-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  await app.register(httpConventions);
  await app.register(swagger, { openapi: { info: { title: 't', version: '1' } }, transform: jsonSchemaTransform });
  await app.register(async (cloud) => cloud.register(sandboxRoutes), { prefix: '/cloud-api' });
  await app.register(webApp, { prefix: '/web', root });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const directives = (policy: string) =>
  Object.fromEntries(policy.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

describe('GET /cloud-api/plugins/sandbox', () => {
  it('serves the page as HTML whose one script the policy allows by its hash', async () => {
    const res = await app.inject({ url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.startsWith('<!doctype html>')).toBe(true);
    const script = res.body.match(/<script>([\s\S]*)<\/script>/)?.[1];
    expect(script).toBe(SANDBOX_SCRIPT);
    const hash = createHash('sha256').update(script!, 'utf8').digest('base64');
    expect(directives(String(res.headers['content-security-policy']))).toEqual({
      'default-src': "'none'",
      'script-src': `'sha256-${hash}'`,
      'worker-src': 'blob:',
      'frame-ancestors': "'self'",
      'base-uri': "'none'",
      'form-action': "'none'",
      sandbox: 'allow-scripts',
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // the web app's own policy and its refusal to be framed stay under /web/
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).not.toContain("frame-ancestors 'none'");
    const web = await app.inject({ url: '/web/plugin?id=x' });
    expect(directives(String(web.headers['content-security-policy']))['frame-src']).toContain("'self'");
  });

  it('is revalidated on each load and answers 304 while unchanged', async () => {
    const first = await app.inject({ url: URL });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: URL, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('is in the API document', () => {
    expect(documentedRoutes(app, '/cloud-api/plugins')).toEqual(['GET /cloud-api/plugins/sandbox']);
  });
});
