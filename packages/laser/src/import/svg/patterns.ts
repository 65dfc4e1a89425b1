import type { Shape } from '../../model/document.js';
import {
  apply,
  type Bounds,
  emptyBounds,
  extendBounds,
  IDENTITY,
  invert,
  type Matrix,
  multiply,
  translate,
} from '../../model/matrix.js';
import { type PathData, pathBounds } from '../../model/path.js';
import { clipShapes, rectArea, viewportTolerance } from './clip.js';
import { CLIP_TOLERANCE, leafRegion, regionArea } from './clip-region.js';
import type { SvgHost, Viewport } from './host.js';
import { styleFromAncestors } from './style.js';
import {
  type LengthContext,
  parseAspectRatio,
  parseFraction,
  parseLength,
  parseTransform,
  parseViewBox,
  viewBoxTransform,
} from './units.js';
import type { XmlElement } from './xml.js';

/**
 * Pattern fills drawn as geometry: the pattern's tile is repeated over the shape (each copy of its
 * content cut to the tile, as its overflow is hidden) and the copies are cut to the shape's fill. What a
 * laser engraves of a hatched or dotted fill is exactly these shapes.
 */

export type PatternHost = Pick<SvgHost, 'byId' | 'declaredOf' | 'children' | 'warn' | 'newId'>;

/** Tiles one pattern fill may have; beyond, the pattern's first colour stands in (with a warning). */
const MAX_TILES = 2_000;

const PATTERN_ATTRS = [
  'x',
  'y',
  'width',
  'height',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'viewBox',
  'preserveAspectRatio',
];

/** The pattern element a paint refers to (href templates give attributes and content), or null. */
export function resolvePattern(
  host: PatternHost,
  el: XmlElement,
): { attrs: Map<string, string>; content: XmlElement } | null {
  const attrs = new Map<string, string>();
  let content: XmlElement | null = null;
  const seen = new Set<XmlElement>();
  for (let p: XmlElement | undefined = el; p && !seen.has(p) && seen.size < 16; ) {
    seen.add(p);
    if (p.name !== 'pattern') break;
    for (const a of PATTERN_ATTRS) if (p.attrs[a] !== undefined && !attrs.has(a)) attrs.set(a, p.attrs[a]!);
    if (!content && p.children.some((c) => typeof c !== 'string')) content = p;
    const href: string | undefined = p.attrs.href ?? p.attrs['xlink:href'];
    p = href?.trim().startsWith('#') ? host.byId(href.trim().slice(1)) : undefined;
  }
  return content ? { attrs, content } : null;
}

/**
 * The shapes filling `outline` (the shape's own coordinates, which `user` maps to the document) with the
 * pattern: in the shape's own coordinates, already cut to its fill. Null when the pattern draws nothing
 * or would need too many tiles.
 */
export function patternFill(
  host: PatternHost,
  pattern: { attrs: Map<string, string>; content: XmlElement },
  outline: PathData,
  rule: 'nonzero' | 'evenodd',
  vp: Viewport,
  user: Matrix,
): Shape[] | null {
  const box = pathBounds(outline, CLIP_TOLERANCE);
  if (!(box.maxX > box.minX) || !(box.maxY > box.minY)) return null;
  const { attrs } = pattern;
  const ctx: LengthContext = { vw: vp.vw, vh: vp.vh, fontSize: 16 };
  const bboxUnits = attrs.get('patternUnits')?.trim() !== 'userSpaceOnUse';
  const bw = box.maxX - box.minX;
  const bh = box.maxY - box.minY;
  const len = (name: string, axis: 'x' | 'y', size: number, origin: number) => {
    const v = attrs.get(name)?.trim();
    if (v === undefined) return origin;
    if (!bboxUnits) return parseLength(v, axis, ctx) ?? 0;
    return origin + (parseFraction(v) ?? 0) * size;
  };
  const x = len('x', 'x', bw, bboxUnits ? box.minX : 0);
  const y = len('y', 'y', bh, bboxUnits ? box.minY : 0);
  const w = len('width', 'x', bw, 0);
  const h = len('height', 'y', bh, 0);
  if (!(w > 0 && h > 0)) return null;
  const transform = parseTransform(attrs.get('patternTransform')) ?? IDENTITY;
  // The tile's content: its viewBox, else bounding-box content units, else the tile's own units.
  const vb = parseViewBox(attrs.get('viewBox'));
  const content: Matrix = vb
    ? viewBoxTransform(vb, parseAspectRatio(attrs.get('preserveAspectRatio')), w, h)
    : attrs.get('patternContentUnits')?.trim() === 'objectBoundingBox'
      ? [bw, 0, 0, bh, 0, 0]
      : IDENTITY;
  // Which tiles reach the shape: its box seen from pattern space.
  const back = invert(transform);
  const seen: Bounds = emptyBounds();
  for (const [px, py] of [
    [box.minX, box.minY],
    [box.maxX, box.minY],
    [box.maxX, box.maxY],
    [box.minX, box.maxY],
  ] as const) {
    const p = apply(back, { x: px, y: py });
    extendBounds(seen, p.x, p.y);
  }
  const i0 = Math.floor((seen.minX - x) / w);
  const i1 = Math.ceil((seen.maxX - x) / w);
  const j0 = Math.floor((seen.minY - y) / h);
  const j1 = Math.ceil((seen.maxY - y) / h);
  if ((i1 - i0) * (j1 - j0) > MAX_TILES) {
    host.warn(`a pattern fill would need more than ${MAX_TILES} tiles; its first colour was used instead`);
    return null;
  }
  const style = styleFromAncestors(pattern.content, (e) => host.declaredOf(e), vp);
  const inner: Viewport = vb ? { vw: vb.width, vh: vb.height, rem: vp.rem } : { vw: w, vh: h, rem: vp.rem };
  const tiles: Shape[] = [];
  for (let i = i0; i < i1; i++) {
    for (let j = j0; j < j1; j++) {
      const at = multiply(transform, translate(x + i * w, y + j * h));
      const base = multiply(user, at);
      let kids = host.children(pattern.content, style, inner, { outer: content, base });
      kids = clipShapes(
        kids,
        rectArea({ x0: 0, y0: 0, x1: w, y1: h }),
        IDENTITY,
        viewportTolerance(base),
        (m) => host.warn(m),
        () => host.newId(),
      );
      if (kids.length) tiles.push({ kind: 'group', id: host.newId(), transform: at, children: kids });
    }
  }
  if (tiles.length === 0) return null;
  // Cut the tiles to the shape's fill, in document millimetres.
  const region = leafRegion({ kind: 'path', id: '', layerId: '', transform: IDENTITY, path: outline }, user, rule);
  const kept = clipShapes(
    tiles,
    regionArea(region),
    user,
    CLIP_TOLERANCE,
    (m) => host.warn(m),
    () => host.newId(),
  );
  return kept.length ? kept : null;
}
