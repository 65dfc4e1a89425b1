import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BitmapSettings, BitmapShape, Layer } from '../src/model/document.js';
import { SettingError } from '../src/model/errors.js';
import { DEFAULT_MACHINE, type MachineSettings, type RasterOp } from '../src/model/job.js';
import { createLayer, DEFAULT_BITMAP_SETTINGS } from '../src/model/layers.js';
import { IDENTITY, type Matrix, rotate } from '../src/model/matrix.js';
import { ByteWriter } from '../src/output/bytes.js';
import { formatGcodeNumber } from '../src/output/gcode-number.js';
import type { RgbaImage } from '../src/raster/image.js';
import {
  rapidGap,
  rasterGcodeSizeHint,
  rasterOpStats,
  rasterOpToMachine,
  sValues,
  writeRasterGcode,
} from '../src/raster/raster-gcode.js';
import { rasterOp } from '../src/raster/raster-op.js';

// gcode-toolpath (cncjs) is an independent G-code interpreter: it reports every move with its motion
// mode. It does not track S, so we read the S word of each block from the parsed words it hands back.
interface Toolpath {
  loadFromStringSync(text: string, cb: (data: { words: Array<[string, number]> }, index: number) => void): void;
}
type ToolpathCtor = new (options: {
  position?: { x: number; y: number; z: number };
  addLine: (modal: { motion: string }, v1: Vec, v2: Vec) => void;
}) => Toolpath;
interface Vec {
  x: number;
  y: number;
}
const Toolpath = createRequire(import.meta.url)('gcode-toolpath') as ToolpathCtor;

interface Move {
  motion: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  s: number;
  f: number;
}

/** Every move of a G-code text, with the S and F in force for it. */
function interpret(gcode: string, start: Vec = { x: 0, y: 0 }): Move[] {
  const moves: Move[] = [];
  let pending: Move[] = [];
  let s = 0;
  let f = 0;
  const tp = new Toolpath({
    position: { x: start.x, y: start.y, z: 0 },
    addLine: (modal, v1, v2) => {
      pending.push({ motion: modal.motion, x0: v1.x, y0: v1.y, x1: v2.x, y1: v2.y, s: 0, f: 0 });
    },
  });
  tp.loadFromStringSync(gcode, (data) => {
    for (const [letter, value] of data.words) {
      if (letter === 'S') s = value;
      if (letter === 'F') f = value;
    }
    for (const m of pending) moves.push({ ...m, s, f });
    pending = [];
  });
  return moves;
}

const layer: Layer = createLayer({
  id: 'L1',
  mode: 'image',
  minPower: 8,
  maxPower: 32,
  speed: 100,
  fillSettings: { overscan: 2 } as never,
});
const machine: MachineSettings = { ...DEFAULT_MACHINE, machinePower: 40, maxS: 1000 };

function image(w: number, h: number, grey: (x: number, y: number) => number): RgbaImage {
  const rgba = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const g = grey(x, y);
      rgba.set([g, g, g, 255], (y * w + x) * 4);
    }
  }
  return { width: w, height: h, rgba };
}

function shape(w: number, h: number, mm: number, settings: Partial<BitmapSettings>, at = { x: 0, y: 0 }): BitmapShape {
  return {
    kind: 'bitmap',
    id: 'b1',
    layerId: 'L1',
    transform: IDENTITY,
    x: at.x,
    y: at.y,
    width: w * mm,
    height: h * mm,
    src: '',
    pixelWidth: w,
    pixelHeight: h,
    settings: { ...DEFAULT_BITMAP_SETTINGS, dpiX: 25.4 / mm, dpiY: 25.4 / mm, ...settings },
  };
}

function gcodeOf(op: RasterOp, l: Layer = layer, m: MachineSettings = machine) {
  const out = new ByteWriter(64);
  const end = writeRasterGcode(op, l, m, out);
  return { text: out.toString(), end };
}

/**
 * The pixels a G-code burns, found from its moves: for each G1 with S > 0 along a scan line, every
 * pixel centre of the grid (pitch `mm`, origin 0) the move covers, with the move's S. Checks that the
 * ends of burning moves sit on pixel edges (within 1e-3 mm: the 3-decimal rounding).
 */
function burnt(moves: Move[], mm: number, axis: 'x' | 'y'): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of moves) {
    if (m.motion !== 'G1' || m.s <= 0) continue;
    const [a0, a1, across] = axis === 'x' ? [m.x0, m.x1, m.y0] : [m.y0, m.y1, m.x0];
    expect(axis === 'x' ? m.y1 : m.x1).toBeCloseTo(across, 9);
    for (const edge of [a0, a1]) expect(Math.abs(edge / mm - Math.round(edge / mm))).toBeLessThan(1e-3 / mm);
    const lo = Math.round(Math.min(a0, a1) / mm);
    const hi = Math.round(Math.max(a0, a1) / mm);
    const row = Math.floor(across / mm);
    expect(Math.abs(across - (row + 0.5) * mm)).toBeLessThan(1e-3); // lines run through pixel centres
    for (let i = lo; i < hi; i++) {
      const key = axis === 'x' ? `${i},${row}` : `${row},${i}`;
      expect(out.has(key), `pixel ${key} burnt twice`).toBe(false);
      out.set(key, m.s);
    }
  }
  return out;
}

describe('number formatting', () => {
  it('writes at most 3 decimals with trailing zeros trimmed', () => {
    expect([2, 1.5, 12.3456, 0.0004, -0.0001, -1.25, 1000.1, 0.1 + 0.2, 1e-9].map(formatGcodeNumber)).toEqual([
      '2',
      '1.5',
      '12.346',
      '0',
      '0',
      '-1.25',
      '1000.1',
      '0.3',
      '0',
    ]);
  });
});

describe('S values', () => {
  it('scale the layer power range onto the machine S range', () => {
    const s = sValues({ minPower: 8, maxPower: 32 }, machine);
    expect([s[0], s[1], s[255]]).toEqual([0, 200, 800]);
    expect(s[128]).toBe(Math.round(((8 + (24 * 127) / 254) / 40) * 1000));
    const clamped = sValues({ minPower: 0, maxPower: 80 }, machine);
    expect([clamped[1], clamped[255]]).toEqual([0, 1000]);
  });
});

describe('rasterOpToMachine', () => {
  const op: RasterOp = {
    kind: 'raster',
    layerId: 'L1',
    shapeId: 'b1',
    axis: 'horizontal',
    overscan: 1,
    lines: [{ at: 10.5, from: 3, step: 0.5, levels: Uint8Array.of(1, 2) }],
  };

  it('flips `at` of horizontal lines for a bottom-left origin', () => {
    const m = rasterOpToMachine(op, 100, 'bottom-left');
    expect(m.lines.map((l) => [l.at, l.from, l.step])).toEqual([[89.5, 3, 0.5]]);
    expect(m.lines[0]!.levels).toBe(op.lines[0]!.levels);
    expect(op.lines[0]!.at).toBe(10.5); // the input is untouched
  });

  it('flips `from` and `step` of vertical lines, and leaves top-left origins alone', () => {
    const v = rasterOpToMachine({ ...op, axis: 'vertical' }, 100, 'bottom-left');
    expect(v.lines.map((l) => [l.at, l.from, l.step])).toEqual([[10.5, 97, -0.5]]);
    expect(rasterOpToMachine(op, 100, 'top-left').lines).toEqual(op.lines);
  });
});

describe('writeRasterGcode', () => {
  it('burns exactly the dark pixels of a picture, read back by an independent interpreter', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.boolean(), { minLength: 84, maxLength: 84 }),
        fc.constantFrom('horizontal', 'vertical'),
        fc.constantFrom('top-left', 'top-right', 'bottom-left', 'bottom-right'),
        fc.boolean(),
        fc.constantFrom(0, 0.5, 2),
        fc.constantFrom(0.25, 0.1, 0.3),
        (w, h, dark, scanDirection, startPosition, bidirectional, overscan, mm) => {
          const img = image(w, h, (x, y) => (dark[y * w + x] ? 0 : 255));
          const sh = shape(w, h, mm, { dither: 'threshold', scanDirection, startPosition, bidirectional });
          const l = { ...layer, fillSettings: { ...layer.fillSettings, overscan } };
          const op = rasterOp(img, { shape: sh, matrix: IDENTITY }, l);
          const { text, end } = gcodeOf(rasterOpToMachine(op, 0, 'top-left'), l);
          const moves = interpret(text);
          const got = burnt(moves, mm, scanDirection === 'horizontal' ? 'x' : 'y');
          const want = new Set<string>();
          for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (dark[y * w + x]) want.add(`${x},${y}`);
          expect(new Set(got.keys())).toEqual(want);
          for (const s of got.values()) expect(s).toBe(800);
          const last = moves.at(-1);
          if (last) expect([end.x, end.y]).toEqual([last.x1, last.y1]);
          // Every feed move runs at the layer speed, mm/min.
          for (const m of moves) if (m.motion === 'G1') expect(m.f).toBe(6000);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gives each grey its S value in greyscale mode, with a bottom-left origin', () => {
    const greys = [0, 40, 40, 90, 255, 180, 254, 10];
    const img = image(8, 2, (x, y) => (y === 0 ? greys[x]! : greys[7 - x]!));
    const op = rasterOp(img, { shape: shape(8, 2, 0.5, { dither: 'greyscale' }), matrix: IDENTITY }, layer);
    const height = 30;
    const moves = interpret(gcodeOf(rasterOpToMachine(op, height, 'bottom-left')).text);
    // Back to document y (down) before reading pixels.
    const flipped = moves.map((m) => ({ ...m, y0: height - m.y0, y1: height - m.y1 }));
    const got = burnt(flipped, 0.5, 'x');
    const s = sValues(layer, machine);
    const level = (g: number) => 1 + Math.round(((255 - g) * 254) / 255);
    for (let y = 0; y < 2; y++) {
      for (let x = 0; x < 8; x++) {
        const g = y === 0 ? greys[x]! : greys[7 - x]!;
        expect(got.get(`${x},${y}`), `${x},${y}`).toBe(g === 255 ? undefined : s[level(g)]);
      }
    }
    // Equal neighbours share one move: the two 40s are one G1.
    const row0 = moves.filter((m) => m.motion === 'G1' && m.s === s[level(40)]);
    expect(row0.map((m) => Math.abs(m.x1 - m.x0))).toContain(1);
  });

  it('crosses short white gaps at feed with S0 and skips long ones with G0', () => {
    // 1 mm pixels, overscan 2 → gaps up to 4 mm crossed at feed.
    expect(rapidGap(2)).toBe(4);
    const row = [1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1];
    const img = image(row.length, 1, (x) => (row[x] ? 0 : 255));
    const op = rasterOp(img, { shape: shape(row.length, 1, 1, { dither: 'threshold' }), matrix: IDENTITY }, layer);
    const { text } = gcodeOf(op);
    const moves = interpret(text);
    const kinds = moves.map((m) => `${m.motion} ${m.x0}>${m.x1} S${m.s}`);
    expect(kinds).toEqual([
      'G0 0>-2 S0', // to the overscan start (from the interpreter's 0, 0)
      'G1 -2>0 S0', // run-in
      'G1 0>1 S800',
      'G1 1>4 S0', // 3 mm gap: crossed at feed
      'G1 4>5 S800',
      'G1 5>7 S0', // 5 mm gap: run-out…
      'G0 7>8 S0', // …rapid…
      'G1 8>10 S0', // …run-in
      'G1 10>11 S800',
      'G1 11>13 S0', // run-out
    ]);
    // With no overscan, gaps over MIN_RAPID_GAP (1 mm) are single rapids straight to the next burn.
    const row2 = [1, 0, 1, 0, 0, 1];
    const img2 = image(row2.length, 1, (x) => (row2[x] ? 0 : 255));
    const bare = { ...layer, fillSettings: { ...layer.fillSettings, overscan: 0 } };
    const op0 = rasterOp(img2, { shape: shape(row2.length, 1, 1, { dither: 'threshold' }), matrix: IDENTITY }, bare);
    const moves0 = interpret(gcodeOf(op0, bare).text);
    expect(moves0.map((m) => `${m.motion} ${m.x0}>${m.x1} S${m.s}`)).toEqual([
      'G0 0>0 S0',
      'G1 0>1 S800',
      'G1 1>2 S0', // 1 mm: at feed
      'G1 2>3 S800',
      'G0 3>5 S800', // 2 mm: rapid (GRBL's laser mode keeps the beam off during G0 whatever S is)
      'G1 5>6 S800',
    ]);
  });

  it('writes S only when it changes and F once', () => {
    const img = image(6, 3, (x) => (x % 2 ? 0 : 100));
    const op = rasterOp(img, { shape: shape(6, 3, 0.1, { dither: 'greyscale' }), matrix: IDENTITY }, layer);
    const { text } = gcodeOf(op);
    expect(text.match(/F/g)).toHaveLength(1);
    let last = '';
    for (const line of text.trim().split('\n')) {
      const s = line.match(/S(\d+)/)?.[1];
      if (s !== undefined) {
        expect(s).not.toBe(last);
        last = s;
      }
      for (const n of line.match(/-?\d+\.\d+/g) ?? []) expect(n.split('.')[1]!.length).toBeLessThanOrEqual(3);
      expect(line).not.toMatch(/\.\d*0\b/);
    }
  });

  it('sizes the output buffer close above what it writes', () => {
    const img = image(60, 30, (x, y) => (x * 5 + y * 11) % 256);
    for (const dither of ['floyd-steinberg', 'greyscale', 'threshold'] as const) {
      const op = rasterOp(img, { shape: shape(60, 30, 0.1, { dither }), matrix: IDENTITY }, layer);
      const written = gcodeOf(op).text.length;
      const hint = rasterGcodeSizeHint(op, machine);
      expect(hint, dither).toBeGreaterThanOrEqual(written);
      expect(hint, dither).toBeLessThan(written * 2.5 + 4096);
    }
  });

  it('writes nothing for an op with nothing to burn and refuses a zero speed', () => {
    const empty: RasterOp = { kind: 'raster', layerId: 'L1', shapeId: 'b', axis: 'horizontal', overscan: 1, lines: [] };
    expect(gcodeOf(empty).text).toBe('');
    expect(writeRasterGcode(empty, layer, machine, new ByteWriter(), { x: 3, y: 4 })).toEqual({ x: 3, y: 4 });
    expect(() => gcodeOf(empty, { ...layer, speed: 0 })).toThrow(SettingError);
  });

  it('handles lines off a common grid (hand-made ops) the same way', () => {
    const op: RasterOp = {
      kind: 'raster',
      layerId: 'L1',
      shapeId: 'b',
      axis: 'horizontal',
      overscan: 0.5,
      lines: [
        { at: 1, from: 0.1234, step: 0.3, levels: Uint8Array.of(255, 255, 0, 10) },
        { at: 2, from: 5, step: -0.7, levels: Uint8Array.of(0, 255) },
      ],
    };
    const moves = interpret(gcodeOf(op).text);
    const burns = moves.filter((m) => m.motion === 'G1' && m.s > 0).map((m) => [m.x0, m.x1, m.y0]);
    expect(burns).toEqual([
      [0.123, 0.723, 1],
      [1.023, 1.323, 1],
      [4.3, 3.6, 2],
    ]);
  });
});

describe('rasterOpStats', () => {
  it('agrees with the G-code it describes', () => {
    const img = image(40, 20, (x, y) => (Math.hypot(x - 20, y - 10) < 8 ? 0 : (x * 7 + y * 13) % 256));
    for (const [dither, matrix, overscan] of [
      ['floyd-steinberg', IDENTITY, 2],
      ['greyscale', rotate(20), 0.5],
      ['bayer', IDENTITY, 0],
    ] as Array<[BitmapSettings['dither'], Matrix, number]>) {
      const l = { ...layer, fillSettings: { ...layer.fillSettings, overscan } };
      const op = rasterOpToMachine(
        rasterOp(img, { shape: shape(40, 20, 0.2, { dither }), matrix }, l),
        50,
        'bottom-left',
      );
      const stats = rasterOpStats(op, l, machine);
      const moves = interpret(gcodeOf(op, l).text);
      const len = (m: Move) => Math.hypot(m.x1 - m.x0, m.y1 - m.y0);
      const burn = moves.filter((m) => m.motion === 'G1' && m.s > 0).reduce((s, m) => s + len(m), 0);
      const travel = moves.slice(1).reduce((s, m) => s + (m.motion === 'G1' && m.s > 0 ? 0 : len(m)), 0);
      // The printed positions are rounded to 0.001 mm; sums of many moves drift by that much at most.
      expect(Math.abs(stats.burnLength - burn), dither).toBeLessThan(0.001 * moves.length);
      expect(Math.abs(stats.travelLength - travel), dither).toBeLessThan(0.001 * moves.length);
      expect(stats.burnLength).toBeGreaterThan(0);
      const xs = moves.slice(1).flatMap((m) => [m.x0, m.x1]);
      const ys = moves.slice(1).flatMap((m) => [m.y0, m.y1]);
      expect(stats.bounds.minX).toBeCloseTo(Math.min(...xs), 2);
      expect(stats.bounds.maxX).toBeCloseTo(Math.max(...xs), 2);
      expect(stats.bounds.minY).toBeCloseTo(Math.min(...ys), 2);
      expect(stats.bounds.maxY).toBeCloseTo(Math.max(...ys), 2);
      // Time: at least the lengths at speed, plus one start/stop per line at the machine's acceleration.
      const lower = burn / layer.speed + (op.lines.length * layer.speed) / machine.acceleration;
      expect(stats.time).toBeGreaterThanOrEqual(lower);
      expect(stats.time).toBeLessThan(lower + (travel / Math.min(layer.speed, machine.travelSpeed)) * 1.5 + 60);
    }
  });
});
