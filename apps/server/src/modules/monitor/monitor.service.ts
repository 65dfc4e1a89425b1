import {
  type Bilingual,
  type Locale,
  type LoginLogItem,
  loginLogMessages,
  maskAccount,
  type OnlineSession,
  onlineMessages,
  parseAccount,
} from '@kerf/contract';
import { type PageRequest, pageSlice } from '../../db/page-slice.js';
import { AppError } from '../../http/app-error.js';
import type { RecordTable } from '../../http/table-export.js';
import type { SessionPolicy, SessionService } from '../auth/session.service.js';
import { COUNT_CAP } from '../oper-log/oper-log.repository.js';
import type { LoginLogFilter, LoginLogRow, MonitorRepository, OnlineFilter, SessionRow } from './monitor.repository.js';
import { clientKind } from './user-agent.js';

export interface LoginLogQuery {
  account?: string;
  ip?: string;
  status?: '0' | '1';
  from?: Date;
  to?: Date;
}

/** An export holds at most this many attempts, the newest that match (as the list counts). */
export const LOGIN_EXPORT_MAX = COUNT_CAP;

const GRANTS: Record<string, Bilingual> = {
  password: { 'zh-CN': '密码', en: 'Password' },
  code: { 'zh-CN': '验证码', en: 'Code' },
  wechat: { 'zh-CN': '微信', en: 'WeChat' },
};

const EXPORT_HEADER: Record<Locale, string[]> = {
  'zh-CN': ['时间', '账号', '用户', '登录方式', 'IP 地址', '浏览器', '操作系统', '结果', '说明'],
  en: ['Time', 'Account', 'User', 'Method', 'Address', 'Browser', 'OS', 'Result', 'Detail'],
};

function presentLogin(row: { log: LoginLogRow; loginName: string | null; nickName: string | null }): LoginLogItem {
  const { log, loginName, nickName } = row;
  return {
    id: log.id,
    userId: log.userId,
    loginName: loginName ?? '',
    nickName: nickName ?? '',
    account: log.account,
    grantType: log.grantType,
    ip: log.ip ?? '',
    ...clientKind(log.userAgent),
    status: log.success ? '0' : '1',
    reason: log.reason ?? '',
    createdAt: log.createdAt.toISOString(),
  };
}

/** What a refused attempt's reason says, in one language (the code itself when it is a new one). */
export function reasonText(item: Pick<LoginLogItem, 'status' | 'reason'>, locale: Locale): string {
  if (item.status === '0') return loginLogMessages.success[locale];
  const known = (loginLogMessages as Record<string, Bilingual>)[item.reason];
  return known ? known[locale] : item.reason || loginLogMessages.failure[locale];
}

/** The filters as the repository takes them: a full account typed is looked up as its person's, and masked. */
function loginFilter(query: LoginLogQuery): LoginLogFilter {
  const { status, ...rest } = query;
  const typed = query.account ? parseAccount(query.account) : null;
  return {
    ...rest,
    ...(typed ? { fullAccount: { kind: typed.kind, value: typed.value, masked: maskAccount(typed.value) } } : {}),
    ...(status ? { success: status === '0' } : {}),
  };
}

/**
 * The monitor screens (RuoYi's monitor module): the sign-in log of every attempt, with its browser and
 * system read from the user agent, and the sessions in use now, any of which staff may end. A forced
 * sign-out goes through SessionService.end, whose mark in the shared cache makes every instance refuse
 * the token on its next call (401 with code 422).
 */
export class MonitorService {
  constructor(
    private readonly deps: {
      repo: MonitorRepository;
      sessions: SessionService;
      policy: Pick<SessionPolicy, 'idleMinutes'>;
      now?: () => Date;
    },
  ) {}

  async loginLogs(query: LoginLogQuery, page: PageRequest) {
    const { rows, total, capped } = await this.deps.repo.loginLogs(loginFilter(query), pageSlice(page));
    return { list: rows.map(presentLogin), total, capped, ...page };
  }

  async cleanLoginLogs(): Promise<number> {
    return this.deps.repo.cleanLoginLogs();
  }

  /** The newest matching attempts (up to LOGIN_EXPORT_MAX) as a table with headers in `locale`. */
  async loginLogTable(query: LoginLogQuery, locale: Locale): Promise<RecordTable> {
    const rows = (await this.deps.repo.loginLogExport(loginFilter(query), LOGIN_EXPORT_MAX)).map(presentLogin);
    const zh = locale === 'zh-CN';
    return {
      name: zh ? '登录日志' : 'Sign-in log',
      header: EXPORT_HEADER[locale],
      rows: rows.map((item) => [
        item.createdAt,
        item.account,
        item.nickName,
        GRANTS[item.grantType]?.[locale] ?? item.grantType,
        item.ip,
        item.browser,
        item.os,
        item.status === '0' ? (zh ? '成功' : 'Success') : zh ? '失败' : 'Failure',
        reasonText(item, locale),
      ]),
    };
  }

  async online(filter: OnlineFilter, page: PageRequest, callerSessionId: string) {
    const now = (this.deps.now ?? (() => new Date()))();
    const idleSince = new Date(now.getTime() - this.deps.policy.idleMinutes * 60_000);
    const { rows, total } = await this.deps.repo.onlineSessions(filter, { now, idleSince }, pageSlice(page));
    return { list: rows.map((row) => presentSession(row, callerSessionId)), total, ...page };
  }

  /** Ends someone's session at once, on every instance; not the caller's own (signing out does that). */
  async forceLogout(sessionId: string, callerSessionId: string): Promise<void> {
    if (sessionId === callerSessionId) throw AppError.badRequest(onlineMessages.ownSession);
    const session = await this.deps.repo.openSession(sessionId);
    if (!session) throw AppError.notFound(onlineMessages.notFound);
    await this.deps.sessions.end(session);
  }
}

function presentSession(
  { session, loginName, nickName }: { session: SessionRow; loginName: string; nickName: string },
  callerSessionId: string,
): OnlineSession {
  return {
    sessionId: session.id,
    userId: session.userId,
    loginName,
    nickName,
    loginType: session.loginType,
    ip: session.ip ?? '',
    ...clientKind(session.userAgent),
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === callerSessionId,
  };
}
