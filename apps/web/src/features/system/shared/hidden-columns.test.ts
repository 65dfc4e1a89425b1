import { describe, expect, it } from 'vitest';
import { hiddenColumnsKey, readHiddenColumns, writeHiddenColumns } from './hidden-columns';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const OPTIONAL = ['mobile', 'email', 'roles'] as const;

describe('hidden columns', () => {
  it('remembers hidden columns per table in the table’s order, ignoring unknown names and a broken entry', () => {
    const storage = memoryStorage();
    expect(readHiddenColumns(storage, 'user', OPTIONAL)).toEqual([]);
    writeHiddenColumns(storage, 'user', OPTIONAL, ['email', 'mobile']);
    expect(readHiddenColumns(storage, 'user', OPTIONAL)).toEqual(['mobile', 'email']);
    expect(readHiddenColumns(storage, 'role', OPTIONAL)).toEqual([]);
    expect(
      readHiddenColumns(memoryStorage({ [hiddenColumnsKey('user')]: '["email","gone"]' }), 'user', OPTIONAL),
    ).toEqual(['email']);
    expect(readHiddenColumns(memoryStorage({ [hiddenColumnsKey('user')]: '{not json' }), 'user', OPTIONAL)).toEqual([]);
    expect(readHiddenColumns(undefined, 'user', OPTIONAL)).toEqual([]);
  });
});
