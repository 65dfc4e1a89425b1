import type {
  BitmapShape,
  Gradient,
  GroupShape,
  KerfDocument,
  LeafShape,
  Shape,
  ShapeStyle,
  TextShape,
} from '../../model/document.js';
import { checkDrawingSize, FormatError } from '../../model/errors.js';
import { createDocument, DEFAULT_BITMAP_SETTINGS, idMaker, layerFor } from '../../model/layers.js';
import {
  determinant,
  IDENTITY,
  isEmptyBounds,
  type Matrix,
  multiply,
  scale,
  translate,
  type Vec2,
} from '../../model/matrix.js';
import { type PathData, pathBounds, transformPath } from '../../model/path.js';
import { documentBounds, leafShapes, shapeOutline } from '../../model/shapes.js';
import type { FontBook } from '../../text/fonts.js';
import { type ClipRect, clipShapes, rectArea, viewportTolerance } from './clip.js';
import { ClipPaths } from './clip-paths.js';
import { parseStylesheet, type Rule, RuleIndex } from './css.js';
import { readGradient } from './gradients.js';
import type { SvgHost, Viewport } from './host.js';
import { cropPicture, type EmbeddedImage, readImageHref } from './image.js';
import { drawMarkers, hasMarkers, MARKABLE } from './markers.js';
import { parsePathData } from './path-data.js';
import { patternFill, resolvePattern } from './patterns.js';
import { type ComputedStyle, computeStyle, declaredProperties, INITIAL_STYLE, type Paint } from './style.js';
import { layoutText } from './text-layout.js';
import {
  type AspectRatio,
  DEFAULT_FONT_SIZE,
  type LengthContext,
  MM_PER_PX,
  parseAspectRatio,
  parseLength,
  parseNumberList,
  parseTransform,
  parseTransformOrigin,
  parseViewBox,
  type ViewBox,
  viewBoxTransform,
} from './units.js';
import { parseXml, SVG_NS, type XmlElement, type XmlNode } from './xml.js';

/**
 * SVG → Kerf document. Shapes keep their kind (a `<rect>` stays a rect with its transform), groups stay
 * groups, and the root's viewBox and units become millimetres. Stroke colours become cut layers, fill
 * colours of unstroked shapes fill layers, pictures an image layer. What cannot be kept (gradients,
 * clipping, filters, …) is listed in `doc.meta.warnings`.
 */

export interface SvgImportOptions {
  /** Document name (default: none). */
  name?: string;
  /** Fonts for text outlines; without them text comes in with an empty outline (and a warning). */
  fonts?: FontBook;
}

/** Largest drawing side accepted, mm (10 m: far beyond any laser bed, far below absurd values). */
export const MAX_SVG_SIZE_MM = 10_000;
/** Shapes (groups included) one import may create, counting every `<use>` copy: stops "billion laughs" chains. */
export const MAX_SVG_SHAPES = 250_000;
/** Nesting of groups and `<use>` references followed before the importer stops descending. */
const MAX_NESTING = 1100;

/** Elements whose content is never drawn where it stands. */
const NOT_RENDERED = new Set([
  'defs',
  'symbol',
  'clipPath',
  'mask',
  'marker',
  'pattern',
  'linearGradient',
  'radialGradient',
  'filter',
  'style',
  'title',
  'desc',
  'metadata',
  'script',
  'font',
  'font-face',
  'cursor',
  'view',
  'animate',
  'animateTransform',
  'animateMotion',
  'set',
]);

/** Properties Kerf does not carry, each named once when a drawing sets it (to anything but its default). */
const FEATURE_WARNINGS: ReadonlyArray<[string, string]> = Object.entries({
  filter: 'filters are not supported and were ignored',
  'mix-blend-mode': 'blend modes are not supported; shapes were painted normally',
  isolation: 'blend isolation is not supported and was ignored',
  'paint-order': 'paint order is not kept; strokes are drawn over fills',
  'text-decoration': 'underlines and strike-throughs are not drawn',
  'writing-mode': 'vertical text is laid out horizontally',
});

/** The value of each property that means "nothing to warn about". */
const FEATURE_DEFAULTS: Readonly<Record<string, string>> = {
  'mix-blend-mode': 'normal',
  isolation: 'auto',
  'paint-order': 'normal',
  'writing-mode': 'horizontal-tb',
};

/** A paint resolved to a colour (and the gradient it stands for, when it is one). */
interface Painted {
  hex: string;
  alpha: number;
  gradient?: Gradient;
}

/** Where a new shape goes: `outer` is put in front of its own transform; `base` maps its parent to the document. */
interface Placement {
  outer: Matrix;
  base: Matrix;
}

/**
 * The conditional attributes of an element, for `<switch>`: no extension is supported, the reader's
 * language is English (as resvg assumes), and `requiredFeatures` (dropped in SVG 2) always holds.
 */
function conditionsHold(el: XmlElement): boolean {
  if (el.attrs.requiredExtensions !== undefined) return false;
  const langs = el.attrs.systemLanguage;
  if (langs !== undefined) {
    const list = langs.split(',').map((l) => l.trim().toLowerCase());
    if (!list.some((l) => l === 'en' || l.startsWith('en-'))) return false;
  }
  return true;
}

/** Reads an SVG file (text or bytes) into a Kerf document. */
export function importSvg(input: string | Uint8Array, options: SvgImportOptions = {}): KerfDocument {
  checkDrawingSize(input.length);
  const warnings: string[] = [];
  const text = typeof input === 'string' ? input : decodeSvgBytes(input, warnings);
  const xml = parseXml(text);
  warnings.push(...xml.warnings);
  return new SvgConverter(xml.root, warnings).convert(options);
}

/** Bytes to text: UTF-8/UTF-16 by byte-order mark, else the XML declaration's encoding, else UTF-8. */
export function decodeSvgBytes(b: Uint8Array, warnings: string[]): string {
  if (b[0] === 0x1f && b[1] === 0x8b) {
    throw new FormatError('svg', 'the file is compressed (.svgz); save it as a plain .svg');
  }
  if (b[0] === 0xff && b[1] === 0xfe) return new TextDecoder('utf-16le').decode(b.subarray(2));
  if (b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be').decode(b.subarray(2));
  const head = String.fromCharCode(...b.subarray(0, Math.min(b.length, 200)));
  const enc = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if (enc && enc !== 'utf-8' && enc !== 'utf8') {
    try {
      return new TextDecoder(enc).decode(b);
    } catch {
      warnings.push(`the text encoding ${enc} is unknown; the file was read as UTF-8`);
    }
  }
  return new TextDecoder('utf-8').decode(b);
}

class SvgConverter {
  private readonly doc: KerfDocument = createDocument();
  private readonly newId = idMaker();
  private readonly warnings: Set<string>;
  private readonly ids = new Map<string, XmlElement>();
  private readonly declared = new Map<XmlElement, Map<string, string>>();
  private rules: RuleIndex = new RuleIndex([]);
  private fonts: FontBook | undefined;
  /** Elements being expanded by `<use>` right now (recursion guard). */
  private readonly useStack = new Set<XmlElement>();
  private budget = MAX_SVG_SHAPES;
  private depth = 0;
  private invisible = 0;
  /** The namespace treated as SVG ('' for files that forgot to declare it). */
  private svgNs = SVG_NS;
  /** Inside clip path content: shapes count by their geometry, whatever their paint. */
  private clipContent = 0;
  /** What the helpers (clip paths, markers, patterns, gradients, text layout) need from this converter. */
  private readonly host: SvgHost = {
    svgNs: () => this.svgNs,
    byId: (id) => this.ids.get(id),
    declaredOf: (el) => this.declaredOf(el),
    children: (el, style, vp, place) => this.children(el, style, vp, place),
    convert: (el, style, vp, base) => this.element(el, style, vp, { outer: IDENTITY, base }),
    inClipContent: (make) => {
      this.clipContent++;
      try {
        return make();
      } finally {
        this.clipContent--;
      }
    },
    once: (el, make, otherwise) => {
      if (this.useStack.has(el) || this.depth >= MAX_NESTING) return otherwise;
      this.useStack.add(el);
      this.depth++;
      try {
        return make();
      } finally {
        this.depth--;
        this.useStack.delete(el);
      }
    },
    warn: (m) => this.warn(m),
    newId: () => this.newId(),
  };
  private readonly clips = new ClipPaths(this.host);

  constructor(
    private readonly root: XmlElement,
    warnings: string[],
  ) {
    this.warnings = new Set(warnings);
  }

  convert(options: SvgImportOptions): KerfDocument {
    this.fonts = options.fonts?.faces.length ? options.fonts : undefined;
    const root = this.root;
    if (root.name !== 'svg') throw new FormatError('svg', `the root element is <${root.name}>, not <svg>`);
    if (root.ns !== SVG_NS) {
      if (root.ns !== '') throw new FormatError('svg', `the root <svg> is not in the SVG namespace (${root.ns})`);
      this.svgNs = '';
      this.warn('the file does not declare the SVG namespace; it was read as SVG anyway');
    }
    this.index();
    const { width, height, matrix, viewport } = this.rootViewport(root);
    const a = root.attrs;
    const sizeFromContent = a.width === undefined && a.height === undefined && parseViewBox(a.viewBox) === null;
    const doc = this.doc;
    doc.width = width * MM_PER_PX;
    doc.height = height * MM_PER_PX;
    const declared = this.declaredOf(root);
    const style = computeStyle(INITIAL_STYLE, declared, viewport);
    viewport.rem = style.fontSize;
    if (style.display) {
      const place: Placement = { outer: multiply(scale(MM_PER_PX), matrix), base: IDENTITY };
      doc.shapes = this.children(root, style, viewport, place);
    }
    if (sizeFromContent) this.sizeToContent();
    if (this.invisible > 0) this.warn(`${this.invisible} shape(s) with neither fill nor stroke were left out`);
    doc.meta = { source: 'svg', ...(options.name !== undefined ? { name: options.name } : {}) };
    if (this.warnings.size > 0) doc.meta.warnings = [...this.warnings];
    return doc;
  }

  /**
   * For a root without width, height and viewBox: the document reaches from the origin to the far
   * edges of the drawing (strokes included), as resvg sizes such files.
   */
  private sizeToContent(): void {
    const b = documentBounds(this.doc);
    if (isEmptyBounds(b) || b.maxX <= 0 || b.maxY <= 0) return;
    let pad = 0;
    for (const p of leafShapes(this.doc.shapes))
      if (p.shape.style?.stroke) pad = Math.max(pad, (p.shape.style.strokeWidth ?? 0) / 2);
    this.doc.width = Math.min(b.maxX + pad, MAX_SVG_SIZE_MM);
    this.doc.height = Math.min(b.maxY + pad, MAX_SVG_SIZE_MM);
  }

  private warn(message: string): void {
    this.warnings.add(message);
  }

  /** Collects ids (the first element with an id wins) and the style sheets, walking without recursion. */
  private index(): void {
    const sheets: string[] = [];
    const stack: XmlElement[] = [this.root];
    while (stack.length > 0) {
      const el = stack.pop()!;
      const id = el.attrs.id;
      if (id !== undefined && !this.ids.has(id)) this.ids.set(id, el);
      if (el.name === 'style' && el.ns === this.svgNs) {
        const type = el.attrs.type?.trim().toLowerCase();
        if (type === undefined || type === '' || type === 'text/css') sheets.push(textOf(el));
      }
      for (let k = el.children.length - 1; k >= 0; k--) {
        const c = el.children[k]!;
        if (typeof c !== 'string') stack.push(c);
      }
    }
    const rules: Rule[] = [];
    for (const css of sheets) {
      const sheet = parseStylesheet(css, rules.length);
      rules.push(...sheet.rules);
      for (const s of sheet.skipped) this.warn(`${s} not supported in <style>; skipped`);
    }
    this.rules = new RuleIndex(rules);
  }

  private declaredOf(el: XmlElement): Map<string, string> {
    let d = this.declared.get(el);
    if (!d) {
      d = declaredProperties(el, this.rules);
      this.declared.set(el, d);
    }
    return d;
  }

  /** The root's size in px and the viewBox transform. */
  private rootViewport(root: XmlElement): { width: number; height: number; matrix: Matrix; viewport: Viewport } {
    const vb = parseViewBox(root.attrs.viewBox);
    const ctx: LengthContext = { vw: vb?.width ?? 100, vh: vb?.height ?? 100, fontSize: DEFAULT_FONT_SIZE };
    let w = parseLength(root.attrs.width, 'x', ctx);
    let h = parseLength(root.attrs.height, 'y', ctx);
    if (w === null && h === null) {
      w = vb?.width ?? 100;
      h = vb?.height ?? 100;
    } else if (w === null) w = vb ? (h! * vb.width) / vb.height : 100;
    else if (h === null) h = vb ? (w * vb.height) / vb.width : 100;
    const width = w!;
    const height = h!;
    if (!(width > 0 && height > 0))
      throw new FormatError('svg', 'the drawing has no area (its width or height is zero or negative)');
    const mm = Math.max(width, height) * MM_PER_PX;
    if (!(mm <= MAX_SVG_SIZE_MM)) {
      throw new FormatError(
        'svg',
        `the drawing is ${mm.toPrecision(3)} mm across, more than the ${MAX_SVG_SIZE_MM} mm accepted`,
      );
    }
    const matrix = vb
      ? viewBoxTransform(vb, parseAspectRatio(root.attrs.preserveAspectRatio), width, height)
      : IDENTITY;
    const viewport = vb ? { vw: vb.width, vh: vb.height } : { vw: width, vh: height };
    return { width, height, matrix, viewport: { ...viewport, rem: DEFAULT_FONT_SIZE } };
  }

  /** Converts the element children of `el`, each placed by `place`. */
  private children(el: XmlElement, style: ComputedStyle, vp: Viewport, place: Placement): Shape[] {
    const out: Shape[] = [];
    for (const c of el.children) {
      if (typeof c === 'string') continue;
      const s = this.element(c, style, vp, place);
      if (s) out.push(s);
      if (this.budget <= 0) {
        this.warn(
          `the drawing makes more than ${MAX_SVG_SHAPES} shapes (counting <use> copies); the rest was left out`,
        );
        break;
      }
    }
    return out;
  }

  /** One element (and its subtree) as a shape, or null when it draws nothing. */
  private element(el: XmlElement, parent: ComputedStyle, vp: Viewport, place: Placement): Shape | null {
    if (el.ns !== this.svgNs) return null;
    if (NOT_RENDERED.has(el.name)) return null;
    if (this.budget <= 0) return null;
    if (this.depth >= MAX_NESTING) {
      this.warn(`groups and <use> references nested more than ${MAX_NESTING} deep were cut off`);
      return null;
    }
    const declared = this.declaredOf(el);
    const style = computeStyle(parent, declared, vp);
    if (!style.display) return null;
    if (declared.size > 0) {
      for (const [prop, message] of FEATURE_WARNINGS) {
        const v = declared.get(prop)?.trim();
        if (
          v !== undefined &&
          v !== 'none' &&
          v !== '' &&
          v !== FEATURE_DEFAULTS[prop] &&
          v !== 'lr-tb' &&
          v !== 'lr'
        ) {
          this.warn(message);
        }
      }
    }
    const own = this.ownTransform(el, declared, vp);
    if (!own) return null;
    // A clip path holds shapes, text and <use>, not groups.
    if (this.clipContent > 0 && el.name === 'g') return null;
    this.depth++;
    try {
      const shape = this.dispatch(el, style, vp, place, own);
      if (!shape || !(declared.has('clip-path') || declared.has('mask'))) return shape;
      const user = userSpace(place, own);
      return this.clips.apply(declared, shape, user, place.base, vp);
    } finally {
      this.depth--;
    }
  }

  /** The element's transform (CSS `transform` over the attribute); null when it is unusable. */
  private ownTransform(el: XmlElement, declared: Map<string, string>, vp: Viewport): Matrix | null {
    const text = declared.get('transform') ?? el.attrs.transform;
    let m = parseTransform(text);
    if (!m) {
      this.warn('an invalid transform attribute was ignored');
      return IDENTITY;
    }
    const origin = text !== undefined ? declared.get('transform-origin') : undefined;
    if (origin !== undefined) {
      const o = parseTransformOrigin(origin, { ...vp, fontSize: DEFAULT_FONT_SIZE });
      if (o) m = multiply(translate(o.x, o.y), multiply(m, translate(-o.x, -o.y)));
    }
    return determinant(m) === 0 ? null : m;
  }

  private dispatch(el: XmlElement, style: ComputedStyle, vp: Viewport, place: Placement, own: Matrix): Shape | null {
    switch (el.name) {
      case 'g':
      case 'a':
        return this.group(el, place, own, (inner) => this.children(el, style, vp, inner));
      case 'switch':
        return this.group(el, place, own, (inner) => {
          // The first child whose conditions hold (descriptions and other non-drawing children skipped).
          const first = el.children.find(
            (c): c is XmlElement =>
              typeof c !== 'string' && c.ns === this.svgNs && !NOT_RENDERED.has(c.name) && conditionsHold(c),
          );
          const s = first ? this.element(first, style, vp, inner) : null;
          return s ? [s] : [];
        });
      case 'svg':
        return this.nestedSvg(el, style, vp, place, own, null);
      case 'use':
        return this.use(el, style, vp, place, own);
      case 'image':
        return this.image(el, style, vp, place, own);
      case 'text':
        return this.text(el, style, vp, place, own);
      case 'rect':
      case 'circle':
      case 'ellipse':
      case 'line':
      case 'polyline':
      case 'polygon':
      case 'path':
        return this.leaf(el, style, vp, place, own);
      case 'foreignObject':
        this.warn('<foreignObject> (HTML inside SVG) is not supported and was skipped');
        return null;
      default:
        this.warn(`<${el.name}> elements are not supported and were skipped`);
        return null;
    }
  }

  /** A group around children made by `make` (which receives the children's placement). */
  private group(el: XmlElement, place: Placement, own: Matrix, make: (inner: Placement) => Shape[]): GroupShape | null {
    const transform = multiply(place.outer, own);
    const kids = make({ outer: IDENTITY, base: multiply(place.base, transform) });
    if (kids.length === 0) return null;
    this.budget--;
    const g: GroupShape = { kind: 'group', id: this.newId(), transform, children: kids };
    if (el.attrs.id) g.name = el.attrs.id;
    return g;
  }

  /**
   * A nested `<svg>` (or one referenced by `<use>`, whose width/height win when given): a group moved to
   * x/y and scaled by its viewBox. Its viewport is not clipped.
   */
  private nestedSvg(
    el: XmlElement,
    style: ComputedStyle,
    vp: Viewport,
    place: Placement,
    own: Matrix,
    size: { w: string | undefined; h: string | undefined } | null,
  ): Shape | null {
    const ctx: LengthContext = { ...vp, fontSize: style.fontSize };
    const x = parseLength(el.attrs.x, 'x', ctx) ?? 0;
    const y = parseLength(el.attrs.y, 'y', ctx) ?? 0;
    const w = parseLength(size?.w ?? el.attrs.width, 'x', ctx) ?? parseLength(el.attrs.width, 'x', ctx) ?? vp.vw;
    const h = parseLength(size?.h ?? el.attrs.height, 'y', ctx) ?? parseLength(el.attrs.height, 'y', ctx) ?? vp.vh;
    return this.viewportGroup(el, style, vp, place, multiply(own, translate(x, y)), w, h);
  }

  /** Children of an `<svg>` or `<symbol>` in a `w × h` viewport with the element's viewBox. */
  private viewportGroup(
    el: XmlElement,
    style: ComputedStyle,
    vp: Viewport,
    place: Placement,
    m: Matrix,
    w: number,
    h: number,
  ): Shape | null {
    if (!(w > 0 && h > 0)) return null;
    const vb: ViewBox | null = parseViewBox(el.attrs.viewBox);
    const par: AspectRatio = parseAspectRatio(el.attrs.preserveAspectRatio);
    const matrix = vb ? multiply(m, viewBoxTransform(vb, par, w, h)) : m;
    const inner: Viewport = vb ? { vw: vb.width, vh: vb.height, rem: vp.rem } : { vw: w, vh: h, rem: vp.rem };
    const overflow = this.declaredOf(el).get('overflow')?.trim();
    const clips = overflow !== 'visible' && overflow !== 'auto';
    return this.group(el, place, matrix, (p) => {
      const kids = this.children(el, style, inner, p);
      if (!clips || kids.length === 0) return kids;
      const t = vb ? viewBoxTransform(vb, par, w, h) : IDENTITY;
      const rect: ClipRect = { x0: -t[4] / t[0], y0: -t[5] / t[3], x1: (w - t[4]) / t[0], y1: (h - t[5]) / t[3] };
      return clipShapes(kids, rectArea(rect), IDENTITY, viewportTolerance(p.base), (m) => this.warn(m), this.newId);
    });
  }

  /** `<use href="#id" x y width height>`: a group holding a copy of the referenced element. */
  private use(el: XmlElement, style: ComputedStyle, vp: Viewport, place: Placement, own: Matrix): Shape | null {
    const href = (el.attrs.href ?? el.attrs['xlink:href'] ?? '').trim();
    if (!href.startsWith('#')) {
      if (href) this.warn('<use> references to other files are not supported');
      return null;
    }
    const target = this.ids.get(href.slice(1));
    if (!target || target.ns !== this.svgNs) return null;
    if (this.useStack.has(target) || isAncestorOrSelf(target, el)) {
      this.warn('a <use> element refers to itself (directly or through others); the loop was cut');
      return null;
    }
    const ctx: LengthContext = { ...vp, fontSize: style.fontSize };
    const x = parseLength(el.attrs.x, 'x', ctx) ?? 0;
    const y = parseLength(el.attrs.y, 'y', ctx) ?? 0;
    const m = multiply(own, translate(x, y));
    this.useStack.add(target);
    try {
      return this.group(el, place, m, (inner) => {
        const s = this.useTarget(el, target, style, vp, inner, ctx);
        return s ? [s] : [];
      });
    } finally {
      this.useStack.delete(target);
    }
  }

  /** The element a `<use>` shows: a symbol or svg gets the use's size; anything else is converted as is. */
  private useTarget(
    use: XmlElement,
    target: XmlElement,
    style: ComputedStyle,
    vp: Viewport,
    place: Placement,
    ctx: LengthContext,
  ): Shape | null {
    if (target.name === 'symbol') {
      const declared = this.declaredOf(target);
      const s = computeStyle(style, declared, vp);
      if (!s.display) return null;
      const w = parseLength(use.attrs.width, 'x', ctx) ?? parseLength(target.attrs.width, 'x', ctx) ?? vp.vw;
      const h = parseLength(use.attrs.height, 'y', ctx) ?? parseLength(target.attrs.height, 'y', ctx) ?? vp.vh;
      const sx = parseLength(target.attrs.x, 'x', ctx) ?? 0;
      const sy = parseLength(target.attrs.y, 'y', ctx) ?? 0;
      this.depth++;
      try {
        return this.viewportGroup(target, s, vp, place, translate(sx, sy), w, h);
      } finally {
        this.depth--;
      }
    }
    if (target.name === 'svg') {
      const declared = this.declaredOf(target);
      const s = computeStyle(style, declared, vp);
      if (!s.display) return null;
      this.depth++;
      try {
        return this.nestedSvg(target, s, vp, place, IDENTITY, { w: use.attrs.width, h: use.attrs.height });
      } finally {
        this.depth--;
      }
    }
    return this.element(target, style, vp, place);
  }

  /** rect, circle, ellipse, line, polyline, polygon and path. */
  private leaf(el: XmlElement, style: ComputedStyle, vp: Viewport, place: Placement, own: Matrix): Shape | null {
    const ctx: LengthContext = { ...vp, fontSize: style.fontSize };
    const geometry = readGeometry(el, ctx, (m) => this.warn(m));
    if (!geometry) return null;
    const canFill = el.name !== 'line';
    const drawn = this.clipContent === 0 && style.visible;
    // A pattern fill becomes the pattern's shapes, cut to the fill; the shape itself keeps its stroke.
    // (A pattern used inside its own tile would never end: the guard leaves it out there.)
    const pattern = canFill && drawn ? this.patternOf(style.fill) : null;
    const filling = pattern
      ? this.host.once(
          pattern.content,
          () => patternFill(this.host, pattern, outlineOf(geometry), style.fillRule, vp, userSpace(place, own)),
          null,
        )
      : null;
    let shape: Shape | null = null;
    if (!filling) shape = this.finishLeaf(el, geometry, style, vp, place, own, canFill);
    else if (style.stroke.kind !== 'none' && style.strokeWidth > 0) {
      shape = this.finishLeaf(el, geometry, { ...style, fill: { kind: 'none' } }, vp, place, own, canFill);
    }
    // Markers are drawn in the element's user space, beside the shape, even when it has no paint.
    const marks =
      drawn && MARKABLE.has(el.name) && hasMarkers(style)
        ? drawMarkers(this.host, outlineOf(geometry), style, vp, userSpace(place, own))
        : [];
    if (!filling && marks.length === 0) return shape;
    this.budget--;
    const children = [...(filling ?? []), ...(shape ? [{ ...shape, transform: IDENTITY }] : []), ...marks];
    return { kind: 'group', id: this.newId(), transform: multiply(place.outer, own), children };
  }

  /** The pattern a fill refers to, with its templates resolved; null for any other paint. */
  private patternOf(paint: Paint): ReturnType<typeof resolvePattern> {
    if (paint.kind !== 'url') return null;
    const target = this.ids.get(paint.id);
    return target?.name === 'pattern' && target.ns === this.svgNs ? resolvePattern(this.host, target) : null;
  }

  /** Adds id, transform, style and layer to a leaf; null when it would not show (no fill and no stroke). */
  private finishLeaf<T extends LeafShape>(
    el: XmlElement,
    geometry: Geometry,
    style: ComputedStyle,
    vp: Viewport,
    place: Placement,
    own: Matrix,
    canFill: boolean,
  ): T | null {
    if (!style.visible) return null;
    const transform = multiply(place.outer, own);
    const docMatrix = multiply(place.base, transform);
    if (!docMatrix.every(Number.isFinite)) {
      this.warn('shapes scaled beyond any usable size were left out');
      return null;
    }
    if (this.clipContent > 0) {
      // Clip path content: only the geometry and the clip rule count (the shape is never drawn).
      const clipStyle: ShapeStyle = { fill: '#000000', stroke: null, fillRule: style.clipRule };
      return { ...geometry, id: this.newId(), transform, layerId: '', style: clipStyle } as unknown as T;
    }
    const ctx: LengthContext = { ...vp, fontSize: style.fontSize };
    const fill = canFill ? this.paint(style.fill, style, geometry, ctx) : null;
    const stroke = style.strokeWidth > 0 ? this.paint(style.stroke, style, geometry, ctx) : null;
    if (!fill && !stroke) {
      this.invisible++;
      return null;
    }
    const shapeStyle: ShapeStyle = {
      fill: fill?.hex ?? null,
      stroke: stroke?.hex ?? null,
      strokeWidth: style.strokeWidth * Math.sqrt(Math.abs(determinant(docMatrix))),
      fillRule: style.fillRule,
    };
    if (style.opacity < 1) shapeStyle.opacity = style.opacity;
    if (fill?.gradient) shapeStyle.fillGradient = fill.gradient;
    if (stroke?.gradient) shapeStyle.strokeGradient = stroke.gradient;
    if (fill?.gradient || stroke?.gradient) {
      this.warn(
        'gradients are kept for display and engraved on image layers; cut and fill layers use their first colour',
      );
    }
    const fillOpacity = fill ? style.fillOpacity * fill.alpha : 1;
    if (fillOpacity < 1) shapeStyle.fillOpacity = fillOpacity;
    const strokeOpacity = stroke ? style.strokeOpacity * stroke.alpha : 1;
    if (strokeOpacity < 1) shapeStyle.strokeOpacity = strokeOpacity;
    if (stroke) {
      if (style.lineCap !== 'butt') shapeStyle.lineCap = style.lineCap;
      if (style.lineJoin !== 'miter') shapeStyle.lineJoin = style.lineJoin;
      if (style.miterLimit !== 4) shapeStyle.miterLimit = style.miterLimit;
    }
    if (stroke && style.dash) {
      const toMm = Math.sqrt(Math.abs(determinant(docMatrix)));
      shapeStyle.dash = style.dash.map((d) => d * toMm);
      if (style.dashOffset !== 0) shapeStyle.dashOffset = style.dashOffset * toMm;
    }
    let layerId: string;
    if (stroke) layerId = layerFor(this.doc, stroke.hex, stroke.hex).id;
    else {
      const before = this.doc.layers.length;
      const layer = layerFor(this.doc, fill!.hex, fill!.hex);
      if (this.doc.layers.length > before) {
        layer.mode = 'fill';
        layer.fill = 'single';
      }
      layerId = layer.id;
    }
    this.budget--;
    const shape = { ...geometry, id: this.newId(), transform, layerId, style: shapeStyle } as unknown as T;
    if (el.attrs.id) shape.name = el.attrs.id;
    return shape;
  }

  /**
   * A paint as a colour with alpha, and the gradient when it is one (its first colour then stands for it
   * on cut and fill layers). Patterns become a plain colour, with a warning.
   */
  private paint(p: Paint, style: ComputedStyle, geometry: Geometry, ctx: LengthContext): Painted | null {
    switch (p.kind) {
      case 'none':
        return null;
      case 'color':
        return p.color.alpha > 0 ? p.color : null;
      case 'current':
        return style.color;
      case 'url': {
        const target = this.ids.get(p.id);
        const fallback = () => (p.fallback ? this.paint(p.fallback, style, geometry, ctx) : null);
        if (target && (target.name === 'linearGradient' || target.name === 'radialGradient')) {
          // Gradients in bounding-box units need the shape's box in its own coordinates.
          const b = pathBounds(outlineOf(geometry));
          const g = readGradient(target, this.host, isEmptyBounds(b) ? null : b, ctx);
          if (!g) return null;
          if ('solid' in g) return g.solid.alpha > 0 ? g.solid : null;
          return { hex: g.gradient.stops[0]!.color, alpha: 1, gradient: g.gradient };
        }
        if (target && target.name === 'pattern') {
          this.warn(
            'a pattern fill could not be drawn here (text, strokes, or too many tiles); a plain colour stands in',
          );
          return fallback() ?? { hex: '#000000', alpha: 1 };
        }
        return fallback();
      }
    }
  }

  private crop(pic: EmbeddedImage, x0: number, y0: number, x1: number, y1: number): EmbeddedImage | null {
    try {
      return cropPicture(pic, x0, y0, x1, y1);
    } catch {
      return null; // a picture the core cannot decode stays whole (the warning says so)
    }
  }

  /** `<image>` with an embedded picture: a bitmap on the "image" layer. */
  private image(el: XmlElement, style: ComputedStyle, vp: Viewport, place: Placement, own: Matrix): Shape | null {
    if (!style.visible) return null;
    const href = el.attrs.href ?? el.attrs['xlink:href'];
    if (!href) return null;
    const read = readImageHref(href);
    if ('reason' in read) {
      this.warn(read.reason);
      return null;
    }
    let pic = read;
    const ctx: LengthContext = { ...vp, fontSize: style.fontSize };
    const x = parseLength(el.attrs.x, 'x', ctx) ?? 0;
    const y = parseLength(el.attrs.y, 'y', ctx) ?? 0;
    const w = parseLength(el.attrs.width, 'x', ctx) ?? pic.pixelWidth;
    const h = parseLength(el.attrs.height, 'y', ctx) ?? pic.pixelHeight;
    if (!(w > 0 && h > 0)) return null;
    const par = parseAspectRatio(el.attrs.preserveAspectRatio);
    let fit = viewBoxTransform({ x: 0, y: 0, width: pic.pixelWidth, height: pic.pixelHeight }, par, w, h);
    if (par.slice) {
      // Only the part inside the image's box shows: crop the pixels to it (to whole pixels).
      const px0 = Math.max(0, Math.floor(-fit[4] / fit[0]));
      const py0 = Math.max(0, Math.floor(-fit[5] / fit[3]));
      const px1 = Math.min(pic.pixelWidth, Math.ceil((w - fit[4]) / fit[0]));
      const py1 = Math.min(pic.pixelHeight, Math.ceil((h - fit[5]) / fit[3]));
      const cropped = px1 > px0 && py1 > py0 ? this.crop(pic, px0, py0, px1, py1) : null;
      if (cropped) {
        fit = [fit[0], 0, 0, fit[3], fit[4] + px0 * fit[0], fit[5] + py0 * fit[3]];
        pic = cropped;
      } else this.warn('a picture with preserveAspectRatio "slice" could not be cropped; it was placed whole');
    }
    const before = this.doc.layers.length;
    const layer = layerFor(this.doc, 'image', '#000000');
    if (this.doc.layers.length > before) layer.mode = 'image';
    this.budget--;
    const shape: BitmapShape = {
      kind: 'bitmap',
      id: this.newId(),
      transform: multiply(place.outer, own),
      layerId: layer.id,
      x: x + fit[4],
      y: y + fit[5],
      width: pic.pixelWidth * fit[0],
      height: pic.pixelHeight * fit[3],
      src: pic.src,
      pixelWidth: pic.pixelWidth,
      pixelHeight: pic.pixelHeight,
      settings: { ...DEFAULT_BITMAP_SETTINGS },
    };
    if (style.opacity < 1) shape.style = { opacity: style.opacity };
    if (el.attrs.id) shape.name = el.attrs.id;
    return shape;
  }

  /**
   * `<text>` as a text shape: its characters (tspans joined), first x/y, font and anchor. The shape's own
   * units are scaled to millimetres (so the font size reads in mm). With fonts the outline is made here;
   * without, it is left empty for the editor to make.
   */
  private text(el: XmlElement, style: ComputedStyle, vp: Viewport, place: Placement, own: Matrix): Shape | null {
    const k = Math.sqrt(Math.abs(determinant(userSpace(place, own))));
    if (!(k > 0) || !Number.isFinite(k)) return null;
    const inner = multiply(own, scale(1 / k));
    if (this.fonts) return this.laidOutText(el, style, vp, place, own, k);
    const content = collectText(el, el.attrs['xml:space'] === 'preserve');
    if (content === '') return null;
    const ctx: LengthContext = { ...vp, fontSize: style.fontSize };
    const first = (attr: string | undefined, axis: 'x' | 'y') => {
      const v = attr?.trim().split(/[\s,]+/)[0];
      return parseLength(v, axis, ctx) ?? 0;
    };
    const geometry: Geometry = {
      kind: 'text',
      text: content,
      font: { family: style.fontFamily, size: style.fontSize * k, weight: style.fontWeight, style: style.fontStyle },
      x: first(el.attrs.x, 'x') * k,
      y: first(el.attrs.y, 'y') * k,
      anchor: style.textAnchor,
      outline: [],
    };
    const shape = this.finishLeaf<TextShape>(el, geometry, style, vp, place, inner, true);
    if (shape) this.warn('text was kept as text; its outline is made by the editor (no fonts were given)');
    return shape && strokeInMm(shape, k);
  }

  /**
   * Text laid out glyph by glyph with the fonts given (text-layout.ts): one text shape per run of
   * characters sharing a tspan and a style, each with its own paint and its outline in place. Sizes and
   * positions are in millimetres (the shapes carry the inverse of the document scale).
   */
  private laidOutText(
    el: XmlElement,
    style: ComputedStyle,
    vp: Viewport,
    place: Placement,
    own: Matrix,
    k: number,
  ): Shape | null {
    const pieces = layoutText(el, style, vp, this.host, this.fonts!);
    const inner = multiply(own, scale(1 / k));
    const shapes: Shape[] = [];
    for (const piece of pieces) {
      if (piece.text.trim() === '' || piece.outline.length === 0) continue;
      const s = piece.style;
      const geometry: Geometry = {
        kind: 'text',
        text: piece.text,
        font: { family: s.fontFamily, size: s.fontSize * k, weight: s.fontWeight, style: s.fontStyle },
        x: piece.at.x * k,
        y: piece.at.y * k,
        anchor: 'start',
        outline: transformPath(piece.outline, scale(k)),
      };
      const shape = this.finishLeaf<TextShape>(
        piece.owner,
        geometry,
        s,
        vp,
        { outer: IDENTITY, base: multiply(place.base, multiply(place.outer, inner)) },
        IDENTITY,
        true,
      );
      if (shape) shapes.push(strokeInMm(shape, k));
    }
    if (shapes.length === 0) return null;
    if (shapes.length === 1) {
      const only = shapes[0]!;
      return { ...only, transform: multiply(multiply(place.outer, inner), only.transform) };
    }
    this.budget--;
    return { kind: 'group', id: this.newId(), transform: multiply(place.outer, inner), children: shapes };
  }
}

/**
 * A text shape's stroke in millimetres: its geometry is already scaled to millimetres (its transform
 * undoes that scale), so the stroke the transform measured in user units is scaled the same way.
 */
function strokeInMm(shape: TextShape, k: number): TextShape {
  const st = shape.style;
  if (!st?.stroke || st.strokeWidth === undefined) return shape;
  const scaled = { ...st, strokeWidth: st.strokeWidth * k };
  if (st.dash) scaled.dash = st.dash.map((d) => d * k);
  if (st.dashOffset) scaled.dashOffset = st.dashOffset * k;
  return { ...shape, style: scaled };
}

/** A leaf's outline in its own coordinates, from its geometry (for patterns, markers and gradient boxes). */
function outlineOf(geometry: Geometry): PathData {
  return shapeOutline({ ...geometry, id: '', transform: IDENTITY, layerId: '' } as LeafShape);
}

/** An element's user space to the document: its placement and its own transform. */
function userSpace(place: Placement, own: Matrix): Matrix {
  return multiply(place.base, multiply(place.outer, own));
}

/** True when `node` is `el` or inside it. */
function isAncestorOrSelf(el: XmlElement, node: XmlElement): boolean {
  for (let p: XmlElement | null = node; p; p = p.parent) if (p === el) return true;
  return false;
}

/** All text inside an element (CDATA included). */
function textOf(el: XmlElement): string {
  return el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

/** The characters of a `<text>` with SVG 1.1 white-space handling. */
function collectText(el: XmlElement, preserve: boolean): string {
  const parts: string[] = [];
  const walk = (node: XmlNode) => {
    if (typeof node === 'string') parts.push(node);
    else if (node.name === 'tspan' || node.name === 'a' || node.name === 'textPath' || node === el) {
      for (const c of node.children) walk(c);
    }
  };
  walk(el);
  const raw = parts.join('');
  if (preserve) return raw.replace(/[\n\r\t]/g, ' ');
  return raw
    .replace(/[\n\r]/g, '')
    .replace(/\t/g, ' ')
    .replace(/ +/g, ' ')
    .trim();
}

/** A leaf shape without the parts the converter adds (distributes over the kinds). */
type Geometry = LeafShape extends infer S
  ? S extends LeafShape
    ? Omit<S, 'id' | 'transform' | 'layerId' | 'style'>
    : never
  : never;

/** The geometry of a basic shape or path in its own units; null when the shape is empty or invalid. */
function readGeometry(el: XmlElement, ctx: LengthContext, warn: (m: string) => void): Geometry | null {
  const a = el.attrs;
  const len = (name: string, axis: 'x' | 'y' | 'other') => parseLength(a[name], axis, ctx);
  switch (el.name) {
    case 'rect':
      return rectGeometry(a, ctx);
    case 'circle': {
      const r = len('r', 'other');
      if (r === null || r <= 0) return null;
      return { kind: 'ellipse', cx: len('cx', 'x') ?? 0, cy: len('cy', 'y') ?? 0, rx: r, ry: r };
    }
    case 'ellipse': {
      let rx = len('rx', 'x');
      let ry = len('ry', 'y');
      if (rx === null || rx < 0) rx = ry;
      if (ry === null || ry < 0) ry = rx;
      if (rx === null || ry === null || rx <= 0 || ry <= 0) return null;
      return { kind: 'ellipse', cx: len('cx', 'x') ?? 0, cy: len('cy', 'y') ?? 0, rx, ry };
    }
    case 'line': {
      const p1 = { x: len('x1', 'x') ?? 0, y: len('y1', 'y') ?? 0 };
      const p2 = { x: len('x2', 'x') ?? 0, y: len('y2', 'y') ?? 0 };
      return { kind: 'polygon', points: [p1, p2], closed: false };
    }
    case 'polyline':
    case 'polygon': {
      const { values, complete } = parseNumberList(a.points ?? '');
      if (!complete) warn('a polygon or polyline has invalid points; it was drawn up to the error');
      const points: Vec2[] = [];
      for (let i = 0; i + 1 < values.length; i += 2) points.push({ x: values[i]!, y: values[i + 1]! });
      if (points.length < 2) return null;
      return { kind: 'polygon', points, closed: el.name === 'polygon' };
    }
    default: {
      const parsed = parsePathData(a.d ?? '');
      if (parsed.error && (a.d ?? '').trim() !== '')
        warn(`path data error (${parsed.error}); the path was drawn up to it`);
      if (parsed.path.length === 0) return null;
      return { kind: 'path', path: parsed.path };
    }
  }
}

/** `<rect>` with SVG's corner-radius rules: a missing or invalid radius takes the other's value, both clamp to half the side. */
function rectGeometry(a: Record<string, string>, ctx: LengthContext): Geometry | null {
  const width = parseLength(a.width, 'x', ctx);
  const height = parseLength(a.height, 'y', ctx);
  if (width === null || height === null || width <= 0 || height <= 0) return null;
  let rx = parseLength(a.rx, 'x', ctx);
  let ry = parseLength(a.ry, 'y', ctx);
  if (rx !== null && rx < 0) rx = null;
  if (ry !== null && ry < 0) ry = null;
  if (rx === null) rx = ry ?? 0;
  if (ry === null) ry = rx;
  rx = Math.min(rx, width / 2);
  ry = Math.min(ry, height / 2);
  return {
    kind: 'rect',
    x: parseLength(a.x, 'x', ctx) ?? 0,
    y: parseLength(a.y, 'y', ctx) ?? 0,
    width,
    height,
    rx,
    ry,
  };
}
