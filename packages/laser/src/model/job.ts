import type { Layer } from './document.js';
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
}

export const DEFAULT_MACHINE: MachineSettings = {
  maxS: 1000,
  machinePower: 40,
  travelSpeed: 200,
  acceleration: 2000,
  origin: 'bottom-left',
};
