import type { OnlineQuery, OnlineSession } from '../../../../api/monitor-api';

export type OnlineFilters = { userName?: string; ip?: string };

/** The search form as the list call takes it: blanks left out. */
export function onlineQueryOf(filters: OnlineFilters): OnlineQuery {
  const userName = filters.userName?.trim();
  const ip = filters.ip?.trim();
  return { ...(userName ? { userName } : {}), ...(ip ? { ip } : {}) };
}

/** Who a session is, as the confirmation names them: nick name, or login name without one. */
export function sessionOwner(session: Pick<OnlineSession, 'nickName' | 'loginName'>): string {
  return session.nickName || session.loginName;
}
