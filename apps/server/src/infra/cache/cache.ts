/**
 * Short-lived shared state: rate-limit counters, lockouts, verification codes, the duplicate-submit
 * window. In memory for one instance; Redis (REDIS_URL) so several instances share it. Values are
 * strings; every entry has a time to live.
 */
export interface Cache {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Stores the value only when the key is absent; true when this call stored it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Adds one; a new counter starts at 1 and lives ttlMs (later increments do not extend it). */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Milliseconds left, or null when the key is absent. */
  ttl(key: string): Promise<number | null>;
  check(): Promise<{ status: 'up' | 'down'; detail?: string }>;
  close(): Promise<void>;
}
