import type { Cache } from './cache.js';
import { MemoryCache } from './memory-cache.js';
import { RedisCache } from './redis-cache.js';

export type { Cache } from './cache.js';

export function createCache(redisUrl: string | undefined): Cache {
  return redisUrl ? new RedisCache(redisUrl) : new MemoryCache();
}
