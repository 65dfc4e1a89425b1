import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages, TOKEN_COOKIE } from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskBlobStore } from '../src/infra/blob/disk-blob-store.js';
import { decodeCookieValue } from '../src/modules/auth/auth.plugin.js';
import { call } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const nulRefusal = (where: string, locale: 'zh-CN' | 'en') => messages.nulCharacter[locale].replace('{0}', where);

describe('cookie values', () => {
  it('decodes a token, and reads a broken % sequence or a control character as no token', () => {
    expect(decodeCookieValue('abc%2Bdef')).toBe('abc+def');
    expect(decodeCookieValue('%E0%A4%A')).toBeNull();
    expect(decodeCookieValue('%')).toBeNull();
    expect(decodeCookieValue('%ED%A0%80')).toBeNull();
    expect(decodeCookieValue('a%00b')).toBeNull();
    expect(decodeCookieValue('a%0Ab')).toBeNull();
  });
});

describe.each(testDatabases)('hostile input never gives a 500 on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  let blobDir: string;
  const delivery = new RecordingDelivery();
  const people = drivePeople(() => app, delivery);
  let token = '';
  let fileId = '';

  beforeAll(async () => {
    db = await database.open();
    blobDir = await mkdtemp(join(tmpdir(), 'kerf-hostile-input-'));
    app = await testApp(db, { delivery, blobs: await DiskBlobStore.open({ dir: blobDir }) });
    token = await people.join('ada');
    fileId = (await people.upload(token, 'part.dxf', Buffer.from('0\nEOF\n'))).id;
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
    await rm(blobDir, { recursive: true, force: true });
  });

  describe('a NUL character anywhere is 400 with a message in both languages', () => {
    it.each([
      ['the search keyword', `${API}/engine/file/search?keyword=a%00b`, 'query.keyword'],
      ['the list keyword', `${API}/engine/file/listFileInfo?fileType=0&keyword=%00`, 'query.keyword'],
      ['a share code, signed in', `${API}/engine/share/shareInfo?shareBatchNum=%00`, 'query.shareBatchNum'],
      ['a resource path', '/web/common/download/resource?resource=/a%00.dxf', 'query.resource'],
      ['a nested query key', `${API}/engine/file/search?keyword=a&x[%00]=1`, 'query.x.\\u0000'],
    ])('in %s', async (_what, url, where) => {
      const zh = await call(app, 'GET', url, { token });
      expect(zh.status).toBe(400);
      expect(zh.body.msg).toBe(nulRefusal(where, 'zh-CN'));
      const en = await call(app, 'GET', url, { token, lang: 'en' });
      expect(en.status).toBe(400);
      expect(en.body.msg).toBe(nulRefusal(where, 'en'));
    });

    it('in share codes sent by an anonymous visitor', async () => {
      for (const url of [
        `${API}/engine/share/shareInfo?shareBatchNum=ab%00cd`,
        `${API}/engine/share/shareFileList?shareBatchNum=%00&extractionCode=1234`,
        `${API}/engine/share/downloadfile?shareBatchNum=%00&userFileId=${fileId}`,
      ]) {
        const res = await call(app, 'GET', url);
        expect(res.status, url).toBe(400);
        expect(res.body.msg).toBe(nulRefusal('query.shareBatchNum', 'zh-CN'));
      }
      const check = await call(app, 'POST', `${API}/engine/share/checkExtractionCode`, {
        body: { shareBatchNum: 'x\u0000', extractionCode: '1234' },
      });
      expect(check.status).toBe(400);
      expect(check.body.msg).toBe(nulRefusal('body.shareBatchNum', 'zh-CN'));
    });

    it('in a name, a nick name and a password sent as JSON', async () => {
      const folder = await call(app, 'POST', `${API}/engine/folder`, {
        token,
        body: { parentId: 0, name: 'a\u0000b' },
      });
      expect(folder.status).toBe(400);
      expect(folder.body.msg).toBe(nulRefusal('body.name', 'zh-CN'));
      const nick = await call(app, 'PUT', '/uac-api/account/profile', {
        token,
        body: { nickName: 'Ada\u0000' },
        lang: 'en',
      });
      expect(nick.status).toBe(400);
      expect(nick.body.msg).toBe(nulRefusal('body.nickName', 'en'));
      const signIn = await call(app, 'POST', '/uac-api/oauth2/access_token', {
        body: { grant_type: 'password', account: 'ada@example.com\u0000', password: 'x' },
      });
      expect(signIn.status).toBe(400);
      // Nothing was changed by the refused calls.
      const profile = await call(app, 'GET', '/uac-api/account/profile', { token });
      expect(profile.body.data.user.nickName).toBe('ADA');
    });

    it('in a form-encoded body and in a `?token=` the auth hook reads before any schema', async () => {
      const form = await app.inject({
        method: 'POST',
        url: '/uac-api/oauth2/access_token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=password&account=a%00&password=x',
      });
      expect(form.statusCode).toBe(400);
      expect(form.json().msg).toBe(nulRefusal('body.account', 'zh-CN'));
      const preview = await call(app, 'GET', `${API}/engine/filetransfer/preview?userFileId=${fileId}&token=%00`);
      expect(preview.status).toBe(400);
      expect(preview.body.msg).toBe(nulRefusal('query.token', 'zh-CN'));
    });
  });

  describe('a malformed UAC-Token cookie is no session', () => {
    const download = () => `${API}/engine/filetransfer/downloadfile?userFileId=${fileId}`;
    it.each([['%E0%A4%A'], ['%'], ['%ED%A0%80'], ['a%00b'], ['%0A']])('cookie %s → 401', async (value) => {
      const res = await app.inject({ method: 'GET', url: download(), headers: { cookie: `${TOKEN_COOKIE}=${value}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe(messages.status401['zh-CN']);
    });

    it('while a good cookie still downloads', async () => {
      const res = await app.inject({
        method: 'GET',
        url: download(),
        headers: { cookie: `other=%; ${TOKEN_COOKIE}=${encodeURIComponent(token)}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('0\nEOF\n');
    });
  });

  describe('a broken multipart upload is 4xx', () => {
    const part = (name: string, body: string) =>
      `--B\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${body}\r\n`;
    const whole = `${part('file', 'not really a png')}--B--\r\n`;
    const avatar = (contentType: string, payload: string, lang = 'zh-CN') =>
      app.inject({
        method: 'POST',
        url: '/uac-api/account/avatar',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': lang },
        payload,
      });

    it('truncated mid-part: 400, upload again', async () => {
      for (const cut of [20, 60, whole.length - 8]) {
        const res = await avatar('multipart/form-data; boundary=B', whole.slice(0, cut));
        expect(res.statusCode, `cut at ${cut}`).toBe(400);
        expect(res.json().msg).toBe(messages.multipartMalformed['zh-CN']);
      }
      const en = await avatar('multipart/form-data; boundary=B', whole.slice(0, 60), 'en');
      expect(en.json().msg).toBe(messages.multipartMalformed.en);
    });

    it('a boundary that is not the one declared, or none declared: 400', async () => {
      for (const contentType of ['multipart/form-data; boundary=C', 'multipart/form-data']) {
        const res = await avatar(contentType, whole);
        expect(res.statusCode, contentType).toBe(400);
      }
    });

    it('too many parts: refused, never a 500', async () => {
      const field = (name: string) => `--B\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`;
      const many = `${Array.from({ length: 20 }, (_, i) => field(`f${i}`)).join('')}${part('file', 'x')}${part('second', 'y')}--B--\r\n`;
      const res = await avatar('multipart/form-data; boundary=B', many);
      // Over the part limits, or read as far as the first file and refused as not an image.
      expect([400, 413]).toContain(res.statusCode);
      expect(res.json().code).toBe(res.statusCode);
    });
  });
});
