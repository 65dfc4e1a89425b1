import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, type Locale } from '@kerf/contract';

/** Avatar pictures the server takes (POST /account/avatar), from the contract's one list. */
export const AVATAR_TYPES: readonly string[] = Object.values(AVATAR_MIME_TYPES);
export { AVATAR_MAX_BYTES };

/** A date and time as people of the locale write it, e.g. 2026/5/4 09:30 or 4 May 2026, 09:30. */
export function formatDateTime(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-CN', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['WeChat', /MicroMessenger\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/],
];

const SYSTEMS: Array<[string, RegExp]> = [
  ['Windows', /Windows NT/],
  ['iPhone', /iPhone/],
  ['iPad', /iPad/],
  ['Android', /Android/],
  ['HarmonyOS', /HarmonyOS/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
];

/** "Chrome 131 · Windows" from a user agent: enough to recognise one's own devices in the sign-in log. */
export function describeUserAgent(userAgent: string | null | undefined): string | undefined {
  if (!userAgent) return undefined;
  const browser = BROWSERS.find(([, pattern]) => pattern.test(userAgent));
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent));
  const browserText = browser ? `${browser[0]} ${browser[1].exec(userAgent)?.[1] ?? ''}`.trim() : undefined;
  const parts = [browserText, system?.[0]].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
