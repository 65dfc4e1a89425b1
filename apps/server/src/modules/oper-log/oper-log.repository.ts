import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sysOperLogs, users } from '../../db/schema.js';
import { escapeLike } from '../drive/drive-list.repository.js';

export type OperLogRow = typeof sysOperLogs.$inferSelect;
export type NewOperLog = Omit<typeof sysOperLogs.$inferInsert, 'id'>;
export interface OperLogFilter {
  userId?: string;
  userName?: string;
  module?: string;
  businessType?: string;
  status?: '0' | '1';
  from?: Date;
  to?: Date;
}

/**
 * Totals are counted up to this many: past it the log says "more than" (counting a million rows for
 * every page took most of a second; nobody pages that far).
 */
export const COUNT_CAP = 10_000;

/** The operation log; only this file touches `sys_oper_logs`. */
export class OperLogRepository {
  constructor(readonly db: Database) {}

  async insertMany(rows: NewOperLog[]): Promise<void> {
    if (rows.length) await this.db.insert(sysOperLogs).values(rows);
  }

  private where(filter: OperLogFilter): SQL | undefined {
    const name = filter.userName ? `%${escapeLike(filter.userName)}%` : undefined;
    return and(
      filter.userId ? eq(sysOperLogs.userId, filter.userId) : undefined,
      name ? or(ilike(users.nickName, name), ilike(users.email, name), ilike(users.loginName, name)) : undefined,
      filter.module ? eq(sysOperLogs.module, filter.module) : undefined,
      filter.businessType ? eq(sysOperLogs.businessType, filter.businessType) : undefined,
      filter.status ? eq(sysOperLogs.status, Number(filter.status)) : undefined,
      filter.from ? gte(sysOperLogs.createdAt, filter.from) : undefined,
      filter.to ? lt(sysOperLogs.createdAt, filter.to) : undefined,
    );
  }

  /** Entries newest first, with the person's name as it is now; the total is capped at COUNT_CAP. */
  async list(filter: OperLogFilter, page: { offset: number; limit: number }) {
    const where = this.where(filter);
    const base = this.db.select({ one: sql`1` }).from(sysOperLogs);
    // the name filter needs the people; otherwise the count reads the log alone
    const counted = (filter.userName ? base.leftJoin(users, eq(users.id, sysOperLogs.userId)) : base)
      .where(where)
      .limit(COUNT_CAP + 1)
      .as('counted');
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ log: sysOperLogs, nickName: users.nickName })
        .from(sysOperLogs)
        .leftJoin(users, eq(users.id, sysOperLogs.userId))
        .where(where)
        .orderBy(desc(sysOperLogs.createdAt), desc(sysOperLogs.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(counted),
    ]);
    const n = total?.n ?? 0;
    return { rows, total: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
  }

  async one(id: string) {
    const [row] = await this.db
      .select({ log: sysOperLogs, nickName: users.nickName })
      .from(sysOperLogs)
      .leftJoin(users, eq(users.id, sysOperLogs.userId))
      .where(eq(sysOperLogs.id, id))
      .limit(1);
    return row;
  }

  /** Empties the log; answers how many entries went. */
  async clean(): Promise<number> {
    return (await this.db.delete(sysOperLogs).returning({ id: sysOperLogs.id })).length;
  }
}
