import type { BitmapShape, KerfDocument, Layer, LeafShape } from '../model/document.js';
import { LASER_MESSAGES, SettingError } from '../model/errors.js';
import type { Job, JobOp, PathOp, RasterOp } from '../model/job.js';
import {
  apply,
  type Bounds,
  emptyBounds,
  extendBounds,
  isEmptyBounds,
  type Matrix,
  type Vec2,
} from '../model/matrix.js';
import { DEFAULT_TOLERANCE, flattenPath } from '../model/path.js';
import { leafShapes, type PlacedShape, placedPath, placedPolylines, placedShapeId } from '../model/shapes.js';
import { decodeDataUrl, rasterOp } from '../raster/index.js';
import { type ArrayCopy, type ArraySettings, arrayCopies, moveOp, validateArray } from './array.js';
import { cutOps } from './cut-contours.js';
import { gradientRasterOp } from './gradient-raster.js';
import { type HatchGroup, type HatchOptions, hatchGroups, type WindingRule } from './hatch.js';
import { MAX_PASSES } from './messages.js';
import { cleanPoints, isDegenerate, simplifyPolyline } from './simplify.js';
import { clipOpsToArea } from './work-area.js';

/**
 * The planner: a document becomes a machine job. Output layers run in priority order (ties keep the
 * document's order), each `passes` times (pass after pass, or all passes of one contour before the
 * next, as the layer's cut settings say; each pass at its own Z); within a layer fills come before
 * outlines, so a part is engraved before it is cut free. Cut outlines get the layer's kerf offset and
 * tabs here; leads, overcut and perforation are added when the job is walked (output/stats.ts), once the
 * optimiser has chosen where each contour starts. An array repeats every layer's ops in a grid.
 */

/** A bitmap with its shape-to-document transform, as handed to the raster function. */
export interface PlacedBitmap {
  shape: BitmapShape;
  matrix: Matrix;
}

/** Turns one placed bitmap into its engraving op for a layer; null when there is nothing to burn. */
export type RasterFunction = (placed: PlacedBitmap, layer: Layer) => RasterOp | null;

export interface PlanOptions {
  /** The job's name (default: the document's name, else "job"). */
  name?: string;
  /** Repeat the job in a grid of copies. */
  array?: ArraySettings;
  /** Chord tolerance for curves, mm, for layers without curve smoothing (default 0.01). */
  tolerance?: number;
  /** Rasterises bitmaps on image layers (default: defaultRaster, the raster module on data: URLs). */
  raster?: RasterFunction;
}

/**
 * The default raster step: decodes the bitmap's `data:` URL and rasterises it with the layer's and the
 * bitmap's settings. A picture with nothing to burn (all white after processing) gives no op. Sources
 * other than data URLs (drive references) must be resolved by the caller, through `options.raster`.
 */
export const defaultRaster: RasterFunction = (placed, layer) => {
  const op = rasterOp(decodeDataUrl(placed.shape.src), placed, layer);
  return op.lines.length > 0 ? op : null;
};

/** A leaf shape made ready for the planner: its polylines in document coordinates, cleaned. */
interface PreparedShape {
  placed: PlacedShape;
  lines: { points: Vec2[]; closed: boolean }[];
}

interface PlanContext {
  options: PlanOptions;
  raster: RasterFunction;
  /** Counts the fills of the job, for block ids. */
  fills: number;
  /** Bounds of the output shapes (the array's spacing is measured from them). */
  bounds: Bounds;
}

/** Plans the machine job for a document. Throws SettingError for layer or array settings out of range. */
export function planJob(doc: KerfDocument, options: PlanOptions = {}): Job {
  if (options.array) validateArray(options.array);
  const layers = outputLayers(doc.layers);
  for (const layer of layers) checkPasses(layer);
  const byLayer = new Map<string, PlacedShape[]>();
  for (const p of leafShapes(doc.shapes)) {
    const list = byLayer.get(p.shape.layerId);
    if (list) list.push(p);
    else byLayer.set(p.shape.layerId, [p]);
  }
  const ctx: PlanContext = { options, raster: options.raster ?? defaultRaster, fills: 0, bounds: emptyBounds() };
  const perLayer = layers.map((layer) => layerOps(layer, byLayer.get(layer.id) ?? [], ctx));
  const copies = arrayCopies(options.array, ctx.bounds);
  const ops: JobOp[] = [];
  for (const [i, layer] of layers.entries()) repeatLayer(ops, perLayer[i]!, layer, copies);
  const size = jobSize(doc, ctx.bounds, copies);
  // Nothing is burnt outside the work area: what lies beyond its edges is cut away, with a warning.
  const safe = clipOpsToArea(ops, { x0: 0, y0: 0, x1: size.width, y1: size.height });
  const job: Job = {
    name: options.name ?? doc.meta.name ?? 'job',
    width: size.width,
    height: size.height,
    layers,
    ops: safe.ops,
  };
  if (safe.clipped) job.warnings = [LASER_MESSAGES.clippedToArea];
  return job;
}

/**
 * The layers to output, by priority; equal priorities keep the document's order. Hidden layers are left
 * out as LightBurn leaves them out: what the editor does not show is not burnt.
 */
function outputLayers(layers: readonly Layer[]): Layer[] {
  return layers
    .map((layer, index) => ({ layer, index }))
    .filter((l) => l.layer.output && !l.layer.hidden)
    .sort((a, b) => a.layer.priority - b.layer.priority || a.index - b.index)
    .map((l) => l.layer);
}

function checkPasses(layer: Layer): void {
  if (!(Number.isInteger(layer.passes) && layer.passes >= 1 && layer.passes <= MAX_PASSES)) {
    throw new SettingError(LASER_MESSAGES.passes);
  }
}

/**
 * Appends a layer's ops for every pass and array copy. Layer order: pass after pass, each over every
 * copy; shape order: each op with all its passes before the next (the passes of one op share a block,
 * so the optimiser keeps them together and in order). Ops of pass p are lowered to Z = zOffset −
 * (p − 1)·zStep when the layer steps down.
 */
function repeatLayer(out: JobOp[], once: readonly JobOp[], layer: Layer, copies: readonly ArrayCopy[]): void {
  const { passes } = layer;
  const { zOffset, zStep, passOrder } = layer.cut;
  const stepped = zStep !== 0 || zOffset !== 0;
  const place = (op: JobOp, pass: number, copy: ArrayCopy, block?: string): JobOp => {
    const passSuffix = pass > 1 ? `:p${pass}` : '';
    const plain = pass === 1 && copy.suffix === '';
    const placed = plain ? op : moveOp(op, copy.dx, copy.dy, copy.suffix, copy.suffix + passSuffix);
    if (placed.kind !== 'path' || (passes === 1 && !stepped)) return placed;
    const marked = placed === op ? { ...placed } : placed;
    marked.pass = pass;
    if (stepped) marked.z = zOffset - (pass - 1) * zStep;
    if (block !== undefined && marked.block === undefined) marked.block = block;
    return marked;
  };
  if (passOrder === 'shape' && passes > 1) {
    for (const copy of copies) {
      for (const [i, op] of once.entries()) {
        const block = `${layer.id}:passes:${i}${copy.suffix}`;
        for (let pass = 1; pass <= passes; pass++) out.push(place(op, pass, copy, block));
      }
    }
    return;
  }
  for (let pass = 1; pass <= passes; pass++)
    for (const copy of copies) for (const op of once) out.push(place(op, pass, copy));
}

/** The document's work area, grown to cover the last array copy. */
function jobSize(doc: KerfDocument, b: Bounds, copies: readonly ArrayCopy[]): { width: number; height: number } {
  const last = copies[copies.length - 1]!;
  if (isEmptyBounds(b) || copies.length === 1) return { width: doc.width, height: doc.height };
  return { width: Math.max(doc.width, b.maxX + last.dx), height: Math.max(doc.height, b.maxY + last.dy) };
}

/** The chord tolerance of a layer: its curve smoothing when set, else the job's tolerance. */
function layerTolerance(layer: Layer, options: PlanOptions): number {
  if (Number.isFinite(layer.curveSmoothing) && layer.curveSmoothing > 0) return layer.curveSmoothing;
  const t = options.tolerance;
  return t !== undefined && Number.isFinite(t) && t > 0 ? t : DEFAULT_TOLERANCE;
}

/** Flattens, cleans and (with curve smoothing) simplifies a shape's outline; degenerate lines dropped. */
function prepareShape(placed: PlacedShape, tolerance: number, smooth: boolean): PreparedShape {
  const lines: PreparedShape['lines'] = [];
  for (const l of flattenPath(placedPath(placed), tolerance)) {
    let points = cleanPoints(l.points, l.closed);
    if (smooth) points = simplifyPolyline(points, tolerance, l.closed);
    if (!isDegenerate(points)) lines.push({ points, closed: l.closed });
  }
  return { placed, lines };
}

/** One pass of a layer's ops. */
function layerOps(layer: Layer, placed: readonly PlacedShape[], ctx: PlanContext): JobOp[] {
  const tolerance = layerTolerance(layer, ctx.options);
  const smooth = Number.isFinite(layer.curveSmoothing) && layer.curveSmoothing > 0;
  const vectors: PreparedShape[] = [];
  const bitmaps: PlacedShape[] = [];
  for (const p of placed) {
    if (p.shape.kind === 'bitmap') {
      bitmaps.push(p);
      for (const l of placedPolylines(p, tolerance)) for (const q of l.points) addToBounds(ctx.bounds, q);
      continue;
    }
    const prepared = prepareShape(p, tolerance, smooth);
    for (const l of prepared.lines) for (const q of l.points) addToBounds(ctx.bounds, q);
    vectors.push(prepared);
  }
  if (layer.mode === 'cut') {
    if (layer.fill === 'none') return outlineOps(layer, vectors);
    const fills = fillOps(layer, vectors, ctx);
    return layer.deleteOutline ? fills : [...fills, ...outlineOps(layer, vectors)];
  }
  if (layer.mode === 'fill') return fillOps(layer, vectors, ctx);
  // Image layers engrave gradient fills as greyscale; other vector shapes are filled as on fill layers.
  const gradients: JobOp[] = [];
  const plain: PreparedShape[] = [];
  for (const v of vectors) {
    const gradient = v.placed.shape.kind !== 'bitmap' ? v.placed.shape.style?.fillGradient : undefined;
    const rings = gradient ? fillRings(v) : [];
    const op =
      gradient && rings.length
        ? gradientRasterOp(
            { rings, rule: fillRuleOf(v.placed.shape) },
            gradient,
            v.placed.matrix,
            layer,
            placedShapeId(v.placed),
          )
        : null;
    if (op) gradients.push(op);
    else plain.push(v);
  }
  return [...rasterOps(layer, bitmaps, ctx), ...gradients, ...fillOps(layer, plain, ctx)];
}

function addToBounds(b: Bounds, p: Vec2): void {
  if (Number.isFinite(p.x) && Number.isFinite(p.y)) extendBounds(b, p.x, p.y);
}

/** Cut ops: one per sub-path of every vector shape, in drawing order, with the layer's cut features. */
function outlineOps(layer: Layer, vectors: readonly PreparedShape[]): PathOp[] {
  return cutOps(
    layer,
    vectors.map((v) => {
      const { tabs, style } = v.placed.shape;
      return {
        shapeId: placedShapeId(v.placed),
        lines: v.lines,
        ...(tabs?.length ? { tabs: tabs.map((t) => apply(v.placed.matrix, t)) } : {}),
        ...(style?.dash?.length ? { dash: style.dash, dashOffset: style.dashOffset ?? 0 } : {}),
      };
    }),
  );
}

/** The raster ops of the layer's bitmaps, in drawing order (those the raster function skips drop out). */
function rasterOps(layer: Layer, bitmaps: readonly PlacedShape[], ctx: PlanContext): RasterOp[] {
  const out: RasterOp[] = [];
  for (const p of bitmaps) {
    const op = ctx.raster({ shape: p.shape as BitmapShape, matrix: p.matrix }, layer);
    // the raster function names the op after the bitmap; each array copy needs its own name
    if (op) out.push(p.copy ? { ...op, shapeId: placedShapeId(p) } : op);
  }
  return out;
}

/** The closed rings of a shape (open sub-paths whose ends meet count as closed), for filling. */
function fillRings(shape: PreparedShape): Vec2[][] {
  const rings: Vec2[][] = [];
  for (const l of shape.lines) {
    const first = l.points[0]!;
    const last = l.points[l.points.length - 1]!;
    const closed = l.closed || (first.x === last.x && first.y === last.y);
    if (closed && l.points.length >= 3) rings.push(l.points);
  }
  return rings;
}

function fillRuleOf(shape: LeafShape): WindingRule {
  return shape.style?.fillRule === 'nonzero' ? 'nonzero' : 'evenodd';
}

/**
 * Fill ops for a layer's vector shapes. `single` fills each shape on its own (its own block); otherwise
 * all shapes are filled together, lines running across them. A relief margin fills the shapes' bounds
 * grown by the margin, minus the shapes.
 */
function fillOps(layer: Layer, vectors: readonly PreparedShape[], ctx: PlanContext): PathOp[] {
  const units = layer.fill === 'single' ? vectors.map((v) => [v]) : [vectors];
  const out: PathOp[] = [];
  for (const unit of units) {
    const groups: HatchGroup[] = [];
    const ids: string[] = [];
    for (const v of unit) {
      const rings = fillRings(v);
      if (rings.length === 0) continue;
      groups.push({ rings, rule: fillRuleOf(v.placed.shape) });
      ids.push(placedShapeId(v.placed));
    }
    if (groups.length === 0) continue;
    const block = `${layer.id}:fill${++ctx.fills}`;
    const frame = reliefFrame(groups, layer.reliefMargin);
    const shapeId = ids.length === 1 ? ids[0]! : `${layer.id}:all`;
    const options: HatchOptions = frame ? { frame, layerId: layer.id, shapeId } : { layerId: layer.id, shapeId };
    for (const line of hatchGroups(groups, layer.fillSettings, block, options)) out.push(line);
  }
  return out;
}

/** The relief frame: the rings' bounds grown by `margin` on every side; null without a margin. */
function reliefFrame(groups: readonly HatchGroup[], margin: number): Vec2[] | null {
  if (!(Number.isFinite(margin) && margin > 0)) return null;
  const b = emptyBounds();
  for (const g of groups) for (const r of g.rings) for (const p of r) extendBounds(b, p.x, p.y);
  if (isEmptyBounds(b)) return null;
  const x0 = b.minX - margin;
  const y0 = b.minY - margin;
  const x1 = b.maxX + margin;
  const y1 = b.maxY + margin;
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}
