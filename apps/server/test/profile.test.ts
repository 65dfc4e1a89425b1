import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../src/infra/blob/index.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { call, type Json, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { RecordingDelivery, testApp } from './test-app.js';

// A valid 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(name: string, filename: string, bytes: Buffer, type: string) {
  const boundary = `----kerf${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(testDatabases)('account page on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const blobDir = mkdtempSync(join(tmpdir(), 'kerf-profile-blobs-'));
  const cache = new MemoryCache();
  const delivery = new RecordingDelivery();
  let token = '';

  const codeFor = async (scene: string, account: string) => {
    await call(app, 'GET', `/uac-api/captcha/getCode?account=${encodeURIComponent(account)}&scene=${scene}`);
    return delivery.last(account)!.code;
  };

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { cache, delivery, blobs: await createBlobStore({ storage: 'disk', dir: blobDir }) });
    const code = await codeFor('register', 'grace@example.com');
    await call(app, 'POST', '/uac-api/register/user/info', {
      body: { account: 'grace@example.com', password: 'grace_01', code, nickName: 'Grace' },
    });
    token = (await signIn(app, { grant_type: 'password', account: 'grace@example.com', password: 'grace_01' })).body
      .token;
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
    rmSync(blobDir, { recursive: true, force: true });
  });

  it('shows and renames my profile', async () => {
    const before = await call(app, 'GET', '/uac-api/account/profile', { token });
    expect(before.body.data.user.nickName).toBe('Grace');
    expect(before.body.data.bindings).toEqual({ mobile: null, email: 'grace@example.com', wechat: null });
    expect(before.body.data.wechatEnabled).toBe(false);
    expect((await call(app, 'PUT', '/uac-api/account/profile', { token, body: { nickName: '  ' } })).status).toBe(400);
    const renamed = await call(app, 'PUT', '/uac-api/account/profile', { token, body: { nickName: 'Grace H.' } });
    expect(renamed.body).toEqual({ code: 0, msg: '修改成功', data: null });
    expect((await call(app, 'GET', '/uac-api/account/profile', { token })).body.data.user.nickName).toBe('Grace H.');
  });

  it('uploads an avatar and serves it, and only images that are in use', async () => {
    // One form, so its header and body share a boundary.
    const form = multipart('file', 'me.png', PNG, 'image/png');
    const upload = await app.inject({
      method: 'POST',
      url: '/uac-api/account/avatar',
      headers: { authorization: `Bearer ${token}`, ...form.headers },
      payload: form.payload,
    });
    expect(upload.json().code, upload.body).toBe(0);
    const url: string = upload.json().data.avatar;
    expect(url).toMatch(/^\/uac-api\/avatar\/[0-9a-f]{64}\.png$/);
    const image = await app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await call(app, 'GET', '/uac-api/account/profile', { token })).body.data.user.avatar).toBe(url);
    const other = url.replace(/[0-9a-f]{64}/, 'a'.repeat(64));
    expect((await app.inject({ url: other })).statusCode).toBe(404);
    expect((await app.inject({ url: '/uac-api/avatar/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);

    const text = multipart('file', 'me.png', Buffer.from('<svg onload="alert(1)"/>'), 'image/png');
    const refused = await app.inject({
      method: 'POST',
      url: '/uac-api/account/avatar',
      headers: { authorization: `Bearer ${token}`, ...text.headers },
      payload: text.payload,
    });
    expect(refused.json()).toMatchObject({ code: 400, msg: '头像仅支持 PNG、JPG、WebP、GIF 图片' });
    const big = multipart('file', 'big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png');
    const tooBig = await app.inject({
      method: 'POST',
      url: '/uac-api/account/avatar',
      headers: { authorization: `Bearer ${token}`, ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it('changes my password and ends my other sessions only', async () => {
    const other = (await signIn(app, { grant_type: 'password', account: 'grace@example.com', password: 'grace_01' }))
      .body.token;
    const wrong = await call(app, 'PUT', '/uac-api/account/password', {
      token,
      body: { oldPassword: 'nope_123', newPassword: 'grace_02' },
    });
    expect(wrong.body.msg).toBe('原密码错误');
    const weak = await call(app, 'PUT', '/uac-api/account/password', {
      token,
      body: { oldPassword: 'grace_01', newPassword: '12' },
    });
    expect(weak.status).toBe(400);
    const ok = await call(app, 'PUT', '/uac-api/account/password', {
      token,
      body: { oldPassword: 'grace_01', newPassword: 'grace_02' },
    });
    expect(ok.body.code).toBe(0);
    expect((await call(app, 'GET', '/uac-api/oauth2/session', { token })).status).toBe(200);
    expect((await call(app, 'GET', '/uac-api/oauth2/session', { token: other })).body.code).toBe(422);
    expect(
      (await signIn(app, { grant_type: 'password', account: 'grace@example.com', password: 'grace_02' })).body.code,
    ).toBe(0);
  });

  it('binds a mobile with a code, refuses one bound elsewhere, and keeps a way to sign in', async () => {
    const bad = await call(app, 'POST', '/uac-api/account/bind', {
      token,
      body: { account: '13900139000', code: '000000' },
    });
    expect(bad.body.msg).toBe('验证码错误');
    const code = await codeFor('bind', '13900139000');
    const bound = await call(app, 'POST', '/uac-api/account/bind', { token, body: { account: '13900139000', code } });
    expect(bound.body.code).toBe(0);
    expect((await call(app, 'GET', '/uac-api/account/profile', { token })).body.data.bindings.mobile).toBe(
      '13900139000',
    );

    const hopper = await codeFor('register', 'hopper@example.com');
    await call(app, 'POST', '/uac-api/register/user/info', {
      body: { account: 'hopper@example.com', password: 'hopper_1', code: hopper },
    });
    const hopperToken = (
      await signIn(app, { grant_type: 'password', account: 'hopper@example.com', password: 'hopper_1' })
    ).body.token;
    await cache.delete('code:sent:bind:13900139000'); // the resend minute has passed
    const taken = await codeFor('bind', '13900139000');
    const clash = await call(app, 'POST', '/uac-api/account/bind', {
      token: hopperToken,
      body: { account: '13900139000', code: taken },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toBe('该账号已绑定其他用户');

    expect((await call(app, 'DELETE', '/uac-api/account/bind?kind=email', { token })).body.code).toBe(0);
    const last = await call(app, 'DELETE', '/uac-api/account/bind?kind=mobile', { token, lang: 'en' });
    expect(last.body).toEqual({
      code: 400,
      msg: 'At least one way to sign in must remain; this cannot be unbound',
      data: null,
    });
    expect((await call(app, 'DELETE', '/uac-api/account/bind?kind=wechat', { token })).body.msg).toBe('尚未绑定');
  });

  it('lists my own sign-ins, newest first', async () => {
    await signIn(app, { grant_type: 'password', account: '13900139000', password: 'wrong_99' });
    const logins = await call(app, 'GET', '/uac-api/account/logins', { token });
    expect(logins.body.data.length).toBeGreaterThanOrEqual(3);
    expect(logins.body.data[0]).toMatchObject({ success: false, reason: 'bad-credentials', grantType: 'password' });
    const times = logins.body.data.map((r: Json) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await call(app, 'GET', '/uac-api/account/logins')).status).toBe(401);
  });
});

describe('duplicate submit', () => {
  it('refuses the same write by the same user within a second, and allows it after', async () => {
    const [database] = testDatabases;
    const db = await database!.open();
    const delivery = new RecordingDelivery();
    const app = await testApp(db, { delivery });
    try {
      await call(app, 'GET', '/uac-api/captcha/getCode?account=dup@example.com&scene=register');
      const code = delivery.last('dup@example.com')!.code;
      await call(app, 'POST', '/uac-api/register/user/info', {
        body: { account: 'dup@example.com', password: 'dup_1234', code },
      });
      const token = (await signIn(app, { grant_type: 'password', account: 'dup@example.com', password: 'dup_1234' }))
        .body.token;
      const body = { nickName: 'Twice' };
      const first = await call(app, 'PUT', '/uac-api/account/profile', { token, body });
      const second = await call(app, 'PUT', '/uac-api/account/profile', { token, body });
      expect(first.body.code).toBe(0);
      expect(second.status).toBe(429);
      expect(second.body).toEqual({ code: 500, msg: '数据正在处理，请勿重复提交', data: null });
      const different = await call(app, 'PUT', '/uac-api/account/profile', { token, body: { nickName: 'Other' } });
      expect(different.body.code).toBe(0);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await call(app, 'PUT', '/uac-api/account/profile', { token, body })).body.code).toBe(0);
    } finally {
      await app.close();
      await db.dispose();
    }
  });
});
