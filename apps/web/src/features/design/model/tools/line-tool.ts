import { IDENTITY, type Vec2 } from '@kerf/laser';
import { addShapes } from '../actions/shape-commands';
import type { Editor } from '../editor';
import type { Snap } from '../geometry/snapping';
import { newId } from '../ids';
import { movedEnough, type PointerInput, type Tool, type ToolOverlay } from './tool';

/** A click this near the first point (screen pixels) closes the line into a polygon. */
const CLOSE_RADIUS = 8;

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
export class LineTool implements Tool {
  readonly id = 'line' as const;
  readonly cursor = 'crosshair';
  private points: Vec2[] = [];
  private cursorAt: Vec2 | null = null;
  private snapAt: Snap | null = null;
  private press: { screen: Vec2; point: Vec2 } | null = null;

  constructor(private readonly editor: Editor) {}

  private place(input: PointerInput): { point: Vec2; snap: Snap | null } {
    const last = this.points.at(-1);
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
    const first = this.points[0];
    if (first && this.points.length >= 3 && this.nearScreen(first, input.screen)) {
      this.finish(true);
      this.press = null;
      return;
    }
    this.points.push(point);
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
    if (press && this.points.length === 1 && movedEnough(press.screen, input.screen)) {
      this.points.push(this.place(input).point);
      this.finish(false);
    }
  }

  doubleClick() {
    // the double-click's second press added the same point again
    const [a, b] = this.points.slice(-2);
    if (a && b && Math.hypot(a.x - b.x, a.y - b.y) < 1e-9) this.points.pop();
    this.finish(false);
  }

  keyDown(input: { key: string }) {
    if (this.points.length === 0) return false;
    if (input.key === 'Enter' || input.key === 'Escape') {
      this.finish(false);
      return true;
    }
    if (input.key === 'Backspace') {
      this.points.pop();
      this.editor.refreshOverlay();
      return true;
    }
    return false;
  }

  cancel() {
    this.points = [];
    this.editor.refreshOverlay();
  }

  overlay(): ToolOverlay | null {
    if (this.points.length === 0) return this.snapAt ? { snap: this.snapAt } : null;
    const points = this.cursorAt ? [...this.points, this.cursorAt] : this.points;
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
      nodes: this.points.map((point) => ({ point })),
      snap: this.snapAt,
    };
  }

  private nearScreen(point: Vec2, screen: Vec2) {
    const { camera } = this.editor.state;
    return (
      Math.hypot(point.x * camera.zoom + camera.x - screen.x, point.y * camera.zoom + camera.y - screen.y) <=
      CLOSE_RADIUS
    );
  }

  private finish(closed: boolean) {
    const points = this.points;
    this.points = [];
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
