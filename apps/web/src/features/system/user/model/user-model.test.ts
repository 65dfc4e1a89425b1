import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  contactProblem,
  contactsMissing,
  loginNameProblem,
  queryOf,
  quotaBytesOf,
  quotaInUnits,
  usedPercent,
} from './user-model';

describe('user management model', () => {
  it('turns the search form into the list query, whole local days for the range', () => {
    expect(queryOf({ keyword: '  ada ', status: 'disabled', roleKey: '' })).toEqual({
      keyword: 'ada',
      status: 'disabled',
    });
    const from = dayjs('2026-03-01T15:00:00');
    const to = dayjs('2026-03-02T09:00:00');
    const query = queryOf({ range: [from, to] });
    expect(new Date(query.from!).getTime()).toBe(dayjs('2026-03-01T00:00:00').valueOf());
    expect(new Date(query.to!).getTime()).toBe(dayjs('2026-03-03T00:00:00').valueOf());
    expect(queryOf({ range: null })).toEqual({});
  });

  it('shows quotas in GiB or MiB and reads them back in bytes', () => {
    expect(quotaInUnits(10 * 1024 ** 3)).toEqual({ amount: 10, unit: 'GiB' });
    expect(quotaInUnits(1.5 * 1024 ** 3)).toEqual({ amount: 1.5, unit: 'GiB' });
    expect(quotaInUnits(500 * 1024 ** 2)).toEqual({ amount: 500, unit: 'MiB' });
    expect(quotaInUnits(1000)).toEqual({ amount: 0, unit: 'MiB' });
    expect(quotaBytesOf(2, 'GiB')).toBe(2 * 1024 ** 3);
    expect(quotaBytesOf(0.5, 'MiB')).toBe(512 * 1024);
    expect(quotaBytesOf(-3, 'MiB')).toBe(0);
    expect(usedPercent({ usedBytes: 50, quotaBytes: 200 })).toBe(25);
    expect(usedPercent({ usedBytes: 500, quotaBytes: 200 })).toBe(100);
    expect(usedPercent({ usedBytes: 1, quotaBytes: 0 })).toBe(100);
  });

  it('checks a login name and contacts with the words of the server', () => {
    expect(loginNameProblem('li_lei', 'zh-CN')).toBeNull();
    expect(loginNameProblem('9lives', 'en')).toBe(
      'A login name starts with a letter and has 2 to 30 letters, digits or underscores',
    );
    expect(contactProblem('mobile', '+86 139-1234-5678', 'zh-CN')).toBeNull();
    expect(contactProblem('mobile', 'a@b.cn', 'zh-CN')).toBe('请输入正确的手机号');
    expect(contactProblem('email', '13912345678', 'en')).toBe('Enter a valid e-mail address');
    expect(contactProblem('email', '', 'en')).toBeNull();
    expect(contactsMissing(' ', '', 'zh-CN')).toBe('手机号和邮箱至少填写一项');
    expect(contactsMissing('', 'a@b.cn', 'zh-CN')).toBeNull();
  });
});
