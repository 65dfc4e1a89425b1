import type { ShareBatch } from '@kerf/contract';

/** How a share batch is named in a list: its first entry, and how many more it holds. */
export function batchTitle(batch: Pick<ShareBatch, 'files' | 'fileCount'>): { name: string; more: number } {
  const first = batch.files[0];
  const count = Math.max(batch.fileCount, batch.files.length);
  return { name: first?.fileName ?? '', more: Math.max(0, count - 1) };
}

/** The catalogue's translate function, as far as naming a share needs it. */
type Translate = (key: 'share.more' | 'share.dialog.andMore', values: { name?: string; total: number }) => string;

/**
 * A share's items for people: its first name alone, or with every item counted, `激光图纸 等 3 项` /
 * `激光图纸 and others (3)` ("等 N 项" counts them all, the first one included; short for narrow lists).
 */
export function sharedItemsText(t: Translate, title: { name: string; more: number }): string {
  return title.more > 0 ? t('share.more', { name: title.name, total: title.more + 1 }) : title.name;
}

/** The dialog's tail after the first name: `等 3 项` / `and others (3 items)`; '' for one item. */
export function moreItemsText(t: Translate, itemCount: number): string {
  return itemCount > 1 ? t('share.dialog.andMore', { total: itemCount }) : '';
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
