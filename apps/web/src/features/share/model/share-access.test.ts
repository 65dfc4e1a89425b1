import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../../../stores/create-store';
import { createShareMemory, normaliseCode } from './share-access';

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('extraction codes as typed', () => {
  it('ignores case and surrounding spaces', () => {
    expect(normaliseCode('  AB3d9K \n')).toBe('ab3d9k');
    expect(normaliseCode(null)).toBe('');
  });
});

describe('share memory', () => {
  it('remembers an accepted code per share until forgotten', () => {
    const memory = createShareMemory(memoryStorage());
    memory.rememberCode('share-a', 'abc234');
    expect(memory.recallCode('share-a')).toBe('abc234');
    expect(memory.recallCode('share-b')).toBeUndefined();
    memory.forgetCode('share-a');
    expect(memory.recallCode('share-a')).toBeUndefined();
  });

  it('hands a pending save back once', () => {
    const memory = createShareMemory(memoryStorage());
    expect(memory.takeSave('share-a')).toBeUndefined();
    memory.rememberSave('share-a', ['f1', 'f2']);
    expect(memory.takeSave('share-a')).toEqual(['f1', 'f2']);
    expect(memory.takeSave('share-a')).toBeUndefined();
    memory.rememberSave('share-a', []);
    expect(memory.takeSave('share-a')).toEqual([]);
  });

  it('drops a pending save it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem('share-save:share-a', '{oops');
    expect(createShareMemory(storage).takeSave('share-a')).toBeUndefined();
    expect(storage.map.size).toBe(0);
  });
});
