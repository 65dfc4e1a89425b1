import { afterAll, describe, expect, it } from 'vitest';
import { cacheBackends as backends } from '../../infra/cache/test-backends.js';
import { LOGIN_LIMITS, LoginThrottle } from './login-throttle.js';

const open = { alwaysCaptcha: false, honourLock: true };

describe.each(backends)('sign-in throttle on a %s cache', (_name, make) => {
  const cache = make();
  afterAll(() => cache.close());

  it('locks one address out of one account, and unlock lifts it for every address', async () => {
    const throttle = new LoginThrottle(cache);
    for (let i = 0; i < LOGIN_LIMITS.lockAfterFailures - 1; i++) {
      expect(await throttle.failed('a@example.com', '10.0.0.1')).toBeNull();
    }
    expect(await throttle.failed('a@example.com', '10.0.0.1')).toEqual({ lockedForMs: LOGIN_LIMITS.lockMs });
    await throttle.failed('a@example.com', '10.0.0.2');
    expect(await throttle.admit('a@example.com', '10.0.0.1', open)).toMatchObject({ allowed: false, reason: 'locked' });
    expect(await throttle.admit('a@example.com', '10.0.0.2', open)).toMatchObject({ allowed: true });
    // A one-time code passes the lock.
    const withCode = await throttle.admit('a@example.com', '10.0.0.1', { alwaysCaptcha: false, honourLock: false });
    expect(withCode.allowed).toBe(true);
    await throttle.unlock('a@example.com');
    expect(await throttle.admit('a@example.com', '10.0.0.1', open)).toEqual({ allowed: true, captchaRequired: false });
  });

  it('turns an address away after thirty failures, even over few accounts', async () => {
    const throttle = new LoginThrottle(cache);
    const ip = '10.0.1.1';
    for (let i = 0; i < LOGIN_LIMITS.refuseAfterIpFailures; i++) await throttle.failed(`few${i % 3}@example.com`, ip);
    const verdict = await throttle.admit('fresh@example.com', ip, open);
    expect(verdict).toMatchObject({ allowed: false, reason: 'address-refused' });
    expect(verdict.allowed === false && verdict.reason === 'address-refused' && verdict.retryAfterMs).toBeGreaterThan(
      LOGIN_LIMITS.failureWindowMs - 60_000,
    );
    expect(await throttle.admit('fresh@example.com', '10.0.1.2', open)).toMatchObject({ allowed: true });
  });

  it('opens the safety valve at the global failure limit', async () => {
    // A cache of its own: the failures of the tests above count towards the global limit too.
    const own = make();
    try {
      const throttle = new LoginThrottle(own, { ...LOGIN_LIMITS, globalFailuresPerMinute: 3 });
      expect(await throttle.admit('v@example.com', '10.0.2.9', open)).toEqual({
        allowed: true,
        captchaRequired: false,
      });
      for (let i = 0; i < 3; i++) await throttle.failed(`v${i}@example.com`, `10.0.2.${i + 1}`);
      expect(await throttle.admit('v@example.com', '10.0.2.1', open)).toEqual({ allowed: false, reason: 'busy' });
      expect(await throttle.admit('v@example.com', '10.0.2.9', open)).toEqual({ allowed: true, captchaRequired: true });
    } finally {
      await own.close();
    }
  });
});
