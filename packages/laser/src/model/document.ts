import type { Matrix, Vec2 } from './matrix.js';
import type { PathData } from './path.js';

/**
 * Kerf's drawing: millimetres, y down, origin at the top-left of the work area. Layers carry the laser
 * settings (SPEC §3 "Layer"); shapes point at a layer by id. This is plain data: it serialises to JSON
 * as is (see json.ts) and any part of Kerf may hold it without a class in sight.
 */

export type LayerMode = 'cut' | 'fill' | 'image';
export type FillRule = 'none' | 'whole' | 'single';
export type LaserType = 'gas' | 'fiber';

/** How the optimiser orders a layer's paths (SPEC §3 "path optimisation"). */
export interface PathOptimisation {
  /** Sweep direction of the zones: along x (rows of zones) or along y (columns of zones). */
  direction: 'x' | 'y';
  /** `nearest`: next the closest path; `original`: keep the drawing's order. */
  findRule: 'nearest' | 'original';
  /** Cut shapes that lie inside others before their containers (parts stay put until the end). */
  insideOut: boolean;
  /** Optimise this layer's order at all (off: emit as drawn). */
  layerOptimisation: boolean;
  /** `auto`: enter closed paths at the point nearest the head; `keep`: at their drawn start. */
  startPoint: 'auto' | 'keep';
  /** Zone edge in mm; 0 = one zone. */
  partitionSize: number;
}

/** Fill hatch settings for `fill` mode. */
export interface FillSettings {
  /** Line interval, mm. */
  interval: number;
  /** Hatch angle, degrees (0 = along x). */
  angle: number;
  crossHatch: boolean;
  bidirectional: boolean;
  /** Run-on past each edge so the head is at speed when it fires, mm. */
  overscan: number;
}

export type LeadKind = 'none' | 'line' | 'arc';

/** A lead-in or lead-out of closed cut contours: a move into (or out of) the contour from the scrap side. */
export interface LeadSettings {
  kind: LeadKind;
  /** Line length, or arc radius, mm. */
  length: number;
}

/** Bridges left uncut so parts stay in the sheet. */
export interface TabSettings {
  /** `count`: so many per closed contour; `spacing`: one every `spacing` mm of outline. */
  mode: 'none' | 'count' | 'spacing';
  count: number;
  /** mm of outline per tab. */
  spacing: number;
  /** Width of each uncut gap, mm. */
  width: number;
  /** Contours with less outline than this get no automatic tabs, mm (small parts would fall apart). */
  minLength: number;
}

/** Perforation: the cut broken into dashes (`dash`), or single fired dots (`dot`). */
export interface PerforationSettings {
  mode: 'none' | 'dash' | 'dot';
  /** Dash: burnt length, mm. */
  on: number;
  /** Dash: unburnt length, mm. */
  off: number;
  /** Dot: distance between dots, mm. */
  spacing: number;
  /** Dot: how long each dot is fired, ms. */
  dwell: number;
}

/** The vector cut features of a layer (mode `cut`; kerf offset and leads apply to closed contours). */
export interface CutSettings {
  /** Kerf compensation, mm: outer contours move outward by it, holes inward (0 = off; negative inverts). */
  kerfOffset: number;
  tabs: TabSettings;
  leadIn: LeadSettings;
  leadOut: LeadSettings;
  /** Distance cut again past the start of closed contours, mm. */
  overcut: number;
  /** Z of the first pass, mm (machines with a Z axis). */
  zOffset: number;
  /** Z lowered by this much on every further pass, mm (0 = off). */
  zStep: number;
  /** `layer`: every shape once, then again for the next pass; `shape`: all passes of a shape before the next. */
  passOrder: 'layer' | 'shape';
  /** Air assist on while this layer runs. */
  airAssist: boolean;
  /** Dashed strokes: cut as drawn (`dashed`, the laser off over the gaps) or as one solid line. */
  dashes: 'solid' | 'dashed';
  perforation: PerforationSettings;
  /**
   * Power follows speed between min and max power, so corners (where the head slows) are not burnt
   * deeper. GRBL's dynamic mode (M4) does this on the machine; for machines without it the G-code
   * states the power of every slowing and speeding piece.
   */
  cornerPower: boolean;
}

export interface Layer {
  id: string;
  name: string;
  /** `#rrggbb`; shapes are drawn in their layer's colour. */
  color: string;
  /** Output to processing. */
  output: boolean;
  /** Hidden in the editor; a hidden layer is not output either (as in LightBurn). */
  hidden?: boolean;
  /** Shown but its shapes cannot be picked on the canvas (editor only; output is unchanged). */
  locked?: boolean;
  fill: FillRule;
  /** Relief margin, mm. */
  reliefMargin: number;
  deleteOutline: boolean;
  /** Lower runs first. */
  priority: number;
  mode: LayerMode;
  laserType: LaserType;
  /** Watts. */
  minPower: number;
  /** Watts. */
  maxPower: number;
  /** mm/s. */
  speed: number;
  /** Hz (fibre lasers). */
  frequency: number;
  /** ns (fibre lasers). */
  pulseWidth: number;
  /** Curve smoothing: chord tolerance used when curves become lines, mm (0 = the default 0.01). */
  curveSmoothing: number;
  passes: number;
  fillSettings: FillSettings;
  optimisation: PathOptimisation;
  cut: CutSettings;
}

export type ScanDirection = 'horizontal' | 'vertical';
export type StartPosition = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
/** How a picture becomes burn levels: on/off dithers, halftone, or grey-scale power. */
export const DITHER_METHODS = [
  'threshold',
  'bayer',
  'floyd-steinberg',
  'atkinson',
  'jarvis',
  'stucki',
  'sierra',
  'halftone',
  'greyscale',
] as const;
export type DitherMethod = (typeof DITHER_METHODS)[number];

/** SPEC §3 "Bitmap settings", plus the dithering method. */
export interface BitmapSettings {
  /** Grey levels kept before dithering or power mapping (2–256). */
  greyLevel: number;
  scanDirection: ScanDirection;
  startPosition: StartPosition;
  dpiX: number;
  dpiY: number;
  /** Halftone screen angle, degrees. */
  slope: number;
  /** Halftone cell size, in output pixels. */
  dot: number;
  invert: boolean;
  bidirectional: boolean;
  dither: DitherMethod;
  /** Threshold for the `threshold` method, 0–255. */
  threshold: number;
  /** Lighter (+) or darker (−) before dithering, −100…100; absent = 0 (documents from before it). */
  brightness?: number;
  /** Spread of greys about the middle, −100 (flat grey)…100 (black and white); absent = 0. */
  contrast?: number;
  /** Mid-tone curve, 0.1…10: above 1 lightens mid-greys, below 1 darkens them; absent = 1. */
  gamma?: number;
}

/** The part of a picture in use, in its own pixels (top-left origin). */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FontSpec {
  family: string;
  /** Em size, mm. */
  size: number;
  weight: number;
  style: 'normal' | 'italic';
}

interface ShapeBase {
  id: string;
  /** Local-to-parent transform. */
  transform: Matrix;
  name?: string;
}

export interface GradientStop {
  /** 0–1, in order. */
  offset: number;
  /** `#rrggbb`. */
  color: string;
  /** 0–1. */
  opacity: number;
}

interface GradientBase {
  /** Gradient space to the shape's own coordinates. */
  transform: Matrix;
  spread: 'pad' | 'reflect' | 'repeat';
  /** Two or more. */
  stops: GradientStop[];
}

export interface LinearGradient extends GradientBase {
  kind: 'linear';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface RadialGradient extends GradientBase {
  kind: 'radial';
  cx: number;
  cy: number;
  r: number;
  fx: number;
  fy: number;
  fr: number;
}

/** A gradient paint, in the shape's own coordinates (what SVG calls user space). */
export type Gradient = LinearGradient | RadialGradient;

/** How the drawing painted a shape: kept for display (the laser settings live on the layer). */
export interface ShapeStyle {
  /** `#rrggbb`, or null for no fill. */
  fill?: string | null;
  /** `#rrggbb`, or null for no stroke. */
  stroke?: string | null;
  /** mm. */
  strokeWidth?: number;
  fillRule?: 'nonzero' | 'evenodd';
  /** The whole shape's opacity (its own and its groups'), 0–1. */
  opacity?: number;
  /** The fill's opacity (fill-opacity and the colour's alpha), 0–1. */
  fillOpacity?: number;
  /** The stroke's opacity (stroke-opacity and the colour's alpha), 0–1. */
  strokeOpacity?: number;
  /**
   * A gradient fill (then `fill` is its first colour, which cut and fill layers go by; image layers
   * engrave the gradient itself).
   */
  fillGradient?: Gradient;
  /** A gradient stroke (then `stroke` is its first colour). */
  strokeGradient?: Gradient;
  /** Dash pattern of the stroke, mm (on, off, on, off…); a cut layer may cut it dashed. */
  dash?: number[];
  /** Where along the pattern the stroke starts, mm. */
  dashOffset?: number;
  /** How the stroke's ends and corners are drawn (display only: the laser follows the centre line). */
  lineCap?: 'butt' | 'round' | 'square';
  lineJoin?: 'miter' | 'round' | 'bevel';
  miterLimit?: number;
}

/** Leaf shapes belong to a layer; a group's children carry their own layers. */
interface LeafBase extends ShapeBase {
  layerId: string;
  style?: ShapeStyle;
  /** Tab positions placed by hand, shape coordinates: they replace the layer's automatic tabs. */
  tabs?: Vec2[];
}

export interface PathShape extends LeafBase {
  kind: 'path';
  path: PathData;
}

export interface RectShape extends LeafBase {
  kind: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  rx: number;
  ry: number;
}

export interface EllipseShape extends LeafBase {
  kind: 'ellipse';
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/** A polygon (closed) or polyline (open). */
export interface PolygonShape extends LeafBase {
  kind: 'polygon';
  points: Vec2[];
  closed: boolean;
}

/** Text stays editable as text; `outline` is its glyph outline, which is what the laser follows. */
export interface TextShape extends LeafBase {
  kind: 'text';
  text: string;
  font: FontSpec;
  /** Baseline start of the first line. */
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  outline: PathData;
}

export interface BitmapShape extends LeafBase {
  kind: 'bitmap';
  /** Placement of the picture's top-left corner and its size, mm. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The picture: a `data:` URL (PNG/JPEG/BMP) or a drive reference (`kerf:blob/<sha256>`). */
  src: string;
  pixelWidth: number;
  pixelHeight: number;
  settings: BitmapSettings;
  /**
   * Only this part of the picture is shown and engraved, stretched over the frame (x, y, width,
   * height); absent = the whole picture.
   */
  crop?: PixelRect;
}

/**
 * Copies in rows and columns. Spacing is the gap between the copies' bounding boxes (as the job array
 * in toolpath/array.ts measures it), so copy (r, c) moves by (c·(width + columnSpacing), r·(height + rowSpacing)).
 */
export interface GridArray {
  kind: 'grid';
  rows: number;
  columns: number;
  /** mm, less than 300. */
  rowSpacing: number;
  /** mm, less than 400. */
  columnSpacing: number;
}

/**
 * Copies around a circle whose top is the source: the centre lies `radius` below the source's centre and
 * copy i sits i·360°/count further clockwise, turned to face outward when `rotate` is on.
 */
export interface CircularArray {
  kind: 'circular';
  count: number;
  /** mm. */
  radius: number;
  rotate: boolean;
}

export type ShapeArray = GridArray | CircularArray;

export interface GroupShape extends ShapeBase {
  kind: 'group';
  children: Shape[];
  /**
   * Makes the group an array object: the children are the source, the copies are derived from it and
   * stay one editable object until the array is broken apart (see model/array-object.ts).
   */
  array?: ShapeArray;
}

export type LeafShape = PathShape | RectShape | EllipseShape | PolygonShape | TextShape | BitmapShape;
export type Shape = LeafShape | GroupShape;

export interface KerfDocument {
  version: number;
  units: 'mm';
  /** Work area, mm. */
  width: number;
  height: number;
  layers: Layer[];
  shapes: Shape[];
  meta: {
    name?: string;
    /** Where it came from: `svg`, `dxf`, `dwg`, `bmp`… */
    source?: string;
    /** What an importer could not keep (skipped entities, unsupported features), in plain words. */
    warnings?: string[];
  };
}
