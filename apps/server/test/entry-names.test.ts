import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { driveMessages, PREVIEW_PATHS, previewMessages } from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DiskBlobStore } from '../src/infra/blob/disk-blob-store.js';
import { call, type Json } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople, sha256 } from './drive-helpers.js';
import { tarArchive } from './fixtures/archives/archive-writers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';

/** Names that look harmless on screen but are not: a right-to-left override, isolates, marks, controls. */
const INVISIBLE = [
  ['right-to-left override', '\u202egpj.exe'],
  ['left-to-right embedding', 'a\u202ab.txt'],
  ['first-strong isolate', 'plan\u2068.dxf\u2069'],
  ['right-to-left mark', 'cut\u200f.svg'],
  ['tab', 'a\tb.txt'],
  ['trailing newline', 'part.dxf\n'],
  ['C1 control', 'a\u0085b.txt'],
  ['DEL', 'a\u007fb.txt'],
] as const;

describe.each(testDatabases)('entry names on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  let blobDir: string;
  const delivery = new RecordingDelivery();
  const people = drivePeople(() => app, delivery);
  let token = '';
  let folderId = '';
  let fileId = '';

  /** Sent twice, in Chinese and English; the second with `en-` before the name, as a repeat is refused 429. */
  const refusedInBothLanguages = async (
    method: 'POST' | 'PUT',
    url: string,
    body: Record<string, unknown>,
    nameField: string,
  ) => {
    const zh = await call(app, method, url, { token, body });
    const english = { ...body, [nameField]: `en-${body[nameField]}` };
    const en = await call(app, method, url, { token, body: english, lang: 'en' });
    return { zh, en };
  };
  const expectInvisibleRefused = (res: { zh: { status: number; body: Json }; en: { status: number; body: Json } }) => {
    expect(res.zh.status).toBe(400);
    expect(res.zh.body.msg).toBe(driveMessages.nameInvisibleChars['zh-CN']);
    expect(res.en.status).toBe(400);
    expect(res.en.body.msg).toBe(driveMessages.nameInvisibleChars.en);
  };
  const names = async () => {
    const list = await call(app, 'GET', `${API}/engine/file/listFileInfo?fileType=0&limit=100`, { token });
    const inner = await call(app, 'GET', `${API}/engine/file/listFileInfo?fileType=0&limit=100&folderId=${folderId}`, {
      token,
    });
    return [...list.body.data.list, ...inner.body.data.list].map((entry: Json) => entry.fileName as string);
  };

  beforeAll(async () => {
    db = await database.open();
    blobDir = await mkdtemp(join(tmpdir(), 'kerf-names-'));
    app = await testApp(db, {
      delivery,
      blobs: await DiskBlobStore.open({ dir: blobDir }),
      env: { ONLYOFFICE_URL: 'http://127.0.0.1:9', ONLYOFFICE_JWT_SECRET: 'entry-names-secret-0123456789' },
    });
    token = await people.join('ada');
    folderId = await people.folder(token, 'Plans');
    fileId = (await people.upload(token, 'part.dxf', Buffer.from('0\nEOF\n'), folderId)).id;
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
    await rm(blobDir, { recursive: true, force: true });
  });

  describe.each(INVISIBLE)('a name with a %s', (_what, name) => {
    it('is refused for a new folder and a folder rename', async () => {
      expectInvisibleRefused(
        await refusedInBothLanguages('POST', `${API}/engine/folder`, { parentId: 0, name }, 'name'),
      );
      expectInvisibleRefused(
        await refusedInBothLanguages('PUT', `${API}/engine/folder`, { id: folderId, name }, 'name'),
      );
    });

    it('is refused for a file rename', async () => {
      expectInvisibleRefused(
        await refusedInBothLanguages('PUT', `${API}/engine/file`, { id: fileId, fileName: name }, 'fileName'),
      );
    });

    it('is refused for an upload, as its name and as a folder of its relative path', async () => {
      const bytes = Buffer.from(`upload ${name}`);
      const upload = { folderId, fileSize: bytes.length, sha256: sha256(bytes) };
      const url = `${API}/engine/filetransfer/upload/init`;
      expectInvisibleRefused(await refusedInBothLanguages('POST', url, { ...upload, fileName: name }, 'fileName'));
      expectInvisibleRefused(
        await refusedInBothLanguages(
          'POST',
          url,
          { ...upload, fileName: 'ok.txt', relativePath: `sub/${name}/` },
          'relativePath',
        ),
      );
    });

    it('is refused for a new file and a new office document', async () => {
      const textName = name.replace(/\.\w+(\n?)$/, '.txt$1');
      expectInvisibleRefused(
        await refusedInBothLanguages(
          'POST',
          `${API}${PREVIEW_PATHS.createFile}`,
          { folderId, fileName: textName },
          'fileName',
        ),
      );
      const docName = name.replace(/\.\w+(\n?)$/, '$1');
      expectInvisibleRefused(
        await refusedInBothLanguages(
          'POST',
          `${API}${PREVIEW_PATHS.onlyofficeAdd}`,
          {
            folderId,
            fileName: docName,
            extendName: 'docx',
          },
          'fileName',
        ),
      );
    });
  });

  it('stored none of the refused names, and still takes the same names without them', async () => {
    const stored = await names();
    for (const [, name] of INVISIBLE) expect(stored).not.toContain(name);
    const made = await call(app, 'POST', `${API}/engine/folder`, { token, body: { parentId: 0, name: 'gpj.exe' } });
    expect(made.body.code, made.body.msg).toBe(0);
  });

  it('refuses to unpack an archive that holds a name with a bidi override or a control character', async () => {
    for (const [file, hostile] of [
      ['rtl.tar', 'docs/\u202egpj.exe'],
      ['tab.tar', 'docs/a\tb.txt'],
      ['isolate.tar', '\u2067folder/a.txt'],
    ] as const) {
      const archive = await people.upload(
        token,
        file,
        tarArchive([
          { name: 'docs/fine.txt', data: 'x' },
          { name: hostile, data: 'y' },
        ]),
      );
      const started = await call(app, 'POST', `${API}${PREVIEW_PATHS.unzip}`, {
        token,
        body: { userFileId: archive.id, unzipMode: 1 },
      });
      expect(started.body.code, started.body.msg).toBe(0);
      const jobUrl = `${API}${PREVIEW_PATHS.unzip}/${started.body.data.jobId}`;
      const job = await vi.waitFor(
        async () => {
          const res = await call(app, 'GET', jobUrl, { token });
          if (res.body.data.state !== 'failed' && res.body.data.state !== 'done') throw new Error('still running');
          return res.body.data;
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(job, file).toMatchObject({ state: 'failed', entries: 0, message: previewMessages.badName['zh-CN'] });
      expect((await names()).filter((n) => n === file.replace('.tar', '') || n === 'docs')).toEqual([]);
    }
  });
});
