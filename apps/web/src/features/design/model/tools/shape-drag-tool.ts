import { IDENTITY, type LeafShape, type Vec2 } from '@kerf/laser';
import { addShapes } from '../actions/shape-commands';
import type { Editor } from '../editor';
import type { Snap } from '../geometry/snapping';
import { newId } from '../ids';
import type { ShapeSettings } from '../store/editor-store';
import { movedEnough, type PointerInput, type Tool, type ToolOverlay } from './tool';

/** What a drag from `start` to `end` makes, given the layer and the tool settings. */
export type ShapeBuilder = (
  start: Vec2,
  end: Vec2,
  input: PointerInput,
  settings: ShapeSettings,
  base: { id: string; layerId: string },
) => LeafShape | null;

/**
 * A tool that makes one shape per drag (rectangle, ellipse, polygon, star): both ends snap, the shape
 * shows while dragging, and releasing adds it in one undoable step and selects it.
 */
export class ShapeDragTool implements Tool {
  readonly cursor = 'crosshair';
  private drag: { start: Vec2; startScreen: Vec2; shape: LeafShape | null; snap: Snap | null } | null = null;
  private hover: Snap | null = null;

  constructor(
    readonly id: 'rect' | 'ellipse' | 'polygon' | 'star',
    private readonly editor: Editor,
    private readonly build: ShapeBuilder,
  ) {}

  pointerDown(input: PointerInput) {
    if (input.button !== 0) return;
    const { point, snap } = this.editor.snap(input.point, input);
    this.drag = { start: point, startScreen: input.screen, shape: null, snap };
  }

  pointerMove(input: PointerInput) {
    const { point, snap } = this.editor.snap(input.point, input);
    if (!this.drag) {
      this.hover = snap;
      this.editor.refreshOverlay();
      return;
    }
    const shape = movedEnough(this.drag.startScreen, input.screen) ? this.make(point, input) : null;
    this.drag = { ...this.drag, shape, snap };
    this.editor.refreshOverlay();
  }

  pointerUp(input: PointerInput) {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const { point } = this.editor.snap(input.point, input);
    const shape = movedEnough(drag.startScreen, input.screen) ? this.make(point, input, drag.start) : null;
    if (shape) this.editor.store.change('draw', addShapes([shape]), [shape.id]);
    this.editor.refreshOverlay();
  }

  keyDown(input: { key: string }) {
    if (input.key !== 'Escape' || !this.drag) return false;
    this.cancel();
    return true;
  }

  cancel() {
    this.drag = null;
    this.editor.refreshOverlay();
  }

  overlay(): ToolOverlay | null {
    if (!this.drag) return this.hover ? { snap: this.hover } : null;
    return { shapes: this.drag.shape ? [this.drag.shape] : [], snap: this.drag.snap };
  }

  private make(end: Vec2, input: PointerInput, start = this.drag!.start): LeafShape | null {
    const state = this.editor.state;
    return this.build(start, end, input, state.shapeSettings, { id: newId(), layerId: state.activeLayerId });
  }
}

/** The box a drag spans: Shift makes it square, Alt grows it from the press point as the centre. */
export function dragBox(start: Vec2, end: Vec2, input: { shift: boolean; alt: boolean }) {
  let w = end.x - start.x;
  let h = end.y - start.y;
  if (input.shift) {
    const side = Math.max(Math.abs(w), Math.abs(h));
    w = Math.sign(w || 1) * side;
    h = Math.sign(h || 1) * side;
  }
  if (input.alt)
    return { x: start.x - Math.abs(w), y: start.y - Math.abs(h), width: 2 * Math.abs(w), height: 2 * Math.abs(h) };
  return {
    x: Math.min(start.x, start.x + w),
    y: Math.min(start.y, start.y + h),
    width: Math.abs(w),
    height: Math.abs(h),
  };
}

export const buildRect: ShapeBuilder = (start, end, input, settings, base) => {
  const box = dragBox(start, end, input);
  if (box.width <= 0 || box.height <= 0) return null;
  const r = Math.min(settings.cornerRadius, box.width / 2, box.height / 2);
  return { ...base, kind: 'rect', transform: IDENTITY, ...box, rx: r, ry: r };
};

export const buildEllipse: ShapeBuilder = (start, end, input, _settings, base) => {
  const box = dragBox(start, end, input);
  if (box.width <= 0 || box.height <= 0) return null;
  return {
    ...base,
    kind: 'ellipse',
    transform: IDENTITY,
    cx: box.x + box.width / 2,
    cy: box.y + box.height / 2,
    rx: box.width / 2,
    ry: box.height / 2,
  };
};

/** Corners of a regular polygon or a star about `centre`, the first at `angle` (radians). */
export function radialPoints(
  centre: Vec2,
  radius: number,
  angle: number,
  corners: number,
  innerRatio?: number,
): Vec2[] {
  const points: Vec2[] = [];
  const steps = innerRatio === undefined ? corners : corners * 2;
  for (let i = 0; i < steps; i++) {
    const r = innerRatio !== undefined && i % 2 === 1 ? radius * innerRatio : radius;
    const a = angle + (i * 2 * Math.PI) / steps;
    points.push({ x: centre.x + r * Math.cos(a), y: centre.y + r * Math.sin(a) });
  }
  return points;
}

/** Polygon and star: dragged out from the centre; the drag sets the size and the first corner's angle. */
function radialBuilder(star: boolean): ShapeBuilder {
  return (start, end, input, settings, base) => {
    const radius = Math.hypot(end.x - start.x, end.y - start.y);
    if (radius <= 0) return null;
    let angle = Math.atan2(end.y - start.y, end.x - start.x);
    if (input.shift) angle = Math.round(angle / (Math.PI / 12)) * (Math.PI / 12);
    const corners = Math.max(3, Math.round(star ? settings.starPoints : settings.polygonSides));
    const points = radialPoints(start, radius, angle, corners, star ? settings.starInnerRatio : undefined);
    return { ...base, kind: 'polygon', transform: IDENTITY, points, closed: true };
  };
}

export const buildPolygon = radialBuilder(false);
export const buildStar = radialBuilder(true);
