import type { Locale } from '@kerf/contract';
import i18n, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { settingsStore } from '../stores/settings-store';
import { en } from './en';
import { zhCN } from './zh-CN';

/** Any key of the catalogues, e.g. 'route.workbench'; route handles and the menu store these. */
export type TranslationKey = ParseKeys;

/** Language names are shown in their own language, so they are not translated. */
export const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', en: 'English' };

function applyDocumentLanguage(locale: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

const initial = settingsStore.getState().locale;
// Resources are bundled, so initialisation is synchronous and the first render is already translated.
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: initial,
  fallbackLng: 'zh-CN',
  initAsync: false,
  interpolation: { escapeValue: false },
});
applyDocumentLanguage(initial);

// The settings store owns the choice; i18next and <html lang> follow it.
settingsStore.subscribe(() => {
  const { locale } = settingsStore.getState();
  if (i18n.language === locale) return;
  void i18n.changeLanguage(locale);
  applyDocumentLanguage(locale);
});

export { i18n };
