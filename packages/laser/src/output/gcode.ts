import type { Layer } from '../model/document.js';
import type { Job, MachineSettings, RasterOp } from '../model/job.js';
import { isEmptyBounds } from '../model/matrix.js';
import { ByteWriter } from './bytes.js';
import { formatGcodeNumber, writeGcodeNumber } from './gcode-number.js';
import { type JobStats, StatsSink } from './stats.js';
import { DEFAULT_RASTER, layerS, type MoveSink, type RasterModule, resolveMachine, walkJob } from './walk.js';

/**
 * GRBL-style G-code for a job. The program starts with a comment block (job name, machine settings,
 * bounds, lengths and estimated time; no date, so the same job always gives the same bytes), sets
 * millimetres (G21), absolute coordinates (G90) and dynamic laser power (M4 S0), then runs the ops in
 * order: a rapid move (G0) to each op's start, feed moves (G1) through its points, fill lines running
 * on over their overscan at S0 before and after the burn, closed paths back to their first point.
 * F (layer speed × 60, mm/min) and S (layer max power over machine power, on the 0…maxS scale) are
 * written when they change; G0/G1 and unchanged X/Y words are not repeated. It ends with M5, a rapid
 * move home (G0 X0 Y0) and M2. Coordinates are machine millimetres (y flipped against the work area
 * height for a bottom-left origin) with at most three decimals.
 */

export interface GcodeOptions {
  /** Machine settings over DEFAULT_MACHINE. */
  machine?: Partial<MachineSettings>;
  /** Name in the header (default: the job's). */
  name?: string;
  /** The raster module (default: Kerf's, raster/raster-gcode.ts; tests pass stand-ins). */
  raster?: RasterModule;
}

export function writeGcode(job: Job, options: GcodeOptions = {}): Uint8Array {
  const machine = resolveMachine(options.machine);
  const raster = options.raster ?? DEFAULT_RASTER;
  // One walk both writes the program and measures it; the header, which needs the figures, goes first.
  const body = new ByteWriter(1 << 16);
  const stats = new StatsSink(machine, raster);
  walkJob(job, machine, new BothSinks(stats, new GcodeSink(body, machine, raster)), raster);
  const out = new ByteWriter(1 << 12);
  writeHeader(out, options.name ?? job.name, job, machine, stats.stats(job));
  out.ascii(`G21\nG90\n${laserMode(machine)} S0\n`);
  for (const chunk of body.chunks()) out.bytes(chunk);
  return out.toBytes();
}

/** Hands every move of the walk to two sinks: the statistics, then the writer (whose end position counts). */
class BothSinks implements MoveSink {
  constructor(
    private readonly first: MoveSink,
    private readonly second: MoveSink,
  ) {}
  layer(layer: Layer): void {
    this.first.layer(layer);
    this.second.layer(layer);
  }
  rapid(x: number, y: number): void {
    this.first.rapid(x, y);
    this.second.rapid(x, y);
  }
  feed(x: number, y: number, power: number, speed: number): void {
    this.first.feed(x, y, power, speed);
    this.second.feed(x, y, power, speed);
  }
  endOp(): void {
    this.first.endOp();
    this.second.endOp();
  }
  z(z: number): void {
    this.first.z(z);
    this.second.z(z);
  }
  air(code: 'M7' | 'M8' | 'M9'): void {
    this.first.air(code);
    this.second.air(code);
  }
  dot(power: number, seconds: number): void {
    this.first.dot(power, seconds);
    this.second.dot(power, seconds);
  }
  raster(op: RasterOp, layer: Layer, entryX: number, entryY: number): { x: number; y: number } {
    this.first.raster(op, layer, entryX, entryY);
    return this.second.raster(op, layer, entryX, entryY);
  }
  finish(): void {
    this.first.finish();
    this.second.finish();
  }
}

/** M4 (power follows speed, GRBL's dynamic laser mode) where the machine has it, else M3 (constant). */
function laserMode(machine: MachineSettings): 'M3' | 'M4' {
  return machine.dynamicPower ? 'M4' : 'M3';
}

/** The G-code as text. */
export function gcodeText(job: Job, options: GcodeOptions = {}): string {
  return new TextDecoder().decode(writeGcode(job, options));
}

/** Comment text on one line: control characters become spaces. */
function commentText(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return s.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, ' ');
}

function duration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

function writeHeader(out: ByteWriter, name: string, job: Job, machine: MachineSettings, stats: JobStats): void {
  const b = stats.bounds;
  const bounds = isEmptyBounds(b)
    ? 'none'
    : `X${formatGcodeNumber(b.minX)} Y${formatGcodeNumber(b.minY)} to X${formatGcodeNumber(b.maxX)} Y${formatGcodeNumber(b.maxY)} mm`;
  out.text(`; Kerf job: ${commentText(name)}\n`);
  out.ascii(
    [
      `; Machine: GRBL, origin ${machine.origin}, max S ${formatGcodeNumber(machine.maxS)}, laser ${formatGcodeNumber(machine.machinePower)} W, ` +
        `travel ${formatGcodeNumber(machine.travelSpeed)} mm/s, acceleration ${formatGcodeNumber(machine.acceleration)} mm/s^2`,
      `; Work area: ${formatGcodeNumber(job.width)} x ${formatGcodeNumber(job.height)} mm`,
      `; Bounds: ${bounds}`,
      `; Ops: ${stats.opCount}, cut ${formatGcodeNumber(stats.cutLength)} mm, travel ${formatGcodeNumber(stats.travelLength)} mm`,
      `; Estimated time: ${duration(stats.estimatedTime)} (${formatGcodeNumber(stats.estimatedTime)} s)`,
      '',
    ].join('\n'),
  );
}

/** Writes the walk's moves as G-code lines, keeping the modal state to leave out unchanged words. */
class GcodeSink implements MoveSink {
  /** 0: unknown, 1: G0, 2: G1. */
  private motion = 0;
  private x = Number.NaN;
  private y = Number.NaN;
  private s = 0;
  private f = Number.NaN;
  /** No word written on the current line yet. */
  private first = true;

  constructor(
    private readonly out: ByteWriter,
    private readonly machine: MachineSettings,
    private readonly rasterModule: RasterModule,
  ) {}

  layer(layer: Layer): void {
    const s = layerS(layer, this.machine);
    // GRBL has no words for a fibre source's pulse settings: the operator (or a post-processor for the
    // controller) reads them from the layer's comment line.
    const source =
      layer.laserType === 'fiber'
        ? `, fiber ${formatGcodeNumber(layer.frequency)} Hz ${formatGcodeNumber(layer.pulseWidth)} ns`
        : '';
    this.out.text(
      `; Layer ${commentText(layer.name)} (${commentText(layer.color)}, ${layer.mode}${source}): ` +
        `${formatGcodeNumber(layer.speed)} mm/s, ${formatGcodeNumber(layer.maxPower)} W = S${s}\n`,
    );
  }

  rapid(x: number, y: number): void {
    if (this.motion !== 1) this.word(71, 0); // G0
    this.motion = 1;
    this.axes(x, y);
    this.out.byte(10);
    this.first = true;
  }

  feed(x: number, y: number, power: number, speed: number): void {
    if (this.motion !== 2) this.word(71, 1000); // G1
    this.motion = 2;
    this.axes(x, y);
    const f = Math.round(speed * 60000);
    if (f !== this.f) this.word(70, f);
    if (power !== this.s) this.word(83, power * 1000);
    this.f = f;
    this.s = power;
    this.out.byte(10);
    this.first = true;
  }

  /** X and Y words for the axes that change (the walk never sends a move to where the head is). */
  private axes(x: number, y: number): void {
    if (x !== this.x) this.word(88, x);
    if (y !== this.y) this.word(89, y);
    this.x = x;
    this.y = y;
  }

  /** Writes a word: its letter (a char code) and a number of thousandths, straight into the output bytes. */
  private word(letter: number, thousandths: number): void {
    const buf = this.out.reserve(32);
    let p = this.out.offset;
    if (!this.first) buf[p++] = 32;
    this.first = false;
    buf[p++] = letter;
    this.out.commit(writeGcodeNumber(buf, p, thousandths / 1000));
  }

  endOp(): void {}

  z(z: number): void {
    this.word(71, 0); // G0
    this.motion = 1;
    this.word(90, z);
    this.out.byte(10);
    this.first = true;
  }

  air(code: 'M7' | 'M8' | 'M9'): void {
    this.out.ascii(`${code}\n`);
  }

  /** M3 keeps the laser on while the head stands (GRBL's laser mode turns M4 off when not moving). */
  dot(power: number, seconds: number): void {
    this.word(77, 3000); // M3
    this.word(83, power * 1000);
    this.out.byte(10);
    this.first = true;
    this.word(71, 4000); // G4
    this.word(80, seconds * 1000);
    this.out.byte(10);
    this.first = true;
    this.out.ascii(`${laserMode(this.machine)} S0\n`);
    this.s = 0;
  }

  raster(op: RasterOp, layer: Layer): { x: number; y: number } {
    // The raster writer makes its own rapid move to the op's entry.
    const end = this.rasterModule.writeRasterGcode(op, layer, this.machine, this.out);
    // The raster writer leaves the modal state as it likes: write every word afresh.
    this.motion = 0;
    this.x = Number.NaN;
    this.y = Number.NaN;
    this.s = Number.NaN;
    this.f = Number.NaN;
    return end;
  }

  finish(): void {
    this.out.ascii('M5\nG0 X0 Y0\nM2\n');
  }
}
