import { type Matrix, multiply, rotate, translate, type Vec2 } from '../../model/matrix.js';
import { flattenPath, type PathData, transformPath } from '../../model/path.js';
import { type FontBook, type FontFace, faceFor, toSubPaths } from '../../text/fonts.js';
import type { SvgHost } from './host.js';
import { parsePathData } from './path-data.js';
import { type ComputedStyle, computeStyle } from './style.js';
import { type LengthContext, parseLength, parseTransform } from './units.js';
import type { XmlElement } from './xml.js';

/**
 * SVG text laid out glyph by glyph: characters collected with their tspan's style (white space handled
 * as SVG 1.1 does), placed by the `x`, `y`, `dx`, `dy` and `rotate` lists of the elements holding them
 * (the innermost wins), advanced by the font (with kerning) plus letter and word spacing, lifted by
 * `baseline-shift` and `dominant-baseline`, each text chunk (a run started by an absolute position)
 * aligned by its `text-anchor`, and characters in a `<textPath>` set along their path. The result is one
 * piece per run of characters sharing an element and a style, each with its glyph outline in the text
 * element's user space.
 */

export type TextHost = Pick<SvgHost, 'svgNs' | 'byId' | 'declaredOf'>;

export interface TextPiece {
  /** The element whose characters these are (its id names the shape). */
  owner: XmlElement;
  style: ComputedStyle;
  text: string;
  /** Where the first character sits (user units). */
  at: Vec2;
  outline: PathData;
}

interface Char {
  ch: string;
  style: ComputedStyle;
  owner: XmlElement;
  /** The `<textPath>` the character runs along, if any. */
  path: XmlElement | null;
}

interface Positions {
  x: (number | undefined)[];
  y: (number | undefined)[];
  dx: number[];
  dy: number[];
  rotate: number[];
}

const TEXT_CONTENT = new Set(['tspan', 'textPath', 'a']);

export function layoutText(
  text: XmlElement,
  style: ComputedStyle,
  vp: { vw: number; vh: number },
  host: TextHost,
  fonts: FontBook,
): TextPiece[] {
  const chars: Char[] = [];
  const ranges = new Map<XmlElement, [number, number]>();
  collect(text, style, vp, host, chars, ranges, text.attrs['xml:space'] === 'preserve');
  if (chars.length === 0) return [];
  const pos = positions(chars.length, ranges, vp);
  const placed = place(chars, pos, fonts, host, vp);
  return pieces(chars, placed);
}

// ------------------------------------------------------------------------------------------ collect

function collect(
  root: XmlElement,
  rootStyle: ComputedStyle,
  vp: { vw: number; vh: number },
  host: TextHost,
  out: Char[],
  ranges: Map<XmlElement, [number, number]>,
  preserve: boolean,
): void {
  let lastSpace = true; // leading spaces are dropped
  const walk = (el: XmlElement, style: ComputedStyle, path: XmlElement | null) => {
    const start = out.length;
    for (const c of el.children) {
      if (typeof c === 'string') {
        for (const raw of c) {
          let ch = raw;
          if (ch === '\n' || ch === '\r') {
            if (!preserve) continue;
            ch = ' ';
          }
          if (ch === '\t') ch = ' ';
          if (ch === ' ' && !preserve && lastSpace) continue;
          lastSpace = ch === ' ';
          out.push({ ch, style, owner: el, path });
        }
        continue;
      }
      if (c.ns !== host.svgNs() || !TEXT_CONTENT.has(c.name)) continue;
      const s = computeStyle(style, host.declaredOf(c), { ...vp, rem: style.fontSize });
      if (!s.display) continue;
      walk(c, s, c.name === 'textPath' ? c : path);
    }
    ranges.set(el, [start, out.length]);
  };
  walk(root, rootStyle, null);
  // The trailing space of the whole text goes too.
  if (!preserve && out.length > 0 && out[out.length - 1]!.ch === ' ') {
    out.pop();
    for (const [el, [a, b]] of ranges) ranges.set(el, [Math.min(a, out.length), Math.min(b, out.length)]);
  }
}

// ---------------------------------------------------------------------------------------- positions

function positions(n: number, ranges: Map<XmlElement, [number, number]>, vp: { vw: number; vh: number }): Positions {
  const p: Positions = {
    x: new Array(n).fill(undefined),
    y: new Array(n).fill(undefined),
    dx: new Array(n).fill(0),
    dy: new Array(n).fill(0),
    rotate: new Array(n).fill(0),
  };
  // Map iteration follows insertion, which is post-order: sort outer elements first so inner ones win.
  const order = [...ranges.entries()].sort((a, b) => depth(a[0]) - depth(b[0]));
  for (const [el, [start, end]] of order) {
    const ctx: LengthContext = { ...vp, fontSize: 16 };
    const list = (name: string, axis: 'x' | 'y' | 'other') =>
      (el.attrs[name] ?? '')
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((v) => parseLength(v, axis, ctx));
    if (el.name === 'textPath') continue;
    const xs = list('x', 'x');
    const ys = list('y', 'y');
    const dxs = list('dx', 'x');
    const dys = list('dy', 'y');
    const rs = list('rotate', 'other');
    for (let i = start; i < end; i++) {
      const k = i - start;
      if (k < xs.length && xs[k] !== null) p.x[i] = xs[k]!;
      if (k < ys.length && ys[k] !== null) p.y[i] = ys[k]!;
      if (k < dxs.length) p.dx[i] = dxs[k] ?? 0;
      if (k < dys.length) p.dy[i] = dys[k] ?? 0;
      // The last rotation goes on for the rest of the element's characters.
      if (rs.length) p.rotate[i] = rs[Math.min(k, rs.length - 1)] ?? 0;
    }
  }
  return p;
}

function depth(el: XmlElement): number {
  let d = 0;
  for (let p = el.parent; p; p = p.parent) d++;
  return d;
}

// ------------------------------------------------------------------------------------------- place

interface Placed {
  /** Glyph origin on the baseline, user units. */
  x: number;
  y: number;
  /** Degrees. */
  angle: number;
  face: FontFace | undefined;
  size: number;
  advance: number;
  /** Left out (off the end of its text path). */
  hidden: boolean;
}

function place(
  chars: Char[],
  pos: Positions,
  fonts: FontBook,
  host: TextHost,
  vp: { vw: number; vh: number },
): Placed[] {
  const out: Placed[] = [];
  let penX = 0;
  let penY = 0;
  let chunkStart = 0;
  const finishChunk = (end: number) => {
    if (end <= chunkStart) return;
    const first = chars[chunkStart]!;
    if (first.path) return; // a text path aligns its own characters
    const anchor = first.style.textAnchor;
    if (anchor === 'start') return;
    const a = out[chunkStart]!;
    const last = out[end - 1]!;
    const width = last.x + last.advance - a.x;
    const shift = anchor === 'middle' ? -width / 2 : -width;
    for (let i = chunkStart; i < end; i++) out[i]!.x += shift;
  };
  let prevGlyph: { face: FontFace; glyph: ReturnType<FontFace['font']['charToGlyph']>; size: number } | null = null;
  for (const [i, c] of chars.entries()) {
    if (pos.x[i] !== undefined || pos.y[i] !== undefined) {
      finishChunk(i);
      chunkStart = i;
      prevGlyph = null;
      if (pos.x[i] !== undefined) penX = pos.x[i]!;
      if (pos.y[i] !== undefined) penY = pos.y[i]!;
    }
    penX += pos.dx[i]!;
    penY += pos.dy[i]!;
    const size = c.style.fontSize;
    const face = faceFor(fonts.candidates(fontSpec(c.style)), c.ch);
    let advance = 0;
    if (face) {
      const glyph = face.font.charToGlyph(c.ch);
      const scale = size / face.font.unitsPerEm;
      if (prevGlyph && prevGlyph.face === face && prevGlyph.size === size) {
        penX += face.font.getKerningValue(prevGlyph.glyph, glyph) * scale;
      }
      advance = (glyph.advanceWidth ?? 0) * scale;
      prevGlyph = { face, glyph, size };
    }
    const shift = baselineOffset(c.style, face, size);
    out.push({ x: penX, y: penY + shift, angle: pos.rotate[i]!, face, size, advance, hidden: false });
    penX += advance + c.style.letterSpacing + (c.ch === ' ' ? c.style.wordSpacing : 0);
  }
  finishChunk(chars.length);
  alongPaths(chars, out, host, vp);
  return out;
}

function fontSpec(style: ComputedStyle) {
  return { family: style.fontFamily, size: style.fontSize, weight: style.fontWeight, style: style.fontStyle };
}

/** How far the glyph sits below the pen for the style's baselines (y grows downwards). */
function baselineOffset(style: ComputedStyle, face: FontFace | undefined, size: number): number {
  const font = face?.font;
  const unit = font ? size / font.unitsPerEm : 0;
  const asc = font ? font.ascender * unit : size * 0.8;
  const desc = font ? font.descender * unit : -size * 0.2;
  const xHeight = font?.tables.os2?.sxHeight ? font.tables.os2.sxHeight * unit : size * 0.5;
  let dy = 0;
  switch (style.dominantBaseline) {
    case 'middle':
      dy = xHeight / 2;
      break;
    case 'central':
      dy = (asc + desc) / 2;
      break;
    case 'hanging':
      dy = asc * 0.8;
      break;
    case 'text-before-edge':
    case 'text-top':
      dy = asc;
      break;
    case 'text-after-edge':
    case 'text-bottom':
    case 'ideographic':
      dy = desc;
      break;
    case 'mathematical':
      dy = asc / 2;
      break;
  }
  // baseline-shift raises (positive) or lowers the baseline.
  return dy - style.baselineShift;
}

/**
 * Characters in a `<textPath>`: each glyph's middle goes to its distance along the path (from
 * `startOffset`, moved back for `middle` and `end` anchors), turned to the path's direction there;
 * glyphs past either end are left out.
 */
function alongPaths(chars: Char[], out: Placed[], host: TextHost, vp: { vw: number; vh: number }): void {
  let i = 0;
  while (i < chars.length) {
    const tp = chars[i]!.path;
    if (!tp) {
      i++;
      continue;
    }
    let end = i;
    while (end < chars.length && chars[end]!.path === tp) end++;
    const line = pathLine(tp, host);
    if (!line) {
      for (let k = i; k < end; k++) out[k]!.hidden = true;
      i = end;
      continue;
    }
    const total = line.length;
    const so = tp.attrs.startOffset?.trim() ?? '0';
    const offset = so.endsWith('%')
      ? (Number(so.slice(0, -1)) / 100) * total
      : (parseLength(so, 'other', { ...vp, fontSize: 16 }) ?? 0);
    const x0 = out[i]!.x;
    const width = out[end - 1]!.x + out[end - 1]!.advance - x0;
    const anchor = chars[i]!.style.textAnchor;
    const shift = anchor === 'middle' ? -width / 2 : anchor === 'end' ? -width : 0;
    for (let k = i; k < end; k++) {
      const g = out[k]!;
      const mid = offset + shift + (g.x - x0) + g.advance / 2;
      if (mid < 0 || mid > total) {
        g.hidden = true;
        continue;
      }
      const at = line.at(mid);
      // The glyph's origin is half an advance back along the tangent, its baseline shift across it.
      const rad = (at.angle * Math.PI) / 180;
      const across = g.y; // dy and baseline shifts move the glyph off the path
      g.x = at.x - Math.cos(rad) * (g.advance / 2) - Math.sin(rad) * across;
      g.y = at.y - Math.sin(rad) * (g.advance / 2) + Math.cos(rad) * across;
      g.angle += at.angle;
    }
    i = end;
  }
}

/** A text path's referenced `<path>`, flattened: its length and the point and direction at a distance. */
function pathLine(tp: XmlElement, host: TextHost) {
  const href = (tp.attrs.href ?? tp.attrs['xlink:href'] ?? '').trim();
  const target = href.startsWith('#') ? host.byId(href.slice(1)) : undefined;
  if (target?.name !== 'path' || !target.attrs.d) return null;
  let data = parsePathData(target.attrs.d).path;
  const m = parseTransform(target.attrs.transform);
  if (m) data = transformPath(data, m);
  const pts = flattenPath(data, 0.01).flatMap((l) => l.points);
  if (pts.length < 2) return null;
  const acc = [0];
  for (let k = 1; k < pts.length; k++)
    acc.push(acc[k - 1]! + Math.hypot(pts[k]!.x - pts[k - 1]!.x, pts[k]!.y - pts[k - 1]!.y));
  const length = acc[acc.length - 1]!;
  return {
    length,
    at(s: number) {
      let k = 1;
      while (k < pts.length - 1 && acc[k]! < s) k++;
      const a = pts[k - 1]!;
      const b = pts[k]!;
      const seg = acc[k]! - acc[k - 1]!;
      const t = seg > 0 ? (s - acc[k - 1]!) / seg : 0;
      return {
        x: a.x + (b.x - a.x) * t,
        y: a.y + (b.y - a.y) * t,
        angle: (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI,
      };
    },
  };
}

// ------------------------------------------------------------------------------------------- pieces

function pieces(chars: Char[], placed: Placed[]): TextPiece[] {
  const out: TextPiece[] = [];
  let current: TextPiece | null = null;
  for (const [i, c] of chars.entries()) {
    const g = placed[i]!;
    if (!current || current.owner !== c.owner || current.style !== c.style) {
      current = { owner: c.owner, style: c.style, text: '', at: { x: g.x, y: g.y }, outline: [] };
      out.push(current);
    }
    current.text += c.ch;
    if (g.hidden || !g.face || c.ch === ' ') continue;
    const glyph = g.face.font.charToGlyph(c.ch);
    const local: PathData = [];
    toSubPaths(glyph.getPath(0, 0, g.size).commands, local);
    const m: Matrix = g.angle ? multiply(translate(g.x, g.y), rotate(g.angle)) : translate(g.x, g.y);
    for (const sp of transformPath(local, m)) if (sp.segments.length > 0) current.outline.push(sp);
  }
  return out;
}
