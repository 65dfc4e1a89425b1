import { nearestAci } from '../import/dxf/aci.js';
import type { EllipseShape, KerfDocument, Layer, TextShape } from '../model/document.js';
import { apply, determinant, type Matrix, type Vec2 } from '../model/matrix.js';
import { arcToCenter, ellipsePath, type Segment, transformPath } from '../model/path.js';
import { leafShapes, type PlacedShape, placedPath } from '../model/shapes.js';

/**
 * A Kerf document as an AutoCAD 2000 (AC1015) ASCII DXF, millimetres, y up — or AutoCAD 2007 (AC1021),
 * whose text is UTF-8, when a layer name or a text is not plain ASCII (an R2000 file would need \U+
 * escapes, which are not allowed in layer names). Every leaf is placed with
 * its full transform and written as exact CAD geometry — lines and circular arcs as LWPOLYLINE with
 * bulges, elliptical arcs and ellipses as ELLIPSE, circles as CIRCLE, Bézier runs as cubic SPLINEs and
 * text as TEXT. Bitmaps are not written. The file carries the tables, blocks and objects a full DXF
 * reader expects (handles and owners consistent), one DXF layer per Kerf layer.
 */
export interface DxfExportOptions {
  /** Written as the text style's font (default `arial.ttf`). */
  font?: string;
}

const TAU = 2 * Math.PI;

/** Fixed handles of the file's structure; entity handles start after them. */
const H = {
  vportTable: '8',
  ltypeTable: '5',
  layerTable: '2',
  styleTable: '3',
  viewTable: '6',
  ucsTable: '7',
  appidTable: '9',
  dimstyleTable: 'A',
  blockRecordTable: '1',
  rootDict: 'C',
  groupDict: 'D',
  layoutDict: '1A',
  vport: '29',
  ltByBlock: '14',
  ltByLayer: '15',
  ltContinuous: '16',
  layer0: '10',
  styleStandard: '11',
  appidAcad: '12',
  dimstyleStandard: '27',
  modelRecord: '1F',
  paperRecord: '1B',
  modelBlock: '20',
  modelEndblk: '21',
  paperBlock: '1C',
  paperEndblk: '1D',
  modelLayout: '22',
  paperLayout: '1E',
  plotStyleDict: '0E',
  plotStyleNormal: '0F',
} as const;
const FIRST_FREE_HANDLE = 0x100;

/** DXF text: group code and value lines, numbers in shortest round-trip form. */
class DxfText {
  private readonly parts: string[] = [];

  pair(code: number, value: string | number): this {
    const text = typeof value === 'string' ? value : isIntegerCode(code) ? String(Math.round(value)) : num(value);
    this.parts.push(String(code), text);
    return this;
  }

  point(code: number, x: number, y: number, z = 0): this {
    return this.pair(code, x)
      .pair(code + 10, y)
      .pair(code + 20, z);
  }

  /** Each part on its own line; nothing at all when empty (a blank line would break the file). */
  toString(): string {
    return this.parts.length ? `${this.parts.join('\n')}\n` : '';
  }
}

/** Group codes whose values are integers (flags, counts, colours, enums). */
function isIntegerCode(code: number): boolean {
  return (
    (code >= 60 && code <= 99) ||
    (code >= 170 && code <= 179) ||
    (code >= 270 && code <= 289) ||
    (code >= 370 && code <= 389) ||
    (code >= 400 && code <= 409) ||
    (code >= 420 && code <= 429) ||
    (code >= 440 && code <= 459) ||
    (code >= 1060 && code <= 1071)
  );
}

function num(v: number): string {
  if (!Number.isFinite(v)) return '0.0';
  if (Math.abs(v) < 1e-12) return '0.0';
  const s = String(v);
  return /[.e]/.test(s) ? s : `${s}.0`;
}

/** A text value on one line: control characters dropped (non-ASCII text makes the file UTF-8, see needsUnicode). */
function oneLine(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return s.replace(/[\u0000-\u001f]/g, '');
}

/** Whether the document needs a UTF-8 (AC1021) file: a layer name or a text beyond ASCII. */
function needsUnicode(doc: KerfDocument): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is what is tested
  const wide = (s: string) => /[^\u0000-\u007f]/.test(s);
  if (doc.layers.some((l) => wide(l.name))) return true;
  return leafShapes(doc.shapes).some(
    (p) => p.shape.kind === 'text' && p.shape.outline.length === 0 && wide(p.shape.text),
  );
}

/** A valid, unique DXF layer name for each Kerf layer (layer "0" stays "0"). */
function layerNames(layers: readonly Layer[]): Map<string, string> {
  const used = new Set<string>(['0']);
  const out = new Map<string, string>();
  for (const l of layers) {
    let base = oneLine(l.name.replace(/[<>/\\":;?*|=`]/g, '_').trim()) || l.id;
    if (base === '0') {
      out.set(l.id, '0');
      continue;
    }
    let name = base;
    for (let i = 2; used.has(name.toUpperCase()); i++) name = `${base}_${i}`;
    base = name;
    used.add(base.toUpperCase());
    out.set(l.id, base);
  }
  return out;
}

function colorOf(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  return m ? Number.parseInt(m[1]!, 16) : 0;
}

/** Writes the document as DXF text. */
export function exportDxf(doc: KerfDocument, options: DxfExportOptions = {}): string {
  const unicode = needsUnicode(doc);
  const names = layerNames(doc.layers);
  let next = FIRST_FREE_HANDLE;
  const handle = () => (next++).toString(16).toUpperCase();
  const layerHandles = new Map(doc.layers.map((l) => [l.id, handle()]));
  const ent = new DxfText();
  const writer = new EntityWriter(ent, handle, doc.height);
  for (const placed of leafShapes(doc.shapes)) writer.shape(placed, names.get(placed.shape.layerId) ?? '0');
  const out = new DxfText();
  writeHeader(out, doc, handle(), unicode ? 'AC1021' : 'AC1015');
  out.pair(0, 'SECTION').pair(2, 'CLASSES').pair(0, 'ENDSEC');
  writeTables(out, doc, names, layerHandles, options.font ?? 'arial.ttf');
  writeBlocks(out);
  return `${out.toString()}0\nSECTION\n2\nENTITIES\n${ent.toString()}0\nENDSEC\n${objects()}0\nEOF\n`;
}

// -------------------------------------------------------------------------------------- sections

function writeHeader(w: DxfText, doc: KerfDocument, handseed: string, version: 'AC1015' | 'AC1021'): void {
  w.pair(0, 'SECTION').pair(2, 'HEADER');
  w.pair(9, '$ACADVER').pair(1, version);
  w.pair(9, '$ACADMAINTVER').pair(70, 6);
  w.pair(9, '$DWGCODEPAGE').pair(3, 'ANSI_1252');
  w.pair(9, '$INSBASE').point(10, 0, 0);
  w.pair(9, '$EXTMIN').point(10, 0, 0);
  w.pair(9, '$EXTMAX').point(10, doc.width, doc.height);
  w.pair(9, '$LIMMIN').pair(10, 0).pair(20, 0);
  w.pair(9, '$LIMMAX').pair(10, doc.width).pair(20, doc.height);
  w.pair(9, '$INSUNITS').pair(70, 4);
  w.pair(9, '$MEASUREMENT').pair(70, 1);
  // The handle seed must exceed every handle in the file: entity handles are all taken by now.
  w.pair(9, '$HANDSEED').pair(5, handseed);
  w.pair(0, 'ENDSEC');
}

function tableHead(w: DxfText, name: string, handle: string, count: number, subclass = 'AcDbSymbolTable'): void {
  w.pair(0, 'TABLE').pair(2, name).pair(5, handle).pair(330, '0').pair(100, subclass).pair(70, count);
}

function record(w: DxfText, type: string, handle: string, owner: string, subclass: string): void {
  w.pair(0, type).pair(5, handle).pair(330, owner).pair(100, 'AcDbSymbolTableRecord').pair(100, subclass);
}

function writeTables(
  w: DxfText,
  doc: KerfDocument,
  names: Map<string, string>,
  layerHandles: Map<string, string>,
  font: string,
): void {
  w.pair(0, 'SECTION').pair(2, 'TABLES');
  tableHead(w, 'VPORT', H.vportTable, 1);
  record(w, 'VPORT', H.vport, H.vportTable, 'AcDbViewportTableRecord');
  w.pair(2, '*Active').pair(70, 0);
  w.pair(10, 0).pair(20, 0).pair(11, 1).pair(21, 1);
  w.pair(12, doc.width / 2).pair(22, doc.height / 2);
  w.pair(13, 0).pair(23, 0).pair(14, 10).pair(24, 10).pair(15, 10).pair(25, 10);
  w.pair(16, 0).pair(26, 0).pair(36, 1).pair(17, 0).pair(27, 0).pair(37, 0);
  w.pair(40, Math.max(doc.height, doc.width) * 1.1)
    .pair(41, 1.5)
    .pair(42, 50)
    .pair(43, 0)
    .pair(44, 0);
  w.pair(50, 0).pair(51, 0).pair(71, 0).pair(72, 100).pair(73, 1).pair(74, 3).pair(75, 0).pair(76, 0);
  w.pair(77, 0).pair(78, 0).pair(281, 0).pair(65, 1).pair(110, 0).pair(120, 0).pair(130, 0);
  w.pair(111, 1).pair(121, 0).pair(131, 0).pair(112, 0).pair(122, 1).pair(132, 0).pair(79, 0).pair(146, 0);
  w.pair(0, 'ENDTAB');

  tableHead(w, 'LTYPE', H.ltypeTable, 3);
  for (const [h, name, text] of [
    [H.ltByBlock, 'ByBlock', ''],
    [H.ltByLayer, 'ByLayer', ''],
    [H.ltContinuous, 'Continuous', 'Solid line'],
  ] as const) {
    record(w, 'LTYPE', h, H.ltypeTable, 'AcDbLinetypeTableRecord');
    w.pair(2, name).pair(70, 0).pair(3, text).pair(72, 65).pair(73, 0).pair(40, 0);
  }
  w.pair(0, 'ENDTAB');

  const layers = [...doc.layers].filter((l) => names.get(l.id) !== '0');
  const zero = doc.layers.find((l) => names.get(l.id) === '0');
  tableHead(w, 'LAYER', H.layerTable, layers.length + 1);
  writeLayer(w, H.layer0, '0', zero ? colorOf(zero.color) : 0);
  for (const l of layers) writeLayer(w, layerHandles.get(l.id)!, names.get(l.id)!, colorOf(l.color));
  w.pair(0, 'ENDTAB');

  tableHead(w, 'STYLE', H.styleTable, 1);
  record(w, 'STYLE', H.styleStandard, H.styleTable, 'AcDbTextStyleTableRecord');
  w.pair(2, 'Standard').pair(70, 0).pair(40, 0).pair(41, 1).pair(50, 0).pair(71, 0).pair(42, 2.5);
  w.pair(3, font).pair(4, '');
  w.pair(0, 'ENDTAB');

  tableHead(w, 'VIEW', H.viewTable, 0);
  w.pair(0, 'ENDTAB');
  tableHead(w, 'UCS', H.ucsTable, 0);
  w.pair(0, 'ENDTAB');

  tableHead(w, 'APPID', H.appidTable, 1);
  record(w, 'APPID', H.appidAcad, H.appidTable, 'AcDbRegAppTableRecord');
  w.pair(2, 'ACAD').pair(70, 0);
  w.pair(0, 'ENDTAB');

  tableHead(w, 'DIMSTYLE', H.dimstyleTable, 1);
  w.pair(100, 'AcDbDimStyleTable').pair(71, 0);
  w.pair(0, 'DIMSTYLE').pair(105, H.dimstyleStandard).pair(330, H.dimstyleTable);
  w.pair(100, 'AcDbSymbolTableRecord').pair(100, 'AcDbDimStyleTableRecord');
  w.pair(2, 'Standard').pair(70, 0).pair(340, H.styleStandard);
  w.pair(0, 'ENDTAB');

  tableHead(w, 'BLOCK_RECORD', H.blockRecordTable, 2);
  record(w, 'BLOCK_RECORD', H.modelRecord, H.blockRecordTable, 'AcDbBlockTableRecord');
  w.pair(2, '*Model_Space').pair(340, H.modelLayout).pair(70, 0).pair(280, 1).pair(281, 0);
  record(w, 'BLOCK_RECORD', H.paperRecord, H.blockRecordTable, 'AcDbBlockTableRecord');
  w.pair(2, '*Paper_Space').pair(340, H.paperLayout).pair(70, 0).pair(280, 1).pair(281, 0);
  w.pair(0, 'ENDTAB');
  w.pair(0, 'ENDSEC');
}

function writeLayer(w: DxfText, handle: string, name: string, rgb: number): void {
  record(w, 'LAYER', handle, H.layerTable, 'AcDbLayerTableRecord');
  w.pair(2, name)
    .pair(70, 0)
    .pair(62, nearestAci(rgb))
    .pair(420, rgb & 0xffffff);
  w.pair(6, 'Continuous').pair(370, -3).pair(390, H.plotStyleNormal);
}

function writeBlocks(w: DxfText): void {
  w.pair(0, 'SECTION').pair(2, 'BLOCKS');
  for (const [block, end, owner, name, paper] of [
    [H.modelBlock, H.modelEndblk, H.modelRecord, '*Model_Space', false],
    [H.paperBlock, H.paperEndblk, H.paperRecord, '*Paper_Space', true],
  ] as const) {
    w.pair(0, 'BLOCK').pair(5, block).pair(330, owner).pair(100, 'AcDbEntity');
    if (paper) w.pair(67, 1);
    w.pair(8, '0').pair(100, 'AcDbBlockBegin').pair(2, name).pair(70, 0).point(10, 0, 0).pair(3, name).pair(1, '');
    w.pair(0, 'ENDBLK').pair(5, end).pair(330, owner).pair(100, 'AcDbEntity');
    if (paper) w.pair(67, 1);
    w.pair(8, '0').pair(100, 'AcDbBlockEnd');
  }
  w.pair(0, 'ENDSEC');
}

/** The OBJECTS section: root dictionary, groups, plot style names and the two layouts. */
function objects(): string {
  const w = new DxfText();
  w.pair(0, 'SECTION').pair(2, 'OBJECTS');
  w.pair(0, 'DICTIONARY').pair(5, H.rootDict).pair(330, '0').pair(100, 'AcDbDictionary').pair(281, 1);
  w.pair(3, 'ACAD_GROUP').pair(350, H.groupDict);
  w.pair(3, 'ACAD_LAYOUT').pair(350, H.layoutDict);
  w.pair(3, 'ACAD_PLOTSTYLENAME').pair(350, H.plotStyleDict);
  w.pair(0, 'DICTIONARY').pair(5, H.groupDict).pair(330, H.rootDict).pair(100, 'AcDbDictionary').pair(281, 1);
  w.pair(0, 'DICTIONARY').pair(5, H.layoutDict).pair(330, H.rootDict).pair(100, 'AcDbDictionary').pair(281, 1);
  w.pair(3, 'Model').pair(350, H.modelLayout).pair(3, 'Layout1').pair(350, H.paperLayout);
  w.pair(0, 'ACDBDICTIONARYWDFLT').pair(5, H.plotStyleDict).pair(330, H.rootDict).pair(100, 'AcDbDictionary');
  w.pair(281, 1).pair(3, 'Normal').pair(350, H.plotStyleNormal);
  w.pair(100, 'AcDbDictionaryWithDefault').pair(340, H.plotStyleNormal);
  w.pair(0, 'ACDBPLACEHOLDER').pair(5, H.plotStyleNormal).pair(330, H.plotStyleDict);
  layout(w, H.modelLayout, 'Model', 0, H.modelRecord);
  layout(w, H.paperLayout, 'Layout1', 1, H.paperRecord);
  w.pair(0, 'ENDSEC');
  return w.toString();
}

function layout(w: DxfText, handle: string, name: string, order: number, record: string): void {
  w.pair(0, 'LAYOUT').pair(5, handle).pair(330, H.layoutDict);
  w.pair(100, 'AcDbPlotSettings').pair(1, '').pair(4, '').pair(6, '');
  w.pair(40, 0).pair(41, 0).pair(42, 0).pair(43, 0).pair(44, 0).pair(45, 0).pair(46, 0).pair(47, 0);
  w.pair(48, 0).pair(49, 0).pair(140, 0).pair(141, 0).pair(142, 1).pair(143, 1);
  w.pair(70, order === 0 ? 1712 : 688)
    .pair(72, 1)
    .pair(73, 0)
    .pair(74, 5)
    .pair(7, '')
    .pair(75, 16);
  w.pair(147, 1).pair(148, 0).pair(149, 0);
  w.pair(100, 'AcDbLayout').pair(1, name).pair(70, 1).pair(71, order);
  w.pair(10, 0).pair(20, 0).pair(11, 420).pair(21, 297);
  w.point(12, 0, 0).point(14, 0, 0).point(15, 0, 0);
  w.pair(146, 0).point(13, 0, 0).point(16, 1, 0).point(17, 0, 1).pair(76, 0).pair(330, record);
}

// -------------------------------------------------------------------------------------- entities

/** Writes leaves as DXF entities in model space (y flipped back: y_dxf = height − y). */
class EntityWriter {
  constructor(
    private readonly w: DxfText,
    private readonly handle: () => string,
    private readonly height: number,
  ) {}

  private head(type: string, layer: string, subclass: string): void {
    this.w.pair(0, type).pair(5, this.handle()).pair(330, H.modelRecord).pair(100, 'AcDbEntity');
    this.w.pair(8, layer).pair(100, subclass);
  }

  private y(y: number): number {
    return this.height - y;
  }

  shape(p: PlacedShape, layer: string): void {
    const s = p.shape;
    if (s.kind === 'bitmap') return;
    // Text with an outline (fonts were at hand) goes out as its outline: what the laser follows.
    if (s.kind === 'text' && s.outline.length === 0) this.text(s, p.matrix, layer);
    else if (s.kind === 'ellipse') this.ellipseShape(s, p.matrix, layer);
    else for (const sp of placedPath(p)) this.subPath(sp.start, sp.segments, sp.closed, layer);
  }

  private ellipseShape(s: EllipseShape, m: Matrix, layer: string): void {
    const c = apply(m, { x: s.cx, y: s.cy });
    const arc = transformPath(ellipsePath(s.cx, s.cy, s.rx, s.ry), m)[0]?.segments[0];
    if (arc?.type !== 'arc') return;
    if (Math.abs(arc.rx - arc.ry) <= 1e-9 * Math.max(arc.rx, arc.ry)) {
      this.head('CIRCLE', layer, 'AcDbCircle');
      this.w.point(10, c.x, this.y(c.y)).pair(40, arc.rx);
      return;
    }
    this.ellipse(c, arc.rx, arc.ry, (arc.rotation * Math.PI) / 180, 0, TAU, layer);
  }

  /**
   * One sub-path: runs of lines and circular arcs become LWPOLYLINEs (closed when the whole sub-path is
   * one closed run), elliptical arcs ELLIPSEs, Bézier runs SPLINEs.
   */
  private subPath(start: Vec2, segments: readonly Segment[], closed: boolean, layer: string): void {
    let run: Array<{ x: number; y: number; bulge: number }> = [{ x: start.x, y: start.y, bulge: 0 }];
    let curves: Vec2[] = [];
    let cur = start;
    let mixed = false;
    const flushRun = () => {
      if (run.length > 1) this.lwpolyline(run, false, layer);
      run = [{ x: cur.x, y: cur.y, bulge: 0 }];
    };
    const flushCurves = () => {
      if (curves.length > 0) this.spline(curves, layer);
      curves = [];
    };
    const all =
      closed && !samePoint(segments[segments.length - 1]?.to ?? start, start)
        ? [...segments, { type: 'line', to: start } as Segment]
        : segments;
    for (const seg of all) {
      if (seg.type === 'line' || (seg.type === 'arc' && isCircular(seg))) {
        if (curves.length > 0) {
          flushCurves();
          run = [{ x: cur.x, y: cur.y, bulge: 0 }];
        }
        if (seg.type === 'arc') {
          const a = arcToCenter(cur, seg);
          if (a) run[run.length - 1]!.bulge = Math.tan(-a.delta / 4);
        }
        run.push({ x: seg.to.x, y: seg.to.y, bulge: 0 });
      } else {
        mixed = true;
        flushRun();
        if (seg.type === 'arc') {
          flushCurves();
          const a = arcToCenter(cur, seg);
          if (a) this.ellipse({ x: a.cx, y: a.cy }, a.rx, a.ry, a.phi, a.theta1, a.delta, layer);
        } else {
          if (curves.length === 0) curves.push(cur);
          if (seg.type === 'quad') {
            curves.push(lerp(cur, seg.c, 2 / 3), lerp(seg.to, seg.c, 2 / 3), seg.to);
          } else curves.push(seg.c1, seg.c2, seg.to);
        }
      }
      cur = seg.to;
    }
    flushCurves();
    if (run.length > 1) {
      const whole = closed && !mixed;
      if (whole) run.pop(); // the closing vertex is the start again
      this.lwpolyline(run, whole, layer);
    }
  }

  private lwpolyline(
    run: ReadonlyArray<{ x: number; y: number; bulge: number }>,
    closed: boolean,
    layer: string,
  ): void {
    if (isPoint(run)) return; // nothing to cut
    this.head('LWPOLYLINE', layer, 'AcDbPolyline');
    this.w
      .pair(90, run.length)
      .pair(70, closed ? 1 : 0)
      .pair(43, 0);
    for (const v of run) {
      this.w.pair(10, v.x).pair(20, this.y(v.y));
      if (v.bulge !== 0) this.w.pair(42, v.bulge);
    }
  }

  /**
   * An ELLIPSE from a document-space centre-form arc. The y flip turns the axis angle φ into −φ and the
   * parameter t into −t; when ry > rx the major axis is the rotated y axis and parameters shift by π/2.
   */
  private ellipse(c: Vec2, rx: number, ry: number, phi: number, theta1: number, delta: number, layer: string): void {
    const full = Math.abs(delta) >= TAU - 1e-12;
    let u0 = delta > 0 ? -theta1 - delta : -theta1;
    const span = Math.abs(delta);
    let mx: number;
    let my: number;
    let ratio: number;
    if (rx >= ry) {
      mx = rx * Math.cos(-phi);
      my = rx * Math.sin(-phi);
      ratio = ry / rx;
    } else {
      mx = ry * Math.sin(phi);
      my = ry * Math.cos(phi);
      ratio = rx / ry;
      u0 -= Math.PI / 2;
    }
    u0 = ((u0 % TAU) + TAU) % TAU;
    this.head('ELLIPSE', layer, 'AcDbEllipse');
    this.w.point(10, c.x, this.y(c.y)).point(11, mx, my).point(210, 0, 0, 1);
    this.w
      .pair(40, Math.min(1, ratio))
      .pair(41, full ? 0 : u0)
      .pair(42, full ? TAU : u0 + span);
  }

  /** A piecewise cubic Bézier (points: start, then c1, c2, end per piece) as one clamped cubic SPLINE. */
  private spline(points: readonly Vec2[], layer: string): void {
    if (isPoint(points)) return;
    const pieces = (points.length - 1) / 3;
    const knots: number[] = [0, 0, 0, 0];
    for (let i = 1; i < pieces; i++) knots.push(i, i, i);
    knots.push(pieces, pieces, pieces, pieces);
    this.head('SPLINE', layer, 'AcDbSpline');
    this.w.point(210, 0, 0, 1).pair(70, 8).pair(71, 3).pair(72, knots.length).pair(73, points.length).pair(74, 0);
    this.w.pair(42, 1e-10).pair(43, 1e-10);
    for (const k of knots) this.w.pair(40, k);
    for (const p of points) this.w.point(10, p.x, this.y(p.y));
  }

  /** TEXT, one entity per line, placed and sized by the shape's transform. */
  private text(s: TextShape, m: Matrix, layer: string): void {
    const along = { x: m[0], y: m[1] };
    const k = Math.sqrt(Math.abs(determinant(m))) || 1;
    const rotation = (Math.atan2(-along.y, along.x) * 180) / Math.PI;
    const height = s.font.size * k;
    const lines = s.text.split('\n');
    lines.forEach((line, i) => {
      if (line.length === 0) return;
      const local = { x: s.x, y: s.y + i * 1.2 * s.font.size };
      const p = apply(m, local);
      this.head('TEXT', layer, 'AcDbText');
      this.w.point(10, p.x, this.y(p.y)).pair(40, height).pair(1, oneLine(line));
      if (rotation !== 0) this.w.pair(50, rotation);
      this.w.pair(7, 'Standard');
      const h = s.anchor === 'middle' ? 1 : s.anchor === 'end' ? 2 : 0;
      if (h !== 0) this.w.pair(72, h).point(11, p.x, this.y(p.y));
      this.w.pair(100, 'AcDbText');
    });
  }
}

function isCircular(seg: Extract<Segment, { type: 'arc' }>): boolean {
  return Math.abs(seg.rx - seg.ry) <= 1e-9 * Math.max(Math.abs(seg.rx), Math.abs(seg.ry));
}

/** Whether every point is the first one (a zero-length entity, which is left out). */
function isPoint(points: ReadonlyArray<Vec2>): boolean {
  const f = points[0];
  return !f || points.every((p) => p.x === f.x && p.y === f.y);
}

function samePoint(a: Vec2, b: Vec2): boolean {
  return Math.abs(a.x - b.x) < 1e-12 && Math.abs(a.y - b.y) < 1e-12;
}

function lerp(a: Vec2, b: Vec2, t: number): Vec2 {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}
