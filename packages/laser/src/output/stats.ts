import type { Layer } from '../model/document.js';
import { LASER_MESSAGES, SettingError } from '../model/errors.js';
import { DEFAULT_MACHINE, type Job, type MachineSettings, type PathOp, type RasterOp } from '../model/job.js';
import { type Bounds, emptyBounds, extendBounds, isEmptyBounds, unionBounds } from '../model/matrix.js';
import { checkFinite, overscanPoints, rasterEnds } from '../optimise/geometry.js';
import { rasterOpStats, rasterOpToMachine, writeRasterGcode } from '../raster/raster-gcode.js';
import type { ByteWriter } from './bytes.js';

/**
 * Job statistics and the job walk they share with the G-code writer.
 *
 * `walkJob` turns a job into the head's moves in machine coordinates, rounded to the 0.001 mm grid the
 * G-code is written on: rapid moves (G0) between ops, feed moves (G1) with their S and F values, and
 * raster ops handed to the raster module. The G-code writer formats these moves; `jobStats` measures
 * them, so the lengths it reports are those of the G-code.
 *
 * Time model (estimates, not a simulation of the controller's planner):
 *  - every move is a trapezoid: accelerate at `machine.acceleration` from its entry speed towards its
 *    target speed (G0: `machine.travelSpeed`; G1: the layer speed), cruise, decelerate to its exit speed;
 *    a move too short to reach the target speed peaks lower (a triangle profile);
 *  - the head stops before and after every rapid move and at the start and end of every op;
 *  - within an op, the speed through a corner follows GRBL's junction-deviation rule with a deviation of
 *    0.01 mm (its default $11): straight on keeps full speed, a right angle nearly stops, a reversal stops;
 *  - entry and exit speeds are not checked against neighbouring moves (no look-ahead pass), so very short
 *    segments between fast corners are estimated a little optimistically;
 *  - raster ops take the raster module's own estimate.
 */

/** Largest machine setting or layer speed/power accepted (keeps every number exact on the G-code grid). */
const MAX_SETTING = 1e7;

/** GRBL's default junction deviation ($11), mm. */
const JUNCTION_DEVIATION = 0.01;

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
  if (!positive || (m.origin !== 'bottom-left' && m.origin !== 'top-left')) {
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
 * start is not known to the controller's program, only assumed to be the machine origin.
 */
export function walkJob(
  job: Job,
  machine: MachineSettings,
  sink: MoveSink,
  rasterModule: RasterModule = DEFAULT_RASTER,
): void {
  checkFinite(job.ops);
  const layers = new Map<string, Layer>(job.layers.map((l) => [l.id, l]));
  const frame = new Frame(job.height, machine.origin);
  let hx = 0;
  let hy = 0;
  let moved = false;
  const rapid = (x: number, y: number) => {
    if (moved && x === hx && y === hy) return;
    moved = true;
    hx = x;
    hy = y;
    sink.rapid(x, y);
  };
  const feed = (x: number, y: number, power: number, speed: number) => {
    if (x === hx && y === hy) return;
    hx = x;
    hy = y;
    sink.feed(x, y, power, speed);
  };
  let current: Layer | undefined;
  // The layer as the G-code states it: its speed on the F word's grid, so the time estimates (vector
  // and raster alike) use the speed the machine is really asked for.
  let layer: Layer | undefined;
  for (const op of job.ops) {
    const given = layers.get(op.layerId);
    if (!given) throw new SettingError(LASER_MESSAGES.unknownLayer);
    if (given !== current || !layer) {
      checkLayer(given);
      current = given;
      layer = { ...given, speed: gridSpeed(given.speed) };
      sink.layer(layer);
    }
    if (op.kind === 'path') {
      walkPath(op, frame, layerS(layer, machine), layer.speed, rapid, feed);
      sink.endOp();
      continue;
    }
    const ends = rasterEnds(op);
    if (!ends) continue;
    const machineOp = rasterModule.rasterOpToMachine(op, job.height, machine.origin);
    const end = sink.raster(machineOp, layer, frame.qx(ends.sx), frame.qy(ends.sy));
    moved = true;
    hx = Math.round(end.x * 1000);
    hy = Math.round(end.y * 1000);
  }
  sink.finish();
}

type Move = (x: number, y: number) => void;
type Feed = (x: number, y: number, power: number, speed: number) => void;

/** The speed the G-code really asks for: F is written in mm/min with 3 decimals. */
function gridSpeed(speed: number): number {
  return Math.round(speed * 60000) / 60000;
}

/** The moves of one path op: rapid to its start, overscan in at S0, the burn, overscan out at S0. */
function walkPath(op: PathOp, frame: Frame, power: number, speed: number, rapid: Move, feed: Feed): void {
  const pts = op.points;
  if (pts.length === 0) return;
  const run = overscanPoints(op);
  const first = pts[0]!;
  if (run) {
    rapid(frame.qx(run.before.x), frame.qy(run.before.y));
    feed(frame.qx(first.x), frame.qy(first.y), 0, speed);
  } else {
    rapid(frame.qx(first.x), frame.qy(first.y));
  }
  for (let i = 1; i < pts.length; i++) feed(frame.qx(pts[i]!.x), frame.qy(pts[i]!.y), power, speed);
  if (op.closed) feed(frame.qx(first.x), frame.qy(first.y), power, speed);
  if (run) feed(frame.qx(run.after.x), frame.qy(run.after.y), 0, speed);
}

/** Seconds to cover `length` mm with a trapezoid profile from speed `vi` to `vo` (mm/s), cruising at most at `v`. */
export function moveTime(length: number, v: number, vi: number, vo: number, a: number): number {
  if (length <= 0) return 0;
  const vin = Math.min(vi, v);
  const vout = Math.min(vo, v);
  const accelDist = (v * v - vin * vin) / (2 * a);
  const decelDist = (v * v - vout * vout) / (2 * a);
  if (accelDist + decelDist <= length) {
    return (v - vin) / a + (v - vout) / a + (length - accelDist - decelDist) / v;
  }
  const peak = Math.sqrt(a * length + (vin * vin + vout * vout) / 2);
  if (peak >= Math.max(vin, vout)) return (peak - vin) / a + (peak - vout) / a;
  return (2 * length) / (vin + vout);
}

/** Highest speed through a corner between unit directions whose dot product is `dot` (GRBL's rule). */
export function junctionSpeed(dot: number, a: number): number {
  const sinHalf = Math.sqrt(Math.max(0, (1 + dot) / 2));
  if (sinHalf >= 0.999999) return Number.POSITIVE_INFINITY;
  return Math.sqrt((a * JUNCTION_DEVIATION * sinHalf) / (1 - sinHalf));
}

export interface LayerStats {
  layerId: string;
  /** Burnt length, mm. */
  cutLength: number;
  /** Estimated seconds of the layer's ops and the travel into them. */
  time: number;
}

export interface JobStats {
  /** Bounds of every feed move (burns and overscan run-ons) and raster op, machine mm; empty when none. */
  bounds: Bounds;
  /** Length burnt with the laser on (G1 with S > 0, raster burn), mm. */
  cutLength: number;
  /** Length of rapid moves (G0), from the machine origin to the first op and back home at the end, mm. */
  travelLength: number;
  /** Length of feed moves with the laser off (overscan run-ons), mm. */
  overscanLength: number;
  /** Estimated run time, s (see the time model above). */
  estimatedTime: number;
  /** Number of ops in the job. */
  opCount: number;
  /** Per layer, in the order the layers first run. */
  layers: LayerStats[];
}

export interface StatsOptions {
  /** The raster module (default: Kerf's, raster/raster-gcode.ts). */
  raster?: RasterModule;
}

/** Lengths, bounds and estimated time of a job as `writeGcode` would run it. */
export function jobStats(job: Job, machine?: Partial<MachineSettings>, options: StatsOptions = {}): JobStats {
  const m = resolveMachine(machine);
  const raster = options.raster ?? DEFAULT_RASTER;
  const sink = new StatsSink(m, raster);
  walkJob(job, m, sink, raster);
  const bounds = isEmptyBounds(sink.bounds) ? sink.bounds : { ...sink.bounds };
  return {
    bounds,
    cutLength: sink.cut,
    travelLength: sink.travel,
    overscanLength: sink.overscan,
    estimatedTime: sink.time,
    opCount: job.ops.length,
    layers: [...sink.layers.values()],
  };
}

/** Measures the walk's moves. */
class StatsSink implements MoveSink {
  cut = 0;
  travel = 0;
  overscan = 0;
  time = 0;
  bounds = emptyBounds();
  readonly layers = new Map<string, LayerStats>();
  private current: LayerStats | undefined;
  private x = 0;
  private y = 0;
  // The feed move waiting for the next one to know its exit speed.
  private pendingLength = 0;
  private pendingUx = 0;
  private pendingUy = 0;
  private pendingSpeed = 0;
  private pendingEntry = 0;

  constructor(
    private readonly machine: MachineSettings,
    private readonly rasterModule: RasterModule,
  ) {}

  layer(layer: Layer): void {
    this.flush();
    let stats = this.layers.get(layer.id);
    if (!stats) {
      stats = { layerId: layer.id, cutLength: 0, time: 0 };
      this.layers.set(layer.id, stats);
    }
    this.current = stats;
  }

  private addTime(t: number): void {
    this.time += t;
    if (this.current) this.current.time += t;
  }

  rapid(x: number, y: number): void {
    this.flush();
    const length = Math.hypot(x - this.x, y - this.y) / 1000;
    this.travel += length;
    this.addTime(moveTime(length, this.machine.travelSpeed, 0, 0, this.machine.acceleration));
    this.x = x;
    this.y = y;
  }

  feed(x: number, y: number, power: number, speed: number): void {
    const dx = (x - this.x) / 1000;
    const dy = (y - this.y) / 1000;
    const length = Math.hypot(dx, dy);
    if (power > 0) {
      this.cut += length;
      if (this.current) this.current.cutLength += length;
    } else {
      this.overscan += length;
    }
    extendBounds(this.bounds, this.x / 1000, this.y / 1000);
    extendBounds(this.bounds, x / 1000, y / 1000);
    const ux = dx / length;
    const uy = dy / length;
    let entry = 0;
    if (this.pendingLength > 0) {
      const corner = junctionSpeed(this.pendingUx * ux + this.pendingUy * uy, this.machine.acceleration);
      entry = Math.min(corner, this.pendingSpeed, speed);
      this.settle(entry);
    }
    this.pendingLength = length;
    this.pendingUx = ux;
    this.pendingUy = uy;
    this.pendingSpeed = speed;
    this.pendingEntry = entry;
    this.x = x;
    this.y = y;
  }

  /** Books the pending feed move with exit speed `exit`. */
  private settle(exit: number): void {
    const a = this.machine.acceleration;
    this.addTime(moveTime(this.pendingLength, this.pendingSpeed, this.pendingEntry, exit, a));
    this.pendingLength = 0;
  }

  private flush(): void {
    if (this.pendingLength > 0) this.settle(0);
  }

  endOp(): void {
    this.flush();
  }

  raster(op: RasterOp, layer: Layer, entryX: number, entryY: number): { x: number; y: number } {
    this.rapid(entryX, entryY);
    const s = this.rasterModule.rasterOpStats(op, layer, this.machine);
    this.cut += s.burnLength;
    this.travel += s.travelLength;
    if (this.current) this.current.cutLength += s.burnLength;
    this.addTime(s.time);
    if (!isEmptyBounds(s.bounds)) this.bounds = unionBounds(this.bounds, s.bounds);
    // The head ends at the overscan end of the last line (the walk rounds it to the G-code grid).
    const ends = rasterEnds(op)!;
    this.x = Math.round(ends.ex * 1000);
    this.y = Math.round(ends.ey * 1000);
    return { x: ends.ex, y: ends.ey };
  }

  finish(): void {
    this.current = undefined;
    this.rapid(0, 0);
  }
}
