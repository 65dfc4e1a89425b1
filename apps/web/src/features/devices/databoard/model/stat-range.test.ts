import { describe, expect, it } from 'vitest';
import { addDays, isTimeZone, localDateIn, rangeDates } from './stat-range';

describe('dashboard ranges in the viewer’s zone', () => {
  it('takes "today" from the zone, not from UTC', () => {
    // 2025-03-01 17:30 UTC is already 2 March in Shanghai and still 1 March in New York
    const at = new Date('2025-03-01T17:30:00Z');
    expect(localDateIn(at, 'Asia/Shanghai')).toBe('2025-03-02');
    expect(localDateIn(at, 'America/New_York')).toBe('2025-03-01');
    expect(localDateIn(at, 'UTC')).toBe('2025-03-01');
  });

  it('counts calendar days across month, year and leap-day boundaries', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    // the day clocks change in Europe is still one calendar day
    expect(addDays('2025-03-30', 1)).toBe('2025-03-31');
  });

  it('ends every range today and includes both ends', () => {
    expect(rangeDates('today', '2025-03-02')).toEqual({ from: '2025-03-02', to: '2025-03-02' });
    expect(rangeDates('7d', '2025-03-02')).toEqual({ from: '2025-02-24', to: '2025-03-02' });
    // February 2025 has 28 days: 1 Feb .. 2 Mar is thirty
    expect(rangeDates('30d', '2025-03-02')).toEqual({ from: '2025-02-01', to: '2025-03-02' });
  });

  it('knows a real zone from a made-up one', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
