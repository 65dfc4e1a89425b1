import { type LoginLogItem, type OnlineSession, type Page, SYSTEM_PATHS } from '@kerf/contract';
import { settingsStore } from '../stores/settings-store';
import { pageOf } from './page';
import { CLOUD_API, request } from './request';

/** The sign-in log and sessions-online calls (RuoYi's monitor module; paths in @kerf/contract system.ts). */

export type { LoginLogItem, OnlineSession };

/** A page of the log; `capped`: there are more entries than `total` (counted up to 10,000). */
export type LoginLogPage = Page<LoginLogItem> & { capped: boolean };

export interface LoginLogQuery {
  account?: string;
  ip?: string;
  status?: '0' | '1';
  from?: string;
  to?: string;
}

export interface OnlineQuery {
  userName?: string;
  ip?: string;
}

const url = (path: string, sessionId = '') =>
  `${CLOUD_API}${path.replace(':sessionId', encodeURIComponent(sessionId))}`;

/** Everyone's sign-in attempts (monitor:logininfor:list), newest first. */
export async function listLoginLogs(query: LoginLogQuery, page: number, limit: number): Promise<LoginLogPage> {
  const params = { ...query, page, limit };
  const data = (await request.get<LoginLogPage>(url(SYSTEM_PATHS.loginLogs), { params })).data;
  return { ...pageOf(data, page, limit), capped: data?.capped ?? false };
}

/** Empties the sign-in log (monitor:logininfor:remove); answers the server's words. */
export async function cleanLoginLogs(): Promise<string> {
  return (await request.delete(url(SYSTEM_PATHS.loginLogClean))).msg;
}

/** A download link of what the search finds (monitor:logininfor:export), headers in the app's language. */
export function loginLogExportUrl(query: LoginLogQuery, format: 'csv' | 'xlsx'): string {
  const defined = Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const lang = settingsStore.getState().locale;
  return `${url(SYSTEM_PATHS.loginLogExport)}?${new URLSearchParams([...defined, ['format', format], ['lang', lang]])}`;
}

/** Sessions in use now (monitor:online:list), most recently used first. */
export async function listOnline(query: OnlineQuery, page: number, limit: number): Promise<Page<OnlineSession>> {
  const params = { ...query, page, limit };
  return pageOf((await request.get<Page<OnlineSession>>(url(SYSTEM_PATHS.online), { params })).data, page, limit);
}

/** Ends a session at once, everywhere (monitor:online:forceLogout); answers the server's words. */
export async function forceLogout(sessionId: string): Promise<string> {
  return (await request.delete(url(SYSTEM_PATHS.onlineById, sessionId))).msg;
}
