import { Redis } from 'ioredis';
import type { Cache } from './cache.js';

// Atomic: the first increment sets the expiry, later ones leave it alone.
const INCREMENT = `
local v = redis.call('INCR', KEYS[1])
if v == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return v`;

/** The shared cache for several instances; every key lives under one prefix. */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'kerf:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Connection trouble is reported by check() and by the failing call; do not crash the process.
    this.redis.on('error', () => undefined);
  }

  private k(key: string) {
    return this.prefix + key;
  }

  async get(key: string) {
    return this.redis.get(this.k(key));
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.redis.set(this.k(key), value, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.redis.set(this.k(key), value, 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK';
  }

  async delete(key: string) {
    await this.redis.del(this.k(key));
  }

  async increment(key: string, ttlMs: number) {
    return Number(await this.redis.eval(INCREMENT, 1, this.k(key), Math.max(1, Math.round(ttlMs))));
  }

  async ttl(key: string) {
    const ms = await this.redis.pttl(this.k(key));
    return ms < 0 ? null : ms;
  }

  async check() {
    try {
      await this.redis.ping();
      return { status: 'up' as const };
    } catch (err) {
      return { status: 'down' as const, detail: (err as Error).message };
    }
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
