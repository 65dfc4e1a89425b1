/**
 * A CAD drawing as both CAD readers deliver it: the DXF parser (import/dxf) and the DWG converter
 * (@kerf/dwg, through LibreDWG) fill this one neutral form, and `cadToDocument` (import/dxf) turns it
 * into a Kerf document. Coordinates are in drawing units, y up, angles in degrees unless a field says
 * radians; only the 2-D part of each entity is kept (z and elevation are dropped).
 */

export interface CadPoint {
  x: number;
  y: number;
}

/** A polyline vertex; `bulge` = tan(included angle / 4) of the arc to the next vertex (0 = straight). */
export interface CadVertex extends CadPoint {
  bulge: number;
}

interface CadEntityBase {
  layer: string;
  /** AutoCAD colour index: 1–255, 256 = by layer, 0 = by block; undefined = by layer. */
  color?: number;
  /** 24-bit true colour 0xRRGGBB when the entity has one; it wins over `color`. */
  trueColor?: number;
  /**
   * z of the extrusion direction. -1 means the entity lies in a mirrored object coordinate system:
   * its x coordinates (and angles) are mirrored about the y axis.
   */
  extrusionZ?: number;
  /**
   * A tilted object coordinate system (extrusion direction neither +z nor −z): the linear map
   * [a, b, c, d] taking the entity's OCS x and y to world x and y, by AutoCAD's arbitrary axis
   * algorithm (what a top view of the tilted entity shows).
   */
  ocs?: [number, number, number, number];
  /** Hidden entities (visibility flag) are skipped. */
  invisible?: boolean;
}

export interface CadLine extends CadEntityBase {
  type: 'LINE';
  start: CadPoint;
  end: CadPoint;
}

export interface CadArc extends CadEntityBase {
  type: 'ARC';
  center: CadPoint;
  radius: number;
  /** Counter-clockwise from startAngle to endAngle, degrees. */
  startAngle: number;
  endAngle: number;
}

export interface CadCircle extends CadEntityBase {
  type: 'CIRCLE';
  center: CadPoint;
  radius: number;
}

export interface CadEllipse extends CadEntityBase {
  type: 'ELLIPSE';
  center: CadPoint;
  /** End of the major axis relative to the centre. */
  majorAxis: CadPoint;
  /** Minor / major. */
  ratio: number;
  /** Parameters, radians (0 and 2π for a full ellipse). */
  startParam: number;
  endParam: number;
}

/** LWPOLYLINE and the 2-D POLYLINE (their VERTEX list resolved). */
export interface CadPolyline extends CadEntityBase {
  type: 'POLYLINE';
  vertices: CadVertex[];
  closed: boolean;
}

export interface CadSpline extends CadEntityBase {
  type: 'SPLINE';
  degree: number;
  knots: number[];
  controlPoints: CadPoint[];
  /** One per control point when rational. */
  weights?: number[];
  /** Used when there are no control points. */
  fitPoints?: CadPoint[];
  closed: boolean;
}

export interface CadText extends CadEntityBase {
  type: 'TEXT' | 'MTEXT' | 'ATTRIB';
  /** Plain text: MTEXT formatting codes already removed, lines joined with "\n". */
  text: string;
  /** Insertion point (for TEXT with a justification other than left, the alignment point). */
  position: CadPoint;
  height: number;
  rotation: number;
  /** Horizontal alignment. */
  align: 'left' | 'center' | 'right';
}

export interface CadInsert extends CadEntityBase {
  type: 'INSERT';
  block: string;
  position: CadPoint;
  scaleX: number;
  scaleY: number;
  rotation: number;
  /** MINSERT arrays (1 × 1 for a plain insert). */
  columns: number;
  rows: number;
  columnSpacing: number;
  rowSpacing: number;
  /** Attribute values placed with this insert (already in drawing coordinates). */
  attribs: CadText[];
}

export type CadHatchEdge =
  | { type: 'line'; start: CadPoint; end: CadPoint }
  | { type: 'arc'; center: CadPoint; radius: number; startAngle: number; endAngle: number; ccw: boolean }
  | {
      type: 'ellipse';
      center: CadPoint;
      majorAxis: CadPoint;
      ratio: number;
      startAngle: number;
      endAngle: number;
      ccw: boolean;
    }
  | { type: 'spline'; degree: number; knots: number[]; controlPoints: CadPoint[]; weights?: number[] };

export type CadHatchLoop =
  | { kind: 'polyline'; vertices: CadVertex[]; closed: boolean }
  | { kind: 'edges'; edges: CadHatchEdge[] };

export interface CadHatch extends CadEntityBase {
  type: 'HATCH';
  solid: boolean;
  pattern: string;
  loops: CadHatchLoop[];
}

export type CadEntity =
  | CadLine
  | CadArc
  | CadCircle
  | CadEllipse
  | CadPolyline
  | CadSpline
  | CadText
  | CadInsert
  | CadHatch;

export interface CadBlock {
  name: string;
  base: CadPoint;
  entities: CadEntity[];
}

export interface CadLayer {
  name: string;
  /** AutoCAD colour index (its absolute value; a negative index in the file means the layer is off). */
  color: number;
  trueColor?: number;
  /** Off or frozen layers are not imported. */
  visible: boolean;
}

export interface CadDrawing {
  /** `$INSUNITS` (0 unitless, 1 in, 2 ft, 4 mm, 5 cm, 6 m…); undefined when absent. */
  insUnits?: number;
  /** `$ACADVER`, e.g. AC1009 (R12), AC1032 (2018). */
  version?: string;
  layers: CadLayer[];
  blocks: Map<string, CadBlock>;
  /** Model space. */
  entities: CadEntity[];
  /** Entities the reader met but does not turn into geometry, by type, with counts (for the warnings). */
  skipped: Map<string, number>;
}
