import { accountMessages, ResultCode } from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { Cache } from '../../infra/cache/cache.js';
import { KeyGenerations } from '../../infra/cache/key-generation.js';

/**
 * Limits on sign-in attempts, kept in the shared cache so every instance counts the same attempts.
 * Counters are keyed by the normalised account string, whether or not such an account exists, so the
 * answers never reveal which accounts are real.
 *
 * A lock shuts one address out of one account: failures from an attacker's address never lock the
 * owner out of their own. What one address may try over many accounts is limited apart from the
 * image captcha, and a safety valve over every address tightens sign-in when failures flood in.
 */
export const LOGIN_LIMITS = {
  /** Failures for one account (from any address) within the window before the image captcha is required. */
  captchaAfterAccountFailures: 3,
  /** Failures from one address within the window before the image captcha is required. */
  captchaAfterIpFailures: 20,
  failureWindowMs: 15 * 60_000,
  /** Failures for one account from one address within the window that shut that address out of it. */
  lockAfterFailures: 10,
  lockMs: 15 * 60_000,
  /** Failures from one address, over every account, within the window that turn the address away. */
  refuseAfterIpFailures: 30,
  /** Different accounts failed from one address within the window that turn the address away (a spray). */
  refuseAfterIpAccounts: 10,
  /**
   * Failed sign-ins per minute over every address that open the safety valve: while it is open every
   * password sign-in needs the image captcha and an address that has failed lately is turned away.
   */
  globalFailuresPerMinute: 300,
  /** Attempts per minute, successful or not. */
  attemptsPerMinutePerAccount: 20,
  attemptsPerMinutePerIp: 60,
};

export type LoginLimits = typeof LOGIN_LIMITS;

export type ThrottleVerdict =
  | { allowed: true; captchaRequired: boolean }
  | { allowed: false; reason: 'rate-limited' }
  /** Too many failures from this address for this account. */
  | { allowed: false; reason: 'locked'; retryAfterMs: number }
  /** Too many failures, or too many accounts failed, from this address. */
  | { allowed: false; reason: 'address-refused'; retryAfterMs: number }
  /** The safety valve is open and this address has failed lately. */
  | { allowed: false; reason: 'busy' };

const MINUTE = 60_000;

/** Whole minutes left, at least one, for the refusal messages. */
export function minutesOf(ms: number) {
  return Math.max(1, Math.ceil(ms / MINUTE));
}

/** What a refused attempt is told, wherever a password is checked. */
export function refusalOf(verdict: Extract<ThrottleVerdict, { allowed: false }>): AppError {
  switch (verdict.reason) {
    case 'locked':
      return new AppError(423, accountMessages.accountLocked, { code: 423, args: [minutesOf(verdict.retryAfterMs)] });
    case 'address-refused':
      return new AppError(429, accountMessages.addressRefused, {
        code: ResultCode.tooManyRequests,
        args: [minutesOf(verdict.retryAfterMs)],
      });
    case 'busy':
      return new AppError(429, accountMessages.loginBusy, { code: ResultCode.tooManyRequests });
    default:
      return new AppError(429, accountMessages.loginTooFrequent, { code: ResultCode.tooManyRequests });
  }
}

export class LoginThrottle {
  private readonly generations: KeyGenerations;

  constructor(
    private readonly cache: Cache,
    private readonly limits: LoginLimits = LOGIN_LIMITS,
  ) {
    this.generations = new KeyGenerations(cache);
  }

  /** The keys of one account from one address, under the account's current generation. */
  private async pairKeys(account: string, ip: string) {
    const generation = await this.generations.current(`login:${account}`);
    return {
      lock: `login:lock:${account}:${generation}:${ip}`,
      failures: `login:fail:pair:${account}:${generation}:${ip}`,
    };
  }

  /**
   * Counts this attempt and says whether it may proceed, and whether it needs the image captcha.
   * `honourLock: false` is for a one-time code, which proves the account holder and so passes the
   * lock on their address (the code's own tries are limited where codes are checked).
   */
  async admit(
    account: string,
    ip: string,
    options: { alwaysCaptcha: boolean; honourLock: boolean },
  ): Promise<ThrottleVerdict> {
    if (options.honourLock) {
      const lockLeft = await this.cache.ttl((await this.pairKeys(account, ip)).lock);
      if (lockLeft !== null) return { allowed: false, reason: 'locked', retryAfterMs: lockLeft };
    }
    const [ipFailures, ipAccounts, everyone] = await Promise.all([
      this.count(`login:fail:ip:${ip}`),
      this.count(`login:accounts:ip:${ip}`),
      this.count('login:fail:all'),
    ]);
    if (ipFailures >= this.limits.refuseAfterIpFailures || ipAccounts >= this.limits.refuseAfterIpAccounts) {
      const [a, b] = await Promise.all([
        this.cache.ttl(`login:fail:ip:${ip}`),
        this.cache.ttl(`login:accounts:ip:${ip}`),
      ]);
      return { allowed: false, reason: 'address-refused', retryAfterMs: Math.max(a ?? 0, b ?? 0, 1) };
    }
    const valveOpen = everyone >= this.limits.globalFailuresPerMinute;
    if (valveOpen && ipFailures > 0) return { allowed: false, reason: 'busy' };
    const [perAccount, perIp] = await Promise.all([
      this.cache.increment(`login:rate:acct:${account}`, MINUTE),
      this.cache.increment(`login:rate:ip:${ip}`, MINUTE),
    ]);
    if (perAccount > this.limits.attemptsPerMinutePerAccount || perIp > this.limits.attemptsPerMinutePerIp) {
      return { allowed: false, reason: 'rate-limited' };
    }
    const captchaRequired = options.alwaysCaptcha || valveOpen || (await this.captchaNeeded(account, ip));
    return { allowed: true, captchaRequired };
  }

  async captchaNeeded(account: string, ip: string): Promise<boolean> {
    const [forAccount, fromIp] = await Promise.all([
      this.count(`login:fail:acct:${account}`),
      this.count(`login:fail:ip:${ip}`),
    ]);
    return forAccount >= this.limits.captchaAfterAccountFailures || fromIp >= this.limits.captchaAfterIpFailures;
  }

  /** Records a failure; returns the lock's length when this failure shut the address out of the account. */
  async failed(account: string, ip: string): Promise<{ lockedForMs: number } | null> {
    const { failures: pairKey, lock } = await this.pairKeys(account, ip);
    const window = this.limits.failureWindowMs;
    const [pairFailures, firstForAccount] = await Promise.all([
      this.cache.increment(pairKey, window),
      // Each account counts once towards the address's spread of accounts.
      this.cache.setIfAbsent(`login:seen:${ip}:${account}`, '1', window),
      this.cache.increment(`login:fail:acct:${account}`, window),
      this.cache.increment(`login:fail:ip:${ip}`, window),
      this.cache.increment('login:fail:all', MINUTE),
    ]);
    if (firstForAccount) await this.cache.increment(`login:accounts:ip:${ip}`, window);
    if (pairFailures >= this.limits.lockAfterFailures) {
      await this.cache.set(lock, '1', this.limits.lockMs);
      await this.cache.delete(pairKey);
      return { lockedForMs: this.limits.lockMs };
    }
    return null;
  }

  async succeeded(account: string, ip: string): Promise<void> {
    const { failures } = await this.pairKeys(account, ip);
    await Promise.all([this.cache.delete(`login:fail:acct:${account}`), this.cache.delete(failures)]);
  }

  /** Lifts every lock on the account, from every address, and forgets its failures. */
  async unlock(account: string): Promise<void> {
    await Promise.all([this.generations.renew(`login:${account}`), this.cache.delete(`login:fail:acct:${account}`)]);
  }

  private async count(key: string): Promise<number> {
    return Number((await this.cache.get(key)) ?? 0);
  }
}
