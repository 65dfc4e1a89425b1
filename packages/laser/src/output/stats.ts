import type { Layer } from '../model/document.js';
import type { Job, MachineSettings, RasterOp } from '../model/job.js';
import { type Bounds, emptyBounds, extendBounds, isEmptyBounds, unionBounds } from '../model/matrix.js';
import { rasterEnds } from '../optimise/geometry.js';
import { junctionSpeed, moveTime } from './motion.js';
import { DEFAULT_RASTER, type MoveSink, type RasterModule, resolveMachine, walkJob } from './walk.js';

/**
 * Job statistics: `jobStats` measures the moves of the job walk (walk.ts) that the G-code writer
 * formats, so the lengths it reports are those of the G-code.
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
 *  - Z moves take the travel speed, fired dots their dwell;
 *  - raster ops take the raster module's own estimate.
 */

export { JUNCTION_DEVIATION, junctionSpeed, moveTime } from './motion.js';
export {
  DEFAULT_RASTER,
  layerS,
  type MoveSink,
  type RasterModule,
  resolveMachine,
  walkJob,
} from './walk.js';

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
  /** Perforation dots fired. */
  dotCount: number;
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
  return sink.stats(job);
}

/** Measures the walk's moves; `stats` gives the figures once the walk is over. */
export class StatsSink implements MoveSink {
  cut = 0;
  travel = 0;
  overscan = 0;
  time = 0;
  bounds = emptyBounds();
  readonly layers = new Map<string, LayerStats>();
  private current: LayerStats | undefined;
  private x = 0;
  private y = 0;
  private zAt = 0;
  dots = 0;
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

  /** The figures of the walk, once it is over. */
  stats(job: Job): JobStats {
    return {
      bounds: isEmptyBounds(this.bounds) ? this.bounds : { ...this.bounds },
      cutLength: this.cut,
      travelLength: this.travel,
      overscanLength: this.overscan,
      estimatedTime: this.time,
      opCount: job.ops.length,
      dotCount: this.dots,
      layers: [...this.layers.values()],
    };
  }

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

  z(z: number): void {
    this.flush();
    const length = Math.abs(z - this.zAt) / 1000;
    this.addTime(moveTime(length, this.machine.travelSpeed, 0, 0, this.machine.acceleration));
    this.zAt = z;
  }

  air(): void {}

  dot(_power: number, seconds: number): void {
    this.flush();
    this.dots++;
    this.addTime(seconds);
    extendBounds(this.bounds, this.x / 1000, this.y / 1000);
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
