import {
  DICT_PATHS,
  type DictData,
  type DictDataInput,
  type DictStatus,
  type DictType,
  type DictTypeInput,
  type Page,
} from '@kerf/contract';
import { pageOf } from './page';
import { CLOUD_API, request } from './request';

/** The dictionary calls (@kerf/contract dict.ts), under /cloud-api. */

export type { DictData, DictType };

const url = (path: string, id = '') => `${CLOUD_API}${path.replace(':id', encodeURIComponent(id))}`;

/** The enabled entries of one dictionary, in order. */
export async function dictByType(type: string): Promise<DictData[]> {
  const answer = await request.get<DictData[]>(url(DICT_PATHS.dataByType), { params: { type } });
  return Array.isArray(answer.data) ? answer.data : [];
}

export async function listDictTypes(query: { keyword?: string; status?: DictStatus; page: number; limit: number }) {
  return pageOf(
    (await request.get<Page<DictType>>(url(DICT_PATHS.typeList), { params: query })).data,
    query.page,
    query.limit,
  );
}

export async function listDictData(query: {
  dictType: string;
  label?: string;
  status?: DictStatus;
  page: number;
  limit: number;
}) {
  return pageOf(
    (await request.get<Page<DictData>>(url(DICT_PATHS.dataList), { params: query })).data,
    query.page,
    query.limit,
  );
}

/** Adds a dictionary (no `id`) or changes one; answers the server's words. */
export async function saveDictType(input: DictTypeInput & { id?: string }): Promise<string> {
  return input.id
    ? (await request.put<DictType>(url(DICT_PATHS.type), input)).msg
    : (await request.post<DictType>(url(DICT_PATHS.type), input, { repeatSubmit: false })).msg;
}

export async function removeDictType(id: string): Promise<string> {
  return (await request.delete(url(DICT_PATHS.typeById, id))).msg;
}

/** Adds an entry (no `id`) or changes one; answers the server's words. */
export async function saveDictData(input: DictDataInput & { id?: string }): Promise<string> {
  return input.id
    ? (await request.put<DictData>(url(DICT_PATHS.data), input)).msg
    : (await request.post<DictData>(url(DICT_PATHS.data), input, { repeatSubmit: false })).msg;
}

export async function removeDictData(id: string): Promise<string> {
  return (await request.delete(url(DICT_PATHS.dataById, id))).msg;
}
