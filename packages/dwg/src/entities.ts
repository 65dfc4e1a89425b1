import type {
  CadEllipse,
  CadEntity,
  CadHatch,
  CadHatchEdge,
  CadHatchLoop,
  CadInsert,
  CadPoint,
  CadPolyline,
  CadSpline,
  CadText,
  CadVertex,
} from '@kerf/laser';
import { plainMText, plainText } from '@kerf/laser';
import type {
  DwgArcEntity,
  DwgAttribEntity,
  DwgBoundaryPath,
  DwgBoundaryPathEdge,
  DwgCircleEntity,
  DwgEllipseEntity,
  DwgEntity,
  DwgHatchEntity,
  DwgInsertEntity,
  DwgLineEntity,
  DwgLWPolylineEntity,
  DwgMTextEntity,
  DwgPolyline2dEntity,
  DwgPolyline3dEntity,
  DwgSplineEntity,
  DwgTextBase,
  DwgTextEntity,
} from '@mlightcad/libredwg-web';
import { interpolateFitPoints } from './fit.js';
import type { PreR13Insert, RawVertex } from './scan.js';

/**
 * LibreDWG's converted entities (its `DwgDatabase` form) mapped one by one to Kerf's neutral CAD form.
 * LibreDWG gives angles in radians where DXF has degrees; the CAD form wants degrees for arcs, text,
 * inserts and hatch edges, and radians only for ellipse parameters.
 */

const DEG = 180 / Math.PI;

/** Set by `mapEntity` for the entity being mapped (see EntityExtras.preR13). */
let preR13 = false;

/** Extra facts about an entity that LibreDWG's JavaScript form lacks (read from the raw objects). */
export interface EntityExtras {
  /** DXF group 70 of splines by handle. */
  splineFlags: Map<string, number>;
  /** A file older than R13: LibreDWG reports colour 0 for entities without a colour of their own. */
  preR13: boolean;
  /** Every VERTEX of each POLYLINE by the polyline's handle, read from the raw objects. */
  vertices: Map<string, RawVertex[]>;
  /** Block names and attributes of pre-R13 INSERTs by handle (LibreDWG leaves both out). */
  preR13Inserts?: Map<string, PreR13Insert>;
}

type Point2 = { x?: number; y?: number } | undefined | null;

/** x/y of a LibreDWG point; missing coordinates read as 0. */
function pt(p: Point2): CadPoint {
  return { x: p?.x ?? 0, y: p?.y ?? 0 };
}

type Base = Pick<CadEntity, 'layer' | 'color' | 'trueColor' | 'extrusionZ'>;

/**
 * Layer and colour of an entity, and for entities whose coordinates are in the object coordinate system
 * (`ocs`) an `extrusionZ` of -1 when the extrusion points down (a mirrored OCS). Entities in world
 * coordinates (LINE, SPLINE, 3-D POLYLINE; ELLIPSE is resolved by the caller) never carry one. This is
 * what the DXF reader keeps of the same fields, so both readers hand over the same drawing.
 */
function base(e: DwgEntity, ocs: boolean, extrusion?: { z?: number } | null): Base {
  const out: Base = { layer: e.layer || '0' };
  const index = e.colorIndex;
  if (typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < 256) {
    if (index !== 0 || !preR13) out.color = index;
  }
  if (typeof e.color === 'number' && e.color >= 0 && e.color <= 0xffffff) out.trueColor = e.color;
  if (ocs && typeof extrusion?.z === 'number' && extrusion.z < 0) out.extrusionZ = -1;
  return out;
}

/** Polyline flags: closed, spline-fit, 3-D polyline, polygon mesh, polyface mesh. */
const CLOSED = 1;
const SPLINE_FIT = 4;
const MESH_FLAGS = 16 | 64;
/** Vertex flags: spline frame control point (not on the curve), polyface face record. */
const FRAME_VERTEX = 16;
const FACE_RECORD = 128;
const MESH_VERTEX = 64;

/** LWPOLYLINE: bit 512 of the DWG flag closes it (DXF writes it as bit 1). */
function lwPolyline(e: DwgLWPolylineEntity): CadPolyline | string {
  if (!e.vertices?.length) return 'empty LWPOLYLINE';
  const vertices: CadVertex[] = e.vertices.map((v) => ({ x: v.x, y: v.y, bulge: v.bulge || 0 }));
  return { type: 'POLYLINE', ...base(e, true, e.extrusionDirection), vertices, closed: (e.flag & 512) !== 0 };
}

/**
 * 2-D and 3-D POLYLINE with their VERTEX lists (a 3-D polyline is drawn flat, in world coordinates).
 * A spline-fit polyline keeps its control frame as flagged vertices: only the fitted ones are drawn.
 */
function polyline(
  e: DwgPolyline2dEntity | DwgPolyline3dEntity,
  ocs: boolean,
  extras: EntityExtras,
): CadPolyline | string {
  if (e.flag & MESH_FLAGS) return 'polyface/mesh POLYLINE';
  const splineFit = (e.flag & SPLINE_FIT) !== 0;
  const vertices: CadVertex[] = [];
  const raw = extras.vertices.get(e.handle);
  // LibreDWG's vertex walk can miss vertices (seen in R2000 3-D polylines): take the fuller list.
  const source = raw && raw.length > (e.vertices?.length ?? 0) ? raw : (e.vertices ?? []);
  for (const v of source) {
    if (splineFit && v.flag & FRAME_VERTEX) continue;
    if (v.flag & FACE_RECORD && !(v.flag & MESH_VERTEX)) continue;
    vertices.push({ x: v.x, y: v.y, bulge: ('bulge' in v && v.bulge) || 0 });
  }
  if (vertices.length === 0) return 'empty POLYLINE';
  const head = base(e, ocs, e.extrusionDirection);
  return { type: 'POLYLINE', ...head, vertices, closed: (e.flag & CLOSED) !== 0 };
}

/**
 * SPLINE. A spline saved by its fit points has no control points in the DWG: they are computed here the
 * way AutoCAD computes them (see fit.ts), so the curve matches the control points its DXF would list.
 */
function spline(e: DwgSplineEntity, extras: EntityExtras): CadSpline | string {
  let controlPoints = (e.controlPoints ?? []).map(pt);
  let knots = [...(e.knots ?? [])];
  const fitPoints = (e.fitPoints ?? []).map(pt);
  if (controlPoints.length === 0 && fitPoints.length < 2) return 'empty SPLINE';
  const closed = ((extras.splineFlags.get(e.handle) ?? 0) & CLOSED) !== 0;
  if (controlPoints.length === 0 && e.degree === 3) {
    const fitted = interpolateFitPoints(fitPoints, e.startTangent, e.endTangent, closed);
    if (fitted) ({ controlPoints, knots } = fitted);
  }
  const out: CadSpline = { type: 'SPLINE', ...base(e, false), degree: e.degree, knots, controlPoints, closed };
  if (e.weights && e.weights.length === controlPoints.length) out.weights = [...e.weights];
  if (fitPoints.length > 0) out.fitPoints = fitPoints;
  return out;
}

/**
 * Position and alignment of TEXT and ATTRIB on their baseline. Left-baseline, aligned and fit text sits
 * at its first point; any other justification at its alignment point, and middle or top justified text
 * is moved down to the baseline (by half or all of the height, along the rotated y axis).
 */
function textPlacement(t: DwgTextBase): Pick<CadText, 'position' | 'align' | 'rotation'> {
  const h = t.halign ?? 0;
  const v = t.valign ?? 0;
  const rotation = (t.rotation || 0) * DEG;
  const useAlign = (h !== 0 && h !== 3 && h !== 5) || v !== 0;
  const at = pt(useAlign ? t.endPoint : t.startPoint);
  const align = h === 1 || h === 4 ? 'center' : h === 2 ? 'right' : 'left';
  const drop = v === 3 ? t.textHeight : v === 2 || h === 4 ? t.textHeight / 2 : 0;
  const rad = rotation / DEG;
  return { position: { x: at.x + drop * Math.sin(rad), y: at.y - drop * Math.cos(rad) }, align, rotation };
}

function text(e: DwgTextEntity): CadText | string {
  if (!(e.textHeight > 0)) return 'invalid TEXT';
  return {
    type: 'TEXT',
    ...base(e, true, e.extrusionDirection),
    text: plainText(e.text ?? ''),
    height: e.textHeight,
    ...textPlacement(e),
  };
}

/** An ATTRIB of an insert; invisible (flag 1), empty and degenerate attributes come back null. */
function attrib(a: DwgAttribEntity): CadText | null {
  if (a.flags & 1 || !a.text || a.isVisible === false) return null;
  const value = plainText(a.text.text ?? '');
  if (!value || !(a.text.textHeight > 0)) return null;
  return {
    type: 'ATTRIB',
    ...base(a, true, a.text.extrusionDirection),
    text: value,
    height: a.text.textHeight,
    ...textPlacement(a.text),
  };
}

/**
 * MTEXT: the insertion point is the attachment point of the whole text block (1–9: top/middle/bottom ×
 * left/centre/right). The first line's baseline is found from it with AutoCAD's line pitch of 5/3 of the
 * height times the spacing factor; rotation comes from the x direction.
 */
function mtext(e: DwgMTextEntity): CadText | string {
  const height = e.textHeight;
  if (!(height > 0)) return 'invalid MTEXT';
  const dir = e.direction;
  const rotation = dir && (dir.x || dir.y) ? Math.atan2(dir.y, dir.x) * DEG : (e.rotation || 0) * DEG;
  const value = plainMText(e.text ?? '');
  const lines = value.split('\n').length;
  const spacing = e.lineSpacing > 0 && Number.isFinite(e.lineSpacing) ? e.lineSpacing : 1;
  const block = height + (lines - 1) * (5 / 3) * height * spacing;
  const at = Math.min(Math.max(e.attachmentPoint || 1, 1), 9) - 1;
  const row = Math.floor(at / 3);
  const column = at % 3;
  const drop = row === 0 ? height : row === 1 ? height - block / 2 : height - block;
  const rad = rotation / DEG;
  const p = pt(e.insertionPoint);
  return {
    type: 'MTEXT',
    ...base(e, true, e.extrusionDirection),
    text: value,
    position: { x: p.x + drop * Math.sin(rad), y: p.y - drop * Math.cos(rad) },
    height,
    rotation,
    align: column === 1 ? 'center' : column === 2 ? 'right' : 'left',
  };
}

/** INSERT and MINSERT (LibreDWG reads 0 columns and rows for a plain insert). */
export function insert(e: DwgInsertEntity, extras?: EntityExtras): CadInsert | string {
  const legacy = e.name ? undefined : extras?.preR13Inserts?.get(e.handle);
  const name = e.name || legacy?.block;
  if (!name) return 'INSERT of an unnamed block';
  const attribs: CadText[] = [];
  for (const a of legacy?.attribs ?? e.attribs ?? []) {
    const mapped = attrib(a);
    if (mapped && allFinite(mapped)) attribs.push(mapped);
  }
  return {
    type: 'INSERT',
    ...base(e, true, e.extrusionDirection),
    block: name,
    position: pt(e.insertionPoint),
    scaleX: e.xScale ?? 1,
    scaleY: e.yScale ?? 1,
    rotation: (e.rotation || 0) * DEG,
    columns: Math.max(1, e.columnCount || 1),
    rows: Math.max(1, e.rowCount || 1),
    columnSpacing: e.columnSpacing || 0,
    rowSpacing: e.rowSpacing || 0,
    attribs,
  };
}

/** Control points of a hatch spline edge: LibreDWG gives {x, y, w}; older builds {point, weight}. */
type HatchControlPoint = { x?: number; y?: number; w?: number; weight?: number; point?: Point2 };

/** One boundary edge; hatch edge angles are degrees in the CAD form (as in DXF). */
function hatchEdge(edge: DwgBoundaryPathEdge | undefined): CadHatchEdge | null {
  if (!edge) return null;
  switch (edge.type) {
    case 1:
      return 'start' in edge ? { type: 'line', start: pt(edge.start), end: pt(edge.end) } : null;
    case 2:
      if (!('radius' in edge) || !(edge.radius > 0)) return null;
      return {
        type: 'arc',
        center: pt(edge.center),
        radius: edge.radius,
        startAngle: edge.startAngle * DEG,
        endAngle: edge.endAngle * DEG,
        ccw: edge.isCCW !== false,
      };
    case 3:
      if (!('lengthOfMinorAxis' in edge) || !(edge.lengthOfMinorAxis > 0)) return null;
      return {
        type: 'ellipse',
        center: pt(edge.center),
        majorAxis: pt(edge.end),
        ratio: edge.lengthOfMinorAxis,
        startAngle: edge.startAngle * DEG,
        endAngle: edge.endAngle * DEG,
        ccw: edge.isCCW !== false,
      };
    case 4: {
      if (!('knots' in edge)) return null;
      const cps = (edge.controlPoints ?? []) as HatchControlPoint[];
      const out: CadHatchEdge = {
        type: 'spline',
        degree: edge.degree,
        knots: [...(edge.knots ?? [])],
        controlPoints: cps.map((c) => pt(c.point ?? c)),
      };
      if ((edge as { isRational?: boolean }).isRational) out.weights = cps.map((c) => c.w ?? c.weight ?? 1);
      return out;
    }
    default:
      return null;
  }
}

/** A boundary loop, or null when it has a bad edge or too few vertices (the hatch is then refused). */
function hatchLoop(path: DwgBoundaryPath): CadHatchLoop | null {
  if ('vertices' in path) {
    const vertices = (path.vertices ?? []).map((v) => ({ x: v.x, y: v.y, bulge: v.bulge || 0 }));
    // A hatch boundary is closed whatever its flag says.
    return vertices.length > 1 ? { kind: 'polyline', vertices, closed: true } : null;
  }
  const edges: CadHatchEdge[] = [];
  for (const edge of path.edges ?? []) {
    const mapped = hatchEdge(edge);
    if (!mapped) return null;
    edges.push(mapped);
  }
  return edges.length > 0 ? { kind: 'edges', edges } : null;
}

function hatch(e: DwgHatchEntity): CadHatch | string {
  const loops: CadHatchLoop[] = [];
  for (const path of e.boundaryPaths ?? []) {
    const loop = hatchLoop(path);
    if (!loop) return 'invalid HATCH';
    loops.push(loop);
  }
  if (loops.length === 0) return 'empty HATCH';
  return {
    type: 'HATCH',
    ...base(e, true, e.extrusionDirection),
    solid: e.solidFill === 1,
    pattern: e.patternName ?? '',
    loops,
  };
}

/**
 * ELLIPSE: centre and axis are world coordinates. Seen from +z, an ellipse with a downward extrusion
 * runs clockwise, so it is rewritten as the same curve counter-clockwise with parameters −t2…−t1.
 */
function ellipse(e: DwgEllipseEntity): CadEllipse | string {
  if (!(e.axisRatio > 0)) return 'invalid ELLIPSE';
  const flip = (e.extrusionDirection?.z ?? 1) < 0;
  return {
    type: 'ELLIPSE',
    ...base(e, false),
    center: pt(e.center),
    majorAxis: pt(e.majorAxisEndPoint),
    ratio: e.axisRatio,
    startParam: flip ? -e.endAngle : e.startAngle,
    endParam: flip ? -e.startAngle : e.endAngle,
  };
}

/** True when every number anywhere in the value is finite (hostile files can hold NaN or infinities). */
function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (value && typeof value === 'object') return Object.values(value).every(allFinite);
  return true;
}

/** Types that are structure rather than drawing: dropped without a warning (as the DXF reader does). */
const SILENT = new Set(['ATTDEF', 'SEQEND', 'VERTEX', 'ENDBLK']);

/**
 * One LibreDWG entity in the CAD form; a string names what was skipped (the entity type, or "invalid
 * ARC"…) for the caller to count; null means dropped silently (hidden entities, attribute definitions).
 */
export function mapEntity(e: DwgEntity, extras: EntityExtras): CadEntity | string | null {
  if (e.isVisible === false || SILENT.has(e.type)) return null;
  preR13 = extras.preR13;
  const mapped = mapByType(e, extras);
  if (typeof mapped === 'string' || allFinite(mapped)) return mapped;
  return `invalid ${mapped.type}`;
}

function circular(e: DwgArcEntity | DwgCircleEntity): CadEntity | string {
  if (!(e.radius > 0)) return `invalid ${e.type}`;
  const head = { ...base(e, true, e.extrusionDirection), center: pt(e.center), radius: e.radius };
  if (e.type === 'CIRCLE') return { type: 'CIRCLE', ...head };
  return { type: 'ARC', ...head, startAngle: e.startAngle * DEG, endAngle: e.endAngle * DEG };
}

function mapByType(e: DwgEntity, extras: EntityExtras): CadEntity | string {
  switch (e.type) {
    case 'LINE': {
      const l = e as DwgLineEntity;
      return { type: 'LINE', ...base(l, false), start: pt(l.startPoint), end: pt(l.endPoint) };
    }
    case 'ARC':
    case 'CIRCLE':
      return circular(e as DwgArcEntity | DwgCircleEntity);
    case 'ELLIPSE':
      return ellipse(e as DwgEllipseEntity);
    case 'LWPOLYLINE':
      return lwPolyline(e as DwgLWPolylineEntity);
    case 'POLYLINE2D':
      return polyline(e as DwgPolyline2dEntity, true, extras);
    case 'POLYLINE3D':
      return polyline(e as DwgPolyline3dEntity, false, extras);
    case 'SPLINE':
      return spline(e as DwgSplineEntity, extras);
    case 'TEXT':
      return text(e as DwgTextEntity);
    case 'MTEXT':
      return mtext(e as DwgMTextEntity);
    case 'INSERT':
      return insert(e as DwgInsertEntity, extras);
    case 'HATCH':
      return hatch(e as DwgHatchEntity);
    default:
      return e.type;
  }
}
