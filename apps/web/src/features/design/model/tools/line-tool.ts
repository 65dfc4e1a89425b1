import { IDENTITY, type Vec2 } from '@kerf/laser';
import { addShapes } from '../actions/shape-commands';
import type { Snap } from '../geometry/snapping';
import { newId } from '../ids';
import { ClickSequenceTool } from './click-sequence-tool';
import { movedEnough, type PointerInput, type Tool, type ToolOverlay } from './tool';

/** `to` turned to the nearest 45° direction from `from` (Shift while drawing). */
export function constrain45(from: Vec2, to: Vec2): Vec2 {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const angle = Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) * (Math.PI / 4);
  const length = Math.hypot(dx, dy);
  return { x: from.x + length * Math.cos(angle), y: from.y + length * Math.sin(angle) };
}

/**
 * Lines and polylines: a drag makes one line; clicks add points, a click on the first point closes the
 * shape, and Enter, a double-click, a right-click or Escape ends it (Escape with one point drops it).
 */
export class LineTool extends ClickSequenceTool<Vec2> implements Tool {
  readonly id = 'line' as const;
  readonly cursor = 'crosshair';
  private cursorAt: Vec2 | null = null;
  private snapAt: Snap | null = null;
  private press: { screen: Vec2; point: Vec2 } | null = null;

  protected pointOf(node: Vec2) {
    return node;
  }

  private place(input: PointerInput): { point: Vec2; snap: Snap | null } {
    const last = this.nodes.at(-1);
    if (input.shift && last) return { point: constrain45(last, input.point), snap: null };
    return this.editor.snap(input.point, input);
  }

  pointerDown(input: PointerInput) {
    if (input.button === 2) {
      this.finish(false);
      return;
    }
    if (input.button !== 0) return;
    const { point } = this.place(input);
    this.press = { screen: input.screen, point };
    const first = this.nodes[0];
    if (first && this.nodes.length >= 3 && this.onFirstNode(input.screen)) {
      this.finish(true);
      this.press = null;
      return;
    }
    this.nodes.push(point);
    this.editor.refreshOverlay();
  }

  pointerMove(input: PointerInput) {
    const { point, snap } = this.place(input);
    this.cursorAt = point;
    this.snapAt = snap;
    this.editor.refreshOverlay();
  }

  pointerUp(input: PointerInput) {
    const press = this.press;
    this.press = null;
    // press, drag, release with nothing drawn before: one straight line
    if (press && this.nodes.length === 1 && movedEnough(press.screen, input.screen)) {
      this.nodes.push(this.place(input).point);
      this.finish(false);
    }
  }

  overlay(): ToolOverlay | null {
    if (this.nodes.length === 0) return this.snapAt ? { snap: this.snapAt } : null;
    const points = this.cursorAt ? [...this.nodes, this.cursorAt] : this.nodes;
    return {
      shapes: [
        {
          id: 'drawing',
          kind: 'polygon',
          transform: IDENTITY,
          layerId: this.editor.state.activeLayerId,
          points,
          closed: false,
        },
      ],
      nodes: this.nodes.map((point) => ({ point })),
      snap: this.snapAt,
    };
  }

  protected finish(closed: boolean) {
    const points = this.nodes;
    this.nodes = [];
    this.cursorAt = null;
    if (points.length >= 2) {
      const id = newId();
      const layerId = this.editor.state.activeLayerId;
      this.editor.store.change(
        'draw',
        addShapes([{ id, kind: 'polygon', transform: IDENTITY, layerId, points, closed }]),
        [id],
      );
    }
    this.editor.refreshOverlay();
  }
}
