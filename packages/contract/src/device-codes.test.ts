import { describe, expect, it } from 'vitest';
import { activationDetailsSchema, deviceEditSchema, deviceIssueText } from './device.js';
import {
  checkCharacter,
  codeFromScan,
  deviceCodeMessages,
  readBoardModel,
  readBoardSerial,
  readMachineCode,
  withCheckCharacter,
} from './device-codes.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('ISO/IEC 7064 MOD 37,36 check character', () => {
  it('matches the published example (a Global Release Identifier)', () => {
    // GRid A1-2425G-ABC1234002-M: the check character of A12425GABC1234002 is M.
    expect(checkCharacter('A12425GABC1234002')).toBe('M');
  });

  it('catches every single changed character', () => {
    const code = withCheckCharacter('KF26A000137');
    expect(readMachineCode(code)).toEqual({ ok: true, value: code });
    for (let i = 0; i < code.length; i++) {
      for (const c of ALPHABET) {
        if (c === code[i]) continue;
        const typo = code.slice(0, i) + c + code.slice(i + 1);
        expect(readMachineCode(typo).ok, typo).toBe(false);
      }
    }
  });

  it('catches nearly every swap of two different neighbours (more than 99.5 %)', () => {
    let swaps = 0;
    let caught = 0;
    for (let n = 0; n < 2000; n++) {
      const payload = Array.from({ length: 11 }, (_, i) => ALPHABET[(n * 7 + i * i * 13 + i * n) % 36]).join('');
      const code = withCheckCharacter(payload);
      for (let i = 0; i + 1 < code.length; i++) {
        if (code[i] === code[i + 1]) continue;
        swaps++;
        const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
        if (!readMachineCode(swapped).ok) caught++;
      }
    }
    expect(swaps).toBeGreaterThan(15_000);
    expect(caught / swaps).toBeGreaterThan(0.995);
  });
});

describe('reading codes as people type and scan them', () => {
  it('drops spaces and dashes and raises small letters', () => {
    const code = withCheckCharacter('KF26A000137');
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4, 8)} ${code.slice(8)}`;
    expect(readMachineCode(typed)).toEqual({ ok: true, value: code });
  });

  it('names the problem: missing, wrong shape, wrong check', () => {
    expect(readMachineCode('  ')).toMatchObject({
      ok: false,
      problem: 'required',
      message: deviceCodeMessages.machineCodeRequired,
    });
    expect(readMachineCode('KF26A00013')).toMatchObject({ ok: false, problem: 'format' });
    expect(readMachineCode('KF26A00013_7')).toMatchObject({ ok: false, problem: 'format' });
    const code = withCheckCharacter('KF26A000137');
    const wrong = code.slice(0, -1) + (code.endsWith('0') ? '1' : '0');
    expect(readMachineCode(wrong)).toMatchObject({
      ok: false,
      problem: 'check',
      message: deviceCodeMessages.machineCodeCheck,
    });
    expect(readBoardSerial('')).toMatchObject({ problem: 'required', message: deviceCodeMessages.boardSerialRequired });
    expect(readBoardSerial('ABC')).toMatchObject({ problem: 'format', message: deviceCodeMessages.boardSerialFormat });
    const serial = withCheckCharacter('MB2026110000042');
    expect(readBoardSerial(serial)).toEqual({ ok: true, value: serial });
    expect(readBoardModel('kb-3m')).toEqual({ ok: true, value: 'KB-3M' });
    expect(readBoardModel('3KB')).toMatchObject({ problem: 'format', message: deviceCodeMessages.boardModelFormat });
    expect(readBoardModel(undefined)).toMatchObject({ problem: 'required' });
  });

  it('finds the code in a scanned activation link or takes the text as it is', () => {
    expect(codeFromScan('https://kerf.example/web/activate?tab=bind&code=KF26A0001370')).toBe('KF26A0001370');
    expect(codeFromScan('  KF26A0001370\n')).toBe('KF26A0001370');
  });
});

describe('device forms', () => {
  it('the name must not be empty and the power must be greater than 0 (SPEC §5)', () => {
    const id = '0193b2c4-0000-7000-8000-000000000001';
    const blank = deviceEditSchema.safeParse({ id, name: '   ', power: 60 });
    expect(blank.success).toBe(false);
    expect(deviceIssueText(blank.error?.issues[0]?.message, 'zh-CN')).toBe('设备名称不能为空');
    const zero = deviceEditSchema.safeParse({ id, name: 'Cutter', power: 0 });
    expect(deviceIssueText(zero.error?.issues[0]?.message, 'en')).toBe('The power must be greater than 0');
    expect(deviceEditSchema.parse({ id, name: ' Cutter ', power: 0.5 })).toEqual({ id, name: 'Cutter', power: 0.5 });
  });

  it('activation details: a mainland mobile number, a responsible person, a real date', () => {
    const good = activationDetailsSchema.parse({ responsiblePerson: '王工', contactPhone: '+86 138-0013-8000' });
    expect(good).toMatchObject({ contactPhone: '13800138000', address: '', remark: '' });
    const phone = activationDetailsSchema.safeParse({ responsiblePerson: '王工', contactPhone: '12800138000' });
    expect(deviceIssueText(phone.error?.issues[0]?.message, 'zh-CN')).toBe('请输入正确的手机号码');
    const date = activationDetailsSchema.safeParse({
      responsiblePerson: 'A',
      contactPhone: '13800138000',
      activationDate: '2026-13-40',
    });
    expect(date.success).toBe(false);
    const person = activationDetailsSchema.safeParse({ responsiblePerson: ' ', contactPhone: '13800138000' });
    expect(deviceIssueText(person.error?.issues[0]?.message, 'en')).toBe('Enter the responsible person');
  });
});
