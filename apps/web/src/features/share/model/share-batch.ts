import type { ShareBatch } from '@kerf/contract';

/** How a share batch is named in a list: its first entry, and how many more it holds. */
export function batchTitle(batch: Pick<ShareBatch, 'files' | 'fileCount'>): { name: string; more: number } {
  const first = batch.files[0];
  const count = Math.max(batch.fileCount, batch.files.length);
  return { name: first?.fileName ?? '', more: Math.max(0, count - 1) };
}

/** Whole minutes until a lock ends, rounded up (a lock with 10 s left is "1 minute"); 0 when not locked. */
export function lockMinutesLeft(lockedUntil: string | null | undefined, now: number = Date.now()): number {
  if (!lockedUntil) return 0;
  const left = new Date(lockedUntil).getTime() - now;
  return Number.isFinite(left) && left > 0 ? Math.ceil(left / 60_000) : 0;
}

/** A share is locked while its lock ends in the future; a lock in the past has lapsed by itself. */
export function isLocked(batch: Pick<ShareBatch, 'lockedUntil'>, now: number = Date.now()): boolean {
  return lockMinutesLeft(batch.lockedUntil, now) > 0;
}
