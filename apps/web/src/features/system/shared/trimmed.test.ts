import { describe, expect, it } from 'vitest';
import { trimmed } from './trimmed';

describe('trimmed', () => {
  it('trims the text fields and leaves the others', () => {
    expect(trimmed({ value: ' matt ', sort: 2, on: true })).toEqual({ value: 'matt', sort: 2, on: true });
  });
});
