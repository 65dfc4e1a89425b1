import { type Bilingual, type Locale, pluginMessages } from '@kerf/contract';

/**
 * The words a failed run is shown with. The sandbox runtime's errors carry their text in both languages
 * (a plugin that timed out, answered too much, threw…); anything else (the entry script failed to
 * load) is worded as the plugin failing, with its reason.
 */

const isBilingual = (v: unknown): v is Bilingual =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Bilingual)['zh-CN'] === 'string' &&
  typeof (v as Bilingual).en === 'string';

export function bilingualOf(error: unknown): Bilingual | null {
  if (typeof error !== 'object' || error === null) return null;
  for (const key of ['text', 'bilingual', 'message'] as const) {
    const value = (error as Record<string, unknown>)[key];
    if (isBilingual(value)) return value;
  }
  return null;
}

export function runErrorText(error: unknown, locale: Locale): string {
  const text = bilingualOf(error);
  if (text) return text[locale];
  const reason = error instanceof Error ? error.message : String(error);
  return pluginMessages.pluginFailed[locale].replace('{0}', reason);
}
