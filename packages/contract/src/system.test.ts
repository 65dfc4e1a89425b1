import { describe, expect, it } from 'vitest';
import { BUILTIN_CONFIG_TEXTS, configText } from './system.js';

describe('built-in parameter texts', () => {
  const item = { configKey: 'sys.account.registerUser', builtin: true };
  const shipped = BUILTIN_CONFIG_TEXTS['sys.account.registerUser']!;

  it('shows a shipped name and remark in the reader’s language', () => {
    expect(configText(item, 'name', shipped.name.en, 'zh-CN')).toBe('允许自助注册');
    expect(configText(item, 'name', shipped.name.en, 'en')).toBe('Allow self-registration');
    expect(configText(item, 'remark', shipped.remark.en, 'zh-CN')).toBe(shipped.remark['zh-CN']);
  });

  it('keeps what an administrator wrote, and the texts of parameters Kerf does not ship', () => {
    expect(configText(item, 'name', '开放注册', 'en')).toBe('开放注册');
    expect(configText({ ...item, builtin: false }, 'name', shipped.name.en, 'zh-CN')).toBe(shipped.name.en);
    expect(configText({ configKey: 'shop.notice', builtin: true }, 'name', 'Notice', 'zh-CN')).toBe('Notice');
  });
});
