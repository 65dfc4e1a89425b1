import { deviceCodeMessages, withCheckCharacter } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { canonicalCode, codeProblem } from './code-fields';
import { readScannedCode } from './scanned-code';

const machineCode = withCheckCharacter('KF260100001');
const boardSerial = withCheckCharacter('MB2601000000042');
const every = ['machineCode', 'boardModel', 'boardSerial'] as const;

describe('typed codes', () => {
  it('are read as the server reads them, and refused in its words', () => {
    expect(codeProblem('machineCode', machineCode.toLowerCase(), 'en')).toBeNull();
    expect(canonicalCode('machineCode', ` ${machineCode.slice(0, 4)}-${machineCode.slice(4).toLowerCase()} `)).toBe(
      machineCode,
    );
    expect(codeProblem('machineCode', '', 'zh-CN')).toBe(deviceCodeMessages.machineCodeRequired['zh-CN']);
    expect(codeProblem('boardSerial', 'ABC', 'en')).toBe(deviceCodeMessages.boardSerialFormat.en);
    const typo = `${machineCode.slice(0, 11)}${machineCode.endsWith('0') ? '1' : '0'}`;
    expect(codeProblem('machineCode', typo, 'zh-CN')).toBe(deviceCodeMessages.machineCodeCheck['zh-CN']);
    // a code that does not read stays as typed, for its rule to speak
    expect(canonicalCode('boardSerial', ' abc ')).toBe('abc');
  });
});

describe('a scanned text', () => {
  it('fills the field whose scan button was pressed, from a bare code or an activation link', () => {
    expect(readScannedCode(machineCode, 'machineCode', every)).toEqual({
      ok: true,
      field: 'machineCode',
      value: machineCode,
    });
    const link = `https://kerf.example.com/web/activate?code=${machineCode.toLowerCase()}`;
    expect(readScannedCode(link, 'machineCode', every)).toMatchObject({ ok: true, value: machineCode });
    expect(readScannedCode(' k40-mb ', 'boardModel', every)).toEqual({
      ok: true,
      field: 'boardModel',
      value: 'K40-MB',
    });
  });

  it("fills another offered field when it is that field's code", () => {
    expect(readScannedCode(boardSerial, 'machineCode', every)).toEqual({
      ok: true,
      field: 'boardSerial',
      value: boardSerial,
    });
    // a serial label scanned from the model's button: the model has no check to tell, the serial has
    expect(readScannedCode(boardSerial, 'boardModel', every)).toMatchObject({ field: 'boardSerial' });
    // ... but only fields the form shows
    expect(readScannedCode(boardSerial, 'machineCode', ['machineCode'])).toMatchObject({ ok: false });
  });

  it('is refused with the wanted field’s message when it is no code of the form', () => {
    const reading = readScannedCode('https://example.com/manual', 'machineCode', every);
    expect(reading).toEqual({
      ok: false,
      read: 'https://example.com/manual',
      message: deviceCodeMessages.machineCodeFormat,
    });
    expect(readScannedCode('ABCDEFGHIJKL', 'boardSerial', ['boardModel', 'boardSerial'])).toMatchObject({
      ok: false,
      message: deviceCodeMessages.boardSerialFormat,
    });
  });
});
