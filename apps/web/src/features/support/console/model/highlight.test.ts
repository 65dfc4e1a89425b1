import { describe, expect, it } from 'vitest';
import { highlightPieces } from './highlight';

describe('highlightPieces', () => {
  it('marks every occurrence, whatever its case', () => {
    expect(highlightPieces('Laser laser LASER!', 'laser')).toEqual([
      { text: 'Laser', match: true },
      { text: ' ', match: false },
      { text: 'laser', match: true },
      { text: ' ', match: false },
      { text: 'LASER', match: true },
      { text: '!', match: false },
    ]);
  });

  it('leaves text without the word, and an empty search, whole', () => {
    expect(highlightPieces('激光头不亮', '风扇')).toEqual([{ text: '激光头不亮', match: false }]);
    expect(highlightPieces('abc', '  ')).toEqual([{ text: 'abc', match: false }]);
    expect(highlightPieces('', 'a')).toEqual([]);
  });

  it('keeps markup as text', () => {
    expect(highlightPieces('<b>x</b>', 'x')).toEqual([
      { text: '<b>', match: false },
      { text: 'x', match: true },
      { text: '</b>', match: false },
    ]);
  });
});
