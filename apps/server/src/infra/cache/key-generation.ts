import { randomUUID } from 'node:crypto';
import type { Cache } from './cache.js';

/** Long enough to outlive every key written under a generation (locks and windows last minutes). */
const GENERATION_LIFETIME_MS = 24 * 3_600_000;

/**
 * Lets a whole family of cache keys be dropped at once without listing them (the cache cannot scan):
 * keys name the family's current generation, and renewing the generation leaves the old keys unread
 * until they expire on their own. Used for locks kept per account and address, or per share and
 * visitor, that a reset, an owner or an administrator lifts in one go.
 */
export class KeyGenerations {
  constructor(
    private readonly cache: Cache,
    private readonly lifetimeMs = GENERATION_LIFETIME_MS,
  ) {}

  /** The family's current generation: '0' until it is first renewed. */
  async current(family: string): Promise<string> {
    return (await this.cache.get(`gen:${family}`)) ?? '0';
  }

  /** Starts a new generation; keys written under earlier ones are no longer read. */
  async renew(family: string): Promise<void> {
    await this.cache.set(`gen:${family}`, randomUUID(), this.lifetimeMs);
  }
}
