import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  type CodeScene,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_SECONDS,
  VERIFICATION_MAX_TRIES,
  VERIFICATION_RESEND_SECONDS,
} from '@kerf/contract';
import type { Cache } from '../../infra/cache/cache.js';

export class CodeTooSoonError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`a code was sent less than ${VERIFICATION_RESEND_SECONDS} s ago`);
    this.name = 'CodeTooSoonError';
  }
}

function digest(scene: string, account: string, code: string) {
  return createHash('sha256').update(`${scene}\0${account}\0${code}`).digest();
}

/**
 * Six-digit one-time codes per scene and account (SPEC §7 captcha/getCode): valid five minutes, one
 * send a minute, five wrong tries void the code. Only a digest is kept, in the shared cache.
 */
export class VerificationCodeService {
  constructor(private readonly cache: Cache) {}

  private key(scene: CodeScene, account: string) {
    return `code:${scene}:${account}`;
  }

  /** Makes a new code (replacing any earlier one) and returns it for delivery. */
  async issue(scene: CodeScene, account: string): Promise<string> {
    const sentKey = `code:sent:${scene}:${account}`;
    if (!(await this.cache.setIfAbsent(sentKey, '1', VERIFICATION_RESEND_SECONDS * 1000))) {
      const left = (await this.cache.ttl(sentKey)) ?? VERIFICATION_RESEND_SECONDS * 1000;
      throw new CodeTooSoonError(Math.max(1, Math.ceil(left / 1000)));
    }
    const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
    const ttl = VERIFICATION_CODE_TTL_SECONDS * 1000;
    await this.cache.delete(`${this.key(scene, account)}:tries`);
    await this.cache.set(this.key(scene, account), digest(scene, account, code).toString('hex'), ttl);
    return code;
  }

  /** Lets the resend window open again, e.g. when delivery failed and nothing reached the person. */
  async forgetSend(scene: CodeScene, account: string): Promise<void> {
    await this.cache.delete(`code:sent:${scene}:${account}`);
    await this.cache.delete(this.key(scene, account));
  }

  /** True once for the right code; a wrong one counts a try, and the fifth wrong try voids the code. */
  async consume(scene: CodeScene, account: string, code: string | null | undefined): Promise<boolean> {
    const key = this.key(scene, account);
    const stored = await this.cache.get(key);
    if (!stored || !code || !/^\d+$/.test(code)) {
      if (stored) await this.countWrong(key);
      return false;
    }
    const expected = Buffer.from(stored, 'hex');
    const given = digest(scene, account, code.trim());
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      await this.cache.delete(key);
      await this.cache.delete(`${key}:tries`);
      return true;
    }
    await this.countWrong(key);
    return false;
  }

  private async countWrong(key: string) {
    const tries = await this.cache.increment(`${key}:tries`, VERIFICATION_CODE_TTL_SECONDS * 1000);
    if (tries >= VERIFICATION_MAX_TRIES) {
      await this.cache.delete(key);
      await this.cache.delete(`${key}:tries`);
    }
  }
}
