import { type FontBook, type FontSpec, faceFor } from '@kerf/laser';
import type { FontSource } from '../../design/model/actions/text-actions';

/**
 * `context.measureText` as the host answers it: each character's advance width in mm, set in the font
 * the editor would draw it in (the asked family when the book has it and it has the glyph, else the
 * fallback that has it), so a plugin can lay text out as the host's outline will be drawn. One width
 * per character (code point); kerning between characters is not counted.
 */
export function advanceWidths(book: FontBook, text: string, font: FontSpec): number[] {
  const faces = book.candidates(font);
  return Array.from(text, (ch) => {
    const face = faceFor(faces, ch);
    return face ? face.font.getAdvanceWidth(ch, font.size) : 0;
  });
}

/** A host `measureText` on a font source (the editor's fonts, fetched as the text needs them). */
export function measureTextWith(fonts: FontSource): (text: string, font: FontSpec) => Promise<number[]> {
  return async (text, font) => advanceWidths(await fonts(text), text, font);
}
