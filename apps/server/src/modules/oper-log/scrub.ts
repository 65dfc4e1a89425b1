import { OPER_LOG_LIMITS, SECRET_MASK } from '@kerf/contract';

/**
 * Names of fields whose values are secrets: passwords, tokens, verification and extraction codes,
 * captcha answers, signatures, keys. Matched on the name with separators removed, so `new_password`,
 * `client_secret` and `extractionCode` are all caught. `code` alone is a verification code here; codes
 * that are public identifiers (a currency's code, a parameter's key) are named in PUBLIC_CODES; a machine's
 * code claims the machine, so it is a secret too.
 */
const SECRET_NAME = /password|passwd|^pass$|pwd|token|secret|captcha|code$|signature|key$|otp|credential|cookie|uuid/i;
/** Public identifiers that happen to end in "code": kept, they are what staff search the log for. */
const PUBLIC_CODES = new Set(['currencycode', 'countrycode', 'configkey', 'rolekey']);
const MAX_DEPTH = 6;

function isSecretName(name: string): boolean {
  const plain = name.replace(/[^a-z0-9]/gi, '').toLowerCase();
  return SECRET_NAME.test(plain) && !PUBLIC_CODES.has(plain);
}

/** A copy of `value` with the value of every secret-named field (at any depth) masked. */
export function scrubSecrets(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((item) => scrubSecrets(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, item]) => [
        name,
        isSecretName(name) && item !== null && item !== undefined && item !== ''
          ? SECRET_MASK
          : scrubSecrets(item, depth + 1),
      ]),
    );
  }
  return value;
}

/**
 * The parameters of a call as the log keeps them: the query and the JSON body, secrets masked, cut to
 * OPER_LOG_LIMITS.paramsMax characters. A body that is not JSON (a file upload) is named, not copied.
 */
export function loggedParams(query: unknown, body: unknown, contentType: string | undefined): string {
  const parts: Record<string, unknown> = {};
  if (query && typeof query === 'object' && Object.keys(query).length > 0) parts.query = scrubSecrets(query);
  if (body !== undefined && body !== null) {
    // only what JSON gave: a stream or a buffer (a raw body) is named, never walked
    const plain = Array.isArray(body) || (typeof body === 'object' && Object.getPrototypeOf(body) === Object.prototype);
    parts.body = plain ? scrubSecrets(body) : `[${contentType ?? 'body'}]`;
  }
  if (/multipart/i.test(contentType ?? '')) parts.body = '[multipart]';
  const text = Object.keys(parts).length ? JSON.stringify(parts) : '';
  return text.length > OPER_LOG_LIMITS.paramsMax ? `${text.slice(0, OPER_LOG_LIMITS.paramsMax - 1)}…` : text;
}
