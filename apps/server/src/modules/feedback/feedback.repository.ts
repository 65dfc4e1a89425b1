import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { feedbackReplies, feedbackScreenshots, feedbacks, users } from '../../db/schema.js';
import { escapeLike } from '../drive/drive-list.repository.js';

export type FeedbackRow = typeof feedbacks.$inferSelect;
export type ScreenshotRow = typeof feedbackScreenshots.$inferSelect;
export type NewFeedback = Pick<
  typeof feedbacks.$inferInsert,
  'userId' | 'category' | 'description' | 'contact' | 'locale' | 'ip'
>;
export type NewScreenshot = Omit<typeof feedbackScreenshots.$inferInsert, 'id' | 'feedbackId' | 'position'>;

/** A feedback with the names and lists its views show. */
export interface FeedbackView {
  feedback: FeedbackRow;
  authorName: string;
  screenshots: ScreenshotRow[];
  replies: Array<{ id: string; staffName: string; body: string; createdAt: Date }>;
}

export interface FeedbackFilter {
  /** Only this author's (my feedback). */
  userId?: string;
  status?: string;
  category?: string;
  /** Words in the description or the contact. */
  q?: string;
}

/** Where the author of a reply can be reached: their account's addresses, or what a visitor left. */
export interface FeedbackAuthor {
  feedback: FeedbackRow;
  email: string | null;
  mobile: string | null;
}

const personName = (nick: typeof users.nickName, login: typeof users.loginName) =>
  sql<string>`coalesce(nullif(${nick}, ''), ${login}, '')`;

/** Feedback, its screenshots and replies; only this file touches those tables. */
export class FeedbackRepository {
  constructor(private readonly db: Database) {}

  /**
   * The feedback and its screenshots in one transaction. The screenshots' blobs are stored and noted
   * before (blobs before rows); each row takes its reference on its blob by trigger.
   */
  async create(feedback: NewFeedback, screenshots: NewScreenshot[]): Promise<FeedbackRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(feedbacks).values(feedback).returning();
      if (screenshots.length) {
        await tx
          .insert(feedbackScreenshots)
          .values(screenshots.map((shot, position) => ({ ...shot, feedbackId: row!.id, position })));
      }
      return row!;
    });
  }

  private where(filter: FeedbackFilter): SQL | undefined {
    const q = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
    return and(
      filter.userId ? eq(feedbacks.userId, filter.userId) : undefined,
      filter.status ? eq(feedbacks.status, filter.status) : undefined,
      filter.category ? eq(feedbacks.category, filter.category) : undefined,
      q ? or(ilike(feedbacks.description, q), ilike(feedbacks.contact, q)) : undefined,
    );
  }

  /** Newest first, with screenshots and replies (two more queries for the whole page). */
  async list(filter: FeedbackFilter, page: { offset: number; limit: number }) {
    const where = this.where(filter);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ feedback: feedbacks, authorName: personName(users.nickName, users.loginName) })
        .from(feedbacks)
        .leftJoin(users, eq(users.id, feedbacks.userId))
        .where(where)
        .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(feedbacks).where(where),
    ]);
    return { rows: await this.withDetails(rows), total: total?.n ?? 0 };
  }

  async view(id: string): Promise<FeedbackView | undefined> {
    const rows = await this.db
      .select({ feedback: feedbacks, authorName: personName(users.nickName, users.loginName) })
      .from(feedbacks)
      .leftJoin(users, eq(users.id, feedbacks.userId))
      .where(eq(feedbacks.id, id))
      .limit(1);
    return (await this.withDetails(rows))[0];
  }

  private async withDetails(rows: Array<{ feedback: FeedbackRow; authorName: string }>): Promise<FeedbackView[]> {
    const ids = rows.map((r) => r.feedback.id);
    if (ids.length === 0) return [];
    const [shots, replies] = await Promise.all([
      this.db
        .select()
        .from(feedbackScreenshots)
        .where(inArray(feedbackScreenshots.feedbackId, ids))
        .orderBy(asc(feedbackScreenshots.position)),
      this.db
        .select({
          id: feedbackReplies.id,
          feedbackId: feedbackReplies.feedbackId,
          staffName: personName(users.nickName, users.loginName),
          body: feedbackReplies.body,
          createdAt: feedbackReplies.createdAt,
        })
        .from(feedbackReplies)
        .leftJoin(users, eq(users.id, feedbackReplies.staffId))
        .where(inArray(feedbackReplies.feedbackId, ids))
        .orderBy(asc(feedbackReplies.createdAt), asc(feedbackReplies.id)),
    ]);
    return rows.map(({ feedback, authorName }) => ({
      feedback,
      authorName: authorName ?? '',
      screenshots: shots.filter((s) => s.feedbackId === feedback.id),
      replies: replies
        .filter((r) => r.feedbackId === feedback.id)
        .map(({ feedbackId: _, staffName, ...reply }) => ({ ...reply, staffName: staffName ?? '' })),
    }));
  }

  /** A screenshot with the author of its feedback, for deciding who may see it. */
  async screenshot(id: string) {
    const [row] = await this.db
      .select({ screenshot: feedbackScreenshots, userId: feedbacks.userId })
      .from(feedbackScreenshots)
      .innerJoin(feedbacks, eq(feedbacks.id, feedbackScreenshots.feedbackId))
      .where(eq(feedbackScreenshots.id, id))
      .limit(1);
    return row;
  }

  async setStatus(id: string, status: string): Promise<boolean> {
    const changed = await this.db
      .update(feedbacks)
      .set({ status, updatedAt: new Date() })
      .where(eq(feedbacks.id, id))
      .returning({ id: feedbacks.id });
    return changed.length > 0;
  }

  /**
   * A reply and the state it leaves the feedback in, in one transaction under the feedback's lock:
   * the state given, or `new` becomes `in_progress` (an answered feedback is being handled).
   */
  async reply(id: string, staffId: string, body: string, status?: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ status: feedbacks.status })
        .from(feedbacks)
        .where(eq(feedbacks.id, id))
        .for('update');
      if (!current) return false;
      await tx.insert(feedbackReplies).values({ feedbackId: id, staffId, body });
      const next = status ?? (current.status === 'new' ? 'in_progress' : current.status);
      await tx.update(feedbacks).set({ status: next, updatedAt: new Date() }).where(eq(feedbacks.id, id));
      return true;
    });
  }

  /** The feedback with its author's bound addresses (none for a visitor). */
  async author(id: string): Promise<FeedbackAuthor | undefined> {
    const [row] = await this.db
      .select({ feedback: feedbacks, email: users.email, mobile: users.mobile })
      .from(feedbacks)
      .leftJoin(users, eq(users.id, feedbacks.userId))
      .where(eq(feedbacks.id, id))
      .limit(1);
    return row;
  }
}
