import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROFILES } from '../model/job/machine-profiles';
import { readMachines } from './machine-store';

const storage = (value: string | null) => ({
  getItem: () => value,
  setItem: () => undefined,
  removeItem: () => undefined,
});

describe('stored machine choice', () => {
  it('reads the chosen profile and the user’s own, dropping unusable ones', () => {
    const own = { ...BUILT_IN_PROFILES[1]!, id: 'mine', name: 'Shop CO₂', builtIn: true };
    const broken = { ...own, id: 'broken', bedWidth: 0 };
    const read = readMachines(storage(JSON.stringify({ profileId: 'mine', own: [own, broken] })));
    expect(read.profileId).toBe('mine');
    expect(read.own.map((p) => [p.id, p.builtIn])).toEqual([['mine', false]]);
  });

  it('falls back to the first built-in machine for nothing stored, garbage or a profile gone', () => {
    expect(readMachines(storage(null)).profileId).toBe(BUILT_IN_PROFILES[0]!.id);
    expect(readMachines(storage('{not json')).profileId).toBe(BUILT_IN_PROFILES[0]!.id);
    expect(readMachines(storage(JSON.stringify({ profileId: 'gone', own: [] }))).profileId).toBe(
      BUILT_IN_PROFILES[0]!.id,
    );
  });
});
