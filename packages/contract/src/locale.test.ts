import { describe, expect, it } from 'vitest';
import { format, pickLocale } from './locale.js';
import { messages, statusMessageKey, t } from './messages.js';

describe('pickLocale', () => {
  it('defaults to zh-CN without a header or a match', () => {
    expect(pickLocale(undefined)).toBe('zh-CN');
    expect(pickLocale('')).toBe('zh-CN');
    expect(pickLocale('fr-FR,de;q=0.5')).toBe('zh-CN');
  });
  it('takes the first language we speak, by weight', () => {
    expect(pickLocale('en-US,en;q=0.9')).toBe('en');
    expect(pickLocale('zh-TW')).toBe('zh-CN');
    expect(pickLocale('zh;q=0.2, en;q=0.8')).toBe('en');
    expect(pickLocale('fr, en;q=0.1')).toBe('en');
    expect(pickLocale('en;q=0, zh')).toBe('zh-CN');
  });
});

describe('messages', () => {
  it('fills numbered placeholders and leaves unknown ones', () => {
    expect(format('系统接口{0}异常', 502)).toBe('系统接口502异常');
    expect(format('{0}-{1}-{2}', 'a', 'b')).toBe('a-b-{2}');
    expect(t('httpStatus', 'en', 503)).toBe('The server answered with error 503');
  });
  it('maps statuses to the spec table', () => {
    expect(t(statusMessageKey(401), 'zh-CN')).toBe('认证失败，无法访问系统资源');
    expect(t(statusMessageKey(403), 'zh-CN')).toBe('当前操作没有权限');
    expect(t(statusMessageKey(404), 'zh-CN')).toBe('访问资源不存在');
    expect(t(statusMessageKey(418), 'zh-CN')).toBe('系统未知错误，请反馈给管理员');
  });
  it('gives every message an English twin', () => {
    for (const [key, m] of Object.entries(messages)) {
      expect(m.en, key).toMatch(/[A-Za-z]/);
      expect(m['zh-CN'], key).not.toBe(m.en);
    }
  });
});
