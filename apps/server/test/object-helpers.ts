import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OBJECT_PATHS } from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { createBlobStore } from '../src/infra/blob/index.js';
import { bootstrapRootToken, call, type Json } from './account-helpers.js';
import { multipartBody, type Part } from './craft-helpers.js';
import type { TestDatabase } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

export const CORPUS = process.env.KERF_CORPUS ?? join(import.meta.dirname, '../../../../shared/corpus');
export const OBJECTS_API = '/cloud-api';
export const objectUrl = (path: string) => `${OBJECTS_API}${path}`;

/** Real drawings from the corpus and pictures made here, for attaching. */
export async function objectFixtures() {
  const picture = (format: 'png' | 'jpeg') =>
    sharp({ create: { width: 32, height: 24, channels: 3, background: '#86A500' } })
      [format]()
      .toBuffer();
  return {
    svg: readFileSync(join(CORPUS, 'svg/shapes/circle/missing-cx-and-cy-attributes.svg')),
    dxf: readFileSync(join(CORPUS, 'cad/2007-Arc.dxf')),
    dwg: readFileSync(join(CORPUS, 'cad/2007-Arc.dwg')),
    bmp: readFileSync(join(CORPUS, 'bmp/good/pal8.bmp')),
    png: await picture('png'),
    jpeg: await picture('jpeg'),
  };
}

export type Fixtures = Awaited<ReturnType<typeof objectFixtures>>;

/** The object calls as the web app makes them. */
export function objectCalls(app: () => FastifyInstance) {
  return {
    create: (token: string | null, body: Record<string, unknown>, lang = 'zh-CN') =>
      call(app(), 'POST', objectUrl(OBJECT_PATHS.info), { token: token ?? undefined, body, lang }),
    update: (token: string | null, body: Record<string, unknown>, lang = 'zh-CN') =>
      call(app(), 'PUT', objectUrl(OBJECT_PATHS.info), { token: token ?? undefined, body, lang }),
    remove: (token: string | null, ids: string[]) =>
      call(app(), 'DELETE', objectUrl(OBJECT_PATHS.info), { token: token ?? undefined, body: { ids } }),
    get: (token: string | null, id: string, lang = 'zh-CN') =>
      call(app(), 'GET', objectUrl(OBJECT_PATHS.infoById.replace(':id', id)), { token: token ?? undefined, lang }),
    savePrice: (token: string | null, body: Record<string, unknown>, lang = 'zh-CN') =>
      call(app(), 'POST', objectUrl(OBJECT_PATHS.savePrice), { token: token ?? undefined, body, lang }),
    /** Multipart upload of `parts` to upload/paper or upload/preview. */
    async upload(token: string | null, kind: 'paper' | 'preview', parts: Part[], lang = 'zh-CN') {
      const { payload, contentType } = multipartBody(parts);
      const res = await app().inject({
        method: 'POST',
        url: objectUrl(kind === 'paper' ? OBJECT_PATHS.uploadPaper : OBJECT_PATHS.uploadPreview),
        headers: {
          'content-type': contentType,
          'accept-language': lang,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload,
      });
      return { status: res.statusCode, body: res.json() as Json };
    },
    /** A ready object: details, a DXF drawing and a PNG effect image; answers its id. */
    async ready(token: string, fileName: string, fixtures: Fixtures, folderId = '0'): Promise<string> {
      const made = await this.create(token, { fileName, folderId, origin: '1' });
      expect(made.body.code, made.body.msg).toBe(0);
      const id = made.body.data as string;
      const paper = await this.upload(token, 'paper', [
        { name: 'infoId', value: id },
        { name: 'files', filename: 'arc.dxf', content: fixtures.dxf },
      ]);
      expect(paper.body.code, paper.body.msg).toBe(0);
      const preview = await this.upload(token, 'preview', [
        { name: 'infoId', value: id },
        { name: 'files', filename: 'photo.png', content: fixtures.png },
      ]);
      expect(preview.body.code, preview.body.msg).toBe(0);
      return id;
    },
  };
}

/** What an object, gallery or trade suite works with: filled in by its beforeAll. */
export interface ObjectSuite {
  db: Awaited<ReturnType<TestDatabase['open']>>;
  app: FastifyInstance;
  admin: string;
  tokens: Record<string, string>;
  people: ReturnType<typeof drivePeople>;
  objects: ReturnType<typeof objectCalls>;
  files: Fixtures;
}

/**
 * The app on `database` with blobs on a temporary disk store, the administrator and the people named
 * signed in (`who@example.com`, nick name WHO), and the fixtures; closed after the suite.
 */
export function useObjectSuite(database: TestDatabase, label: string, who: string[]): ObjectSuite {
  const delivery = new RecordingDelivery();
  const suite = { tokens: {} } as ObjectSuite;
  suite.people = drivePeople(() => suite.app, delivery);
  suite.objects = objectCalls(() => suite.app);
  beforeAll(async () => {
    suite.db = await database.open();
    const blobDir = mkdtempSync(join(tmpdir(), `kerf-${label}-`));
    suite.app = await testApp(suite.db, { delivery, blobs: await createBlobStore({ storage: 'disk', dir: blobDir }) });
    suite.admin = await bootstrapRootToken(suite.app, suite.db.db, delivery);
    for (const name of who) suite.tokens[name] = await suite.people.join(name);
    suite.files = await objectFixtures();
  });
  afterAll(async () => {
    await suite.app?.close();
    await suite.db?.dispose();
  });
  return suite;
}
