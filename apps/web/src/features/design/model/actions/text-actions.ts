import { type FontBook, IDENTITY, type TextShape, textOutline } from '@kerf/laser';
import type { Editor } from '../editor';
import { findShape } from '../geometry/shape-geometry';
import { newId } from '../ids';
import { addShapes, deleteShapes, replaceShapes } from './shape-commands';

/** The families text is set in: the Latin face first, Chinese characters from the second. */
export const TEXT_FAMILY = 'Noto Sans, Noto Sans SC';

/** Fonts holding the characters of a text, loaded on demand (the page fetches them; tests read files). */
export type FontSource = (text: string) => Promise<FontBook>;

/**
 * Ends the text being typed: a new text shape at the entry point, or the edited one replaced; its glyph
 * outline (what the laser follows) comes from the fonts. Empty text adds nothing (and an edited text
 * emptied is deleted). One undoable step.
 */
export async function commitText(editor: Editor, text: string, fonts: FontSource): Promise<TextShape | null> {
  const entry = editor.state.textEntry;
  if (!entry) return null;
  editor.store.set({ textEntry: null });
  const trimmed = text.replace(/\s+$/, '');
  const existing = entry.shapeId ? findShape(editor.doc, entry.shapeId) : undefined;
  if (!trimmed) {
    if (existing) editor.store.change('delete', deleteShapes(new Set([existing.id])), []);
    return null;
  }
  const book = await fonts(trimmed);
  const base: Omit<TextShape, 'outline'> =
    existing?.kind === 'text'
      ? { ...existing, text: trimmed }
      : {
          id: newId('t'),
          kind: 'text',
          transform: IDENTITY,
          layerId: editor.state.activeLayerId,
          text: trimmed,
          font: { family: TEXT_FAMILY, size: editor.state.shapeSettings.fontSize, weight: 400, style: 'normal' },
          x: entry.at.x,
          y: entry.at.y,
          anchor: 'start',
        };
  const shape: TextShape = { ...base, outline: textOutline(base, book) };
  if (existing) editor.store.change('text', replaceShapes([shape]), [shape.id]);
  else editor.store.change('text', addShapes([shape]), [shape.id]);
  return shape;
}

export function cancelText(editor: Editor) {
  editor.store.set({ textEntry: null });
}
