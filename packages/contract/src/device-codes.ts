import type { Bilingual } from './locale.js';

/**
 * The codes printed on a machine and on its motherboard (SPEC §2 `/activate`, §8 parsing errors),
 * read the same way when typed, scanned or imported. `docs/device-protocol.md` gives the format to
 * the factory:
 *
 * - **Machine code** (机器码, the machine number): 12 characters, digits and capital letters; the
 *   last is an ISO/IEC 7064 MOD 37,36 check character over the first 11. It names the machine for
 *   life and is its MQTT serial (`dev/{machine code}/…`).
 * - **Motherboard model** (主板型号): a capital letter then 1–15 capital letters, digits or `-`.
 * - **Motherboard serial** (主板序列号): 16 characters, digits and capital letters; the last is the
 *   MOD 37,36 check character over the first 15.
 *
 * People type codes with spaces, dashes and small letters: those are dropped or raised before the
 * check (a model keeps its dashes). The check character catches every single mistyped character and
 * nearly every swap of two neighbours (about 998 in 1,000), which is why machine and board serials
 * carry one.
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MODULUS = 36;

/** ISO/IEC 7064 MOD 37,36 (hybrid system): the check character for a payload of 0-9A-Z. */
export function checkCharacter(payload: string): string {
  let product = MODULUS;
  for (const char of payload) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) throw new RangeError(`not a code character: ${char}`);
    let sum = (product + value) % MODULUS;
    if (sum === 0) sum = MODULUS;
    product = (sum * 2) % (MODULUS + 1);
  }
  return ALPHABET[(MODULUS + 1 - product) % MODULUS] as string;
}

export const MACHINE_CODE_LENGTH = 12;
export const BOARD_SERIAL_LENGTH = 16;
const BOARD_MODEL_PATTERN = /^[A-Z][A-Z0-9-]{1,15}$/;

export type DeviceCodeKind = 'machineCode' | 'boardModel' | 'boardSerial';
export type DeviceCodeProblem = 'required' | 'format' | 'check';

export const deviceCodeMessages = {
  machineCodeRequired: { 'zh-CN': '请输入机器码', en: 'Enter the machine code' },
  machineCodeFormat: {
    'zh-CN': `机器码格式错误：应为${MACHINE_CODE_LENGTH}位数字或大写字母`,
    en: `The machine code is not valid: it has ${MACHINE_CODE_LENGTH} digits or capital letters`,
  },
  machineCodeCheck: {
    'zh-CN': '机器码校验位不符，请检查是否输错',
    en: 'The machine code’s check character does not match: check for a typing mistake',
  },
  boardModelRequired: { 'zh-CN': '请输入主板型号', en: 'Enter the motherboard model' },
  boardModelFormat: {
    'zh-CN': '主板型号格式错误：以大写字母开头，2至16位大写字母、数字或-',
    en: 'The motherboard model is not valid: 2 to 16 capital letters, digits or -, starting with a letter',
  },
  boardSerialRequired: { 'zh-CN': '请输入主板序列号', en: 'Enter the motherboard serial number' },
  boardSerialFormat: {
    'zh-CN': `主板序列号格式错误：应为${BOARD_SERIAL_LENGTH}位数字或大写字母`,
    en: `The motherboard serial number is not valid: it has ${BOARD_SERIAL_LENGTH} digits or capital letters`,
  },
  boardSerialCheck: {
    'zh-CN': '主板序列号校验位不符，请检查是否输错',
    en: 'The motherboard serial number’s check character does not match: check for a typing mistake',
  },
} as const satisfies Record<string, Bilingual>;
export type DeviceCodeMessageKey = keyof typeof deviceCodeMessages;

export type CodeReading = { ok: true; value: string } | { ok: false; problem: DeviceCodeProblem; message: Bilingual };

function failed(kind: DeviceCodeKind, problem: DeviceCodeProblem): CodeReading {
  const key = `${kind}${problem[0]?.toUpperCase()}${problem.slice(1)}` as DeviceCodeMessageKey;
  return { ok: false, problem, message: deviceCodeMessages[key] };
}

function readChecked(kind: 'machineCode' | 'boardSerial', raw: string | null | undefined, length: number): CodeReading {
  const value = (raw ?? '').replace(/[\s-]/g, '').toUpperCase();
  if (!value) return failed(kind, 'required');
  if (value.length !== length || ![...value].every((c) => ALPHABET.includes(c))) return failed(kind, 'format');
  const payload = value.slice(0, -1);
  if (checkCharacter(payload) !== value.slice(-1)) return failed(kind, 'check');
  return { ok: true, value };
}

/** A machine code as typed or scanned: the canonical code, or why it is refused. */
export function readMachineCode(raw: string | null | undefined): CodeReading {
  return readChecked('machineCode', raw, MACHINE_CODE_LENGTH);
}

export function readBoardSerial(raw: string | null | undefined): CodeReading {
  return readChecked('boardSerial', raw, BOARD_SERIAL_LENGTH);
}

export function readBoardModel(raw: string | null | undefined): CodeReading {
  const value = (raw ?? '').replace(/\s/g, '').toUpperCase();
  if (!value) return failed('boardModel', 'required');
  if (!BOARD_MODEL_PATTERN.test(value)) return failed('boardModel', 'format');
  return { ok: true, value };
}

/** A code with its check character added: how the factory (and the tests) make valid codes. */
export function withCheckCharacter(payload: string): string {
  return payload + checkCharacter(payload);
}

/**
 * The code inside a scanned text. Labels carry either the bare code or a link to the activation page
 * with it (`…/activate?code=…`); anything else is returned as read, for the parser to judge.
 */
export function codeFromScan(text: string): string {
  const trimmed = text.trim();
  const match = /[?&](?:code|mc|sn)=([^&#\s]+)/i.exec(trimmed);
  return match?.[1] ? decodeURIComponent(match[1]) : trimmed;
}
