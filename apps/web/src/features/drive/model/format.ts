import { SIZE_UNIT } from '@kerf/contract';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/**
 * A byte count for people, in 1024 units (SPEC §9): `0 B`, `512 B`, `1.5 KB`, `200 MB`. Two decimals
 * at most, trailing zeros dropped; bytes are whole numbers.
 */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= SIZE_UNIT && unit < UNITS.length - 1) {
    value /= SIZE_UNIT;
    unit += 1;
  }
  const text = unit === 0 ? String(Math.round(value)) : String(Number(value.toFixed(2)));
  return `${text} ${UNITS[unit]}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as local `YYYY-MM-DD HH:mm`; '' for none. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** An ISO time as local `YYYY-MM-DD HH:mm:ss`, for a tooltip with the exact time; '' for none. */
export function formatFullTime(iso: string | null | undefined): string {
  const short = formatTime(iso);
  return short ? `${short}:${pad(new Date(iso!).getSeconds())}` : '';
}

/** Bytes per second as `1.2 MB/s`. */
export function formatSpeed(bytesPerSecond: number): string {
  return `${formatSize(Math.max(0, Math.round(bytesPerSecond)))}/s`;
}

/** Seconds left as `1:05` or `1:02:03`; '' when unknown. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  const s = Math.ceil(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(rest)}` : `${m}:${pad(rest)}`;
}
