import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLogs, sessions } from '../src/db/schema.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { AccountService } from '../src/modules/account/account.service.js';
import { UserRepository } from '../src/modules/account/user.repository.js';
import { ConfigRepository } from '../src/modules/system/config.repository.js';
import { ConfigService } from '../src/modules/system/config.service.js';
import { VerificationCodeService } from '../src/modules/verification/code.service.js';
import { call, type Json, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { RecordingDelivery, testApp } from './test-app.js';

describe.each(testDatabases)('accounts on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const cache = new MemoryCache();
  const delivery = new RecordingDelivery();
  let adminPassword = '';

  const codeFor = async (scene: string, account: string) => {
    const before = delivery.sent.length;
    const res = await call(
      app,
      'GET',
      `/uac-api/captcha/getCode?account=${encodeURIComponent(account)}&scene=${scene}`,
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(delivery.sent.length).toBe(before + 1);
    return delivery.sent.at(-1)!.code;
  };

  const register = async (account: string, password: string) => {
    const code = await codeFor('register', account);
    return call(app, 'POST', '/uac-api/register/user/info', { body: { account, password, code, nickName: 'Ada' } });
  };

  beforeAll(async () => {
    db = await database.open();
    // Sessions are aged in the database below, so every call checks its token afresh.
    app = await testApp(db, { cache, delivery, env: { SESSION_CHECK_CACHE_MS: '0' } });
    const accounts = new AccountService({
      users: new UserRepository(db.db),
      codes: new VerificationCodeService(cache),
      delivery,
      configs: new ConfigService(new ConfigRepository(db.db)),
    });
    const boot = await accounts.bootstrapAdmin('admin@kerf.local');
    adminPassword = boot!.generatedPassword!;
    expect(await accounts.bootstrapAdmin('admin@kerf.local')).toBeNull();
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('lets the first admin sign in with the generated password and pass every check', async () => {
    expect(adminPassword).toMatch(/^[A-Za-z]\w{5,17}$/);
    const { status, body } = await signIn(app, {
      grant_type: 'password',
      account: 'admin@kerf.local',
      password: adminPassword,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, msg: '登录成功', user_info: { loginType: '2', nickName: 'Administrator' } });
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.data.token).toBe(body.token);
    const perms = await call(app, 'POST', '/uac-api/oauth2/user_perms', {
      token: body.token,
      body: { scope: 'cloud' },
    });
    expect(perms.body.data.roles).toEqual(['admin']);
    expect(perms.body.data.permissions).toEqual(['*:*:*']);
    expect(perms.body.data.user).not.toHaveProperty('passwordHash');
    // the system menu is the administrator's (a user's menu below has no such entry)
    const menu = await call(app, 'POST', '/uac-api/oauth2/user_routers', { token: body.token });
    expect(menu.body.data.map((m: Json) => m.key).slice(-2)).toEqual(['operationLog', 'system']);
    const change = await call(app, 'PUT', '/cloud-api/system/config/configKey/sys.account.registerUser', {
      token: body.token,
      body: { configValue: 'true' },
    });
    expect(change.body).toEqual({ code: 0, msg: '修改成功', data: null });
  });

  it('registers by e-mail with a code, then signs in, sees its menu and signs out', async () => {
    expect(
      (await call(app, 'POST', '/uac-api/register/user/checkUnique', { body: { account: 'ada@example.com' } })).body
        .data,
    ).toEqual({ unique: true });
    const wrong = await call(app, 'POST', '/uac-api/register/user/info', {
      body: { account: 'ada@example.com', password: 'ada_2026', code: '000000' },
    });
    expect(wrong.body).toMatchObject({ code: 400, msg: '验证码错误' });
    const ok = await register('Ada@Example.com', 'ada_2026');
    expect(ok.body).toEqual({ code: 0, msg: '注册成功', data: null });
    expect(
      (await call(app, 'POST', '/uac-api/register/user/checkUnique', { body: { account: 'ada@example.com' } })).body
        .data,
    ).toEqual({ unique: false });
    await cache.delete('code:sent:register:ada@example.com'); // the resend minute has passed
    const again = await register('ada@example.com', 'ada_2026');
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('ada@example.com已被注册');

    const { body } = await signIn(app, { grant_type: 'password', account: 'ada@example.com', password: 'ada_2026' });
    expect(body.code).toBe(0);
    expect(body.user_info.nickName).toBe('Ada');
    const perms = await call(app, 'POST', '/uac-api/oauth2/user_perms', { token: body.token });
    expect(perms.body.code, JSON.stringify(perms.body)).toBe(0);
    expect(perms.body.data.roles).toEqual(['user']);
    expect(perms.body.data.permissions).toContain('drive:*:*');
    expect(perms.body.data.user.email).toBe('ada@example.com');
    const menu = await call(app, 'POST', '/uac-api/oauth2/user_routers', { token: body.token });
    expect(menu.body.data.map((m: Json) => m.key)).toEqual([
      'home',
      'driveImages',
      'driveVideo',
      'driveAudio',
      'myShares',
      'recycleBin',
      'gallery',
      'trade',
      'recommend',
      'store',
      'craft',
      'device',
      'dashboard',
      'plugins',
      'operationLog',
    ]);
    // Everyone reads the craft libraries and keeps a personal one; the standard one needs its own grant.
    expect(perms.body.data.permissions).toEqual(expect.arrayContaining(['craft:library:*', 'craft:personal:*']));
    expect(perms.body.data.permissions).not.toContain('craft:*:*');

    const forbidden = await call(app, 'PUT', '/cloud-api/system/config/configKey/sys.account.registerUser', {
      token: body.token,
      body: { configValue: 'false' },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ code: 403, msg: '当前操作没有权限', data: null });

    const out = await call(app, 'GET', '/uac-api/logout', { token: body.token });
    expect(out.body.code).toBe(0);
    const after = await call(app, 'POST', '/uac-api/oauth2/user_perms', { token: body.token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 422, msg: '无效的会话，或者会话已过期，请重新登录', data: null });
    const none = await call(app, 'POST', '/uac-api/oauth2/user_perms', { lang: 'en' });
    expect(none.body).toEqual({
      code: 401,
      msg: 'Authentication failed; system resources cannot be accessed',
      data: null,
    });
  });

  it('signs in with a one-time code, once', async () => {
    await register('13800138000', 'mobile_1');
    const code = await codeFor('login', '13800138000');
    expect(delivery.sent.at(-1)).toMatchObject({ channel: 'mobile', to: '13800138000', scene: 'login' });
    const bad = await signIn(app, {
      grant_type: 'code',
      account: '13800138000',
      code: code === '123456' ? '654321' : '123456',
    });
    expect(bad.body.msg).toBe('验证码错误');
    const good = await signIn(app, { grant_type: 'code', account: '+86 138 0013 8000', code });
    expect(good.body.code).toBe(0);
    const reuse = await signIn(app, { grant_type: 'code', account: '13800138000', code });
    expect(reuse.body.msg).toBe('验证码错误');
    const tooSoon = await call(app, 'GET', '/uac-api/captcha/getCode?account=13800138000&scene=login', { lang: 'en' });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.msg).toMatch(/^Please wait \d+ s before requesting another code$/);
    expect(tooSoon.body.data.retryAfterSeconds).toBeGreaterThan(55);
  });

  it('answers alike for unknown accounts and wrong passwords, and sends nothing to unknown accounts', async () => {
    const before = delivery.sent.length;
    const res = await call(app, 'GET', '/uac-api/captcha/getCode?account=ghost@example.com&scene=login');
    expect(res.body).toEqual({ code: 0, msg: '操作成功', data: null });
    expect(delivery.sent.length).toBe(before);
    const unknown = await signIn(app, { grant_type: 'password', account: 'ghost@example.com', password: 'whatever1' });
    const wrong = await signIn(app, { grant_type: 'password', account: 'ada@example.com', password: 'whatever1' });
    expect(unknown).toEqual(wrong);
    expect(wrong.body).toEqual({ code: 400, msg: '账号或密码错误', data: null });
  });

  it('refuses an unknown client, a bad account and a bad grant', async () => {
    const client = await signIn(app, {
      client_secret: 'nope',
      grant_type: 'password',
      account: 'ada@example.com',
      password: 'ada_2026',
    });
    expect(client.body).toMatchObject({ code: 401, msg: '客户端认证失败' });
    const account = await signIn(app, { grant_type: 'password', account: 'not-an-account', password: 'ada_2026' });
    expect(account.body.msg).toBe('请输入正确的手机号或邮箱');
    const grant = await signIn(app, { grant_type: 'magic', account: 'ada@example.com' });
    expect(grant.status).toBe(400);
  });

  it('asks for the image captcha after three failures, then locks after ten', async () => {
    await register('lock@example.com', 'lock_2026');
    for (let i = 0; i < 3; i++)
      await signIn(app, { grant_type: 'password', account: 'lock@example.com', password: 'wrong_pw' });
    const needs = await signIn(app, { grant_type: 'password', account: 'lock@example.com', password: 'lock_2026' });
    expect(needs.body).toEqual({ code: 400, msg: '请输入图形验证码', data: { captchaRequired: true } });

    const image = (await call(app, 'GET', '/uac-api/captcha/image')).body.data;
    expect(image.image).toMatch(/^data:image\/png;base64,/);
    const answer = await cache.get(`captcha:${image.uuid}`);
    const solved = await signIn(app, {
      grant_type: 'password',
      account: 'lock@example.com',
      password: 'lock_2026',
      uuid: image.uuid,
      code: answer!,
    });
    expect(solved.body.code).toBe(0);

    let last: Json;
    for (let i = 0; i < 10; i++) {
      const img = (await call(app, 'GET', '/uac-api/captcha/image')).body.data;
      const a = await cache.get(`captcha:${img.uuid}`);
      last = await signIn(app, {
        grant_type: 'password',
        account: 'lock@example.com',
        password: 'wrong_pw',
        uuid: img.uuid,
        code: a!,
      });
      if (last.status === 423) break;
    }
    expect(last.status).toBe(423);
    expect(last.body.msg).toBe('登录失败次数过多，账号已锁定，请15分钟后再试');
    const right = await signIn(
      app,
      { grant_type: 'password', account: 'lock@example.com', password: 'lock_2026' },
      { 'accept-language': 'en' },
    );
    expect(right.body.msg).toBe('Too many failed sign-ins; the account is locked. Try again in 15 min');
  });

  it('rate-limits attempts per account', async () => {
    await register('busy@example.com', 'busy_2026');
    const results: number[] = [];
    for (let i = 0; i < 21; i++) {
      results.push(
        (await signIn(app, { grant_type: 'password', account: 'busy@example.com', password: 'busy_2026' })).status,
      );
    }
    expect(results.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(results[20]).toBe(429);
  });

  it('ends idle and absolute-expired sessions with code 422', async () => {
    const { body } = await signIn(app, { grant_type: 'password', account: '13800138000', password: 'mobile_1' });
    expect((await call(app, 'GET', '/uac-api/oauth2/session', { token: body.token })).status).toBe(200);
    await db.db.execute(sql`update ${sessions} set last_seen_at = now() - interval '1441 minutes'`);
    const idle = await call(app, 'GET', '/uac-api/oauth2/session', { token: body.token });
    expect(idle.body.code).toBe(422);
    const fresh = await signIn(app, { grant_type: 'password', account: '13800138000', password: 'mobile_1' });
    await db.db.execute(sql`update ${sessions} set expires_at = now() - interval '1 second' where revoked_at is null`);
    expect((await call(app, 'GET', '/uac-api/oauth2/session', { token: fresh.body.token })).body.code).toBe(422);
    expect((await call(app, 'GET', '/uac-api/oauth2/session', { token: 'made-up-token' })).body.code).toBe(422);
  });

  it('resets a forgotten password and signs the account out everywhere', async () => {
    await register('reset@example.com', 'first_pw');
    const { body } = await signIn(app, { grant_type: 'password', account: 'reset@example.com', password: 'first_pw' });
    const code = await codeFor('reset', 'reset@example.com');
    const weak = await call(app, 'POST', '/uac-api/captcha/retrieve', {
      body: { account: 'reset@example.com', code, password: '123' },
    });
    expect(weak.body.code).toBe(400);
    const done = await call(app, 'POST', '/uac-api/captcha/retrieve', {
      body: { account: 'reset@example.com', code, password: 'second_pw' },
    });
    expect(done.body).toEqual({ code: 0, msg: '密码重置成功', data: null });
    expect((await call(app, 'GET', '/uac-api/oauth2/session', { token: body.token })).body.code).toBe(422);
    expect(
      (await signIn(app, { grant_type: 'password', account: 'reset@example.com', password: 'first_pw' })).body.code,
    ).toBe(400);
    expect(
      (await signIn(app, { grant_type: 'password', account: 'reset@example.com', password: 'second_pw' })).body.code,
    ).toBe(0);
  });

  it('writes every attempt to the login log, masked, without secrets', async () => {
    const rows = await db.db.select().from(loginLogs);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.some((r) => r.success)).toBe(true);
    expect(rows.some((r) => r.reason === 'bad-credentials')).toBe(true);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('ada@example.com');
    expect(text).toContain('a***@example.com');
    expect(text).not.toContain('wrong_pw');
    expect(text).not.toContain(adminPassword);
  });

  it('lets a non-admin role holding *:*:* through permission checks', async () => {
    const users = new UserRepository(db.db);
    await users.upsertRoles([{ roleKey: 'operator', roleName: 'Operator', permissions: ['*:*:*'] }]);
    const code = await (async () => {
      await call(app, 'GET', '/uac-api/captcha/getCode?account=op@example.com&scene=register');
      return delivery.last('op@example.com')!.code;
    })();
    await call(app, 'POST', '/uac-api/register/user/info', {
      body: { account: 'op@example.com', password: 'oper_123', code },
    });
    const op = (await users.findByAccount({ kind: 'email', value: 'op@example.com' }))!;
    await db.db.execute(
      sql`insert into user_roles (user_id, role_id) select ${op.id}, id from roles where role_key = 'operator'`,
    );
    const token = (await signIn(app, { grant_type: 'password', account: 'op@example.com', password: 'oper_123' })).body
      .token;
    const perms = await call(app, 'POST', '/uac-api/oauth2/user_perms', { token });
    expect(perms.body.data.roles).toEqual(['operator', 'user']);
    const change = await call(app, 'PUT', '/cloud-api/system/config/configKey/sys.account.captchaEnabled', {
      token,
      body: { configValue: 'false' },
    });
    expect(change.body.code).toBe(0);
  });

  it('accepts JSON as well as form bodies for the token call', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/uac-api/oauth2/access_token',
      payload: {
        client_id: 'kerf-web',
        client_secret: 'kerf-web',
        grant_type: 'password',
        account: '13800138000',
        password: 'mobile_1',
      },
    });
    expect(res.json().code).toBe(0);
  });
});

describe('the token call in an encrypted envelope', () => {
  it('signs in with a sealed body and answers sealed; garbage answers the spec message', async () => {
    const { createCryptoEnvelope } = await import('../../web/src/api/crypto-envelope.js');
    const [database] = testDatabases;
    const db = await database!.open();
    const app = await testApp(db);
    try {
      const accounts = new AccountService({
        users: new UserRepository(db.db),
        codes: new VerificationCodeService(new MemoryCache()),
        delivery: new RecordingDelivery(),
        configs: new ConfigService(new ConfigRepository(db.db)),
      });
      await accounts.bootstrapAdmin('admin@kerf.local', 'Sealed_2026');
      const envelope = createCryptoEnvelope(async () =>
        (await app.inject({ url: '/uac-api/oauth2/public_key' })).json(),
      );
      const path = '/uac-api/oauth2/access_token';
      const sealed = await envelope.sealRequest(
        {
          client_id: 'kerf-web',
          client_secret: 'kerf-web',
          grant_type: 'password',
          account: 'admin@kerf.local',
          password: 'Sealed_2026',
        },
        { method: 'POST', path },
      );
      const res = await app.inject({ method: 'POST', url: path, payload: sealed.envelope });
      expect(res.body).not.toContain('Sealed_2026');
      expect(Object.keys(res.json())).toEqual(['text']);
      const opened = (await sealed.open(res.json())) as Json;
      expect(opened.code).toBe(0);
      expect(opened.token).toMatch(/^[\w-]{43}$/);

      const garbage = await app.inject({ method: 'POST', url: path, payload: { secret: 'AAAA', text: 'AAAA' } });
      expect(garbage.json()).toEqual({ code: 500, msg: '返回数据错误[secret]', data: null });
    } finally {
      await app.close();
      await db.dispose();
    }
  });
});
