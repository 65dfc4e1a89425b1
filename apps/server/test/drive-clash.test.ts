import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../src/infra/blob/index.js';
import { bootstrapRootToken, call, type Json } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople, sha256 } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api/engine';

/**
 * Name clashes on upload and restore (replace, keep both, skip, or ask first), and the modified time a
 * save gives a file.
 */
describe.each(testDatabases)('name clashes and modified times on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const delivery = new RecordingDelivery();
  const people = drivePeople(() => app, delivery);
  let ada: string;
  let eve: string;
  let root: string;

  const entries = async (token: string, folderId = '0') =>
    (await call(app, 'GET', `${API}/file/listFileInfo?fileType=0&folderId=${folderId}&limit=100`, { token })).body.data
      .list as Json[];
  const named = async (token: string, name: string, folderId = '0') =>
    (await entries(token, folderId)).filter((e) => e.fileName === name);
  const init = (token: string | undefined, body: Record<string, unknown>) =>
    call(app, 'POST', `${API}/filetransfer/upload/init`, { token, body });
  const initFor = (content: Buffer, fileName: string, extra: Record<string, unknown> = {}) => ({
    fileName,
    fileSize: content.length,
    sha256: sha256(content),
    ...extra,
  });
  const sendAndComplete = async (token: string, uploadId: string, content: Buffer, body?: Record<string, unknown>) => {
    const put = await app.inject({
      method: 'PUT',
      url: `${API}/filetransfer/upload/${uploadId}/0`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: content,
    });
    expect(put.statusCode).toBe(200);
    return call(app, 'POST', `${API}/filetransfer/upload/${uploadId}/complete`, { token, body });
  };
  const trash = async (token: string, id: string) => {
    const res = await call(app, 'POST', `${API}/file/batchDelete`, { token, body: { userFileIds: id, deleteMode: 1 } });
    expect(res.body.code, res.body.msg).toBe(0);
  };
  const bin = async (token: string) =>
    (await call(app, 'GET', `${API}/file/listFileInfo?fileType=6&limit=100`, { token })).body.data.list as Json[];
  const restore = (token: string | undefined, deleteBatchNum: string, onClash?: string) =>
    call(app, 'POST', `${API}/recovery/restore`, { token, body: { deleteBatchNum, ...(onClash ? { onClash } : {}) } });
  const quota = async (token: string) => (await call(app, 'GET', `${API}/quota`, { token })).body.data.usedBytes;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, {
      delivery,
      blobs: await createBlobStore({ storage: 'disk', dir: mkdtempSync(join(tmpdir(), 'kerf-clash-blobs-')) }),
      env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'kerf-clash-data-')) },
    });
    // the administrator is made only on an empty database: first
    root = await bootstrapRootToken(app, db.db, delivery);
    ada = await people.join('ada');
    eve = await people.join('eve');
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('gives a saved file a new modified time in the list; a rename keeps it', async () => {
    const file = await people.upload(ada, 'notes.txt', Buffer.from('first'));
    const [listed] = await named(ada, 'notes.txt');
    expect(listed.uploadTime).toBe(file.uploadTime);
    await tick();
    const saved = await call(app, 'PUT', `${API}/file/content`, {
      token: ada,
      body: { userFileId: file.userFileId, content: 'second version', sha256: sha256(Buffer.from('first')) },
    });
    expect(saved.body.code, saved.body.msg).toBe(0);
    expect(Date.parse(saved.body.data.uploadTime)).toBeGreaterThan(Date.parse(file.uploadTime));
    const [after] = await named(ada, 'notes.txt');
    expect(after.uploadTime).toBe(saved.body.data.uploadTime);
    expect(after.fileSize).toBe('second version'.length);

    await tick();
    const renamed = await call(app, 'PUT', `${API}/file`, {
      token: ada,
      body: { id: file.userFileId, fileName: 'notes-renamed.txt' },
    });
    expect(renamed.body.code, renamed.body.msg).toBe(0);
    const [moved] = await named(ada, 'notes-renamed.txt');
    expect(moved.uploadTime).toBe(saved.body.data.uploadTime);
  });

  it('sorts by the modified time: a file saved last comes first, newest first', async () => {
    const folder = await people.folder(ada, 'sorted');
    const older = await people.upload(ada, 'older.txt', Buffer.from('older content'), folder);
    await tick();
    await people.upload(ada, 'newer.txt', Buffer.from('newer content'), folder);
    await tick();
    const save = await call(app, 'PUT', `${API}/file/content`, {
      token: ada,
      body: { userFileId: older.userFileId, content: 'older, saved', sha256: sha256(Buffer.from('older content')) },
    });
    expect(save.body.code, save.body.msg).toBe(0);
    const list = (
      await call(app, 'GET', `${API}/file/listFileInfo?fileType=0&folderId=${folder}&sort=time&order=desc`, {
        token: ada,
      })
    ).body.data.list as Json[];
    expect(list.map((e) => e.fileName)).toEqual(['older.txt', 'newer.txt']);
  });

  it('answers a clash on upload when asked, filing nothing, and skips when told to', async () => {
    const folder = await people.folder(ada, 'ask');
    const old = await people.upload(ada, 'part.dxf', Buffer.from('old part'), folder);
    const fresh = Buffer.from('new part, not stored before');
    const asked = await init(ada, initFor(fresh, 'part.dxf', { folderId: folder, onClash: 'ask' }));
    expect(asked.body.code, asked.body.msg).toBe(0);
    expect(asked.body.data).toMatchObject({
      skipUpload: true,
      skipped: false,
      clash: { fileName: 'part.dxf', isDir: 0, userFileId: old.userFileId, fileSize: 'old part'.length },
    });
    expect(asked.body.data.uploadId).toBeUndefined();
    const skipped = await init(ada, initFor(fresh, 'part.dxf', { folderId: folder, onClash: 'skip' }));
    expect(skipped.body.data).toMatchObject({ skipUpload: true, skipped: true, clash: { userFileId: old.userFileId } });
    expect((await entries(ada, folder)).map((e) => e.fileName)).toEqual(['part.dxf']);
    const pending = (await call(app, 'GET', `${API}/filetransfer/upload`, { token: ada })).body.data as Json[];
    expect(pending.filter((p) => p.fileName === 'part.dxf')).toEqual([]);

    // no clash: asking changes nothing, the upload starts
    const free = await init(ada, initFor(fresh, 'other.dxf', { folderId: folder, onClash: 'ask' }));
    expect(free.body.data).toMatchObject({ skipUpload: false });
    expect(free.body.data.clash).toBeUndefined();
    // a clash inside a folder upload's folders is found too; a folder still to be made holds none
    const sub = await people.folder(ada, 'sub', folder);
    await people.upload(ada, 'inner.dxf', Buffer.from('inner'), sub);
    const deep = await init(
      ada,
      initFor(fresh, 'inner.dxf', { folderId: folder, relativePath: 'sub', onClash: 'ask' }),
    );
    expect(deep.body.data.clash).toMatchObject({ fileName: 'inner.dxf' });
    const newFolder = await init(
      ada,
      initFor(fresh, 'inner.dxf', { folderId: folder, relativePath: 'not-yet', onClash: 'ask' }),
    );
    expect(newFolder.body.data.clash).toBeUndefined();
  });

  it('keeps both with a numbered name, by default as before and when told to', async () => {
    const folder = await people.folder(ada, 'both');
    await people.upload(ada, 'plate.dxf', Buffer.from('plate one'), folder);
    const second = Buffer.from('plate two');
    const told = await init(ada, initFor(second, 'plate.dxf', { folderId: folder, onClash: 'keepBoth' }));
    const done = await sendAndComplete(ada, told.body.data.uploadId, second, { onClash: 'keepBoth' });
    expect(done.body.data.fileName).toBe('plate (1).dxf');
    // the same bytes again, with no policy: stored already (instant), numbered as before
    const again = await init(ada, initFor(second, 'plate.dxf', { folderId: folder }));
    expect(again.body.data).toMatchObject({ skipUpload: true, entry: { fileName: 'plate (2).dxf' } });
    expect((await entries(ada, folder)).map((e) => e.fileName).sort()).toEqual([
      'plate (1).dxf',
      'plate (2).dxf',
      'plate.dxf',
    ]);
  });

  it('replaces the content of the file in the way, keeping its id, on upload and on an instant upload', async () => {
    const folder = await people.folder(ada, 'replace');
    const old = await people.upload(ada, 'gear.dxf', Buffer.from('old gear'), folder);
    const usedBefore = await quota(ada);
    const fresh = Buffer.from('a new gear, sent in chunks');
    const started = await init(ada, initFor(fresh, 'gear.dxf', { folderId: folder, onClash: 'replace' }));
    expect(started.body.data.skipUpload).toBe(false);
    const done = await sendAndComplete(ada, started.body.data.uploadId, fresh, { onClash: 'replace' });
    expect(done.body.code, done.body.msg).toBe(0);
    expect(done.body.data).toMatchObject({ userFileId: old.userFileId, fileName: 'gear.dxf', fileSize: fresh.length });
    const listed = await entries(ada, folder);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ userFileId: old.userFileId, fileSize: fresh.length });
    // the old bytes were given back: only the difference is charged
    expect(await quota(ada)).toBe(usedBefore - 'old gear'.length + fresh.length);
    const body = await app.inject({
      url: `${API}/filetransfer/downloadfile?userFileId=${old.userFileId}`,
      headers: { authorization: `Bearer ${ada}` },
    });
    expect(body.body).toBe(fresh.toString());

    // content the person holds elsewhere (instant upload) replaces as well; the old bytes, no longer
    // theirs after the replace, would need a proof of possession instead
    const known = Buffer.from('a spare gear');
    await people.upload(ada, 'spare.dxf', known, await people.folder(ada, 'replace-source'));
    const instant = await init(ada, initFor(known, 'gear.dxf', { folderId: folder, onClash: 'replace' }));
    expect(instant.body.data).toMatchObject({ skipUpload: true, entry: { userFileId: old.userFileId } });
    expect((await entries(ada, folder)).map((e) => [e.userFileId, e.fileSize])).toEqual([
      [old.userFileId, known.length],
    ]);
  });

  it('never replaces a folder by a file: the file gets a numbered name', async () => {
    const folder = await people.folder(ada, 'folder-in-way');
    await people.folder(ada, 'cut', folder);
    const content = Buffer.from('a file named like a folder');
    const started = await init(ada, initFor(content, 'cut', { folderId: folder, onClash: 'replace' }));
    const done = await sendAndComplete(ada, started.body.data.uploadId, content, { onClash: 'replace' });
    expect(done.body.data).toMatchObject({ fileName: 'cut (1)', isDir: 0 });
  });

  it('restores with a clash policy: ask reports, skip leaves, replace bins the one in the way, keepBoth numbers', async () => {
    const folder = await people.folder(ada, 'restore');
    const batchOf = async (id: string) => (await bin(ada)).find((e) => e.userFileId === id)!.deleteBatchNum as string;
    const first = await people.upload(ada, 'logo.svg', Buffer.from('<svg>first</svg>'), folder);
    await trash(ada, first.userFileId);
    const second = await people.upload(ada, 'logo.svg', Buffer.from('<svg>second</svg>'), folder);
    const batch = await batchOf(first.userFileId);

    const asked = await restore(ada, batch, 'ask');
    expect(asked.body.code, asked.body.msg).toBe(0);
    expect(asked.body.data).toEqual({
      restored: 0,
      skipped: 0,
      clashes: [
        expect.objectContaining({ deleteBatchNum: batch, fileName: 'logo.svg', userFileId: second.userFileId }),
      ],
    });
    expect(await batchOf(first.userFileId)).toBe(batch);

    const skipped = await restore(ada, batch, 'skip');
    expect(skipped.body.data).toEqual({ restored: 0, skipped: 1, clashes: [] });
    expect(await batchOf(first.userFileId)).toBe(batch);

    const replaced = await restore(ada, batch, 'replace');
    expect(replaced.body.data).toEqual({ restored: 1, skipped: 0, clashes: [] });
    expect((await entries(ada, folder)).map((e) => [e.userFileId, e.fileName])).toEqual([
      [first.userFileId, 'logo.svg'],
    ]);
    // the one that was in the way is in the bin, not gone
    const secondBatch = await batchOf(second.userFileId);
    expect(secondBatch).toBeTruthy();

    const kept = await restore(ada, secondBatch, 'keepBoth');
    expect(kept.body.data).toEqual({ restored: 1, skipped: 0, clashes: [] });
    expect((await entries(ada, folder)).map((e) => e.fileName).sort()).toEqual(['logo (1).svg', 'logo.svg']);
  });

  it('restores without a policy as before: a taken name becomes name (1)', async () => {
    const folder = await people.folder(ada, 'restore-default');
    const first = await people.upload(ada, 'a.txt', Buffer.from('a one'), folder);
    await trash(ada, first.userFileId);
    await people.upload(ada, 'a.txt', Buffer.from('a two'), folder);
    const batch = (await bin(ada)).find((e) => e.userFileId === first.userFileId)!.deleteBatchNum;
    const res = await restore(ada, batch);
    expect(res.body).toMatchObject({ code: 0, msg: '还原成功', data: { restored: 1, skipped: 0, clashes: [] } });
    expect((await entries(ada, folder)).map((e) => e.fileName).sort()).toEqual(['a (1).txt', 'a.txt']);
  });

  it('lets only the owner use clash policies: anonymous 401, another person and an administrator 404', async () => {
    const folder = await people.folder(ada, 'guarded');
    const file = await people.upload(ada, 'secret.dxf', Buffer.from('secret'), folder);
    await trash(ada, file.userFileId);
    const batch = (await bin(ada)).find((e) => e.userFileId === file.userFileId)!.deleteBatchNum as string;
    await people.upload(ada, 'secret.dxf', Buffer.from('secret two'), folder);
    const probe = initFor(Buffer.from('probe'), 'secret.dxf', { folderId: folder, onClash: 'ask' });

    // anonymous
    expect((await init(undefined, probe)).status).toBe(401);
    expect((await restore(undefined, batch, 'ask')).status).toBe(401);
    // another person learns nothing of the names in my folder, nor of my bin
    for (const token of [eve, root]) {
      const probed = await init(token, probe);
      expect(probed.status).toBe(404);
      expect(probed.body.data?.clash).toBeUndefined();
      for (const policy of ['ask', 'replace', 'skip', 'keepBoth']) {
        expect((await restore(token, batch, policy)).status).toBe(404);
      }
    }
    // the owner
    const asked = await init(ada, probe);
    expect(asked.body.data.clash).toMatchObject({ fileName: 'secret.dxf' });
    expect((await restore(ada, batch, 'ask')).body.data.clashes).toHaveLength(1);
    // an administrator in their own drive
    const mine = await people.upload(root, 'admin.txt', Buffer.from('admin'));
    const adminAsked = await init(root, initFor(Buffer.from('admin 2'), 'admin.txt', { onClash: 'ask' }));
    expect(adminAsked.body.data.clash).toMatchObject({ userFileId: mine.userFileId });
    expect((await restore(ada, batch, 'bogus')).status).toBe(400);
  });

  it('documents the clash fields in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/cloud-api/docs/json' })).json();
    const initSchema = JSON.stringify(doc.paths['/cloud-api/engine/filetransfer/upload/init'].post);
    expect(initSchema).toContain('onClash');
    expect(initSchema).toContain('clash');
    const restoreSchema = JSON.stringify(doc.paths['/cloud-api/engine/recovery/restore'].post);
    expect(restoreSchema).toContain('onClash');
    expect(restoreSchema).toContain('clashes');
    const complete = JSON.stringify(doc.paths['/cloud-api/engine/filetransfer/upload/{uploadId}/complete'].post);
    expect(complete).toContain('onClash');
  });
});
