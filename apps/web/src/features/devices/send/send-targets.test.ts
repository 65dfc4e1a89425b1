import { describe, expect, it } from 'vitest';
import { canReceiveJob, sendTargets } from './send-targets';

describe('send to machine targets', () => {
  it('offers connected machines first, the away ones after, by name', () => {
    const machines = [
      { name: 'B', machineCode: 'KF2', state: 'offline' as const },
      { name: '', machineCode: 'KF9', state: 'idle' as const },
      { name: 'A', machineCode: 'KF1', state: 'softShutdown' as const },
      { name: 'C', machineCode: 'KF3', state: 'running' as const },
    ];
    expect(sendTargets(machines).map((m) => m.machineCode)).toEqual(['KF3', 'KF9', 'KF1', 'KF2']);
  });

  it('a machine that is off or shut down takes no job; a silent one is tried (the server decides)', () => {
    expect(canReceiveJob({ state: 'offline' })).toBe(false);
    expect(canReceiveJob({ state: 'softShutdown' })).toBe(false);
    expect(canReceiveJob({ state: 'noResponse' })).toBe(true);
    expect(canReceiveJob({ state: 'paused' })).toBe(true);
  });
});
