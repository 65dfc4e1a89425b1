// The part of opentype.js (2.x, which ships no types) that the text module uses. Its ES module build is
// imported by path: the package's "main" is a UMD file whose exports Node cannot see from an ES module.
declare module 'opentype.js/dist/opentype.mjs' {
  export interface PathCommand {
    type: 'M' | 'L' | 'C' | 'Q' | 'Z';
    x?: number;
    y?: number;
    x1?: number;
    y1?: number;
    x2?: number;
    y2?: number;
  }
  export interface Path {
    commands: PathCommand[];
  }
  export interface RenderOptions {
    kerning?: boolean;
    features?: Record<string, boolean>;
  }
  export interface FontNames {
    fontFamily?: Record<string, string>;
    preferredFamily?: Record<string, string>;
  }
  export interface Glyph {
    index: number;
    advanceWidth?: number;
    getPath(x: number, y: number, fontSize: number): Path;
  }
  export interface Font {
    unitsPerEm: number;
    ascender: number;
    descender: number;
    /** Name records by platform (opentype.js 2); each maps a language to the text. */
    names: Partial<Record<'windows' | 'macintosh' | 'unicode', FontNames>>;
    tables: {
      os2?: {
        usWeightClass?: number;
        fsSelection?: number;
        sxHeight?: number;
        ySubscriptYOffset?: number;
        ySuperscriptYOffset?: number;
      };
    };
    charToGlyphIndex(ch: string): number;
    charToGlyph(ch: string): Glyph;
    getKerningValue(left: Glyph, right: Glyph): number;
    getPath(text: string, x: number, y: number, fontSize: number, options?: RenderOptions): Path;
    getAdvanceWidth(text: string, fontSize: number, options?: RenderOptions): number;
  }
  export function parse(buffer: ArrayBuffer, options?: { lowMemory?: boolean }): Font;
}
