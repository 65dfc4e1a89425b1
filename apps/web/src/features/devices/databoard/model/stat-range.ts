import { DEVICE_STAT_MAX_DAYS } from '@kerf/contract';

/** The spans the dashboard offers; each ends today, in the viewer's zone. */
export const DATABOARD_RANGES = ['today', '7d', '30d'] as const;
export type DataboardRange = (typeof DATABOARD_RANGES)[number];

const RANGE_DAYS: Record<DataboardRange, number> = { today: 1, '7d': 7, '30d': 30 };
const DAY_MS = 86_400_000;
const FALLBACK_ZONE = 'UTC';

/** A span of local days, both ends included, as the statistics calls take it. */
export interface LocalDateRange {
  /** YYYY-MM-DD */
  from: string;
  to: string;
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The browser's IANA zone; the server cuts days at its midnights, so the days match what the viewer calls "today". */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : FALLBACK_ZONE;
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a zone. */
export function localDateIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** Calendar arithmetic on a YYYY-MM-DD date: no zone is involved, so daylight saving cannot shift it. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The local days a range covers, ending on `today`. */
export function rangeDates(range: DataboardRange, today: string): LocalDateRange {
  const days = Math.min(RANGE_DAYS[range], DEVICE_STAT_MAX_DAYS);
  return { from: addDays(today, 1 - days), to: today };
}
