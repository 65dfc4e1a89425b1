import type {
  EllipseShape,
  GroupShape,
  KerfDocument,
  PathShape,
  PolygonShape,
  Shape,
  ShapeStyle,
  TextShape,
} from '../../model/document.js';
import { FormatError } from '../../model/errors.js';
import { createDocument, idMaker, layerFor } from '../../model/layers.js';
import {
  type Bounds,
  emptyBounds,
  IDENTITY,
  isEmptyBounds,
  type Matrix,
  maxScale,
  multiply,
  rotate,
  scale,
  translate,
  type Vec2,
} from '../../model/matrix.js';
import { DEFAULT_TOLERANCE, type PathData, type Segment, type SubPath, transformPath } from '../../model/path.js';
import { type FontBook, textOutline } from '../../text/fonts.js';
import type {
  CadBlock,
  CadDrawing,
  CadEntity,
  CadHatch,
  CadHatchEdge,
  CadInsert,
  CadLayer,
  CadPoint,
  CadText,
} from '../cad/types.js';
import { aciToRgb, rgbHex } from './aci.js';
import { ccwSweepDegrees, centerArc, extendPathBounds, extendPoint, hasBulges, polylinePath } from './geometry.js';
import { fitPointCurve, makeNurbs, tessellateNurbs } from './nurbs.js';

/** Options of `cadToDocument` and `importDxf`. */
export interface CadImportOptions {
  /** Document name (meta.name). */
  name?: string;
  /** meta.source; `dxf` unless given (the DWG importer passes `dwg`). */
  source?: string;
  /** Chord tolerance for splines, mm (default 0.01). */
  tolerance?: number;
  /** Fonts for text outlines; without them text comes in with an empty outline (and a warning). */
  fonts?: FontBook;
}

/** Most leaf shapes a drawing may expand to through its blocks. */
export const MAX_EXPANDED_ENTITIES = 2_000_000;
/** Deepest block nesting followed. */
export const MAX_BLOCK_DEPTH = 200;
/** Largest drawing extent accepted, mm (1,000 km: anything larger is a units or stray-point problem). */
export const MAX_EXTENT_MM = 1e9;

/** Millimetres per drawing unit for each `$INSUNITS` code (unitless and unknown codes count as mm). */
const UNIT_MM: Record<number, number> = {
  1: 25.4,
  2: 304.8,
  3: 1_609_344,
  4: 1,
  5: 10,
  6: 1000,
  7: 1e6,
  8: 25.4e-6,
  9: 0.0254,
  10: 914.4,
  11: 1e-7,
  12: 1e-6,
  13: 1e-3,
  14: 100,
  15: 10_000,
  16: 100_000,
  17: 1e12,
  18: 1.495978707e14,
  19: 9.4607304725808e18,
  20: 3.085677581491367e19,
  21: (1200 / 3937) * 1000,
  22: 1000 / 39.37,
  23: (3600 / 3937) * 1000,
  24: (6336 / 3937) * 1_000_000,
};

/** Millimetres per drawing unit for a `$INSUNITS` value. */
export function unitScale(insUnits: number | undefined): number {
  return (insUnits !== undefined && UNIT_MM[insUnits]) || 1;
}

/** Entity types whose coordinates are in the object coordinate system (mirrored by a -z extrusion). */
const OCS_TYPES = new Set(['ARC', 'CIRCLE', 'POLYLINE', 'TEXT', 'MTEXT', 'ATTRIB', 'INSERT', 'HATCH']);
const MIRROR_X: Matrix = [-1, 0, 0, 1, 0, 0];
/** Text boxes are y-down inside the shape: this flips them upright in the y-up CAD frame. */
const FLIP_Y: Matrix = [1, 0, 0, -1, 0, 0];

/** What a block's content inherits from the INSERT that places it. */
interface Inherit {
  /** The INSERT's layer, for entities on layer "0". */
  layer?: string;
  /** The INSERT's colour, for entities coloured BYBLOCK. */
  color?: string;
}

/**
 * Turns a neutral CAD drawing into a Kerf document: units to millimetres, the y axis turned down with
 * the drawing's extents placed at the top-left, CAD layers to laser layers, blocks to groups. Arcs stay
 * exact; splines become lines within `tolerance`. Throws FormatError for self-inserting blocks and for
 * drawings that nest blocks into more than MAX_EXPANDED_ENTITIES shapes.
 */
export function cadToDocument(drawing: CadDrawing, options: CadImportOptions = {}): KerfDocument {
  return new Converter(drawing, options).run();
}

class Converter {
  private readonly doc: KerfDocument;
  private readonly s: number;
  private readonly tolerance: number;
  private readonly newId = idMaker('s');
  private readonly layers = new Map<string, CadLayer>();
  private readonly layerIds = new Map<string, string>();
  private readonly layerCache = new Map<string, CadLayer | null>();
  private readonly blockIndex = new Map<string, CadBlock>();
  private readonly bounds: Bounds = emptyBounds();
  private leaves = 0;
  private hidden = 0;
  private texts = 0;
  private readonly fonts: FontBook | undefined;
  private readonly missing = new Map<string, number>();
  private readonly invalid = new Map<string, number>();

  constructor(
    private readonly drawing: CadDrawing,
    options: CadImportOptions,
  ) {
    this.fonts = options.fonts?.faces.length ? options.fonts : undefined;
    this.s = unitScale(drawing.insUnits);
    const tol = options.tolerance ?? DEFAULT_TOLERANCE;
    this.tolerance = Number.isFinite(tol) && tol > 0 ? Math.max(tol, 1e-5) : DEFAULT_TOLERANCE;
    this.doc = createDocument({ meta: { source: options.source ?? 'dxf' } });
    if (options.name !== undefined) this.doc.meta.name = options.name;
    for (const l of drawing.layers) this.layers.set(l.name.toUpperCase(), l);
    for (const [name, b] of drawing.blocks) this.blockIndex.set(name.toUpperCase(), b);
  }

  run(): KerfDocument {
    this.checkExpansion();
    const shapes: Shape[] = [];
    for (const e of this.drawing.entities) this.entity(e, IDENTITY, {}, shapes);
    const b = this.bounds;
    const doc = this.doc;
    if (!isEmptyBounds(b)) {
      const s = this.s;
      const w = (b.maxX - b.minX) * s;
      const h = (b.maxY - b.minY) * s;
      if (!(w <= MAX_EXTENT_MM && h <= MAX_EXTENT_MM)) {
        throw new FormatError(
          'dxf',
          `the drawing spans ${formatMm(Math.max(w, h))}, more than 1,000 km: check its units or entities far from the rest`,
        );
      }
      for (const shape of shapes) placeTopLevel(shape, b, s);
      doc.width = Math.max(1, w);
      doc.height = Math.max(1, h);
    } else {
      doc.width = 1;
      doc.height = 1;
    }
    doc.shapes = shapes;
    doc.meta.warnings = this.warnings(shapes.length === 0);
    return doc;
  }

  // ------------------------------------------------------------------------------ block expansion

  private block(name: string): CadBlock | undefined {
    return this.drawing.blocks.get(name) ?? this.blockIndex.get(name.toUpperCase());
  }

  /**
   * Counts the shapes model space expands to (memoised per block) before anything is built, refusing
   * blocks that insert themselves, nesting deeper than MAX_BLOCK_DEPTH and expansions over the budget.
   */
  private checkExpansion(): void {
    const state = new Map<CadBlock, number>();
    const count = (entities: readonly CadEntity[], depth: number): number => {
      let n = 0;
      for (const e of entities) {
        if (e.type !== 'INSERT') {
          n++;
          continue;
        }
        n += e.attribs.length;
        const b = this.block(e.block);
        if (!b) continue;
        const known = state.get(b);
        if (known === -1) throw new FormatError('dxf', `block "${b.name}" inserts itself`);
        let inner = known;
        if (inner === undefined) {
          if (depth >= MAX_BLOCK_DEPTH) {
            throw new FormatError('dxf', `blocks are nested more than ${MAX_BLOCK_DEPTH} levels deep`);
          }
          state.set(b, -1);
          inner = count(b.entities, depth + 1);
          state.set(b, inner);
        }
        n += inner * Math.max(1, e.columns) * Math.max(1, e.rows);
      }
      return n;
    };
    const total = count(this.drawing.entities, 0);
    if (total > MAX_EXPANDED_ENTITIES) {
      throw new FormatError(
        'dxf',
        `the drawing's blocks expand to about ${total.toExponential(1)} entities, more than the ${MAX_EXPANDED_ENTITIES.toLocaleString('en')} Kerf can import`,
      );
    }
  }

  // ------------------------------------------------------------------------------------ entities

  /**
   * Builds one entity into `out`. Geometry is made in the entity's frame (block or model coordinates);
   * `m` places that frame in model space and is used for bounds and tolerances only.
   */
  private entity(e: CadEntity, m: Matrix, inh: Inherit, out: Shape[]): void {
    if (e.ocs) {
      // A tilted object coordinate system: the entity is built in its OCS and seen from above.
      const [a, b, c, d] = e.ocs;
      const ocs: Matrix = [a, b, c, d, 0, 0];
      const inner: Shape[] = [];
      this.entity({ ...e, ocs: undefined }, multiply(m, ocs), inh, inner);
      if (inner.length > 0) out.push({ kind: 'group', id: this.newId(), transform: ocs, children: inner });
      return;
    }
    const layerName = e.layer === '0' && inh.layer !== undefined ? inh.layer : e.layer;
    const cadLayer = this.cadLayer(layerName);
    if ((cadLayer && !cadLayer.visible) || e.invisible) {
      this.hidden++;
      return;
    }
    if (++this.leaves > MAX_EXPANDED_ENTITIES) {
      throw new FormatError('dxf', `the drawing expands to more than ${MAX_EXPANDED_ENTITIES} entities`);
    }
    const layerColor = cadLayer ? layerHex(cadLayer) : '#000000';
    const layerId = this.layerId(layerName, layerColor);
    const stroke = entityHex(e, layerColor, inh);
    const mirror = OCS_TYPES.has(e.type) && e.extrusionZ !== undefined && e.extrusionZ < 0;
    const style: ShapeStyle = { stroke, fill: null };
    switch (e.type) {
      case 'LINE':
        this.leaf(out, m, polygon(layerId, style, [e.start, e.end], false, mirror));
        return;
      case 'CIRCLE': {
        const cx = mirror ? -e.center.x : e.center.x;
        const shape: EllipseShape = {
          kind: 'ellipse',
          id: this.newId(),
          transform: IDENTITY,
          layerId,
          style,
          cx,
          cy: e.center.y,
          rx: e.radius,
          ry: e.radius,
        };
        this.leaf(out, m, shape);
        return;
      }
      case 'ARC': {
        const a = centerArc({
          cx: e.center.x,
          cy: e.center.y,
          rx: e.radius,
          ry: e.radius,
          phi: 0,
          theta1: (e.startAngle * Math.PI) / 180,
          delta: (ccwSweepDegrees(e.startAngle, e.endAngle) * Math.PI) / 180,
        });
        this.leaf(out, m, this.path(layerId, style, [{ start: a.start, segments: a.segments, closed: false }], mirror));
        return;
      }
      case 'ELLIPSE': {
        const sp = ellipseSubPath(e.center, e.majorAxis, e.ratio, e.startParam, e.endParam, true);
        this.leaf(out, m, this.path(layerId, style, [sp], false));
        return;
      }
      case 'POLYLINE':
        if (e.vertices.length === 0) return;
        if (!hasBulges(e.vertices)) this.leaf(out, m, polygon(layerId, style, e.vertices, e.closed, mirror));
        else this.leaf(out, m, this.path(layerId, style, polylinePath(e.vertices, e.closed), mirror));
        return;
      case 'SPLINE':
        this.spline(e, m, layerId, style, out);
        return;
      case 'TEXT':
      case 'MTEXT':
      case 'ATTRIB':
        this.leaf(out, m, this.text(e, layerId, stroke, mirror));
        return;
      case 'HATCH':
        this.hatch(e, m, layerId, style, mirror, out);
        return;
      case 'INSERT':
        this.leaves--;
        this.insert(e, m, layerName, stroke, mirror, out);
        return;
    }
  }

  /** The CAD layer of a name (names are case-insensitive), cached by the name as written. */
  private cadLayer(name: string): CadLayer | undefined {
    let l = this.layerCache.get(name);
    if (l === undefined) {
      l = this.layers.get(name.toUpperCase()) ?? null;
      this.layerCache.set(name, l);
    }
    return l ?? undefined;
  }

  private layerId(name: string, color: string): string {
    let id = this.layerIds.get(name);
    if (id === undefined) {
      id = layerFor(this.doc, name, color).id;
      this.layerIds.set(name, id);
    }
    return id;
  }

  private path(layerId: string, style: ShapeStyle, path: PathData, mirror: boolean): PathShape {
    return {
      kind: 'path',
      id: this.newId(),
      transform: IDENTITY,
      layerId,
      style,
      path: mirror ? transformPath(path, MIRROR_X) : path,
    };
  }

  /** Adds a leaf and grows the drawing's bounds by it (placed with m). */
  private leaf(out: Shape[], m: Matrix, shape: Shape | null): void {
    if (!shape) return;
    if (shape.kind === 'polygon') shape.id = this.newId();
    out.push(shape);
    extendShapeBounds(this.bounds, shape, m);
  }

  private spline(
    e: Extract<CadEntity, { type: 'SPLINE' }>,
    m: Matrix,
    layerId: string,
    style: ShapeStyle,
    out: Shape[],
  ): void {
    if (e.controlPoints.length === 0) {
      const curve = e.fitPoints ? fitPointCurve(e.fitPoints, e.closed) : null;
      if (!curve) {
        this.invalidEntity('SPLINE');
        return;
      }
      this.leaf(out, m, this.path(layerId, style, [{ ...curve, closed: e.closed }], false));
      return;
    }
    const nurbs = makeNurbs(e.degree, e.knots, e.controlPoints, e.weights);
    if (typeof nurbs === 'string') {
      this.invalidEntity('SPLINE');
      return;
    }
    const points = tessellateNurbs(nurbs, this.localTolerance(m));
    if (e.closed && points.length > 2) {
      const f = points[0]!;
      const l = points[points.length - 1]!;
      if (Math.hypot(f.x - l.x, f.y - l.y) < 1e-9) points.pop();
    }
    this.leaf(out, m, polygon(layerId, style, points, e.closed, false, true));
  }

  /** The spline tolerance in the frame placed by m (the document tolerance over the frame's scale). */
  private localTolerance(m: Matrix): number {
    const k = this.s * maxScale(m);
    const t = this.tolerance / k;
    return Number.isFinite(t) && t > 0 ? t : this.tolerance;
  }

  private invalidEntity(type: string): void {
    this.leaves--;
    this.invalid.set(type, (this.invalid.get(type) ?? 0) + 1);
  }

  private text(e: CadText, layerId: string, color: string, mirror: boolean): TextShape {
    this.texts++;
    let t = multiply(translate(e.position.x, e.position.y), multiply(rotate(e.rotation), FLIP_Y));
    if (mirror) t = multiply(MIRROR_X, t);
    const shape: TextShape = {
      kind: 'text',
      id: this.newId(),
      transform: t,
      layerId,
      style: { fill: color, stroke: null },
      text: e.text,
      font: { family: 'sans-serif', size: e.height, weight: 400, style: 'normal' },
      x: 0,
      y: 0,
      anchor: e.align === 'center' ? 'middle' : e.align === 'right' ? 'end' : 'start',
      outline: [],
    };
    if (this.fonts) shape.outline = textOutline(shape, this.fonts);
    return shape;
  }

  private hatch(e: CadHatch, m: Matrix, layerId: string, style: ShapeStyle, mirror: boolean, out: Shape[]): void {
    const path: PathData = [];
    const tol = this.localTolerance(m);
    for (const loop of e.loops) {
      if (loop.kind === 'polyline') {
        if (loop.vertices.length > 1) path.push(...polylinePath(loop.vertices, true));
        continue;
      }
      const sp = edgeLoop(loop.edges, tol);
      if (sp) path.push(sp);
    }
    if (path.length === 0) {
      this.invalidEntity('HATCH');
      return;
    }
    const shape = this.path(
      layerId,
      { ...style, fill: e.solid ? style.stroke : null, fillRule: 'evenodd' },
      path,
      mirror,
    );
    this.leaf(out, m, shape);
  }

  /**
   * An INSERT: a group per array cell whose transform places the block (translate · rotate · scale ·
   * translate(−base)); its attributes are texts beside the cells. Several pieces share an outer group.
   */
  private insert(e: CadInsert, m: Matrix, layerName: string, color: string, mirror: boolean, out: Shape[]): void {
    const b = this.block(e.block);
    const parts: Shape[] = [];
    if (!b) this.missing.set(e.block, (this.missing.get(e.block) ?? 0) + 1);
    else {
      const inner: Inherit = { layer: layerName, color };
      const base = translate(-b.base.x, -b.base.y);
      const scaled = multiply(scale(e.scaleX, e.scaleY), base);
      const place = multiply(translate(e.position.x, e.position.y), rotate(e.rotation));
      for (let row = 0; row < e.rows; row++) {
        for (let col = 0; col < e.columns; col++) {
          let local = multiply(place, multiply(translate(col * e.columnSpacing, row * e.rowSpacing), scaled));
          if (mirror) local = multiply(MIRROR_X, local);
          const children: Shape[] = [];
          const cellM = multiply(m, local);
          for (const child of b.entities) this.entity(child, cellM, inner, children);
          if (children.length > 0)
            parts.push({ kind: 'group', id: this.newId(), transform: local, name: b.name, children });
        }
      }
    }
    for (const a of e.attribs) this.entity(a, m, { layer: layerName, color }, parts);
    if (parts.length === 1) out.push(parts[0]!);
    else if (parts.length > 1) {
      const group: GroupShape = {
        kind: 'group',
        id: this.newId(),
        transform: IDENTITY,
        name: e.block,
        children: parts,
      };
      out.push(group);
    }
  }

  // ------------------------------------------------------------------------------------ warnings

  private warnings(empty: boolean): string[] {
    const w: string[] = [];
    const notes = (this.drawing as { notes?: unknown }).notes;
    if (Array.isArray(notes)) for (const n of notes) if (typeof n === 'string') w.push(n);
    for (const [type, n] of this.drawing.skipped)
      w.push(`${n} ${type} ${n === 1 ? 'entity was' : 'entities were'} skipped`);
    for (const [type, n] of this.invalid) {
      w.push(`${n} ${type} ${n === 1 ? 'entity was' : 'entities were'} skipped because its data is not valid`);
    }
    for (const [name, n] of this.missing) {
      w.push(
        `block "${name}" is not defined in the file, so ${n} ${n === 1 ? 'insert of it was' : 'inserts of it were'} skipped`,
      );
    }
    if (this.hidden > 0) {
      w.push(
        `${this.hidden} ${this.hidden === 1 ? 'entity' : 'entities'} on layers that are off or frozen (or hidden) were not imported`,
      );
    }
    if (this.texts > 0 && !this.fonts) {
      w.push(
        `${this.texts} text ${this.texts === 1 ? 'entity was' : 'entities were'} imported as editable text; the editor makes their outlines`,
      );
    }
    if (empty) w.push('the drawing has no geometry Kerf can import');
    return w;
  }
}

// ---------------------------------------------------------------------------------------- helpers

function formatMm(mm: number): string {
  return Number.isFinite(mm) ? `${mm.toExponential(2)} mm` : 'an infinite distance';
}

/** The display colour of a layer: its true colour or ACI colour (7, the foreground colour, as black). */
function layerHex(l: CadLayer): string {
  if (l.trueColor !== undefined) return rgbHex(l.trueColor);
  return aciDisplayHex(l.color);
}

function aciDisplayHex(index: number): string {
  return index === 7 ? '#000000' : rgbHex(aciToRgb(index));
}

/** An entity's colour: its true colour, its ACI colour, its block's (BYBLOCK) or its layer's. */
function entityHex(e: CadEntity, layerColor: string, inh: Inherit): string {
  if (e.trueColor !== undefined) return rgbHex(e.trueColor);
  const c = e.color;
  if (c === undefined || c === 256 || c < 0 || c > 256) return layerColor;
  if (c === 0) return inh.color ?? layerColor;
  return aciDisplayHex(c);
}

/** A polygon shape with fresh points (mirrored about the y axis when asked). */
function polygon(
  layerId: string,
  style: ShapeStyle,
  pts: readonly CadPoint[],
  closed: boolean,
  mirror: boolean,
  owned = false,
): PolygonShape | null {
  if (pts.length === 0) return null;
  const points: Vec2[] = owned ? (pts as Vec2[]) : new Array(pts.length);
  if (!owned || mirror) {
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i]!;
      points[i] = { x: mirror ? -p.x : p.x, y: p.y };
    }
  }
  return { kind: 'polygon', id: '', transform: IDENTITY, layerId, style, points, closed };
}

/** An elliptical arc sub-path from CAD ellipse data (parameters in radians, ccw or clockwise). */
function ellipseSubPath(
  center: CadPoint,
  major: CadPoint,
  ratio: number,
  p1: number,
  p2: number,
  ccw: boolean,
): SubPath {
  const rx = Math.hypot(major.x, major.y);
  let span = (((p2 - p1) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  if (span < 1e-9) span = 2 * Math.PI;
  const full = Math.abs(span - 2 * Math.PI) < 1e-9;
  const a = centerArc({
    cx: center.x,
    cy: center.y,
    rx,
    ry: rx * ratio,
    phi: Math.atan2(major.y, major.x),
    theta1: ccw ? p1 : -p1,
    delta: ccw ? span : -span,
  });
  return { start: a.start, segments: a.segments, closed: full };
}

/** A hatch edge loop chained into one closed sub-path (gaps are bridged with lines). */
function edgeLoop(edges: readonly CadHatchEdge[], tol: number): SubPath | null {
  let start: Vec2 | null = null;
  let cur: Vec2 = { x: 0, y: 0 };
  const segments: Segment[] = [];
  const begin = (p: Vec2) => {
    if (!start) {
      start = { x: p.x, y: p.y };
    } else if (Math.hypot(p.x - cur.x, p.y - cur.y) > 1e-9) segments.push({ type: 'line', to: { x: p.x, y: p.y } });
  };
  const push = (sp: { start: Vec2; segments: Segment[] }) => {
    begin(sp.start);
    for (const s of sp.segments) segments.push(s);
    const last = sp.segments[sp.segments.length - 1];
    cur = last ? last.to : sp.start;
  };
  for (const edge of edges) {
    switch (edge.type) {
      case 'line':
        push({ start: edge.start, segments: [{ type: 'line', to: { x: edge.end.x, y: edge.end.y } }] });
        break;
      case 'arc': {
        const span = ccwSweepDegrees(edge.startAngle, edge.endAngle);
        const s = edge.ccw ? edge.startAngle : -edge.startAngle;
        push(
          centerArc({
            cx: edge.center.x,
            cy: edge.center.y,
            rx: edge.radius,
            ry: edge.radius,
            phi: 0,
            theta1: (s * Math.PI) / 180,
            delta: ((edge.ccw ? span : -span) * Math.PI) / 180,
          }),
        );
        break;
      }
      case 'ellipse': {
        // A hatch's ellipse edge gives angles from the major axis, not ellipse parameters (unlike ELLIPSE):
        // the point at angle a has parameter atan2(sin a / ratio, cos a). A whole turn stays whole.
        const param = (deg: number) => {
          const a = (deg * Math.PI) / 180;
          return Math.atan2(Math.sin(a) / edge.ratio, Math.cos(a));
        };
        const whole = Math.abs(edge.endAngle - edge.startAngle) >= 360 - 1e-9;
        const p1 = param(edge.startAngle);
        const sp = ellipseSubPath(
          edge.center,
          edge.majorAxis,
          edge.ratio,
          p1,
          whole ? p1 : param(edge.endAngle),
          edge.ccw,
        );
        push(sp);
        break;
      }
      case 'spline': {
        const nurbs = makeNurbs(edge.degree, edge.knots, edge.controlPoints, edge.weights);
        if (typeof nurbs === 'string') return null;
        const pts = tessellateNurbs(nurbs, tol);
        push({ start: pts[0]!, segments: pts.slice(1).map((to) => ({ type: 'line' as const, to })) });
        break;
      }
    }
  }
  if (!start) return null;
  return { start, segments, closed: true };
}

/** Extends bounds by a shape placed with m (groups by their children). */
function extendShapeBounds(b: Bounds, shape: Shape, m: Matrix): void {
  switch (shape.kind) {
    case 'polygon':
      for (const p of shape.points) extendPoint(b, m, p.x, p.y);
      return;
    case 'path':
      extendPathBounds(b, shape.path, m);
      return;
    case 'ellipse': {
      const hx = Math.hypot(m[0] * shape.rx, m[2] * shape.ry);
      const hy = Math.hypot(m[1] * shape.rx, m[3] * shape.ry);
      const cx = m[0] * shape.cx + m[2] * shape.cy + m[4];
      const cy = m[1] * shape.cx + m[3] * shape.cy + m[5];
      extendPoint(b, IDENTITY, cx - hx, cy - hy);
      extendPoint(b, IDENTITY, cx + hx, cy + hy);
      return;
    }
    case 'text': {
      // An estimate (the outline is made later): 0.6 em per character, 1.2 em per line.
      const lines = shape.text.split('\n');
      const size = shape.font.size;
      const w = 0.6 * size * Math.max(...lines.map((l) => l.length));
      const x0 = shape.anchor === 'middle' ? -w / 2 : shape.anchor === 'end' ? -w : 0;
      const t = multiply(m, shape.transform);
      const y1 = (lines.length - 1) * 1.2 * size;
      extendPoint(b, t, x0, -size);
      extendPoint(b, t, x0 + w, -size);
      extendPoint(b, t, x0, y1);
      extendPoint(b, t, x0 + w, y1);
      return;
    }
    case 'group':
      for (const c of shape.children) extendShapeBounds(b, c, multiply(m, shape.transform));
      return;
    default:
      return;
  }
}

/**
 * Moves a top-level shape from model coordinates (y up) into the document: x − minX and maxY − y,
 * times the unit scale. Points are moved in place (the builders made them fresh); arcs get their radii
 * scaled, rotation negated and sweep reversed, since the map mirrors the y axis.
 */
function placeTopLevel(shape: Shape, b: Bounds, s: number): void {
  const root: Matrix = [s, 0, 0, -s, -b.minX * s, b.maxY * s];
  switch (shape.kind) {
    case 'group':
    case 'text':
      shape.transform = multiply(root, shape.transform);
      return;
    case 'polygon':
      for (const p of shape.points) {
        p.x = (p.x - b.minX) * s;
        p.y = (b.maxY - p.y) * s;
      }
      return;
    case 'ellipse':
      shape.cx = (shape.cx - b.minX) * s;
      shape.cy = (b.maxY - shape.cy) * s;
      shape.rx *= s;
      shape.ry *= s;
      return;
    case 'path':
      placePath(shape.path, b, s);
      return;
    default:
      return;
  }
}

function placePath(path: PathData, b: Bounds, s: number): void {
  // Safe because no two places in a built path share a point object (see geometry.ts).
  const move = (p: Vec2) => {
    p.x = (p.x - b.minX) * s;
    p.y = (b.maxY - p.y) * s;
  };
  for (const sp of path) {
    move(sp.start);
    for (const seg of sp.segments) {
      move(seg.to);
      if (seg.type === 'quad') move(seg.c);
      else if (seg.type === 'cubic') {
        move(seg.c1);
        move(seg.c2);
      } else if (seg.type === 'arc') {
        seg.rx *= s;
        seg.ry *= s;
        seg.rotation = -seg.rotation;
        seg.sweep = !seg.sweep;
      }
    }
  }
}
