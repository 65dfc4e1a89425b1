import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DESIGN_PATHS } from '@kerf/contract';
import type { KerfDocument } from '@kerf/laser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DwgImportService } from '../src/modules/design/dwg-import.service.js';
import { bootstrapRootToken } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const CORPUS = process.env.KERF_CORPUS ?? join(import.meta.dirname, '../../../../shared/corpus');
const URL = `/cloud-api${DESIGN_PATHS.importDwg}`;

describe.each(testDatabases)('DWG import for the design editor on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const delivery = new RecordingDelivery();
  const people = drivePeople(() => app, delivery);
  const tokens: Record<'anonymous' | 'user' | 'other' | 'admin', string | null> = {
    anonymous: null,
    user: null,
    other: null,
    admin: null,
  };

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { delivery });
    tokens.user = await people.join('ada');
    tokens.other = await people.join('eve');
    tokens.admin = await bootstrapRootToken(app, db.db, delivery);
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  const send = (payload: Buffer, token: string | null, language = 'zh-CN') =>
    app.inject({
      method: 'POST',
      url: URL,
      headers: {
        'content-type': 'application/octet-stream',
        'accept-language': language,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload,
    });

  it('reads a real DWG into a drawing for anyone, signed in or not (the editor is public)', async () => {
    const dwg = readFileSync(join(CORPUS, 'cad/2007-Polygon.dwg'));
    for (const who of ['anonymous', 'user', 'other', 'admin'] as const) {
      const res = await send(dwg, tokens[who]);
      expect(res.statusCode, `${who}: ${res.body.slice(0, 200)}`).toBe(200);
      const doc = res.json().data as KerfDocument;
      expect(doc.units).toBe('mm');
      expect(doc.layers.length).toBeGreaterThan(0);
      expect(doc.shapes.length).toBeGreaterThan(0);
    }
  }, 60_000);

  it('refuses what is not a DWG with 格式错误 and the reason, in both languages', async () => {
    const junk = Buffer.from('AC1032 this is not really a drawing '.repeat(40));
    const zh = await send(junk, null);
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toMatch(/^格式错误：.+/);
    const en = await send(junk, null, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toMatch(/^Invalid format: .+/);
    const empty = await send(Buffer.alloc(0), null);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('请选择要导入的 DWG 文件');
  }, 60_000);

  it('is in the OpenAPI document', () => {
    const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths[URL] ?? {})).toContain('post');
  });
});

describe('DWG conversions wait their turn', () => {
  it('runs one at a time, queues a few, and tells the rest to try again', async () => {
    const releases: (() => void)[] = [];
    let started = 0;
    const service = new DwgImportService(
      () =>
        new Promise<KerfDocument>((done) => {
          started += 1;
          releases.push(() => done({ shapes: [] } as unknown as KerfDocument));
        }),
      { concurrency: 1, queue: 1 },
    );
    const bytes = new Uint8Array([1]);
    const first = service.import(bytes);
    const second = service.import(bytes);
    await expect(service.import(bytes)).rejects.toMatchObject({ status: 429 });
    await Promise.resolve();
    expect(started).toBe(1);
    releases.shift()!();
    await first;
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toBe(2);
    releases.shift()!();
    await second;
    // the queue is empty again: a new one starts at once
    const third = service.import(bytes);
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toBe(3);
    releases.shift()!();
    await third;
  });
});
