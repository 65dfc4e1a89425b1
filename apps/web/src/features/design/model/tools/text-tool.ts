import type { Editor } from '../editor';
import type { PointerInput, Tool } from './tool';

/**
 * Text: a click starts typing there (the baseline's start, snapped), a click on a text shape edits it.
 * The page shows a text box at that place; Enter ends it (commitText), Escape drops it.
 */
export class TextTool implements Tool {
  readonly id = 'text' as const;
  readonly cursor = 'text';

  constructor(private readonly editor: Editor) {}

  pointerDown(input: PointerInput) {
    if (input.button !== 0 || this.editor.state.textEntry) return;
    const hit = this.editor.shapeAt(input.screen);
    if (hit?.kind === 'text') {
      this.editor.select([hit.id]);
      this.editor.store.set({ textEntry: { at: { x: hit.x, y: hit.y }, shapeId: hit.id, text: hit.text } });
      return;
    }
    const at = this.editor.snap(input.point, input).point;
    this.editor.store.set({ textEntry: { at, shapeId: null, text: '' } });
  }

  keyDown(input: { key: string }) {
    if (input.key !== 'Escape' || !this.editor.state.textEntry) return false;
    this.cancel();
    return true;
  }

  cancel() {
    if (this.editor.state.textEntry) this.editor.store.set({ textEntry: null });
  }
}
