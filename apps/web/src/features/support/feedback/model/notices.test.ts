import type { Notice } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { countAfterReading, noticeTarget, noticeTitle, unreadIds } from './notices';

const notice = (id: string, read: boolean): Notice => ({
  id,
  kind: 'feedback-reply',
  title: 't',
  text: 'x',
  link: '/feedback',
  read,
  createdAt: '2026-05-04T09:30:00Z',
});

describe('notices', () => {
  it('leads only to pages of this app', () => {
    expect(noticeTarget('/feedback?id=3f1c0c8e-0000-4000-8000-000000000000')).toBe(
      '/feedback?id=3f1c0c8e-0000-4000-8000-000000000000',
    );
    expect(noticeTarget('https://evil.example/')).toBeNull();
    expect(noticeTarget('//evil.example/')).toBeNull();
    expect(noticeTarget('/\\evil.example')).toBeNull();
    expect(noticeTarget('javascript:alert(1)')).toBeNull();
    expect(noticeTarget('/feedback\n')).toBe('/feedback');
    expect(noticeTarget('/feed back')).toBeNull();
    expect(noticeTarget('')).toBeNull();
    expect(noticeTarget(null)).toBeNull();
  });

  it('marks the unread ones of a list, and counts what is left', () => {
    expect(unreadIds([notice('a', false), notice('b', true), notice('c', false)])).toEqual(['a', 'c']);
    expect(countAfterReading(3, 2)).toBe(1);
    expect(countAfterReading(1, 2)).toBe(0);
    expect(countAfterReading(undefined, 0)).toBe(0);
  });

  it('titles a reply to feedback in the reader’s language, anything else as stored', () => {
    const reply = { kind: 'feedback-reply' as const, title: 'Kerf 回复了你的反馈' };
    expect(noticeTitle(reply, 'en')).toBe('Kerf answered your feedback');
    expect(noticeTitle(reply, 'zh-CN')).toBe('Kerf 回复了你的反馈');
    expect(noticeTitle({ kind: 'support-reply', title: '客服回复了你' }, 'en')).toBe('客服回复了你');
  });
});
