import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../stores/create-store';
import {
  createEditorSettingsStore,
  DEFAULT_EDITOR_SETTINGS,
  EDITOR_SETTINGS_KEY,
  FONT_SIZES,
  readEditorSettings,
  stepFontSize,
} from './editor-settings-store';
import { EDITOR_THEMES } from './editor-themes';

describe('editor settings (SPEC §9)', () => {
  it('starts at font 14, the default theme, wrapping on', () => {
    expect(createEditorSettingsStore(memoryStorage()).getState()).toEqual({
      fontSize: 14,
      theme: 'default',
      lineWrapping: true,
      markdownLayout: 'split',
    });
  });

  it('offers font sizes 12 to 30 in steps of 2, and steps stay within them', () => {
    expect(FONT_SIZES).toEqual([12, 14, 16, 18, 20, 22, 24, 26, 28, 30]);
    expect(stepFontSize(14, 1)).toBe(16);
    expect(stepFontSize(30, 1)).toBe(30);
    expect(stepFontSize(12, -1)).toBe(12);
  });

  it('has at least 30 themes plus the default, each once', () => {
    expect(EDITOR_THEMES[0]!.id).toBe('default');
    expect(EDITOR_THEMES.length).toBeGreaterThanOrEqual(31);
    expect(new Set(EDITOR_THEMES.map((t) => t.id)).size).toBe(EDITOR_THEMES.length);
  });

  it('remembers each choice, and forgets them 1440 minutes after the last write', () => {
    const storage = memoryStorage();
    let clock = 5_000_000;
    const store = createEditorSettingsStore(storage, () => clock);
    store.setFontSize(20);
    store.setTheme('dracula');
    store.setLineWrapping(false);
    store.setMarkdownLayout('preview');
    clock += 1439 * 60_000;
    const again = createEditorSettingsStore(storage, () => clock);
    expect(again.getState()).toEqual({
      fontSize: 20,
      theme: 'dracula',
      lineWrapping: false,
      markdownLayout: 'preview',
    });
    // opening an editor writes the choices again, so they last another day
    again.touch();
    clock += 1439 * 60_000;
    expect(createEditorSettingsStore(storage, () => clock).getState().theme).toBe('dracula');
    clock += 2 * 60_000;
    expect(createEditorSettingsStore(storage, () => clock).getState()).toEqual(DEFAULT_EDITOR_SETTINGS);
  });

  it('keeps the valid fields of a broken value', () => {
    const raw = JSON.stringify({
      value: { fontSize: 13, theme: 'nope', lineWrapping: false, markdownLayout: 'sideways' },
      expires: Date.now() + 60_000,
    });
    expect(readEditorSettings(raw)).toEqual({ ...DEFAULT_EDITOR_SETTINGS, lineWrapping: false });
    expect(readEditorSettings('{oops')).toEqual(DEFAULT_EDITOR_SETTINGS);
    const storage = memoryStorage();
    storage.setItem(EDITOR_SETTINGS_KEY, 'garbage');
    expect(createEditorSettingsStore(storage).getState()).toEqual(DEFAULT_EDITOR_SETTINGS);
  });
});
