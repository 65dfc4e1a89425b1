import { withCheckCharacter } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import {
  activationAddressOf,
  deviceDetailAddress,
  nextStepsOf,
  prefillOf,
  tabAddress,
  tabOfPath,
} from './activation-address';

const machineCode = withCheckCharacter('KF260100001');

describe('the activation page address', () => {
  it('names the tab by its last segment', () => {
    expect(tabOfPath('/activate/bind')).toBe('bind');
    expect(tabOfPath('/activate/change/')).toBe('change');
    expect(tabOfPath('/activate')).toBe('query');
    expect(tabOfPath('/activate/other')).toBe('query');
  });

  it("prefills the machine code from a label's ?code=, read and raised", () => {
    expect(prefillOf(new URLSearchParams(`code=${machineCode.toLowerCase()}`))).toEqual({
      machineCode,
      boardModel: '',
      boardSerial: '',
    });
    // a code that does not read is kept as written, for the field to say why
    expect(prefillOf(new URLSearchParams('code=nonsense')).machineCode).toBe('nonsense');
  });

  it('keeps only the machine code when switching tabs', () => {
    expect(tabAddress('change', { machineCode })).toBe(`/activate/change?code=${machineCode}`);
    expect(tabAddress('query', { machineCode: '' })).toBe('/activate/query');
  });

  it('leads from a query result to the activation form with its codes, and to the device detail', () => {
    const link = activationAddressOf({ machineCode, boardModel: 'K40-MB', boardSerial: 'S1' });
    expect(link).toBe(`/activate/bind?code=${machineCode}&boardModel=K40-MB&boardSerial=S1`);
    expect(prefillOf(new URL(link, 'http://x').searchParams)).toMatchObject({ machineCode, boardModel: 'K40-MB' });
    expect(deviceDetailAddress('a b')).toBe('/device/detail?id=a%20b');
  });

  it('offers activation for a machine nobody holds, detail and change for mine, nothing for another’s', () => {
    expect(nextStepsOf({ bindingState: 'unbound', binding: 'unbound' })).toEqual(['activate']);
    expect(nextStepsOf({ bindingState: 'bound', binding: 'mine' })).toEqual(['detail', 'change']);
    expect(nextStepsOf({ bindingState: 'bound', binding: 'other' })).toEqual([]);
  });
});
