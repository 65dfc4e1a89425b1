import {
  copy,
  cut,
  deleteSelection,
  duplicate,
  group,
  moveSelection,
  paste,
  selectAll,
  ungroup,
  zoomBy,
  zoomToFit,
  zoomToSelection,
} from './actions/selection-actions';
import type { Editor } from './editor';
import type { ToolId } from './store/editor-store';
import type { KeyInput } from './tools/tool';

/** Arrow-key nudge, mm (Shift: ten times). */
export const NUDGE = 1;

/** Single-letter tool keys, as in the vector editors people know. */
export const TOOL_KEYS: Readonly<Record<string, ToolId>> = {
  v: 'select',
  h: 'pan',
  l: 'line',
  r: 'rect',
  e: 'ellipse',
  p: 'pen',
  g: 'polygon',
  s: 'star',
  n: 'node',
  t: 'text',
};

/** The shortcuts, listed in the help panel (keys as shown there, and the i18n key of what they do). */
export const SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: 'Ctrl+Z', action: 'undo' },
  { keys: 'Ctrl+Shift+Z / Ctrl+Y', action: 'redo' },
  { keys: 'Ctrl+A', action: 'selectAll' },
  { keys: 'Delete / Backspace', action: 'delete' },
  { keys: 'Ctrl+C / Ctrl+X / Ctrl+V', action: 'copyCutPaste' },
  { keys: 'Ctrl+D', action: 'duplicate' },
  { keys: 'Ctrl+G / Ctrl+Shift+G', action: 'groupUngroup' },
  { keys: '← ↑ → ↓ (Shift ×10)', action: 'nudge' },
  { keys: 'Ctrl+= / Ctrl+−', action: 'zoom' },
  { keys: 'Shift+1 / Shift+2', action: 'zoomFitSelection' },
  { keys: 'Space + drag, middle button, wheel', action: 'pan' },
  { keys: 'Ctrl + wheel, pinch', action: 'zoomWheel' },
  { keys: 'V H L R E G S P N T', action: 'tools' },
  { keys: 'N: Delete, S, C', action: 'nodes' },
  { keys: 'Shift (drag)', action: 'constrain' },
  { keys: 'Alt (drag)', action: 'noSnap' },
  { keys: 'Esc', action: 'cancel' },
];

/** Runs the editor-wide shortcut for a key; false when there is none. */
export function runShortcut(editor: Editor, input: KeyInput): boolean {
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  if (input.ctrl) {
    switch (key) {
      case 'z':
        if (input.shift) editor.store.redo();
        else editor.store.undo();
        return true;
      case 'y':
        editor.store.redo();
        return true;
      case 'a':
        selectAll(editor);
        return true;
      case 'c':
        copy(editor);
        return true;
      case 'x':
        cut(editor);
        return true;
      case 'v':
        paste(editor);
        return true;
      case 'd':
        duplicate(editor);
        return true;
      case 'g':
        if (input.shift) ungroup(editor);
        else group(editor);
        return true;
      case '=':
      case '+':
        zoomBy(editor, 1);
        return true;
      case '-':
        zoomBy(editor, -1);
        return true;
      default:
        return false;
    }
  }
  const step = input.shift ? NUDGE * 10 : NUDGE;
  switch (key) {
    case 'Delete':
    case 'Backspace':
      deleteSelection(editor);
      return true;
    case 'ArrowLeft':
      moveSelection(editor, -step, 0, 'nudge');
      return true;
    case 'ArrowRight':
      moveSelection(editor, step, 0, 'nudge');
      return true;
    case 'ArrowUp':
      moveSelection(editor, 0, -step, 'nudge');
      return true;
    case 'ArrowDown':
      moveSelection(editor, 0, step, 'nudge');
      return true;
    case 'Escape':
      if (editor.state.toolId !== 'select') editor.setTool('select');
      else editor.select([]);
      return true;
    case '!':
      zoomToFit(editor);
      return true;
    case '@':
      zoomToSelection(editor);
      return true;
  }
  const tool = !input.alt && !input.shift ? TOOL_KEYS[key] : undefined;
  if (tool) {
    editor.setTool(tool);
    return true;
  }
  return false;
}
