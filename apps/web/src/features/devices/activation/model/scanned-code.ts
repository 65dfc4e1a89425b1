import { type Bilingual, codeFromScan, type DeviceCodeKind } from '@kerf/contract';
import { CODE_READERS } from './code-fields';

export type ScanReading =
  | { ok: true; field: DeviceCodeKind; value: string }
  | { ok: false; read: string; message: Bilingual };

/** Codes that carry a check character: a text that passes one of them is almost surely that code. */
const CHECKED: readonly DeviceCodeKind[] = ['machineCode', 'boardSerial'];

/**
 * Which field a scanned text fills, and with what. The label may hold the bare code or a link to the
 * activation page with it (`codeFromScan`).
 *
 * The field whose scan button was pressed comes first. A machine label and a board label often sit
 * side by side, so a text that passes the check of another offered field fills that field instead of
 * being refused (a machine code has 12 characters and a serial 16, each with its own check character,
 * so they are never mistaken for each other). A motherboard model has no check character and fits
 * nearly any code, so it is only taken where it was asked for, and only when the text is not a
 * checked code of another offered field.
 */
export function readScannedCode(text: string, wanted: DeviceCodeKind, offered: readonly DeviceCodeKind[]): ScanReading {
  const code = codeFromScan(text);
  const others = CHECKED.filter((kind) => kind !== wanted && offered.includes(kind));
  const order = wanted === 'boardModel' ? [...others, wanted] : [wanted, ...others];
  let refusal: Bilingual | undefined;
  for (const kind of order) {
    const reading = CODE_READERS[kind](code);
    if (reading.ok) return { ok: true, field: kind, value: reading.value };
    if (kind === wanted) refusal = reading.message;
  }
  // the wanted field is always in the order, so its refusal is known here
  return { ok: false, read: code, message: refusal as Bilingual };
}
