import { describe, expect, it } from 'vitest';
import { en } from './en';
import { zhCN } from './zh-CN';

function leaves(tree: object, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('message catalogues', () => {
  const zh = new Map(leaves(zhCN));
  const english = new Map(leaves(en));

  /** English singulars (`key_one`) of a counted text both languages have. */
  const singulars = [...english.keys()].filter((key) => key.endsWith('_one') && zh.has(key.slice(0, -4)));

  it('have the same keys in both languages, English adding singulars', () => {
    const ones = new Set(singulars);
    expect([...english.keys()].filter((key) => !ones.has(key)).sort()).toEqual([...zh.keys()].sort());
  });

  it('give each English singular the placeholders of its plural and a text of its own', () => {
    expect(singulars.length).toBeGreaterThan(0);
    for (const key of singulars) {
      const plural = english.get(key.slice(0, -4))!;
      expect(placeholders(english.get(key)!), key).toEqual(placeholders(plural));
      expect(english.get(key), key).not.toBe(plural);
    }
  });

  it('have no empty texts and keep the same placeholders', () => {
    for (const [key, text] of zh) {
      const twin = english.get(key) ?? '';
      expect(text.trim(), key).not.toBe('');
      expect(twin.trim(), key).not.toBe('');
      expect(placeholders(twin), key).toEqual(placeholders(text));
    }
  });
});
