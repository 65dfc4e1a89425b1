import type { Bounds, Shape, Vec2 } from '@kerf/laser';
import type { Snap } from '../geometry/snapping';
import type { ToolId } from '../store/editor-store';

export interface Modifiers {
  shift: boolean;
  /** Ctrl, or ⌘ on a Mac. */
  ctrl: boolean;
  alt: boolean;
}

export interface PointerInput extends Modifiers {
  /** Where the pointer is on the drawing, mm (not snapped: tools snap what they place). */
  point: Vec2;
  /** Where it is on the canvas, CSS pixels. */
  screen: Vec2;
  /** 0 main, 1 middle, 2 secondary. */
  button: number;
}

export interface KeyInput extends Modifiers {
  /** `KeyboardEvent.key`. */
  key: string;
}

/** What a tool draws over the drawing while it works. */
export interface ToolOverlay {
  /** Shapes being drawn, shown as they would be made. */
  shapes?: readonly Shape[];
  /** A marquee: `window` drawn solid, `crossing` dashed. */
  marquee?: { rect: Bounds; mode: 'window' | 'crossing' };
  snap?: Snap | null;
  /** Nodes of a path being drawn or edited, document coordinates. */
  nodes?: readonly { point: Vec2; selected?: boolean; handle?: boolean }[];
  /** Lines from nodes to their Bézier handles. */
  handleLines?: readonly [Vec2, Vec2][];
}

/**
 * A tool is a small state machine fed pointer and key events in document coordinates; it changes the
 * document only through the editor's store, so every result is one undoable step.
 */
export interface Tool {
  readonly id: ToolId;
  readonly cursor: string;
  pointerDown?(input: PointerInput): void;
  pointerMove?(input: PointerInput): void;
  pointerUp?(input: PointerInput): void;
  doubleClick?(input: PointerInput): void;
  /** True when the tool used the key (the editor's shortcuts then leave it alone). */
  keyDown?(input: KeyInput): boolean;
  /** Escape or a switch to another tool: drop whatever is half done. */
  cancel?(): void;
  overlay?(): ToolOverlay | null;
}

/** Pixels the pointer must travel before a press becomes a drag. */
export const DRAG_THRESHOLD = 3;

export const movedEnough = (a: Vec2, b: Vec2) => Math.hypot(a.x - b.x, a.y - b.y) >= DRAG_THRESHOLD;
