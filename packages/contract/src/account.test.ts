import { describe, expect, it } from 'vitest';
import { isValidPassword, maskAccount, parseAccount } from './account.js';

describe('account rules', () => {
  it.each([
    ['abc123', true],
    ['A_b_c_d', true],
    ['a'.repeat(18), true],
    ['a'.repeat(19), false],
    ['abc12', false],
    ['1abcdef', false],
    ['_abcdef', false],
    ['abc 123', false],
    ['abc-123', false],
    ['密码abc123', false],
  ])('password %s valid: %s', (pw, ok) => {
    expect(isValidPassword(pw)).toBe(ok);
  });

  it('reads mobiles and e-mails as people type them', () => {
    expect(parseAccount(' 138 0013 8000 ')).toEqual({ kind: 'mobile', value: '13800138000' });
    expect(parseAccount('+8613800138000')).toEqual({ kind: 'mobile', value: '13800138000' });
    expect(parseAccount('Ada@Example.COM')).toEqual({ kind: 'email', value: 'ada@example.com' });
    expect(parseAccount('12800138000')).toBeNull();
    expect(parseAccount('1380013800')).toBeNull();
    expect(parseAccount('ada@example')).toBeNull();
    expect(parseAccount('a b@example.com')).toBeNull();
    expect(parseAccount('')).toBeNull();
  });

  it('masks accounts for logs', () => {
    expect(maskAccount('13800138000')).toBe('138****8000');
    expect(maskAccount('ada@example.com')).toBe('a***@example.com');
    expect(maskAccount('whoever')).toBe('wh***');
  });
});
