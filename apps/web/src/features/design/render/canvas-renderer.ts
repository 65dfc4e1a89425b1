import type { Shape } from '@kerf/laser';
import { visibleBounds } from '../model/camera';
import type { Editor } from '../model/editor';
import { transformBounds } from '../model/geometry/handles';
import { boundsOf, shapePositions } from '../model/geometry/shape-geometry';
import { layerStates } from '../model/layers/layer-list';
import type { EditorState } from '../model/store/editor-store';
import { drawOutsideMarks } from './draw-outside';
import { drawSelectionBox, drawToolMarks } from './draw-overlay';
import { drawTabMarks } from './draw-tabs';
import { pathsOf } from './path2d-cache';
import { COLORS, clearPasteboard, drawWorkArea, layerColors, setDocumentTransform } from './scene';

/** While the camera moves over this many shapes, frames reuse the last full picture, scaled and moved. */
export const CACHED_FRAME_SHAPES = 4000;
/** Selections larger than this show their box only (no dashed outline per shape). */
export const MAX_OUTLINED_SELECTION = 2000;
/** A full redraw follows this long after the camera stops, ms. */
const SETTLE_MS = 120;

/**
 * Draws the editor on a canvas, at most once per animation frame, whenever the store or the tool's
 * overlay changes. Shapes outside the view are culled through the spatial index; each shape's canvas
 * paths are cached; a big drawing pans and zooms on a cached picture and is redrawn in full at rest.
 */
export class CanvasRenderer {
  private readonly ctx: CanvasRenderingContext2D;
  private frame = 0;
  private dpr = 1;
  private readonly images = new Map<string, HTMLImageElement>();
  private cached: { canvas: HTMLCanvasElement; camera: EditorState['camera']; state: EditorState } | null = null;
  /** During a drag over a big drawing: the picture of everything that is not moving. */
  private still: { canvas: HTMLCanvasElement; state: EditorState } | null = null;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly unsubscribe: (() => void)[] = [];
  /** Layers switched off in the layers panel: their shapes are not drawn. */
  private hiddenLayers: ReadonlySet<string> = new Set();
  /** Frames drawn, and how many of them from the cached picture (the editor bench reads these). */
  readonly stats = { full: 0, cached: 0, lastFullMs: 0, lastShapes: 0 };

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly editor: Editor,
  ) {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    this.ctx = ctx;
    this.unsubscribe.push(
      editor.store.subscribe(() => this.request()),
      editor.onOverlayChange(() => this.request()),
    );
  }

  dispose() {
    cancelAnimationFrame(this.frame);
    clearTimeout(this.settleTimer);
    for (const off of this.unsubscribe) off();
  }

  /** Sizes the canvas to its CSS box at the screen's pixel density. */
  resize(width: number, height: number, dpr: number) {
    this.dpr = dpr;
    this.canvas.width = Math.max(1, Math.round(width * dpr));
    this.canvas.height = Math.max(1, Math.round(height * dpr));
    this.cached = null;
    this.request();
  }

  request() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** Draws now (the bench and tests call this to time a frame). */
  draw() {
    const state = this.editor.state;
    const cached = this.cached;
    // only the camera moved since the cached picture, over a big drawing: reuse it, redraw at rest
    if (cached && onlyCameraMoved(cached.state, state) && this.editor.doc.shapes.length >= CACHED_FRAME_SHAPES) {
      this.drawCached(cached, state);
      clearTimeout(this.settleTimer);
      this.settleTimer = setTimeout(() => {
        this.cached = null;
        this.request();
      }, SETTLE_MS);
      return;
    }
    this.drawFull(state);
  }

  private drawCached(cached: NonNullable<CanvasRenderer['cached']>, state: EditorState) {
    const ctx = this.ctx;
    const from = cached.camera;
    const to = state.camera;
    const k = to.zoom / from.zoom;
    clearPasteboard(ctx, state.viewport, this.dpr);
    ctx.setTransform(this.dpr * k, 0, 0, this.dpr * k, this.dpr * (to.x - from.x * k), this.dpr * (to.y - from.y * k));
    ctx.drawImage(cached.canvas, 0, 0, cached.canvas.width / this.dpr, cached.canvas.height / this.dpr);
    this.stats.cached += 1;
  }

  private drawFull(state: EditorState) {
    const started = performance.now();
    const { ctx, dpr } = this;
    const { doc, camera } = state;
    const colors = layerColors(doc);
    this.hiddenLayers = layerStates(doc).hidden;
    const order = shapePositions(doc.shapes);
    const preview = state.preview;
    if (preview && doc.shapes.length >= CACHED_FRAME_SHAPES) {
      // dragging over a big drawing: what stands still is drawn once, each frame adds what moves
      const still = this.still;
      if (still && sameStill(still.state, state)) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.drawImage(still.canvas, 0, 0);
      } else {
        this.drawShapes(state, colors, preview.ids);
        this.still = { canvas: copyOf(this.canvas, this.still?.canvas), state };
      }
    } else {
      this.still = null;
      this.drawShapes(state, colors, hiddenShapes(state));
    }
    if (preview) {
      // shapes being dragged can come from outside the view
      const moving: Shape[] = [];
      for (const id of preview.ids) {
        const at = order.get(id);
        const shape = at === undefined ? undefined : doc.shapes[at];
        if (shape) moving.push(shape);
      }
      moving.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      setDocumentTransform(ctx, camera, dpr);
      ctx.lineWidth = 1 / camera.zoom;
      ctx.save();
      ctx.transform(...(preview.matrix as [number, number, number, number, number, number]));
      for (const shape of moving) this.drawShape(shape, colors);
      ctx.restore();
    }
    if (state.shapesPreview) {
      // what a dialog is setting up, drawn in place of the shapes it replaces
      setDocumentTransform(ctx, camera, dpr);
      ctx.lineWidth = 1 / camera.zoom;
      for (const shape of state.shapesPreview.shapes) this.drawShape(shape, colors);
    }
    const selected = selectionShown(state, this.editor.selectedShapes);
    this.drawSelection(state, selected);

    // what the tool is drawing, then the marks in screen pixels
    const overlay = this.editor.overlay();
    if (overlay?.shapes?.length) {
      setDocumentTransform(ctx, camera, dpr);
      for (const shape of overlay.shapes) this.drawShape(shape, colors);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawTabMarks(ctx, doc.shapes, camera, this.hiddenLayers);
    const index = this.editor.index;
    const inView = index.size <= 64 ? doc.shapes : index.search(visibleBounds(camera, state.viewport));
    drawOutsideMarks(ctx, inView, doc, camera, this.hiddenLayers);
    const box = boundsOf(selected);
    if (box && state.toolId === 'select')
      drawSelectionBox(ctx, preview ? transformBounds(box, preview.matrix) : box, camera);
    if (overlay) drawToolMarks(ctx, overlay, camera);

    this.stats.full += 1;
    this.stats.lastFullMs = performance.now() - started;
    if (doc.shapes.length >= CACHED_FRAME_SHAPES && !preview) this.keepPicture(state);
  }

  /** The work area and every shape in view but `skip` (the ones a drag is moving). */
  private drawShapes(state: EditorState, colors: Map<string, string>, skip: ReadonlySet<string> | undefined) {
    const { ctx, dpr } = this;
    const { doc, camera, viewport } = state;
    const view = visibleBounds(camera, viewport);
    clearPasteboard(ctx, viewport, dpr);
    setDocumentTransform(ctx, camera, dpr);
    drawWorkArea(ctx, doc, camera, view, state.showGrid, state.snap.gridSize);
    const index = this.editor.index;
    const visible = index.size <= 64 ? [...doc.shapes] : index.search(view);
    const order = shapePositions(doc.shapes);
    if (visible.length !== doc.shapes.length) visible.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    ctx.lineWidth = 1 / camera.zoom;
    ctx.lineJoin = 'round';
    for (const shape of visible) if (!skip?.has(shape.id)) this.drawShape(shape, colors);
    this.stats.lastShapes = visible.length;
  }

  /**
   * Each selected shape's outline, dashed, over its own stroke. A selection of thousands shows its box
   * only: dashing every outline of a whole sheet would take longer than the frame.
   */
  private drawSelection(state: EditorState, selected: readonly Shape[]) {
    if (state.selection.length === 0 || state.selection.length > MAX_OUTLINED_SELECTION) return;
    const ctx = this.ctx;
    setDocumentTransform(ctx, state.camera, this.dpr);
    ctx.save();
    if (state.preview) ctx.transform(...(state.preview.matrix as [number, number, number, number, number, number]));
    ctx.setLineDash([4 / state.camera.zoom, 3 / state.camera.zoom]);
    ctx.lineWidth = 1.5 / state.camera.zoom;
    ctx.strokeStyle = COLORS.selection;
    for (const shape of selected) {
      for (const path of pathsOf(shape).byLayer.values()) ctx.stroke(path);
    }
    ctx.restore();
  }

  private drawShape(shape: Shape, colors: Map<string, string>) {
    const ctx = this.ctx;
    const paths = pathsOf(shape);
    for (const bitmap of paths.bitmaps) {
      if (this.hiddenLayers.has(bitmap.layerId)) continue;
      const image = this.image(bitmap.src);
      if (!image.complete || image.naturalWidth === 0) continue;
      ctx.save();
      ctx.transform(...(bitmap.matrix as [number, number, number, number, number, number]));
      const crop = bitmap.crop;
      if (crop) {
        ctx.drawImage(image, crop.x, crop.y, crop.width, crop.height, bitmap.x, bitmap.y, bitmap.width, bitmap.height);
      } else {
        ctx.drawImage(image, bitmap.x, bitmap.y, bitmap.width, bitmap.height);
      }
      ctx.restore();
    }
    for (const [layerId, path] of paths.byLayer) {
      if (this.hiddenLayers.has(layerId)) continue;
      ctx.strokeStyle = colors.get(layerId) ?? '#000000';
      ctx.stroke(path);
    }
  }

  private image(src: string): HTMLImageElement {
    let image = this.images.get(src);
    if (!image) {
      image = new Image();
      image.onload = () => this.request();
      image.src = src;
      this.images.set(src, image);
    }
    return image;
  }

  private keepPicture(state: EditorState) {
    this.cached = { canvas: copyOf(this.canvas, this.cached?.canvas), camera: state.camera, state };
  }
}

/** Shapes not to draw from the document: those being dragged, and those a dialog's preview replaces. */
function hiddenShapes(state: EditorState): ReadonlySet<string> | undefined {
  const replaced = state.shapesPreview?.hides;
  if (!replaced) return state.preview?.ids;
  return state.preview ? new Set([...replaced, ...state.preview.ids]) : replaced;
}

/** The selection as drawn: a dialog's preview stands in for the selected shapes it replaces. */
function selectionShown(state: EditorState, selected: readonly Shape[]): readonly Shape[] {
  const preview = state.shapesPreview;
  if (!preview) return selected;
  return [...selected.filter((shape) => !preview.hides.has(shape.id)), ...preview.shapes];
}

/** A copy of what a canvas shows, into `reuse` when there is one. */
function copyOf(source: HTMLCanvasElement, reuse?: HTMLCanvasElement): HTMLCanvasElement {
  const copy = reuse ?? document.createElement('canvas');
  copy.width = source.width;
  copy.height = source.height;
  copy.getContext('2d')?.drawImage(source, 0, 0);
  return copy;
}

/** The still picture of a drag holds while only the drag's own transform changes. */
function sameStill(before: EditorState, after: EditorState): boolean {
  return (
    before.doc === after.doc &&
    before.camera === after.camera &&
    before.viewport === after.viewport &&
    before.showGrid === after.showGrid &&
    before.preview?.ids === after.preview?.ids
  );
}

/** True when nothing but the camera differs (the cached picture still shows the right drawing). */
function onlyCameraMoved(before: EditorState, after: EditorState): boolean {
  return (
    before.doc === after.doc &&
    before.selection === after.selection &&
    before.preview === after.preview &&
    before.viewport === after.viewport &&
    before.showGrid === after.showGrid &&
    before.camera !== after.camera
  );
}
