/** Seconds as m:ss, or h:mm:ss from an hour on. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** Millimetres for a table: whole numbers from 100 mm on, one decimal below. */
export function formatLength(mm: number): string {
  return mm >= 100 ? `${Math.round(mm).toLocaleString('en-US')} mm` : `${mm.toFixed(1)} mm`;
}
