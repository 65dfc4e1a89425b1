import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe('highlightParts', () => {
  it('marks the given ranges', () => {
    expect(
      highlightParts('plate-plate.dxf', [
        [0, 5],
        [6, 11],
      ]),
    ).toEqual([
      { text: 'plate', marked: true },
      { text: '-', marked: false },
      { text: 'plate', marked: true },
      { text: '.dxf', marked: false },
    ]);
  });

  it('merges overlaps and clips out-of-range ranges', () => {
    expect(
      highlightParts('abcdef', [
        [4, 99],
        [1, 3],
        [2, 4],
        [-5, 0],
      ]),
    ).toEqual([
      { text: 'a', marked: false },
      { text: 'bcdef', marked: true },
    ]);
  });

  it('keeps markup in a name as text', () => {
    expect(highlightParts('<b>x</b>', [[3, 4]])).toEqual([
      { text: '<b>', marked: false },
      { text: 'x', marked: true },
      { text: '</b>', marked: false },
    ]);
    expect(highlightParts('name', undefined)).toEqual([{ text: 'name', marked: false }]);
    expect(highlightParts('', [[0, 1]])).toEqual([]);
  });
});
