const pad = (n: number) => String(n).padStart(2, '0');

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** A bubble's time: `14:05` today, `03-18 14:05` this year, `2025-12-30 14:05` before. */
export function bubbleTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  if (sameDay(at, now)) return clock;
  const day = `${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return at.getFullYear() === now.getFullYear() ? `${day} ${clock}` : `${at.getFullYear()}-${day} ${clock}`;
}

/** Whether a day line goes between two messages (the first message always gets one). */
export function startsNewDay(previous: string | undefined, current: string): boolean {
  if (!previous) return true;
  const a = new Date(previous);
  const b = new Date(current);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return false;
  return !sameDay(a, b);
}

/** The day line's text: `2026-03-18`. */
export function dayLabel(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
