import {
  LOGIN_NAME_PATTERN,
  type Locale,
  parseAccount,
  SIZE_UNIT,
  SYSTEM_USER_LIMITS,
  type SystemUser,
  systemUserMessages,
  type UserStatus,
} from '@kerf/contract';
import type { Dayjs } from 'dayjs';
import type { UserQuery } from '../../../../api/system-user-api';

/** The search form as a person fills it. */
export interface UserFilters {
  keyword?: string;
  status?: UserStatus;
  roleKey?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The filters as the list call takes them (the range's days whole, in local time). */
export function queryOf(filters: UserFilters): UserQuery {
  const [from, to] = filters.range ?? [];
  return {
    ...(filters.keyword?.trim() ? { keyword: filters.keyword.trim() } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.roleKey ? { roleKey: filters.roleKey } : {}),
    ...(from ? { from: from.startOf('day').toISOString() } : {}),
    ...(to ? { to: to.add(1, 'day').startOf('day').toISOString() } : {}),
  };
}

/* ---- columns ---- */

/** The table's columns a person may hide; the login name and the actions always show. */
export const OPTIONAL_COLUMNS = [
  'nickName',
  'mobile',
  'email',
  'roles',
  'status',
  'storage',
  'createdAt',
  'lastLogin',
] as const;

/* ---- quota ---- */

export const QUOTA_UNITS = { GiB: SIZE_UNIT ** 3, MiB: SIZE_UNIT ** 2 } as const;
export type QuotaUnit = keyof typeof QUOTA_UNITS;

/** A quota in the unit that shows it best: whole GiB when it is, else MiB (two decimals at most). */
export function quotaInUnits(bytes: number): { amount: number; unit: QuotaUnit } {
  const unit: QuotaUnit = bytes >= QUOTA_UNITS.GiB && bytes % (QUOTA_UNITS.GiB / 4) === 0 ? 'GiB' : 'MiB';
  return { amount: Number((bytes / QUOTA_UNITS[unit]).toFixed(2)), unit };
}

/** The bytes of an amount in a unit, whole, and within what the server accepts. */
export function quotaBytesOf(amount: number, unit: QuotaUnit): number {
  return Math.min(Math.max(0, Math.round(amount * QUOTA_UNITS[unit])), SYSTEM_USER_LIMITS.quotaMaxBytes);
}

/** The share of the quota in use, 0 to 100, for a progress bar. */
export function usedPercent(user: Pick<SystemUser, 'usedBytes' | 'quotaBytes'>): number {
  if (user.quotaBytes <= 0) return user.usedBytes > 0 ? 100 : 0;
  return Math.min(100, Math.round((user.usedBytes / user.quotaBytes) * 100));
}

/* ---- the user form ---- */

/** Words for a login name that is not one, or null when it is. */
export function loginNameProblem(value: string | undefined, locale: Locale): string | null {
  return LOGIN_NAME_PATTERN.test((value ?? '').trim()) ? null : systemUserMessages.loginNameFormat[locale];
}

/** Words for a mobile number or e-mail address that registration would refuse, or null (empty is fine). */
export function contactProblem(kind: 'mobile' | 'email', value: string | undefined, locale: Locale): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  if (parseAccount(text)?.kind === kind) return null;
  return (kind === 'mobile' ? systemUserMessages.mobileFormat : systemUserMessages.emailFormat)[locale];
}

/** Words when neither a mobile number nor an e-mail address is given, or null. */
export function contactsMissing(mobile: string | undefined, email: string | undefined, locale: Locale): string | null {
  return (mobile ?? '').trim() || (email ?? '').trim() ? null : systemUserMessages.contactRequired[locale];
}
