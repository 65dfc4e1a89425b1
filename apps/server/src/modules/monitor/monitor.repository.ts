import { and, count, desc, eq, gt, gte, ilike, isNull, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { loginLogs, sessions, users } from '../../db/schema.js';
import { escapeLike } from '../drive/drive-list.repository.js';
import { COUNT_CAP } from '../oper-log/oper-log.repository.js';

export type LoginLogRow = typeof loginLogs.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
type Page = { offset: number; limit: number };

export interface LoginLogFilter {
  /** Part of the stored (masked) account or of the person's login or nick name. */
  account?: string;
  /**
   * The account typed in full: the attempts of the person who has it; when nobody has it, those stored
   * under its mask (`a***@example.com`) on no one's account.
   */
  fullAccount?: { kind: 'email' | 'mobile'; value: string; masked: string };
  ip?: string;
  success?: boolean;
  from?: Date;
  to?: Date;
}

export interface OnlineFilter {
  /** Part of the person's login name or nick name. */
  userName?: string;
  ip?: string;
}

const like = (text: string | undefined) => (text ? `%${escapeLike(text)}%` : undefined);

/**
 * What the monitor screens read: the sign-in log (`login_logs`, written by the auth module's
 * LoginLogRepository at every attempt) and the sessions (`sessions`, started and ended by
 * SessionService only). Reads, and emptying the log; never a session's state.
 */
export class MonitorRepository {
  constructor(private readonly db: Database) {}

  private loginWhere(filter: LoginLogFilter): SQL | undefined {
    const account = like(filter.account);
    const ip = like(filter.ip);
    return and(
      account
        ? or(
            ilike(loginLogs.account, account),
            this.fullAccountMatch(filter.fullAccount),
            ilike(users.loginName, account),
            ilike(users.nickName, account),
          )
        : undefined,
      ip ? ilike(loginLogs.ip, ip) : undefined,
      filter.success === undefined ? undefined : eq(loginLogs.success, filter.success),
      filter.from ? gte(loginLogs.createdAt, filter.from) : undefined,
      filter.to ? lt(loginLogs.createdAt, filter.to) : undefined,
    );
  }

  /** A person's attempts when someone has the account; otherwise those stored under its mask on no one's. */
  private fullAccountMatch(account: LoginLogFilter['fullAccount']): SQL | undefined {
    if (!account) return undefined;
    const column = account.kind === 'email' ? users.email : users.mobile;
    const holder = alias(users, 'holder');
    const held = this.db
      .select({ one: sql`1` })
      .from(holder)
      .where(eq(account.kind === 'email' ? holder.email : holder.mobile, account.value));
    return or(
      eq(column, account.value),
      and(isNull(loginLogs.userId), eq(loginLogs.account, account.masked), notExists(held)),
    );
  }

  /** Sign-in attempts newest first, with the person's names as they are now; the total is capped at COUNT_CAP. */
  async loginLogs(filter: LoginLogFilter, page: Page) {
    const where = this.loginWhere(filter);
    const base = this.db.select({ one: sql`1` }).from(loginLogs);
    // the account filter looks at the people too; otherwise the count reads the log alone
    const counted = (filter.account ? base.leftJoin(users, eq(users.id, loginLogs.userId)) : base)
      .where(where)
      .limit(COUNT_CAP + 1)
      .as('counted');
    const [rows, [total]] = await Promise.all([
      this.loginLogRows(where, page),
      this.db.select({ n: sql<number>`count(*)::int` }).from(counted),
    ]);
    const n = total?.n ?? 0;
    return { rows, total: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
  }

  /** Up to `limit` attempts newest first (an export). */
  async loginLogExport(filter: LoginLogFilter, limit: number) {
    return this.loginLogRows(this.loginWhere(filter), { offset: 0, limit });
  }

  private loginLogRows(where: SQL | undefined, page: Page) {
    return this.db
      .select({ log: loginLogs, loginName: users.loginName, nickName: users.nickName })
      .from(loginLogs)
      .leftJoin(users, eq(users.id, loginLogs.userId))
      .where(where)
      .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** Empties the sign-in log; answers how many entries went. */
  async cleanLoginLogs(): Promise<number> {
    return (await this.db.delete(loginLogs).returning({ id: loginLogs.id })).length;
  }

  private onlineWhere(filter: OnlineFilter, now: Date, idleSince: Date): SQL | undefined {
    const name = like(filter.userName);
    const ip = like(filter.ip);
    return and(
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, now),
      gt(sessions.lastSeenAt, idleSince),
      name ? or(ilike(users.loginName, name), ilike(users.nickName, name)) : undefined,
      ip ? ilike(sessions.ip, ip) : undefined,
    );
  }

  /**
   * Sessions in use now: not ended, not past their end, used since `idleSince`; most recently used
   * first, with their person.
   */
  async onlineSessions(filter: OnlineFilter, at: { now: Date; idleSince: Date }, page: Page) {
    const where = this.onlineWhere(filter, at.now, at.idleSince);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ session: sessions, loginName: users.loginName, nickName: users.nickName })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(where)
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** A session that has not been ended (it may have run out). */
  async openSession(id: string): Promise<Pick<SessionRow, 'id' | 'userId'> | undefined> {
    const [row] = await this.db
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
      .limit(1);
    return row;
  }
}
