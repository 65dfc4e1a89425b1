import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCache } from '../src/infra/cache/redis-cache.js';
import { call, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { RecordingDelivery, testApp } from './test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two server instances on one database and one Redis must behave as one (ARCHITECTURE). */
describe.skipIf(!redisUrl)('two instances sharing Redis', () => {
  const [database] = testDatabases.slice(-1);
  let db: Awaited<ReturnType<NonNullable<typeof database>['open']>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const caches: RedisCache[] = [];
  const delivery = new RecordingDelivery();

  beforeAll(async () => {
    db = await database!.open();
    const prefix = `kerf-test:${randomUUID()}:`;
    caches.push(new RedisCache(redisUrl!, prefix), new RedisCache(redisUrl!, prefix));
    // As configured with REDIS_URL: each instance trusts a token it checked a moment ago (5 s), and
    // still sees at once a session ended on the other.
    a = await testApp(db, { cache: caches[0], delivery });
    b = await testApp(db, { cache: caches[1], delivery });
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await Promise.all(caches.map((c) => c.close()));
    await db.dispose();
  });

  it('shares verification codes, the resend window, sign-in failures, sessions and the duplicate window', async () => {
    await call(a, 'GET', '/uac-api/captcha/getCode?account=twin@example.com&scene=register');
    const code = delivery.last('twin@example.com')!.code;
    expect((await call(b, 'GET', '/uac-api/captcha/getCode?account=twin@example.com&scene=register')).status).toBe(429);
    const made = await call(b, 'POST', '/uac-api/register/user/info', {
      body: { account: 'twin@example.com', password: 'twin_123', code },
    });
    expect(made.body.code).toBe(0);

    for (let i = 0; i < 3; i++) {
      await signIn(i % 2 ? a : b, { grant_type: 'password', account: 'twin@example.com', password: 'wrong_pw' });
    }
    const needsCaptcha = await signIn(a, { grant_type: 'password', account: 'twin@example.com', password: 'twin_123' });
    expect(needsCaptcha.body.data).toEqual({ captchaRequired: true });
    const image = (await call(b, 'GET', '/uac-api/captcha/image')).body.data;
    const answer = await caches[0]!.get(`captcha:${image.uuid}`);
    const ok = await signIn(a, {
      grant_type: 'password',
      account: 'twin@example.com',
      password: 'twin_123',
      uuid: image.uuid,
      code: answer!,
    });
    expect(ok.body.code).toBe(0);

    const body = { nickName: 'Twin' };
    expect((await call(a, 'PUT', '/uac-api/account/profile', { token: ok.body.token, body })).body.code).toBe(0);
    expect((await call(b, 'PUT', '/uac-api/account/profile', { token: ok.body.token, body })).status).toBe(429);
    expect((await call(b, 'GET', '/uac-api/logout', { token: ok.body.token })).body.code).toBe(0);
    expect((await call(a, 'GET', '/uac-api/oauth2/session', { token: ok.body.token })).body.code).toBe(422);
  });
});
