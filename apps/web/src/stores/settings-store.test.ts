import { describe, expect, it } from 'vitest';
import { memoryStorage } from './create-store';
import { createSettingsStore, DEFAULT_LAYOUT, STORAGE_KEYS } from './settings-store';

describe('settings store', () => {
  it('starts from the SPEC §1 defaults: zh-CN, CNY, dark sidebar, tags view on, #86A500', () => {
    const store = createSettingsStore(memoryStorage());
    expect(store.getState()).toEqual({
      locale: 'zh-CN',
      currency: 'CNY',
      sidebarCollapsed: false,
      layout: {
        theme: '#86A500',
        sideTheme: 'dark',
        tagsView: true,
        fixedHeader: false,
        sidebarLogo: true,
        dynamicTitle: false,
      },
    });
  });

  it('remembers every choice in storage and restores it in a new store', () => {
    const storage = memoryStorage();
    const store = createSettingsStore(storage);
    store.setLocale('en');
    store.setCurrency('USD');
    store.setSidebarCollapsed(true);
    store.updateLayout({ theme: '#1677FF', tagsView: false, sideTheme: 'light' });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.layout) ?? '')).toMatchObject({ theme: '#1677FF', tagsView: false });

    const reloaded = createSettingsStore(storage).getState();
    expect(reloaded.locale).toBe('en');
    expect(reloaded.currency).toBe('USD');
    expect(reloaded.sidebarCollapsed).toBe(true);
    expect(reloaded.layout).toEqual({ ...DEFAULT_LAYOUT, theme: '#1677FF', tagsView: false, sideTheme: 'light' });
  });

  it('ignores stored values it does not understand, field by field', () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.locale, 'fr');
    storage.setItem(STORAGE_KEYS.currency, 'EUR');
    storage.setItem(STORAGE_KEYS.layout, JSON.stringify({ theme: 'red', tagsView: 'yes', fixedHeader: true }));
    const state = createSettingsStore(storage).getState();
    expect(state.locale).toBe('zh-CN');
    expect(state.currency).toBe('CNY');
    expect(state.layout).toEqual({ ...DEFAULT_LAYOUT, fixedHeader: true });

    storage.setItem(STORAGE_KEYS.layout, '{not json');
    expect(createSettingsStore(storage).getState().layout).toEqual(DEFAULT_LAYOUT);
  });

  it('resets the layout and forgets the stored value', () => {
    const storage = memoryStorage();
    const store = createSettingsStore(storage);
    store.updateLayout({ dynamicTitle: true });
    store.resetLayout();
    expect(store.getState().layout).toEqual(DEFAULT_LAYOUT);
    expect(storage.getItem(STORAGE_KEYS.layout)).toBeNull();
  });

  it('tells subscribers about changes, and only about real ones', () => {
    const store = createSettingsStore(memoryStorage());
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls++;
    });
    store.setLocale('zh-CN');
    expect(calls).toBe(0);
    store.setLocale('en');
    expect(calls).toBe(1);
    unsubscribe();
    store.setLocale('zh-CN');
    expect(calls).toBe(1);
  });
});
