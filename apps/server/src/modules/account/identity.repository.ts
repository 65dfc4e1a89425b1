import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userIdentities } from '../../db/schema.js';

export type IdentityRow = typeof userIdentities.$inferSelect;

/** Accounts at other providers bound to Kerf users; reads by the owner or by the provider's subject. */
export class IdentityRepository {
  constructor(private readonly db: Database) {}

  async findBySubject(provider: string, subject: string): Promise<IdentityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
      .limit(1);
    return row;
  }

  async findForUser(userId: string, provider: string): Promise<IdentityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
      .limit(1);
    return row;
  }

  /** Binds the subject to the user, replacing the user's earlier binding at that provider. */
  async bind(userId: string, provider: string, subject: string, profile: Record<string, unknown>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .delete(userIdentities)
        .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)));
      await tx.insert(userIdentities).values({ userId, provider, subject, profile });
    });
  }

  async unbind(userId: string, provider: string): Promise<boolean> {
    const rows = await this.db
      .delete(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
      .returning({ id: userIdentities.id });
    return rows.length > 0;
  }
}
