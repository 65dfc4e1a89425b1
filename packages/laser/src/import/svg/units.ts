import { IDENTITY, type Matrix, multiply, rotate, scale, skewX, skewY, translate } from '../../model/matrix.js';

/**
 * SVG's small grammars: numbers, lengths with units, viewBox, preserveAspectRatio and transform lists.
 * Lengths resolve to user units (CSS px); the importer turns user units into millimetres at the root.
 */

/** Millimetres per CSS pixel (96 px to the inch). */
export const MM_PER_PX = 25.4 / 96;

/** A number in SVG/CSS syntax at the start of `s` from `at`: its value and where it ends, or null. */
const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

export function readNumber(s: string, at: number): { value: number; end: number } | null {
  NUMBER.lastIndex = at;
  const m = NUMBER.exec(s);
  if (!m) return null;
  return { value: Number(m[0]), end: NUMBER.lastIndex };
}

/** A whole string that is one finite number (surrounding spaces allowed), or null. */
export function parseNumber(s: string | undefined): number | null {
  if (s === undefined) return null;
  const t = s.trim();
  const r = readNumber(t, 0);
  if (!r || r.end !== t.length || !Number.isFinite(r.value)) return null;
  return r.value;
}

/** Space- and/or comma-separated numbers; stops at the first thing that is not a number. */
export function parseNumberList(s: string): { values: number[]; complete: boolean } {
  const values: number[] = [];
  let i = 0;
  const n = s.length;
  const skip = () => {
    while (i < n && /[\s,]/.test(s[i]!)) i++;
  };
  skip();
  while (i < n) {
    const r = readNumber(s, i);
    if (!r || !Number.isFinite(r.value)) return { values, complete: false };
    values.push(r.value);
    i = r.end;
    skip();
  }
  return { values, complete: true };
}

/** What percentages and font-relative units refer to. */
export interface LengthContext {
  /** Viewport width and height in user units. */
  vw: number;
  vh: number;
  /** Font size in user units (for em/ex). */
  fontSize: number;
  /** The root element's font size (for rem); DEFAULT_FONT_SIZE when absent. */
  rem?: number;
}

/** The font size SVG renderers start from, px (resvg's and Inkscape's default). */
export const DEFAULT_FONT_SIZE = 12;

export type Axis = 'x' | 'y' | 'other';

const UNIT_PX: Record<string, number> = {
  '': 1,
  px: 1,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
  pt: 96 / 72,
  pc: 16,
  q: 96 / 25.4 / 4,
};

/** A length such as `12`, `3.5mm`, `50%` or `2em` in user units; null when it is not a valid length. */
export function parseLength(s: string | undefined, axis: Axis, ctx: LengthContext): number | null {
  if (s === undefined) return null;
  const t = s.trim();
  const r = readNumber(t, 0);
  if (!r || !Number.isFinite(r.value)) return null;
  const unit = t.slice(r.end).toLowerCase();
  const perPx = UNIT_PX[unit];
  let v: number;
  if (perPx !== undefined) v = r.value * perPx;
  else if (unit === '%') {
    const ref = axis === 'x' ? ctx.vw : axis === 'y' ? ctx.vh : Math.sqrt((ctx.vw * ctx.vw + ctx.vh * ctx.vh) / 2);
    v = (r.value / 100) * ref;
  } else if (unit === 'em') v = r.value * ctx.fontSize;
  else if (unit === 'ex') v = (r.value * ctx.fontSize) / 2;
  else if (unit === 'rem') v = r.value * (ctx.rem ?? DEFAULT_FONT_SIZE);
  else return null;
  return Number.isFinite(v) ? v : null;
}

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `viewBox="minx miny w h"`; null when absent or invalid (non-positive size). */
export function parseViewBox(s: string | undefined): ViewBox | null {
  if (s === undefined) return null;
  const { values, complete } = parseNumberList(s);
  if (!complete || values.length !== 4) return null;
  const [x, y, width, height] = values as [number, number, number, number];
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

export interface AspectRatio {
  /** 'none', or where the box sits along each axis: 0 min, 0.5 mid, 1 max. */
  none: boolean;
  ax: number;
  ay: number;
  slice: boolean;
}

export const DEFAULT_ASPECT: AspectRatio = { none: false, ax: 0.5, ay: 0.5, slice: false };

const ALIGN = /^x(Min|Mid|Max)Y(Min|Mid|Max)$/;
const ALIGN_POS: Record<string, number> = { Min: 0, Mid: 0.5, Max: 1 };

/** `preserveAspectRatio="[defer] <align> [meet|slice]"`; the default (xMidYMid meet) when invalid. */
export function parseAspectRatio(s: string | undefined): AspectRatio {
  if (s === undefined) return DEFAULT_ASPECT;
  const words = s.trim().split(/\s+/);
  if (words[0] === 'defer') words.shift();
  const align = words[0] ?? '';
  const mode = words[1] ?? 'meet';
  if (words.length > 2 || (mode !== 'meet' && mode !== 'slice')) return DEFAULT_ASPECT;
  if (align === 'none') return { none: true, ax: 0, ay: 0, slice: false };
  const m = ALIGN.exec(align);
  if (!m) return DEFAULT_ASPECT;
  return { none: false, ax: ALIGN_POS[m[1]!]!, ay: ALIGN_POS[m[2]!]!, slice: mode === 'slice' };
}

/** The transform that maps a viewBox onto a viewport of `width × height` at the origin. */
export function viewBoxTransform(vb: ViewBox, par: AspectRatio, width: number, height: number): Matrix {
  let sx = width / vb.width;
  let sy = height / vb.height;
  if (!par.none) {
    const s = par.slice ? Math.max(sx, sy) : Math.min(sx, sy);
    sx = s;
    sy = s;
  }
  const tx = par.none ? 0 : (width - vb.width * sx) * par.ax;
  const ty = par.none ? 0 : (height - vb.height * sy) * par.ay;
  return [sx, 0, 0, sy, tx - vb.x * sx, ty - vb.y * sy];
}

const TRANSFORM_ARGS: Record<string, [number, number]> = {
  matrix: [6, 6],
  translate: [1, 2],
  scale: [1, 2],
  rotate: [1, 3],
  skewX: [1, 1],
  skewY: [1, 1],
};

/** One transform function as a matrix (angles in degrees). */
function transformFunction(name: string, a: number[]): Matrix {
  switch (name) {
    case 'matrix':
      return [a[0]!, a[1]!, a[2]!, a[3]!, a[4]!, a[5]!];
    case 'translate':
      return translate(a[0]!, a[1] ?? 0);
    case 'scale':
      return scale(a[0]!, a[1] ?? a[0]!);
    case 'rotate':
      return rotate(a[0]!, a[1] ?? 0, a[2] ?? 0);
    case 'skewX':
      return skewX(a[0]!);
    default:
      return skewY(a[0]!);
  }
}

/**
 * A transform list (`translate(10 20) rotate(45, 5, 5) …`), applied right to left as SVG does. Also
 * reads the CSS spelling (`rotate(45deg)`, `translate(10px, 5px)`). Null when the list is invalid,
 * which makes the whole attribute be ignored.
 */
export function parseTransform(s: string | undefined): Matrix | null {
  if (s === undefined) return IDENTITY;
  let m: Matrix = IDENTITY;
  const re = /\s*,?\s*([A-Za-z]+)\s*\(([^)]*)\)/y;
  let at = 0;
  const text = s.trim();
  while (at < text.length) {
    re.lastIndex = at;
    const f = re.exec(text);
    if (!f) return null;
    at = re.lastIndex;
    const name = f[1]!;
    const range = TRANSFORM_ARGS[name];
    if (!range) return null;
    const { values, complete } = parseNumberList(f[2]!.replace(/(\d|\.)(deg|px)\b/g, '$1'));
    if (!complete || values.length < range[0] || values.length > range[1]) return null;
    if (name === 'rotate' && values.length === 2) return null;
    m = multiply(m, transformFunction(name, values));
  }
  return m.every(Number.isFinite) ? m : null;
}

const ORIGIN_KEYWORDS: Record<string, { axis: 'x' | 'y' | 'any'; share: number }> = {
  left: { axis: 'x', share: 0 },
  right: { axis: 'x', share: 1 },
  top: { axis: 'y', share: 0 },
  bottom: { axis: 'y', share: 1 },
  center: { axis: 'any', share: 0.5 },
};

/**
 * `transform-origin`: one or two lengths, percentages (of the viewport) or keywords (`left`, `center`,
 * `right`, `top`, `bottom`, in either order); a missing one is the centre. Null when invalid.
 */
export function parseTransformOrigin(value: string, ctx: LengthContext): { x: number; y: number } | null {
  const parts = value.trim().split(/\s+/).filter(Boolean).slice(0, 2);
  if (parts.length === 0) return null;
  let x: number | null = null;
  let y: number | null = null;
  const words = parts.map((p) => ORIGIN_KEYWORDS[p.toLowerCase()]);
  // A vertical keyword first (`top left`) swaps the pair.
  if (words[0]?.axis === 'y' || words[1]?.axis === 'x') {
    parts.reverse();
    words.reverse();
  }
  for (const [i, part] of parts.entries()) {
    const axis = i === 0 ? 'x' : 'y';
    const word = words[i];
    const size = axis === 'x' ? ctx.vw : ctx.vh;
    const v = word
      ? word.axis === 'any' || word.axis === axis
        ? word.share * size
        : null
      : parseLength(part, axis, ctx);
    if (v === null) return null;
    if (axis === 'x') x = v;
    else y = v;
  }
  return { x: x ?? ctx.vw / 2, y: y ?? ctx.vh / 2 };
}

/**
 * A length in bounding-box units (gradients, patterns, masks): a number or a percentage, as a fraction
 * of the box (`50%` and `0.5` alike); null when it is neither.
 */
export function parseFraction(value: string | undefined): number | null {
  const v = value?.trim();
  if (!v) return null;
  const n = v.endsWith('%') ? parseNumber(v.slice(0, -1)) : parseNumber(v);
  return n === null ? null : v.endsWith('%') ? n / 100 : n;
}
