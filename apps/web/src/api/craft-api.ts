import {
  CRAFT_PATHS,
  type Craft,
  type CraftExportFormat,
  type CraftFacets,
  type CraftFilters,
  type CraftImportPolicy,
  type CraftImportPreview,
  type CraftImportResult,
  type CraftInput,
  type CraftLaserType,
  type CraftLibrary,
  type CraftRevision,
  type CraftSort,
  type Page,
} from '@kerf/contract';
import { CLOUD_API, request } from './request';

/** The craft libraries' calls (@kerf/contract craft.ts), all under /cloud-api. */

export type { Craft, CraftFacets, CraftImportPreview, CraftImportResult, CraftRevision };

export type CraftSortField = CraftSort;

export interface CraftListQuery extends CraftFilters {
  library: CraftLibrary;
  page: number;
  limit: number;
  sort: CraftSortField;
  order: 'asc' | 'desc';
}

/** What a library file is for: LightBurn libraries do not say which machine they were made on. */
export interface CraftImportTarget {
  library: CraftLibrary;
  laserType: CraftLaserType;
  powerClass: number;
  machineModel: string;
}

const url = (path: string) => `${CLOUD_API}${path}`;
const itemUrl = (path: string, id: string) => url(path.replace(':id', encodeURIComponent(id)));

export async function listCrafts(query: CraftListQuery): Promise<Page<Craft>> {
  const answer = await request.get<Page<Craft>>(url(CRAFT_PATHS.list), { params: query });
  return {
    list: Array.isArray(answer.data?.list) ? answer.data.list : [],
    total: answer.data?.total ?? 0,
    page: answer.data?.page ?? query.page,
    limit: answer.data?.limit ?? query.limit,
  };
}

export async function fetchCraftFacets(library: CraftLibrary): Promise<CraftFacets> {
  const answer = await request.get<CraftFacets>(url(CRAFT_PATHS.facets), { params: { library } });
  return {
    materials: answer.data?.materials ?? [],
    machineModels: answer.data?.machineModels ?? [],
    powerClasses: answer.data?.powerClasses ?? [],
  };
}

export async function fetchCraft(id: string): Promise<Craft> {
  return (await request.get<Craft>(itemUrl(CRAFT_PATHS.item, id))).data;
}

export async function fetchCraftRevisions(id: string): Promise<CraftRevision[]> {
  return (await request.get<CraftRevision[]>(itemUrl(CRAFT_PATHS.revisions, id))).data ?? [];
}

/** Resolves with the server's message (新增成功) and the stored craft. */
export async function createCraft(library: CraftLibrary, input: CraftInput): Promise<{ msg: string; craft: Craft }> {
  const answer = await request.post<Craft>(url(CRAFT_PATHS.save), { library, ...input });
  return { msg: answer.msg, craft: answer.data };
}

/** `revision` is the one the form was filled from; a later edit by someone else is refused with 409. */
export async function updateCraft(
  id: string,
  revision: number,
  input: CraftInput,
): Promise<{ msg: string; craft: Craft }> {
  const answer = await request.put<Craft>(url(CRAFT_PATHS.save), { id, revision, ...input });
  return { msg: answer.msg, craft: answer.data };
}

/** All or none; resolves with the server's message (删除成功). */
export async function deleteCrafts(ids: readonly string[]): Promise<string> {
  const path = CRAFT_PATHS.remove.replace(':ids', ids.map(encodeURIComponent).join(','));
  return (await request.delete<{ count: number }>(url(path))).msg;
}

/** Copies crafts (standard or mine) into my personal library; resolves with the server's message. */
export async function copyCraftsToPersonal(ids: readonly string[]): Promise<{ msg: string; crafts: Craft[] }> {
  // copying the same craft twice on purpose is allowed (a person may want two variants to tune)
  const answer = await request.post<Craft[]>(url(CRAFT_PATHS.copy), { ids: ids.join(',') }, { repeatSubmit: false });
  return { msg: answer.msg, crafts: answer.data ?? [] };
}

function fileBody(file: Blob, fileName: string): FormData {
  const body = new FormData();
  body.append('file', file, fileName);
  return body;
}

/** What importing the file would add and what clashes with crafts already there; changes nothing. */
export async function previewCraftImport(
  file: Blob,
  fileName: string,
  target: CraftImportTarget,
): Promise<CraftImportPreview> {
  const answer = await request.post<CraftImportPreview>(url(CRAFT_PATHS.importPreview), fileBody(file, fileName), {
    params: target,
  });
  return answer.data;
}

/** Imports the file in one transaction; resolves with the server's message and the counts. */
export async function importCrafts(
  file: Blob,
  fileName: string,
  target: CraftImportTarget,
  onClash: CraftImportPolicy,
): Promise<{ msg: string; result: CraftImportResult }> {
  const answer = await request.post<CraftImportResult>(url(CRAFT_PATHS.import), fileBody(file, fileName), {
    params: { ...target, onClash },
  });
  return { msg: answer.msg, result: answer.data };
}

/**
 * A link that downloads a library (or the crafts named) as a file. The server also reads the
 * UAC-Token cookie on this route, so a plain <a download> works, as the drive's downloads do.
 */
export function craftExportUrl(library: CraftLibrary, format: CraftExportFormat, ids?: readonly string[]): string {
  const query = new URLSearchParams({ library, format });
  if (ids?.length) query.set('ids', ids.join(','));
  return `${url(CRAFT_PATHS.export)}?${query}`;
}
