import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema.js';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/** Sessions belong to a user; every read or write names the token hash or the owner. */
export class SessionRepository {
  constructor(private readonly db: Database) {}

  async insert(session: NewSession): Promise<SessionRow> {
    const [row] = await this.db.insert(sessions).values(session).returning();
    return row!;
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    return row;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
  }

  async revoke(id: string, userId: string, at: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  async revokeAllOf(userId: string, at: Date, exceptId?: string): Promise<number> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: at })
      .where(
        and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptId ? ne(sessions.id, exceptId) : undefined),
      )
      .returning({ id: sessions.id });
    return rows.length;
  }
}
