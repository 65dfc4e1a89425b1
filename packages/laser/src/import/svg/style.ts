import { parseColor, type Rgba } from './color.js';
import { parseDeclarations, type RuleIndex } from './css.js';
import { DEFAULT_FONT_SIZE, type LengthContext, parseLength, parseNumber } from './units.js';
import type { XmlElement } from './xml.js';

/**
 * The CSS cascade for SVG: presentation attributes, then style-sheet rules by specificity and order,
 * then the `style` attribute, then `!important` rules and `!important` in `style`. `computeStyle`
 * applies inheritance on top of the winning declarations.
 */

/** Properties read from presentation attributes (others are only taken from CSS). */
const PRESENTATION = new Set([
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-opacity',
  'stroke-width',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'clip-rule',
  'mask-type',
  'transform-origin',
  'letter-spacing',
  'word-spacing',
  'baseline-shift',
  'dominant-baseline',
  'opacity',
  'display',
  'visibility',
  'color',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'clip-path',
  'mask',
  'filter',
  'mix-blend-mode',
  'isolation',
  'paint-order',
  'text-decoration',
  'writing-mode',
  'marker-start',
  'marker-mid',
  'marker-end',
  'overflow',
  'stop-color',
  'stop-opacity',
]);

/** The winning declared value of each property set on `el` (inheritance not applied). */
export function declaredProperties(el: XmlElement, rules: RuleIndex): Map<string, string> {
  const out = new Map<string, string>();
  for (const name in el.attrs) if (PRESENTATION.has(name)) out.set(name, el.attrs[name]!);
  const matched = rules.size > 0 ? rules.matching(el) : [];
  const inline = el.attrs.style;
  if (matched.length === 0 && !inline) return out;
  // Ranks: presentation attributes 0, rules by specificity then order, the style attribute above all
  // rules, and !important above everything not important.
  const rank = new Map<string, number>();
  for (const name of out.keys()) rank.set(name, 0);
  const offer = (name: string, value: string, r: number) => {
    if (r >= (rank.get(name) ?? -1)) {
      rank.set(name, r);
      out.set(name, value);
    }
  };
  for (const rule of matched) {
    const base = 1e13 + rule.selector.specificity * 1e7 + rule.order;
    for (const d of rule.declarations) offer(d.name, d.value, base + (d.important ? 1e14 : 0));
  }
  if (inline) for (const d of parseDeclarations(inline)) offer(d.name, d.value, 2e13 + (d.important ? 1e14 : 0));
  return out;
}

export type Paint =
  | { kind: 'none' }
  | { kind: 'color'; color: Rgba }
  | { kind: 'current' }
  | { kind: 'url'; id: string; fallback: Paint | null };

/** Computed values of the properties the importer uses; lengths in user units. */
export interface ComputedStyle {
  fill: Paint;
  stroke: Paint;
  strokeWidth: number;
  fillRule: 'nonzero' | 'evenodd';
  /** How clip-path content covers: the fill rule of shapes inside a `<clipPath>`. */
  clipRule: 'nonzero' | 'evenodd';
  fillOpacity: number;
  strokeOpacity: number;
  /** The ids of the markers at the start, the middle vertices and the end of paths and lines. */
  markerStart: string | null;
  markerMid: string | null;
  markerEnd: string | null;
  /** The stroke's dash pattern, user units (even count, not all zero); null for solid. */
  dash: number[] | null;
  dashOffset: number;
  lineCap: 'butt' | 'round' | 'square';
  lineJoin: 'miter' | 'round' | 'bevel';
  miterLimit: number;
  /** Product of this element's and its ancestors' `opacity`. */
  opacity: number;
  visible: boolean;
  display: boolean;
  color: Rgba;
  fontFamily: string;
  fontSize: number;
  fontWeight: number;
  fontStyle: 'normal' | 'italic';
  textAnchor: 'start' | 'middle' | 'end';
  /** Extra advance after each character, and after each space, user units. */
  letterSpacing: number;
  wordSpacing: number;
  /** How far the baseline is raised above the text element's (nested shifts add up), user units. */
  baselineShift: number;
  dominantBaseline: string;
}

export const INITIAL_STYLE: ComputedStyle = {
  fill: { kind: 'color', color: { hex: '#000000', alpha: 1 } },
  stroke: { kind: 'none' },
  strokeWidth: 1,
  fillRule: 'nonzero',
  clipRule: 'nonzero',
  fillOpacity: 1,
  strokeOpacity: 1,
  markerStart: null,
  markerMid: null,
  markerEnd: null,
  dash: null,
  dashOffset: 0,
  lineCap: 'butt',
  lineJoin: 'miter',
  miterLimit: 4,
  opacity: 1,
  visible: true,
  display: true,
  color: { hex: '#000000', alpha: 1 },
  fontFamily: 'sans-serif',
  fontSize: DEFAULT_FONT_SIZE,
  fontWeight: 400,
  fontStyle: 'normal',
  textAnchor: 'start',
  letterSpacing: 0,
  wordSpacing: 0,
  baselineShift: 0,
  dominantBaseline: 'auto',
};

/** `none`, `currentColor`, a colour, or `url(#id) [fallback]`; null when invalid. */
export function parsePaint(value: string): Paint | null {
  const v = value.trim();
  if (v === 'none') return { kind: 'none' };
  if (v.toLowerCase() === 'currentcolor') return { kind: 'current' };
  const url = /^url\(\s*(['"]?)\s*#([^'")\s]*)\s*\1\s*\)\s*(.*)$/i.exec(v);
  if (url) {
    const rest = url[3]!.trim();
    return { kind: 'url', id: url[2]!, fallback: rest ? parsePaint(rest) : null };
  }
  if (/^url\(/i.test(v)) return { kind: 'url', id: '', fallback: null };
  const color = parseColor(v);
  return color ? { kind: 'color', color } : null;
}

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}

/** An opacity: a number or a percentage, clamped to 0–1; null when invalid. */
function parseOpacity(v: string): number | null {
  const t = v.trim();
  const n = t.endsWith('%') ? parseNumber(t.slice(0, -1)) : parseNumber(t);
  if (n === null) return null;
  return clamp01(t.endsWith('%') ? n / 100 : n);
}

const FONT_WEIGHTS: Record<string, number> = { normal: 400, bold: 700, lighter: 300, bolder: 700 };
const FONT_SIZES: Record<string, number> = {
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
};

/**
 * The computed style of an element from its parent's and its own declarations. `viewport` resolves
 * percentages; font-relative lengths use the parent's font size for `font-size` and the element's own
 * otherwise. An element that declares nothing shares its parent's object (its parent was displayed).
 */
export function computeStyle(
  parent: ComputedStyle,
  declared: ReadonlyMap<string, string>,
  viewport: { vw: number; vh: number; rem?: number },
): ComputedStyle {
  if (declared.size === 0) return parent;
  const s: ComputedStyle = { ...parent, display: true };
  const get = (name: string): string | undefined => {
    const v = declared.get(name);
    return v === undefined || v.trim() === 'inherit' ? undefined : v.trim();
  };
  const size = get('font-size');
  if (size !== undefined) {
    const ctx: LengthContext = { ...viewport, fontSize: parent.fontSize };
    const px =
      FONT_SIZES[size] ??
      (size.endsWith('%')
        ? ((parseNumber(size.slice(0, -1)) ?? 100) / 100) * parent.fontSize
        : parseLength(size, 'other', ctx));
    if (px !== null && px >= 0) s.fontSize = px;
  }
  const ctx: LengthContext = { ...viewport, fontSize: s.fontSize };
  const color = get('color');
  if (color !== undefined) s.color = parseColor(color) ?? s.color;
  const fill = get('fill');
  if (fill !== undefined) s.fill = parsePaint(fill) ?? s.fill;
  const stroke = get('stroke');
  if (stroke !== undefined) s.stroke = parsePaint(stroke) ?? s.stroke;
  const sw = get('stroke-width');
  if (sw !== undefined) {
    const w = parseLength(sw, 'other', ctx);
    if (w !== null && w >= 0) s.strokeWidth = w;
  }
  const rule = get('fill-rule');
  if (rule === 'nonzero' || rule === 'evenodd') s.fillRule = rule;
  const clipRule = get('clip-rule');
  if (clipRule === 'nonzero' || clipRule === 'evenodd') s.clipRule = clipRule;
  const fo = get('fill-opacity');
  if (fo !== undefined) s.fillOpacity = parseOpacity(fo) ?? s.fillOpacity;
  const so = get('stroke-opacity');
  if (so !== undefined) s.strokeOpacity = parseOpacity(so) ?? s.strokeOpacity;
  // The `marker` shorthand (style sheets only) sets all three; the long forms win where both are given.
  const all = get('marker');
  if (all !== undefined) s.markerStart = s.markerMid = s.markerEnd = markerRef(all);
  const start = get('marker-start');
  if (start !== undefined) s.markerStart = markerRef(start);
  const mid = get('marker-mid');
  if (mid !== undefined) s.markerMid = markerRef(mid);
  const end = get('marker-end');
  if (end !== undefined) s.markerEnd = markerRef(end);
  const dash = get('stroke-dasharray');
  if (dash !== undefined) s.dash = parseDashArray(dash, ctx);
  const cap = get('stroke-linecap');
  if (cap === 'butt' || cap === 'round' || cap === 'square') s.lineCap = cap;
  const join = get('stroke-linejoin');
  if (join === 'miter' || join === 'round' || join === 'bevel') s.lineJoin = join;
  else if (join === 'miter-clip' || join === 'arcs') s.lineJoin = 'miter';
  const miter = get('stroke-miterlimit');
  if (miter !== undefined) {
    const m = Number(miter);
    if (Number.isFinite(m) && m >= 1) s.miterLimit = m;
  }
  const dashOffset = get('stroke-dashoffset');
  if (dashOffset !== undefined) s.dashOffset = parseLength(dashOffset, 'other', ctx) ?? s.dashOffset;
  const op = get('opacity');
  if (op !== undefined) s.opacity = parent.opacity * (parseOpacity(op) ?? 1);
  const vis = get('visibility');
  if (vis !== undefined)
    s.visible = vis === 'visible' ? true : vis === 'hidden' || vis === 'collapse' ? false : s.visible;
  if (get('display') === 'none') s.display = false;
  readFont(s, get);
  readTextSpacing(s, get, ctx);
  return s;
}

/** `url(#id)` to the id; `none` or anything else: null. */
function markerRef(value: string): string | null {
  return /^url\(\s*(['"]?)\s*#([^'")\s]+)\s*\1\s*\)$/i.exec(value.trim())?.[2] ?? null;
}

/**
 * `stroke-dasharray`: lengths or percentages, by commas or spaces; an odd list is repeated to make it
 * even. `none`, a negative or invalid value, or all zeros: a solid stroke (null).
 */
export function parseDashArray(value: string, ctx: LengthContext): number[] | null {
  if (value === 'none') return null;
  const parts = value.split(/[\s,]+/).filter(Boolean);
  const out: number[] = [];
  for (const p of parts) {
    const v = parseLength(p, 'other', ctx);
    if (v === null || v < 0) return null;
    out.push(v);
  }
  if (out.length === 0 || out.every((v) => v === 0)) return null;
  return out.length % 2 === 1 ? [...out, ...out] : out;
}

/** Font family, weight, style and text anchor. */
function readFont(s: ComputedStyle, get: (name: string) => string | undefined): void {
  const family = get('font-family');
  if (family !== undefined) s.fontFamily = family;
  const weight = get('font-weight');
  if (weight !== undefined) s.fontWeight = FONT_WEIGHTS[weight] ?? parseNumber(weight) ?? s.fontWeight;
  const style = get('font-style');
  if (style !== undefined) s.fontStyle = style === 'italic' || style === 'oblique' ? 'italic' : 'normal';
  const anchor = get('text-anchor');
  if (anchor === 'start' || anchor === 'middle' || anchor === 'end') s.textAnchor = anchor;
}

/** Letter and word spacing, baselines: what text layout needs beyond the font. */
function readTextSpacing(s: ComputedStyle, get: (name: string) => string | undefined, ctx: LengthContext): void {
  const spacing = (name: string): number | undefined => {
    const v = get(name);
    if (v === undefined) return undefined;
    return v === 'normal' ? 0 : (parseLength(v, 'other', ctx) ?? undefined);
  };
  s.letterSpacing = spacing('letter-spacing') ?? s.letterSpacing;
  s.wordSpacing = spacing('word-spacing') ?? s.wordSpacing;
  const shift = get('baseline-shift');
  if (shift !== undefined) {
    const own =
      shift === 'sub'
        ? -0.2 * s.fontSize
        : shift === 'super'
          ? 0.4 * s.fontSize
          : shift === 'baseline'
            ? 0
            : shift.endsWith('%')
              ? ((Number(shift.slice(0, -1)) || 0) / 100) * s.fontSize
              : (parseLength(shift, 'other', ctx) ?? 0);
    s.baselineShift += own;
  }
  const dominant = get('dominant-baseline');
  if (dominant !== undefined) s.dominantBaseline = dominant;
}

/**
 * The computed style of an element from the root down through its ancestors: what the content of a
 * marker, clip path or mask inherits (from where it is defined, not from where it is used).
 */
export function styleFromAncestors(
  el: XmlElement,
  declaredOf: (el: XmlElement) => ReadonlyMap<string, string>,
  viewport: { vw: number; vh: number; rem?: number },
): ComputedStyle {
  const chain: XmlElement[] = [];
  for (let p: XmlElement | null = el; p; p = p.parent) chain.push(p);
  let style = INITIAL_STYLE;
  for (let i = chain.length - 1; i >= 0; i--) style = computeStyle(style, declaredOf(chain[i]!), viewport);
  return style;
}
