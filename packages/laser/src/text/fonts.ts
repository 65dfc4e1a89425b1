import { type Font, parse } from 'opentype.js/dist/opentype.mjs';
import type { FontSpec, KerfDocument, TextShape } from '../model/document.js';
import { FormatError } from '../model/errors.js';
import type { PathData, SubPath } from '../model/path.js';
import { leafShapes } from '../model/shapes.js';

/**
 * Text outlines. Kerf keeps text as text (so it stays editable) plus its glyph outline, which is what the
 * laser follows. Outlines need fonts, and the core does no I/O: the caller (the editor, which has the
 * user's fonts; the server, which ships a few) fills a FontBook with font files and the core turns text
 * into paths with opentype.js. Characters a font lacks fall back to the next font that has them, so a
 * Latin font plus a CJK font cover mixed text.
 */

export interface FontFace {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  font: Font;
}

/** Line pitch of multi-line text, in ems. */
export const LINE_HEIGHT = 1.2;

function englishName(names: Record<string, string> | undefined): string | undefined {
  return names?.en ?? (names ? Object.values(names)[0] : undefined);
}

/** The font's family name: the preferred (typographic) family, else the family, on any platform. */
function familyOf(font: Font): string | undefined {
  for (const platform of [font.names.windows, font.names.macintosh, font.names.unicode]) {
    const name = englishName(platform?.preferredFamily) ?? englishName(platform?.fontFamily);
    if (name) return name;
  }
  return undefined;
}

export class FontBook {
  readonly faces: FontFace[] = [];

  /**
   * Adds a TrueType, OpenType or WOFF font. `meta` overrides what the font says about itself (useful
   * when one family comes as several files). A damaged file throws FormatError('font', …).
   */
  add(data: ArrayBuffer | Uint8Array, meta: Partial<Omit<FontFace, 'font'>> = {}): FontFace {
    const buffer =
      data instanceof Uint8Array ? data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) : data;
    let font: Font;
    try {
      font = parse(buffer as ArrayBuffer);
    } catch (e) {
      throw new FormatError('font', `the font cannot be read (${(e as Error).message})`);
    }
    if (!(font.unitsPerEm > 0)) throw new FormatError('font', 'the font has no units per em');
    const os2 = font.tables.os2;
    const face: FontFace = {
      family: meta.family ?? familyOf(font) ?? 'font',
      weight: meta.weight ?? os2?.usWeightClass ?? 400,
      style: meta.style ?? ((os2?.fsSelection ?? 0) & 1 ? 'italic' : 'normal'),
      font,
    };
    this.faces.push(face);
    return face;
  }

  /**
   * Faces in the order to try for a font spec: the asked family first (closest weight, then matching
   * style), then every other face as a fallback for characters the family lacks.
   */
  candidates(spec: FontSpec): FontFace[] {
    const families = spec.family
      .split(',')
      .map((f) =>
        f
          .trim()
          .replace(/^["']|["']$/g, '')
          .toLowerCase(),
      )
      .filter(Boolean);
    const rank = (f: FontFace) => {
      const at = families.indexOf(f.family.toLowerCase());
      const family = at < 0 ? families.length : at;
      return family * 1e6 + (f.style === spec.style ? 0 : 1e5) + Math.abs(f.weight - spec.weight);
    };
    return [...this.faces].sort((a, b) => rank(a) - rank(b));
  }
}

/** The face that draws `ch` for a spec: the best match that has the glyph, else the best match. */
export function faceFor(faces: readonly FontFace[], ch: string): FontFace | undefined {
  return faces.find((f) => f.font.charToGlyphIndex(ch) > 0) ?? faces[0];
}

interface Run {
  face: FontFace;
  text: string;
}

/** Splits a line into runs that one face can draw, falling back per character. */
function runsOf(line: string, faces: FontFace[]): Run[] {
  const runs: Run[] = [];
  for (const ch of line) {
    const face = faces.find((f) => f.font.charToGlyphIndex(ch) > 0) ?? faces[0]!;
    const last = runs[runs.length - 1];
    if (last && last.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs;
}

/** opentype.js path commands (y down, as drawn) to Kerf sub-paths. */
export function toSubPaths(commands: ReturnType<Font['getPath']>['commands'], out: PathData): void {
  let current: SubPath | null = null;
  for (const c of commands) {
    switch (c.type) {
      case 'M':
        current = { start: { x: c.x!, y: c.y! }, segments: [], closed: false };
        out.push(current);
        break;
      case 'L':
        current?.segments.push({ type: 'line', to: { x: c.x!, y: c.y! } });
        break;
      case 'Q':
        current?.segments.push({ type: 'quad', c: { x: c.x1!, y: c.y1! }, to: { x: c.x!, y: c.y! } });
        break;
      case 'C':
        current?.segments.push({
          type: 'cubic',
          c1: { x: c.x1!, y: c.y1! },
          c2: { x: c.x2!, y: c.y2! },
          to: { x: c.x!, y: c.y! },
        });
        break;
      case 'Z':
        if (current) current.closed = true;
        current = null;
        break;
    }
  }
}

/**
 * The glyph outline of a text shape in its own coordinates: baseline of the first line at (x, y), lines
 * `LINE_HEIGHT` ems apart, each line placed by the anchor. Empty when the book has no fonts.
 */
export function textOutline(shape: Pick<TextShape, 'text' | 'font' | 'x' | 'y' | 'anchor'>, book: FontBook): PathData {
  const faces = book.candidates(shape.font);
  if (faces.length === 0) return [];
  const size = shape.font.size;
  const out: PathData = [];
  for (const [i, line] of shape.text.split('\n').entries()) {
    const runs = runsOf(line, faces);
    const width = runs.reduce((w, r) => w + r.face.font.getAdvanceWidth(r.text, size, { kerning: true }), 0);
    let x = shape.anchor === 'middle' ? shape.x - width / 2 : shape.anchor === 'end' ? shape.x - width : shape.x;
    const y = shape.y + i * size * LINE_HEIGHT;
    for (const r of runs) {
      toSubPaths(r.face.font.getPath(r.text, x, y, size, { kerning: true }).commands, out);
      x += r.face.font.getAdvanceWidth(r.text, size, { kerning: true });
    }
  }
  return out.filter((sp) => sp.segments.length > 0);
}

/** Fills the outline of every text shape that has none; returns how many it outlined. */
export function outlineTexts(doc: KerfDocument, book: FontBook): number {
  if (book.faces.length === 0) return 0;
  let n = 0;
  for (const { shape } of leafShapes(doc.shapes)) {
    if (shape.kind !== 'text' || shape.outline.length > 0) continue;
    shape.outline = textOutline(shape, book);
    n++;
  }
  return n;
}
