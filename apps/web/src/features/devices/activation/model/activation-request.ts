import { activationDetailsSchema, type DeviceCodeKind, deviceIssueText, type Locale } from '@kerf/contract';
import type { ActivationInput, BoardChange, DeviceCodes } from '../../../../api/device-api';
import { CODE_READERS } from './code-fields';

/**
 * The three activation forms' values and the calls they become. The rules are the contract's: the
 * code readers and `activationDetailsSchema`, run as the server runs them, so what the form accepts
 * the server accepts, and a refusal is placed on its field in the reader's language.
 */

export type QueryMode = 'machine' | 'board';

export interface QueryFormValues {
  mode: QueryMode;
  machineCode: string;
  boardModel: string;
  boardSerial: string;
}

export interface ActivationFormValues {
  machineCode: string;
  boardModel: string;
  boardSerial: string;
  /** YYYY-MM-DD, or empty for today (the server's default). */
  activationDate?: string | null;
  responsiblePerson: string;
  contactPhone: string;
  address?: string;
  remark?: string;
}

export interface BoardChangeFormValues {
  machineCode: string;
  boardModel: string;
  boardSerial: string;
}

export type DetailField = 'activationDate' | 'responsiblePerson' | 'contactPhone' | 'address' | 'remark';
export type FormField = DeviceCodeKind | DetailField;

export interface FieldProblem<F extends FormField = FormField> {
  field: F;
  message: string;
}

/** What the form becomes, or each refused field (only fields the form has: `F`) with why. */
export type Checked<T, F extends FormField = FormField> =
  | { ok: true; value: T }
  | { ok: false; problems: FieldProblem<F>[] };

/** The codes a form section asks for, read; each refused one named on its field. */
function readCodes<K extends DeviceCodeKind>(
  kinds: readonly K[],
  values: Partial<Record<DeviceCodeKind, string>>,
  locale: Locale,
): Checked<Record<K, string>, K> {
  const read = {} as Record<K, string>;
  const problems: FieldProblem<K>[] = [];
  for (const kind of kinds) {
    const reading = CODE_READERS[kind](values[kind]);
    if (reading.ok) read[kind] = reading.value;
    else problems.push({ field: kind, message: reading.message[locale] });
  }
  return problems.length ? { ok: false, problems } : { ok: true, value: read };
}

/** The query: by the machine code alone, or by both motherboard codes. */
export function queryCodesOf(values: QueryFormValues, locale: Locale): Checked<DeviceCodes, DeviceCodeKind> {
  return values.mode === 'board'
    ? readCodes(['boardModel', 'boardSerial'], values, locale)
    : readCodes(['machineCode'], values, locale);
}

/** A blank date box means today, which the server fills in with its own clock. */
const dateOrNothing = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);

/** Why one of the owner's details is refused, in the reader's language; null when it passes. */
export function detailProblem(field: DetailField, value: unknown, locale: Locale): string | null {
  const shape = activationDetailsSchema.shape[field];
  const parsed = shape.safeParse(field === 'activationDate' ? dateOrNothing(value as string) : (value ?? ''));
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message;
  return deviceIssueText(message, locale) ?? message ?? '';
}

/** The activation call (激活成功): the three codes read, the details as the server will store them. */
export function activationInputOf(values: ActivationFormValues, locale: Locale): Checked<ActivationInput> {
  const codes = readCodes(['machineCode', 'boardModel', 'boardSerial'], values, locale);
  const details = activationDetailsSchema.safeParse({
    activationDate: dateOrNothing(values.activationDate),
    responsiblePerson: values.responsiblePerson ?? '',
    contactPhone: values.contactPhone ?? '',
    address: values.address ?? '',
    remark: values.remark ?? '',
  });
  const problems: FieldProblem[] = codes.ok ? [] : [...codes.problems];
  if (!details.success) {
    const seen = new Set<string>();
    for (const issue of details.error.issues) {
      const field = String(issue.path[0]) as DetailField;
      if (seen.has(field)) continue;
      seen.add(field);
      problems.push({ field, message: deviceIssueText(issue.message, locale) ?? issue.message });
    }
  }
  if (!codes.ok || !details.success) return { ok: false, problems };
  const { activationDate, ...rest } = details.data;
  return { ok: true, value: { ...codes.value, ...rest, ...(activationDate ? { activationDate } : {}) } };
}

/** The board change (更换成功): the machine's code and the new board's two codes. */
export function boardChangeOf(values: BoardChangeFormValues, locale: Locale): Checked<BoardChange, DeviceCodeKind> {
  return readCodes(['machineCode', 'boardModel', 'boardSerial'], values, locale);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as the date box and the server write it (YYYY-MM-DD), in the person's own time zone. */
export function localDateOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
