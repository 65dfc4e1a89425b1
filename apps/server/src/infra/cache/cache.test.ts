import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisCache } from './redis-cache.js';
import { cacheBackends as backends } from './test-backends.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(backends)('%s cache', (_name, make) => {
  const cache = make();
  afterAll(() => cache.close());

  it('stores, reads and deletes with a time to live', async () => {
    await cache.set('a', '1', 10_000);
    expect(await cache.get('a')).toBe('1');
    const ttl = await cache.ttl('a');
    expect(ttl).toBeGreaterThan(9_000);
    expect(ttl).toBeLessThanOrEqual(10_000);
    await cache.delete('a');
    expect(await cache.get('a')).toBeNull();
    expect(await cache.ttl('a')).toBeNull();
  });

  it('forgets entries when they expire', async () => {
    await cache.set('short', 'x', 60);
    expect(await cache.get('short')).toBe('x');
    await sleep(120);
    expect(await cache.get('short')).toBeNull();
  });

  it('sets only when absent', async () => {
    expect(await cache.setIfAbsent('once', 'first', 10_000)).toBe(true);
    expect(await cache.setIfAbsent('once', 'second', 10_000)).toBe(false);
    expect(await cache.get('once')).toBe('first');
  });

  it('counts within a window that later increments do not extend', async () => {
    expect(await cache.increment('n', 150)).toBe(1);
    await sleep(80);
    expect(await cache.increment('n', 150)).toBe(2);
    await sleep(100);
    expect(await cache.increment('n', 150)).toBe(1);
  });

  it('counts concurrent increments exactly', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => cache.increment('burst', 10_000)));
    expect(results.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('reports up', async () => {
    expect((await cache.check()).status).toBe('up');
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('two instances on one Redis', () => {
  it('share counters and entries', async () => {
    const prefix = `kerf-test:${randomUUID()}:`;
    const a = new RedisCache(process.env.TEST_REDIS_URL!, prefix);
    const b = new RedisCache(process.env.TEST_REDIS_URL!, prefix);
    try {
      await a.increment('shared', 10_000);
      expect(await b.increment('shared', 10_000)).toBe(2);
      expect(await a.setIfAbsent('lock', 'a', 10_000)).toBe(true);
      expect(await b.setIfAbsent('lock', 'b', 10_000)).toBe(false);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
