import { deviceCodeMessages, deviceMessages, withCheckCharacter } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import {
  type ActivationFormValues,
  activationInputOf,
  boardChangeOf,
  detailProblem,
  localDateOf,
  queryCodesOf,
} from './activation-request';

const machineCode = withCheckCharacter('KF260100001');
const boardSerial = withCheckCharacter('MB2601000000042');

const filled: ActivationFormValues = {
  machineCode: machineCode.toLowerCase(),
  boardModel: 'k40-mb',
  boardSerial: `${boardSerial.slice(0, 8)} ${boardSerial.slice(8)}`,
  activationDate: '2026-03-08',
  responsiblePerson: ' 王工 ',
  contactPhone: '+86 138-0013-8000',
  address: '深圳市南山区',
  remark: '',
};

describe('the query form', () => {
  it('asks by machine code, or by both board codes, read and raised', () => {
    const values = { machineCode: ` ${machineCode.toLowerCase()} `, boardModel: 'k40-mb', boardSerial };
    expect(queryCodesOf({ mode: 'machine', ...values }, 'en')).toEqual({ ok: true, value: { machineCode } });
    expect(queryCodesOf({ mode: 'board', ...values }, 'en')).toEqual({
      ok: true,
      value: { boardModel: 'K40-MB', boardSerial },
    });
  });

  it('names each refused code on its field, before any call', () => {
    const check = queryCodesOf({ mode: 'board', machineCode: '', boardModel: '', boardSerial: '12' }, 'zh-CN');
    expect(check).toEqual({
      ok: false,
      problems: [
        { field: 'boardModel', message: deviceCodeMessages.boardModelRequired['zh-CN'] },
        { field: 'boardSerial', message: deviceCodeMessages.boardSerialFormat['zh-CN'] },
      ],
    });
  });
});

describe('the activation form', () => {
  it('becomes the call the server takes: codes canonical, phone as digits, text trimmed', () => {
    expect(activationInputOf(filled, 'zh-CN')).toEqual({
      ok: true,
      value: {
        machineCode,
        boardModel: 'K40-MB',
        boardSerial,
        activationDate: '2026-03-08',
        responsiblePerson: '王工',
        contactPhone: '13800138000',
        address: '深圳市南山区',
        remark: '',
      },
    });
  });

  it('leaves a blank date out, so the server fills in today', () => {
    const check = activationInputOf({ ...filled, activationDate: null, address: undefined }, 'en');
    expect(check.ok && 'activationDate' in check.value).toBe(false);
    expect(check.ok && check.value.address).toBe('');
  });

  it('places every refusal on its field in the reader’s language', () => {
    const check = activationInputOf(
      { ...filled, boardSerial: '', responsiblePerson: '  ', contactPhone: '12345', activationDate: '2026-13-40' },
      'en',
    );
    expect(check.ok ? [] : check.problems).toEqual([
      { field: 'boardSerial', message: deviceCodeMessages.boardSerialRequired.en },
      { field: 'activationDate', message: deviceMessages.dateInvalid.en },
      { field: 'responsiblePerson', message: deviceMessages.personRequired.en },
      { field: 'contactPhone', message: deviceMessages.phoneFormat.en },
    ]);
  });

  it('checks one detail at a time as it is typed', () => {
    expect(detailProblem('contactPhone', '138 0013 8000', 'zh-CN')).toBeNull();
    expect(detailProblem('contactPhone', '23800138000', 'zh-CN')).toBe(deviceMessages.phoneFormat['zh-CN']);
    expect(detailProblem('responsiblePerson', '', 'zh-CN')).toBe(deviceMessages.personRequired['zh-CN']);
    expect(detailProblem('activationDate', '', 'en')).toBeNull();
    expect(detailProblem('address', undefined, 'en')).toBeNull();
    expect(detailProblem('remark', 'x'.repeat(501), 'en')).toBe(deviceMessages.textTooLong.en);
    expect(detailProblem('remark', 'a\u202Eb', 'en')).toBe(deviceMessages.invisibleChars.en);
  });
});

describe('the motherboard change', () => {
  it('sends the machine code and the new board’s codes', () => {
    expect(boardChangeOf({ machineCode, boardModel: 'k50', boardSerial }, 'en')).toEqual({
      ok: true,
      value: { machineCode, boardModel: 'K50', boardSerial },
    });
    expect(boardChangeOf({ machineCode: '', boardModel: 'K50', boardSerial }, 'en')).toMatchObject({ ok: false });
  });
});

describe('the activation date', () => {
  it('defaults to the local day, written as the server writes it', () => {
    expect(localDateOf(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
