import type {
  CadArc,
  CadCircle,
  CadEllipse,
  CadEntity,
  CadInsert,
  CadLine,
  CadPoint,
  CadPolyline,
  CadSpline,
  CadText,
  CadVertex,
} from '../cad/types.js';
import { readHatch } from './hatch.js';
import { plainMText, plainText } from './mtext.js';
import type { GroupReader } from './reader.js';
import { decodeUnicodeEscapes } from './reader.js';

/**
 * Readers for the ENTITIES (and block) content of a DXF. Each reader starts after the `0 <TYPE>` pair,
 * consumes its pairs and stops before the `0` that starts the next entity. Entities Kerf does not draw
 * are counted by type in `skipped`.
 */

/** Where entities are being read: model space (paper-space entities are dropped) or a block. */
export interface EntityContext {
  skipped: Map<string, number>;
  inBlock: boolean;
  /** DXF version ($ACADVER), for the few codes whose meaning changed. */
  version: string | undefined;
}

/** Common entity properties gathered while reading (one object reused for every entity). */
interface Common {
  layer: string;
  color: number | undefined;
  trueColor: number | undefined;
  extrusionX: number;
  extrusionY: number;
  extrusionZ: number;
  invisible: boolean;
  paper: boolean;
}

const common: Common = {
  layer: '0',
  color: undefined,
  trueColor: undefined,
  extrusionX: 0,
  extrusionY: 0,
  extrusionZ: 1,
  invisible: false,
  paper: false,
};

function resetCommon(): void {
  common.layer = '0';
  common.color = undefined;
  common.trueColor = undefined;
  common.extrusionX = 0;
  common.extrusionY = 0;
  common.extrusionZ = 1;
  common.invisible = false;
  common.paper = false;
}

/** Consumes a common entity pair (layer, colour, visibility, extrusion); false when it is not one. */
function readCommon(r: GroupReader): boolean {
  switch (r.code) {
    case 8:
      common.layer = decodeUnicodeEscapes(r.name());
      return true;
    case 62:
      common.color = r.int();
      return true;
    case 420:
      common.trueColor = r.int() & 0xffffff;
      return true;
    case 60:
      common.invisible = r.int() === 1;
      return true;
    case 67:
      common.paper = r.int() === 1;
      return true;
    case 210:
      common.extrusionX = r.num();
      return true;
    case 220:
      common.extrusionY = r.num();
      return true;
    case 230:
      common.extrusionZ = r.num();
      return true;
    default:
      return false;
  }
}

/** The base fields of an entity from the common state; `ocs` says its coordinates are in the OCS. */
function base(ocs: boolean): {
  layer: string;
  color?: number;
  trueColor?: number;
  extrusionZ?: number;
  ocs?: [number, number, number, number];
} {
  const b: ReturnType<typeof base> = { layer: common.layer };
  if (common.color !== undefined) b.color = common.color;
  if (common.trueColor !== undefined) b.trueColor = common.trueColor;
  if (!ocs) return b;
  const tilted = ocsMap(common.extrusionX, common.extrusionY, common.extrusionZ);
  if (tilted) b.ocs = tilted;
  else if (common.extrusionZ < 0) b.extrusionZ = -1;
  return b;
}

/**
 * AutoCAD's arbitrary axis algorithm for an extrusion direction N: the OCS x axis is Wy × N when N is
 * near the world z axis (both |Nx| and |Ny| under 1/64), else Wz × N; y is N × x. Returns the map from
 * OCS x, y to world x, y, or null when N is ±z (no tilt; −z is the plain mirror handled elsewhere) or
 * not a direction at all.
 */
export function ocsMap(nx: number, ny: number, nz: number): [number, number, number, number] | null {
  const len = Math.hypot(nx, ny, nz);
  if (!(len > 0) || !Number.isFinite(len)) return null;
  const n = [nx / len, ny / len, nz / len] as const;
  if (Math.abs(n[0]) < 1e-9 && Math.abs(n[1]) < 1e-9) return null;
  const near = Math.abs(n[0]) < 1 / 64 && Math.abs(n[1]) < 1 / 64;
  const w = near ? [0, 1, 0] : [0, 0, 1];
  let ax = [w[1]! * n[2] - w[2]! * n[1], w[2]! * n[0] - w[0]! * n[2], w[0]! * n[1] - w[1]! * n[0]];
  const al = Math.hypot(ax[0]!, ax[1]!, ax[2]!);
  ax = ax.map((v) => v / al);
  const ay = [n[1] * ax[2]! - n[2] * ax[1]!, n[2] * ax[0]! - n[0] * ax[2]!, n[0] * ax[1]! - n[1] * ax[0]!];
  return [ax[0]!, ax[1]!, ay[0]!, ay[1]!];
}

function count(map: Map<string, number>, key: string, n = 1): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/** Skips the pairs of the current entity (up to the next `0`). */
export function skipEntity(r: GroupReader): void {
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      return;
    }
  }
}

function finite(...values: number[]): boolean {
  for (const v of values) if (!Number.isFinite(v)) return false;
  return true;
}

function pointsFinite(points: readonly CadPoint[]): boolean {
  for (const p of points) if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return false;
  return true;
}

/**
 * Reads entities into `out` until `0 <end>` (consumed) or `0 ENDSEC` (left for the caller), or the end
 * of the text.
 */
export function readEntities(r: GroupReader, ctx: EntityContext, out: CadEntity[], end: string): void {
  while (r.next()) {
    if (r.code !== 0) continue;
    const type = r.name();
    if (type === end) return;
    if (type === 'ENDSEC' || type === 'EOF') {
      r.unread();
      return;
    }
    resetCommon();
    const entity = readEntity(r, ctx, type);
    if (!entity) continue;
    if (common.paper && !ctx.inBlock) {
      count(ctx.skipped, 'paper-space');
      continue;
    }
    if (common.invisible) continue;
    out.push(entity);
  }
}

/** One entity of the given type, or null when it is skipped (and counted). */
function readEntity(r: GroupReader, ctx: EntityContext, type: string): CadEntity | null {
  let e: CadEntity | null | string;
  switch (type) {
    case 'LINE':
      e = readLine(r);
      break;
    case 'ARC':
    case 'CIRCLE':
      e = readArcOrCircle(r, type);
      break;
    case 'ELLIPSE':
      e = readEllipse(r);
      break;
    case 'LWPOLYLINE':
      e = readLwPolyline(r);
      break;
    case 'POLYLINE':
      e = readPolyline(r, ctx);
      break;
    case 'SPLINE':
      e = readSpline(r);
      break;
    case 'TEXT':
    case 'ATTRIB':
      e = readText(r, type);
      break;
    case 'MTEXT':
      e = readMText(r);
      break;
    case 'INSERT':
      e = readInsert(r, ctx);
      break;
    case 'HATCH':
      e = readHatch(r, readCommon, ctx.version);
      if (typeof e !== 'string') Object.assign(e, base(true));
      break;
    default:
      skipEntity(r);
      // Attribute definitions and block-end markers are structure, not drawing.
      if (type !== 'ATTDEF' && type !== 'SEQEND' && type !== 'VERTEX' && type !== 'ENDBLK') count(ctx.skipped, type);
      return null;
  }
  if (typeof e === 'string') {
    count(ctx.skipped, e);
    return null;
  }
  return e;
}

function readLine(r: GroupReader): CadLine | string {
  let x1 = 0;
  let y1 = 0;
  let x2 = 0;
  let y2 = 0;
  while (r.next()) {
    switch (r.code) {
      case 0:
        r.unread();
        return done();
      case 10:
        x1 = r.num();
        break;
      case 20:
        y1 = r.num();
        break;
      case 11:
        x2 = r.num();
        break;
      case 21:
        y2 = r.num();
        break;
      default:
        readCommon(r);
    }
  }
  return done();
  function done(): CadLine | string {
    if (!finite(x1, y1, x2, y2)) return 'invalid LINE';
    return { type: 'LINE', ...base(false), start: { x: x1, y: y1 }, end: { x: x2, y: y2 } };
  }
}

function readArcOrCircle(r: GroupReader, type: 'ARC' | 'CIRCLE'): CadArc | CadCircle | string {
  let cx = 0;
  let cy = 0;
  let radius = 0;
  let a1 = 0;
  let a2 = 360;
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      break;
    }
    switch (r.code) {
      case 10:
        cx = r.num();
        break;
      case 20:
        cy = r.num();
        break;
      case 40:
        radius = r.num();
        break;
      case 50:
        a1 = r.num();
        break;
      case 51:
        a2 = r.num();
        break;
      default:
        readCommon(r);
    }
  }
  if (!finite(cx, cy, radius, a1, a2) || radius <= 0) return `invalid ${type}`;
  if (type === 'CIRCLE') return { type, ...base(true), center: { x: cx, y: cy }, radius };
  return { type, ...base(true), center: { x: cx, y: cy }, radius, startAngle: a1, endAngle: a2 };
}

function readEllipse(r: GroupReader): CadEllipse | string {
  let cx = 0;
  let cy = 0;
  let mx = 1;
  let my = 0;
  let ratio = 1;
  let p1 = 0;
  let p2 = 2 * Math.PI;
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      break;
    }
    switch (r.code) {
      case 10:
        cx = r.num();
        break;
      case 20:
        cy = r.num();
        break;
      case 11:
        mx = r.num();
        break;
      case 21:
        my = r.num();
        break;
      case 40:
        ratio = r.num();
        break;
      case 41:
        p1 = r.num();
        break;
      case 42:
        p2 = r.num();
        break;
      default:
        readCommon(r);
    }
  }
  if (!finite(cx, cy, mx, my, ratio, p1, p2) || ratio <= 0 || mx * mx + my * my === 0) return 'invalid ELLIPSE';
  // Centre and axis are world coordinates; only the minor axis depends on the extrusion (it is
  // extrusion × major), so a -z extrusion is resolved here and the entity carries no extrusionZ.
  const e: CadEllipse = {
    type: 'ELLIPSE',
    ...base(false),
    center: { x: cx, y: cy },
    majorAxis: { x: mx, y: my },
    ratio,
    startParam: p1,
    endParam: p2,
  };
  if (common.extrusionZ < 0) {
    // Seen from +z, a -z ellipse runs clockwise: its points are center + major·cos t − minor·sin t.
    // Rewrite as an equivalent counter-clockwise ellipse with parameters −t2…−t1.
    e.startParam = -p2;
    e.endParam = -p1;
  }
  return e;
}

function readLwPolyline(r: GroupReader): CadPolyline | string {
  const vertices: CadVertex[] = [];
  let flags = 0;
  let last: CadVertex | undefined;
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      break;
    }
    switch (r.code) {
      case 10:
        last = { x: r.num(), y: 0, bulge: 0 };
        vertices.push(last);
        break;
      case 20:
        if (last) last.y = r.num();
        break;
      case 42:
        if (last) last.bulge = r.num();
        break;
      case 70:
        flags = r.int();
        break;
      default:
        readCommon(r);
    }
  }
  if (!vertsFinite(vertices)) return 'invalid LWPOLYLINE';
  if (vertices.length === 0) return 'empty LWPOLYLINE';
  return { type: 'POLYLINE', ...base(true), vertices, closed: (flags & 1) === 1 };
}

function vertsFinite(vertices: readonly CadVertex[]): boolean {
  for (const v of vertices)
    if (!Number.isFinite(v.x) || !Number.isFinite(v.y) || !Number.isFinite(v.bulge)) return false;
  return true;
}

/** POLYLINE with its VERTEX list and SEQEND. Polyface meshes and 3-D meshes are skipped. */
function readPolyline(r: GroupReader, ctx: EntityContext): CadPolyline | string {
  let flags = 0;
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      break;
    }
    if (r.code === 70) flags = r.int();
    else readCommon(r);
  }
  const head = base((flags & 8) === 0);
  const paper = common.paper;
  const invisible = common.invisible;
  const vertices: CadVertex[] = [];
  const splineFit = (flags & 4) !== 0;
  // Vertices follow until SEQEND (or, in a broken file, until another entity starts).
  while (r.next()) {
    if (r.code !== 0) continue;
    const type = r.name();
    if (type === 'SEQEND') {
      skipEntity(r);
      break;
    }
    if (type !== 'VERTEX') {
      r.unread();
      break;
    }
    const v = readVertex(r);
    // A spline-fit polyline keeps its control frame as flagged vertices (16): draw the fitted ones.
    if (splineFit && (v.flags & 16) !== 0) continue;
    if ((v.flags & 128) !== 0 && (v.flags & 64) === 0) continue; // polyface face records
    vertices.push({ x: v.x, y: v.y, bulge: v.bulge });
  }
  common.paper = paper;
  common.invisible = invisible;
  if ((flags & (16 | 64)) !== 0) return 'polyface/mesh POLYLINE';
  if (!vertsFinite(vertices)) return 'invalid POLYLINE';
  if (vertices.length === 0) return 'empty POLYLINE';
  void ctx;
  return { type: 'POLYLINE', ...head, vertices, closed: (flags & 1) === 1 };
}

function readVertex(r: GroupReader): { x: number; y: number; bulge: number; flags: number } {
  const v = { x: 0, y: 0, bulge: 0, flags: 0 };
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      break;
    }
    if (r.code === 10) v.x = r.num();
    else if (r.code === 20) v.y = r.num();
    else if (r.code === 42) v.bulge = r.num();
    else if (r.code === 70) v.flags = r.int();
  }
  return v;
}

function readSpline(r: GroupReader): CadSpline | string {
  let degree = 3;
  let flags = 0;
  const knots: number[] = [];
  const weights: number[] = [];
  const ctrl: CadPoint[] = [];
  const fit: CadPoint[] = [];
  let lastCtrl: CadPoint | undefined;
  let lastFit: CadPoint | undefined;
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      break;
    }
    switch (r.code) {
      case 70:
        flags = r.int();
        break;
      case 71:
        degree = r.int();
        break;
      case 40:
        knots.push(r.num());
        break;
      case 41:
        weights.push(r.num());
        break;
      case 10:
        lastCtrl = { x: r.num(), y: 0 };
        ctrl.push(lastCtrl);
        break;
      case 20:
        if (lastCtrl) lastCtrl.y = r.num();
        break;
      case 11:
        lastFit = { x: r.num(), y: 0 };
        fit.push(lastFit);
        break;
      case 21:
        if (lastFit) lastFit.y = r.num();
        break;
      default:
        readCommon(r);
    }
  }
  if (!pointsFinite(ctrl) || !pointsFinite(fit)) return 'invalid SPLINE';
  if (ctrl.length === 0 && fit.length < 2) return 'empty SPLINE';
  const s: CadSpline = {
    type: 'SPLINE',
    ...base(false),
    degree,
    knots,
    controlPoints: ctrl,
    closed: (flags & 1) === 1,
  };
  if (weights.length > 0) s.weights = weights;
  if (fit.length > 0) s.fitPoints = fit;
  return s;
}

/** TEXT and ATTRIB (whose vertical justification uses code 74 instead of 73). */
function readText(r: GroupReader, type: 'TEXT' | 'ATTRIB'): CadText | string {
  let text = '';
  let x = 0;
  let y = 0;
  let ax = Number.NaN;
  let ay = Number.NaN;
  let height = 1;
  let rotation = 0;
  let h = 0;
  let v = 0;
  let flags = 0;
  let embedded = false;
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      break;
    }
    // Past an embedded MTEXT object (R2018 multi-line attributes) the codes describe that object.
    if (embedded) continue;
    switch (r.code) {
      case 1:
        text = r.value;
        break;
      case 10:
        x = r.num();
        break;
      case 20:
        y = r.num();
        break;
      case 11:
        ax = r.num();
        break;
      case 21:
        ay = r.num();
        break;
      case 40:
        height = r.num();
        break;
      case 50:
        rotation = r.num();
        break;
      case 70:
        if (type === 'ATTRIB') flags = r.int();
        break;
      case 72:
        h = r.int();
        break;
      case 73:
        if (type === 'TEXT') v = r.int();
        break;
      case 74:
        if (type === 'ATTRIB') v = r.int();
        break;
      case 101:
        embedded = true;
        break;
      default:
        readCommon(r);
    }
  }
  if (type === 'ATTRIB' && (flags & 1) === 1) common.invisible = true;
  // Justified text sits at its alignment point (aligned/fit text, 3 and 5, keep the start point).
  const useAlign = (h !== 0 && h !== 3 && h !== 5) || v !== 0;
  const px = useAlign && Number.isFinite(ax) ? ax : x;
  const py = useAlign && Number.isFinite(ay) ? ay : y;
  if (!finite(px, py, height, rotation) || height <= 0) return `invalid ${type}`;
  const align = h === 1 || h === 4 ? 'center' : h === 2 ? 'right' : 'left';
  // CadText holds the baseline: move middle (72 = 4 or 73 = 2) and top (73 = 3) text down to it.
  const drop = v === 3 ? height : v === 2 || h === 4 ? height / 2 : 0;
  const rad = (rotation * Math.PI) / 180;
  return {
    type,
    ...base(true),
    text: plainText(text),
    position: { x: px + drop * Math.sin(rad), y: py - drop * Math.cos(rad) },
    height,
    rotation,
    align,
  };
}

/** MTEXT: chunks 3 then 1 form the text; the attachment point (71) gives alignment and baseline. */
function readMText(r: GroupReader): CadText | string {
  let raw = '';
  let x = 0;
  let y = 0;
  let height = 1;
  let rotation = 0;
  let dirX = Number.NaN;
  let dirY = Number.NaN;
  let attach = 1;
  let spacing = 1;
  let embedded = false;
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      break;
    }
    if (embedded) continue;
    switch (r.code) {
      case 1:
      case 3:
        if (raw.length < 1_000_000) raw += r.value;
        break;
      case 10:
        x = r.num();
        break;
      case 20:
        y = r.num();
        break;
      case 11:
        dirX = r.num();
        break;
      case 21:
        dirY = r.num();
        break;
      case 40:
        height = r.num();
        break;
      case 44:
        spacing = r.num();
        break;
      case 50:
        rotation = r.num();
        break;
      case 71:
        attach = r.int();
        break;
      case 101:
        embedded = true;
        break;
      default:
        readCommon(r);
    }
  }
  if (Number.isFinite(dirX) && Number.isFinite(dirY) && (dirX !== 0 || dirY !== 0)) {
    rotation = (Math.atan2(dirY, dirX) * 180) / Math.PI;
  }
  if (!finite(x, y, height, rotation) || height <= 0) return 'invalid MTEXT';
  const text = plainMText(raw);
  const lines = text.split('\n').length;
  // Lines are 5/3 of the text height apart (times the spacing factor); the insertion point is the
  // attachment point of the whole block, so find the first line's baseline from it.
  const pitch = (5 / 3) * height * (spacing > 0 && Number.isFinite(spacing) ? spacing : 1);
  const block = height + (lines - 1) * pitch;
  const at = Math.min(Math.max(attach, 1), 9) - 1;
  const row = Math.floor(at / 3);
  const col = at % 3;
  const drop = row === 0 ? height : row === 1 ? height - block / 2 : height - block;
  const rad = (rotation * Math.PI) / 180;
  return {
    type: 'MTEXT',
    ...base(true),
    text,
    position: { x: x + drop * Math.sin(rad), y: y - drop * Math.cos(rad) },
    height,
    rotation,
    align: col === 0 ? 'left' : col === 1 ? 'center' : 'right',
  };
}

/** INSERT (and MINSERT arrays), with the ATTRIBs that follow it up to SEQEND. */
function readInsert(r: GroupReader, ctx: EntityContext): CadInsert | string {
  let block = '';
  let x = 0;
  let y = 0;
  let sx = 1;
  let sy = 1;
  let rotation = 0;
  let columns = 1;
  let rows = 1;
  let cs = 0;
  let rs = 0;
  let follow = false;
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      break;
    }
    switch (r.code) {
      case 2:
        block = decodeUnicodeEscapes(r.name());
        break;
      case 10:
        x = r.num();
        break;
      case 20:
        y = r.num();
        break;
      case 41:
        sx = r.num();
        break;
      case 42:
        sy = r.num();
        break;
      case 50:
        rotation = r.num();
        break;
      case 70:
        columns = r.int();
        break;
      case 71:
        rows = r.int();
        break;
      case 44:
        cs = r.num();
        break;
      case 45:
        rs = r.num();
        break;
      case 66:
        follow = r.int() === 1;
        break;
      default:
        readCommon(r);
    }
  }
  const head = base(true);
  const saved = { ...common };
  const attribs: CadText[] = [];
  if (follow) readAttribs(r, ctx, attribs);
  Object.assign(common, saved);
  if (!finite(x, y, sx, sy, rotation, cs, rs)) return 'invalid INSERT';
  return {
    type: 'INSERT',
    ...head,
    block,
    position: { x, y },
    scaleX: sx,
    scaleY: sy,
    rotation,
    columns: Math.max(1, columns),
    rows: Math.max(1, rows),
    columnSpacing: cs,
    rowSpacing: rs,
    attribs,
  };
}

function readAttribs(r: GroupReader, ctx: EntityContext, out: CadText[]): void {
  while (r.next()) {
    if (r.code !== 0) continue;
    const type = r.name();
    if (type === 'SEQEND') {
      skipEntity(r);
      return;
    }
    if (type !== 'ATTRIB') {
      r.unread();
      return;
    }
    resetCommon();
    const a = readText(r, 'ATTRIB');
    if (typeof a === 'string') count(ctx.skipped, a);
    else if (!common.invisible && a.text.length > 0) out.push(a);
  }
}
