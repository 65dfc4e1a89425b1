import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { loadConfig } from '../src/config.js';
import { createBlobStore } from '../src/infra/blob/index.js';
import { ExportFiles } from '../src/modules/drive/export-files.js';
import { bootstrapRootToken, call, type Json, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { RecordingDelivery, testApp } from './test-app.js';

const CHUNK = 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The names and contents inside a zip, read with an independent reader. */
function unzip(zip: Buffer): Promise<Map<string, Buffer | 'dir'>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, Buffer | 'dir'>();
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          out.set(entry.fileName, 'dir');
          file.readEntry();
          return;
        }
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (p: Buffer) => parts.push(p));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(parts));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(out));
      file.readEntry();
    });
  });
}

describe.each(testDatabases)('drive uploads and downloads on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const delivery = new RecordingDelivery();
  const blobDir = mkdtempSync(join(tmpdir(), 'kerf-transfer-blobs-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'kerf-transfer-data-'));
  const tokens: Record<string, string> = {};
  const userIds: Record<string, string> = {};

  const join_ = async (who: string) => {
    const account = `${who}@example.com`;
    await call(app, 'GET', `/uac-api/captcha/getCode?account=${account}&scene=register`);
    await call(app, 'POST', '/uac-api/register/user/info', {
      body: { account, password: 'drive_01', code: delivery.last(account)!.code },
    });
    tokens[who] = (await signIn(app, { grant_type: 'password', account, password: 'drive_01' })).body.token;
    userIds[who] = (
      await call(app, 'POST', '/uac-api/oauth2/user_perms', { token: tokens[who] })
    ).body.data.user.userId;
  };

  const init = (token: string, body: Record<string, unknown>) =>
    call(app, 'POST', '/cloud-api/engine/filetransfer/upload/init', { token, body });
  const putChunk = async (token: string, uploadId: string, index: number, bytes: Buffer) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/cloud-api/engine/filetransfer/upload/${uploadId}/${index}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const complete = (token: string, uploadId: string) =>
    call(app, 'POST', `/cloud-api/engine/filetransfer/upload/${uploadId}/complete`, { token });
  const chunksOf = (content: Buffer) => {
    const out: Buffer[] = [];
    for (let at = 0; at < content.length; at += CHUNK) out.push(content.subarray(at, at + CHUNK));
    return out.length ? out : [Buffer.alloc(0)];
  };
  /** A whole upload: init, every chunk (in reverse order, to show order does not matter), complete. */
  const upload = async (token: string, fileName: string, content: Buffer, extra: Record<string, unknown> = {}) => {
    const started = await init(token, { fileName, fileSize: content.length, sha256: sha(content), ...extra });
    expect(started.status).toBe(200);
    if (started.body.data.skipUpload) return started.body.data.entry;
    const chunks = chunksOf(content);
    await Promise.all(
      chunks
        .map((bytes, i) => [bytes, i] as const)
        .reverse()
        .map(([bytes, i]) => putChunk(token, started.body.data.uploadId, i, bytes)),
    );
    const done = await complete(token, started.body.data.uploadId);
    expect(done.body).toMatchObject({ code: 0, msg: '上传成功' });
    return done.body.data;
  };
  const download = (token: string | null, query: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `/cloud-api/engine/filetransfer/downloadfile?${query}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, {
      delivery,
      blobs: await createBlobStore({ storage: 'disk', dir: blobDir }),
      env: { UPLOAD_CHUNK_BYTES: String(CHUNK), DATA_DIR: dataDir },
    });
    tokens.root = await bootstrapRootToken(app, db.db, delivery);
    await join_('ada');
    await join_('eve');
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('uploads in chunks in any order, checks the hash, files the entry and charges the quota', async () => {
    const token = tokens.ada!;
    const content = randomBytes(CHUNK * 3 + 100);
    const started = await init(token, { fileName: '底板.dxf', fileSize: content.length, sha256: sha(content) });
    expect(started.body.data).toMatchObject({ skipUpload: false, chunkSize: CHUNK, totalChunks: 4, uploaded: [] });
    const id = started.body.data.uploadId;

    // Not finished yet: 409 with the chunks still missing.
    await putChunk(token, id, 2, content.subarray(2 * CHUNK, 3 * CHUNK));
    const early = await complete(token, id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ msg: '文件分片不完整', data: { missing: [0, 1, 3] } });

    // A chunk of the wrong length, or past the end, is refused and not recorded.
    expect((await putChunk(token, id, 0, content.subarray(0, 10))).body.msg).toBe('分片大小不正确');
    expect((await putChunk(token, id, 4, content.subarray(0, 10))).body.msg).toBe('分片序号超出范围');

    // Asking again for the same file resumes: the same upload with what arrived.
    const again = await init(token, { fileName: '底板.dxf', fileSize: content.length, sha256: sha(content) });
    expect(again.body.data).toMatchObject({ uploadId: id, uploaded: [2] });
    const pending = (await call(app, 'GET', '/cloud-api/engine/filetransfer/upload', { token })).body.data;
    expect(pending).toEqual([
      expect.objectContaining({ uploadId: id, fileName: '底板.dxf', uploadedBytes: CHUNK, targetPath: '/' }),
    ]);

    await Promise.all([
      putChunk(token, id, 3, content.subarray(3 * CHUNK)),
      putChunk(token, id, 0, content.subarray(0, CHUNK)),
      putChunk(token, id, 1, content.subarray(CHUNK, 2 * CHUNK)),
    ]);
    const done = await complete(token, id);
    expect(done.body).toMatchObject({
      code: 0,
      data: { fileName: '底板.dxf', extendName: 'dxf', fileSize: content.length, folderId: '0' },
    });
    // The upload is gone, its staging file too; the bytes are in the blob store under their hash.
    expect((await call(app, 'GET', '/cloud-api/engine/filetransfer/upload', { token })).body.data).toEqual([]);
    expect(readdirSync(join(blobDir, '.uploads'))).not.toContain(id);
    const got = await download(token, `userFileId=${done.body.data.id}`);
    expect(got.rawPayload.equals(content)).toBe(true);
    const quota = (await call(app, 'GET', '/cloud-api/engine/quota', { token })).body.data;
    expect(quota).toEqual({ usedBytes: content.length, quotaBytes: 10 * 1024 ** 3 });
  });

  it('refuses an assembled file whose hash is not the announced one, and asks for every chunk again', async () => {
    const token = tokens.ada!;
    const content = randomBytes(CHUNK * 2);
    const claimed = sha(randomBytes(8));
    const started = await init(token, { fileName: 'liar.bin', fileSize: content.length, sha256: claimed });
    const id = started.body.data.uploadId;
    await putChunk(token, id, 0, content.subarray(0, CHUNK));
    await putChunk(token, id, 1, content.subarray(CHUNK));
    const done = await complete(token, id);
    expect(done.status).toBe(400);
    expect(done.body.msg).toBe('文件校验失败，请重新上传');
    expect(
      (await init(token, { fileName: 'liar.bin', fileSize: content.length, sha256: claimed })).body.data,
    ).toMatchObject({
      uploadId: id,
      uploaded: [],
    });
    const names = (await call(app, 'GET', '/cloud-api/engine/file/listFileInfo?fileType=0', { token })).body.data.list;
    expect(names.map((e: Json) => e.fileName)).not.toContain('liar.bin');
    await call(app, 'DELETE', `/cloud-api/engine/filetransfer/upload/${id}`, { token });
  });

  it('skips the upload when the content is stored already (instant upload), numbering a taken name', async () => {
    const token = tokens.ada!;
    const content = randomBytes(CHUNK + 1);
    const first = await upload(token, 'logo.svg', content);
    const second = await init(token, { fileName: 'logo.svg', fileSize: content.length, sha256: sha(content) });
    expect(second.body).toMatchObject({ code: 0, msg: '上传成功', data: { skipUpload: true } });
    expect(second.body.data.entry).toMatchObject({ fileName: 'logo (1).svg', fileSize: content.length });
    // Across people the hash alone is not enough: a challenge comes with a normal upload. Answered with
    // the bytes, it is an instant upload, charged to the one who files it.
    const eves = await init(tokens.eve!, { fileName: 'logo.svg', fileSize: content.length, sha256: sha(content) });
    expect(eves.body.data).toMatchObject({ skipUpload: false, challenge: { ranges: expect.any(Array) } });
    const { challengeId, nonce, ranges } = eves.body.data.challenge;
    const hashes = ranges.map((r: { offset: number; length: number }) =>
      createHash('sha256')
        .update(nonce)
        .update(content.subarray(r.offset, r.offset + r.length))
        .digest('hex'),
    );
    const proven = await init(tokens.eve!, {
      fileName: 'logo.svg',
      fileSize: content.length,
      sha256: sha(content),
      proof: { challengeId, hashes },
    });
    expect(proven.body.data.skipUpload).toBe(true);
    expect((await call(app, 'GET', '/cloud-api/engine/quota', { token: tokens.eve })).body.data.usedBytes).toBe(
      content.length,
    );
    expect(first.id).not.toBe(second.body.data.entry.id);
  });

  it('keeps a folder upload’s structure, reusing folders that exist', async () => {
    const token = tokens.ada!;
    const a = randomBytes(10);
    const b = randomBytes(20);
    await upload(token, 'a.gcode', a, { relativePath: '项目/切割' });
    await upload(token, 'b.gcode', b, { relativePath: '项目/切割/' });
    await upload(token, 'c.txt', randomBytes(5), { relativePath: '项目' });
    const folder = (
      await call(
        app,
        'GET',
        `/cloud-api/engine/file/listFileInfo?fileType=0&filePath=${encodeURIComponent('/项目/切割')}`,
        {
          token,
        },
      )
    ).body.data;
    expect(folder.list.map((e: Json) => e.fileName)).toEqual(['a.gcode', 'b.gcode']);
    const top = (
      await call(app, 'GET', `/cloud-api/engine/file/listFileInfo?fileType=0&filePath=${encodeURIComponent('/项目')}`, {
        token,
      })
    ).body.data;
    expect(top.list.map((e: Json) => [e.fileName, e.isDir])).toEqual([
      ['切割', 1],
      ['c.txt', 0],
    ]);
    const bad = await init(token, {
      fileName: 'x.txt',
      fileSize: 1,
      sha256: sha(Buffer.from('x')),
      relativePath: 'a/b*c',
    });
    expect(bad.status).toBe(400);
  });

  it('refuses an upload that would not fit the quota before any byte, and lets an administrator change it', async () => {
    const admin = tokens.root!;
    const token = tokens.eve!;
    const set = (bytes: number, by = admin) =>
      call(app, 'PUT', '/cloud-api/system/user/quota', { token: by, body: { userId: userIds.eve, quotaBytes: bytes } });
    // Eve herself may not.
    expect((await set(1, token)).status).toBe(403);
    const { usedBytes } = (await call(app, 'GET', '/cloud-api/engine/quota', { token })).body.data;
    expect((await set(usedBytes + 100)).body.msg).toBe('修改成功');
    expect((await call(app, 'GET', '/cloud-api/engine/quota', { token })).body.data.quotaBytes).toBe(usedBytes + 100);
    const big = await init(token, { fileName: 'big.bin', fileSize: 101, sha256: sha(randomBytes(4)) });
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('存储空间不足');
    const fits = await init(token, { fileName: 'fits.bin', fileSize: 100, sha256: sha(randomBytes(4)) });
    expect(fits.status).toBe(200);
    await call(app, 'DELETE', `/cloud-api/engine/filetransfer/upload/${fits.body.data.uploadId}`, { token });
    const nobody = { userId: '00000000-0000-4000-8000-000000000000', quotaBytes: 5 };
    expect((await call(app, 'PUT', '/cloud-api/system/user/quota', { token: admin, body: nobody })).status).toBe(404);
    await set(10 * 1024 ** 3);
  });

  it('downloads with ranges, ETag revalidation, a UTF-8 name, and by cookie for plain links', async () => {
    const token = tokens.ada!;
    const content = randomBytes(5000);
    const file = await upload(token, '激光 参数 (v2).txt', content);
    const q = `userFileId=${file.id}`;
    const whole = await download(token, q);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('5000');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toMatch(/^text\/plain/);
    expect(whole.headers['content-disposition']).toBe(
      `attachment; filename="__ __ (v2).txt"; filename*=UTF-8''${encodeURIComponent('激光 参数 ').replace(/%20/g, '%20')}%28v2%29.txt`,
    );
    // The ETag is a keyed hash: it changes with the content but does not give its SHA-256 away.
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(etag).not.toContain(sha(content));

    const part = await download(token, q, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/5000');
    expect(part.rawPayload.equals(content.subarray(100, 200))).toBe(true);
    const tail = await download(token, q, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(content.subarray(4990))).toBe(true);
    const beyond = await download(token, q, { range: 'bytes=9000-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */5000');
    // A range for an older version (If-Range with another tag) gets the whole file.
    expect((await download(token, q, { range: 'bytes=0-1', 'if-range': '"old"' })).statusCode).toBe(200);
    expect((await download(token, q, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await download(token, `${q}&inline=1`)).headers['content-disposition']).toMatch(/^inline;/);

    // The web app's cookie works for a plain link; no token at all does not.
    expect((await download(null, q, { cookie: `theme=dark; UAC-Token=${token}` })).statusCode).toBe(200);
    expect((await download(null, q)).statusCode).toBe(401);
    // The cookie is not taken by calls that change things.
    const viaCookie = await app.inject({
      method: 'POST',
      url: '/cloud-api/engine/folder',
      headers: { cookie: `UAC-Token=${token}` },
      payload: { parentId: 0, name: 'nope' },
    });
    expect(viaCookie.statusCode).toBe(401);
  });

  it('zips several entries with their folders, streamed', async () => {
    const token = tokens.ada!;
    const folder = (
      await call(app, 'POST', '/cloud-api/engine/folder', { token, body: { parentId: 0, name: 'zipme' } })
    ).body.data;
    const inner = (
      await call(app, 'POST', '/cloud-api/engine/folder', { token, body: { parentId: folder.id, name: '内' } })
    ).body.data;
    const one = randomBytes(3000);
    const two = Buffer.from('G0 X0 Y0\n'.repeat(100));
    await upload(token, 'one.png', one, { folderId: folder.id });
    await upload(token, 'two.nc', two, { folderId: inner.id });
    const loose = await upload(token, 'loose.txt', Buffer.from('hello'));

    const res = await app.inject({
      method: 'GET',
      url: `/cloud-api/engine/filetransfer/batchDownloadFile?userFileIds=${folder.id},${loose.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kerf-\d{8}-\d{6}\.zip"/);
    const files = await unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(['loose.txt', 'zipme/', 'zipme/one.png', 'zipme/内/', 'zipme/内/two.nc']);
    expect((files.get('zipme/one.png') as Buffer).equals(one)).toBe(true);
    expect((files.get('zipme/内/two.nc') as Buffer).equals(two)).toBe(true);

    const single = await app.inject({
      method: 'GET',
      url: `/cloud-api/engine/filetransfer/batchDownloadFile?userFileIds=${inner.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(single.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('内.zip')}`);
  });

  it('lists images, video and audio across the drive, and filters a folder by keyword', async () => {
    const token = tokens.ada!;
    const kinds = (type: number, extra = '') =>
      call(app, 'GET', `/cloud-api/engine/file/listFileInfo?fileType=${type}${extra}`, { token }).then((r) =>
        r.body.data.list.map((e: Json) => e.fileName).sort(),
      );
    await upload(token, 'clip.mp4', randomBytes(7));
    await upload(token, 'song.mp3', randomBytes(8));
    expect(await kinds(1)).toEqual(['logo (1).svg', 'logo.svg', 'one.png']);
    expect(await kinds(3)).toEqual(['clip.mp4']);
    expect(await kinds(4)).toEqual(['song.mp3']);
    expect(await kinds(1, '&keyword=ONE')).toEqual(['one.png']);
    const filtered = (await call(app, 'GET', '/cloud-api/engine/file/listFileInfo?fileType=0&keyword=logo', { token }))
      .body.data;
    expect(filtered.total).toBe(2);
    expect(filtered.list.map((e: Json) => e.fileName)).toEqual(['logo (1).svg', 'logo.svg']);
  });

  it('answers another person’s uploads and files as not found, and changes nothing', async () => {
    const content = randomBytes(CHUNK + 5);
    const started = await init(tokens.ada!, { fileName: 'mine.bin', fileSize: content.length, sha256: sha(content) });
    const id = started.body.data.uploadId;
    const eve = tokens.eve!;
    expect((await putChunk(eve, id, 0, content.subarray(0, CHUNK))).status).toBe(404);
    expect((await complete(eve, id)).status).toBe(404);
    expect((await call(app, 'DELETE', `/cloud-api/engine/filetransfer/upload/${id}`, { token: eve })).status).toBe(404);
    const adas = (await call(app, 'GET', '/cloud-api/engine/file/listFileInfo?fileType=0', { token: tokens.ada })).body
      .data.list;
    const file = adas.find((e: Json) => !e.isDir);
    expect((await download(eve, `userFileId=${file.id}`)).statusCode).toBe(404);
    const zip = await app.inject({
      method: 'GET',
      url: `/cloud-api/engine/filetransfer/batchDownloadFile?userFileIds=${file.id}`,
      headers: { authorization: `Bearer ${eve}` },
    });
    expect(zip.statusCode).toBe(404);
    const folderOfAda = adas.find((e: Json) => e.isDir);
    expect(
      (await init(eve, { fileName: 'x', fileSize: 1, sha256: sha(Buffer.from('x')), folderId: folderOfAda.id })).status,
    ).toBe(404);
    // Ada's upload is untouched and still resumable.
    expect(
      (await init(tokens.ada!, { fileName: 'mine.bin', fileSize: content.length, sha256: sha(content) })).body.data
        .uploadId,
    ).toBe(id);
    expect(
      (await call(app, 'DELETE', `/cloud-api/engine/filetransfer/upload/${id}`, { token: tokens.ada })).body.msg,
    ).toBe('已取消上传');
  });

  it('hands out prepared files once by /web/common/download and drive files by path', async () => {
    const exports = new ExportFiles(join(dataDir, 'exports'));
    const fileName = await exports.write(userIds.ada!, '报表 2026.csv', Readable.from([Buffer.from('a,b\n1,2\n')]));
    const get = (url: string, token?: string) =>
      app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const url = `/web/common/download?fileName=${encodeURIComponent(fileName)}&delete=true`;
    // Not without a token, not for another person, not by a path.
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, tokens.eve)).statusCode).toBe(404);
    expect(
      (await get(`/web/common/download?fileName=..%2F${userIds.ada}%2F${encodeURIComponent(fileName)}`, tokens.eve))
        .statusCode,
    ).toBe(404);
    const res = await get(url, tokens.ada);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('a,b\n1,2\n');
    expect(res.headers['download-filename']).toBe(encodeURIComponent('报表 2026.csv'));
    // delete=true: it was for one download.
    await new Promise((r) => setTimeout(r, 50));
    expect((await get(url, tokens.ada)).statusCode).toBe(404);
    const missing = await get(url, tokens.ada);
    expect(missing.json()).toMatchObject({ code: 404, msg: '文件不存在或已被删除' });

    const zipped = await get(
      `/web/common/download/resource?resource=${encodeURIComponent('/zipme/one.png')}`,
      tokens.ada,
    );
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['download-filename']).toBe('one.png');
    expect(zipped.headers['content-type']).toBe('image/png');
    expect(
      (await get(`/web/common/download/resource?resource=${encodeURIComponent('/zipme/one.png')}`, tokens.eve))
        .statusCode,
    ).toBe(404);
    expect((await get('/web/common/download/resource?resource=%2Fzipme', tokens.ada)).statusCode).toBe(404);
  });

  it('keeps the config parsing of the transfer settings', () => {
    expect(loadConfig({ UPLOAD_CHUNK_BYTES: '2048' }).drive.chunkBytes).toBe(2048);
    expect(() => loadConfig({ UPLOAD_CHUNK_BYTES: '12' })).toThrow(/UPLOAD_CHUNK_BYTES/);
    // Checked tokens are cached briefly, also by instances sharing Redis (a sign-out is marked there).
    expect(loadConfig({}).sessions.checkCacheMs).toBe(5000);
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).sessions.checkCacheMs).toBe(5000);
  });
});
