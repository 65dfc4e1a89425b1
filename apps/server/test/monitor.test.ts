import { randomUUID } from 'node:crypto';
import { OPER_LOG_PATHS, SYSTEM_PATHS } from '@kerf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.js';
import { RedisCache } from '../src/infra/cache/redis-cache.js';
import { hashToken } from '../src/modules/auth/session.service.js';
import { bootstrapRootToken, call, type Json, joinWithRole, WEB_CLIENT } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { documentedRoutes } from './openapi-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const at = (path: string, sessionId = '') => `${API}${path.replace(':sessionId', sessionId)}`;
const redisUrl = process.env.TEST_REDIS_URL;
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const MONITOR_PERMISSIONS = [
  'monitor:logininfor:list',
  'monitor:logininfor:remove',
  'monitor:logininfor:export',
  'monitor:online:list',
  'monitor:online:forceLogout',
];

/** A password sign-in from a browser at an address; answers the envelope. */
async function signInFrom(
  app: FastifyInstance,
  who: string,
  password: string,
  from: { userAgent?: string; ip?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/uac-api/oauth2/access_token',
    remoteAddress: from.ip ?? '127.0.0.1',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(from.userAgent ? { 'user-agent': from.userAgent } : {}),
    },
    payload: new URLSearchParams({
      ...WEB_CLIENT,
      login_type: '2',
      grant_type: 'password',
      account: `${who}@example.com`,
      password,
    }).toString(),
  });
  return res.json() as Json;
}

/**
 * The sign-in log and the sessions online (RuoYi's monitor module): every attempt with its browser and
 * system, searched, cleaned and exported in the caller's language; the sessions in use now, any of
 * which staff may end at once.
 */
describe.each(testDatabases)('sign-in log and sessions online on $name', (database) => {
  const delivery = new RecordingDelivery();
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const people = drivePeople(() => app, delivery);
  let admin: string;
  let ada: string;
  let watcher: string;
  let reader: string;

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { delivery });
    admin = await bootstrapRootToken(app, db.db, delivery);
    ada = await people.join('ada');
    watcher = await joinWithRole(app, db.db, people, 'wes', MONITOR_PERMISSIONS);
    reader = await joinWithRole(app, db.db, people, 'rex', ['monitor:logininfor:list', 'monitor:online:list']);
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  const sessionOf = async (token: string) =>
    (
      await db.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    )[0]!;
  const logins = async (query: string, token = watcher) =>
    (await call(app, 'GET', `${at(SYSTEM_PATHS.loginLogs)}?${query}`, { token })).body.data as {
      list: Json[];
      total: number;
      capped: boolean;
    };
  const online = async (query: string, token = watcher) =>
    (await call(app, 'GET', `${at(SYSTEM_PATHS.online)}?${query}`, { token })).body.data as {
      list: Json[];
      total: number;
    };

  it('documents every monitor route in the OpenAPI document', () => {
    expect(documentedRoutes(app, /^\/cloud-api\/monitor\//)).toEqual(
      [
        'GET /cloud-api/monitor/logininfor/list',
        'DELETE /cloud-api/monitor/logininfor/clean',
        'GET /cloud-api/monitor/logininfor/export',
        'GET /cloud-api/monitor/online/list',
        'DELETE /cloud-api/monitor/online/{sessionId}',
      ].sort(),
    );
  });

  it('logs every attempt newest first, masked, with browser and system, searched by account, address, result and time', async () => {
    const before = new Date();
    const failed = await signInFrom(app, 'ada', 'wrong_01', { userAgent: FIREFOX_ON_WINDOWS, ip: '10.20.30.40' });
    expect(failed.code).not.toBe(0);
    const ok = await signInFrom(app, 'ada', 'drive_01', { userAgent: SAFARI_ON_IPHONE, ip: '10.20.30.41' });
    expect(ok.code).toBe(0);

    const mine = await logins('ip=10.20.30.4');
    expect(mine.list.map((l) => [l.ip, l.status, l.reason, l.browser, l.os])).toEqual([
      ['10.20.30.41', '0', '', 'Safari 17', 'iOS 17.5'],
      ['10.20.30.40', '1', 'bad-credentials', 'Firefox 133', 'Windows 10'],
    ]);
    expect(mine.list[0]).toMatchObject({ account: 'a***@example.com', nickName: 'ADA', grantType: 'password' });
    expect(mine.capped).toBe(false);

    // the account typed in full finds its person's attempts, not those of another with the same mask;
    // an account nobody has is found by its mask; part of the mask or of a name finds all that match
    await people.join('amy');
    await signInFrom(app, 'amy', 'drive_01', { ip: '10.20.30.50' });
    await signInFrom(app, 'anon', 'drive_01', { ip: '10.20.30.51' });
    expect((await logins('account=ada@example.com&ip=10.20.30')).list.map((l) => l.ip)).toEqual([
      '10.20.30.41',
      '10.20.30.40',
    ]);
    expect((await logins('account=ANON@example.com&ip=10.20.30')).list.map((l) => [l.ip, l.userId])).toEqual([
      ['10.20.30.51', null],
    ]);
    expect((await logins('account=a***@exam&ip=10.20.30')).total).toBe(4);
    // (a name's part with a letter beyond f: login names are kerf_ and random hex, which "ad" can be)
    expect((await logins('account=MY&ip=10.20.30')).list.map((l) => l.ip)).toEqual(['10.20.30.50']);
    expect((await logins('account=nobody@example.com')).total).toBe(0);
    expect((await logins('status=1&ip=10.20.30')).list.map((l) => l.ip)).toEqual(['10.20.30.51', '10.20.30.40']);
    expect((await logins(`status=0&ip=10.20.30.4&from=${before.toISOString()}`)).total).toBe(1);
    expect((await logins(`ip=10.20.30&to=${before.toISOString()}`)).total).toBe(0);
    // what the earlier sign-ins of the suite left (no user agent: a script)
    const scripted = (await logins('account=wes')).list[0];
    expect(scripted).toMatchObject({ browser: '', os: '', status: '0' });
  });

  it('exports the log as XLSX and CSV with headers in the caller’s language', async () => {
    const download = async (query: string, token = watcher) =>
      app.inject({
        method: 'GET',
        url: `${at(SYSTEM_PATHS.loginLogExport)}?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const csv = await download('format=csv&lang=en&ip=10.20.30.4');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="kerf-logininfor-.*\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Account,User,Method,Address,Browser,OS,Result,Detail');
    expect(lines.slice(1).map((l) => l.split(',').slice(1))).toEqual([
      ['a***@example.com', 'ADA', 'Password', '10.20.30.41', 'Safari 17', 'iOS 17.5', 'Success', 'Signed in'],
      [
        'a***@example.com',
        'ADA',
        'Password',
        '10.20.30.40',
        'Firefox 133',
        'Windows 10',
        'Failure',
        'Wrong account or password',
      ],
    ]);
    const zh = await download('format=csv&status=1&ip=10.20.30.4', watcher);
    expect(zh.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      '时间,账号,用户,登录方式,IP 地址,浏览器,操作系统,结果,说明',
    );
    expect(zh.body).toContain('账号或密码错误');
    const xlsx = await download('ip=10.20.30');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('lists the sessions in use now with person, address, browser and system; ended and idle ones are not', async () => {
    const phone = await signInFrom(app, 'ada', 'drive_01', { userAgent: SAFARI_ON_IPHONE, ip: '10.9.8.7' });
    const listed = await online('userName=ada', admin);
    const row = listed.list.find((s) => s.ip === '10.9.8.7');
    expect(row).toMatchObject({
      loginName: expect.any(String),
      nickName: 'ADA',
      loginType: expect.any(String),
      browser: 'Safari 17',
      os: 'iOS 17.5',
      current: false,
    });
    expect(row.sessionId).toBe((await sessionOf(phone.token)).id);
    expect((await online('ip=10.9.8', admin)).list.map((s) => s.sessionId)).toEqual([row.sessionId]);
    expect((await online('userName=nobody-here', admin)).total).toBe(0);
    // the caller's own session is marked
    const own = (await online('userName=wes')).list;
    expect(own.filter((s) => s.current).map((s) => s.sessionId)).toEqual([(await sessionOf(watcher)).id]);

    // signed out: gone; unused past the idle limit: gone too
    expect((await call(app, 'GET', '/uac-api/logout', { token: phone.token })).body.code).toBe(0);
    expect((await online('ip=10.9.8', admin)).total).toBe(0);
    const idle = await signInFrom(app, 'ada', 'drive_01', { ip: '10.9.8.8' });
    await db.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(sessions.id, (await sessionOf(idle.token)).id));
    expect((await online('ip=10.9.8', admin)).total).toBe(0);
  });

  it('forces a session out at once (401 with code 422), logs it as force, and refuses the caller’s own', async () => {
    const victim = await signInFrom(app, 'ada', 'drive_01', { ip: '10.7.7.7' });
    expect((await call(app, 'GET', '/uac-api/oauth2/session', { token: victim.token })).status).toBe(200);
    const { id } = await sessionOf(victim.token);
    const forced = await call(app, 'DELETE', at(SYSTEM_PATHS.onlineById, id), { token: watcher });
    expect([forced.status, forced.body.msg]).toEqual([200, '已强制退出']);
    const next = await call(app, 'GET', '/uac-api/oauth2/session', { token: victim.token });
    expect([next.status, next.body.code]).toEqual([401, 422]);
    expect((await online('ip=10.7.7', admin)).total).toBe(0);
    // ada's other sessions are untouched
    expect((await call(app, 'GET', '/uac-api/oauth2/session', { token: ada })).status).toBe(200);

    const again = await call(app, 'DELETE', at(SYSTEM_PATHS.onlineById, id), { token: watcher, lang: 'en' });
    expect([again.status, again.body.msg]).toEqual([404, 'That session does not exist or has already ended']);
    expect((await call(app, 'DELETE', at(SYSTEM_PATHS.onlineById, randomUUID()), { token: watcher })).status).toBe(404);
    const self = await call(app, 'DELETE', at(SYSTEM_PATHS.onlineById, (await sessionOf(watcher)).id), {
      token: watcher,
    });
    expect([self.status, self.body.msg]).toEqual([400, '不能强退当前会话，请使用退出登录']);

    const log = await call(app, 'GET', `${API}${OPER_LOG_PATHS.list}?businessType=force`, { token: admin });
    expect((log.body.data.list as Json[]).map((o) => [o.route, o.status])).toContainEqual([
      '/cloud-api/monitor/online/{sessionId}',
      '0',
    ]);
  });

  it('cleans the log (logged as clean); the next sign-in is the first entry', async () => {
    const cleaned = await call(app, 'DELETE', at(SYSTEM_PATHS.loginLogClean), { token: watcher });
    expect(cleaned.body.msg).toBe('删除成功');
    expect(cleaned.body.data.removed).toBeGreaterThan(3);
    expect((await logins('')).total).toBe(0);
    await signInFrom(app, 'ada', 'drive_01', { ip: '10.1.1.1' });
    expect((await logins('')).list.map((l) => l.ip)).toEqual(['10.1.1.1']);
    const log = await call(app, 'GET', `${API}${OPER_LOG_PATHS.list}?businessType=clean`, { token: admin });
    expect((log.body.data.list as Json[]).map((o) => o.route)).toContain('/cloud-api/monitor/logininfor/clean');
  });

  it('lets each caller do only what their permissions say: an access matrix over every route', async () => {
    const victimSession = async () =>
      (await sessionOf((await signInFrom(app, 'ada', 'drive_01', { ip: '10.3.3.3' })).token)).id;
    const routes: Array<[string, (token: string | undefined) => Promise<{ status: number }>]> = [
      ['log list', (t) => call(app, 'GET', at(SYSTEM_PATHS.loginLogs), { token: t })],
      ['log clean', (t) => call(app, 'DELETE', at(SYSTEM_PATHS.loginLogClean), { token: t })],
      [
        'log export',
        async (t) => {
          const res = await app.inject({
            method: 'GET',
            url: `${at(SYSTEM_PATHS.loginLogExport)}?format=csv`,
            headers: t ? { authorization: `Bearer ${t}` } : {},
          });
          return { status: res.statusCode };
        },
      ],
      ['online list', (t) => call(app, 'GET', at(SYSTEM_PATHS.online), { token: t })],
      [
        'force logout',
        async (t) => call(app, 'DELETE', at(SYSTEM_PATHS.onlineById, await victimSession()), { token: t }),
      ],
    ];
    const readOnly = new Set(['log list', 'online list']);
    for (const [name, run] of routes) {
      expect((await run(undefined)).status, `${name}: anonymous`).toBe(401);
      expect((await run(ada)).status, `${name}: a user without the permission`).toBe(403);
      expect((await run(reader)).status, `${name}: a user who may only read`).toBe(readOnly.has(name) ? 200 : 403);
      expect((await run(watcher)).status, `${name}: a user with the permission`).toBe(200);
      expect((await run(admin)).status, `${name}: admin`).toBe(200);
    }
  });
});

/** Two instances on one database and one Redis: a forced sign-out on one holds at once on the other. */
describe.skipIf(!redisUrl)('a session forced out on one of two instances', () => {
  const [database] = testDatabases.slice(-1);
  const delivery = new RecordingDelivery();
  let db: Awaited<ReturnType<NonNullable<typeof database>['open']>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const caches: RedisCache[] = [];
  const people = drivePeople(() => a, delivery);
  let admin: string;

  beforeAll(async () => {
    db = await database!.open();
    const prefix = `kerf-test:${randomUUID()}:`;
    caches.push(new RedisCache(redisUrl!, prefix), new RedisCache(redisUrl!, prefix));
    // each instance trusts a token it checked a moment ago (SESSION_CHECK_CACHE_MS, 5 s by default)
    a = await testApp(db, { cache: caches[0], delivery });
    b = await testApp(db, { cache: caches[1], delivery });
    admin = await bootstrapRootToken(a, db.db, delivery);
    await people.join('vic');
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await Promise.all(caches.map((c) => c.close()));
    await db.dispose();
  });

  it('is refused on the other instance at its very next call (401, code 422)', async () => {
    const victim = (await signInFrom(b, 'vic', 'drive_01', { ip: '10.5.5.5', userAgent: FIREFOX_ON_WINDOWS })).token;
    // B has checked the token and keeps it as checked
    expect(
      (await call(b, 'PUT', '/uac-api/account/profile', { token: victim, body: { nickName: 'Vic' } })).status,
    ).toBe(200);
    expect((await call(b, 'GET', '/uac-api/oauth2/session', { token: victim })).status).toBe(200);
    const listed = await call(a, 'GET', `${at(SYSTEM_PATHS.online)}?ip=10.5.5.5`, { token: admin });
    const [session] = listed.body.data.list as Json[];
    expect(session).toMatchObject({ nickName: 'Vic', browser: 'Firefox 133', os: 'Windows 10' });
    const forced = await call(a, 'DELETE', at(SYSTEM_PATHS.onlineById, session.sessionId), { token: admin });
    expect(forced.body.code).toBe(0);
    const next = await call(b, 'GET', '/uac-api/oauth2/session', { token: victim });
    expect([next.status, next.body.code]).toEqual([401, 422]);
    const write = await call(b, 'PUT', '/uac-api/account/profile', { token: victim, body: { nickName: 'Back' } });
    expect([write.status, write.body.code]).toEqual([401, 422]);
  });
});
