import type { Extension } from '@codemirror/state';
import { DEFAULT_THEME_ID } from '../model/editor-themes';

/**
 * The code of a colour theme, loaded with the first theme chosen (one chunk for all of them, a few
 * kilobytes compressed). The default theme is CodeMirror's own and needs nothing loaded.
 */
export async function loadEditorTheme(id: string): Promise<Extension> {
  if (id === DEFAULT_THEME_ID) return [];
  const themes = (await import('@uiw/codemirror-themes-all')) as unknown as Record<string, Extension | undefined>;
  return themes[id] ?? [];
}
