import type { Dayjs } from 'dayjs';

/** SPEC §5 quick picks of the share dialog: the end of today (23:59:59), one, seven and thirty days. */
export const EXPIRY_PRESETS = ['today', 'day', 'week', 'month'] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number];

const DAYS: Record<Exclude<ExpiryPreset, 'today'>, number> = { day: 1, week: 7, month: 30 };

/** The end time a quick pick stands for, counted from `now`, to the second (the form shows seconds). */
export function presetEndTime(preset: ExpiryPreset, now: Dayjs): Dayjs {
  if (preset === 'today') return now.endOf('day').millisecond(0);
  return now.add(DAYS[preset], 'day').millisecond(0);
}

/** SPEC §4: a share is expired when its end time is not later than now, so such a time cannot be chosen. */
export function isPastEndTime(value: Dayjs, now: Dayjs): boolean {
  return !value.isAfter(now);
}

/** Days before today are greyed out in the picker. */
export function isPastDate(current: Dayjs, now: Dayjs): boolean {
  return current.isBefore(now, 'day');
}

const upTo = (count: number) => Array.from({ length: Math.max(0, count) }, (_, i) => i);

/**
 * On today's date, the hours, minutes and seconds already gone are greyed out (the current second
 * too, as the link would be expired at once); other days keep every time.
 */
export function pastTimeParts(current: Dayjs | null | undefined, now: Dayjs) {
  if (!current?.isSame(now, 'day')) return {};
  return {
    disabledHours: () => upTo(now.hour()),
    disabledMinutes: (hour: number) => (hour === now.hour() ? upTo(now.minute()) : hour < now.hour() ? upTo(60) : []),
    disabledSeconds: (hour: number, minute: number) =>
      hour === now.hour() && minute === now.minute()
        ? upTo(now.second() + 1)
        : hour < now.hour() || (hour === now.hour() && minute < now.minute())
          ? upTo(60)
          : [],
  };
}
