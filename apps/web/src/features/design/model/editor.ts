import type { KerfDocument, Shape, Vec2 } from '@kerf/laser';
import { type Camera, panBy, toDocument, ZOOM_STEP, zoomAt } from './camera';
import { hitTest } from './geometry/hit-test';
import { findShape, shapesOf } from './geometry/shape-geometry';
import { type Snap, type SnapContext, snapPoint } from './geometry/snapping';
import { SpatialIndex } from './geometry/spatial-index';
import { runShortcut } from './keyboard';
import { layersInOrder, pickableFilter, visibleFilter } from './layers/layer-list';
import { type EditorState, EditorStore, type ToolId } from './store/editor-store';
import type { HistorySnapshot } from './store/history';
import { createTools } from './tools/create-tools';
import type { KeyInput, Modifiers, PointerInput, Tool, ToolOverlay } from './tools/tool';

/** Tools that put new shapes on the active layer. */
const DRAWING_TOOLS: ReadonlySet<ToolId> = new Set(['line', 'rect', 'ellipse', 'polygon', 'star', 'pen', 'text']);

/** A click this close to an outline (screen pixels) picks the shape. */
export const HIT_RADIUS = 5;

export interface PointerEventInput extends Modifiers {
  screen: Vec2;
  button: number;
}

/**
 * The editor without a screen: the store, a spatial index of the drawing, the tools and the input
 * routing. The canvas view feeds it DOM events; the headless test editor feeds it the same calls.
 */
export class Editor {
  readonly store: EditorStore;
  private readonly spatial = new SpatialIndex();
  private readonly tools: Record<ToolId, Tool>;
  private readonly overlayListeners = new Set<() => void>();
  /** Pan in progress with the middle button or space held: the tool does not see these events. */
  private panFrom: Vec2 | null = null;
  /** Space is held: the next drag pans. */
  spaceHeld = false;
  /** Shapes copied with Ctrl+C, and how many times they were pasted (each paste lands further on). */
  clipboard: { shapes: Shape[]; pastes: number } | null = null;

  constructor(init?: { doc?: KerfDocument; state?: Partial<EditorState>; history?: HistorySnapshot }) {
    this.store = new EditorStore({ ...init?.state, ...(init?.doc ? { doc: init.doc } : {}) }, init?.history);
    this.tools = createTools(this);
  }

  get state(): EditorState {
    return this.store.get();
  }

  get doc(): KerfDocument {
    return this.store.doc;
  }

  /** The R-tree, brought up to date with the drawing when asked for. */
  get index(): SpatialIndex {
    this.spatial.sync(this.store.doc.shapes);
    return this.spatial;
  }

  get tool(): Tool {
    return this.tools[this.state.toolId];
  }

  get selectedShapes(): Shape[] {
    return shapesOf(this.doc, this.state.selection);
  }

  setTool(id: ToolId) {
    if (id === this.state.toolId) return;
    this.tool.cancel?.();
    this.store.set({ toolId: id });
    this.refreshOverlay();
  }

  select(ids: readonly string[]) {
    this.store.set({ selection: ids.filter((id) => findShape(this.doc, id)) });
  }

  setCamera(camera: Camera) {
    this.store.set({ camera });
  }

  toDocument(screen: Vec2): Vec2 {
    return toDocument(this.state.camera, screen);
  }

  /** The top-level shape under a canvas point (shapes on hidden or locked layers are looked through). */
  shapeAt(screen: Vec2): Shape | null {
    const point = this.toDocument(screen);
    return hitTest(this.index, this.doc.shapes, point, HIT_RADIUS / this.state.camera.zoom, this.pickable());
  }

  /** Which top-level shapes the pointer may pick now (not those wholly on hidden or locked layers). */
  pickable(): (shape: Shape) => boolean {
    return pickableFilter(this.doc);
  }

  snapContext(exclude?: ReadonlySet<string>): SnapContext {
    const visible = visibleFilter(this.doc);
    return { settings: this.state.snap, index: this.index, zoom: this.state.camera.zoom, exclude, visible };
  }

  /** Where a placed point lands with snapping (Alt held turns snapping off for the moment). */
  snap(point: Vec2, input?: Modifiers, exclude?: ReadonlySet<string>): { point: Vec2; snap: Snap | null } {
    if (input?.alt) return { point, snap: null };
    const snap = snapPoint(point, this.snapContext(exclude));
    return { point: snap?.point ?? point, snap };
  }

  // ---- input ----

  pointerDown(event: PointerEventInput) {
    if (event.button === 1 || (event.button === 0 && (this.spaceHeld || this.state.toolId === 'pan'))) {
      this.panFrom = event.screen;
      return;
    }
    // a drawing tool needs a layer for what it makes: with none selected, the first one in the list takes them
    if (DRAWING_TOOLS.has(this.state.toolId) && !this.doc.layers.some((l) => l.id === this.state.activeLayerId)) {
      const first = layersInOrder(this.doc.layers)[0];
      if (first) this.store.set({ activeLayerId: first.id });
    }
    this.tool.pointerDown?.(this.inputOf(event));
  }

  pointerMove(event: PointerEventInput) {
    if (this.panFrom) {
      this.setCamera(panBy(this.state.camera, event.screen.x - this.panFrom.x, event.screen.y - this.panFrom.y));
      this.panFrom = event.screen;
      return;
    }
    this.tool.pointerMove?.(this.inputOf(event));
  }

  pointerUp(event: PointerEventInput) {
    if (this.panFrom) {
      this.panFrom = null;
      return;
    }
    this.tool.pointerUp?.(this.inputOf(event));
  }

  doubleClick(event: PointerEventInput) {
    this.tool.doubleClick?.(this.inputOf(event));
  }

  get panning() {
    return this.panFrom !== null;
  }

  /** Wheel: Ctrl (or a pinch, which browsers report as Ctrl+wheel) zooms at the pointer; else it scrolls. */
  wheel(screen: Vec2, deltaX: number, deltaY: number, ctrl: boolean) {
    if (ctrl) {
      this.setCamera(zoomAt(this.state.camera, screen, ZOOM_STEP ** (-deltaY / 100)));
    } else {
      this.setCamera(panBy(this.state.camera, -deltaX, -deltaY));
    }
  }

  /** True when the key did something (the page then keeps it from the browser). */
  keyDown(input: KeyInput): boolean {
    if (input.key === ' ') {
      this.spaceHeld = true;
      return true;
    }
    if (this.tool.keyDown?.(input)) return true;
    return runShortcut(this, input);
  }

  keyUp(key: string) {
    if (key === ' ') this.spaceHeld = false;
  }

  private inputOf(event: PointerEventInput): PointerInput {
    return { ...event, point: this.toDocument(event.screen) };
  }

  // ---- what tools draw on top ----

  overlay(): ToolOverlay | null {
    return this.tool.overlay?.() ?? null;
  }

  onOverlayChange(listener: () => void): () => void {
    this.overlayListeners.add(listener);
    return () => this.overlayListeners.delete(listener);
  }

  refreshOverlay() {
    for (const listener of this.overlayListeners) listener();
  }
}
