import type { Gradient, GroupShape, KerfDocument, Layer, LeafShape, Shape, ShapeStyle } from '../model/document.js';
import { determinant, IDENTITY, isIdentity, type Matrix, multiply } from '../model/matrix.js';
import type { PathData } from '../model/path.js';
import { groupCopyPlacements } from '../model/shapes.js';

/**
 * Kerf document → standalone SVG in millimetres (`width="…mm"`, viewBox in mm, so one user unit is one
 * millimetre). Each layer is a `<g>` carrying its id, name, colour and mode as `data-kerf-*` attributes;
 * inside it the shapes keep their kind, groups and transforms. Numbers are written in plain decimal
 * notation (no exponents): coordinates with up to 6 decimals, transform scale/rotation terms with 9.
 */

export interface SvgExportOptions {
  /**
   * `layers` (default): one `<g>` per layer in layer order, each holding that layer's shapes (groups that
   * span layers appear in each). `drawing`: shapes in drawing order, a layer `<g>` per run of shapes on
   * the same layer, so overlapping shapes paint exactly as in the document.
   */
  order?: 'layers' | 'drawing';
  /** Stroke width for shapes that have no style of their own, mm (default 0.1). */
  hairline?: number;
}

/** A number in plain decimal notation with at most `decimals` decimals, trailing zeros dropped. */
export function formatNumber(n: number, decimals = 6): string {
  if (!Number.isFinite(n)) return '0';
  if (Math.abs(n) >= 1e21) return BigInt(Math.round(n)).toString();
  if (Number.isInteger(n)) return n === 0 ? '0' : String(n);
  const s = n.toFixed(decimals);
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48) end--;
  if (s.charCodeAt(end - 1) === 46) end--;
  const out = end === s.length ? s : s.slice(0, end);
  return out === '-0' ? '0' : out;
}

const f = (n: number) => formatNumber(n);

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `transform="matrix(…)"` or nothing for the identity. */
function transformAttr(m: Matrix): string {
  if (isIdentity(m, 1e-12)) return '';
  const lin = m.slice(0, 4).map((v) => formatNumber(v, 9));
  return ` transform="matrix(${lin.join(' ')} ${f(m[4])} ${f(m[5])})"`;
}

/** Path data with every segment kind written exactly (arcs as `A`). */
export function pathDataString(path: PathData): string {
  const out: string[] = [];
  for (const sp of path) {
    out.push(`M${f(sp.start.x)} ${f(sp.start.y)}`);
    for (const s of sp.segments) {
      switch (s.type) {
        case 'line':
          out.push(`L${f(s.to.x)} ${f(s.to.y)}`);
          break;
        case 'quad':
          out.push(`Q${f(s.c.x)} ${f(s.c.y)} ${f(s.to.x)} ${f(s.to.y)}`);
          break;
        case 'cubic':
          out.push(`C${f(s.c1.x)} ${f(s.c1.y)} ${f(s.c2.x)} ${f(s.c2.y)} ${f(s.to.x)} ${f(s.to.y)}`);
          break;
        case 'arc':
          out.push(
            `A${f(s.rx)} ${f(s.ry)} ${f(s.rotation)} ${s.largeArc ? 1 : 0} ${s.sweep ? 1 : 0} ${f(s.to.x)} ${f(s.to.y)}`,
          );
          break;
      }
    }
    if (sp.closed) out.push('Z');
  }
  return out.join('');
}

/** Paint attributes of a leaf: its own style, or its layer's colour (fill layers filled, others stroked). */
function styleAttrs(shape: LeafShape, layer: Layer | undefined, docMatrix: Matrix, hairline: number): string {
  const st: ShapeStyle = shape.style ?? {};
  const color = layer?.color ?? '#000000';
  const fallbackFill = layer?.mode === 'fill' ? color : null;
  const fill = shape.style ? (st.fill ?? null) : fallbackFill;
  const stroke = shape.style ? (st.stroke ?? null) : fallbackFill ? null : color;
  const scaleToMm = Math.sqrt(Math.abs(determinant(docMatrix))) || 1;
  const fillPaint = fill && st.fillGradient ? `url(#${gradientId(shape, 'fill')})` : fill;
  const strokePaint = stroke && st.strokeGradient ? `url(#${gradientId(shape, 'stroke')})` : stroke;
  let out = ` fill="${fillPaint ?? 'none'}" stroke="${strokePaint ?? 'none'}"`;
  if (stroke) out += ` stroke-width="${f((st.strokeWidth ?? hairline) / scaleToMm)}"`;
  if (st.fillRule === 'evenodd') out += ' fill-rule="evenodd"';
  if (st.opacity !== undefined && st.opacity < 1) out += ` opacity="${f(st.opacity)}"`;
  if (fill && st.fillOpacity !== undefined && st.fillOpacity < 1) out += ` fill-opacity="${f(st.fillOpacity)}"`;
  if (stroke && st.strokeOpacity !== undefined && st.strokeOpacity < 1) {
    out += ` stroke-opacity="${f(st.strokeOpacity)}"`;
  }
  if (stroke && st.lineCap) out += ` stroke-linecap="${st.lineCap}"`;
  if (stroke && st.lineJoin) out += ` stroke-linejoin="${st.lineJoin}"`;
  if (stroke && st.miterLimit !== undefined) out += ` stroke-miterlimit="${f(st.miterLimit)}"`;
  if (stroke && st.dash?.length) {
    out += ` stroke-dasharray="${st.dash.map((d) => f(d / scaleToMm)).join(' ')}"`;
    if (st.dashOffset) out += ` stroke-dashoffset="${f(st.dashOffset / scaleToMm)}"`;
  }
  return out;
}

function points(pts: readonly { x: number; y: number }[]): string {
  return pts.map((p) => `${f(p.x)},${f(p.y)}`).join(' ');
}

function gradientId(shape: LeafShape, which: 'fill' | 'stroke'): string {
  return escapeXml(`${shape.id}-${which}`);
}

/** A gradient element (user space: the shape's own coordinates), for the shape's fill or stroke. */
function gradientElement(g: Gradient, id: string): string {
  const stops = g.stops
    .map(
      (s) =>
        `<stop offset="${f(s.offset)}" stop-color="${s.color}"${s.opacity < 1 ? ` stop-opacity="${f(s.opacity)}"` : ''}/>`,
    )
    .join('');
  const transform = isIdentity(g.transform, 1e-12)
    ? ''
    : transformAttr(g.transform).replace(' transform=', ' gradientTransform=');
  const common = ` id="${id}" gradientUnits="userSpaceOnUse"${transform}${g.spread === 'pad' ? '' : ` spreadMethod="${g.spread}"`}`;
  return g.kind === 'linear'
    ? `<linearGradient${common} x1="${f(g.x1)}" y1="${f(g.y1)}" x2="${f(g.x2)}" y2="${f(g.y2)}">${stops}</linearGradient>`
    : `<radialGradient${common} cx="${f(g.cx)}" cy="${f(g.cy)}" r="${f(g.r)}" fx="${f(g.fx)}" fy="${f(g.fy)}"${g.fr > 0 ? ` fr="${f(g.fr)}"` : ''}>${stops}</radialGradient>`;
}

/** One leaf as an SVG element, after the gradients it paints with. */
function leafElement(shape: LeafShape, layer: Layer | undefined, docMatrix: Matrix, hairline: number): string {
  const st = shape.kind !== 'bitmap' ? shape.style : undefined;
  const defs =
    (st?.fill && st.fillGradient ? gradientElement(st.fillGradient, gradientId(shape, 'fill')) : '') +
    (st?.stroke && st.strokeGradient ? gradientElement(st.strokeGradient, gradientId(shape, 'stroke')) : '');
  return defs + shapeElement(shape, layer, docMatrix, hairline);
}

function shapeElement(shape: LeafShape, layer: Layer | undefined, docMatrix: Matrix, hairline: number): string {
  const id = ` id="${escapeXml(shape.id)}"`;
  const t = transformAttr(shape.transform);
  const name = shape.name ? ` data-kerf-name="${escapeXml(shape.name)}"` : '';
  const head = `${id}${name}${t}`;
  if (shape.kind === 'bitmap') {
    const op =
      shape.style?.opacity !== undefined && shape.style.opacity < 1 ? ` opacity="${f(shape.style.opacity)}"` : '';
    const c = shape.crop;
    if (c) {
      // a cropped picture: a viewport onto the kept pixels, stretched over the frame
      const view = `${f(c.x)} ${f(c.y)} ${f(c.width)} ${f(c.height)}`;
      const frame = `x="${f(shape.x)}" y="${f(shape.y)}" width="${f(shape.width)}" height="${f(shape.height)}"`;
      const image = `<image width="${shape.pixelWidth}" height="${shape.pixelHeight}" href="${escapeXml(shape.src)}"/>`;
      return `<g${head}${op}><svg ${frame} viewBox="${view}" preserveAspectRatio="none">${image}</svg></g>`;
    }
    return `<image${head} x="${f(shape.x)}" y="${f(shape.y)}" width="${f(shape.width)}" height="${f(shape.height)}" preserveAspectRatio="none"${op} href="${escapeXml(shape.src)}"/>`;
  }
  const paint = styleAttrs(shape, layer, docMatrix, hairline);
  switch (shape.kind) {
    case 'rect': {
      const r = shape.rx > 0 || shape.ry > 0 ? ` rx="${f(shape.rx)}" ry="${f(shape.ry)}"` : '';
      return `<rect${head} x="${f(shape.x)}" y="${f(shape.y)}" width="${f(shape.width)}" height="${f(shape.height)}"${r}${paint}/>`;
    }
    case 'ellipse':
      return `<ellipse${head} cx="${f(shape.cx)}" cy="${f(shape.cy)}" rx="${f(shape.rx)}" ry="${f(shape.ry)}"${paint}/>`;
    case 'polygon':
      return `<${shape.closed ? 'polygon' : 'polyline'}${head} points="${points(shape.points)}"${paint}/>`;
    case 'path':
      return `<path${head} d="${pathDataString(shape.path)}"${paint}/>`;
    case 'text': {
      // Outlined when the outline is there (fonts were at hand): it draws the same in every viewer.
      if (shape.outline.length > 0) {
        return `<path${head} data-kerf-text="${escapeXml(shape.text)}" d="${pathDataString(shape.outline)}"${paint}/>`;
      }
      const font = shape.font;
      const attrs = ` x="${f(shape.x)}" y="${f(shape.y)}" font-family="${escapeXml(font.family)}" font-size="${f(font.size)}" font-weight="${font.weight}" font-style="${font.style}" text-anchor="${shape.anchor}"`;
      return `<text${head}${attrs}${paint} xml:space="preserve">${escapeXml(shape.text)}</text>`;
    }
  }
}

/** Which layers each group reaches, computed once per group. */
function layerSets(shapes: readonly Shape[]): Map<Shape, Set<string>> {
  const sets = new Map<Shape, Set<string>>();
  const visit = (s: Shape): Set<string> => {
    let set: Set<string>;
    if (s.kind === 'group') {
      set = new Set();
      for (const c of s.children) for (const l of visit(c)) set.add(l);
    } else set = new Set([s.layerId]);
    sets.set(s, set);
    return set;
  };
  for (const s of shapes) visit(s);
  return sets;
}

class SvgWriter {
  readonly parts: string[] = [];
  private readonly layerById: Map<string, Layer>;
  private readonly sets: Map<Shape, Set<string>>;

  constructor(
    doc: KerfDocument,
    private readonly hairline: number,
  ) {
    this.layerById = new Map(doc.layers.map((l) => [l.id, l]));
    this.sets = layerSets(doc.shapes);
  }

  /**
   * Writes `shapes` (with the document transform `parent`), keeping only leaves on `layerId`. Inside
   * array objects `copy` is the copy's id suffix, so every copy's elements keep ids of their own.
   */
  shapes(list: readonly Shape[], parent: Matrix, layerId: string, indent: string, copy = ''): void {
    for (const s of list) {
      if (!this.sets.get(s)?.has(layerId)) continue;
      const m = multiply(parent, s.transform);
      if (s.kind === 'group') {
        const name = s.name ? ` data-kerf-name="${escapeXml(s.name)}"` : '';
        this.parts.push(`${indent}<g data-kerf-group="${escapeXml(s.id + copy)}"${name}${transformAttr(s.transform)}>`);
        if (s.array) this.arrayCopies(s, m, layerId, `${indent}  `, copy);
        else this.shapes(s.children, m, layerId, `${indent}  `, copy);
        this.parts.push(`${indent}</g>`);
      } else {
        const leaf = copy ? { ...s, id: s.id + copy } : s;
        this.parts.push(indent + leafElement(leaf, this.layerById.get(s.layerId), m, this.hairline));
      }
    }
  }

  /** An array object's copies as plain groups (other programs know no arrays). */
  private arrayCopies(group: GroupShape, m: Matrix, layerId: string, indent: string, copy: string): void {
    for (const placement of groupCopyPlacements(group)) {
      this.parts.push(`${indent}<g data-kerf-copy="${escapeXml(placement.suffix)}"${transformAttr(placement.matrix)}>`);
      this.shapes(group.children, multiply(m, placement.matrix), layerId, `${indent}  `, copy + placement.suffix);
      this.parts.push(`${indent}</g>`);
    }
  }

  /** Top-level shapes that reach each layer, in drawing order (one pass over the document). */
  buckets(list: readonly Shape[]): Map<string, Shape[]> {
    const out = new Map<string, Shape[]>();
    for (const s of list) {
      for (const l of this.sets.get(s) ?? []) {
        const b = out.get(l);
        if (b) b.push(s);
        else out.set(l, [s]);
      }
    }
    return out;
  }

  /** A layer's `<g>` holding `list` filtered to that layer. */
  layer(layerId: string, list: readonly Shape[], n: number): void {
    const layer = this.layerById.get(layerId);
    const attrs = layer
      ? ` id="layer-${n}" data-kerf-layer="${escapeXml(layer.id)}" data-kerf-name="${escapeXml(layer.name)}" data-kerf-color="${layer.color}" data-kerf-mode="${layer.mode}"${layer.output ? '' : ' data-kerf-output="false"'}`
      : ` id="layer-${n}" data-kerf-layer=""`;
    this.parts.push(`  <g${attrs}>`);
    this.shapes(list, IDENTITY, layerId, '    ');
    this.parts.push('  </g>');
  }
}

/** The document as a standalone SVG file. */
export function exportSvg(doc: KerfDocument, options: SvgExportOptions = {}): string {
  const w = new SvgWriter(doc, options.hairline ?? 0.1);
  const title = doc.meta.name ? `  <title>${escapeXml(doc.meta.name)}</title>` : null;
  w.parts.push(
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${f(doc.width)}mm" height="${f(doc.height)}mm" viewBox="0 0 ${f(doc.width)} ${f(doc.height)}">`,
  );
  if (title) w.parts.push(title);
  let n = 0;
  if (options.order === 'drawing') {
    // Runs of consecutive top-level shapes on one layer; a group spanning layers is split per layer.
    let run: Shape[] = [];
    let runLayer = '';
    const flush = () => {
      if (run.length > 0) w.layer(runLayer, run, ++n);
      run = [];
    };
    for (const s of doc.shapes) {
      const layers = [...layersOf(s)];
      if (layers.length === 1 && layers[0] === runLayer) {
        run.push(s);
        continue;
      }
      flush();
      if (layers.length === 1) {
        runLayer = layers[0]!;
        run = [s];
      } else {
        for (const l of layers) w.layer(l, [s], ++n);
        runLayer = '';
      }
    }
    flush();
  } else {
    const known = new Set(doc.layers.map((l) => l.id));
    const order = [...doc.layers].sort((a, b) => a.priority - b.priority).map((l) => l.id);
    const stray = new Set<string>();
    for (const s of doc.shapes) for (const l of layersOf(s)) if (!known.has(l)) stray.add(l);
    const buckets = w.buckets(doc.shapes);
    for (const id of [...order, ...stray]) w.layer(id, buckets.get(id) ?? [], ++n);
  }
  w.parts.push('</svg>', '');
  return w.parts.join('\n');
}

/** Layer ids of a shape's leaves in drawing order. */
function layersOf(s: Shape): Set<string> {
  const out = new Set<string>();
  const visit = (x: Shape) => {
    if (x.kind === 'group') for (const c of x.children) visit(c);
    else out.add(x.layerId);
  };
  visit(s);
  return out;
}
