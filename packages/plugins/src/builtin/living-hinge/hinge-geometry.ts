import type { Vec2 } from '@kerf/laser';

/**
 * Living hinges: rows of slits that let a stiff sheet bend. All patterns fill a rectangle less a
 * margin (left uncut so the hinge stays joined to the rest of the part).
 *
 * - `straight`: parallel lines of slits, `spacing` apart. Along a line, slits of `cutLength` alternate
 *   with bridges of `gap`. Every other line is shifted by half a period (cut + gap), so each bridge
 *   sits beside the middle of the neighbouring line's slit: the classic staggered hinge. The unshifted
 *   lines hold whole slits only, centred, with bridges at both ends; the shifted lines run their slits
 *   to the margin. Because the unshifted slits are centred, a shifted line's end piece is never shorter
 *   than half a slit (a short sliver would only weaken the part): where less would be left, the line
 *   ends in a bridge instead.
 * - `wave`: the same layout, each slit a sine wave across its line (a quarter of the spacing to each
 *   side, a whole number of waves per slit), which spreads the bending strain.
 * - `lattice`: a checkerboard of square cells, each `cutLength + gap` wide; a cell holds parallel slits
 *   `spacing` apart, along the lines in one colour of cell and across them in the other (a basket
 *   weave), so the sheet bends both ways.
 *
 * Geometry is worked in line coordinates (u across the lines, v along them) and turned to x, y last.
 */

export type HingePattern = 'straight' | 'wave' | 'lattice';
/** Which way the slit lines run: `vertical` lines bend the sheet around a vertical axis. */
export type HingeDirection = 'vertical' | 'horizontal';

export interface HingeArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface HingeSpec {
  pattern: HingePattern;
  direction: HingeDirection;
  area: HingeArea;
  cutLength: number;
  /** Uncut bridge between slits along a line, mm. */
  gap: number;
  /** Between lines (and between a lattice cell's slits), mm. */
  spacing: number;
  margin: number;
}

/** How far a wave slit swings to each side of its line. */
export function waveAmplitude(spacing: number): number {
  return spacing / 4;
}

/** Points per whole wave of a wave slit. */
const WAVE_STEPS = 16;

interface Frame {
  /** Room across the lines and along them, margin taken off. */
  across: number;
  along: number;
  toXY(u: number, v: number): Vec2;
}

function frameOf(spec: HingeSpec): Frame {
  const { x, y, width, height } = spec.area;
  const m = spec.margin;
  const vertical = spec.direction === 'vertical' || spec.pattern === 'lattice';
  if (vertical) {
    return { across: width - 2 * m, along: height - 2 * m, toXY: (u, v) => ({ x: x + m + u, y: y + m + v }) };
  }
  return { across: height - 2 * m, along: width - 2 * m, toXY: (u, v) => ({ x: x + m + v, y: y + m + u }) };
}

/** Where the lines of a straight or wave hinge go, across: centred in the room. */
function linePositions(across: number, spacing: number, swing: number): number[] {
  const room = across - 2 * swing;
  if (room < 0) return [];
  const count = Math.floor(room / spacing + 1e-9) + 1;
  const first = swing + (room - (count - 1) * spacing) / 2;
  return Array.from({ length: count }, (_, i) => first + i * spacing);
}

interface Slit {
  /** Where the whole slit would start along the line (the wave's phase follows it). */
  start: number;
  from: number;
  to: number;
}

/** The slits of one line along [0, along]: whole and centred, or shifted by half a period and clipped. */
function lineSlits(along: number, spec: HingeSpec, shifted: boolean): Slit[] {
  const period = spec.cutLength + spec.gap;
  const whole = Math.floor((along + 1e-9) / period);
  if (whole < 1) return [];
  const span = whole * spec.cutLength + (whole - 1) * spec.gap;
  const first = (along - span) / 2;
  if (!shifted) {
    return Array.from({ length: whole }, (_, j) => {
      const start = first + j * period;
      return { start, from: start, to: start + spec.cutLength };
    });
  }
  const slits: Slit[] = [];
  let start = first - period / 2;
  while (start > 0) start -= period;
  for (; start < along; start += period) {
    const from = Math.max(0, start);
    const to = Math.min(along, start + spec.cutLength);
    if (to > from) slits.push({ start, from, to });
  }
  return slits;
}

/** Whole waves in a slit: each about two line spacings long. */
function wavesPerSlit(spec: HingeSpec): number {
  return Math.max(1, Math.round(spec.cutLength / (2 * spec.spacing)));
}

function waveSlit(frame: Frame, u: number, slit: Slit, spec: HingeSpec): Vec2[] {
  const swing = waveAmplitude(spec.spacing);
  const wavelength = spec.cutLength / wavesPerSlit(spec);
  const step = wavelength / WAVE_STEPS;
  const at = (v: number) => frame.toXY(u + swing * Math.sin((2 * Math.PI * (v - slit.start)) / wavelength), v);
  const points: Vec2[] = [];
  const steps = Math.max(1, Math.ceil((slit.to - slit.from) / step - 1e-9));
  for (let i = 0; i <= steps; i++) points.push(at(slit.from + ((slit.to - slit.from) * i) / steps));
  return points;
}

function lineCuts(spec: HingeSpec, frame: Frame): Vec2[][] {
  const wave = spec.pattern === 'wave';
  const cuts: Vec2[][] = [];
  linePositions(frame.across, spec.spacing, wave ? waveAmplitude(spec.spacing) : 0).forEach((u, i) => {
    for (const slit of lineSlits(frame.along, spec, i % 2 === 1)) {
      cuts.push(wave ? waveSlit(frame, u, slit, spec) : [frame.toXY(u, slit.from), frame.toXY(u, slit.to)]);
    }
  });
  return cuts;
}

function latticeCuts(spec: HingeSpec, frame: Frame): Vec2[][] {
  const cell = spec.cutLength + spec.gap;
  const columns = Math.floor((frame.across + 1e-9) / cell);
  const rows = Math.floor((frame.along + 1e-9) / cell);
  const u0 = (frame.across - columns * cell) / 2;
  const v0 = (frame.along - rows * cell) / 2;
  const parallel = Math.floor(spec.cutLength / spec.spacing + 1e-9) + 1;
  const half = spec.cutLength / 2;
  const cuts: Vec2[][] = [];
  for (let i = 0; i < columns; i++) {
    for (let j = 0; j < rows; j++) {
      const cu = u0 + (i + 0.5) * cell;
      const cv = v0 + (j + 0.5) * cell;
      for (let k = 0; k < parallel; k++) {
        const offset = (k - (parallel - 1) / 2) * spec.spacing;
        cuts.push(
          (i + j) % 2 === 0
            ? [frame.toXY(cu + offset, cv - half), frame.toXY(cu + offset, cv + half)]
            : [frame.toXY(cu - half, cv + offset), frame.toXY(cu + half, cv + offset)],
        );
      }
    }
  }
  return cuts;
}

/**
 * An upper bound on the points `hingeCuts` would draw, counted without drawing them, so a run can
 * refuse an answer that would pass the size limits before building it.
 */
export function hingePointCount(spec: HingeSpec): number {
  const frame = frameOf(spec);
  if (frame.across < 0 || frame.along < 0) return 0;
  if (spec.pattern === 'lattice') {
    const cell = spec.cutLength + spec.gap;
    const cells = Math.floor((frame.across + 1e-9) / cell) * Math.floor((frame.along + 1e-9) / cell);
    return cells * (Math.floor(spec.cutLength / spec.spacing + 1e-9) + 1) * 2;
  }
  const lines = Math.floor(frame.across / spec.spacing + 1e-9) + 1;
  const slitsPerLine = Math.floor(frame.along / (spec.cutLength + spec.gap)) + 2;
  const perSlit = spec.pattern === 'wave' ? wavesPerSlit(spec) * WAVE_STEPS + 1 : 2;
  return lines * slitsPerLine * perSlit;
}

/** Every slit as an open polyline, in document coordinates. */
export function hingeCuts(spec: HingeSpec): Vec2[][] {
  const frame = frameOf(spec);
  if (frame.across < 0 || frame.along < 0) return [];
  return spec.pattern === 'lattice' ? latticeCuts(spec, frame) : lineCuts(spec, frame);
}
