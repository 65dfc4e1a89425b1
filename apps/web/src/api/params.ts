/**
 * Serialises query parameters and form bodies the way the server's `qs` parser reads them (SPEC §7):
 * nested objects as `key[sub]=v`, arrays as `key[0]=v`. Empty values (undefined, null, '') are left
 * out, as the original client did, so an unset filter does not reach the server as an empty string.
 */
export function serializeParams(params: unknown): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (value instanceof Date) {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value.toISOString())}`);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        add(`${key}[${i}]`, item);
      });
    } else if (typeof value === 'object') {
      for (const [sub, item] of Object.entries(value as Record<string, unknown>)) add(`${key}[${sub}]`, item);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  if (params instanceof URLSearchParams) return params.toString();
  if (params && typeof params === 'object') {
    for (const [key, value] of Object.entries(params as Record<string, unknown>)) add(key, value);
  }
  return pairs.join('&');
}
