import {
  type Page,
  SYSTEM_PATHS,
  type SystemUser,
  type SystemUserChanges,
  type SystemUserInput,
  type SystemUserLogin,
  type SystemUserRole,
  type UserStatus,
} from '@kerf/contract';
import { settingsStore } from '../stores/settings-store';
import { pageOf } from './page';
import { CLOUD_API, request, UAC_API } from './request';
import { listRoles } from './system-role-api';

/** User management's calls (@kerf/contract system-user.ts), under /cloud-api. */

export type { SystemUser, SystemUserLogin, SystemUserRole };

export interface UserQuery {
  keyword?: string;
  status?: UserStatus;
  roleKey?: string;
  /** Registered at or after (ISO). */
  from?: string;
  /** Registered before (ISO). */
  to?: string;
}

const url = (path: string, id = '') => `${CLOUD_API}${path.replace(':id', encodeURIComponent(id))}`;

export async function listUsers(query: UserQuery, page: number, limit: number): Promise<Page<SystemUser>> {
  const params = { ...query, page, limit };
  return pageOf((await request.get<Page<SystemUser>>(url(SYSTEM_PATHS.users), { params })).data, page, limit);
}

/** Adds a user; answers the server's words. */
export async function addUser(input: SystemUserInput): Promise<string> {
  return (await request.post<SystemUser>(url(SYSTEM_PATHS.user), input, { repeatSubmit: false })).msg;
}

export async function changeUser(input: SystemUserChanges): Promise<string> {
  return (await request.put<SystemUser>(url(SYSTEM_PATHS.user), input)).msg;
}

export async function changeUserStatus(userId: string, status: UserStatus): Promise<string> {
  return (await request.put(url(SYSTEM_PATHS.userStatus), { userId, status })).msg;
}

export async function resetUserPassword(userId: string, password: string): Promise<string> {
  return (await request.put(url(SYSTEM_PATHS.userResetPwd), { userId, password })).msg;
}

export async function setUserQuota(userId: string, quotaBytes: number): Promise<string> {
  return (await request.put(url(SYSTEM_PATHS.userQuota), { userId, quotaBytes })).msg;
}

export async function setUserRoles(userId: string, roleKeys: string[]): Promise<string> {
  return (await request.put(url(SYSTEM_PATHS.userRoles), { userId, roleKeys })).msg;
}

export async function userLogins(userId: string, page: number, limit: number): Promise<Page<SystemUserLogin>> {
  const params = { page, limit };
  return pageOf(
    (await request.get<Page<SystemUserLogin>>(url(SYSTEM_PATHS.userLogins, userId), { params })).data,
    page,
    limit,
  );
}

/**
 * The roles a user may be given, from the role list (first 100, enough for any real site). Someone
 * who may not read roles gets none here; the screen then offers the roles it already shows.
 */
export async function roleChoices(): Promise<SystemUserRole[]> {
  const roles = await listRoles({ page: 1, limit: 100 });
  return roles.list.map(({ roleKey, roleName }) => ({ roleKey, roleName }));
}

/**
 * The address of the export of what the filters find (the session cookie goes with a plain link; the
 * app's language goes in the address, as a link sends the browser's languages rather than the app's).
 */
export function exportUsersUrl(query: UserQuery, format: 'xlsx' | 'csv' = 'xlsx'): string {
  const lang = settingsStore.getState().locale;
  const params = new URLSearchParams({ ...stripEmpty(query), format, lang });
  return `${url(SYSTEM_PATHS.userExport)}?${params}`;
}

function stripEmpty(query: UserQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/**
 * Lifts the sign-in locks on a person's account from every address (system:user:unlock); answers the
 * server's words.
 */
export async function unlockAccount(account: string): Promise<string> {
  return (await request.post(`${UAC_API}/system/user/unlock`, { account })).msg;
}
