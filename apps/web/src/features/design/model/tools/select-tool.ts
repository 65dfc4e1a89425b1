import { type Bounds, IDENTITY, isIdentity, type Matrix, translate, type Vec2 } from '@kerf/laser';
import { transformShapes } from '../actions/shape-commands';
import type { Editor } from '../editor';
import {
  type Handle,
  handleAt,
  rotationAngle,
  rotationMatrix,
  type ScaleHandle,
  scaleMatrix,
  transformBounds,
} from '../geometry/handles';
import { type MarqueeMode, shapesInRect } from '../geometry/hit-test';
import { boundsCentre, boundsOf } from '../geometry/shape-geometry';
import { type Snap, snapMove } from '../geometry/snapping';
import { movedEnough, type PointerInput, type Tool, type ToolOverlay } from './tool';

type Gesture =
  | { kind: 'idle' }
  /** Pressed on a shape or the selection, not yet dragged. */
  | { kind: 'pressing'; start: PointerInput; hitId: string | null; onSelection: boolean }
  | { kind: 'moving'; start: Vec2; bounds: Bounds; ids: ReadonlySet<string>; snap: Snap | null }
  | { kind: 'scaling'; handle: ScaleHandle; bounds: Bounds; ids: ReadonlySet<string> }
  | { kind: 'rotating'; start: Vec2; centre: Vec2; ids: ReadonlySet<string> }
  | { kind: 'marquee'; start: PointerInput; current: Vec2; mode: MarqueeMode };

/**
 * Select, move, scale and rotate. A press on a shape selects it (Shift or Ctrl adds or removes); a drag
 * moves the selection with snapping; the box's handles scale (Shift keeps the aspect, Alt from the
 * centre) and the knob above it rotates (Shift in 15° steps); a drag from empty space draws a marquee.
 * While dragging, the change is a preview; releasing makes it one undoable step.
 */
export class SelectTool implements Tool {
  readonly id = 'select' as const;
  readonly cursor = 'default';
  private gesture: Gesture = { kind: 'idle' };

  constructor(private readonly editor: Editor) {}

  /** The handle under the pointer, for the canvas to show a matching cursor. */
  handleUnder(screen: Vec2): Handle | null {
    const bounds = boundsOf(this.editor.selectedShapes);
    return bounds ? handleAt(bounds, this.editor.state.camera, screen) : null;
  }

  pointerDown(input: PointerInput) {
    if (input.button !== 0) return;
    const editor = this.editor;
    const ids = new Set(editor.state.selection);
    const bounds = boundsOf(editor.selectedShapes);
    const handle = bounds ? handleAt(bounds, editor.state.camera, input.screen) : null;
    if (bounds && handle) {
      this.gesture =
        handle === 'rotate'
          ? { kind: 'rotating', start: input.point, centre: boundsCentre(bounds), ids }
          : { kind: 'scaling', handle, bounds, ids };
      return;
    }
    const hit = editor.shapeAt(input.screen);
    if (!hit) {
      this.gesture = { kind: 'marquee', start: input, current: input.point, mode: 'window' };
      return;
    }
    const onSelection = ids.has(hit.id);
    if (!onSelection && !input.shift && !input.ctrl) editor.select([hit.id]);
    else if (!onSelection) editor.select([...editor.state.selection, hit.id]);
    this.gesture = { kind: 'pressing', start: input, hitId: hit.id, onSelection };
  }

  pointerMove(input: PointerInput) {
    const editor = this.editor;
    const g = this.gesture;
    switch (g.kind) {
      case 'pressing': {
        if (!movedEnough(g.start.screen, input.screen)) return;
        const ids = new Set(editor.state.selection);
        const bounds = boundsOf(editor.selectedShapes);
        if (!bounds) return;
        this.gesture = { kind: 'moving', start: g.start.point, bounds, ids, snap: null };
        this.pointerMove(input);
        return;
      }
      case 'moving': {
        let dx = input.point.x - g.start.x;
        let dy = input.point.y - g.start.y;
        if (input.shift) {
          if (Math.abs(dx) > Math.abs(dy)) dy = 0;
          else dx = 0;
        }
        let snap: Snap | null = null;
        if (!input.alt) {
          const moved = transformBounds(g.bounds, translate(dx, dy));
          const s = snapMove(moved, editor.snapContext(g.ids));
          if (s) {
            if (!input.shift || dx !== 0) dx += s.dx;
            if (!input.shift || dy !== 0) dy += s.dy;
            snap = { point: { x: moved.minX + s.dx, y: moved.minY + s.dy }, kind: s.kind };
          }
        }
        this.gesture = { ...g, snap };
        this.preview(g.ids, translate(dx, dy));
        return;
      }
      case 'scaling': {
        const point = input.alt ? input.point : editor.snap(input.point, input, g.ids).point;
        this.preview(g.ids, scaleMatrix(g.bounds, g.handle, point, { keepAspect: input.shift, fromCentre: input.alt }));
        return;
      }
      case 'rotating':
        this.preview(g.ids, rotationMatrix(g.centre, rotationAngle(g.centre, g.start, input.point, input.shift)));
        return;
      case 'marquee':
        this.gesture = { ...g, current: input.point, mode: input.point.x >= g.start.point.x ? 'window' : 'crossing' };
        editor.refreshOverlay();
        return;
      case 'idle':
        return;
    }
  }

  pointerUp(input: PointerInput) {
    const editor = this.editor;
    const g = this.gesture;
    this.gesture = { kind: 'idle' };
    switch (g.kind) {
      case 'pressing':
        // a click (no drag) on a shape already selected: Shift or Ctrl takes it out; a plain click keeps
        // only it
        if (g.hitId && g.onSelection) {
          if (input.shift || input.ctrl) editor.select(editor.state.selection.filter((id) => id !== g.hitId));
          else editor.select([g.hitId]);
        }
        return;
      case 'moving':
      case 'scaling':
      case 'rotating': {
        const matrix = editor.state.preview?.matrix ?? IDENTITY;
        editor.store.set({ preview: null });
        if (!isIdentity(matrix, 1e-9))
          editor.store.change(
            g.kind === 'moving' ? 'move' : g.kind === 'scaling' ? 'scale' : 'rotate',
            transformShapes(g.ids, matrix),
          );
        editor.refreshOverlay();
        return;
      }
      case 'marquee': {
        const rect = rectOf(g.start.point, input.point);
        const moved = movedEnough(g.start.screen, input.screen);
        const found = moved ? shapesInRect(editor.index, rect, g.mode, editor.pickable()).map((s) => s.id) : [];
        const current = editor.state.selection;
        if (input.ctrl) editor.select(current.filter((id) => !found.includes(id)));
        else if (input.shift) editor.select([...current, ...found.filter((id) => !current.includes(id))]);
        else editor.select(found);
        editor.refreshOverlay();
        return;
      }
      case 'idle':
        return;
    }
  }

  cancel() {
    if (this.gesture.kind !== 'idle') this.editor.store.set({ preview: null });
    this.gesture = { kind: 'idle' };
    this.editor.refreshOverlay();
  }

  keyDown(input: { key: string }): boolean {
    if (input.key !== 'Escape' || this.gesture.kind === 'idle') return false;
    this.cancel();
    return true;
  }

  overlay(): ToolOverlay | null {
    const g = this.gesture;
    if (g.kind === 'marquee') return { marquee: { rect: rectOf(g.start.point, g.current), mode: g.mode } };
    if (g.kind === 'moving' && g.snap) return { snap: g.snap };
    return null;
  }

  private preview(ids: ReadonlySet<string>, matrix: Matrix) {
    this.editor.store.set({ preview: { ids, matrix } });
    this.editor.refreshOverlay();
  }
}

export const rectOf = (a: Vec2, b: Vec2): Bounds => ({
  minX: Math.min(a.x, b.x),
  minY: Math.min(a.y, b.y),
  maxX: Math.max(a.x, b.x),
  maxY: Math.max(a.y, b.y),
});
