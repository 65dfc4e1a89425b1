import { describe, expect, it } from 'vitest';
import { formatDuration, formatFullTime, formatSize, formatSpeed, formatTime } from './format';

describe('formatSize', () => {
  it('uses 1024 units', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(1024 * 1024)).toBe('1 MB');
    expect(formatSize(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatSize(10 * 1024 ** 3)).toBe('10 GB');
    expect(formatSize(1.256 * 1024 ** 3)).toBe('1.26 GB');
    expect(formatSize(5 * 1024 ** 4)).toBe('5 TB');
  });

  it('shows nothing for a missing or broken size', () => {
    expect(formatSize(undefined)).toBe('');
    expect(formatSize(null)).toBe('');
    expect(formatSize(-1)).toBe('');
    expect(formatSize(Number.NaN)).toBe('');
  });
});

describe('formatTime and friends', () => {
  it('prints a local date and minute', () => {
    const at = new Date(2026, 0, 5, 9, 7, 30);
    expect(formatTime(at.toISOString())).toBe('2026-01-05 09:07');
    expect(formatTime(null)).toBe('');
    expect(formatTime('nonsense')).toBe('');
  });

  it('prints the seconds too for the exact time', () => {
    const at = new Date(2026, 0, 5, 9, 7, 3);
    expect(formatFullTime(at.toISOString())).toBe('2026-01-05 09:07:03');
    expect(formatFullTime(undefined)).toBe('');
    expect(formatFullTime('nonsense')).toBe('');
  });

  it('prints speeds and times left', () => {
    expect(formatSpeed(1536)).toBe('1.5 KB/s');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('');
  });
});
