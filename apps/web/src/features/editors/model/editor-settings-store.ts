import { LOCAL_STATE_TTL_MINUTES } from '@kerf/contract';
import { createStore, type KeyValueStorage, safeStorage, useStore } from '../../../stores/create-store';
import { DEFAULT_THEME_ID, isEditorTheme } from './editor-themes';

/**
 * The editors' options (SPEC §9: font 14 px by default, 12 to 30 in steps of 2; a theme; line wrapping
 * on), kept in local storage like the drive's settings. The stored value is forgotten 1440 minutes after
 * it was last written (SPEC §9), and every editor opened writes it again, so a person who uses the
 * editor keeps their choices.
 */
export const FONT_SIZE = { min: 12, max: 30, step: 2, default: 14 } as const;
export const FONT_SIZES: readonly number[] = Array.from(
  { length: (FONT_SIZE.max - FONT_SIZE.min) / FONT_SIZE.step + 1 },
  (_, i) => FONT_SIZE.min + i * FONT_SIZE.step,
);
export const TAB_SIZE = 4;

/** How the markdown editor lays out text and preview. */
export const MARKDOWN_LAYOUTS = ['edit', 'split', 'preview'] as const;
export type MarkdownLayout = (typeof MARKDOWN_LAYOUTS)[number];

export interface EditorSettings {
  fontSize: number;
  theme: string;
  lineWrapping: boolean;
  markdownLayout: MarkdownLayout;
}

export const DEFAULT_EDITOR_SETTINGS: EditorSettings = Object.freeze({
  fontSize: FONT_SIZE.default,
  theme: DEFAULT_THEME_ID,
  lineWrapping: true,
  markdownLayout: 'split',
}) as EditorSettings;

export const EDITOR_SETTINGS_KEY = 'editor-settings';
const TTL_MS = LOCAL_STATE_TTL_MINUTES * 60_000;

/** Keeps each valid stored field and defaults the rest; an expired or broken value gives the defaults. */
export function readEditorSettings(raw: string | null, now = Date.now()): EditorSettings {
  if (!raw) return DEFAULT_EDITOR_SETTINGS;
  let parsed: { value?: Record<string, unknown>; expires?: unknown };
  try {
    parsed = JSON.parse(raw);
  } catch {
    return DEFAULT_EDITOR_SETTINGS;
  }
  if (!parsed || typeof parsed !== 'object' || typeof parsed.expires !== 'number' || parsed.expires <= now) {
    return DEFAULT_EDITOR_SETTINGS;
  }
  const v = parsed.value ?? {};
  const d = DEFAULT_EDITOR_SETTINGS;
  return {
    fontSize: FONT_SIZES.includes(v.fontSize as number) ? (v.fontSize as number) : d.fontSize,
    theme: isEditorTheme(v.theme) ? v.theme : d.theme,
    lineWrapping: typeof v.lineWrapping === 'boolean' ? v.lineWrapping : d.lineWrapping,
    markdownLayout: MARKDOWN_LAYOUTS.includes(v.markdownLayout as MarkdownLayout)
      ? (v.markdownLayout as MarkdownLayout)
      : d.markdownLayout,
  };
}

/** One step bigger or smaller, kept within 12..30. */
export function stepFontSize(size: number, direction: 1 | -1): number {
  return Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, size + direction * FONT_SIZE.step));
}

export function createEditorSettingsStore(storage: KeyValueStorage, now: () => number = Date.now) {
  const store = createStore<EditorSettings>(readEditorSettings(storage.getItem(EDITOR_SETTINGS_KEY), now()));
  const save = (patch: Partial<EditorSettings>) => {
    const expires = now() + TTL_MS;
    const value = readEditorSettings(JSON.stringify({ value: { ...store.getState(), ...patch }, expires }), now());
    storage.setItem(EDITOR_SETTINGS_KEY, JSON.stringify({ value, expires }));
    store.setState(value);
  };
  return {
    ...store,
    setFontSize: (fontSize: number) => save({ fontSize }),
    setTheme: (theme: string) => save({ theme }),
    setLineWrapping: (lineWrapping: boolean) => save({ lineWrapping }),
    setMarkdownLayout: (markdownLayout: MarkdownLayout) => save({ markdownLayout }),
    /** Re-reads the stored value (it may have expired meanwhile) and writes it back with a fresh expiry. */
    touch: () => {
      store.setState(readEditorSettings(storage.getItem(EDITOR_SETTINGS_KEY), now()));
      save({});
    },
  };
}

export type EditorSettingsStore = ReturnType<typeof createEditorSettingsStore>;

export const editorSettingsStore: EditorSettingsStore = createEditorSettingsStore(
  safeStorage(() => (typeof localStorage === 'undefined' ? undefined : localStorage)),
);

export function useEditorSettings<T>(selector: (state: EditorSettings) => T): T {
  return useStore(editorSettingsStore, selector);
}
