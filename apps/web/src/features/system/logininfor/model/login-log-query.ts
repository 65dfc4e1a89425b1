import { type Bilingual, type Locale, loginLogMessages } from '@kerf/contract';
import type { Dayjs } from 'dayjs';
import type { LoginLogItem, LoginLogQuery } from '../../../../api/monitor-api';

export type LoginLogFilters = {
  account?: string;
  ip?: string;
  status?: '0' | '1';
  range?: [Dayjs, Dayjs];
};

/** The search form as the list and export calls take it: blanks left out, the range's days whole (local time). */
export function loginLogQueryOf(filters: LoginLogFilters): LoginLogQuery {
  const account = filters.account?.trim();
  const ip = filters.ip?.trim();
  const [from, to] = filters.range ?? [];
  return {
    ...(account ? { account } : {}),
    ...(ip ? { ip } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(from ? { from: from.startOf('day').toISOString() } : {}),
    ...(to ? { to: to.add(1, 'day').startOf('day').toISOString() } : {}),
  };
}

/** What an attempt's result says: 登录成功, or why it was refused (the code itself when it is a new one). */
export function loginDetail(item: Pick<LoginLogItem, 'status' | 'reason'>, locale: Locale): string {
  if (item.status === '0') return loginLogMessages.success[locale];
  const known = (loginLogMessages as Record<string, Bilingual>)[item.reason];
  return known ? known[locale] : item.reason || loginLogMessages.failure[locale];
}

/** The person behind an attempt: nick name (login name without one), or nothing for an account nobody has. */
export function personOf(item: Pick<LoginLogItem, 'nickName' | 'loginName'>): string {
  return item.nickName || item.loginName;
}
