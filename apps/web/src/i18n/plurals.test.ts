import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

describe('counted texts', () => {
  it('read in the singular in English when the count is one, and as before otherwise', () => {
    const en = i18n.getFixedT('en');
    expect(en('plugin-run.preview.shapes', { count: 1 })).toBe('1 shape');
    expect(en('plugin-run.preview.shapes', { count: 5 })).toBe('5 shapes');
    expect(en('plugin-run.preview.shapes', { count: 0 })).toBe('0 shapes');
    expect(en('devices.list.total', { total: 1, count: 1 })).toBe('1 device');
    expect(en('devices.list.total', { total: 12, count: 12 })).toBe('12 devices');
  });

  it('leave Chinese, which has no plural, alone', () => {
    const zh = i18n.getFixedT('zh-CN');
    expect(zh('plugin-run.preview.shapes', { count: 1 })).toBe(
      zh('plugin-run.preview.shapes', { count: 5 }).replace('5', '1'),
    );
  });
});
