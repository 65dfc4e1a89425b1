import * as themes from '@uiw/codemirror-themes-all';
import { describe, expect, it } from 'vitest';
import { EDITOR_THEMES } from '../model/editor-themes';
import { loadEditorTheme } from './theme-loaders';

describe('theme loaders', () => {
  it('find every listed theme in the theme pack', async () => {
    const pack = themes as unknown as Record<string, unknown>;
    for (const theme of EDITOR_THEMES.slice(1)) expect(pack[theme.id], theme.id).toBeDefined();
    expect(await loadEditorTheme('dracula')).toBe(pack.dracula);
    expect(await loadEditorTheme('default')).toEqual([]);
  });
});
