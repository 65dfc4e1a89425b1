import type { Layer } from '../model/document.js';
import { LASER_MESSAGES, SettingError } from '../model/errors.js';
import { DEFAULT_MACHINE, type Job, type MachineSettings, type PathOp, type RasterOp } from '../model/job.js';
import type { Bounds, Vec2 } from '../model/matrix.js';
import { checkFinite, overscanPoints, rasterEnds } from '../optimise/geometry.js';
import { rasterOpStats, rasterOpToMachine, writeRasterGcode } from '../raster/raster-gcode.js';
import { cutProgram, hasCutFeatures } from '../toolpath/cut-path.js';
import { type ClipRect, EDGE_SLACK, insideArea, rasterOverscanRoom, roomAlong } from '../toolpath/work-area.js';
import type { ByteWriter } from './bytes.js';
import { powerPieces } from './corner-power.js';

/**
 * The job walk: a job becomes the head's moves in machine coordinates, rounded to the 0.001 mm grid the
 * G-code is written on: rapid moves (G0) between ops, feed moves (G1) with their S and F values, Z moves
 * between passes, air assist on and off, fired dots, and raster ops handed to the raster module. The
 * G-code writer (gcode.ts) formats these moves and the statistics (stats.ts) measure them, so the two
 * always agree.
 */

/** Largest machine setting or layer speed/power accepted (keeps every number exact on the G-code grid). */
const MAX_SETTING = 1e7;

/** What the G-code writer and the statistics need from the raster module (see raster/index.ts). */
export interface RasterModule {
  /** Writes a raster op already in machine coordinates (modal state G21 G90 M4 set); returns where the head ends. */
  writeRasterGcode(op: RasterOp, layer: Layer, machine: MachineSettings, out: ByteWriter): { x: number; y: number };
  /** The op in machine coordinates for a work area of height `jobHeight`. */
  rasterOpToMachine(op: RasterOp, jobHeight: number, origin: MachineSettings['origin']): RasterOp;
  /** Burn and travel lengths, time (s) and bounds of a raster op. */
  rasterOpStats(
    op: RasterOp,
    layer: Layer,
    machine: MachineSettings,
  ): { burnLength: number; travelLength: number; time: number; bounds: Bounds };
}

/** Kerf's raster module (raster/raster-gcode.ts), the default for writing and measuring raster ops. */
export const DEFAULT_RASTER: RasterModule = { writeRasterGcode, rasterOpToMachine, rasterOpStats };

/** Machine settings with the defaults filled in; SettingError when a value is out of range. */
export function resolveMachine(partial: Partial<MachineSettings> = {}): MachineSettings {
  const m: MachineSettings = { ...DEFAULT_MACHINE, ...partial };
  const positive = [m.maxS, m.machinePower, m.travelSpeed, m.acceleration].every((v) => v > 0 && v <= MAX_SETTING);
  const bed = [m.bedWidth, m.bedHeight].every((v) => v === undefined || (v > 0 && v <= MAX_SETTING));
  const air = m.airAssist === 'M7' || m.airAssist === 'M8' || m.airAssist === 'none';
  if (!positive || !bed || !air || (m.origin !== 'bottom-left' && m.origin !== 'top-left')) {
    throw new SettingError(LASER_MESSAGES.badMachine);
  }
  return m;
}

/** The S value of a layer: its max power as a share of the machine's, on the 0…maxS scale. */
export function layerS(layer: Layer, machine: MachineSettings): number {
  const s = Math.round((layer.maxPower / machine.machinePower) * machine.maxS);
  return Math.min(machine.maxS, Math.max(0, s));
}

/** Receives the moves of a job walk. Coordinates are machine thousandths of a millimetre (integers). */
export interface MoveSink {
  /** The ops that follow belong to `layer` (called when the layer changes). */
  layer(layer: Layer): void;
  /** A rapid move (G0). */
  rapid(x: number, y: number): void;
  /** A feed move (G1) at S `power` (0 = laser off) and F `feed` mm/min (speed mm/s in `speed`). */
  feed(x: number, y: number, power: number, speed: number): void;
  /** The current op is finished (the head stops). */
  endOp(): void;
  /** A Z move (G0 Z), machine thousandths. */
  z(z: number): void;
  /** Air assist: `M7` or `M8` on, `M9` off. */
  air(code: 'M7' | 'M8' | 'M9'): void;
  /** Fires the laser where the head stands, at S `power`, for `seconds` (a perforation dot). */
  dot(power: number, seconds: number): void;
  /**
   * A raster op in machine coordinates, entered at `entryX`, `entryY` (thousandths; the raster writer
   * makes the rapid move there itself); returns where the head ends, machine mm.
   */
  raster(op: RasterOp, layer: Layer, entryX: number, entryY: number): { x: number; y: number };
  /** After the last op: the head goes home. */
  finish(): void;
}

/** Machine-thousandths from document millimetres. */
class Frame {
  private readonly flip: boolean;
  constructor(
    private readonly height: number,
    origin: MachineSettings['origin'],
  ) {
    this.flip = origin === 'bottom-left';
  }
  qx(x: number): number {
    return Math.round(x * 1000);
  }
  qy(y: number): number {
    return Math.round((this.flip ? this.height - y : y) * 1000);
  }
}

/** Checks a layer's speed and power; SettingError when unusable. */
function checkLayer(layer: Layer): void {
  if (!(layer.speed > 0 && layer.speed <= MAX_SETTING)) throw new SettingError(LASER_MESSAGES.badSpeed);
  if (!(layer.maxPower >= 0 && layer.maxPower <= MAX_SETTING)) throw new SettingError(LASER_MESSAGES.badPower);
}

/**
 * Walks the job's ops in order, calling the sink with every move. Zero-length moves (on the 0.001 mm
 * grid) are dropped, except the first rapid move, which is always made: the head's position at the
 * start is not known to the controller's program, only assumed to be the machine origin. Air assist
 * follows the layers (and is off at the end); Z follows the ops of stepped passes (and is back at 0 at
 * the end) on machines with a Z axis.
 */
export function walkJob(
  job: Job,
  machine: MachineSettings,
  sink: MoveSink,
  rasterModule: RasterModule = DEFAULT_RASTER,
): void {
  checkFinite(job.ops);
  const layers = new Map<string, Layer>(job.layers.map((l) => [l.id, l]));
  const bedX = Math.round((machine.bedWidth ?? job.width) * 1000);
  const bedY = Math.round((machine.bedHeight ?? job.height) * 1000);
  const onBed = (x: number, y: number) => {
    if (x < 0 || y < 0 || x > bedX || y > bedY) throw new SettingError(LASER_MESSAGES.outsideBed);
  };
  const head: Head = {
    frame: new Frame(job.height, machine.origin),
    area: bedArea(job, machine),
    x: 0,
    y: 0,
    moved: false,
    sink,
    rapid(x, y) {
      onBed(x, y);
      if (this.moved && x === this.x && y === this.y) return;
      this.moved = true;
      this.x = x;
      this.y = y;
      sink.rapid(x, y);
    },
    feed(x, y, power, speed) {
      onBed(x, y);
      if (x === this.x && y === this.y) return;
      this.x = x;
      this.y = y;
      sink.feed(x, y, power, speed);
    },
  };
  let current: Layer | undefined;
  // The layer as the G-code states it: its speed on the F word's grid, so the time estimates (vector
  // and raster alike) use the speed the machine is really asked for.
  let layer: Layer | undefined;
  let air = false;
  let z = 0;
  for (const op of job.ops) {
    const given = layers.get(op.layerId);
    if (!given) throw new SettingError(LASER_MESSAGES.unknownLayer);
    if (given !== current || !layer) {
      checkLayer(given);
      current = given;
      layer = { ...given, speed: gridSpeed(given.speed) };
      sink.layer(layer);
      const wantAir = machine.airAssist !== 'none' && layer.cut.airAssist;
      if (wantAir !== air) sink.air(wantAir ? (machine.airAssist as 'M7' | 'M8') : 'M9');
      air = wantAir;
    }
    if (op.kind === 'path') {
      const opZ = machine.zAxis ? Math.round((op.z ?? 0) * 1000) : 0;
      if (opZ !== z) sink.z(opZ);
      z = opZ;
      if (op.mode === 'cut') walkCut(op, layer, machine, head);
      else walkPath(op, layerS(layer, machine), layer.speed, head);
      sink.endOp();
      continue;
    }
    // The run-ons before and after each line stay on the bed: the overscan is shortened to fit.
    const room = rasterOverscanRoom(op, head.area);
    const fitted = op.overscan > room ? { ...op, overscan: room } : op;
    const ends = rasterEnds(fitted);
    if (!ends) continue;
    for (const [x, y] of [
      [ends.sx, ends.sy],
      [ends.ex, ends.ey],
    ] as const) {
      if (!insideArea({ x, y }, head.area)) throw new SettingError(LASER_MESSAGES.outsideBed);
    }
    const machineOp = rasterModule.rasterOpToMachine(fitted, job.height, machine.origin);
    const end = sink.raster(machineOp, layer, head.frame.qx(ends.sx), head.frame.qy(ends.sy));
    head.moved = true;
    head.x = Math.round(end.x * 1000);
    head.y = Math.round(end.y * 1000);
  }
  if (z !== 0) sink.z(0);
  if (air) sink.air('M9');
  sink.finish();
}

/** The machine's bed in document millimetres (the machine's y runs the other way for a bottom-left origin). */
function bedArea(job: Job, machine: MachineSettings): ClipRect {
  const w = machine.bedWidth ?? job.width;
  const h = machine.bedHeight ?? job.height;
  const y0 = machine.origin === 'bottom-left' ? job.height - h : 0;
  return { x0: 0, y0, x1: w, y1: y0 + h };
}

/** The head's position (machine thousandths) and the moves that change it. */
interface Head {
  frame: Frame;
  /** The bed, document mm. */
  area: ClipRect;
  x: number;
  y: number;
  moved: boolean;
  sink: MoveSink;
  rapid(x: number, y: number): void;
  feed(x: number, y: number, power: number, speed: number): void;
}

/** The speed the G-code really asks for: F is written in mm/min with 3 decimals. */
function gridSpeed(speed: number): number {
  return Math.round(speed * 60000) / 60000;
}

/**
 * The moves of one path op along its points: rapid to its start, overscan in at S0 (fill lines), the
 * burn (closed paths back to their first point), overscan out at S0.
 */
function walkPath(op: PathOp, power: number, speed: number, head: Head): void {
  const pts = op.points;
  if (pts.length === 0) return;
  const { frame } = head;
  const run = fittedRun(op, head.area);
  const first = pts[0]!;
  if (run) {
    head.rapid(frame.qx(run.before.x), frame.qy(run.before.y));
    head.feed(frame.qx(first.x), frame.qy(first.y), 0, speed);
  } else {
    head.rapid(frame.qx(first.x), frame.qy(first.y));
  }
  for (let i = 1; i < pts.length; i++) head.feed(frame.qx(pts[i]!.x), frame.qy(pts[i]!.y), power, speed);
  if (op.closed) head.feed(frame.qx(first.x), frame.qy(first.y), power, speed);
  if (run) head.feed(frame.qx(run.after.x), frame.qy(run.after.y), 0, speed);
}

/** The run-on points of a fill line, each end shortened where it would leave the bed. */
function fittedRun(op: PathOp, area: ClipRect): { before: Vec2; after: Vec2 } | null {
  const run = overscanPoints(op);
  if (!run) return null;
  const fit = (from: Vec2, to: Vec2): Vec2 => {
    if (insideArea(to, area)) return to;
    const d = Math.hypot(to.x - from.x, to.y - from.y);
    const dir = { x: (to.x - from.x) / d, y: (to.y - from.y) / d };
    const room = Math.max(0, roomAlong(from, dir, area) - EDGE_SLACK);
    return { x: from.x + dir.x * room, y: from.y + dir.y * room };
  };
  return { before: fit(op.points[0]!, run.before), after: fit(op.points[op.points.length - 1]!, run.after) };
}

/**
 * The moves of one cut op, with the layer's cut features (toolpath/cut-path.ts): rapid to the entry,
 * then the lead-in, contour, overcut and lead-out, the laser off over tabs and perforation gaps; in dot
 * mode a rapid move to each dot and a dwell there. With corner power on a machine without dynamic
 * power, each burning move is split where the head speeds up and slows down, at the power its speed
 * calls for.
 */
function walkCut(op: PathOp, layer: Layer, machine: MachineSettings, head: Head): void {
  if (op.points.length === 0) return;
  const s = layerS(layer, machine);
  const explicitPower = layer.cut.cornerPower && !machine.dynamicPower && layer.maxPower > 0;
  // A plain cut (most of them) goes straight along its points: no program to build.
  if (!explicitPower && !hasCutFeatures(op, layer.cut)) {
    walkPath(op, s, layer.speed, head);
    return;
  }
  const { frame } = head;
  const program = cutProgram(op, layer.cut, head.area);
  if (program.dots) {
    const seconds = layer.cut.perforation.dwell / 1000;
    for (const d of program.dots) {
      head.rapid(frame.qx(d.x), frame.qy(d.y));
      head.sink.dot(s, seconds);
    }
    return;
  }
  head.rapid(frame.qx(program.entry.x), frame.qy(program.entry.y));
  if (explicitPower) {
    const minShare = Math.min(1, Math.max(0, layer.minPower / layer.maxPower));
    for (const m of powerPieces(program.entry, program.moves, layer.speed, machine.acceleration, minShare)) {
      head.feed(frame.qx(m.x), frame.qy(m.y), Math.round(s * m.share), layer.speed);
    }
    return;
  }
  for (const m of program.moves) head.feed(frame.qx(m.x), frame.qy(m.y), m.burn ? s : 0, layer.speed);
}
