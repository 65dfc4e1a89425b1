import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../stores/create-store';
import { rememberedFlag } from './remembered-flag';

describe('rememberedFlag', () => {
  it('gives the fallback until something is stored, then the stored choice', () => {
    const storage = memoryStorage();
    const flag = rememberedFlag(storage, 'strip', true);
    expect(flag.read()).toBe(true);
    flag.write(false, 1000);
    expect(flag.read(2000)).toBe(false);
    expect(rememberedFlag(storage, 'strip', true).read(2000)).toBe(false);
  });

  it('forgets the choice 1440 minutes after it was set', () => {
    const flag = rememberedFlag(memoryStorage(), 'strip', true);
    flag.write(false, 0);
    expect(flag.read(1440 * 60_000 - 1)).toBe(false);
    expect(flag.read(1440 * 60_000)).toBe(true);
  });

  it('ignores broken values', () => {
    const storage = memoryStorage();
    const flag = rememberedFlag(storage, 'strip', false);
    for (const raw of ['{', '"yes"', '{"value":"x","expires":9e15}', '{"value":true}']) {
      storage.setItem('strip', raw);
      expect(flag.read()).toBe(false);
    }
  });
});
