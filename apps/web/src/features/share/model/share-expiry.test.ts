import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isPastDate, isPastEndTime, pastTimeParts, presetEndTime } from './share-expiry';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';
const now = dayjs('2026-03-31T14:25:36.789');

describe('share expiry quick picks (SPEC §5)', () => {
  it('ends today at 23:59:59', () => {
    expect(presetEndTime('today', now).format(FORMAT)).toBe('2026-03-31 23:59:59');
    expect(presetEndTime('today', now).millisecond()).toBe(0);
  });

  it('adds one, seven and thirty days to the second', () => {
    expect(presetEndTime('day', now).format(FORMAT)).toBe('2026-04-01 14:25:36');
    expect(presetEndTime('week', now).format(FORMAT)).toBe('2026-04-07 14:25:36');
    expect(presetEndTime('month', now).format(FORMAT)).toBe('2026-04-30 14:25:36');
  });

  it('counts calendar days across a month end and a leap day', () => {
    expect(presetEndTime('day', dayjs('2028-02-28T10:00:00')).format(FORMAT)).toBe('2028-02-29 10:00:00');
    expect(presetEndTime('month', dayjs('2026-12-15T08:00:00')).format(FORMAT)).toBe('2027-01-14 08:00:00');
  });
});

describe('past times cannot be chosen', () => {
  it('treats an end time equal to now as expired (SPEC §4)', () => {
    expect(isPastEndTime(now, now)).toBe(true);
    expect(isPastEndTime(now.subtract(1, 'second'), now)).toBe(true);
    expect(isPastEndTime(now.add(1, 'second'), now)).toBe(false);
  });

  it('greys out the days before today, not today', () => {
    expect(isPastDate(now.subtract(1, 'day'), now)).toBe(true);
    expect(isPastDate(now.startOf('day'), now)).toBe(false);
    expect(isPastDate(now.add(1, 'day'), now)).toBe(false);
  });

  it('greys out the hours, minutes and seconds already gone today', () => {
    const parts = pastTimeParts(now.add(1, 'hour'), now);
    expect(parts.disabledHours?.()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(parts.disabledMinutes?.(14)).toHaveLength(25);
    expect(parts.disabledMinutes?.(15)).toEqual([]);
    expect(parts.disabledMinutes?.(13)).toHaveLength(60);
    // the current second would expire at once
    expect(parts.disabledSeconds?.(14, 25)).toHaveLength(37);
    expect(parts.disabledSeconds?.(14, 26)).toEqual([]);
    expect(parts.disabledSeconds?.(14, 24)).toHaveLength(60);
  });

  it('keeps every time on other days', () => {
    expect(pastTimeParts(now.add(1, 'day'), now)).toEqual({});
    expect(pastTimeParts(null, now)).toEqual({});
  });
});
