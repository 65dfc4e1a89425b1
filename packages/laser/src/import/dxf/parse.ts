import { FormatError } from '../../model/errors.js';
import type { CadBlock, CadDrawing, CadLayer } from '../cad/types.js';
import { binaryDxfToText } from './binary.js';
import { type EntityContext, readEntities, skipEntity } from './entities.js';
import { decodeDxfBytes, decodeUnicodeEscapes, GroupReader, isBinaryDxf } from './reader.js';

/** A parsed DXF: the neutral CAD drawing plus notes about the file itself (truncation, encoding). */
export interface DxfDrawing extends CadDrawing {
  /** Plain-words remarks about the file that are not skipped entities. */
  notes: string[];
  /** `$DWGCODEPAGE`, when the header has one. */
  codePage?: string;
}

/**
 * Reads a DXF (R12 to 2018, ASCII or binary) into the neutral CAD form: header units and version, the
 * layer table, block definitions and model-space entities. Text given as bytes is decoded with the
 * file's code page (UTF-8 from AutoCAD 2007 on); a binary file is turned into ASCII first (binary.ts).
 */
export function parseDxf(input: string | Uint8Array): DxfDrawing {
  if (isBinaryDxf(input) && typeof input === 'string') {
    throw new FormatError('dxf', 'this binary DXF was read as text; open the file as bytes');
  }
  const notes: string[] = [];
  let text: string;
  if (typeof input === 'string') text = input;
  else if (isBinaryDxf(input)) text = binaryDxfToText(input);
  else {
    const decoded = decodeDxfBytes(input);
    text = decoded.text;
    if (decoded.note) notes.push(decoded.note);
  }
  const drawing: DxfDrawing = { layers: [], blocks: new Map(), entities: [], skipped: new Map(), notes };
  const r = new GroupReader(text);
  let sections = 0;
  let sawEof = false;
  while (r.next()) {
    if (r.code !== 0) continue;
    const marker = r.name();
    if (marker === 'EOF') {
      sawEof = true;
      break;
    }
    if (marker !== 'SECTION') continue;
    sections++;
    if (!r.next()) break;
    const code: number = r.code;
    if (code !== 2) {
      r.unread();
      continue;
    }
    readSection(r, drawing, r.name());
  }
  if (sections === 0) throw new FormatError('dxf', 'this is not a DXF file: it has no SECTION');
  if (!sawEof) notes.push('the file ends before its EOF marker, so it may be cut short');
  return drawing;
}

function readSection(r: GroupReader, d: DxfDrawing, name: string): void {
  const ctx: EntityContext = { skipped: d.skipped, inBlock: false, version: d.version };
  switch (name) {
    case 'HEADER':
      readHeader(r, d);
      break;
    case 'TABLES':
      readTables(r, d);
      break;
    case 'BLOCKS':
      readBlocks(r, d, { ...ctx, inBlock: true });
      break;
    case 'ENTITIES':
      readEntities(r, ctx, d.entities, 'ENDSEC');
      break;
    default:
      skipSection(r);
  }
}

/** Skips to the end of the current section (consumes its ENDSEC). */
function skipSection(r: GroupReader): void {
  while (r.next()) {
    if (r.code === 0) {
      const v = r.name();
      if (v === 'ENDSEC') return;
      if (v === 'EOF') {
        r.unread();
        return;
      }
    }
  }
}

/** Header variables: $ACADVER, $INSUNITS and $DWGCODEPAGE are the ones the import needs. */
function readHeader(r: GroupReader, d: DxfDrawing): void {
  let variable = '';
  while (r.next()) {
    if (r.code === 0) {
      if (r.name() === 'ENDSEC') return;
      r.unread();
      return;
    }
    if (r.code === 9) variable = r.name();
    else if (variable === '$ACADVER' && r.code === 1) d.version = r.name();
    else if (variable === '$INSUNITS' && r.code === 70) d.insUnits = r.int();
    else if (variable === '$DWGCODEPAGE' && r.code === 3) d.codePage = r.name();
  }
}

/** The TABLES section: only LAYER entries matter (name, colour, off and frozen state). */
function readTables(r: GroupReader, d: DxfDrawing): void {
  let table = '';
  while (r.next()) {
    if (r.code !== 0) {
      if (r.code === 2 && table === '?') table = r.name();
      continue;
    }
    const v = r.name();
    if (v === 'ENDSEC') return;
    if (v === 'EOF') {
      r.unread();
      return;
    }
    if (v === 'TABLE') table = '?';
    else if (v === 'ENDTAB') table = '';
    else if (v === 'LAYER' && table === 'LAYER') d.layers.push(readLayer(r));
  }
}

function readLayer(r: GroupReader): CadLayer {
  let name = '0';
  let color = 7;
  let flags = 0;
  let trueColor: number | undefined;
  while (r.next()) {
    if (r.code === 0) {
      r.unread();
      break;
    }
    if (r.code === 2) name = decodeUnicodeEscapes(r.name());
    else if (r.code === 62) color = r.int();
    else if (r.code === 70) flags = r.int();
    else if (r.code === 420) trueColor = r.int() & 0xffffff;
  }
  const layer: CadLayer = { name, color: Math.abs(color) || 7, visible: color >= 0 && (flags & 1) === 0 };
  if (trueColor !== undefined) layer.trueColor = trueColor;
  return layer;
}

/** The BLOCKS section: each BLOCK's name, base point and entities up to ENDBLK. */
function readBlocks(r: GroupReader, d: DxfDrawing, ctx: EntityContext): void {
  while (r.next()) {
    if (r.code !== 0) continue;
    const v = r.name();
    if (v === 'ENDSEC') return;
    if (v === 'EOF') {
      r.unread();
      return;
    }
    if (v !== 'BLOCK') continue;
    const block: CadBlock = { name: '', base: { x: 0, y: 0 }, entities: [] };
    let flags = 0;
    while (r.next()) {
      if (r.code === 0) {
        r.unread();
        break;
      }
      if (r.code === 2 || (r.code === 3 && block.name === '')) block.name = decodeUnicodeEscapes(r.name());
      else if (r.code === 10) block.base.x = r.num();
      else if (r.code === 20) block.base.y = r.num();
      else if (r.code === 70) flags = r.int();
    }
    readEntities(r, ctx, block.entities, 'ENDBLK');
    skipEntity(r);
    if (!Number.isFinite(block.base.x) || !Number.isFinite(block.base.y)) block.base = { x: 0, y: 0 };
    // External references (flag 4) have no entities of their own here.
    if ((flags & 4) !== 0 && block.entities.length === 0) continue;
    if (block.name) d.blocks.set(block.name, block);
  }
}
