import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { loginDetail, loginLogQueryOf, personOf } from './login-log-query';

describe('sign-in log search', () => {
  it('leaves blanks out and makes the range whole days', () => {
    const from = dayjs('2026-03-01T15:20:00');
    const to = dayjs('2026-03-02T08:00:00');
    expect(loginLogQueryOf({ account: ' ada ', ip: '  ', status: '1', range: [from, to] })).toEqual({
      account: 'ada',
      status: '1',
      from: dayjs('2026-03-01T00:00:00').toISOString(),
      to: dayjs('2026-03-03T00:00:00').toISOString(),
    });
    expect(loginLogQueryOf({})).toEqual({});
  });

  it('says why an attempt was refused in both languages, and a new reason as it is', () => {
    expect(loginDetail({ status: '0', reason: '' }, 'zh-CN')).toBe('登录成功');
    expect(loginDetail({ status: '1', reason: 'bad-credentials' }, 'zh-CN')).toBe('账号或密码错误');
    expect(loginDetail({ status: '1', reason: 'locked' }, 'en')).toBe('Account locked');
    expect(loginDetail({ status: '1', reason: 'new-reason' }, 'en')).toBe('new-reason');
    expect(loginDetail({ status: '1', reason: '' }, 'zh-CN')).toBe('登录失败');
  });

  it('names the person by nick name, or login name without one', () => {
    expect(personOf({ nickName: 'Ada', loginName: 'u_ada' })).toBe('Ada');
    expect(personOf({ nickName: '', loginName: 'u_ada' })).toBe('u_ada');
    expect(personOf({ nickName: '', loginName: '' })).toBe('');
  });
});
