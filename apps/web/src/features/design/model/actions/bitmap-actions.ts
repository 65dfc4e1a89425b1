import {
  type BitmapSettings,
  type BitmapShape,
  createLayer,
  type KerfDocument,
  type Layer,
  type Matrix,
  type PathData,
  type PathShape,
  type PixelRect,
  transformPath,
  translate,
} from '@kerf/laser';
import type { Draft } from 'immer';
import { newId } from '../ids';

/**
 * Bitmap edits for the bitmap panel, each a recipe for `EditorStore.change` (one undoable step). They
 * work on a top-level bitmap, the one the panel opens for.
 */

type DocDraft = Draft<KerfDocument>;

/** The bitmap the panel edits: the selection when it is exactly one top-level bitmap. */
export function selectedBitmap(doc: KerfDocument, selection: readonly string[]): BitmapShape | null {
  if (selection.length !== 1) return null;
  const shape = doc.shapes.find((s) => s.id === selection[0]);
  return shape?.kind === 'bitmap' ? shape : null;
}

/** The part of the picture in use: its crop, or all of it. */
export function cropOf(shape: Pick<BitmapShape, 'crop' | 'pixelWidth' | 'pixelHeight'>): PixelRect {
  return shape.crop ?? { x: 0, y: 0, width: shape.pixelWidth, height: shape.pixelHeight };
}

/**
 * Sets a bitmap's settings and crop. A new crop keeps the picture's scale and place on the work area
 * (the frame shrinks to the part kept, as cropping does in LightBurn), rather than stretching the kept
 * part over the old frame. A crop of the whole picture is stored as none.
 */
export const updateBitmap = (id: string, settings: BitmapSettings, crop: PixelRect) => (draft: DocDraft) => {
  const shape = draft.shapes.find((s) => s.id === id);
  if (shape?.kind !== 'bitmap') return;
  shape.settings = { ...settings };
  const before = cropOf(shape);
  const same = (a: PixelRect, b: PixelRect) =>
    a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
  if (same(before, crop)) return;
  const mmPerPixelX = shape.width / before.width;
  const mmPerPixelY = shape.height / before.height;
  shape.x += (crop.x - before.x) * mmPerPixelX;
  shape.y += (crop.y - before.y) * mmPerPixelY;
  shape.width = crop.width * mmPerPixelX;
  shape.height = crop.height * mmPerPixelY;
  if (same(crop, { x: 0, y: 0, width: shape.pixelWidth, height: shape.pixelHeight })) delete shape.crop;
  else shape.crop = { ...crop };
};

/** The layer traced outlines go on: the first cut layer, or a new red one when there is none. */
export function traceLayer(doc: KerfDocument): { layer: Layer; isNew: boolean } {
  const cut = doc.layers.find((layer) => layer.mode === 'cut');
  if (cut) return { layer: cut, isNew: false };
  const layer = createLayer({
    id: newId('L'),
    name: 'TRACE',
    color: '#ff0000',
    mode: 'cut',
    priority: doc.layers.length,
  });
  return { layer, isNew: true };
}

/**
 * Applies the panel's settings and crop, then adds the traced outline of the bitmap as a path on a cut
 * layer, just above the bitmap and with its transform (the outline lies over the picture): one step.
 * `path` is in the cropped frame's coordinates with its top-left at 0, 0 (mm), as the tracer gives it.
 */
export const traceBitmapInto =
  (
    bitmapId: string,
    settings: BitmapSettings,
    crop: PixelRect,
    path: PathData,
    target: { layer: Layer; isNew: boolean },
    id: string,
  ) =>
  (draft: DocDraft) => {
    updateBitmap(bitmapId, settings, crop)(draft);
    const at = draft.shapes.findIndex((s) => s.id === bitmapId);
    const bitmap = draft.shapes[at];
    if (bitmap?.kind !== 'bitmap') return;
    if (target.isNew) draft.layers.push(target.layer as Draft<Layer>);
    const traced: PathShape = {
      kind: 'path',
      id,
      layerId: target.layer.id,
      transform: bitmap.transform as Matrix,
      path: transformPath(path, translate(bitmap.x, bitmap.y)),
    };
    draft.shapes.splice(at + 1, 0, traced as Draft<PathShape>);
  };
