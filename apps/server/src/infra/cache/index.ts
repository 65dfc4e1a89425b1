import type { Cache } from './cache.js';
import { MemoryCache } from './memory-cache.js';

export type { Cache } from './cache.js';

export async function createCache(redisUrl: string | undefined): Promise<Cache> {
  if (!redisUrl) return new MemoryCache();
  // Loaded only when configured: ioredis adds about 10 MB to a single server.
  const { RedisCache } = await import('./redis-cache.js');
  return new RedisCache(redisUrl);
}
