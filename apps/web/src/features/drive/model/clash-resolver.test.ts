import type { NameClash } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import {
  type ClashAnswer,
  type ClashQuestion,
  createClashResolver,
  groupByChoice,
  numberedExample,
} from './clash-resolver';

const clash = (fileName: string): NameClash => ({
  fileName,
  isDir: 0,
  userFileId: fileName,
  fileSize: 1,
  uploadTime: '2026-01-01T00:00:00Z',
});

/** A person who answers from a list, recording what was asked. */
function person(answers: ClashAnswer[]) {
  const asked: string[] = [];
  return {
    asked,
    ask: async (question: ClashQuestion) => {
      asked.push(question.clash.fileName);
      const next = answers.shift();
      if (!next) throw new Error('asked once too often');
      return next;
    },
  };
}

describe('the clash resolver', () => {
  it('asks about each clash when no answer was for all', async () => {
    const who = person([
      { choice: 'replace', applyToAll: false },
      { choice: 'skip', applyToAll: false },
    ]);
    const resolver = createClashResolver(who.ask);
    const q = (name: string): ClashQuestion => ({ batch: 'b1', clash: clash(name), purpose: 'upload' });
    expect(await resolver.resolve(q('a.dxf'))).toBe('replace');
    expect(await resolver.resolve(q('b.dxf'))).toBe('skip');
    expect(who.asked).toEqual(['a.dxf', 'b.dxf']);
  });

  it('applies an answer for all to the rest of its batch only', async () => {
    const who = person([
      { choice: 'keepBoth', applyToAll: true },
      { choice: 'skip', applyToAll: false },
    ]);
    const resolver = createClashResolver(who.ask);
    const answers = await Promise.all([
      resolver.resolve({ batch: 'b1', clash: clash('a'), purpose: 'upload' }),
      resolver.resolve({ batch: 'b1', clash: clash('b'), purpose: 'upload' }),
      resolver.resolve({ batch: 'b1', clash: clash('c'), purpose: 'upload' }),
      resolver.resolve({ batch: 'b2', clash: clash('d'), purpose: 'restore' }),
    ]);
    expect(answers).toEqual(['keepBoth', 'keepBoth', 'keepBoth', 'skip']);
    // questions asked at once come one at a time; the remembered ones are not asked
    expect(who.asked).toEqual(['a', 'd']);
    expect(resolver.rememberedFor('b1')).toBe('keepBoth');
    expect(resolver.rememberedFor('b2')).toBeUndefined();
  });

  it('keeps asking after a question failed', async () => {
    const who = person([{ choice: 'replace', applyToAll: false }]);
    let first = true;
    const resolver = createClashResolver(async (question) => {
      if (first) {
        first = false;
        throw new Error('dialog gone');
      }
      return who.ask(question);
    });
    await expect(resolver.resolve({ batch: 'b', clash: clash('x'), purpose: 'upload' })).rejects.toThrow('dialog gone');
    expect(await resolver.resolve({ batch: 'b', clash: clash('y'), purpose: 'upload' })).toBe('replace');
  });

  it('groups a restore by the choice made for each batch', () => {
    expect(groupByChoice(['b1', 'b2', 'b3', 'b4'], ['replace', 'skip', 'keepBoth', 'replace'])).toEqual({
      replace: ['b1', 'b4'],
      keepBoth: ['b3'],
      skip: ['b2'],
    });
  });
});

describe('a numbered name as an example', () => {
  it('numbers before the extension, and folders and names without one at the end', () => {
    expect(numberedExample('part.dxf', false)).toBe('part (1).dxf');
    expect(numberedExample('archive.tar.gz', false)).toBe('archive.tar (1).gz');
    expect(numberedExample('README', false)).toBe('README (1)');
    expect(numberedExample('.env', false)).toBe('.env (1)');
    expect(numberedExample('v1.2', true)).toBe('v1.2 (1)');
  });
});
