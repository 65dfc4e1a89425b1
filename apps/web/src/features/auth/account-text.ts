import { accountMessages, format, type Locale } from '@kerf/contract';
import { useMemo } from 'react';
import { useSettings } from '../../stores/settings-store';

export type AccountMessageKey = keyof typeof accountMessages;

/** A rule or server message of SPEC §5/§8 from @kerf/contract, in one language, `{0}` filled. */
export function accountText(key: AccountMessageKey, locale: Locale, ...args: Array<string | number>): string {
  return format(accountMessages[key][locale], ...args);
}

/** `<account>已被注册` / `<account> is already registered`, the shape the server uses too. */
export function alreadyRegisteredText(account: string, locale: Locale): string {
  const text = accountMessages.alreadyRegistered[locale];
  return locale === 'en' ? `${account} ${text}` : `${account}${text}`;
}

export function useAccountText() {
  const locale = useSettings((s) => s.locale);
  return useMemo(
    () => ({
      locale,
      text: (key: AccountMessageKey, ...args: Array<string | number>) => accountText(key, locale, ...args),
    }),
    [locale],
  );
}
