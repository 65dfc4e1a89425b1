import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { batchTitle, isLocked, lockMinutesLeft, moreItemsText, sharedItemsText } from './share-batch';

const file = (fileName: string) => ({ userFileId: fileName, fileName, extendName: '', isDir: 0 as const });

describe('share batch titles', () => {
  it('names the first entry and counts the rest, also beyond the few the list carries', () => {
    expect(batchTitle({ files: [file('a.dxf')], fileCount: 1 })).toEqual({ name: 'a.dxf', more: 0 });
    expect(batchTitle({ files: [file('a.dxf'), file('b.dxf')], fileCount: 2 })).toEqual({ name: 'a.dxf', more: 1 });
    expect(batchTitle({ files: [file('a.dxf'), file('b.dxf')], fileCount: 12 })).toEqual({ name: 'a.dxf', more: 11 });
  });

  it('copes with a share whose files are all gone', () => {
    expect(batchTitle({ files: [], fileCount: 0 })).toEqual({ name: '', more: 0 });
  });
});

describe('share locks', () => {
  const now = Date.parse('2026-03-31T10:00:00Z');

  it('counts the minutes left, rounded up', () => {
    expect(lockMinutesLeft('2026-03-31T10:14:00Z', now)).toBe(14);
    expect(lockMinutesLeft('2026-03-31T10:00:10Z', now)).toBe(1);
    expect(lockMinutesLeft('2026-03-31T10:00:00Z', now)).toBe(0);
    expect(lockMinutesLeft(null, now)).toBe(0);
    expect(lockMinutesLeft('not a time', now)).toBe(0);
  });

  it('is locked only while the lock ends in the future', () => {
    expect(isLocked({ lockedUntil: '2026-03-31T10:05:00Z' }, now)).toBe(true);
    expect(isLocked({ lockedUntil: '2026-03-31T09:55:00Z' }, now)).toBe(false);
    expect(isLocked({ lockedUntil: null }, now)).toBe(false);
  });
});

describe('the count of shared items', () => {
  const three = { name: '激光图纸', more: 2 };

  it('counts every item, the first one included, in both languages', () => {
    expect(sharedItemsText(i18n.getFixedT('zh-CN'), three)).toBe('激光图纸 等 3 项');
    expect(sharedItemsText(i18n.getFixedT('en'), three)).toBe('激光图纸 and others (3)');
    expect(moreItemsText(i18n.getFixedT('zh-CN'), 3)).toBe('等 3 项');
    expect(moreItemsText(i18n.getFixedT('en'), 3)).toBe('and others (3 items)');
  });

  it('names a single item alone', () => {
    expect(sharedItemsText(i18n.getFixedT('zh-CN'), { name: '激光图纸', more: 0 })).toBe('激光图纸');
    expect(moreItemsText(i18n.getFixedT('en'), 1)).toBe('');
  });

  it('counts from a batch whose list carries fewer files than it holds', () => {
    const title = batchTitle({ files: [file('激光图纸'), file('b.dxf')], fileCount: 12 });
    expect(sharedItemsText(i18n.getFixedT('zh-CN'), title)).toBe('激光图纸 等 12 项');
  });
});
