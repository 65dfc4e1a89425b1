import {
  type CodeReading,
  type DeviceCodeKind,
  type Locale,
  readBoardModel,
  readBoardSerial,
  readMachineCode,
} from '@kerf/contract';

/**
 * The contract's reader for each code the activation forms ask for. They are the very checks the
 * server runs, so a mistyped code is refused before any call, in the words the server would use.
 */
export const CODE_READERS: Readonly<Record<DeviceCodeKind, (raw: string | null | undefined) => CodeReading>> = {
  machineCode: readMachineCode,
  boardModel: readBoardModel,
  boardSerial: readBoardSerial,
};

/** Why a typed code is refused, in the reader's language; null when it reads. */
export function codeProblem(kind: DeviceCodeKind, raw: string | null | undefined, locale: Locale): string | null {
  const reading = CODE_READERS[kind](raw);
  return reading.ok ? null : reading.message[locale];
}

/**
 * The code as the server stores it (spaces and dashes dropped, letters raised), or the text as
 * typed when it does not read, so the field keeps what the person wrote and its rule can say why.
 */
export function canonicalCode(kind: DeviceCodeKind, raw: string | null | undefined): string {
  const reading = CODE_READERS[kind](raw);
  return reading.ok ? reading.value : (raw ?? '').trim();
}
