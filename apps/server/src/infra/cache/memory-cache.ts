import type { Cache } from './cache.js';

interface Entry {
  value: string;
  expiresAt: number;
}

/** The single-instance cache: a Map with lazy expiry and a periodic sweep so it cannot grow unbounded. */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = Date.now,
    sweepEveryMs = 60_000,
  ) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep() {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number) {
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    return true;
  }

  async delete(key: string) {
    this.entries.delete(key);
  }

  async increment(key: string, ttlMs: number) {
    const entry = this.live(key);
    const next = (entry ? Number(entry.value) || 0 : 0) + 1;
    this.entries.set(key, { value: String(next), expiresAt: entry?.expiresAt ?? this.now() + ttlMs });
    return next;
  }

  async ttl(key: string) {
    const entry = this.live(key);
    return entry ? entry.expiresAt - this.now() : null;
  }

  async check() {
    return { status: 'up' as const };
  }

  async close() {
    clearInterval(this.sweeper);
    this.entries.clear();
  }
}
