import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { driveAccounts, driveEntries, driveUploadChunks, driveUploads } from '../../db/schema.js';
import type { Tx } from './drive.repository.js';

export type UploadRow = typeof driveUploads.$inferSelect;

/** Uploads in progress and their received chunks; every lookup names the owner. */
export class UploadRepository {
  constructor(readonly db: Database) {}

  /**
   * Opens an upload only while the person's bytes used plus the sizes of all their unfinished uploads,
   * this one included, fit the quota, and they have fewer than `maxPending` unfinished uploads. The
   * account row is locked meanwhile, so uploads opened at once cannot each take the last free space.
   * A pending upload's reservation is simply its row: completing, cancelling or sweeping it releases it.
   */
  async createWithinLimits(
    row: typeof driveUploads.$inferInsert,
    maxPending: number,
  ): Promise<UploadRow | 'quota' | 'tooMany'> {
    return this.db.transaction(async (tx) => {
      const [account] = await tx
        .select({ used: driveAccounts.usedBytes, quota: driveAccounts.quotaBytes })
        .from(driveAccounts)
        .where(eq(driveAccounts.userId, row.userId))
        .for('update');
      if (!account) return 'quota';
      const [pending] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          bytes: sql<string>`coalesce(sum(${driveUploads.fileSize}), 0)`,
        })
        .from(driveUploads)
        .where(eq(driveUploads.userId, row.userId));
      if ((pending?.count ?? 0) >= maxPending) return 'tooMany';
      if (account.used + Number(pending?.bytes ?? 0) + row.fileSize > account.quota) return 'quota';
      const [created] = await tx.insert(driveUploads).values(row).returning();
      return created!;
    });
  }

  /** Whether this person has a file with this content, live or in their recycle bin. */
  async ownsContent(userId: string, sha256: string, size: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: driveEntries.id })
      .from(driveEntries)
      .where(and(eq(driveEntries.userId, userId), eq(driveEntries.blobSha256, sha256), eq(driveEntries.fileSize, size)))
      .limit(1);
    return Boolean(row);
  }

  async find(userId: string, id: string): Promise<UploadRow | undefined> {
    const [row] = await this.db
      .select()
      .from(driveUploads)
      .where(and(eq(driveUploads.userId, userId), eq(driveUploads.id, id)))
      .limit(1);
    return row;
  }

  /** The upload of the same content, name and place by the same person, to resume it. */
  async findResumable(
    userId: string,
    key: { sha256: string; fileSize: number; parentId: string | null; relativePath: string; fileName: string },
  ): Promise<UploadRow | undefined> {
    const [row] = await this.db
      .select()
      .from(driveUploads)
      .where(
        and(
          eq(driveUploads.userId, userId),
          eq(driveUploads.sha256, key.sha256),
          eq(driveUploads.fileSize, key.fileSize),
          key.parentId ? eq(driveUploads.parentId, key.parentId) : isNull(driveUploads.parentId),
          eq(driveUploads.relativePath, key.relativePath),
          eq(driveUploads.fileName, key.fileName),
        ),
      )
      .orderBy(asc(driveUploads.createdAt))
      .limit(1);
    return row;
  }

  async chunks(uploadId: string): Promise<number[]> {
    const rows = await this.db
      .select({ i: driveUploadChunks.chunkIndex })
      .from(driveUploadChunks)
      .where(eq(driveUploadChunks.uploadId, uploadId))
      .orderBy(asc(driveUploadChunks.chunkIndex));
    return rows.map((r) => r.i);
  }

  /** The upload with whether chunk `index` is recorded already: one query on every chunk request. */
  async findForChunk(userId: string, id: string, index: number) {
    const [row] = await this.db
      .select({
        upload: driveUploads,
        received: sql<boolean>`exists (select 1 from ${driveUploadChunks} c where c.upload_id = ${driveUploads.id} and c.chunk_index = ${index})`,
      })
      .from(driveUploads)
      .where(and(eq(driveUploads.userId, userId), eq(driveUploads.id, id)))
      .limit(1);
    return row;
  }

  /**
   * Records a completely written chunk and touches the upload, in one statement; answers how many
   * chunks are recorded, or null when the upload is gone.
   */
  async markChunk(uploadId: string, index: number): Promise<number | null> {
    const result = await this.db.execute(sql`
      with touched as (
        update ${driveUploads} set updated_at = now() where id = ${uploadId} returning id
      ), added as (
        insert into ${driveUploadChunks} (upload_id, chunk_index)
        select id, ${index} from touched
        on conflict do nothing returning 1
      )
      select (select count(*) from touched)::int as alive,
             ((select count(*) from ${driveUploadChunks} where upload_id = ${uploadId})
               + (select count(*) from added))::int as uploaded`);
    const row = (result as unknown as { rows: Array<{ alive: number; uploaded: number }> }).rows[0];
    return row && row.alive > 0 ? row.uploaded : null;
  }

  async touch(uploadId: string) {
    await this.db.update(driveUploads).set({ updatedAt: new Date() }).where(eq(driveUploads.id, uploadId));
  }

  /** Forgets the received chunks (the assembled file did not hash right): the client sends them again. */
  async resetChunks(uploadId: string) {
    await this.db.delete(driveUploadChunks).where(eq(driveUploadChunks.uploadId, uploadId));
  }

  async delete(userId: string, id: string, tx: Tx | Database = this.db): Promise<boolean> {
    const gone = await tx
      .delete(driveUploads)
      .where(and(eq(driveUploads.userId, userId), eq(driveUploads.id, id)))
      .returning({ id: driveUploads.id });
    return gone.length > 0;
  }

  /** My unfinished uploads with the bytes received so far and where each will land. */
  async pending(userId: string) {
    return this.db
      .select({
        upload: driveUploads,
        received: sql<number>`(select count(*)::int from ${driveUploadChunks} c where c.upload_id = ${driveUploads.id})`,
        folderPath: sql<
          string | null
        >`(select case when ${driveEntries.parentPath} = '/' then '/' || ${driveEntries.name}
                      else ${driveEntries.parentPath} || '/' || ${driveEntries.name} end
                 from ${driveEntries} where ${driveEntries.id} = ${driveUploads.parentId})`,
      })
      .from(driveUploads)
      .where(eq(driveUploads.userId, userId))
      .orderBy(asc(driveUploads.createdAt))
      .limit(500);
  }

  /** Uploads nobody touched since `before`, across users, for the sweeper. */
  async abandoned(before: Date, limit: number) {
    return this.db
      .select({ id: driveUploads.id, userId: driveUploads.userId })
      .from(driveUploads)
      .where(lt(driveUploads.updatedAt, before))
      .limit(limit);
  }

  async allIds(): Promise<Set<string>> {
    const rows = await this.db.select({ id: driveUploads.id }).from(driveUploads);
    return new Set(rows.map((r) => r.id));
  }
}
