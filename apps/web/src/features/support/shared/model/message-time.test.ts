import { describe, expect, it } from 'vitest';
import { bubbleTime, dayLabel, startsNewDay } from './message-time';

const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

describe('message times', () => {
  const now = new Date(2026, 2, 18, 16, 0);

  it('shows the clock today, the day this year, the year before that', () => {
    expect(bubbleTime(local(2026, 3, 18, 9, 5), now)).toBe('09:05');
    expect(bubbleTime(local(2026, 1, 2, 23, 59), now)).toBe('01-02 23:59');
    expect(bubbleTime(local(2025, 12, 30, 8, 0), now)).toBe('2025-12-30 08:00');
    expect(bubbleTime('not a time', now)).toBe('');
  });

  it('puts a day line before the first message and where the day changes', () => {
    expect(startsNewDay(undefined, local(2026, 3, 18))).toBe(true);
    expect(startsNewDay(local(2026, 3, 18, 1), local(2026, 3, 18, 23))).toBe(false);
    expect(startsNewDay(local(2026, 3, 17, 23), local(2026, 3, 18, 0))).toBe(true);
    expect(dayLabel(local(2026, 3, 8, 12))).toBe('2026-03-08');
  });
});
