import {
  type CadBlock,
  type CadDrawing,
  type CadEntity,
  type CadLayer,
  cadToDocument,
  checkDrawingSize,
  FormatError,
  type KerfDocument,
} from '@kerf/laser';
import type { DwgBlockRecordTableEntry, DwgDatabase, DwgEntity, DwgLayerTableEntry } from '@mlightcad/libredwg-web';
import { type EntityExtras, mapEntity } from './entities.js';
import { freeDwg, libreDwg, readDwgData, toDatabase, wasmFailure } from './libredwg.js';
import { MODEL_SPACE, type RawScan, scanObjects } from './scan.js';

/**
 * DWG → Kerf's neutral CAD form (and on to a Kerf document) through LibreDWG. This runs LibreDWG in the
 * calling process without a time limit: the server calls it through `convertDwgInChildProcess`
 * (process.ts), which runs it in a separate Node process under a time and memory limit.
 */

/**
 * The version stamp at the start of a DWG file: `AC` and four characters (AC1015, AC1032, AC2.10…).
 * Anything else is refused before LibreDWG sees it.
 */
export function dwgVersionStamp(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new FormatError('dwg', 'the file is empty');
  const head = String.fromCharCode(...bytes.subarray(0, 32));
  if (/^AC(\d{4}|\d\.\d{1,2})/.test(head)) return head.slice(0, 6);
  if (/^\s*(0|999)\s*[\r\n]/.test(head) || head.startsWith('AutoCAD Binary DXF')) {
    throw new FormatError('dwg', 'this is a DXF file, not a DWG file');
  }
  throw new FormatError('dwg', 'not a DWG file (it does not start with an AutoCAD version stamp)');
}

/** `$INSUNITS` exists from AutoCAD 2000 (AC1015) on; older files have none, whatever LibreDWG fills in. */
function insUnits(version: string, db: DwgDatabase): number | undefined {
  const release = /^AC(\d{4})$/.exec(version);
  const units = db.header.INSUNITS;
  if (!release || Number(release[1]) < 1015 || typeof units !== 'number') return undefined;
  return Number.isInteger(units) && units >= 0 && units <= 24 ? units : undefined;
}

/** The layer table: colour index (absolute), true colour, and visibility (off, frozen or negative index). */
function mapLayer(layer: DwgLayerTableEntry): CadLayer {
  const index = layer.colorIndex;
  // LibreDWG reports a layer with a true colour as index 256 and the colour in `color`.
  const trueColor = index === 256 && layer.color >= 0 && layer.color < 0xffffff ? layer.color : undefined;
  const out: CadLayer = {
    name: layer.name,
    color: index >= 1 && index <= 255 ? index : index <= -1 && index >= -255 ? -index : 7,
    visible: !layer.off && !layer.frozen && index >= 0,
  };
  if (trueColor !== undefined) out.trueColor = trueColor;
  return out;
}

/** The layer table, first entry of each name (LibreDWG can list layer 0 twice for old files). */
function uniqueLayers(entries: DwgLayerTableEntry[]): CadLayer[] {
  const seen = new Set<string>();
  const out: CadLayer[] = [];
  for (const entry of entries) {
    if (seen.has(entry.name)) continue;
    seen.add(entry.name);
    out.push(mapLayer(entry));
  }
  return out;
}

const isModelSpace = (name: string) => name.toUpperCase() === '*MODEL_SPACE';
const isPaperSpace = (name: string) => name.toUpperCase().startsWith('*PAPER_SPACE');

/**
 * Raw entity types that are structure, not drawing: parts of polylines and inserts, block definitions.
 * (An INSERT is drawing: one the reader's database leaves out is reported like any other lost entity.)
 */
const SUB_ENTITIES = new Set(['SEQEND', 'VERTEX', 'ATTRIB', 'ATTDEF', 'BLOCK', 'ENDBLK']);
/** DWG's own names for mesh polylines and lost block references, as the warnings name them. */
const RAW_NAMES: Record<string, string> = {
  POLYLINE_PFACE: 'polyface/mesh POLYLINE',
  POLYLINE_MESH: 'polyface/mesh POLYLINE',
  INSERT: 'INSERT (a block reference the DWG reader did not return)',
};

/** Entities of one container (model space or a block) mapped, with what could not be mapped counted. */
interface Container {
  entities: CadEntity[];
  skipped: Map<string, number>;
}

function count(map: Map<string, number>, key: string, n = 1): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/**
 * Maps the converted entities of one block record and adds the MINSERTs owned by any of `ownerKeys`
 * (LibreDWG's database has no MINSERT). What cannot be mapped is counted by type.
 */
function mapContainer(
  record: DwgBlockRecordTableEntry,
  ownerKeys: string[],
  scan: RawScan,
  extras: EntityExtras,
): Container {
  const out: Container = { entities: [], skipped: new Map() };
  const seen = new Set<string>();
  for (const e of record.entities as DwgEntity[]) {
    seen.add(e.handle);
    const mapped = mapEntity(e, extras);
    if (typeof mapped === 'string') count(out.skipped, mapped);
    else if (mapped) out.entities.push(mapped);
  }
  for (const m of ownerKeys.flatMap((key) => scan.minserts.get(key) ?? [])) {
    if (seen.has(m.handle)) continue;
    const mapped = mapEntity(m, extras);
    if (typeof mapped === 'string') count(out.skipped, mapped);
    else if (mapped) out.entities.push(mapped);
  }
  return out;
}

/** Counts the raw entities of each owner that the converter did not return, by owner key. */
export function unconvertedByOwner(scan: RawScan, converted: Set<string>): Map<string, Map<string, number>> {
  const byOwner = new Map<string, Map<string, number>>();
  for (const raw of scan.entities) {
    if (!raw.owner || converted.has(raw.handle)) continue;
    if (SUB_ENTITIES.has(raw.dxfName) || raw.dxfName.startsWith('VERTEX')) continue;
    const map = byOwner.get(raw.owner) ?? new Map<string, number>();
    count(map, RAW_NAMES[raw.dxfName] ?? raw.dxfName);
    byOwner.set(raw.owner, map);
  }
  return byOwner;
}

/** Names of the blocks reachable from model space through inserts (nested inserts included). */
function reachableBlocks(model: CadEntity[], blocks: Map<string, CadBlock>): Set<string> {
  const reached = new Set<string>();
  const queue = [model];
  while (queue.length) {
    for (const e of queue.pop()!) {
      if (e.type !== 'INSERT' || reached.has(e.block)) continue;
      reached.add(e.block);
      const block = blocks.get(e.block);
      if (block) queue.push(block.entities);
    }
  }
  return reached;
}

/** The CAD drawing out of LibreDWG's database and the raw scan. */
function toDrawing(db: DwgDatabase, scan: RawScan, version: string): CadDrawing {
  const release = /^AC(\d{4})$/.exec(version);
  const extras: EntityExtras = {
    splineFlags: scan.splineFlags,
    preR13: !release || Number(release[1]) < 1012,
    vertices: scan.vertices,
    preR13Inserts: scan.preR13Inserts,
  };
  const converted = new Set<string>();
  for (const record of db.tables.BLOCK_RECORD.entries) for (const e of record.entities) converted.add(e.handle);
  for (const list of scan.minserts.values()) for (const m of list) converted.add(m.handle);
  const unconverted = unconvertedByOwner(scan, converted);

  let model: Container = { entities: [], skipped: new Map() };
  const blocks = new Map<string, CadBlock>();
  const blockSkips = new Map<string, Container['skipped']>();
  let paperSpace = 0;
  for (const record of db.tables.BLOCK_RECORD.entries) {
    if (isPaperSpace(record.name)) {
      // The active layout's entities, as the DXF reader counts the paper-space entities it meets.
      if (record.name.toUpperCase() === '*PAPER_SPACE') paperSpace += record.entities.length;
      continue;
    }
    if (isModelSpace(record.name)) {
      model = mapContainer(record, [MODEL_SPACE, record.handle], scan, extras);
      for (const key of [MODEL_SPACE, record.handle]) {
        for (const [type, n] of unconverted.get(key) ?? []) count(model.skipped, type, n);
      }
      continue;
    }
    const block = mapContainer(record, [record.handle], scan, extras);
    for (const [type, n] of unconverted.get(record.handle) ?? []) count(block.skipped, type, n);
    const base = { x: record.basePoint?.x ?? 0, y: record.basePoint?.y ?? 0 };
    if (!Number.isFinite(base.x) || !Number.isFinite(base.y)) base.x = base.y = 0;
    blocks.set(record.name, { name: record.name, base, entities: block.entities });
    blockSkips.set(record.name, block.skipped);
  }

  const skipped = new Map(model.skipped);
  if (paperSpace > 0) count(skipped, 'paper-space', paperSpace);
  for (const name of reachableBlocks(model.entities, blocks)) {
    for (const [type, n] of blockSkips.get(name) ?? []) count(skipped, type, n);
  }
  return {
    insUnits: insUnits(version, db),
    version,
    layers: uniqueLayers(db.tables.LAYER.entries),
    blocks,
    entities: model.entities,
    skipped,
  };
}

/**
 * Reads a DWG file into the neutral CAD form: model-space entities, blocks, layers, `$INSUNITS` and the
 * version. Refuses empty, non-DWG, damaged and truncated files with FormatError('dwg', reason) and files
 * over 50 MB with TooLargeError.
 */
export async function readDwg(bytes: Uint8Array): Promise<CadDrawing> {
  checkDrawingSize(bytes.length);
  const stamp = dwgVersionStamp(bytes);
  const handle = await libreDwg();
  const data = readDwgData(handle, bytes);
  try {
    const db = toDatabase(handle, data);
    const layerNames = new Map(db.tables.LAYER.entries.map((l) => [l.handle, l.name] as const));
    let scan: RawScan;
    let version: string;
    try {
      scan = scanObjects(handle, data, layerNames);
      version = handle.lib.dwg_get_version_type(data)?.hdr || stamp;
    } catch (error) {
      throw wasmFailure(error);
    }
    return toDrawing(db, scan, version);
  } finally {
    freeDwg(handle, data);
  }
}

/** A DWG file as a Kerf document (millimetres, y down), with skipped entities listed as warnings. */
export async function convertDwg(bytes: Uint8Array): Promise<KerfDocument> {
  const drawing = await readDwg(bytes);
  try {
    return cadToDocument(drawing, { source: 'dwg' });
  } catch (error) {
    // The shared CAD conversion names the format it was written for first: report it as DWG.
    if (error instanceof FormatError && error.format !== 'dwg') throw new FormatError('dwg', error.reason);
    throw error;
  }
}
