import {
  CURRENCIES,
  type Currency,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  THEME_COLOR,
} from '@kerf/contract';
import { createStore, type KeyValueStorage, safeStorage, useStore } from './create-store';

/** The look of the admin layout (SPEC §1 defaults), stored as one JSON value under `layout-setting`. */
export interface LayoutSetting {
  /** Theme colour, `#RRGGBB`. */
  theme: string;
  sideTheme: 'dark' | 'light';
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  /** When on, the browser tab shows "<page> - Kerf". */
  dynamicTitle: boolean;
}

export interface SettingsState {
  locale: Locale;
  currency: Currency;
  layout: LayoutSetting;
  sidebarCollapsed: boolean;
}

export const DEFAULT_LAYOUT: LayoutSetting = Object.freeze({
  theme: THEME_COLOR,
  sideTheme: 'dark',
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  dynamicTitle: false,
});

/** Preset theme colours offered in the settings drawer; the first is the brand colour. */
export const THEME_PRESETS = [
  THEME_COLOR,
  '#1677FF',
  '#13C2C2',
  '#11A983',
  '#722ED1',
  '#EB2F96',
  '#F5222D',
  '#FA8C16',
] as const;

export const STORAGE_KEYS = {
  layout: 'layout-setting',
  locale: 'language',
  currency: 'currency',
  sidebar: 'sidebarStatus',
} as const;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Reads the stored layout, keeping each valid field and defaulting the rest, so a stale or edited value never breaks the page. */
function readLayout(raw: string | null): LayoutSetting {
  if (!raw) return DEFAULT_LAYOUT;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return DEFAULT_LAYOUT;
  }
  if (!parsed || typeof parsed !== 'object') return DEFAULT_LAYOUT;
  const stored = parsed as Record<string, unknown>;
  const bool = (key: keyof LayoutSetting) =>
    typeof stored[key] === 'boolean' ? (stored[key] as boolean) : (DEFAULT_LAYOUT[key] as boolean);
  return {
    theme: typeof stored.theme === 'string' && HEX_COLOUR.test(stored.theme) ? stored.theme : DEFAULT_LAYOUT.theme,
    sideTheme:
      stored.sideTheme === 'light' || stored.sideTheme === 'dark' ? stored.sideTheme : DEFAULT_LAYOUT.sideTheme,
    tagsView: bool('tagsView'),
    fixedHeader: bool('fixedHeader'),
    sidebarLogo: bool('sidebarLogo'),
    dynamicTitle: bool('dynamicTitle'),
  };
}

function oneOf<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

export function createSettingsStore(storage: KeyValueStorage) {
  const store = createStore<SettingsState>({
    locale: oneOf(LOCALES, storage.getItem(STORAGE_KEYS.locale), DEFAULT_LOCALE),
    currency: oneOf(CURRENCIES, storage.getItem(STORAGE_KEYS.currency), DEFAULT_CURRENCY),
    layout: readLayout(storage.getItem(STORAGE_KEYS.layout)),
    sidebarCollapsed: storage.getItem(STORAGE_KEYS.sidebar) === '0',
  });

  return {
    ...store,
    setLocale(locale: Locale) {
      storage.setItem(STORAGE_KEYS.locale, locale);
      store.setState((s) => (s.locale === locale ? s : { ...s, locale }));
    },
    setCurrency(currency: Currency) {
      storage.setItem(STORAGE_KEYS.currency, currency);
      store.setState((s) => (s.currency === currency ? s : { ...s, currency }));
    },
    updateLayout(patch: Partial<LayoutSetting>) {
      const layout = readLayout(JSON.stringify({ ...store.getState().layout, ...patch }));
      storage.setItem(STORAGE_KEYS.layout, JSON.stringify(layout));
      store.setState((s) => ({ ...s, layout }));
    },
    /** Back to the SPEC §1 defaults; the stored value is removed so future default changes apply. */
    resetLayout() {
      storage.removeItem(STORAGE_KEYS.layout);
      store.setState((s) => ({ ...s, layout: DEFAULT_LAYOUT }));
    },
    /** Stored as RuoYi does: "1" open, "0" collapsed. */
    setSidebarCollapsed(collapsed: boolean) {
      storage.setItem(STORAGE_KEYS.sidebar, collapsed ? '0' : '1');
      store.setState((s) => (s.sidebarCollapsed === collapsed ? s : { ...s, sidebarCollapsed: collapsed }));
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;

export const settingsStore: SettingsStore = createSettingsStore(
  safeStorage(() => (typeof localStorage === 'undefined' ? undefined : localStorage)),
);

export function useSettings<T>(selector: (state: SettingsState) => T): T {
  return useStore(settingsStore, selector);
}
