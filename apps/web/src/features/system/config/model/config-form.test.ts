import { describe, expect, it } from 'vitest';
import type { ConfigItem } from '../../../../api/config-api';
import { configFormOf, configKeyProblem, configQueryOf, isSwitch, trimmedInput } from './config-form';

const item = (over: Partial<ConfigItem>): ConfigItem => ({
  id: 'c1',
  configKey: 'sys.account.registerUser',
  configValue: 'true',
  configName: 'Allow self-registration',
  builtin: true,
  remark: '',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

describe('parameter forms', () => {
  it('takes keys of letters, digits, dots, dashes and underscores, and says why not in both languages', () => {
    expect(configKeyProblem('sys.account.registerUser', 'zh-CN')).toBeNull();
    expect(configKeyProblem(' shop-banner_2 ', 'en')).toBeNull();
    expect(configKeyProblem('shop banner', 'zh-CN')).toBe('参数键名只能包含字母、数字、点、横线和下划线');
    expect(configKeyProblem('', 'en')).toMatch(/^A parameter key holds/);
  });

  it('offers true or false for a built-in switch only', () => {
    expect(isSwitch(item({}))).toBe(true);
    expect(isSwitch(item({ configValue: 'false' }))).toBe(true);
    expect(isSwitch(item({ builtin: false }))).toBe(false);
    expect(isSwitch(item({ configValue: '7' }))).toBe(false);
    expect(isSwitch(undefined)).toBe(false);
  });

  it('starts from the parameter or blanks, and trims all but the value', () => {
    expect(configFormOf()).toEqual({ configName: '', configKey: '', configValue: '', remark: '' });
    expect(configFormOf(item({ remark: 'r' }))).toMatchObject({ configKey: 'sys.account.registerUser', remark: 'r' });
    expect(
      trimmedInput({ configName: ' Banner ', configKey: ' shop.banner ', configValue: ' hi ', remark: ' ' }),
    ).toEqual({ configName: 'Banner', configKey: 'shop.banner', configValue: ' hi ', remark: '' });
  });

  it('leaves blank filters out of the search', () => {
    expect(configQueryOf({ configName: '  ', configKey: ' sys. ', builtin: 'true' })).toEqual({
      configKey: 'sys.',
      builtin: 'true',
    });
    expect(configQueryOf({})).toEqual({});
  });
});
