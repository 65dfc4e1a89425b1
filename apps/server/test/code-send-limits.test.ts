import { randomUUID } from 'node:crypto';
import {
  accountMessages,
  CODE_SENDS_BEFORE_CAPTCHA,
  CODE_SENDS_PER_CLIENT_HOUR,
  CODE_SENDS_PER_RECIPIENT_DAY,
} from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cache } from '../src/infra/cache/cache.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { RedisCache } from '../src/infra/cache/redis-cache.js';
import type { Json } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { RecordingDelivery, testApp } from './test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** The shipped limits (the contract's defaults), not the out-of-reach ones other suites run with. */
const SHIPPED_LIMITS = {
  CODE_SENDS_BEFORE_CAPTCHA: String(CODE_SENDS_BEFORE_CAPTCHA),
  CODE_SENDS_PER_CLIENT_HOUR: String(CODE_SENDS_PER_CLIENT_HOUR),
  CODE_SENDS_PER_RECIPIENT_DAY: String(CODE_SENDS_PER_RECIPIENT_DAY),
  CODE_SENDS_PER_HOUR: '1000',
};

interface Setup {
  /** Two instances: the same app twice in memory, two apps on one Redis (requests alternate). */
  instances: [FastifyInstance, FastifyInstance];
  cache: Cache;
  delivery: RecordingDelivery;
}

let clientSeq = 0;
/** A fresh client address per test, so tests do not share a client's allowance. */
function newClient() {
  clientSeq += 1;
  return `198.51.${Math.floor(clientSeq / 250)}.${(clientSeq % 250) + 1}`;
}

let mailSeq = 0;
function newAddress(label: string) {
  mailSeq += 1;
  return `${label}-${mailSeq}-${randomUUID().slice(0, 8)}@limits.example.com`;
}

async function getCode(
  app: FastifyInstance,
  client: string,
  account: string,
  options: { uuid?: string; captcha?: string; lang?: string; scene?: string } = {},
) {
  const query = new URLSearchParams({ account, scene: options.scene ?? 'register' });
  if (options.uuid) query.set('uuid', options.uuid);
  if (options.captcha !== undefined) query.set('captcha', options.captcha);
  const res = await app.inject({
    method: 'GET',
    url: `/uac-api/captcha/getCode?${query}`,
    remoteAddress: client,
    headers: options.lang ? { 'accept-language': options.lang } : {},
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/** A new captcha and, read from the server's own cache, its answer: what a person reads off the picture. */
async function solvedCaptcha(setup: Setup) {
  const res = await setup.instances[1].inject({ method: 'GET', url: '/uac-api/captcha/image' });
  const { uuid } = (res.json() as Json).data as { uuid: string };
  const answer = await setup.cache.get(`captcha:${uuid}`);
  expect(answer).toMatch(/^[a-z0-9]{4}$/);
  return { uuid, answer: answer! };
}

/** "A minute passes" for one address: the one-a-minute resend window is closed by hand. */
async function minutePasses(cache: Cache, account: string, scene = 'register') {
  await cache.delete(`code:sent:${scene}:${account}`);
}

function limitSuite(name: string, open: (env: Record<string, string>) => Promise<Setup & { close(): Promise<void> }>) {
  describe(`verification code send limits (${name})`, () => {
    let setup: Setup & { close(): Promise<void> };
    beforeAll(async () => {
      setup = await open(SHIPPED_LIMITS);
    });
    afterAll(async () => {
      await setup.close();
    });

    it('cuts off a burst of 200 new addresses from one client after the first few', async () => {
      const client = newClient();
      const addresses = Array.from({ length: 200 }, () => newAddress('burst'));
      const answers = await Promise.all(
        addresses.map((address, i) => getCode(setup.instances[i % 2]!, client, address)),
      );
      const sent = answers.filter((a) => a.body.code === 0);
      expect(sent).toHaveLength(CODE_SENDS_BEFORE_CAPTCHA);
      const delivered = setup.delivery.sent.filter((m) => addresses.includes(m.to));
      expect(delivered).toHaveLength(CODE_SENDS_BEFORE_CAPTCHA);
      const refused = answers.filter((a) => a.body.code !== 0);
      expect(refused.every((a) => a.status === 400 || a.status === 429)).toBe(true);
      expect(refused.filter((a) => a.status === 400).every((a) => a.body.data?.captchaRequired === true)).toBe(true);
      // the hourly cap holds even for a client that solves every captcha
      expect(refused.filter((a) => a.body.msg === accountMessages.codeClientLimit['zh-CN']).length).toBeGreaterThan(0);

      // another client is not affected
      const other = await getCode(setup.instances[0], newClient(), newAddress('neighbour'));
      expect(other.body.code).toBe(0);
    });

    it('asks for the captcha after the first few sends and accepts it only when right, once', async () => {
      const client = newClient();
      for (let i = 0; i < CODE_SENDS_BEFORE_CAPTCHA; i++) {
        expect((await getCode(setup.instances[i % 2]!, client, newAddress('few'))).body.code).toBe(0);
      }
      const address = newAddress('asked');
      const asked = await getCode(setup.instances[0], client, address, { lang: 'en' });
      expect(asked.status).toBe(400);
      expect(asked.body).toMatchObject({ msg: accountMessages.captchaRequired.en, data: { captchaRequired: true } });

      const captcha = await solvedCaptcha(setup);
      const wrong = captcha.answer === 'aaaa' ? 'cccc' : 'aaaa';
      const refused = await getCode(setup.instances[1], client, address, { uuid: captcha.uuid, captcha: wrong });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        msg: accountMessages.captchaWrong['zh-CN'],
        data: { captchaRequired: true },
      });
      // a captcha is spent by a wrong answer: the right one no longer works with it
      const late = await getCode(setup.instances[0], client, address, {
        uuid: captcha.uuid,
        captcha: captcha.answer,
      });
      expect(late.body.msg).toBe(accountMessages.captchaWrong['zh-CN']);
      expect(setup.delivery.last(address)).toBeUndefined();

      const fresh = await solvedCaptcha(setup);
      const accepted = await getCode(setup.instances[1], client, address, {
        uuid: fresh.uuid,
        captcha: fresh.answer.toUpperCase(),
      });
      expect(accepted.body.code).toBe(0);
      expect(setup.delivery.last(address)?.code).toMatch(/^\d{6}$/);
      // and once only
      const again = await getCode(setup.instances[0], client, newAddress('again'), {
        uuid: fresh.uuid,
        captcha: fresh.answer,
      });
      expect(again.body.msg).toBe(accountMessages.captchaWrong['zh-CN']);
    });

    it('refuses a client past its hourly cap, right captcha or not', async () => {
      const client = newClient();
      for (let i = 0; i < CODE_SENDS_PER_CLIENT_HOUR; i++) {
        const captcha = i < CODE_SENDS_BEFORE_CAPTCHA ? undefined : await solvedCaptcha(setup);
        const res = await getCode(setup.instances[i % 2]!, client, newAddress('cap'), {
          uuid: captcha?.uuid,
          captcha: captcha?.answer,
        });
        expect(res.body.code).toBe(0);
      }
      const captcha = await solvedCaptcha(setup);
      const over = await getCode(setup.instances[0], client, newAddress('over'), {
        uuid: captcha.uuid,
        captcha: captcha.answer,
        lang: 'en',
      });
      expect(over.status).toBe(429);
      expect(over.body.msg).toBe(accountMessages.codeClientLimit.en);
      expect(over.body.data.retryAfterSeconds).toBeGreaterThan(60);
    });

    it('sends one address at most its daily number of codes, from however many clients', async () => {
      const address = newAddress('daily');
      for (let i = 0; i < CODE_SENDS_PER_RECIPIENT_DAY; i++) {
        expect((await getCode(setup.instances[i % 2]!, newClient(), address)).body.code).toBe(0);
        await minutePasses(setup.cache, address);
      }
      const over = await getCode(setup.instances[0], newClient(), address);
      expect(over.status).toBe(429);
      expect(over.body.msg).toBe(accountMessages.codeRecipientLimit['zh-CN']);
      expect(setup.delivery.sent.filter((m) => m.to === address)).toHaveLength(CODE_SENDS_PER_RECIPIENT_DAY);
      // other scenes count against the same day
      const otherScene = await getCode(setup.instances[1], newClient(), address, { scene: 'bind' });
      expect(otherScene.body.msg).toBe(accountMessages.codeRecipientLimit['zh-CN']);

      // a double click within the minute is refused as too soon and does not use up the day
      const careful = newAddress('careful');
      const client = newClient();
      expect((await getCode(setup.instances[0], client, careful)).body.code).toBe(0);
      const tooSoon = await getCode(setup.instances[1], newClient(), careful);
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body.data.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(await setup.cache.get(`codesend:to:${careful}`)).toBe('1');
    });

    it('counts IPv6 clients by their /64 network, so rotating the host part does not help', async () => {
      for (let i = 1; i <= CODE_SENDS_BEFORE_CAPTCHA; i++) {
        const host = `2001:db8:77:1::${i.toString(16)}`;
        expect((await getCode(setup.instances[i % 2]!, host, newAddress('v6'))).body.code).toBe(0);
      }
      const rotated = await getCode(setup.instances[0], '2001:db8:77:1:ffff::1', newAddress('v6'));
      expect(rotated.body.data).toEqual({ captchaRequired: true });
      const elsewhere = await getCode(setup.instances[1], '2001:db8:77:2::1', newAddress('v6'));
      expect(elsewhere.body.code).toBe(0);
    });
  });

  describe(`verification code global cap (${name})`, () => {
    let setup: Setup & { close(): Promise<void> };
    beforeAll(async () => {
      setup = await open({ ...SHIPPED_LIMITS, CODE_SENDS_PER_HOUR: '5' });
    });
    afterAll(async () => {
      await setup.close();
    });

    it('stops all sends past the hourly total, from any client to any address', async () => {
      const addresses = Array.from({ length: 7 }, () => newAddress('global'));
      const answers = [];
      for (const [i, address] of addresses.entries()) {
        answers.push(await getCode(setup.instances[i % 2]!, newClient(), address, { lang: 'en' }));
      }
      expect(answers.slice(0, 5).map((a) => a.body.code)).toEqual([0, 0, 0, 0, 0]);
      for (const over of answers.slice(5)) {
        expect(over.status).toBe(429);
        expect(over.body.msg).toBe(accountMessages.codeServiceBusy.en);
      }
      expect(setup.delivery.sent.filter((m) => addresses.includes(m.to))).toHaveLength(5);
    });
  });
}

limitSuite('in memory', async (env) => {
  const db = await testDatabases[0]!.open();
  const cache = new MemoryCache();
  const delivery = new RecordingDelivery();
  const app = await testApp(db, { cache, delivery, env });
  return {
    instances: [app, app],
    cache,
    delivery,
    async close() {
      await app.close();
      await db.dispose();
    },
  };
});

if (redisUrl) {
  limitSuite('two instances on Redis', async (env) => {
    const db = await testDatabases.at(-1)!.open();
    const prefix = `kerf-test:${randomUUID()}:`;
    const caches = [new RedisCache(redisUrl, prefix), new RedisCache(redisUrl, prefix)];
    const delivery = new RecordingDelivery();
    const a = await testApp(db, { cache: caches[0], delivery, env });
    const b = await testApp(db, { cache: caches[1], delivery, env });
    return {
      instances: [a, b],
      cache: caches[0]!,
      delivery,
      async close() {
        await Promise.all([a.close(), b.close()]);
        await Promise.all(caches.map((c) => c.close()));
        await db.dispose();
      },
    };
  });
}
