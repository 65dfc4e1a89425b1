import { deviceMessages } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { checkDeviceEdit, deviceNameProblem, devicePowerProblem, powerLimitProblem } from './device-edit-form';

describe('editing a machine’s name and power (SPEC §5)', () => {
  it('accepts a name and a positive power, trimmed as the server stores them', () => {
    expect(checkDeviceEdit({ name: '  切割机 A1 ', power: 60 }, 'zh-CN')).toEqual({
      ok: true,
      name: '切割机 A1',
      power: 60,
    });
  });

  it('says the server’s words for an empty name and a power that is not above 0', () => {
    expect(checkDeviceEdit({ name: '   ', power: 0 }, 'zh-CN')).toEqual({
      ok: false,
      problems: { name: deviceMessages.nameRequired['zh-CN'], power: deviceMessages.powerPositive['zh-CN'] },
    });
    expect(checkDeviceEdit({ name: 'A1', power: null }, 'en')).toEqual({
      ok: false,
      problems: { power: deviceMessages.powerPositive.en },
    });
    expect(checkDeviceEdit({ name: 'A1', power: -3 }, 'en')).toMatchObject({ ok: false });
  });

  it('refuses a name too long or with hidden direction marks', () => {
    expect(checkDeviceEdit({ name: 'x'.repeat(65), power: 1 }, 'en')).toEqual({
      ok: false,
      problems: { name: deviceMessages.nameTooLong.en },
    });
    expect(checkDeviceEdit({ name: 'A\u202e1', power: 1 }, 'zh-CN')).toEqual({
      ok: false,
      problems: { name: deviceMessages.invisibleChars['zh-CN'] },
    });
  });

  it('keeps a power limit between 1 % and 100 %', () => {
    expect(powerLimitProblem(1, 'zh-CN')).toBeNull();
    expect(powerLimitProblem(100, 'en')).toBeNull();
    expect(powerLimitProblem(0, 'zh-CN')).toBe(deviceMessages.powerLimitRange['zh-CN']);
    expect(powerLimitProblem(101, 'en')).toBe(deviceMessages.powerLimitRange.en);
    expect(powerLimitProblem(null, 'en')).toBe(deviceMessages.powerLimitRange.en);
  });
});

describe('each field on its own, as the form checks it while typing', () => {
  it('says nothing of a good value and the rule’s words of a bad one', () => {
    expect(deviceNameProblem('A1', 'en')).toBeNull();
    expect(deviceNameProblem(undefined, 'zh-CN')).toBe(deviceMessages.nameRequired['zh-CN']);
    expect(devicePowerProblem(0.5, 'en')).toBeNull();
    expect(devicePowerProblem(undefined, 'en')).toBe(deviceMessages.powerPositive.en);
  });
});
