import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userNotices } from '../../db/schema.js';

export type NoticeRow = typeof userNotices.$inferSelect;
export type NewNotice = Pick<typeof userNotices.$inferInsert, 'userId' | 'kind' | 'title' | 'body' | 'link'>;

/** A person's messages; only this file touches `user_notices`, and every query is by the owner's id. */
export class NoticeRepository {
  constructor(private readonly db: Database) {}

  async insert(notice: NewNotice): Promise<NoticeRow> {
    const [row] = await this.db.insert(userNotices).values(notice).returning();
    return row!;
  }

  private where(userId: string, unreadOnly: boolean): SQL | undefined {
    return and(eq(userNotices.userId, userId), unreadOnly ? isNull(userNotices.readAt) : undefined);
  }

  /** The owner's notices, newest first. */
  async list(userId: string, unreadOnly: boolean, page: { offset: number; limit: number }) {
    const where = this.where(userId, unreadOnly);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(userNotices)
        .where(where)
        .orderBy(desc(userNotices.createdAt), desc(userNotices.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(userNotices).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(userNotices).where(this.where(userId, true));
    return row?.n ?? 0;
  }

  /** Marks the owner's notices read (these ids, or all); ids of anyone else's are left alone. */
  async markRead(userId: string, ids?: string[]): Promise<number> {
    if (ids && ids.length === 0) return 0;
    const marked = await this.db
      .update(userNotices)
      .set({ readAt: new Date() })
      .where(and(this.where(userId, true), ids ? inArray(userNotices.id, ids) : undefined))
      .returning({ id: userNotices.id });
    return marked.length;
  }
}
