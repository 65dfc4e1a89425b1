import type { PathsD } from 'clipper2-ts';
import type { Shape } from '../../model/document.js';
import {
  apply,
  type Bounds,
  emptyBounds,
  IDENTITY,
  isEmptyBounds,
  type Matrix,
  multiply,
  unionBounds,
} from '../../model/matrix.js';
import { pathBounds, transformPath } from '../../model/path.js';
import { leafShapes, shapeOutline } from '../../model/shapes.js';
import { clipShapes } from './clip.js';
import { CLIP_TOLERANCE, intersectRegions, leafRegion, regionArea, unionRegions } from './clip-region.js';
import type { SvgHost, Viewport } from './host.js';
import { type ComputedStyle, computeStyle, styleFromAncestors } from './style.js';
import { type LengthContext, parseFraction, parseLength, parseTransform } from './units.js';
import type { XmlElement } from './xml.js';

/**
 * `clip-path` and `mask` on an element, applied to the shape it made. A clip path clips; a mask whose
 * content is plain opaque white shapes is the same as a clip path of those shapes (within its mask
 * rectangle) and clips too. Other masks (grey, gradients, pictures) change how much shows, which a
 * laser path cannot; they are left out with a warning.
 */

/** What the clipping needs from the SVG converter. */
export type ClipHost = Pick<SvgHost, 'svgNs' | 'byId' | 'declaredOf' | 'convert' | 'inClipContent' | 'warn' | 'newId'>;

/** `url(#id)` (quoted or not) to `id`; null for `none`, empty or anything else. */
export function urlId(value: string | undefined): string | null {
  const m = value ? /^url\(\s*(['"]?)\s*#([^'")\s]+)\s*\1\s*\)$/i.exec(value.trim()) : null;
  return m ? m[2]! : null;
}

export class ClipPaths {
  /** Clip paths and masks being resolved (a reference back to one of them is a loop). */
  private readonly active = new Set<XmlElement>();

  constructor(private readonly host: ClipHost) {}

  /**
   * The shape clipped by the element's clip path and mask. `user` maps the element's user space to the
   * document; `parent` maps the shape's parent to the document. An unusable reference leaves the shape as
   * it is; a clip path that covers nothing removes it.
   */
  apply(declared: Map<string, string>, shape: Shape, user: Matrix, parent: Matrix, vp: Viewport): Shape | null {
    const clipId = urlId(declared.get('clip-path'));
    const maskId = urlId(declared.get('mask'));
    if (!clipId && !maskId) return shape;
    let region: PathsD | null = clipId ? this.clipRegion(clipId, shape, user, vp) : null;
    let opacity = 1;
    if (maskId) {
      const masked = this.maskRegion(maskId, shape, user, vp);
      if (masked) {
        region = region ? intersectRegions(region, masked.region) : masked.region;
        opacity = masked.opacity;
      }
    }
    if (!region) return shape;
    const warn = (m: string) => this.host.warn(m);
    const kept = clipShapes([shape], regionArea(region), parent, CLIP_TOLERANCE, warn, () => this.host.newId());
    // A grey mask shows its shapes that much less.
    if (opacity < 1) for (const s of kept) fade(s, opacity);
    if (kept.length <= 1) return kept[0] ?? null;
    // A filled and stroked shape comes back as its clipped fill and its clipped outline.
    return { kind: 'group', id: this.host.newId(), transform: IDENTITY, children: kept };
  }

  /** The region of `<clipPath id>` for a shape, document mm; null when the reference is unusable. */
  private clipRegion(id: string, shape: Shape, user: Matrix, vp: Viewport): PathsD | null {
    const target = this.host.byId(id);
    if (target?.name !== 'clipPath' || target.ns !== this.host.svgNs()) {
      this.host.warn('a clip-path refers to something that is not a <clipPath>; the shape was not clipped');
      return null;
    }
    if (this.active.has(target)) {
      this.host.warn('a clip path refers back to itself; the loop was cut');
      return null;
    }
    const declared = this.host.declaredOf(target);
    const transform = parseTransform(declared.get('transform') ?? target.attrs.transform) ?? IDENTITY;
    let m = multiply(user, transform);
    if (target.attrs.clipPathUnits?.trim() === 'objectBoundingBox') {
      const b = userBounds(shape);
      if (!b) return [];
      m = multiply(m, [b.maxX - b.minX, 0, 0, b.maxY - b.minY, b.minX, b.minY]);
    }
    this.active.add(target);
    try {
      const style = styleFromAncestors(target, (e) => this.host.declaredOf(e), vp);
      let region = this.contentRegion(target, style, vp, m, true);
      const own = urlId(declared.get('clip-path'));
      if (own) {
        const outer = this.clipRegion(own, shape, user, vp);
        if (outer) region = intersectRegions(region, outer);
      }
      return region;
    } finally {
      this.active.delete(target);
    }
  }

  /** The union of what a clip path's (or mask's) children cover, each by its clip rule. */
  private contentRegion(container: XmlElement, style: ComputedStyle, vp: Viewport, m: Matrix, isClip: boolean): PathsD {
    const regions: PathsD[] = [];
    this.host.inClipContent(() => {
      for (const child of container.children) {
        if (typeof child === 'string') continue;
        if (isClip && child.name === 'text') {
          this.host.warn('text inside a clip path is not supported; it clips nothing');
          continue;
        }
        const s = this.host.convert(child, style, vp, m);
        if (!s) continue;
        for (const p of leafShapes([s], m)) {
          if (p.shape.kind === 'bitmap' || p.shape.kind === 'text') continue;
          regions.push(leafRegion(p.shape, p.matrix, p.shape.style?.fillRule ?? 'nonzero'));
        }
      }
    });
    return unionRegions(regions);
  }

  /**
   * A mask that is a clip in disguise — shapes all of one brightness — as a region, and the opacity that
   * brightness gives (1 for white); null otherwise.
   */
  private maskRegion(id: string, shape: Shape, user: Matrix, vp: Viewport): { region: PathsD; opacity: number } | null {
    const target = this.host.byId(id);
    if (target?.name !== 'mask' || target.ns !== this.host.svgNs() || this.active.has(target)) {
      this.host.warn('a mask refers to something that is not a usable <mask>; the mask was ignored');
      return null;
    }
    const style = styleFromAncestors(target, (e) => this.host.declaredOf(e), vp);
    const luminance = { value: null as number | null };
    // An alpha mask (SVG 2 mask-type) goes by opacity alone; a luminance mask by brightness too.
    const alphaOnly = this.host.declaredOf(target).get('mask-type')?.trim() === 'alpha';
    if (!this.uniformLuminance(target, style, vp, luminance, alphaOnly) || luminance.value === null) {
      this.host.warn('masks that vary in brightness change how much shows, which a laser path cannot; ignored');
      return null;
    }
    if (luminance.value <= 0) return { region: [], opacity: 1 };
    const b = userBounds(shape);
    if (!b) return { region: [], opacity: 1 };
    const w = b.maxX - b.minX;
    const h = b.maxY - b.minY;
    // The mask's rectangle: fractions of the shape's box by default, user units when asked.
    const userUnits = target.attrs.maskUnits?.trim() === 'userSpaceOnUse';
    const ctx: LengthContext = { vw: vp.vw, vh: vp.vh, fontSize: style.fontSize };
    const place = (v: string | undefined, fallback: number, axis: 'x' | 'y', origin: number, size: number) => {
      if (userUnits) return parseLength(v, axis, ctx) ?? origin + fallback * size;
      return (parseFraction(v) ?? fallback) * size + origin;
    };
    const x = place(target.attrs.x, -0.1, 'x', b.minX, w);
    const y = place(target.attrs.y, -0.1, 'y', b.minY, h);
    const x1 = x + place(target.attrs.width, 1.2, 'x', 0, w);
    const y1 = y + place(target.attrs.height, 1.2, 'y', 0, h);
    const rect = [
      { x, y },
      { x: x1, y },
      { x: x1, y: y1 },
      { x, y: y1 },
    ].map((p) => apply(user, p));
    let m = user;
    if (target.attrs.maskContentUnits?.trim() === 'objectBoundingBox') m = multiply(user, [w, 0, 0, h, b.minX, b.minY]);
    this.active.add(target);
    try {
      return {
        region: intersectRegions(this.contentRegion(target, style, vp, m, false), [rect]),
        opacity: luminance.value,
      };
    } finally {
      this.active.delete(target);
    }
  }

  /**
   * The one luminance (times opacity, 0–1) every shape of the mask shows, or null when they differ or
   * the mask holds anything but plain filled shapes (strokes, pictures, text, gradients).
   */
  private uniformLuminance(
    el: XmlElement,
    parent: ComputedStyle,
    vp: Viewport,
    found: { value: number | null },
    alphaOnly: boolean,
  ): boolean {
    for (const child of el.children) {
      if (typeof child === 'string' || child.ns !== this.host.svgNs()) continue;
      const style = computeStyle(parent, this.host.declaredOf(child), vp);
      if (!style.display) continue;
      if (child.name === 'g') {
        if (style.opacity < 1 || !this.uniformLuminance(child, style, vp, found, alphaOnly)) return false;
        continue;
      }
      if (!['rect', 'circle', 'ellipse', 'polygon', 'path'].includes(child.name)) return false;
      const fill = style.fill.kind === 'color' ? style.fill.color : style.fill.kind === 'current' ? style.color : null;
      if (!fill || (style.stroke.kind !== 'none' && style.strokeWidth > 0)) return false;
      const [r, g, b] = [1, 3, 5].map((k) => Number.parseInt(fill.hex.slice(k, k + 2), 16) / 255);
      const brightness = alphaOnly ? 1 : 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      const value = brightness * fill.alpha * style.fillOpacity * style.opacity;
      if (found.value === null) found.value = value;
      else if (Math.abs(found.value - value) > 1 / 255) return false;
    }
    return true;
  }
}

/** Multiplies the opacity of every leaf of a shape by `by`. */
function fade(shape: Shape, by: number): void {
  if (shape.kind === 'group') {
    for (const c of shape.children) fade(c, by);
    return;
  }
  shape.style = { ...shape.style, opacity: (shape.style?.opacity ?? 1) * by };
}

/** The shape's bounding box in the user space of the element that made it; null when it has no extent. */
function userBounds(shape: Shape): Bounds | null {
  let b = emptyBounds();
  if (shape.kind === 'group') {
    for (const p of leafShapes(shape.children))
      b = unionBounds(b, pathBounds(transformPath(shapeOutline(p.shape), p.matrix), CLIP_TOLERANCE));
  } else b = pathBounds(shapeOutline(shape), CLIP_TOLERANCE);
  if (isEmptyBounds(b) || !(b.maxX > b.minX) || !(b.maxY > b.minY)) return null;
  return b;
}
