import { describe, expect, it } from 'vitest';
import { en } from './en';
import { zhCN } from './zh-CN';

function leaves(tree: object, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

describe('message catalogues', () => {
  const zh = new Map(leaves(zhCN));
  const english = new Map(leaves(en));

  it('have the same keys in both languages', () => {
    expect([...english.keys()].sort()).toEqual([...zh.keys()].sort());
  });

  it('have no empty texts and keep the same placeholders', () => {
    for (const [key, text] of zh) {
      const twin = english.get(key) ?? '';
      expect(text.trim(), key).not.toBe('');
      expect(twin.trim(), key).not.toBe('');
      const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(placeholders(twin), key).toEqual(placeholders(text));
    }
  });
});
