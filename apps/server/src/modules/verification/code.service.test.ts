import { describe, expect, it } from 'vitest';
import { MemoryCache } from '../../infra/cache/memory-cache.js';
import { CodeTooSoonError, VerificationCodeService } from './code.service.js';

describe('verification codes', () => {
  it('issues six digits that work once, for their scene and account only', async () => {
    const codes = new VerificationCodeService(new MemoryCache());
    const code = await codes.issue('login', 'ada@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(await codes.consume('register', 'ada@example.com', code)).toBe(false);
    expect(await codes.consume('login', 'bob@example.com', code)).toBe(false);
    expect(await codes.consume('login', 'ada@example.com', code)).toBe(true);
    expect(await codes.consume('login', 'ada@example.com', code)).toBe(false);
  });

  it('allows one send a minute per scene and account', async () => {
    const codes = new VerificationCodeService(new MemoryCache());
    await codes.issue('register', '13800138000');
    await expect(codes.issue('register', '13800138000')).rejects.toBeInstanceOf(CodeTooSoonError);
    await expect(codes.issue('register', '13800138000')).rejects.toMatchObject({ retryAfterSeconds: 60 });
    await expect(codes.issue('login', '13800138000')).resolves.toMatch(/^\d{6}$/);
  });

  it('voids a code after five wrong tries', async () => {
    const codes = new VerificationCodeService(new MemoryCache());
    const code = await codes.issue('reset', 'ada@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect(await codes.consume('reset', 'ada@example.com', wrong)).toBe(false);
    // four wrong tries: the right code still works
    const second = new VerificationCodeService(new MemoryCache());
    const code2 = await second.issue('reset', 'x@example.com');
    const wrong2 = code2 === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await second.consume('reset', 'x@example.com', wrong2);
    expect(await second.consume('reset', 'x@example.com', code2)).toBe(false);
    expect(await codes.consume('reset', 'ada@example.com', code)).toBe(true);
  });

  it('expires codes after five minutes', async () => {
    let now = 1_000_000;
    const codes = new VerificationCodeService(new MemoryCache(() => now));
    const code = await codes.issue('bind', 'ada@example.com');
    now += 5 * 60_000 + 1;
    expect(await codes.consume('bind', 'ada@example.com', code)).toBe(false);
    await expect(codes.issue('bind', 'ada@example.com')).resolves.toMatch(/^\d{6}$/);
  });
});
