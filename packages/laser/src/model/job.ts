import type { Layer } from './document.js';
import type { Bilingual } from './errors.js';
import type { Vec2 } from './matrix.js';

/**
 * A machine job: what the planner (toolpath/) makes from a document and the writers (output/) turn
 * into G-code. Operations run in array order. Coordinates are document millimetres.
 */

/** A vector move sequence burnt at its layer's power and speed: a cut outline or a fill hatch line. */
export interface PathOp {
  kind: 'path';
  mode: 'cut' | 'fill';
  layerId: string;
  shapeId: string;
  points: Vec2[];
  closed: boolean;
  /**
   * Fill lines only: run-on before the first point and after the last, along the line, with the laser
   * off, so the head is at speed when it fires. mm; absent = 0.
   */
  overscan?: number;
  /**
   * Ops sharing a block id (the hatch lines of one fill) keep their order and stay together when the
   * optimiser reorders; it may move the block as a whole.
   */
  block?: string;
  /** The pass this op belongs to (1 = first; absent = 1): the optimiser keeps passes in order. */
  pass?: number;
  /** Z for this op, mm (from the layer's Z offset and step per pass); written only for machines with Z. */
  z?: number;
  /** Cut contours: this closed contour is a hole (inside an odd number of others), so its scrap is inside. */
  hole?: boolean;
  /** Cut contours: centres of the uncut tabs, on the contour (document mm). */
  tabs?: Vec2[];
  /** Cuts of dashed strokes on a layer that cuts dashes as drawn: the pattern (mm) and where it starts. */
  dash?: number[];
  dashOffset?: number;
}

/**
 * One scan line of an engraved picture. Pixel i covers [from + i·step, from + (i+1)·step) along the
 * scan axis; `step` is negative when the line runs backwards (bidirectional scanning).
 */
export interface RasterLine {
  /** Coordinate across the scan axis (y for horizontal scans, x for vertical), mm. */
  at: number;
  from: number;
  step: number;
  /** Power level per pixel in scan order: 0 = off, 1–255 = min…max power of the layer, linearly. */
  levels: Uint8Array;
}

export interface RasterOp {
  kind: 'raster';
  layerId: string;
  shapeId: string;
  axis: 'horizontal' | 'vertical';
  /** Run-on before and after each line so the head fires at speed, mm. */
  overscan: number;
  lines: RasterLine[];
}

export type JobOp = PathOp | RasterOp;

export interface Job {
  name: string;
  /** Work area, mm (the document's); a bottom-left machine origin flips y against `height`. */
  width: number;
  height: number;
  /** The layers the ops refer to. */
  layers: Layer[];
  ops: JobOp[];
  /** What the planner had to change to make the job safe (content cut off at the work area's edge). */
  warnings?: Bilingual[];
}

/** How a job becomes G-code for one machine. */
export interface MachineSettings {
  /** The S value that means full power (GRBL's $30; 1000 by default). */
  maxS: number;
  /** The machine's rated laser power, W; layer powers in W are scaled against it. */
  machinePower: number;
  /** Rapid (G0) speed, mm/s, for time estimates. */
  travelSpeed: number;
  /** Acceleration, mm/s², for time estimates. */
  acceleration: number;
  /**
   * Where the machine's (0, 0) is. `bottom-left` (most GRBL machines, y up): machine y = work area height
   * − document y. `top-left`: machine y = document y.
   */
  origin: 'bottom-left' | 'top-left';
  /** The machine can move its head (or bed) in Z: pass Z steps become `G0 Z` moves. */
  zAxis: boolean;
  /** The code that turns air assist on (`M7` mist or `M8` flood; M9 turns either off), or `none`. */
  airAssist: 'M7' | 'M8' | 'none';
  /**
   * The controller scales power with speed itself (GRBL's M4). Without it the program runs in M3 and,
   * for layers with corner power, states the power of each slowing and speeding piece.
   */
  dynamicPower: boolean;
  /**
   * The machine's bed, mm (default: the job's work area). No move of the program, burning or
   * travelling, leaves it.
   */
  bedWidth?: number;
  bedHeight?: number;
}

export const DEFAULT_MACHINE: MachineSettings = {
  maxS: 1000,
  machinePower: 40,
  travelSpeed: 200,
  acceleration: 2000,
  origin: 'bottom-left',
  zAxis: false,
  airAssist: 'M8',
  dynamicPower: true,
};
