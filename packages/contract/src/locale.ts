/** The languages Kerf speaks. zh-CN is the default everywhere (SPEC §1). */
export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const CURRENCIES = ['CNY', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'CNY';

/** A message in every language we ship. */
export interface Bilingual {
  'zh-CN': string;
  en: string;
}

/**
 * Picks the locale from an Accept-Language style header: the first listed language we speak wins,
 * anything Chinese maps to zh-CN, and no match falls back to the default.
 */
export function pickLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LOCALE;
}

/** Fills `{0}`, `{1}`… placeholders, the form the spec's messages use. */
export function format(template: string, ...args: Array<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const value = args[Number(i)];
    return value === undefined ? whole : String(value);
  });
}
