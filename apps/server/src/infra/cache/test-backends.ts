import { randomUUID } from 'node:crypto';
import type { Cache } from './cache.js';
import { MemoryCache } from './memory-cache.js';
import { RedisCache } from './redis-cache.js';

/**
 * For tests: the cache backends to run a suite on, by name. Memory always; Redis too when
 * TEST_REDIS_URL is set, each cache under a fresh key prefix so suites never see each other's keys.
 */
export const cacheBackends: Array<[string, () => Cache]> = [
  ['memory', () => new MemoryCache()],
  ...(process.env.TEST_REDIS_URL
    ? [
        ['redis', () => new RedisCache(process.env.TEST_REDIS_URL!, `kerf-test:${randomUUID()}:`)] as [
          string,
          () => Cache,
        ],
      ]
    : []),
];
