import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use.js';

describe('onFirstUse', () => {
  it('loads once for every caller, and again after a failed load', async () => {
    let calls = 0;
    const load = onFirstUse(async () => {
      calls++;
      if (calls === 1) throw new Error('not yet');
      return calls;
    });
    await expect(load()).rejects.toThrow('not yet');
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b, await load()]).toEqual([2, 2, 2]);
    expect(calls).toBe(2);
  });
});
