import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { call, type Json, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { startFakeWechat } from './fake-wechat-provider.js';
import { RecordingDelivery, testApp } from './test-app.js';

describe.each(testDatabases)('chat-app sign-in on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  let provider: Awaited<ReturnType<typeof startFakeWechat>>;
  const cache = new MemoryCache();
  const delivery = new RecordingDelivery();

  const start = async (purpose = 'login', token?: string) => {
    const res = await call(app, 'GET', `/uac-api/oauth2/wx_authorize_url?purpose=${purpose}`, { token });
    expect(res.body.data.enabled).toBe(true);
    return provider.scan(res.body.data.url);
  };
  const exchange = (code: string, state: string, token?: string) =>
    call(app, 'GET', `/uac-api/oauth2/wx_token?code=${code}&state=${encodeURIComponent(state)}`, { token });
  const bindCode = async (account: string) => {
    await cache.delete(`code:sent:bind:${account}`);
    await call(app, 'GET', `/uac-api/captcha/getCode?account=${encodeURIComponent(account)}&scene=bind`);
    return delivery.last(account)!.code;
  };

  beforeAll(async () => {
    provider = await startFakeWechat('wx-app', 'wx-secret');
    db = await database.open();
    app = await testApp(db, {
      cache,
      delivery,
      env: {
        PUBLIC_URL: 'https://kerf.example.com',
        WECHAT_APP_ID: 'wx-app',
        WECHAT_APP_SECRET: 'wx-secret',
        WECHAT_AUTHORIZE_URL: provider.authorizeUrl,
        WECHAT_API_URL: provider.apiUrl,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
    await provider.stop();
  });

  it('sends the browser to the provider and back to the web callback', async () => {
    provider.scanAs({ openid: 'o-1', unionid: 'u-1', nickname: '激光小王', headimgurl: 'https://img.example/1.png' });
    const { redirect } = await start();
    expect(`${redirect.origin}${redirect.pathname}`).toBe('https://kerf.example.com/web/login/wechat');
  });

  it('binds a new account for an unknown chat-app user, then signs in directly next time', async () => {
    provider.scanAs({ openid: 'o-2', unionid: 'u-2', nickname: '雕刻师', headimgurl: 'https://img.example/2.png' });
    const first = await start();
    const unbound = await exchange(first.code, first.state);
    expect(unbound.body.data.profile).toEqual({ nickName: '雕刻师', avatar: 'https://img.example/2.png' });
    const ticket = unbound.body.data.ticket;
    expect((await signIn(app, { grant_type: 'wechat', ticket })).body.code).not.toBe(0);

    const wrong = await call(app, 'POST', '/uac-api/oauth2/wx_bind', {
      body: { ticket, mode: 'new', account: 'carver@example.com', code: '000000' },
    });
    expect(wrong.body.msg).toBe('验证码错误');
    const code = await bindCode('carver@example.com');
    const bound = await call(app, 'POST', '/uac-api/oauth2/wx_bind', {
      body: { ticket, mode: 'new', account: 'carver@example.com', code, password: 'carver_1' },
    });
    expect(bound.body.code).toBe(0);
    expect(bound.body.data.user_info.nickName).toBe('雕刻师');
    const perms = await call(app, 'POST', '/uac-api/oauth2/user_perms', { token: bound.body.data.token });
    expect(perms.body.data.user.email).toBe('carver@example.com');

    const second = await start();
    const direct = await exchange(second.code, second.state);
    expect(direct.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(direct.body.data.user_info.nickName).toBe('雕刻师');
    expect(
      (await signIn(app, { grant_type: 'password', account: 'carver@example.com', password: 'carver_1' })).body.code,
    ).toBe(0);
  });

  it('binds to an existing account by password, and from the account page while signed in', async () => {
    const code = await (async () => {
      await call(app, 'GET', '/uac-api/captcha/getCode?account=maker@example.com&scene=register');
      return delivery.last('maker@example.com')!.code;
    })();
    await call(app, 'POST', '/uac-api/register/user/info', {
      body: { account: 'maker@example.com', password: 'maker_01', code },
    });
    provider.scanAs({ openid: 'o-3', nickname: 'Maker', headimgurl: '' });
    const scan = await start();
    const { ticket } = (await exchange(scan.code, scan.state)).body.data;
    const badPw = await call(app, 'POST', '/uac-api/oauth2/wx_bind', {
      body: { ticket, mode: 'existing', account: 'maker@example.com', password: 'nope_123' },
    });
    expect(badPw.body.msg).toBe('账号或密码错误');
    const ok = await call(app, 'POST', '/uac-api/oauth2/wx_bind', {
      body: { ticket, mode: 'existing', account: 'maker@example.com', password: 'maker_01' },
    });
    expect(ok.body.code).toBe(0);
    const token = ok.body.data.token;
    const profile = (await call(app, 'GET', '/uac-api/account/profile', { token })).body.data;
    expect(profile.bindings.wechat).toEqual({ nickName: 'Maker', avatar: null });
    expect(profile.wechatEnabled).toBe(true);

    // From the account page: unbind, then bind a different chat-app account while signed in.
    expect((await call(app, 'DELETE', '/uac-api/account/bind?kind=wechat', { token })).body.code).toBe(0);
    provider.scanAs({ openid: 'o-4', nickname: 'Maker 2', headimgurl: '' });
    expect((await call(app, 'GET', '/uac-api/oauth2/wx_authorize_url?purpose=bind')).status).toBe(401);
    const bindScan = await start('bind', token);
    expect((await exchange(bindScan.code, bindScan.state)).status).toBe(401);
    const linkedScan = await start('bind', token);
    const linked = await exchange(linkedScan.code, linkedScan.state, token);
    expect(linked.body.data).toEqual({ bound: true });
    expect((await call(app, 'GET', '/uac-api/account/profile', { token })).body.data.bindings.wechat.nickName).toBe(
      'Maker 2',
    );
  });

  it('refuses a reused state, a forged state and a code the provider rejects', async () => {
    provider.scanAs({ openid: 'o-5', nickname: 'x', headimgurl: '' });
    const scan = await start();
    expect((await exchange(scan.code, scan.state)).body.code).toBe(0);
    const reused = await exchange(scan.code, scan.state);
    expect(reused.body).toMatchObject({ code: 400, msg: '微信登录已失效，请重新扫码' });
    expect((await exchange('anything', 'forged-state')).status).toBe(400);
    const fresh = await start();
    const badCode = await exchange('not-a-code', fresh.state);
    expect(badCode.body.msg).toBe('微信登录已失效，请重新扫码');
  });
});

describe('chat-app sign-in when not configured', () => {
  it('says it is off', async () => {
    const [database] = testDatabasesForOff();
    const db = await database!.open();
    const app = await testApp(db);
    try {
      const res = await call(app, 'GET', '/uac-api/oauth2/wx_authorize_url');
      expect(res.body.data).toEqual({ enabled: false } as Json);
      expect((await call(app, 'GET', '/uac-api/oauth2/wx_token?code=a&state=b')).status).toBe(404);
    } finally {
      await app.close();
      await db.dispose();
    }
  });
});

function testDatabasesForOff() {
  return testDatabases.slice(0, 1);
}
