import type { Editor } from '../editor';
import { blankDocument } from '../store/editor-store';
import { zoomToWorkArea } from './selection-actions';

/**
 * A new, empty drawing in place of the one on the canvas. The work area keeps its size, since it
 * follows the machine picked for the job; the layers, their settings and the undo history start over.
 */
export function startNewDrawing(editor: Editor) {
  const { width, height } = editor.doc;
  editor.store.load({ ...blankDocument(), width, height });
  editor.store.set({ textEntry: null, shapesPreview: null });
  zoomToWorkArea(editor);
}
