import { type BusinessType, OPER_LOG_PATHS, type OperLog, type OperStatus, type Page } from '@kerf/contract';
import { settingsStore } from '../stores/settings-store';
import { pageOf as pageAnswer } from './page';
import { CLOUD_API, request } from './request';

/** The operation log's calls (@kerf/contract oper-log.ts), under /cloud-api. */

export type { OperLog };

/** A page of the log; `capped`: there are more entries than `total` (counted up to 10,000). */
export type OperLogPage = Page<OperLog> & { capped: boolean };

export interface OperLogQuery {
  userName?: string;
  module?: string;
  businessType?: BusinessType;
  status?: OperStatus;
  from?: string;
  to?: string;
}

const url = (path: string, id = '') => `${CLOUD_API}${path.replace(':id', encodeURIComponent(id))}`;

function pageOf(data: OperLogPage | undefined, page: number, limit: number): OperLogPage {
  return { ...pageAnswer(data, page, limit), capped: data?.capped ?? false };
}

/** My own operations, newest first. */
export async function myOperations(page: number, limit: number): Promise<OperLogPage> {
  return pageOf(
    (await request.get<OperLogPage>(url(OPER_LOG_PATHS.mine), { params: { page, limit } })).data,
    page,
    limit,
  );
}

/** Everyone's operations (system:operlog:list), newest first. */
export async function listOperations(query: OperLogQuery, page: number, limit: number): Promise<OperLogPage> {
  const params = { ...query, page, limit };
  return pageOf((await request.get<OperLogPage>(url(OPER_LOG_PATHS.list), { params })).data, page, limit);
}

export async function getOperation(id: string): Promise<OperLog> {
  return (await request.get<OperLog>(url(OPER_LOG_PATHS.byId, id))).data;
}

/** Empties the log (system:operlog:remove); answers the server's words. */
export async function cleanOperations(): Promise<string> {
  return (await request.delete(url(OPER_LOG_PATHS.clean))).msg;
}

/** A download link of what the search finds (system:operlog:export), in the app's language. */
export function operationsExportUrl(query: OperLogQuery, format: 'csv' | 'xlsx'): string {
  const defined = Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const lang = settingsStore.getState().locale;
  return `${url(OPER_LOG_PATHS.export)}?${new URLSearchParams([...defined, ['format', format], ['lang', lang]])}`;
}
