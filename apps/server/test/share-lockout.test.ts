import { randomUUID } from 'node:crypto';
import { SHARE_LIMITS, SHARE_PATHS } from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCache } from '../src/infra/cache/redis-cache.js';
import type { Json } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;
const API = '/cloud-api';

/** A visitor's lockout on a share, and the owner's lifting of it, seen alike by two instances on one Redis. */
describe.skipIf(!redisUrl)('share lockouts on two instances sharing Redis', () => {
  const [database] = testDatabases.slice(-1);
  let db: Awaited<ReturnType<NonNullable<typeof database>['open']>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const caches: RedisCache[] = [];
  const delivery = new RecordingDelivery();
  const people = drivePeople(() => a, delivery);

  beforeAll(async () => {
    db = await database!.open();
    const prefix = `kerf-test:${randomUUID()}:`;
    caches.push(new RedisCache(redisUrl!, prefix), new RedisCache(redisUrl!, prefix));
    const env = { SESSION_CHECK_CACHE_MS: '0' };
    a = await testApp(db, { cache: caches[0], delivery, env });
    b = await testApp(db, { cache: caches[1], delivery, env });
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await Promise.all(caches.map((c) => c.close()));
    await db.dispose();
  });

  const send = async (
    app: FastifyInstance,
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string; body?: Record<string, unknown>; ip?: string } = {},
  ) => {
    const res = await app.inject({
      method,
      url: `${API}${url}`,
      remoteAddress: options.ip ?? '198.51.100.1',
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.body ? { payload: options.body } : {}),
    });
    return { status: res.statusCode, body: res.json() as Json };
  };

  it('shuts out only the guessing visitor, on both instances, until the owner lifts it on either', async () => {
    const owner = await people.join('sharer');
    const folderId = await people.folder(owner, 'Drawings');
    const made = (
      await send(a, 'POST', SHARE_PATHS.create, {
        token: owner,
        body: { endTime: new Date(Date.now() + 3_600_000).toISOString(), shareType: 1, files: folderId },
      })
    ).body.data as { shareBatchNum: string; extractionCode: string };
    const check = (app: FastifyInstance, ip: string, extractionCode: string) =>
      send(app, 'POST', SHARE_PATHS.checkCode, { ip, body: { shareBatchNum: made.shareBatchNum, extractionCode } });
    const wrong = made.extractionCode === 'zzzzzz' ? 'yyyyyy' : 'zzzzzz';

    const guesser = '203.0.113.70';
    for (let i = 0; i < SHARE_LIMITS.failuresPerShare - 1; i++) {
      expect((await check(i % 2 ? a : b, guesser, wrong)).status).toBe(403);
    }
    expect((await check(a, guesser, wrong)).status).toBe(423);
    expect((await check(b, guesser, made.extractionCode)).status).toBe(423);
    expect((await check(b, '203.0.113.71', made.extractionCode)).body.code).toBe(0);

    const mine = await send(b, 'GET', SHARE_PATHS.mine, { token: owner });
    const batch = mine.body.data.list.find((x: Json) => x.shareBatchNum === made.shareBatchNum);
    expect(new Date(batch.lockedUntil).getTime()).toBeGreaterThan(Date.now());
    const lifted = await send(a, 'POST', SHARE_PATHS.unlock, {
      token: owner,
      body: { shareBatchNum: made.shareBatchNum },
    });
    expect(lifted.body.code).toBe(0);
    expect((await check(b, guesser, made.extractionCode)).body.code).toBe(0);
  });
});
