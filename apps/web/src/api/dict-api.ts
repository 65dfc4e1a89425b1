import { DICT_PATHS, type DictData } from '@kerf/contract';
import { CLOUD_API, request } from './request';

/** The dictionary calls (@kerf/contract dict.ts), under /cloud-api. */

export type { DictData };

/** The enabled entries of one dictionary, in order. */
export async function dictByType(type: string): Promise<DictData[]> {
  const answer = await request.get<DictData[]>(`${CLOUD_API}${DICT_PATHS.dataByType}`, { params: { type } });
  return Array.isArray(answer.data) ? answer.data : [];
}
