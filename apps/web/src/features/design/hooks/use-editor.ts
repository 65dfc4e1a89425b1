import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Editor } from '../model/editor';
import type { EditorState } from '../model/store/editor-store';

export const EditorContext = createContext<Editor | null>(null);

export function useEditor(): Editor {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor outside the design page');
  return editor;
}

/**
 * A slice of the editor's state; the component renders again only when the slice changes (the selector
 * must return stable values: a field, a primitive, or something the store keeps).
 */
export function useEditorState<T>(selector: (state: EditorState) => T): T {
  const editor = useEditor();
  return useSyncExternalStore(
    (listener) => editor.store.subscribe(listener),
    () => selector(editor.store.get()),
  );
}
