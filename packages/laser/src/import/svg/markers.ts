import type { Shape } from '../../model/document.js';
import { apply, IDENTITY, type Matrix, multiply, rotate, scale, translate } from '../../model/matrix.js';
import type { PathData } from '../../model/path.js';
import { clipShapes, rectArea, viewportTolerance } from './clip.js';
import type { SvgHost, Viewport } from './host.js';
import { type MarkerVertex, markerVertices } from './marker-vertices.js';
import { type ComputedStyle, styleFromAncestors } from './style.js';
import { type LengthContext, parseAspectRatio, parseLength, parseViewBox, viewBoxTransform } from './units.js';
import type { XmlElement } from './xml.js';

/**
 * Markers (arrow heads, dots on vertices) drawn as geometry: each marker's content is placed at its
 * vertex — its reference point on the vertex, turned with the path when `orient` says so, scaled by the
 * stroke width unless `markerUnits` is user space — and clipped to the marker's box unless its overflow
 * is visible. A laser cuts them like any other shape.
 */

export type MarkerHost = Pick<SvgHost, 'svgNs' | 'byId' | 'declaredOf' | 'children' | 'once' | 'warn' | 'newId'>;

/** The elements markers are drawn on (SVG 1.1 and resvg: not on rectangles, circles and ellipses). */
export const MARKABLE = new Set(['path', 'line', 'polyline', 'polygon']);

export function hasMarkers(style: ComputedStyle): boolean {
  return style.markerStart !== null || style.markerMid !== null || style.markerEnd !== null;
}

/** The markers of a path (`outline`, in its user space, which `user` maps to the document). */
export function drawMarkers(
  host: MarkerHost,
  outline: PathData,
  style: ComputedStyle,
  vp: Viewport,
  user: Matrix,
): Shape[] {
  const out: Shape[] = [];
  for (const v of markerVertices(outline)) {
    const id = v.role === 'start' ? style.markerStart : v.role === 'mid' ? style.markerMid : style.markerEnd;
    const marker = id ? host.byId(id) : undefined;
    if (marker?.name !== 'marker' || marker.ns !== host.svgNs()) continue;
    const shape = host.once(marker, () => placeMarker(host, marker, v, style, vp, user), null);
    if (shape) out.push(shape);
  }
  return out;
}

function placeMarker(
  host: MarkerHost,
  marker: XmlElement,
  v: MarkerVertex,
  pathStyle: ComputedStyle,
  vp: Viewport,
  user: Matrix,
): Shape | null {
  const style = styleFromAncestors(marker, (e) => host.declaredOf(e), vp);
  if (!style.display) return null;
  const ctx: LengthContext = { vw: vp.vw, vh: vp.vh, fontSize: style.fontSize };
  const width = parseLength(marker.attrs.markerWidth, 'x', ctx) ?? 3;
  const height = parseLength(marker.attrs.markerHeight, 'y', ctx) ?? 3;
  if (!(width > 0 && height > 0)) return null;
  const vb = parseViewBox(marker.attrs.viewBox);
  const content = vb
    ? viewBoxTransform(vb, parseAspectRatio(marker.attrs.preserveAspectRatio), width, height)
    : IDENTITY;
  const ref = apply(content, {
    x: parseLength(marker.attrs.refX, 'x', ctx) ?? 0,
    y: parseLength(marker.attrs.refY, 'y', ctx) ?? 0,
  });
  const units = marker.attrs.markerUnits?.trim() === 'userSpaceOnUse' ? 1 : pathStyle.strokeWidth;
  if (!(units > 0)) return null;
  const angle = orientAngle(marker.attrs.orient, v);
  const place = multiply(
    translate(v.at.x, v.at.y),
    multiply(rotate(angle), multiply(scale(units), translate(-ref.x, -ref.y))),
  );
  const base = multiply(user, place);
  const inner: Viewport = vb ? { vw: vb.width, vh: vb.height, rem: vp.rem } : { vw: width, vh: height, rem: vp.rem };
  let kids = host.children(marker, style, inner, { outer: content, base });
  const overflow = host.declaredOf(marker).get('overflow')?.trim();
  if (overflow !== 'visible' && overflow !== 'auto' && kids.length > 0) {
    const box = rectArea({ x0: 0, y0: 0, x1: width, y1: height });
    kids = clipShapes(
      kids,
      box,
      IDENTITY,
      viewportTolerance(base),
      (m) => host.warn(m),
      () => host.newId(),
    );
  }
  if (kids.length === 0) return null;
  return { kind: 'group', id: host.newId(), transform: place, children: kids };
}

/** `orient`: `auto`, `auto-start-reverse`, or an angle (deg, rad, grad, turn; plain numbers are degrees). */
function orientAngle(orient: string | undefined, v: MarkerVertex): number {
  const o = orient?.trim() ?? '0';
  if (o === 'auto') return v.angle;
  if (o === 'auto-start-reverse') return v.role === 'start' ? v.angle + 180 : v.angle;
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(deg|rad|grad|turn)?$/i.exec(o);
  if (!m) return 0;
  const n = Number(m[1]);
  const unit = m[2]?.toLowerCase();
  return unit === 'rad' ? (n * 180) / Math.PI : unit === 'grad' ? n * 0.9 : unit === 'turn' ? n * 360 : n;
}
