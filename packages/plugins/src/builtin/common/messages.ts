import type { Bilingual } from '@kerf/contract';

/** The family the editor sets new text in (Latin first, Chinese after), so plugin text looks like the editor's. */
export const PLUGIN_TEXT_FAMILY = 'Noto Sans, Noto Sans SC';

/**
 * An error a person can act on: the host shows a failed run's message as it is, so a built-in plugin
 * speaks the reader's language.
 */
export function pluginError(locale: 'zh-CN' | 'en', message: Bilingual, ...args: (string | number)[]): Error {
  const text = message[locale].replace(/\{(\d+)\}/g, (whole, i: string) => {
    const arg = args[Number(i)];
    return arg === undefined ? whole : String(arg);
  });
  return new Error(text);
}
