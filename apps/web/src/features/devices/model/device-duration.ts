export type DurationUnit = 'day' | 'hour' | 'minute';

export interface DurationPart {
  unit: DurationUnit;
  count: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a machine has been in its state, as at most two units (`3 d 4 h`, `2 h 5 min`, `12 min`):
 * enough to tell "just went idle" from "idle all week" without a clock ticking every second. Under a
 * minute (or a `since` a little ahead of this browser's clock) is no parts at all: "under a minute".
 */
export function durationParts(ms: number): DurationPart[] {
  if (!Number.isFinite(ms) || ms < MINUTE) return [];
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  const parts: DurationPart[] =
    days > 0
      ? [
          { unit: 'day', count: days },
          { unit: 'hour', count: hours },
        ]
      : hours > 0
        ? [
            { unit: 'hour', count: hours },
            { unit: 'minute', count: minutes },
          ]
        : [{ unit: 'minute', count: minutes }];
  // "2 d 0 h" says no more than "2 d"
  return parts.filter((part, index) => index === 0 || part.count > 0);
}

/** Milliseconds from an ISO time to `now`; NaN when the time is missing or unreadable. */
export function elapsedSince(iso: string | null | undefined, now: number): number {
  if (!iso) return Number.NaN;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? Number.NaN : now - at;
}
