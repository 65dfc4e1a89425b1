import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { DirLockedError } from '../src/db/dir-lock.js';
import { ConfigRepository } from '../src/modules/system/config.repository.js';
import { testDatabases } from './databases.js';
import { healthOnlyBlobStore, testApp } from './test-app.js';

describe.each(testDatabases)('platform on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db);
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('reports every part up in /cloud-api/health', async () => {
    const res = await app.inject({ url: '/cloud-api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.status).toBe('up');
    expect(body.data.components.database).toMatchObject({ status: 'up', kind: database.name });
    expect(body.data.components.blobStore).toMatchObject({ status: 'up', kind: 'disk' });
    expect(body.data.installation.startCount).toBe(1);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives each start-up plugin two minutes, not 10 s (a first start on a loaded machine makes an RSA key pair)', () => {
    expect(app.initialConfig.pluginTimeout).toBe(120_000);
  });

  it('serves the OpenAPI document as JSON and a browsable UI', async () => {
    const json = await app.inject({ url: '/cloud-api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/cloud-api/health', '/cloud-api/system/config/configKey/{key}']),
    );
    const negotiated = await app.inject({ url: '/cloud-api/docs', headers: { accept: 'application/json' } });
    expect(negotiated.json().openapi).toBe(doc.openapi);
    const ui = await app.inject({ url: '/cloud-api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    expect(ui.body).toMatch(/swagger/i);
  });

  it('reads system parameters seeded on first start', async () => {
    const res = await app.inject({ url: '/cloud-api/system/config/configKey/sys.account.captchaEnabled' });
    expect(res.json()).toEqual({ code: 0, msg: '操作成功', data: 'false' });
    const missing = await app.inject({
      url: '/cloud-api/system/config/configKey/no.such.key',
      headers: { 'accept-language': 'en' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: 'The requested resource does not exist', data: null });
    const bad = await app.inject({ url: '/cloud-api/system/config/configKey/bad%20key' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps an admin-changed parameter when defaults are applied again', async () => {
    await new ConfigRepository(db.db).setValue('sys.account.captchaEnabled', 'true');
    const again = await testApp(db);
    try {
      const res = await again.inject({ url: '/cloud-api/system/config/configKey/sys.account.captchaEnabled' });
      expect(res.json().data).toBe('true');
    } finally {
      await again.close();
    }
  });

  it('says 503 and which part is down when a part fails', async () => {
    const degraded = await testApp(db, { blobs: healthOnlyBlobStore('down') });
    try {
      const res = await degraded.inject({ url: '/cloud-api/health', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().data.status).toBe('down');
      expect(res.json().data.components.blobStore).toMatchObject({ status: 'down', detail: 'disk not writable' });
      expect(res.json().data.components.database.status).toBe('up');
    } finally {
      await degraded.close();
    }
  });
});

describe('embedded PostgreSQL data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kerf-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps data across a restart and refuses a second process', async () => {
    const config = { kind: 'embedded', dir: join(dir, 'postgres'), poolMax: 2 } as const;
    let first: DatabaseHandle | undefined = await openDatabase(config);
    let app = await testApp(first);
    const before = (await app.inject({ url: '/cloud-api/health' })).json().data.installation;
    await expect(openDatabase(config)).rejects.toThrow(DirLockedError);
    await app.close();
    await first.close();
    first = undefined;

    const second = await openDatabase(config);
    app = await testApp(second);
    const after = (await app.inject({ url: '/cloud-api/health' })).json().data.installation;
    await app.close();
    await second.close();
    expect(after.id).toBe(before.id);
    expect(after.installedAt).toBe(before.installedAt);
    expect(after.startCount).toBe(before.startCount + 1);
  });
});
