import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password-hasher.js';

describe('password hasher', () => {
  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('kerf_2026');
    expect(stored).toMatch(/^scrypt\$15\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(stored).not.toContain('kerf_2026');
    expect(await verifyPassword('kerf_2026', stored)).toBe(true);
    expect(await verifyPassword('kerf_2027', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same_pw1')).not.toBe(await hashPassword('same_pw1'));
  });

  it('refuses a missing or malformed hash without throwing', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99$8$1$aa$bb')).toBe(false);
  });

  it('asks for a rehash of weaker parameters', async () => {
    expect(needsRehash(await hashPassword('abcdef1'))).toBe(false);
    expect(needsRehash('scrypt$14$8$1$aaaa$bbbb')).toBe(true);
  });
});
