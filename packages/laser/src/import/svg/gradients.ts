import type { Gradient, GradientStop } from '../../model/document.js';
import { type Bounds, IDENTITY, type Matrix, multiply } from '../../model/matrix.js';
import { parseColor } from './color.js';
import type { SvgHost } from './host.js';
import { type LengthContext, parseFraction, parseLength, parseNumber, parseTransform } from './units.js';
import type { XmlElement } from './xml.js';

/**
 * `<linearGradient>` and `<radialGradient>` as Kerf gradients: attributes and stops followed through
 * `href` templates, bounding-box units turned into the shape's own coordinates (so clipping or editing
 * the shape later does not move its gradient), stop offsets clamped and kept in order.
 */

export type GradientSource = Pick<SvgHost, 'byId' | 'declaredOf'>;

/** What a gradient paint comes to: a gradient, one colour (a single stop, or a box with no area), or nothing. */
export type GradientPaint = { gradient: Gradient } | { solid: { hex: string; alpha: number } } | null;

/** How many `href` hops are followed (a loop stops there too). */
const MAX_HOPS = 16;

const ATTRS = [
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'fx',
  'fy',
  'fr',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
];

/** `bbox`: the shape's box in its own coordinates (null when it has none: a bounding-box gradient paints nothing). */
export function readGradient(
  el: XmlElement,
  src: GradientSource,
  bbox: Bounds | null,
  ctx: LengthContext,
): GradientPaint {
  const kind = el.name === 'radialGradient' ? 'radial' : 'linear';
  const attrs = new Map<string, string>();
  let stopsOf: XmlElement | null = null;
  const seen = new Set<XmlElement>();
  for (let g: XmlElement | undefined = el, hops = 0; g && hops < MAX_HOPS && !seen.has(g); hops++) {
    seen.add(g);
    if (g.name === 'linearGradient' || g.name === 'radialGradient') {
      // Geometry attributes come only from gradients of the same kind; units, transform and spread from either.
      for (const a of ATTRS) {
        const own = g.attrs[a];
        const geometric = !a.startsWith('gradient') && a !== 'spreadMethod';
        if (own !== undefined && !attrs.has(a) && (!geometric || g.name === el.name)) attrs.set(a, own);
      }
      if (!stopsOf && g.children.some((c) => typeof c !== 'string' && c.name === 'stop')) stopsOf = g;
    }
    const href: string | undefined = g.attrs.href ?? g.attrs['xlink:href'];
    g = href?.trim().startsWith('#') ? src.byId(href.trim().slice(1)) : undefined;
  }
  const stops = stopsOf ? readStops(stopsOf, src) : [];
  if (stops.length === 0) return null;
  if (stops.length === 1) return { solid: { hex: stops[0]!.color, alpha: stops[0]!.opacity } };
  const bboxUnits = attrs.get('gradientUnits')?.trim() !== 'userSpaceOnUse';
  let frame: Matrix = IDENTITY;
  if (bboxUnits) {
    if (!bbox || !(bbox.maxX > bbox.minX) || !(bbox.maxY > bbox.minY)) return null;
    frame = [bbox.maxX - bbox.minX, 0, 0, bbox.maxY - bbox.minY, bbox.minX, bbox.minY];
  }
  const own = parseTransform(attrs.get('gradientTransform')) ?? IDENTITY;
  const transform = multiply(frame, own);
  const spreadText = attrs.get('spreadMethod')?.trim();
  const spread = spreadText === 'reflect' || spreadText === 'repeat' ? spreadText : 'pad';
  // Bounding-box units read percentages and numbers as fractions of the box; user space reads lengths.
  const len = (name: string, axis: 'x' | 'y' | 'other', fallback: number): number => {
    const v = attrs.get(name)?.trim();
    if (v === undefined) return fallback;
    if (bboxUnits) return parseFraction(v) ?? fallback;
    return parseLength(v, axis, ctx) ?? fallback;
  };
  const full = (axis: 'x' | 'y' | 'other') =>
    bboxUnits ? 1 : axis === 'x' ? ctx.vw : axis === 'y' ? ctx.vh : Math.hypot(ctx.vw, ctx.vh) / Math.SQRT2;
  if (kind === 'linear') {
    return {
      gradient: {
        kind,
        x1: len('x1', 'x', 0),
        y1: len('y1', 'y', 0),
        x2: len('x2', 'x', full('x')),
        y2: len('y2', 'y', 0),
        transform,
        spread,
        stops,
      },
    };
  }
  const cx = len('cx', 'x', full('x') / 2);
  const cy = len('cy', 'y', full('y') / 2);
  const r = len('r', 'other', full('other') / 2);
  if (!(r > 0)) return { solid: { hex: stops[stops.length - 1]!.color, alpha: stops[stops.length - 1]!.opacity } };
  return {
    gradient: {
      kind,
      cx,
      cy,
      r,
      fx: len('fx', 'x', cx),
      fy: len('fy', 'y', cy),
      fr: Math.max(0, len('fr', 'other', 0)),
      transform,
      spread,
      stops,
    },
  };
}

function readStops(g: XmlElement, src: GradientSource): GradientStop[] {
  const out: GradientStop[] = [];
  let last = 0;
  for (const c of g.children) {
    if (typeof c === 'string' || c.name !== 'stop') continue;
    const d = src.declaredOf(c);
    const raw = c.attrs.offset?.trim() ?? '0';
    const n = raw.endsWith('%') ? (parseNumber(raw.slice(0, -1)) ?? 0) / 100 : (parseNumber(raw) ?? 0);
    const offset = Math.max(last, Math.min(1, Math.max(0, n)));
    last = offset;
    const color = parseColor(d.get('stop-color') ?? 'black') ?? { hex: '#000000', alpha: 1 };
    const opacity = Math.min(1, Math.max(0, parseNumber(d.get('stop-opacity')) ?? 1));
    out.push({ offset, color: color.hex, opacity: color.alpha * opacity });
  }
  return out;
}
