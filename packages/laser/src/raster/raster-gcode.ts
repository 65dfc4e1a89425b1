import type { Layer } from '../model/document.js';
import { SettingError } from '../model/errors.js';
import type { MachineSettings, RasterLine, RasterOp } from '../model/job.js';
import { type Bounds, emptyBounds, extendBounds } from '../model/matrix.js';
import type { ByteWriter } from '../output/bytes.js';
import { formatGcodeNumber, writeGcodeNumber } from '../output/gcode-number.js';

/**
 * Raster ops to GRBL G-code (laser mode, `$32=1`). The caller has set G21 G90 and M4, and hands over
 * the op already in machine coordinates (rasterOpToMachine). Per scan line:
 *
 *   G0 to the overscan start (one overscan before the first burnt pixel), G1 S0 to the first pixel, then
 *   one G1 per run of equal power (S written only when it changes, F once per op), and G1 S0 one
 *   overscan past the last burnt pixel.
 *
 * White gaps inside a line: a gap up to `rapidGap(overscan)` = max(2 × overscan, 1 mm) long is crossed
 * at feed with S0 (the head never leaves speed); a longer one is left by an overscan run-out at S0,
 * crossed with G0 to one overscan before the next burn, and re-entered with an S0 run-in. With no
 * overscan the run-in/run-out moves vanish and the G0 goes straight to the next burn.
 */

/** The shortest white gap crossed with G0 instead of G1 S0, mm. */
export const MIN_RAPID_GAP = 1;

export const rapidGap = (overscan: number) => Math.max(2 * overscan, MIN_RAPID_GAP);

// ------------------------------------------------------------------------------------------ coordinates

/**
 * An op in document coordinates (y down) as machine coordinates: unchanged for a top-left origin;
 * for a bottom-left origin y becomes jobHeight − y, which moves `at` of horizontal lines and mirrors
 * `from`/`step` of vertical ones. Levels are shared, not copied.
 */
export function rasterOpToMachine(op: RasterOp, jobHeight: number, origin: MachineSettings['origin']): RasterOp {
  if (origin === 'top-left') return { ...op, lines: op.lines.slice() };
  const lines: RasterLine[] =
    op.axis === 'horizontal'
      ? op.lines.map((l) => ({ at: jobHeight - l.at, from: l.from, step: l.step, levels: l.levels }))
      : op.lines.map((l) => ({ at: l.at, from: jobHeight - l.from, step: -l.step, levels: l.levels }));
  return { ...op, lines };
}

// ------------------------------------------------------------------------------------------- the plan

const RAPID = 0;
const FEED = 1;

/**
 * The moves of one line, in typed arrays reused across lines: `k[n]` is the pixel boundary move n ends
 * at (position from + k·step) and `meta[n]` packs its kind (bit 0: RAPID/FEED), an offset of −1, 0 or
 * +1 overscan along the line's direction (bits 1–2, stored + 1) and the power level (bits 3–10).
 */
class LinePlan {
  k = new Int32Array(256);
  meta = new Int32Array(256);
  count = 0;

  private push(kind: number, k: number, offset: number, level: number): void {
    if (this.count === this.k.length) {
      const k2 = new Int32Array(this.k.length * 2);
      const m2 = new Int32Array(this.k.length * 2);
      k2.set(this.k);
      m2.set(this.meta);
      this.k = k2;
      this.meta = m2;
    }
    this.k[this.count] = k;
    this.meta[this.count++] = kind | ((offset + 1) << 1) | (level << 3);
  }

  /**
   * Plans `levels` (see the module comment). `gapPixels` is the longest white run, in pixels, crossed
   * at feed. Returns false for a line with nothing to burn.
   */
  plan(levels: Uint8Array, withOverscan: boolean, gapPixels: number): boolean {
    this.count = 0;
    const n = levels.length;
    let k = 0;
    while (k < n && levels[k] === 0) k++;
    if (k === n) return false;
    this.push(RAPID, k, withOverscan ? -1 : 0, 0);
    if (withOverscan) this.push(FEED, k, 0, 0);
    let lastBurnEnd = k;
    while (k < n) {
      const level = levels[k]!;
      let j = k + 1;
      while (j < n && levels[j] === level) j++;
      if (level !== 0) {
        this.push(FEED, j, 0, level);
        lastBurnEnd = j;
      } else if (j === n) {
        break;
      } else if (j - k <= gapPixels) {
        this.push(FEED, j, 0, 0);
      } else {
        if (withOverscan) this.push(FEED, k, 1, 0);
        this.push(RAPID, j, withOverscan ? -1 : 0, 0);
        if (withOverscan) this.push(FEED, j, 0, 0);
      }
      k = j;
    }
    if (withOverscan) this.push(FEED, lastBurnEnd, 1, 0);
    return true;
  }
}

const kindOf = (meta: number) => meta & 1;
const offsetOf = (meta: number) => ((meta >> 1) & 3) - 1;
const levelOf = (meta: number) => meta >>> 3;

/** Longest white run crossed at feed, in whole pixels of `step` mm. */
function gapPixels(overscan: number, step: number): number {
  return Math.floor(rapidGap(overscan) / Math.abs(step) + 1e-9);
}

// ------------------------------------------------------------------------------------------ S and F

function checkMachine(layer: Layer, machine: MachineSettings): void {
  const ok =
    machine.machinePower > 0 &&
    machine.maxS > 0 &&
    Number.isFinite(machine.machinePower) &&
    Number.isFinite(machine.maxS) &&
    layer.speed > 0 &&
    Number.isFinite(layer.speed);
  if (!ok) {
    throw new SettingError({
      'zh-CN': '速度、机器功率和最大 S 值必须大于 0',
      en: 'Speed, machine power and maximum S must be above 0',
    });
  }
}

/**
 * The S value of each power level 0–255: level 0 is S0; level L ≥ 1 is
 * round((min + (max − min)·(L − 1)/254) / machinePower · maxS), clamped to [0, maxS].
 */
export function sValues(layer: Pick<Layer, 'minPower' | 'maxPower'>, machine: MachineSettings): Int32Array {
  const t = new Int32Array(256);
  for (let level = 1; level < 256; level++) {
    const watts = layer.minPower + ((layer.maxPower - layer.minPower) * (level - 1)) / 254;
    const s = Math.round((watts / machine.machinePower) * machine.maxS);
    t[level] = Math.min(machine.maxS, Math.max(0, Number.isFinite(s) ? s : 0));
  }
  return t;
}

/** Many short ASCII strings in one byte array: entry i is bytes[start[i]] … bytes[start[i + 1] − 1]. */
interface ByteTable {
  bytes: Uint8Array;
  start: Int32Array;
}

function byteTable(count: number, write: (buf: Uint8Array, p: number, i: number) => number, maxLen: number) {
  const bytes = new Uint8Array(count * maxLen);
  const start = new Int32Array(count + 1);
  let p = 0;
  for (let i = 0; i < count; i++) {
    start[i] = p;
    p = write(bytes, p, i);
  }
  start[count] = p;
  return { bytes, start };
}

/**
 * When every line of the op lies on one column grid (same |step|, `from` on the grid: always so for
 * rasterOp's output), the formatted position of each grid boundary, so the writer copies bytes instead
 * of formatting numbers. Entries carry the axis letter ("X12.345").
 */
interface ColumnGrid {
  table: ByteTable;
  origin: number;
  pitch: number;
}

function columnGrid(lines: readonly RasterLine[], letter: number): ColumnGrid | null {
  const first = lines[0];
  if (!first) return null;
  const pitch = Math.abs(first.step);
  if (!(pitch > 0)) return null;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const l of lines) {
    if (Math.abs(Math.abs(l.step) - pitch) > pitch * 1e-9) return null;
    const end = l.from + l.levels.length * l.step;
    lo = Math.min(lo, l.from, end);
    hi = Math.max(hi, l.from, end);
  }
  const columns = Math.round((hi - lo) / pitch) + 1;
  if (columns > 4_000_000) return null;
  for (const l of lines) {
    const k = (l.from - lo) / pitch;
    if (Math.abs(k - Math.round(k)) > 1e-6) return null;
  }
  const table = byteTable(
    columns,
    (buf, p, i) => {
      buf[p++] = letter;
      return writeGcodeNumber(buf, p, lo + i * pitch);
    },
    24,
  );
  return { table, origin: lo, pitch };
}

// --------------------------------------------------------------------------------------------- writer

const NL = 10;
const SPACE = 32;

/** Copies the ASCII of `s` into `buf` at `p`; returns the end. */
function putAscii(buf: Uint8Array, p: number, s: string): number {
  for (let i = 0; i < s.length; i++) buf[p++] = s.charCodeAt(i);
  return p;
}

/**
 * Entries of a ByteTable as little-endian 32-bit words, 4 per entry (zero-padded), so the writer stores
 * 4 bytes at a time; `len` is each entry's length in bytes. `f` holds the same bytes as doubles, two per
 * entry, so the first 8 bytes of an entry go out in one 8-byte store: their bits are copied as they are,
 * never canonicalised, because printable ASCII and zero padding (bytes below 0x7F) can never spell a
 * NaN (that needs 0x7F or 0xFF in the top byte, whichever end of the eight it is).
 */
interface WordTable {
  w: Uint32Array;
  f: Float64Array;
  len: Uint8Array;
}

function wordTable(t: ByteTable): WordTable {
  const words = 4;
  const count = t.start.length - 1;
  const w = new Uint32Array(count * words);
  const len = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const a = t.start[i]!;
    const n = t.start[i + 1]! - a;
    if (n > words * 4) throw new RangeError('table entry too long');
    len[i] = n;
    for (let b = 0; b < n; b++) {
      if (t.bytes[a + b]! >= 0x7f) throw new RangeError('table entry not printable ASCII');
      const at = i * words + (b >> 2);
      w[at] = w[at]! | (t.bytes[a + b]! << ((b & 3) * 8));
    }
  }
  // The doubles hold the entries' bytes in text order, read and written in the host's byte order.
  const f = new Float64Array(count * 2);
  const fBytes = new Uint8Array(f.buffer);
  for (let i = 0; i < count; i++) fBytes.set(t.bytes.subarray(t.start[i]!, t.start[i + 1]!), i * 16);
  return { w, f, len };
}

const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Writes the G-code of `op` (machine coordinates) to `out` and returns where the head ends, as written
 * (rounded to 0.001 mm); `head` (where it starts) when the op burns nothing. Modal state (G21, G90, M4)
 * is the caller's; this writes G0/G1 with X/Y, S and F words only.
 *
 * Speed: the positions of every grid column ("X12.345") and the S word of every level (" S750" plus
 * the newline) are formatted once per op and stored 8 bytes at a time straight into `out`'s buffer.
 * Runs are found and written in the same pass over the levels (the moves are those of LinePlan, which
 * rasterOpStats uses; the tests check that both agree).
 */
export function writeRasterGcode(
  op: RasterOp,
  layer: Layer,
  machine: MachineSettings,
  out: ByteWriter,
  head: { x: number; y: number } = { x: 0, y: 0 },
): { x: number; y: number } {
  checkMachine(layer, machine);
  const horizontal = op.axis === 'horizontal';
  const w = new GcodeLineWriter(op, layer, machine);
  let wrote = false;
  for (const line of op.lines) {
    // Worst case per pixel boundary: 16 bytes of position + 16 of S; plus the slow moves.
    const buf = out.reserve(256 + line.levels.length * 32);
    const start = out.offset;
    const end = w.line(line, buf, start);
    if (end > start) {
      out.commit(end);
      wrote = true;
    }
  }
  if (!wrote) return { x: head.x, y: head.y };
  const along = Math.round(w.headAlong * 1000) / 1000;
  const across = Math.round(w.headAcross * 1000) / 1000;
  return horizontal ? { x: along, y: across } : { x: across, y: along };
}

/**
 * About how many bytes writeRasterGcode writes for `op` (a little more, as a rule), from one cheap pass
 * counting power changes: a capacity hint for `new ByteWriter(size)` or for a caller that allocates
 * the output itself. ByteWriter does not need it for large outputs (past its chunk size it writes into
 * new chunks instead of growing and copying).
 */
export function rasterGcodeSizeHint(op: RasterOp, machine: MachineSettings): number {
  let reach = 1;
  let changes = 0;
  for (const line of op.lines) {
    const levels = line.levels;
    let previous = levels[0];
    for (let i = 1; i < levels.length; i++) {
      const v = levels[i];
      if (v !== previous) {
        changes++;
        previous = v;
      }
    }
    const end = line.from + levels.length * line.step;
    reach = Math.max(reach, Math.abs(line.at), Math.abs(line.from), Math.abs(end));
  }
  reach += Math.abs(op.overscan || 0);
  const position = 2 + String(Math.ceil(reach)).length + 4; // axis letter, sign, digits, ".ddd"
  const sWord = 2 + String(Math.ceil(Math.abs(machine.maxS))).length; // " S" and digits
  return 1024 + changes * (position + sWord + 1) + op.lines.length * 4 * (2 * position + sWord + 8);
}

/** The state of one op's G-code: tables, modal state and head position. */
class GcodeLineWriter {
  private buf: Uint8Array = new Uint8Array(0);
  private view = new DataView(this.buf.buffer);
  private readonly along: number;
  private readonly across: number;
  private readonly overscan: number;
  private readonly sOf: Int32Array;
  private readonly sWords: WordTable;
  private readonly grid: ColumnGrid | null;
  private readonly colWords: WordTable | null;
  private readonly feed: string;
  private motion = -1;
  private s = -1;
  private feedWritten = false;
  headAlong = Number.NaN;
  headAcross = Number.NaN;

  constructor(op: RasterOp, layer: Layer, machine: MachineSettings) {
    this.along = op.axis === 'horizontal' ? 88 : 89; // 'X' : 'Y'
    this.across = op.axis === 'horizontal' ? 89 : 88;
    this.overscan = Math.max(0, op.overscan || 0);
    const sOf = sValues(layer, machine);
    this.sOf = sOf;
    // " S<value>\n" per level.
    const sBytes = byteTable(
      256,
      (buf, p, i) => {
        buf[p++] = SPACE;
        buf[p++] = 83; // 'S'
        p = writeGcodeNumber(buf, p, sOf[i]!);
        buf[p++] = NL;
        return p;
      },
      16,
    );
    this.sWords = wordTable(sBytes);
    this.grid = columnGrid(op.lines, this.along);
    this.colWords = this.grid ? wordTable(this.grid.table) : null;
    this.feed = ` F${formatGcodeNumber(layer.speed * 60)}`;
  }

  /**
   * Writes one line's moves into `buf` from `start` (room for 256 + 32 bytes per level is the caller's);
   * returns where they end (`start`: nothing to burn).
   */
  line(line: RasterLine, buf: Uint8Array, start: number): number {
    const levels = line.levels;
    const n = levels.length;
    let k = 0;
    while (k < n && levels[k] === 0) k++;
    if (k === n) return start;
    // The burn ends where the trailing white starts.
    let last = n;
    while (levels[last - 1] === 0) last--;
    if (buf !== this.buf) {
      this.buf = buf;
      this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    }
    const view = this.view;
    const withOverscan = this.overscan > 0;
    const gap = gapPixels(this.overscan, line.step);
    const dir = line.step < 0 ? -1 : 1;
    const grid = this.grid;
    const colBase = grid ? Math.round((line.from - grid.origin) / grid.pitch) : 0;
    let p = this.slow(start, RAPID, line, k, withOverscan ? -1 : 0, 0, true);
    if (withOverscan) p = this.slow(p, FEED, line, k, 0, 0, false);
    const sOf = this.sOf;
    const sw = this.sWords.w;
    const sf = this.sWords.f;
    const sLen = this.sWords.len;
    const cols = this.colWords;
    const cw = cols ? cols.w : sw;
    const cf = cols ? cols.f : sf;
    const cLen = cols ? cols.len : sLen;
    // The common move (G1 modal, F written, a grid column) is written inline with the S value held in a
    // local; anything else goes through `slow`, which keeps the modal state in the fields.
    let fast = cols !== null && this.motion === FEED && this.feedWritten;
    let s = this.s;
    while (k < last) {
      const level = levels[k]!;
      let j = k + 1;
      while (j < last && levels[j] === level) j++;
      if (level === 0 && j - k > gap) {
        // A long white gap: run-out, rapid to one overscan before the next burn, run-in.
        this.s = s;
        if (withOverscan) p = this.slow(p, FEED, line, k, 1, 0, false);
        p = this.slow(p, RAPID, line, j, withOverscan ? -1 : 0, 0, false);
        if (withOverscan) p = this.slow(p, FEED, line, j, 0, 0, false);
        s = this.s;
        fast = cols !== null && this.motion === FEED && this.feedWritten;
      } else if (fast) {
        // "X12.345" from the column table, 8 bytes at a time, then " S750\n" or "\n".
        const idx = colBase + j * dir;
        const c = idx * 4;
        view.setFloat64(p, cf[idx * 2]!, HOST_LITTLE_ENDIAN);
        const len = cLen[idx]!;
        if (len > 8) {
          view.setUint32(p + 8, cw[c + 2]!, true);
          view.setUint32(p + 12, cw[c + 3]!, true);
        }
        p += len;
        const sv = sOf[level]!;
        if (sv !== s) {
          const q = level * 4;
          view.setFloat64(p, sf[level * 2]!, HOST_LITTLE_ENDIAN);
          if (sLen[level]! > 8) {
            view.setUint32(p + 8, sw[q + 2]!, true);
            view.setUint32(p + 12, sw[q + 3]!, true);
          }
          p += sLen[level]!;
          s = sv;
        } else {
          buf[p++] = NL;
        }
      } else {
        this.s = s;
        p = this.slow(p, FEED, line, j, 0, level, false);
        s = this.s;
        fast = cols !== null && this.motion === FEED && this.feedWritten;
      }
      k = j;
    }
    this.s = s;
    if (withOverscan) p = this.slow(p, FEED, line, last, 1, 0, false);
    this.headAlong = line.from + last * line.step + (withOverscan ? dir * this.overscan : 0);
    return p;
  }

  /**
   * Any move written word by word: rapids, overscan ends, the op's first feed move and lines off a
   * common grid. `offset` is −1, 0 or +1 overscan along the line; `first` adds the line's cross axis.
   */
  private slow(p: number, kind: number, line: RasterLine, k: number, offset: number, level: number, first: boolean) {
    const buf = this.buf;
    if (kind === RAPID) {
      p = putAscii(buf, p, 'G0 ');
      this.motion = RAPID;
    } else if (this.motion !== FEED) {
      p = putAscii(buf, p, 'G1 ');
      this.motion = FEED;
    }
    buf[p++] = this.along;
    const dir = line.step < 0 ? -1 : 1;
    const at = line.from + k * line.step + offset * dir * this.overscan;
    const grid = this.grid;
    // Grid positions come from the table's arithmetic, so slow and fast moves print the same numbers.
    const value =
      grid && offset === 0
        ? grid.origin + (Math.round((line.from - grid.origin) / grid.pitch) + k * dir) * grid.pitch
        : at;
    p = writeGcodeNumber(buf, p, value);
    if (kind === FEED) {
      const sv = this.sOf[level]!;
      if (sv !== this.s) {
        buf[p++] = SPACE;
        buf[p++] = 83; // 'S'
        p = writeGcodeNumber(buf, p, sv);
        this.s = sv;
      }
      if (!this.feedWritten) {
        p = putAscii(buf, p, this.feed);
        this.feedWritten = true;
      }
    } else if (first) {
      buf[p++] = SPACE;
      buf[p++] = this.across;
      p = writeGcodeNumber(buf, p, line.at);
      this.headAcross = line.at;
    }
    buf[p++] = NL;
    return p;
  }
}

// ---------------------------------------------------------------------------------------------- stats

export interface RasterStats {
  /** Length burnt (G1 with S > 0), mm. */
  burnLength: number;
  /** Length moved without burning (G0 and G1 S0: overscan, gaps, line changes), mm; the approach to the first line is not counted. */
  travelLength: number;
  /** Estimated run time, s. */
  time: number;
  /** Everything the head visits, overscan included. */
  bounds: Bounds;
}

/**
 * Lengths, time and extent of the G-code writeRasterGcode writes for `op` (from the same line plans).
 * Time: feed moves at the layer speed, rapids at machine.travelSpeed with a trapezoid of
 * machine.acceleration, plus speed/acceleration for every stop and start at feed (each line, and each
 * gap left by G0).
 */
export function rasterOpStats(op: RasterOp, layer: Layer, machine: MachineSettings): RasterStats {
  checkMachine(layer, machine);
  const horizontal = op.axis === 'horizontal';
  const overscan = Math.max(0, op.overscan || 0);
  const withOverscan = overscan > 0;
  const sOf = sValues(layer, machine);
  const feed = layer.speed;
  const accel = machine.acceleration > 0 ? machine.acceleration : Number.POSITIVE_INFINITY;
  const rapid = machine.travelSpeed > 0 ? machine.travelSpeed : feed;
  const bounds = emptyBounds();
  const plan = new LinePlan();
  let burn = 0;
  let idle = 0;
  let rapidLength = 0;
  let rapidTime = 0;
  let stops = 0;
  let along = Number.NaN;
  let across = Number.NaN;
  for (const line of op.lines) {
    if (!plan.plan(line.levels, withOverscan, gapPixels(overscan, line.step))) continue;
    const dir = line.step < 0 ? -1 : 1;
    for (let m = 0; m < plan.count; m++) {
      const meta = plan.meta[m]!;
      const to = line.from + plan.k[m]! * line.step + offsetOf(meta) * dir * overscan;
      if (kindOf(meta) === RAPID) {
        if (!Number.isNaN(along)) {
          const d = Math.hypot(to - along, line.at - across);
          rapidLength += d;
          rapidTime += trapezoid(d, rapid, accel);
        }
        stops++;
        across = line.at;
      } else if (sOf[levelOf(meta)]! > 0) {
        burn += Math.abs(to - along);
      } else {
        idle += Math.abs(to - along);
      }
      along = to;
      if (horizontal) extendBounds(bounds, along, across);
      else extendBounds(bounds, across, along);
    }
  }
  const time = (burn + idle) / feed + rapidTime + (stops * feed) / accel;
  return { burnLength: burn, travelLength: idle + rapidLength, time, bounds };
}

/** Time of a move of `d` mm from standstill to standstill at top speed `v` and acceleration `a`. */
function trapezoid(d: number, v: number, a: number): number {
  if (d <= 0) return 0;
  if (!Number.isFinite(a)) return d / v;
  return d >= (v * v) / a ? d / v + v / a : 2 * Math.sqrt(d / a);
}
