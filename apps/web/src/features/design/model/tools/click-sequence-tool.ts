import type { Vec2 } from '@kerf/laser';
import { screenDistance } from '../camera';
import type { Editor } from '../editor';

/** A click this near the first node (screen pixels) closes the shape. */
export const CLOSE_RADIUS = 8;

/**
 * What the line and pen tools share: nodes placed one click at a time, Enter, Escape or a double-click
 * to end, Backspace to take the last node back, and closing by clicking the first node.
 */
export abstract class ClickSequenceTool<N> {
  protected nodes: N[] = [];

  constructor(protected readonly editor: Editor) {}

  protected abstract pointOf(node: N): Vec2;
  /** Makes the shape from the nodes (two or more) and starts again. */
  protected abstract finish(closed: boolean): void;

  doubleClick() {
    // the double-click's second press placed the same node again
    const [a, b] = this.nodes.slice(-2);
    if (a && b && Math.hypot(this.pointOf(a).x - this.pointOf(b).x, this.pointOf(a).y - this.pointOf(b).y) < 1e-9) {
      this.nodes.pop();
    }
    this.finish(false);
  }

  keyDown(input: { key: string }) {
    if (this.nodes.length === 0) return false;
    if (input.key === 'Enter' || input.key === 'Escape') {
      this.finish(false);
      return true;
    }
    if (input.key === 'Backspace') {
      this.nodes.pop();
      this.editor.refreshOverlay();
      return true;
    }
    return false;
  }

  cancel() {
    this.nodes = [];
    this.editor.refreshOverlay();
  }

  /** Whether a canvas point is on the first node (a click there closes the shape). */
  protected onFirstNode(screen: Vec2): boolean {
    const first = this.nodes[0];
    if (!first) return false;
    return screenDistance(this.editor.state.camera, this.pointOf(first), screen) <= CLOSE_RADIUS;
  }
}
