import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { driveEntries, driveShareItems, driveShares, users } from '../../db/schema.js';
import type { EntryRow } from '../drive/drive.repository.js';

export type ShareRow = typeof driveShares.$inferSelect;
export type NewShare = Omit<typeof driveShares.$inferInsert, 'id'>;
type Counter = 'viewCount' | 'downloadCount' | 'saveCount';

/**
 * Share links and the entries they name. The owner's calls always name the owner; the public ones
 * find a share only by its unguessable link code, and its entries only as the owner's live entries.
 */
export class ShareRepository {
  constructor(readonly db: Database) {}

  /** Stores a share with its entries (in the order given). */
  async create(share: NewShare, entryIds: string[]): Promise<ShareRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(driveShares).values(share).returning();
      await tx
        .insert(driveShareItems)
        .values(entryIds.map((entryId, position) => ({ shareId: row!.id, entryId, position })));
      return row!;
    });
  }

  /** A share by its link code: the public way in. */
  async findByCode(code: string): Promise<ShareRow | undefined> {
    const [row] = await this.db.select().from(driveShares).where(eq(driveShares.code, code)).limit(1);
    return row;
  }

  async findMine(userId: string, code: string): Promise<ShareRow | undefined> {
    const [row] = await this.db
      .select()
      .from(driveShares)
      .where(and(eq(driveShares.userId, userId), eq(driveShares.code, code)))
      .limit(1);
    return row;
  }

  /** A page of my shares, newest first, with the total. */
  async listMine(userId: string, page: { offset: number; limit: number }) {
    const mine = eq(driveShares.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(driveShares)
        .where(mine)
        .orderBy(desc(driveShares.createdAt), desc(driveShares.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(driveShares).where(mine),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * The live entries each share names, in the order they were shared: entries in the owner's recycle
   * bin are not part of a share while they are there.
   */
  async liveItems(shares: ShareRow[]): Promise<Map<string, EntryRow[]>> {
    const out = new Map<string, EntryRow[]>(shares.map((s) => [s.id, []]));
    if (shares.length === 0) return out;
    const owners = new Map(shares.map((s) => [s.id, s.userId]));
    const rows = await this.db
      .select({ shareId: driveShareItems.shareId, ownerId: driveShares.userId, entry: driveEntries })
      .from(driveShareItems)
      .innerJoin(driveShares, eq(driveShares.id, driveShareItems.shareId))
      .innerJoin(
        driveEntries,
        and(
          eq(driveEntries.id, driveShareItems.entryId),
          eq(driveEntries.userId, driveShares.userId),
          isNull(driveEntries.deletedAt),
        ),
      )
      .where(inArray(driveShareItems.shareId, [...owners.keys()]))
      .orderBy(asc(driveShareItems.position));
    for (const row of rows) out.get(row.shareId)?.push(row.entry);
    return out;
  }

  /**
   * A page of my shared entries with the share each belongs to (SPEC fileType 8), newest share
   * first; one share's only when `code` is given.
   */
  async sharedEntries(userId: string, code: string | undefined, page: { offset: number; limit: number }) {
    const where = and(
      eq(driveShares.userId, userId),
      code ? eq(driveShares.code, code) : undefined,
      eq(driveEntries.userId, userId),
      isNull(driveEntries.deletedAt),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ share: driveShares, entry: driveEntries })
        .from(driveShareItems)
        .innerJoin(driveShares, eq(driveShares.id, driveShareItems.shareId))
        .innerJoin(driveEntries, eq(driveEntries.id, driveShareItems.entryId))
        .where(where)
        .orderBy(desc(driveShares.createdAt), asc(driveShareItems.position))
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(driveShareItems)
        .innerJoin(driveShares, eq(driveShares.id, driveShareItems.shareId))
        .innerJoin(driveEntries, eq(driveEntries.id, driveShareItems.entryId))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Ends my shares; returns how many there were. */
  async cancel(userId: string, codes: string[]): Promise<number> {
    const gone = await this.db
      .delete(driveShares)
      .where(and(eq(driveShares.userId, userId), inArray(driveShares.code, codes)))
      .returning({ id: driveShares.id });
    return gone.length;
  }

  /** Lifts the lockouts on my share and forgets its wrong codes; the share's id, or null when it is not mine. */
  async unlock(userId: string, code: string): Promise<string | null> {
    const [row] = await this.db
      .update(driveShares)
      .set({ failedAttempts: 0, failureWindowStart: null, lockedUntil: null })
      .where(and(eq(driveShares.userId, userId), eq(driveShares.code, code)))
      .returning({ id: driveShares.id });
    return row?.id ?? null;
  }

  /**
   * Counts a wrong code in one statement, so simultaneous guesses all count: a failure outside the
   * current window starts a new one. The count is over every visitor and only informs the owner;
   * locks are per visitor (in the cache). `visitorLockMs` says this failure shut its visitor out for
   * that long, and `lockedUntil` then records the latest such lock for the owner to see.
   */
  async recordFailure(
    shareId: string,
    limits: { windowMs: number; visitorLockMs: number | null },
  ): Promise<{ failedAttempts: number; lockedUntil: Date | null }> {
    const windowOpen = sql`${driveShares.failureWindowStart} > now() - make_interval(secs => ${limits.windowMs / 1000})`;
    const lockedUntil =
      limits.visitorLockMs === null
        ? driveShares.lockedUntil
        : sql`now() + make_interval(secs => ${limits.visitorLockMs / 1000})`;
    const [row] = await this.db
      .update(driveShares)
      .set({
        failedAttempts: sql`case when ${windowOpen} then ${driveShares.failedAttempts} + 1 else 1 end`,
        failureWindowStart: sql`case when ${windowOpen} then ${driveShares.failureWindowStart} else now() end`,
        lockedUntil,
      })
      .where(eq(driveShares.id, shareId))
      .returning({ failedAttempts: driveShares.failedAttempts, lockedUntil: driveShares.lockedUntil });
    return row ?? { failedAttempts: 0, lockedUntil: null };
  }

  async count(shareId: string, counter: Counter): Promise<void> {
    const column = driveShares[counter];
    await this.db
      .update(driveShares)
      .set({ [counter]: sql`${column} + 1` })
      .where(eq(driveShares.id, shareId));
  }

  /** The name and picture a share's page shows for its owner. */
  async sharer(userId: string): Promise<{ nickName: string; avatar: string | null }> {
    const [row] = await this.db
      .select({ nickName: users.nickName, loginName: users.loginName, avatar: users.avatar })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return { nickName: row?.nickName || row?.loginName || '', avatar: row?.avatar ?? null };
  }
}
