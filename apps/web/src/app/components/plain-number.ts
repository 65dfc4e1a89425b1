/**
 * Shows numbers as typed, without the trailing zeros a fractional step would add (3, not 3.0);
 * while the person types, their text stays as it is.
 */
export function plainNumber(value: number | string | undefined, info: { userTyping: boolean; input: string }): string {
  if (info.userTyping) return info.input;
  if (value === undefined || value === null || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : String(value);
}
