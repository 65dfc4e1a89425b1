import { DEVICE_RUNTIME_STATES, deviceMessages } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { cameraPrecondition, cameraProblem } from './camera-problem';
import { commandsFor, STATE_TONE } from './device-state';

describe('device states in the page', () => {
  it('every runtime state has a look; only connected machines are offered commands', () => {
    for (const state of DEVICE_RUNTIME_STATES) expect(STATE_TONE[state]).toBeDefined();
    expect(commandsFor('running')).toEqual(['pause', 'stop', 'setPowerLimit']);
    expect(commandsFor('paused')).toContain('resume');
    expect(commandsFor('idle')).not.toContain('pause');
    for (const away of ['offline', 'softShutdown', 'noResponse', 'other'] as const)
      expect(commandsFor(away)).toEqual([]);
  });
});

describe('camera messages (SPEC §8)', () => {
  const fail = (name: string) => Object.assign(new Error(name), { name });

  it('says why the page cannot ask for the camera at all', () => {
    expect(cameraPrecondition({ secure: false, hasGetUserMedia: true })).toBe('cameraInsecure');
    expect(cameraPrecondition({ secure: true, hasGetUserMedia: false })).toBe('cameraUnsupported');
    expect(cameraPrecondition({ secure: true, hasGetUserMedia: true })).toBeNull();
  });

  it('turns each getUserMedia failure into its message, in both languages', () => {
    expect(cameraProblem(fail('NotAllowedError'))).toBe('cameraPermission');
    expect(cameraProblem(fail('NotFoundError'))).toBe('cameraNone');
    expect(cameraProblem(fail('NotReadableError'))).toBe('cameraBusy');
    expect(cameraProblem(fail('OverconstrainedError'))).toBe('cameraUnsuitable');
    expect(cameraProblem(fail('TypeError'))).toBe('cameraUnsupported');
    for (const key of [
      'cameraPermission',
      'cameraNone',
      'cameraBusy',
      'cameraUnsuitable',
      'cameraUnsupported',
      'cameraInsecure',
    ] as const) {
      expect(deviceMessages[key]['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
      expect(deviceMessages[key].en).toMatch(/^[A-Z]/);
    }
  });
});
