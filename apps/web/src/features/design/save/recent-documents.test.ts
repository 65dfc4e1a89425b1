import { describe, expect, it } from 'vitest';
import { forgetRecent, RECENT_LIMIT, readRecent, rememberRecent } from './recent-documents';

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const copy = (n: number) => ({
  userFileId: `f${n}`,
  folderId: '0',
  folderPath: '/',
  fileName: `part ${n}.kerf`,
  sha256: 'x',
});

describe('recent documents', () => {
  it('keeps the newest first, once each, at most ten', () => {
    const storage = memory();
    for (let n = 1; n <= 12; n++) rememberRecent(storage, copy(n), n);
    rememberRecent(storage, copy(5), 99);
    const list = readRecent(storage);
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list.map((d) => d.userFileId).slice(0, 3)).toEqual(['f5', 'f12', 'f11']);
    expect(forgetRecent(storage, 'f5').map((d) => d.userFileId)[0]).toBe('f12');
  });

  it('survives a damaged entry in storage', () => {
    const storage = memory();
    storage.setItem('kerf.design.recent', '{not json');
    expect(readRecent(storage)).toEqual([]);
  });
});
