import type { DwgAttribEntity, DwgInsertEntity, DwgPoint3D, DwgTextBase } from '@mlightcad/libredwg-web';
import type { DwgDataPtr, LibreDwgHandle } from './libredwg.js';

/**
 * One pass over LibreDWG's raw object list for what its JavaScript database leaves out: entity types it
 * does not convert (so they can be counted as skipped), the DXF flags of splines (closed, periodic) and
 * MINSERT arrays, which the database does not carry at all.
 */

/** Owner key of model-space entities (other owners are block-record handles, upper-case hex). */
export const MODEL_SPACE = '*MODEL';

export interface RawEntity {
  /** Upper-case hex handle, as in the converted database. */
  handle: string;
  /** DXF name (LINE, REGION, HELIX…). */
  dxfName: string;
  /** MODEL_SPACE, a block-record handle, or '' for paper space and entities owned by other entities. */
  owner: string;
}

export interface RawScan {
  entities: RawEntity[];
  /** DXF group 70 of each SPLINE by handle (1 closed, 2 periodic, 4 rational, 8 planar, 16 linear). */
  splineFlags: Map<string, number>;
  /** MINSERT entities by owner key, in the shape of the database's INSERT. */
  minserts: Map<string, DwgInsertEntity[]>;
  /** VERTEX_2D / VERTEX_3D objects by the handle of the POLYLINE that owns them, in file order. */
  vertices: Map<string, RawVertex[]>;
  /**
   * Pre-R13 INSERTs by handle: the block name and the ATTRIBs that follow the insert. Those files name
   * an insert's block by its index in the BLOCK table, which LibreDWG keeps in the reference but does
   * not resolve, and chain the attributes after the insert instead of by handles.
   */
  preR13Inserts: Map<string, PreR13Insert>;
}

export interface PreR13Insert {
  block: string;
  attribs: DwgAttribEntity[];
}

export interface RawVertex {
  x: number;
  y: number;
  bulge: number;
  flag: number;
}

/** LibreDWG's fixed type numbers used here (dwg.h). */
const TYPE_ATTRIB = 2;
const TYPE_SEQEND = 6;
const TYPE_INSERT = 7;
const TYPE_MINSERT = 8;
const TYPE_BLOCK_HEADER = 49;
const TYPE_SPLINE = 36;
const TYPE_VERTEX_2D = 10;
const TYPE_VERTEX_3D = 11;
const SUPERTYPE_ENTITY = 0;
/** Entity modes: owned through a handle, paper space, model space. */
const ENTMODE_OWNER = 0;
const ENTMODE_MODEL = 2;

const hex = (value: number | bigint | undefined): string => (value ?? 0).toString(16).toUpperCase();

/** Where an entity lives: model space, the handle of its block record, or '' (paper space, sub-entity). */
function ownerOf(module: LibreDwgHandle['module'], entity: number): string {
  const mode = module.dwg_object_entity_get_entmode(entity);
  if (mode === ENTMODE_MODEL) return MODEL_SPACE;
  if (mode !== ENTMODE_OWNER) return '';
  const ref = module.dwg_object_entity_get_ownerhandle_object(entity) as { absolute_ref?: number } | undefined;
  return ref?.absolute_ref ? hex(ref.absolute_ref) : '';
}

/** Walks every object of the drawing once. */
export function scanObjects(handle: LibreDwgHandle, data: DwgDataPtr, layerNames: Map<string, string>): RawScan {
  const { module, lib } = handle;
  const scan: RawScan = {
    entities: [],
    splineFlags: new Map(),
    minserts: new Map(),
    vertices: new Map(),
    preR13Inserts: new Map(),
  };
  const blockTable: string[] = [];
  const indexedInserts: { handle: string; index: number; attribs: DwgAttribEntity[] }[] = [];
  /** The attributes of the pre-R13 insert just read, until its SEQEND. */
  let attribsOf: DwgAttribEntity[] | undefined;
  const count = module.dwg_get_num_objects(data);
  for (let i = 0; i < count; i++) {
    const obj = module.dwg_get_object(data, i);
    if (!obj) continue;
    if (module.dwg_object_get_supertype(obj) !== SUPERTYPE_ENTITY) {
      if (module.dwg_object_get_fixedtype(obj) === TYPE_BLOCK_HEADER) readBlockName(handle, obj, blockTable);
      continue;
    }
    const entity = module.dwg_object_to_entity(obj);
    if (!entity) continue;
    const handleRef = module.dwg_object_get_handle_object(obj) as { value?: number } | undefined;
    const raw: RawEntity = {
      handle: hex(handleRef?.value),
      dxfName: module.dwg_object_get_dxfname(obj) || 'UNKNOWN',
      owner: ownerOf(module, entity),
    };
    scan.entities.push(raw);
    const type = module.dwg_object_get_fixedtype(obj);
    if (type === TYPE_VERTEX_2D || type === TYPE_VERTEX_3D) {
      readVertex(handle, obj, entity, scan.vertices);
      continue;
    }
    if (type === TYPE_INSERT) {
      const index = preR13BlockIndex(handle, module.dwg_object_to_entity_tio(obj));
      attribsOf = index === undefined ? undefined : [];
      if (attribsOf) indexedInserts.push({ handle: raw.handle, index: index!, attribs: attribsOf });
      continue;
    }
    if (attribsOf && type === TYPE_ATTRIB) {
      attribsOf.push(readAttrib(handle, obj, entity, raw, layerNames));
      continue;
    }
    if (type === TYPE_SEQEND) attribsOf = undefined;
    const tio = type === TYPE_SPLINE || type === TYPE_MINSERT ? module.dwg_object_to_entity_tio(obj) : 0;
    if (!tio) continue;
    if (type === TYPE_SPLINE) {
      const flag = lib.dwg_dynapi_entity_data(tio, 'flag');
      if (typeof flag === 'number') scan.splineFlags.set(raw.handle, flag);
    } else if (raw.owner) {
      const list = scan.minserts.get(raw.owner) ?? [];
      list.push(readMInsert(handle, tio, raw, layerOf(handle, entity, layerNames)));
      scan.minserts.set(raw.owner, list);
    }
  }
  for (const { handle: insert, index, attribs } of indexedInserts) {
    const block = blockTable[index];
    if (block) scan.preR13Inserts.set(insert, { block, attribs });
  }
  return scan;
}

/** Appends a BLOCK_HEADER's name to the BLOCK table as a pre-R13 file numbers it (no space blocks). */
function readBlockName(handle: LibreDwgHandle, obj: number, into: string[]): void {
  const tio = handle.module.dwg_object_to_object_tio(obj);
  const name = tio ? handle.lib.dwg_dynapi_entity_data(tio, 'name') : undefined;
  if (typeof name !== 'string' || /^\*(MODEL|PAPER)_SPACE/i.test(name)) return;
  into.push(name);
}

/**
 * Byte offsets in LibreDWG's Dwg_Object_Ref (32-bit WebAssembly): `absolute_ref` (8 bytes) and then
 * `r11_idx` (2 bytes), the BLOCK table index a pre-R13 reference carries instead of a handle.
 */
const REF_ABSOLUTE = 32;
const REF_R11_INDEX = 40;

/** The BLOCK table index of an INSERT whose block reference LibreDWG left unresolved, if any. */
function preR13BlockIndex(handle: LibreDwgHandle, tio: number): number | undefined {
  if (!tio) return undefined;
  const ref = handle.lib.dwg_dynapi_entity_data(tio, 'block_header') as number | undefined;
  if (!ref || handle.lib.dwg_ref_get_object(ref)) return undefined;
  const view = new DataView((handle.module as unknown as { HEAPU8: Uint8Array }).HEAPU8.buffer);
  if (view.getBigUint64(ref + REF_ABSOLUTE, true) !== 0n) return undefined;
  return view.getUint16(ref + REF_R11_INDEX, true);
}

/**
 * A polyline vertex, filed under its polyline's handle. LibreDWG's own vertex walk can stop short in
 * some R2000 files; these lists let the converter notice and use every vertex the file holds.
 */
function readVertex(handle: LibreDwgHandle, obj: number, entity: number, into: Map<string, RawVertex[]>): void {
  const { module, lib } = handle;
  const ref = module.dwg_object_entity_get_ownerhandle_object(entity) as { absolute_ref?: number } | undefined;
  const tio = module.dwg_object_to_entity_tio(obj);
  if (!ref?.absolute_ref || !tio) return;
  const point = lib.dwg_dynapi_entity_data(tio, 'point') as { x?: number; y?: number } | undefined;
  const bulge = lib.dwg_dynapi_entity_data(tio, 'bulge');
  const flag = lib.dwg_dynapi_entity_data(tio, 'flag');
  const key = hex(ref.absolute_ref);
  const list = into.get(key) ?? [];
  list.push({
    x: number(point?.x, Number.NaN),
    y: number(point?.y, Number.NaN),
    bulge: number(bulge, 0),
    flag: number(flag, 0),
  });
  into.set(key, list);
}

/** An ATTRIB read field by field, with what the converter's attribute mapping uses. */
function readAttrib(
  handle: LibreDwgHandle,
  obj: number,
  entity: number,
  raw: RawEntity,
  layerNames: Map<string, string>,
): DwgAttribEntity {
  const field = (name: string) => handle.lib.dwg_dynapi_entity_data(handle.module.dwg_object_to_entity_tio(obj), name);
  const origin = { x: 0, y: 0, z: 0 };
  const text: DwgTextBase = {
    text: String(field('text_value') ?? ''),
    thickness: number(field('thickness'), 0),
    xScale: number(field('width_factor'), 1),
    obliqueAngle: number(field('oblique_angle'), 0),
    styleName: '',
    generationFlag: number(field('generation'), 0),
    textHeight: number(field('height'), 0),
    startPoint: (field('ins_pt') as DwgPoint3D | undefined) ?? origin,
    endPoint: (field('alignment_pt') as DwgPoint3D | undefined) ?? origin,
    rotation: number(field('rotation'), 0),
    halign: number(field('horiz_alignment'), 0) as DwgTextBase['halign'],
    valign: number(field('vert_alignment'), 0) as DwgTextBase['valign'],
    extrusionDirection: (field('extrusion') as DwgPoint3D | undefined) ?? { x: 0, y: 0, z: 1 },
  };
  return {
    type: 'ATTRIB',
    handle: raw.handle,
    layer: layerOf(handle, entity, layerNames),
    flags: number(field('flags'), 0),
    text,
  } as DwgAttribEntity;
}

/** The name of an entity's layer ('0' when the reference does not resolve). */
function layerOf(handle: LibreDwgHandle, entity: number, layerNames: Map<string, string>): string {
  const ref = handle.module.dwg_object_entity_get_layer_object_ref(entity) as { handleref?: { value?: number } };
  return layerNames.get(hex(ref?.handleref?.value)) ?? '0';
}

/** The block name an INSERT or MINSERT points at ('' when the reference does not resolve). */
function blockNameOf(handle: LibreDwgHandle, tio: number): string {
  const { lib } = handle;
  const ref = lib.dwg_dynapi_entity_data(tio, 'block_header') as number | undefined;
  if (!ref) return '';
  const header = lib.dwg_ref_get_object(ref);
  const headerTio = header ? lib.dwg_object_to_object_tio(header) : 0;
  return headerTio ? (lib.dwg_entity_block_header_get_block(headerTio)?.name ?? '') : '';
}

const number = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** A MINSERT read field by field, in the database's INSERT shape (its attributes are not read). */
function readMInsert(handle: LibreDwgHandle, tio: number, raw: RawEntity, layer: string): DwgInsertEntity {
  const field = (name: string) => handle.lib.dwg_dynapi_entity_data(tio, name);
  const scale = (field('scale') as DwgPoint3D | undefined) ?? { x: 1, y: 1, z: 1 };
  return {
    type: 'INSERT',
    handle: raw.handle,
    ownerBlockRecordSoftId: raw.owner,
    layer,
    transparencyType: 0,
    name: blockNameOf(handle, tio),
    insertionPoint: (field('ins_pt') as DwgPoint3D | undefined) ?? { x: 0, y: 0, z: 0 },
    xScale: number(scale.x, 1),
    yScale: number(scale.y, 1),
    zScale: number(scale.z, 1),
    rotation: number(field('rotation'), 0),
    columnCount: number(field('num_cols'), 1),
    rowCount: number(field('num_rows'), 1),
    columnSpacing: number(field('col_spacing'), 0),
    rowSpacing: number(field('row_spacing'), 0),
    extrusionDirection: (field('extrusion') as DwgPoint3D | undefined) ?? { x: 0, y: 0, z: 1 },
    attribs: [],
  };
}
