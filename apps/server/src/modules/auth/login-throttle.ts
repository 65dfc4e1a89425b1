import type { Cache } from '../../infra/cache/cache.js';

/**
 * Limits on sign-in attempts, kept in the shared cache so every instance counts the same attempts.
 * Counters are keyed by the normalised account string, whether or not such an account exists, so the
 * answers never reveal which accounts are real.
 */
export const LOGIN_LIMITS = {
  /** Failures for one account within the window before the image captcha is required. */
  captchaAfterAccountFailures: 3,
  /** Failures from one IP within the window before the image captcha is required. */
  captchaAfterIpFailures: 20,
  failureWindowMs: 15 * 60_000,
  /** Failures for one account within the window that lock it. */
  lockAfterFailures: 10,
  lockMs: 15 * 60_000,
  /** Attempts per minute, successful or not. */
  attemptsPerMinutePerAccount: 20,
  attemptsPerMinutePerIp: 60,
} as const;

export type ThrottleVerdict =
  | { allowed: true; captchaRequired: boolean }
  | { allowed: false; reason: 'rate-limited' }
  | { allowed: false; reason: 'locked'; retryAfterMs: number };

export class LoginThrottle {
  constructor(
    private readonly cache: Cache,
    private readonly limits: typeof LOGIN_LIMITS = LOGIN_LIMITS,
  ) {}

  /** Counts this attempt and says whether it may proceed, and whether it needs the image captcha. */
  async admit(account: string, ip: string, alwaysCaptcha: boolean): Promise<ThrottleVerdict> {
    const lockLeft = await this.cache.ttl(`login:lock:${account}`);
    if (lockLeft !== null) return { allowed: false, reason: 'locked', retryAfterMs: lockLeft };
    const [perAccount, perIp] = await Promise.all([
      this.cache.increment(`login:rate:acct:${account}`, 60_000),
      this.cache.increment(`login:rate:ip:${ip}`, 60_000),
    ]);
    if (perAccount > this.limits.attemptsPerMinutePerAccount || perIp > this.limits.attemptsPerMinutePerIp) {
      return { allowed: false, reason: 'rate-limited' };
    }
    return { allowed: true, captchaRequired: alwaysCaptcha || (await this.captchaNeeded(account, ip)) };
  }

  async captchaNeeded(account: string, ip: string): Promise<boolean> {
    const [acct, fromIp] = await Promise.all([
      this.cache.get(`login:fail:acct:${account}`),
      this.cache.get(`login:fail:ip:${ip}`),
    ]);
    return (
      Number(acct ?? 0) >= this.limits.captchaAfterAccountFailures ||
      Number(fromIp ?? 0) >= this.limits.captchaAfterIpFailures
    );
  }

  /** Records a failure; returns the lock's length when this failure locked the account. */
  async failed(account: string, ip: string): Promise<{ lockedForMs: number } | null> {
    const [failures] = await Promise.all([
      this.cache.increment(`login:fail:acct:${account}`, this.limits.failureWindowMs),
      this.cache.increment(`login:fail:ip:${ip}`, this.limits.failureWindowMs),
    ]);
    if (failures >= this.limits.lockAfterFailures) {
      await this.cache.set(`login:lock:${account}`, '1', this.limits.lockMs);
      await this.cache.delete(`login:fail:acct:${account}`);
      return { lockedForMs: this.limits.lockMs };
    }
    return null;
  }

  async succeeded(account: string): Promise<void> {
    await this.cache.delete(`login:fail:acct:${account}`);
  }

  async unlock(account: string): Promise<void> {
    await Promise.all([this.cache.delete(`login:lock:${account}`), this.cache.delete(`login:fail:acct:${account}`)]);
  }
}
