import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../src/infra/cache/cache.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { RedisCache } from '../src/infra/cache/redis-cache.js';
import { AccountService } from '../src/modules/account/account.service.js';
import { UserRepository } from '../src/modules/account/user.repository.js';
import { ConfigRepository } from '../src/modules/system/config.repository.js';
import { ConfigService } from '../src/modules/system/config.service.js';
import { VerificationCodeService } from '../src/modules/verification/code.service.js';
import { type Json, WEB_CLIENT } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { startFakeWechat } from './fake-wechat-provider.js';
import { RecordingDelivery, testApp } from './test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;
const UNLOCK = '/uac-api/system/user/unlock';
const LOCKED_ZH = '登录失败次数过多，账号已锁定，请15分钟后再试';

const backends: Array<[string, (prefix: string) => Cache]> = [
  ['memory', () => new MemoryCache()],
  ...(redisUrl
    ? [['redis', (prefix: string) => new RedisCache(redisUrl, prefix)] as [string, (p: string) => Cache]]
    : []),
];

/**
 * Sign-in lockouts key on account and address, so an attacker cannot lock the owner out; what one
 * address may try over many accounts is limited even when it solves every image captcha.
 */
describe.each(backends)('sign-in limits on a %s cache', (name, makeCache) => {
  const [database] = testDatabases.slice(-1);
  let db: Awaited<ReturnType<NonNullable<typeof database>['open']>>;
  let app: FastifyInstance;
  let cache: Cache;
  const opened: Array<{ close(): Promise<unknown> }> = [];
  const delivery = new RecordingDelivery();
  let accounts: AccountService;

  const cacheOf = new Map<FastifyInstance, Cache>();
  let mainPrefix = '';

  /** An app on the shared database, on its own cache (a fresh prefix on Redis) unless a prefix is given. */
  const startApp = async (env: Record<string, string> = {}, prefix = `kerf-test:${randomUUID()}:`) => {
    const own = makeCache(prefix);
    const started = await testApp(db, { cache: own, delivery, env: { SESSION_CHECK_CACHE_MS: '0', ...env } });
    opened.push(own, started);
    cacheOf.set(started, own);
    return { app: started, cache: own, prefix };
  };

  beforeAll(async () => {
    db = await database!.open();
    ({ app, cache, prefix: mainPrefix } = await startApp());
    accounts = new AccountService({
      users: new UserRepository(db.db),
      codes: new VerificationCodeService(cache),
      delivery,
      configs: new ConfigService(new ConfigRepository(db.db)),
    });
    await accounts.bootstrapAdmin('admin@kerf.local', 'admin_2026');
  });
  afterAll(async () => {
    // Apps first, then the caches they use.
    for (const item of opened.reverse()) await item.close();
    await db.dispose();
  });

  const person = (local: string, password = 'right_2026') =>
    accounts.createUser({ account: { kind: 'email', value: `${local}@example.com` }, password });

  /** The token call from an address; the image captcha is solved every time unless told not to. */
  const signInFrom = async (
    ip: string,
    fields: Record<string, string>,
    options: { on?: FastifyInstance; solveCaptcha?: boolean; lang?: string } = {},
  ) => {
    const target = options.on ?? app;
    const extra: Record<string, string> = {};
    if ((options.solveCaptcha ?? true) && fields.grant_type !== 'code') {
      const image = (await target.inject({ method: 'GET', url: '/uac-api/captcha/image', remoteAddress: ip })).json()
        .data;
      extra.uuid = image.uuid;
      extra.code = (await cacheOf.get(target)!.get(`captcha:${image.uuid}`))!;
    }
    const res = await target.inject({
      method: 'POST',
      url: '/uac-api/oauth2/access_token',
      remoteAddress: ip,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(options.lang ? { 'accept-language': options.lang } : {}),
      },
      payload: new URLSearchParams({ ...WEB_CLIENT, login_type: '2', ...extra, ...fields }).toString(),
    });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const password = (ip: string, account: string, pw: string, options?: Parameters<typeof signInFrom>[2]) =>
    signInFrom(ip, { grant_type: 'password', account, password: pw }, options);

  /** Ten wrong passwords from one address: that address is shut out of the account. */
  const lockFrom = async (ip: string, account: string, on?: FastifyInstance) => {
    for (let i = 0; i < 9; i++) expect((await password(ip, account, `wrong_${i}00`, { on })).status).toBe(400);
    const last = await password(ip, account, 'wrong_900', { on });
    expect(last.status).toBe(423);
    expect(last.body.msg).toBe(LOCKED_ZH);
  };

  const request = async (
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string; body?: Record<string, unknown>; ip?: string; lang?: string } = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.lang ? { 'accept-language': options.lang } : {}),
      },
      ...(options.body ? { payload: options.body } : {}),
    });
    return { status: res.statusCode, body: res.json() as Json };
  };

  it("shuts an attacker's address out of an account, while the owner signs in from theirs", async () => {
    await person('owner');
    await lockFrom('198.51.100.66', 'owner@example.com');
    const attackerRight = await password('198.51.100.66', 'owner@example.com', 'right_2026', { lang: 'en' });
    expect(attackerRight.status).toBe(423);
    expect(attackerRight.body.msg).toBe('Too many failed sign-ins; the account is locked. Try again in 15 min');

    const owner = await password('192.0.2.10', 'owner@example.com', 'right_2026');
    expect(owner.body.code, owner.body.msg).toBe(0);
    // Still shut out after the owner's success, which only clears the owner's own failures.
    expect((await password('198.51.100.66', 'owner@example.com', 'right_2026')).status).toBe(423);
  });

  it('lifts the lock when the password is reset', async () => {
    await person('forgetful');
    const ip = '192.0.2.20';
    await lockFrom(ip, 'forgetful@example.com');
    expect((await password(ip, 'forgetful@example.com', 'right_2026')).status).toBe(423);

    const sent = await request('GET', '/uac-api/captcha/getCode?account=forgetful@example.com&scene=reset', { ip });
    expect(sent.body.code, sent.body.msg).toBe(0);
    const code = delivery.last('forgetful@example.com')!.code;
    const reset = await request('POST', '/uac-api/captcha/retrieve', {
      ip,
      body: { account: 'forgetful@example.com', code, password: 'fresh_2026' },
    });
    expect(reset.body.code, reset.body.msg).toBe(0);
    const after = await password(ip, 'forgetful@example.com', 'fresh_2026', { solveCaptcha: false });
    expect(after.body.code, after.body.msg).toBe(0);
  });

  it('lets a one-time code sign in past the lock, and lifts it', async () => {
    await person('coder');
    const ip = '192.0.2.30';
    await lockFrom(ip, 'coder@example.com');
    const sent = await request('GET', '/uac-api/captcha/getCode?account=coder@example.com&scene=login', { ip });
    expect(sent.body.code, sent.body.msg).toBe(0);
    const code = delivery.last('coder@example.com')!.code;
    const withCode = await signInFrom(ip, { grant_type: 'code', account: 'coder@example.com', code });
    expect(withCode.body.code, withCode.body.msg).toBe(0);
    const after = await password(ip, 'coder@example.com', 'right_2026', { solveCaptcha: false });
    expect(after.body.code, after.body.msg).toBe(0);
  });

  it('lets administrators lift a lock, and nobody else', async () => {
    await person('stuck');
    await person('bystander');
    const lockedIp = '192.0.2.40';
    await lockFrom(lockedIp, 'stuck@example.com');
    const owner = (await password('192.0.2.41', 'stuck@example.com', 'right_2026')).body.token as string;
    const other = (await password('192.0.2.42', 'bystander@example.com', 'right_2026')).body.token as string;
    const admin = (await password('192.0.2.43', 'admin@kerf.local', 'admin_2026')).body.token as string;
    expect([owner, other, admin].every(Boolean)).toBe(true);
    const body = { account: 'stuck@example.com' };

    const anonymous = await request('POST', UNLOCK, { body });
    expect(anonymous.status).toBe(401);
    const byOther = await request('POST', UNLOCK, { token: other, body });
    expect(byOther.status).toBe(403);
    const byOwner = await request('POST', UNLOCK, { token: owner, body });
    expect(byOwner.status).toBe(403);
    expect((await password(lockedIp, 'stuck@example.com', 'right_2026')).status).toBe(423);

    const unknown = await request('POST', UNLOCK, { token: admin, body: { account: 'nobody@example.com' } });
    expect(unknown.status).toBe(404);
    const byAdmin = await request('POST', UNLOCK, { token: admin, body, lang: 'en' });
    expect(byAdmin.body).toEqual({ code: 0, msg: 'Sign-in lock lifted', data: null });
    const after = await password(lockedIp, 'stuck@example.com', 'right_2026', { solveCaptcha: false });
    expect(after.body.code, after.body.msg).toBe(0);

    const doc = (await app.inject({ method: 'GET', url: '/cloud-api/docs/json' })).json() as Json;
    expect(doc.paths[UNLOCK].post.summary).toMatch(/administrators/);
  });

  it('cuts off a sign-in spray over many accounts from one address after ten accounts', async () => {
    await person('sprayed');
    const ip = '203.0.113.30';
    const statuses: number[] = [];
    let refusal: Json;
    for (let i = 0; i < 30; i++) {
      // Every picture is solved: the limit must not rest on the captcha.
      const res = await password(ip, `spray${i}@example.com`, 'guess_2026', { lang: 'en' });
      statuses.push(res.status);
      if (res.status === 429) refusal ??= res.body;
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(refusal).toEqual({
      code: 429,
      msg: 'Too many failed sign-ins from your network; try again in 15 min',
      data: null,
    });
    const zh = await password(ip, 'sprayed@example.com', 'right_2026');
    expect(zh.body.msg).toBe('当前网络登录失败次数过多，请15分钟后再试');
    // Another address is not affected.
    const elsewhere = await password('203.0.113.31', 'sprayed@example.com', 'right_2026');
    expect(elsewhere.body.code, elsewhere.body.msg).toBe(0);
  });

  it('opens a safety valve when failures flood in from many addresses', async () => {
    const valve = (await startApp({ LOGIN_FAILURES_PER_MINUTE: '5' })).app;
    await person('valve');
    for (let i = 1; i <= 5; i++) {
      const res = await password(`198.18.0.${i}`, `flood${i}@example.com`, 'guess_2026', { on: valve });
      expect(res.status).toBe(400);
    }
    // An address that failed lately is turned away while the valve is open, even with the right password...
    const failedBefore = await password('198.18.0.1', 'valve@example.com', 'right_2026', { on: valve, lang: 'en' });
    expect(failedBefore.status).toBe(429);
    expect(failedBefore.body.msg).toBe(
      'Too many failed sign-ins right now, so sign-in is limited for a while; please try again later',
    );
    // ...while anyone else still signs in, with the image captcha.
    const noCaptcha = await password('198.18.0.9', 'valve@example.com', 'right_2026', {
      on: valve,
      solveCaptcha: false,
    });
    expect(noCaptcha.body).toEqual({ code: 400, msg: '请输入图形验证码', data: { captchaRequired: true } });
    const withCaptcha = await password('198.18.0.9', 'valve@example.com', 'right_2026', { on: valve });
    expect(withCaptcha.body.code, withCaptcha.body.msg).toBe(0);
  });

  it.skipIf(name !== 'redis')('shares locks and their lifting between two instances', async () => {
    // A second instance with its own connection to the same Redis keys.
    const twin = (await startApp({}, mainPrefix)).app;
    await person('twin');
    await person('twinadmin');
    const ip = '192.0.2.60';
    await lockFrom(ip, 'twin@example.com', twin);
    expect((await password(ip, 'twin@example.com', 'right_2026')).status).toBe(423);
    expect((await password('192.0.2.61', 'twin@example.com', 'right_2026', { on: twin })).body.code).toBe(0);
    const admin = (await password('192.0.2.62', 'admin@kerf.local', 'admin_2026', { on: twin })).body.token;
    const lifted = await request('POST', UNLOCK, { token: admin, body: { account: 'twin@example.com' } });
    expect(lifted.body.code).toBe(0);
    const after = await password(ip, 'twin@example.com', 'right_2026', { on: twin, solveCaptcha: false });
    expect(after.body.code, after.body.msg).toBe(0);
  });
});

/** Binding a chat-app identity to an account by its password is a sign-in attempt, held to the same limits. */
describe('chat-app binding by password', () => {
  const [database] = testDatabases.slice(-1);
  let db: Awaited<ReturnType<NonNullable<typeof database>['open']>>;
  let app: FastifyInstance;
  let provider: Awaited<ReturnType<typeof startFakeWechat>>;
  const delivery = new RecordingDelivery();

  beforeAll(async () => {
    provider = await startFakeWechat('wx-app', 'wx-secret');
    db = await database!.open();
    app = await testApp(db, {
      delivery,
      env: {
        PUBLIC_URL: 'https://kerf.example.com',
        WECHAT_APP_ID: 'wx-app',
        WECHAT_APP_SECRET: 'wx-secret',
        WECHAT_AUTHORIZE_URL: provider.authorizeUrl,
        WECHAT_API_URL: provider.apiUrl,
      },
    });
    const accounts = new AccountService({
      users: new UserRepository(db.db),
      codes: new VerificationCodeService(new MemoryCache()),
      delivery,
      configs: new ConfigService(new ConfigRepository(db.db)),
    });
    await accounts.createUser({ account: { kind: 'email', value: 'binder@example.com' }, password: 'right_2026' });
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
    await provider.stop();
  });

  const post = async (url: string, ip: string, body: Record<string, string>) => {
    const res = await app.inject({ method: 'POST', url, remoteAddress: ip, payload: body });
    return { status: res.statusCode, body: res.json() as Json };
  };

  it('shuts the guessing address out after ten wrong passwords, for binding and signing in alike', async () => {
    provider.scanAs({ openid: 'o-guess', nickname: 'Guesser', headimgurl: '' });
    const started = await app.inject({ url: '/uac-api/oauth2/wx_authorize_url?purpose=login' });
    const scan = await provider.scan(started.json().data.url);
    const exchanged = await app.inject({
      url: `/uac-api/oauth2/wx_token?code=${scan.code}&state=${encodeURIComponent(scan.state)}`,
    });
    const { ticket } = exchanged.json().data;
    const ip = '198.51.100.90';
    const bind = (password: string, from = ip) =>
      post('/uac-api/oauth2/wx_bind', from, { ticket, mode: 'existing', account: 'binder@example.com', password });

    for (let i = 0; i < 9; i++) expect((await bind(`wrong_${i}00`)).body.msg).toBe('账号或密码错误');
    const tenth = await bind('wrong_900');
    expect(tenth.status).toBe(423);
    expect(tenth.body.msg).toBe(LOCKED_ZH);
    expect((await bind('right_2026')).status).toBe(423);
    const signIn = await post('/uac-api/oauth2/access_token', ip, {
      ...WEB_CLIENT,
      grant_type: 'password',
      account: 'binder@example.com',
      password: 'right_2026',
    });
    expect(signIn.status).toBe(423);
    // The account holder, elsewhere, binds with the right password.
    const owner = await bind('right_2026', '192.0.2.90');
    expect(owner.body.code, owner.body.msg).toBe(0);
  });
});
