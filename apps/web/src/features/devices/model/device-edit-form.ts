import { deviceIssueText, deviceNameSchema, devicePowerSchema, type Locale, powerLimitSchema } from '@kerf/contract';

/**
 * The edit dialog's and the power limit box's rules are the contract's schemas (SPEC §5: the name is
 * not empty, the power is greater than 0; a power limit of 1–100 %), run as they are, so the form says
 * what the server would say, in the reader's language.
 */
export interface DeviceEditValues {
  name: string;
  /** null: the box is empty. */
  power: number | null;
}

export type DeviceEditCheck =
  | { ok: true; name: string; power: number }
  | { ok: false; problems: Partial<Record<keyof DeviceEditValues, string>> };

/** What this file needs of a contract schema (the web app does not depend on zod itself). */
interface Rule {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Array<{ message: string }> } };
}

/** The first broken rule's words, or null; an empty number box is "no number" (`undefined`). */
function problemOf(schema: Rule, value: unknown, locale: Locale): string | null {
  const result = schema.safeParse(value ?? undefined);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  return deviceIssueText(message, locale) ?? message ?? '';
}

export const deviceNameProblem = (name: string | null | undefined, locale: Locale) =>
  problemOf(deviceNameSchema, name ?? '', locale);

export const devicePowerProblem = (power: number | null | undefined, locale: Locale) =>
  problemOf(devicePowerSchema, power, locale);

/** The power limit's problem in words, or null when the percent is fine. */
export const powerLimitProblem = (percent: number | null | undefined, locale: Locale) =>
  problemOf(powerLimitSchema, percent, locale);

/** Both fields at once: the values to send (the name trimmed, as the server stores it), or the problems. */
export function checkDeviceEdit(values: DeviceEditValues, locale: Locale): DeviceEditCheck {
  const name = deviceNameProblem(values.name, locale);
  const power = devicePowerProblem(values.power, locale);
  if (name === null && power === null) {
    return { ok: true, name: deviceNameSchema.parse(values.name), power: values.power as number };
  }
  const problems: Partial<Record<keyof DeviceEditValues, string>> = {};
  if (name !== null) problems.name = name;
  if (power !== null) problems.power = power;
  return { ok: false, problems };
}
