import type { Layer } from '../model/document.js';
import type { Job, MachineSettings, RasterOp } from '../model/job.js';
import { type JobStats, StatsSink } from './stats.js';
import { DEFAULT_RASTER, type MoveSink, type RasterModule, resolveMachine, walkJob } from './walk.js';

/**
 * The toolpath preview: the moves of the job walk (the same walk the G-code writer formats) as flat
 * arrays a canvas can draw and animate, in document millimetres (y down), with the estimated time at
 * which each move ends. Its statistics are those of `jobStats`, measured by the same walk.
 */

export const MOVE_TRAVEL = 0;
export const MOVE_BURN = 1;
/** A feed move with the laser off: fill and raster run-ons. */
export const MOVE_IDLE = 2;

/** An engraved picture: its burn levels as a small image over a document rectangle. */
export interface PreviewRaster {
  /** Document rectangle, mm. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Pixels across and down; `darkness` holds one byte per pixel (0 = not burnt, 255 = full power). */
  columns: number;
  rows: number;
  darkness: Uint8Array;
  /** Scan lines run across rows (horizontal) or down columns (vertical), in this order of lines. */
  axis: 'horizontal' | 'vertical';
  /** Index of the scan line (row or column of `darkness`) burnt n-th, so playback can reveal them in order. */
  lineOrder: Uint32Array;
  /** Layer index into `ToolpathPreview.layerIds`. */
  layer: number;
  /** Estimated seconds at which the picture starts and ends. */
  startTime: number;
  endTime: number;
}

export interface ToolpathPreview {
  /** Segment n runs from (coords[4n], coords[4n+1]) to (coords[4n+2], coords[4n+3]). */
  coords: Float32Array;
  /** MOVE_TRAVEL, MOVE_BURN or MOVE_IDLE per segment. */
  kinds: Uint8Array;
  /** Layer index per segment (travel takes the layer it leads into). */
  layers: Uint16Array;
  /** Estimated seconds since the start at which each segment ends (non-decreasing). */
  times: Float64Array;
  rasters: PreviewRaster[];
  /** The layers in `layers`' numbering. */
  layerIds: string[];
  stats: JobStats;
}

export interface PreviewOptions {
  raster?: RasterModule;
}

/** The toolpath preview of a job on a machine. Throws SettingError as writeGcode does. */
export function toolpathPreview(
  job: Job,
  machine?: Partial<MachineSettings>,
  options: PreviewOptions = {},
): ToolpathPreview {
  const m = resolveMachine(machine);
  const rasterModule = options.raster ?? DEFAULT_RASTER;
  const sink = new PreviewSink(new StatsSink(m, rasterModule), job.height, m.origin);
  walkJob(job, m, sink, rasterModule);
  return sink.result(job);
}

/** Growable typed storage for segments. */
class SegmentBuffer {
  coords = new Float32Array(4096);
  kinds = new Uint8Array(1024);
  layers = new Uint16Array(1024);
  times = new Float64Array(1024);
  count = 0;

  push(x0: number, y0: number, x1: number, y1: number, kind: number, layer: number, time: number): void {
    if (this.count === this.kinds.length) this.grow();
    const n = this.count++;
    this.coords.set([x0, y0, x1, y1], n * 4);
    this.kinds[n] = kind;
    this.layers[n] = layer;
    this.times[n] = time;
  }

  private grow(): void {
    const size = this.kinds.length * 2;
    const coords = new Float32Array(size * 4);
    coords.set(this.coords);
    const kinds = new Uint8Array(size);
    kinds.set(this.kinds);
    const layers = new Uint16Array(size);
    layers.set(this.layers);
    const times = new Float64Array(size);
    times.set(this.times);
    Object.assign(this, { coords, kinds, layers, times });
  }
}

/** Records every move in document mm while the statistics sink measures it. */
class PreviewSink implements MoveSink {
  private readonly segments = new SegmentBuffer();
  private readonly rasters: PreviewRaster[] = [];
  private readonly layerIndex = new Map<string, number>();
  private layerNo = 0;
  private x = 0;
  private y = 0;
  private readonly flip: boolean;

  constructor(
    private readonly stats: StatsSink,
    private readonly height: number,
    origin: MachineSettings['origin'],
  ) {
    this.flip = origin === 'bottom-left';
  }

  result(job: Job): ToolpathPreview {
    const n = this.segments.count;
    // Feed moves are timed once the next move is known, so a burn's time lags it by one move: close
    // enough to animate by, and the last time is set to the total.
    const times = monotone(this.segments.times.slice(0, n), this.stats.time);
    return {
      coords: this.segments.coords.slice(0, n * 4),
      kinds: this.segments.kinds.slice(0, n),
      layers: this.segments.layers.slice(0, n),
      times,
      rasters: this.rasters,
      layerIds: [...this.layerIndex.keys()],
      stats: this.stats.stats(job),
    };
  }

  /** Document mm from machine thousandths. */
  private docY(machineY: number): number {
    return this.flip ? this.height - machineY / 1000 : machineY / 1000;
  }

  layer(layer: Layer): void {
    this.stats.layer(layer);
    let index = this.layerIndex.get(layer.id);
    if (index === undefined) {
      index = this.layerIndex.size;
      this.layerIndex.set(layer.id, index);
    }
    this.layerNo = index;
  }

  rapid(x: number, y: number): void {
    this.stats.rapid(x, y);
    this.segment(x, y, MOVE_TRAVEL);
  }

  feed(x: number, y: number, power: number, speed: number): void {
    this.stats.feed(x, y, power, speed);
    this.segment(x, y, power > 0 ? MOVE_BURN : MOVE_IDLE);
  }

  private segment(x: number, y: number, kind: number): void {
    this.segments.push(this.x / 1000, this.docY(this.y), x / 1000, this.docY(y), kind, this.layerNo, this.stats.time);
    this.x = x;
    this.y = y;
  }

  endOp(): void {
    this.stats.endOp();
  }

  z(z: number): void {
    this.stats.z(z);
  }

  air(): void {
    this.stats.air();
  }

  dot(power: number, seconds: number): void {
    this.stats.dot(power, seconds);
    // A fired dot shows as a burn of no length where the head stands.
    this.segment(this.x, this.y, MOVE_BURN);
  }

  raster(op: RasterOp, layer: Layer, entryX: number, entryY: number): { x: number; y: number } {
    this.segment(entryX, entryY, MOVE_TRAVEL);
    const startTime = this.stats.time;
    const end = this.stats.raster(op, layer, entryX, entryY);
    this.rasters.push({
      ...rasterImage(op, this.flip ? this.height : null),
      layer: this.layerNo,
      startTime,
      endTime: this.stats.time,
    });
    this.x = Math.round(end.x * 1000);
    this.y = Math.round(end.y * 1000);
    return end;
  }

  finish(): void {
    this.stats.finish();
    this.segment(0, 0, MOVE_TRAVEL);
  }
}

/** Times made non-decreasing and ending at the total. */
function monotone(times: Float64Array, total: number): Float64Array {
  let last = 0;
  for (let i = 0; i < times.length; i++) {
    last = Math.max(last, times[i]!);
    times[i] = last;
  }
  if (times.length > 0) times[times.length - 1] = total;
  return times;
}

/**
 * A raster op (machine mm) as an image over its document rectangle. `flipHeight` is the work area
 * height when machine y runs up (document y = height − machine y), else null.
 */
function rasterImage(op: RasterOp, flipHeight: number | null): Omit<PreviewRaster, 'layer' | 'startTime' | 'endTime'> {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let pitch = Number.POSITIVE_INFINITY;
  let atLo = Number.POSITIVE_INFINITY;
  let atHi = Number.NEGATIVE_INFINITY;
  for (const line of op.lines) {
    const a = line.from;
    const b = line.from + line.levels.length * line.step;
    lo = Math.min(lo, a, b);
    hi = Math.max(hi, a, b);
    if (line.step !== 0) pitch = Math.min(pitch, Math.abs(line.step));
    atLo = Math.min(atLo, line.at);
    atHi = Math.max(atHi, line.at);
  }
  const lines = op.lines.length;
  if (lines === 0 || !Number.isFinite(pitch)) {
    return {
      x: 0,
      y: 0,
      width: 0,
      height: 0,
      columns: 0,
      rows: 0,
      darkness: new Uint8Array(0),
      axis: op.axis,
      lineOrder: new Uint32Array(0),
    };
  }
  // Lines sit at their scan coordinate; their spacing is the spread over the count.
  const across = lines > 1 ? (atHi - atLo) / (lines - 1) : pitch;
  const along = Math.max(1, Math.round((hi - lo) / pitch));
  const sorted = op.lines.map((line, i) => ({ at: line.at, i })).sort((p, q) => p.at - q.at);
  const slot = new Uint32Array(lines);
  sorted.forEach((s, k) => {
    slot[s.i] = k;
  });
  const darkness = new Uint8Array(along * lines);
  for (const [i, line] of op.lines.entries()) {
    const row = slot[i]!;
    for (let p = 0; p < line.levels.length; p++) {
      const level = line.levels[p]!;
      if (level === 0) continue;
      const centre = line.from + (p + 0.5) * line.step;
      const column = Math.min(along - 1, Math.max(0, Math.floor((centre - lo) / pitch)));
      darkness[row * along + column] = level;
    }
  }
  const order = Uint32Array.from(op.lines, (_line, i) => slot[i]!);
  const lineLo = atLo - across / 2;
  const lineHi = atHi + across / 2;
  const horizontal = op.axis === 'horizontal';
  // Rows of `darkness` are scan lines: for horizontal scans they are image rows (y), else columns (x).
  const flipY = (y0: number, y1: number): [number, number] =>
    flipHeight === null ? [y0, y1] : [flipHeight - y1, flipHeight - y0];
  // across the lines is y for horizontal scans, x for vertical ones; along them, the other way
  const [x0, x1] = horizontal ? [lo, hi] : [lineLo, lineHi];
  const [y0, y1] = horizontal ? flipY(lineLo, lineHi) : flipY(lo, hi);
  const flipped = flipHeight !== null;
  return flipRows(
    {
      x: x0,
      y: y0,
      width: x1 - x0,
      height: y1 - y0,
      columns: along,
      rows: lines,
      darkness,
      axis: op.axis,
      lineOrder: order,
    },
    horizontal && flipped,
    !horizontal && flipped,
  );
}

/**
 * Puts the picture the right way up for y-down drawing: machine y runs up on a bottom-left origin, so
 * horizontal scan lines (rows) come in reverse, and vertical ones have their pixels reversed.
 */
function flipRows(
  image: Omit<PreviewRaster, 'layer' | 'startTime' | 'endTime'>,
  reverseRows: boolean,
  reversePixels = false,
): Omit<PreviewRaster, 'layer' | 'startTime' | 'endTime'> {
  const { columns, rows, darkness } = image;
  if (reverseRows) {
    const out = new Uint8Array(darkness.length);
    for (let r = 0; r < rows; r++) out.set(darkness.subarray(r * columns, (r + 1) * columns), (rows - 1 - r) * columns);
    return { ...image, darkness: out, lineOrder: image.lineOrder.map((r) => rows - 1 - r) };
  }
  if (reversePixels) {
    for (let r = 0; r < rows; r++) darkness.subarray(r * columns, (r + 1) * columns).reverse();
  }
  return image;
}
