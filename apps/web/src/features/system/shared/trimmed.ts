/** Trims what was typed in every text field of a form, as the server stores it. */
export function trimmed<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T;
}
