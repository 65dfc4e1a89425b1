import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { importSvg, parsePathData, parseTransform } from '../src/import/svg/index.js';
import type { BitmapShape, GroupShape, KerfDocument, LeafShape, RectShape, TextShape } from '../src/model/document.js';
import { FormatError, TooLargeError } from '../src/model/errors.js';
import { apply, type Matrix } from '../src/model/matrix.js';
import { pathBounds } from '../src/model/path.js';
import { leafShapes, placedPath, placedPolylines } from '../src/model/shapes.js';
import { exportSvg, formatNumber } from '../src/output/svg.js';
import { decodeImage } from '../src/raster/decode.js';

const svg = (body: string, attrs = 'viewBox="0 0 100 100" width="100mm" height="100mm"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attrs}>${body}</svg>`;

/** Document-space bounds of every leaf, rounded to 1e-6 mm. */
function bounds(doc: KerfDocument): Array<[number, number, number, number]> {
  return leafShapes(doc.shapes).map((p) => {
    const pts = placedPolylines(p, 0.001).flatMap((l) => l.points);
    const r = (v: number) => Math.round(v * 1e6) / 1e6;
    return [
      r(Math.min(...pts.map((q) => q.x))),
      r(Math.min(...pts.map((q) => q.y))),
      r(Math.max(...pts.map((q) => q.x))),
      r(Math.max(...pts.map((q) => q.y))),
    ];
  });
}

const leaves = (doc: KerfDocument): LeafShape[] => leafShapes(doc.shapes).map((p) => p.shape);
const close = (a: number, b: number, eps = 1e-9) => Math.abs(a - b) < eps;

describe('importSvg: size, units and viewBox', () => {
  it('turns the root size into millimetres for every unit', () => {
    const cases: Array<[string, number]> = [
      ['96', 25.4],
      ['96px', 25.4],
      ['10mm', 10],
      ['2cm', 20],
      ['1in', 25.4],
      ['72pt', 25.4],
      ['6pc', 25.4],
    ];
    for (const [w, mm] of cases) {
      const doc = importSvg(svg('', `width="${w}" height="${w}"`));
      expect(close(doc.width, mm) && close(doc.height, mm), w).toBe(true);
    }
    // No size: the viewBox's, in px.
    const vb = importSvg(svg('', 'viewBox="0 0 192 96"'));
    expect([vb.width, vb.height]).toEqual([50.8, 25.4]);
  });

  it('maps the viewBox onto the page in millimetres, lengths with units included', () => {
    const doc = importSvg(
      svg(
        '<rect x="10" y="20" width="30" height="40" fill="red"/><rect x="1in" y="5mm" width="50%" height="2em" font-size="10" fill="red"/>',
        'width="200mm" height="100mm" viewBox="0 0 100 50"',
      ),
    );
    expect(bounds(doc)[0]).toEqual([20, 40, 80, 120]);
    // 1in = 96 user units → 192 mm; 5mm = 18.8976 units → 37.795 mm; 50% of 100 = 50 units; 2em = 20 units.
    const [x0, y0, x1, y1] = bounds(doc)[1]!;
    expect(close(x0, 192, 1e-5) && close(y0, ((5 * 96) / 25.4) * 2, 1e-5)).toBe(true);
    expect(close(x1 - x0, 100, 1e-5) && close(y1 - y0, 40, 1e-5)).toBe(true);
  });

  it('follows preserveAspectRatio: every alignment, meet, slice and none', () => {
    // A 100×100 viewBox in a 200×100 px viewport: meet scales by 1, slice by 2.
    const at = (par: string) =>
      bounds(
        importSvg(
          svg(
            '<rect width="100" height="100"/>',
            `width="200" height="100" viewBox="0 0 100 100" preserveAspectRatio="${par}"`,
          ),
        ),
      )[0]!.map((v) => Math.round((v / 25.4) * 96 * 1000) / 1000);
    expect(at('xMinYMin meet')).toEqual([0, 0, 100, 100]);
    expect(at('xMidYMid meet')).toEqual([50, 0, 150, 100]);
    expect(at('xMaxYMax meet')).toEqual([100, 0, 200, 100]);
    expect(at('xMidYMid')).toEqual([50, 0, 150, 100]);
    expect(at('none')).toEqual([0, 0, 200, 100]);
    expect(at('xMinYMin slice')).toEqual([0, 0, 200, 200]);
    expect(at('xMidYMid slice')).toEqual([0, -50, 200, 150]);
    expect(at('xMaxYMax slice')).toEqual([0, -100, 200, 100]);
  });
});

describe('parsePathData', () => {
  const P = (d: string) => parsePathData(d);

  it('reads every command, absolute and relative, with exact coordinates', () => {
    const { path, error } = P(
      'M10 20 L30 40 l5 5 H50 h-10 V60 v-5 C1 2 3 4 5 6 c1 1 2 2 3 3 S9 9 10 10 s1 1 2 2 Q1 1 2 2 q1 0 1 1 T5 5 t1 1 A5 6 30 1 0 20 20 a5 5 0 0 1 5 5 Z',
    );
    expect(error).toBeNull();
    expect(path).toHaveLength(1);
    const sp = path[0]!;
    expect(sp.start).toEqual({ x: 10, y: 20 });
    expect(sp.closed).toBe(true);
    expect(sp.segments).toEqual([
      { type: 'line', to: { x: 30, y: 40 } },
      { type: 'line', to: { x: 35, y: 45 } },
      { type: 'line', to: { x: 50, y: 45 } },
      { type: 'line', to: { x: 40, y: 45 } },
      { type: 'line', to: { x: 40, y: 60 } },
      { type: 'line', to: { x: 40, y: 55 } },
      { type: 'cubic', c1: { x: 1, y: 2 }, c2: { x: 3, y: 4 }, to: { x: 5, y: 6 } },
      { type: 'cubic', c1: { x: 6, y: 7 }, c2: { x: 7, y: 8 }, to: { x: 8, y: 9 } },
      // S reflects the previous second control point (7,8) about (8,9).
      { type: 'cubic', c1: { x: 9, y: 10 }, c2: { x: 9, y: 9 }, to: { x: 10, y: 10 } },
      { type: 'cubic', c1: { x: 11, y: 11 }, c2: { x: 11, y: 11 }, to: { x: 12, y: 12 } },
      { type: 'quad', c: { x: 1, y: 1 }, to: { x: 2, y: 2 } },
      { type: 'quad', c: { x: 3, y: 2 }, to: { x: 3, y: 3 } },
      // T reflects (3,2) about (3,3); t reflects (3,4) about (5,5).
      { type: 'quad', c: { x: 3, y: 4 }, to: { x: 5, y: 5 } },
      { type: 'quad', c: { x: 7, y: 6 }, to: { x: 6, y: 6 } },
      { type: 'arc', rx: 5, ry: 6, rotation: 30, largeArc: true, sweep: false, to: { x: 20, y: 20 } },
      { type: 'arc', rx: 5, ry: 5, rotation: 0, largeArc: false, sweep: true, to: { x: 25, y: 25 } },
    ]);
  });

  it('handles implicit repeats, Z followed by drawing, and relative moves', () => {
    const a = P('m10 10 20 0 0 20z l5 5 m 1 1 2 2');
    expect(a.path.map((sp) => [sp.start, sp.segments.map((s) => s.to), sp.closed])).toEqual([
      [
        { x: 10, y: 10 },
        [
          { x: 30, y: 10 },
          { x: 30, y: 30 },
        ],
        true,
      ],
      // After z the pen is back at (10,10); l5 5 starts a new sub-path there.
      [{ x: 10, y: 10 }, [{ x: 15, y: 15 }], false],
      [{ x: 16, y: 16 }, [{ x: 18, y: 18 }], false],
    ]);
  });

  it('reads the number grammar shortcuts and flags without separators', () => {
    expect(P('M1.5.5L1e-3-2').path[0]).toEqual({
      start: { x: 1.5, y: 0.5 },
      segments: [{ type: 'line', to: { x: 0.001, y: -2 } }],
      closed: false,
    });
    expect(P('M0 0a1 1 0 015 5').path[0]!.segments[0]).toEqual({
      type: 'arc',
      rx: 1,
      ry: 1,
      rotation: 0,
      largeArc: false,
      sweep: true,
      to: { x: 5, y: 5 },
    });
    expect(P('M0,0 L+.5E+1,-.5e1').path[0]!.segments[0]!.to).toEqual({ x: 5, y: -5 });
  });

  it('keeps what precedes an error and says why it stopped', () => {
    const bad = P('M 10 10 L 20 20 L 30');
    expect(bad.path[0]!.segments).toEqual([{ type: 'line', to: { x: 20, y: 20 } }]);
    expect(bad.error).toMatch(/after 'L'/);
    expect(P('M0 0 A 5 5 0 2 1 10 10').path).toEqual([]); // flag 2 is invalid: nothing complete to draw
    expect(P('L 10 10').error).toMatch(/must start with M/);
    expect(P('M0 0 L 1e999 5').error).not.toBeNull(); // an infinite number is an error, not a coordinate
    expect(P('M0 0 L 5 5 # L 6 6').path[0]!.segments).toHaveLength(1);
  });
});

describe('parseTransform', () => {
  const pt = (m: Matrix | null, x: number, y: number) => {
    const p = apply(m!, { x, y });
    return [Math.round(p.x * 1e9) / 1e9, Math.round(p.y * 1e9) / 1e9];
  };

  it('applies lists right to left, with rotation centres and skews', () => {
    expect(pt(parseTransform('translate(10 20) scale(2)'), 1, 1)).toEqual([12, 22]);
    expect(pt(parseTransform('scale(2),translate(10,20)'), 1, 1)).toEqual([22, 42]);
    expect(pt(parseTransform('rotate(90 5 5)'), 10, 5)).toEqual([5, 10]);
    expect(pt(parseTransform('skewX(45)'), 0, 10)).toEqual([10, 10]);
    expect(pt(parseTransform('skewY(45)'), 10, 0)).toEqual([10, 10]);
    expect(pt(parseTransform('matrix(1 2 3 4 5 6)'), 1, 1)).toEqual([9, 12]);
    expect(pt(parseTransform('scale(3 0.5)'), 2, 2)).toEqual([6, 1]);
    expect(pt(parseTransform('rotate(90deg)'), 1, 0)).toEqual([0, 1]);
    expect(parseTransform('rotate(1 2)')).toBeNull();
    expect(parseTransform('translate(1 2) bogus(3)')).toBeNull();
  });

  it('nests group, shape and nested-svg transforms', () => {
    const doc = importSvg(
      svg(
        '<g transform="translate(10 0)"><g transform="scale(2)"><rect x="1" y="1" width="2" height="3" transform="translate(0 5)" fill="red"/></g></g>' +
          '<svg x="50" y="50" width="20" height="20" viewBox="0 0 10 10"><rect width="10" height="10" fill="blue"/></svg>',
      ),
    );
    expect(bounds(doc)).toEqual([
      [12, 12, 16, 18],
      [50, 50, 70, 70],
    ]);
    const g = doc.shapes[0] as GroupShape;
    expect(g.kind).toBe('group');
    const rect = (g.children[0] as GroupShape).children[0] as RectShape;
    expect([rect.kind, rect.x, rect.y, rect.width, rect.height]).toEqual(['rect', 1, 1, 2, 3]);
    expect(rect.transform).toEqual([1, 0, 0, 1, 0, 5]);
  });
});

describe('importSvg: shapes, use and symbol', () => {
  it('keeps basic shapes as shapes with SVG radius rules', () => {
    const doc = importSvg(
      svg(
        '<rect width="40" height="20" rx="5" fill="red"/><rect width="40" height="20" ry="30" fill="red"/>' +
          '<rect width="40" height="0" fill="red"/><circle cx="5" cy="6" r="4" fill="red"/><ellipse cx="1" cy="2" ry="3" fill="red"/>' +
          '<line x1="0" y1="0" x2="10" y2="5" stroke="red"/><polyline points="0,0 1,1 2,0 5" fill="none" stroke="red"/>' +
          '<polygon points="0 0 10 0 10 10" fill="red"/><polygon points="0 0" fill="red"/>',
      ),
    );
    const s = leaves(doc);
    expect(s.map((x) => x.kind)).toEqual(['rect', 'rect', 'ellipse', 'ellipse', 'polygon', 'polygon', 'polygon']);
    const [r1, r2, c, e, line, pl, pg] = s as [
      RectShape,
      RectShape,
      LeafShape,
      LeafShape,
      LeafShape,
      LeafShape,
      LeafShape,
    ];
    expect([r1.rx, r1.ry]).toEqual([5, 5]); // ry auto = rx
    expect([r2.rx, r2.ry]).toEqual([20, 10]); // rx auto = ry = 30, each clamped to half its side
    expect(c).toMatchObject({ cx: 5, cy: 6, rx: 4, ry: 4 });
    expect(e).toMatchObject({ cx: 1, cy: 2, rx: 3, ry: 3 }); // rx auto
    expect(line).toMatchObject({
      closed: false,
      points: [
        { x: 0, y: 0 },
        { x: 10, y: 5 },
      ],
    });
    expect(pl).toMatchObject({
      closed: false,
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 0 },
      ],
    }); // odd coordinate dropped
    expect(pg).toMatchObject({ closed: true });
  });

  it('copies referenced elements with <use> (href and xlink:href), x/y and symbols with viewBox', () => {
    const doc = importSvg(
      svg(
        '<defs><rect id="r" width="10" height="10" fill="red"/><symbol id="s" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="blue"/></symbol></defs>' +
          '<use href="#r" x="20" y="30"/><use xlink:href="#r" transform="scale(2)"/><use href="#s" x="50" y="50" width="40" height="20"/>',
      ),
    );
    // The symbol's 10×10 viewBox meets a 40×20 viewport: scale 2, centred along x.
    expect(bounds(doc)).toEqual([
      [20, 30, 30, 40],
      [0, 0, 20, 20],
      [60, 50, 80, 70],
    ]);
    expect(doc.shapes.every((s) => s.kind === 'group')).toBe(true);
    expect(leaves(doc).map((s) => s.kind)).toEqual(['rect', 'rect', 'ellipse']);
  });

  it('clips nested viewports: shapes inside stay shapes, crossing ones are trimmed, overflow=visible is not clipped', () => {
    const doc = importSvg(
      svg(
        '<svg width="50" height="50"><rect x="10" y="10" width="5" height="5" fill="red"/><circle cx="50" cy="50" r="40" fill="red"/>' +
          '<line x1="-10" y1="25" x2="80" y2="25" stroke="blue"/><rect x="60" y="60" width="5" height="5" fill="red"/></svg>' +
          '<svg width="50" height="50" overflow="visible"><circle cx="50" cy="50" r="40" fill="red"/></svg>',
      ),
    );
    expect(leaves(doc).map((s) => s.kind)).toEqual(['rect', 'path', 'path', 'ellipse']);
    const [, disc, line, whole] = bounds(doc);
    const within = (b: number[], lo: number, hi: number) => b.every((v) => v >= lo - 1e-9 && v <= hi + 1e-9);
    expect(within(disc!, 10, 50)).toBe(true);
    expect(disc![2]).toBeCloseTo(50, 6); // trimmed at the viewport's right edge
    expect(line).toEqual([0, 25, 50, 25]);
    expect(whole).toEqual([10, 10, 90, 90]);
  });

  it('does not draw defs, symbols, hidden or undisplayed elements', () => {
    const doc = importSvg(
      svg(
        '<defs><rect width="5" height="5"/></defs><symbol><rect width="5" height="5"/></symbol>' +
          '<g display="none"><rect width="5" height="5"/></g><rect width="5" height="5" visibility="hidden"/>' +
          '<g visibility="hidden"><rect width="5" height="5" visibility="visible" fill="green"/></g>',
      ),
    );
    expect(leaves(doc).map((s) => s.style?.fill)).toEqual(['#008000']);
  });
});

describe('importSvg: CSS and colours', () => {
  const fills = (body: string) => leaves(importSvg(svg(body))).map((s) => s.style?.fill ?? null);
  const R = (attrs: string) => `<rect width="1" height="1" ${attrs}/>`;

  it('applies the cascade: attributes < rules by specificity < style attribute < !important', () => {
    const css = `<style><![CDATA[
      rect { fill: red }
      .a { fill: #00f }
      #i { fill: rgb(0, 128, 0) }
      [data-x="1"] { fill: yellow }
      g > rect.b { fill: rgb(100%, 0%, 100%) }
      g rect.c { fill: #abc }
      .d { fill: navy !important }
      * { stroke: none }
    ]]></style>`;
    expect(
      fills(
        `${css}${R('fill="black"')}${R('class="a"')}${R('class="a" id="i"')}${R('data-x="1"')}<g>${R('class="b"')}<a>${R('class="b c"')}</a></g>${R('class="a" style="fill: lime"')}${R('class="d" style="fill: lime"')}${R('class="d" style="fill: lime !important"')}`,
      ),
    ).toEqual(['#ff0000', '#0000ff', '#008000', '#ffff00', '#ff00ff', '#aabbcc', '#00ff00', '#000080', '#00ff00']);
  });

  it('inherits fill, stroke and widths through groups and use, and resolves currentColor', () => {
    const doc = importSvg(
      svg(
        '<g fill="blue" stroke="#f00" stroke-width="2" color="teal"><rect width="1" height="1"/><rect width="1" height="1" fill="currentColor" stroke="inherit"/></g>' +
          '<defs><rect id="u" width="1" height="1"/></defs><use href="#u" fill="rgb(10,20,30)"/>',
        'viewBox="0 0 10 10" width="20mm" height="20mm"',
      ),
    );
    expect(
      leaves(doc).map((s) => [s.style?.fill, s.style?.stroke, Math.round(s.style!.strokeWidth! * 1e9) / 1e9]),
    ).toEqual([
      ['#0000ff', '#ff0000', 4],
      ['#008080', '#ff0000', 4],
      ['#0a141e', null, 2],
    ]);
  });

  it('reads colour notations and the named colours', () => {
    expect(
      fills(
        [
          R('fill="#ABC"'),
          R('fill="#a1b2c3"'),
          R('fill="rgb(255,0,0)"'),
          R('fill="rgb(50%, 50%, 0%)"'),
          R('fill="hsl(120, 100%, 25%)"'),
          R('fill="cornflowerblue"'),
          R('fill="REBECCAPURPLE"'),
          R('fill="none" stroke="red"'),
        ].join(''),
      ),
    ).toEqual(['#aabbcc', '#a1b2c3', '#ff0000', '#808000', '#008000', '#6495ed', '#663399', null]);
  });
});

describe('importSvg: layers, pictures and text', () => {
  it('makes a cut layer per stroke colour and fill layers for unstroked shapes', () => {
    const doc = importSvg(
      svg(
        '<rect width="1" height="1" stroke="red" fill="none"/><rect width="1" height="1" stroke="#f00" fill="blue"/>' +
          '<circle r="1" fill="blue"/><path d="M0 0L1 1" stroke="#0000ff"/><rect width="1" height="1" fill="none"/>',
      ),
    );
    expect(doc.layers.map((l) => [l.name, l.color, l.mode, l.fill])).toEqual([
      ['#ff0000', '#ff0000', 'cut', 'none'],
      ['#0000ff', '#0000ff', 'fill', 'single'],
    ]);
    expect(leaves(doc).map((s) => s.layerId)).toEqual(['L1', 'L1', 'L2', 'L2']);
    expect(doc.meta.warnings).toContain('1 shape(s) with neither fill nor stroke were left out');
    expect(doc.meta.source).toBe('svg');
  });

  it('keeps embedded PNG and JPEG pictures as bitmaps with their pixel size, and skips linked ones', () => {
    const png = encode({ width: 3, height: 2, data: new Uint8Array(3 * 2 * 4), channels: 4 });
    const pngUrl = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
    // A minimal JPEG header: SOI, then a baseline SOF0 for 7×5 pixels.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 5, 0, 7, 1, 1, 0x11, 0]);
    const jpegUrl = `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`;
    const doc = importSvg(
      svg(
        `<image href="${pngUrl}" x="10" y="10" width="30" height="30"/><image xlink:href="${jpegUrl}" width="14" height="10" preserveAspectRatio="none"/><image href="photo.png" width="5" height="5"/>`,
      ),
    );
    const [a, b] = leaves(doc) as BitmapShape[];
    // 3×2 pixels meet a 30×30 box: 30×20, centred vertically.
    expect([a!.x, a!.y, a!.width, a!.height, a!.pixelWidth, a!.pixelHeight, a!.src]).toEqual([
      10,
      15,
      30,
      20,
      3,
      2,
      pngUrl,
    ]);
    expect([b!.pixelWidth, b!.pixelHeight, b!.width, b!.height]).toEqual([7, 5, 14, 10]);
    expect(a!.settings.dither).toBe('floyd-steinberg');
    expect(doc.layers.map((l) => [l.name, l.mode])).toEqual([['image', 'image']]);
    expect(doc.meta.warnings).toContain('pictures linked from outside the file are not imported');
  });

  it('keeps text as text with its font in millimetres and an empty outline', () => {
    const doc = importSvg(
      svg(
        '<text x="10 20" y="30" font-family="Noto Sans" font-size="8" font-weight="bold" font-style="italic" text-anchor="middle" fill="red">Hello <tspan>  world</tspan>\n</text>',
        'viewBox="0 0 100 100" width="50mm" height="50mm"',
      ),
    );
    const t = leaves(doc)[0] as TextShape;
    expect([t.text, t.font.family, t.font.size, t.font.weight, t.font.style, t.anchor, t.x, t.y, t.outline]).toEqual([
      'Hello world',
      'Noto Sans',
      4,
      700,
      'italic',
      'middle',
      5,
      15,
      [],
    ]);
    const placed = leafShapes(doc.shapes)[0]!;
    expect(apply(placed.matrix, { x: t.x, y: t.y })).toEqual({ x: 5, y: 15 });
    expect(doc.meta.warnings!.some((w) => /outline is made by the editor/.test(w))).toBe(true);
  });

  it('names what it does not carry: blend modes, paint order, text decoration, vertical text (not their defaults)', () => {
    const doc = importSvg(
      svg(
        '<rect width="5" height="5" mix-blend-mode="multiply" paint-order="stroke"/>' +
          '<rect width="5" height="5" style="mix-blend-mode: normal; writing-mode: horizontal-tb"/>' +
          '<text y="9" text-decoration="underline" writing-mode="tb">A</text>',
      ),
    );
    const w = doc.meta.warnings ?? [];
    for (const re of [/blend modes/, /paint order/, /underlines/, /vertical text/])
      expect(
        w.some((x) => re.test(x)),
        String(re),
      ).toBe(true);
    const quiet = importSvg(
      svg('<rect width="5" height="5" style="mix-blend-mode: normal; writing-mode: horizontal-tb"/>'),
    );
    expect(quiet.meta.warnings ?? []).toEqual([]);
  });

  it('keeps the paint: shape, fill and stroke opacities apart, and dashes as dashes (in mm)', () => {
    const doc = importSvg(
      svg(
        '<g opacity="0.5"><rect width="5" height="5" opacity="0.8" fill="rgba(0,0,255,0.5)" stroke="#f00" stroke-opacity="0.25" ' +
          'stroke-dasharray="2 1 3" stroke-dashoffset="1" transform="scale(2)"/></g>' +
          '<path d="M0 0 H9" stroke="#000" stroke-dasharray="0 0"/><path d="M0 1 H9" stroke="#000" stroke-dasharray="1 -1"/>',
      ),
    );
    const [rect, allZero, negative] = leaves(doc);
    expect(rect!.style).toMatchObject({
      opacity: 0.4,
      fillOpacity: 0.5,
      strokeOpacity: 0.25,
      dash: [4, 2, 6, 4, 2, 6],
      dashOffset: 2,
    });
    expect(allZero!.style?.dash).toBeUndefined();
    expect(negative!.style?.dash).toBeUndefined();
    expect(doc.meta.warnings ?? []).not.toContainEqual(expect.stringMatching(/dash/));
    // And they travel through the SVG export.
    const out = exportSvg(doc);
    expect(out).toMatch(/fill-opacity="0.5"/);
    expect(out).toMatch(/stroke-opacity="0.25"/);
    expect(out).toMatch(/stroke-dasharray="2 1 3 2 1 3"/);
  });

  it('lists unsupported features once each, and takes a one-stop gradient as its exact colour', () => {
    const doc = importSvg(
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#123456"/><stop offset="1" stop-color="white"/></linearGradient>' +
          '<linearGradient id="one"><stop stop-color="green" stop-opacity="0.5"/></linearGradient><clipPath id="c"><rect width="1" height="1"/></clipPath></defs>' +
          '<rect width="5" height="5" fill="url(#g)" clip-path="url(#c)"/><rect width="5" height="5" fill="url(#g)" filter="url(#f)" mask="url(#m)"/>' +
          '<rect width="5" height="5" fill="url(#one)"/><rect width="5" height="5" fill="url(#missing) blue"/>',
      ),
    );
    expect(leaves(doc).map((s) => [s.style?.fill, s.style?.fillOpacity])).toEqual([
      ['#123456', undefined],
      ['#123456', undefined],
      ['#008000', 0.5],
      ['#0000ff', undefined],
    ]);
    const w = doc.meta.warnings!;
    expect(new Set(w).size).toBe(w.length);
    // The clip path is applied (the first square is cut to 1 × 1); the rest is named.
    expect(pathBounds(placedPath(leafShapes(doc.shapes)[0]!))).toMatchObject({ minX: 0, minY: 0 });
    expect(pathBounds(placedPath(leafShapes(doc.shapes)[0]!)).maxX).toBeCloseTo(1, 6);
    expect(w.some((x) => /clip/.test(x))).toBe(false);
    for (const re of [/gradients/, /filters/, /mask/])
      expect(
        w.some((x) => re.test(x)),
        String(re),
      ).toBe(true);
  });
});

describe('importSvg: GIF and WebP pictures', () => {
  const picture = (name: string) =>
    new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', 'pictures', name)));
  const dataUrl = (name: string, type: string) =>
    `data:${type};base64,${Buffer.from(picture(name)).toString('base64')}`;

  it('imports GIF and WebP pictures as bitmaps with their pixel size, keeping the data', () => {
    const doc = importSvg(
      svg(
        `<image width="40" height="20" href="${dataUrl('pic.gif', 'image/gif')}"/>` +
          `<image y="30" width="40" height="20" href="${dataUrl('pic.webp', 'image/webp')}"/>`,
      ),
    );
    const [gif, webp] = leaves(doc) as BitmapShape[];
    expect([gif!.pixelWidth, gif!.pixelHeight, webp!.pixelWidth, webp!.pixelHeight]).toEqual([40, 20, 40, 20]);
    expect(webp!.src.startsWith('data:image/webp;base64,')).toBe(true);
    expect(doc.meta.warnings ?? []).toEqual([]);
  });

  it('decodes a GIF (its first frame) to the pixels of the PNG it was made from, within its palette', () => {
    const gif = decodeImage(picture('pic.gif'));
    const png = decodeImage(picture('pic.png'));
    expect([gif.width, gif.height]).toEqual([png.width, png.height]);
    let worst = 0;
    for (let i = 0; i < png.rgba.length; i++) worst = Math.max(worst, Math.abs(gif.rgba[i]! - png.rgba[i]!));
    expect(worst).toBeLessThanOrEqual(2);
    // WebP needs the platform's decoder, and says so.
    expect(() => decodeImage(picture('pic.webp'))).toThrow(/WebP/);
  });
});

describe('importSvg: hostile and broken input', () => {
  it('refuses deep nesting with a clear FormatError instead of overflowing the stack', () => {
    const deep = svg(`${'<g>'.repeat(10_000)}<rect width="1" height="1"/>${'</g>'.repeat(10_000)}`);
    expect(() => importSvg(deep)).toThrow(FormatError);
    expect(() => importSvg(deep)).toThrow(/nested more than 1000 levels/);
    // 900 levels is legal and still imports.
    const ok = importSvg(svg(`${'<g>'.repeat(900)}<rect width="1" height="1"/>${'</g>'.repeat(900)}`));
    expect(leaves(ok)).toHaveLength(1);
  });

  it('cuts recursive <use> with a warning', () => {
    for (const body of [
      '<g id="a"><use href="#a"/><rect width="5" height="5"/></g>',
      '<use id="u" href="#u"/><rect width="5" height="5"/>',
      '<defs><g id="x"><use href="#y"/></g><g id="y"><use href="#x"/></g></defs><use href="#x"/><rect width="5" height="5"/>',
    ]) {
      const doc = importSvg(svg(body));
      expect(leaves(doc).length, body).toBeGreaterThan(0);
      expect(
        doc.meta.warnings!.some((w) => /refers to itself/.test(w)),
        body,
      ).toBe(true);
    }
  });

  // 250 000 shapes take about a second alone; the long timeout only covers a busy machine.
  it('stops a "billion laughs" chain of <use> at the shape limit with a warning', { timeout: 60_000 }, () => {
    const chain = Array.from(
      { length: 40 },
      (_, i) => `<g id="l${i + 1}"><use href="#l${i}"/><use href="#l${i}"/></g>`,
    );
    const doc = importSvg(svg(`<defs><rect id="l0" width="1" height="1"/>${chain.join('')}</defs><use href="#l40"/>`));
    expect(leaves(doc).length).toBeLessThanOrEqual(250_000);
    expect(leaves(doc).length).toBeGreaterThan(1000);
    expect(doc.meta.warnings!.some((w) => /more than 250000 shapes/.test(w))).toBe(true);
  });

  it('never expands DTD entities (entity bombs cost nothing)', () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY l0 "lol">${lol}]>${svg('<text y="10">&l9;</text>')}`;
    const doc = importSvg(bomb);
    expect((leaves(doc)[0] as TextShape).text).toBe('&l9;');
    expect(doc.meta.warnings!.some((w) => /does not expand them/.test(w))).toBe(true);
  });

  it('refuses what is not an SVG with a reason', () => {
    const cases: Array<[string | Uint8Array, RegExp]> = [
      ['hello', /not valid XML/],
      ['<html><body/></html>', /root element is <html>/],
      [svg('<g><rect width="5" height="5"/>').slice(0, -6), /ends inside <g>|not valid XML/],
      [svg('<g></rect></g>'), /closes <g>/],
      [svg('', 'width="1e308" height="10"'), /more than the 10000 mm/],
      [svg('', 'width="0" height="10"'), /no area/],
      [svg('<rect x=5/>'), /not quoted/],
      [new Uint8Array([0x1f, 0x8b, 8, 0]), /compressed/],
    ];
    for (const [input, re] of cases) {
      let err: unknown;
      try {
        importSvg(input);
      } catch (e) {
        err = e;
      }
      expect(err, String(re)).toBeInstanceOf(FormatError);
      expect((err as FormatError).reason, String(re)).toMatch(re);
    }
  });

  it('draws paths up to a malformed number and skips non-finite geometry', () => {
    const doc = importSvg(
      svg('<path d="M0 0 L10 0 L10 1e999 L0 10" stroke="red"/><rect width="1e999" height="5" fill="red"/>'),
    );
    const s = leaves(doc);
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ kind: 'path', path: [{ segments: [{ type: 'line', to: { x: 10, y: 0 } }] }] });
    expect(doc.meta.warnings!.some((w) => /path data error/.test(w))).toBe(true);
    const overflow = importSvg(
      svg('<g transform="scale(1e200)"><g transform="scale(1e200)"><rect width="5" height="5"/></g></g>'),
    );
    expect(leaves(overflow)).toEqual([]);
    expect(overflow.meta.warnings).toContain('shapes scaled beyond any usable size were left out');
  });

  it('refuses files over 50 MB before parsing them', () => {
    expect(() => importSvg(new Uint8Array(50 * 1024 * 1024 + 1))).toThrow(TooLargeError);
  });

  it('reads UTF-16 and declared 8-bit encodings', () => {
    const text = svg('<text y="5" fill="red">Привет</text>');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect((leaves(importSvg(new Uint8Array(utf16)))[0] as TextShape).text).toBe('Привет');
    const latin = Buffer.from(
      `<?xml version="1.0" encoding="ISO-8859-1"?>${svg('<text y="5" fill="red">caf\u00e9</text>')}`,
      'latin1',
    );
    expect((leaves(importSvg(new Uint8Array(latin)))[0] as TextShape).text).toBe('café');
  });
});

describe('exportSvg', () => {
  it('writes a millimetre SVG with one group per layer and plain decimal numbers', () => {
    const doc = importSvg(
      svg(
        '<rect x="0.0000001" y="1e-3" width="12345678" height="2" stroke="red" fill="none"/><path d="M0 0A5 5 0 1 1 10 0Q5 5 0 0Z" fill="blue"/>',
        'viewBox="0 0 100 100" width="100mm" height="100mm"',
      ),
    );
    const out = exportSvg(doc);
    expect(out).toContain('width="100mm" height="100mm" viewBox="0 0 100 100"');
    expect(out.match(/<g id="layer-\d+" data-kerf-layer="L\d"/g)).toHaveLength(2);
    expect(out).toContain('data-kerf-color="#ff0000" data-kerf-mode="cut"');
    expect(out).toContain('d="M0 0A5 5 0 1 1 10 0Q5 5 0 0Z"');
    expect(out).toContain('width="12345678"');
    expect(out).not.toMatch(/\de[+-]?\d/);
    expect([formatNumber(1e-7), formatNumber(-0.5), formatNumber(1 / 3), formatNumber(1e22)]).toEqual([
      '0',
      '-0.5',
      '0.333333',
      '10000000000000000000000',
    ]);
  });
});
