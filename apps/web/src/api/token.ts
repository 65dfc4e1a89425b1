import { TOKEN_COOKIE } from '@kerf/contract';

/** The cookie calls the client needs; js-cookie's default export fits, tests pass a fake. */
export interface CookieJar {
  get(name: string): string | undefined;
  remove(name: string): void;
}

/**
 * The session token from the `UAC-Token` cookie (SPEC §3). An older client could store the string
 * "undefined" after a failed login; such a cookie is removed rather than sent as a bearer token.
 */
export function readToken(cookies: CookieJar): string | undefined {
  const value = cookies.get(TOKEN_COOKIE);
  if (value === 'undefined') {
    cookies.remove(TOKEN_COOKIE);
    return undefined;
  }
  return value || undefined;
}

export function clearToken(cookies: CookieJar): void {
  cookies.remove(TOKEN_COOKIE);
}

/** The cookie calls that signing in needs on top of reading (js-cookie fits). */
export interface WritableCookieJar extends CookieJar {
  set(name: string, value: string, options?: { path?: string; sameSite?: 'lax' | 'strict'; secure?: boolean }): unknown;
}

/** The login type of the session (SPEC §4 "login stores token and login type"), beside the token. */
export const LOGIN_TYPE_COOKIE = 'UAC-Login-Type';

/**
 * Session cookies (no expiry): a shop's shared computer forgets the sign-in when the browser closes,
 * and the server still ends idle and old sessions on its own.
 */
function cookieOptions() {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return { path: '/', sameSite: 'lax' as const, secure };
}

export function writeSessionCookies(cookies: WritableCookieJar, token: string, loginType: string): void {
  cookies.set(TOKEN_COOKIE, token, cookieOptions());
  cookies.set(LOGIN_TYPE_COOKIE, loginType, cookieOptions());
}

export function readLoginType(cookies: CookieJar): string | undefined {
  return cookies.get(LOGIN_TYPE_COOKIE) || undefined;
}

export function clearSessionCookies(cookies: CookieJar): void {
  cookies.remove(TOKEN_COOKIE);
  cookies.remove(LOGIN_TYPE_COOKIE);
}
