import { describe, expect, it } from 'vitest';
import { describeUserAgent, formatDateTime } from './account-format';

describe('account page formats', () => {
  it('names browser and system of a sign-in', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 · Windows');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 · iPhone');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge 131 · Windows');
    expect(describeUserAgent('curl/8.5.0')).toBeUndefined();
    expect(describeUserAgent(null)).toBeUndefined();
  });

  it('writes dates for each language and leaves bad ones empty', () => {
    expect(formatDateTime('2026-05-04T09:30:00Z', 'en')).toMatch(/2026/);
    expect(formatDateTime('2026-05-04T09:30:00Z', 'zh-CN')).toMatch(/2026/);
    expect(formatDateTime('not a date', 'en')).toBe('');
    expect(formatDateTime(null, 'en')).toBe('');
  });
});
