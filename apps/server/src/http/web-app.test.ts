import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpConventions } from './conventions.js';
import { webApp } from './web-app.js';
import { webAppPolicy } from './web-app-policy.js';

let app: FastifyInstance;
let root: string;
const js = `console.log(${JSON.stringify('kerf'.repeat(200))});`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'kerf-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), js);
  writeFileSync(join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(root, 'assets', 'index-abc123.js.gz'), gzipSync(js));
  writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await app.register(httpConventions);
  await app.register(webApp, { prefix: '/web', root });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('web app under /web/', () => {
  it.each(['/web/', '/web/workbench?fileType=0', '/web/device/detail', '/web/share/AbC123'])(
    'answers the app for the history-mode path %s',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets precompressed and cached for a year', async () => {
    const res = await app.inject({ url: '/web/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ url: '/web/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/web/assets/index-abc123.js', headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('revalidates files that are not content-hashed', async () => {
    const res = await app.inject({ url: '/web/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps a missing asset a 404 instead of answering HTML', async () => {
    const res = await app.inject({ url: '/web/assets/gone-999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it.each(['/web/', '/web/share/AbC123', '/web/assets/index-abc123.js', '/web/assets/gone-999.js'])(
    'sends the policy and X-Frame-Options with %s',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy']).toBe(webAppPolicy());
      expect(res.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('may not be framed, runs only its own scripts, and lets ONLYOFFICE in only when configured', () => {
    const policy = webAppPolicy();
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('onlyoffice');
    const withEditor = webAppPolicy({ onlyofficeUrl: 'https://office.example.com/path/' });
    expect(withEditor).toContain("script-src 'self' 'wasm-unsafe-eval' https://office.example.com;");
    expect(withEditor).toContain("frame-src 'self' blob: https://office.example.com;");
  });

  it.each([
    `/web/${'a'.repeat(10_000)}`,
    `/web/assets/${'a'.repeat(5000)}.js`,
    '/web/%00',
    '/web/a%00b.js',
    '/web/%E0%A4%A',
    '/web/%ED%A0%80',
    '/web/%',
    '/web/..%2f..%2fetc%2fpasswd',
    '/web/%E2%80%AEgpj.exe',
  ])('answers the hostile path %s without a 5xx', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('root:');
  });

  it('does not let a path climb out of the web root', async () => {
    const res = await app.inject({ url: '/web/../package.json' });
    expect(res.body).not.toContain('"name"');
    const encoded = await app.inject({ url: '/web/%2e%2e/%2e%2e/etc/passwd' });
    expect(encoded.body).not.toContain('root:');
  });
});
