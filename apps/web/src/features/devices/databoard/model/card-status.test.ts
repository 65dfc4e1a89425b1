import { describe, expect, it } from 'vitest';
import { cardStatus } from './card-status';

const empty = (list: number[]) => list.length === 0;

describe('card status', () => {
  it('loads, then shows the data or says there is none', () => {
    expect(cardStatus<number[]>({ isError: false }, empty)).toBe('loading');
    expect(cardStatus({ data: [], isError: false }, empty)).toBe('empty');
    expect(cardStatus({ data: [1], isError: false }, empty)).toBe('ready');
  });

  it('fails only when there is nothing to show, keeping figures a later refresh could not renew', () => {
    expect(cardStatus<number[]>({ isError: true }, empty)).toBe('failed');
    expect(cardStatus({ data: [1], isError: true }, empty)).toBe('ready');
  });
});
