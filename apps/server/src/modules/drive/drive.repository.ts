import { DEFAULT_QUOTA_BYTES } from '@kerf/contract';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { driveAccounts, driveBlobs, driveEntries } from '../../db/schema.js';
import {
  type EntryRow,
  escapeLike,
  type FolderRef,
  type ListAnswer,
  type ListRequest,
  listFolderPage,
  type SortKey,
} from './drive-list.repository.js';

export type { EntryRow, FolderRef, ListAnswer, ListRequest, SortKey } from './drive-list.repository.js';
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const live = isNull(driveEntries.deletedAt);

/** The SQLSTATE of a database error, as pg throws it or as drizzle wraps it. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
}

/** Postgres unique_violation: the name index said no. */
export function isNameClash(err: unknown): boolean {
  return pgErrorCode(err) === '23505';
}

function likePrefix(path: string) {
  return `${escapeLike(path)}/%`;
}

export interface ListPage {
  offset: number;
  limit: number;
  sort: SortKey;
  order: 'asc' | 'desc';
  keyword?: string;
  /** Only folders (the SPEC's listFileFolder, the target-folder dialogs). */
  foldersOnly?: boolean;
}

function orderOf(page: Pick<ListPage, 'sort' | 'order'>): SQL[] {
  const dir = page.order === 'desc' ? desc : asc;
  // `desc nulls last` as the indexes are built, so "newest first", "largest first" and names read an
  // index in order instead of sorting the folder.
  const newestFirst = (column: typeof driveEntries.updatedAt | typeof driveEntries.fileSize) =>
    page.order === 'desc' ? sql`${column} desc nulls last` : asc(column);
  const by: Record<SortKey, SQL[]> = {
    name: [dir(driveEntries.name)],
    size: [newestFirst(driveEntries.fileSize), asc(driveEntries.name)],
    type: [dir(driveEntries.extendName), asc(driveEntries.name)],
    // the modified time the list shows (a save changes it; the time index is on the upload time)
    time: [newestFirst(driveEntries.updatedAt), asc(driveEntries.name)],
  };
  return by[page.sort];
}

/** The live and deleted entries directly in a folder of the user (null: the root). */
function inFolder(userId: string, parentId: string | null): SQL {
  return and(
    eq(driveEntries.userId, userId),
    parentId ? eq(driveEntries.parentId, parentId) : isNull(driveEntries.parentId),
  )!;
}

function nameContains(keyword: string | undefined): SQL | undefined {
  const word = keyword?.trim();
  return word ? sql`${driveEntries.name} ilike ${`%${escapeLike(word)}%`}` : undefined;
}

/**
 * The drive's rows. Every query names the owner; a structural change (move, rename, delete, restore)
 * runs under the owner's transaction-scoped advisory lock, so two of them never interleave on one tree.
 */
export class DriveRepository {
  constructor(readonly db: Database) {}

  /**
   * Runs `work` in a transaction holding the owner's tree lock; with several owners (a copy from one
   * drive into another), all their locks, always taken in the same order so two copies never deadlock.
   */
  withTreeLock<T>(userIds: string | string[], work: (tx: Tx) => Promise<T>): Promise<T> {
    const owners = [...new Set(([] as string[]).concat(userIds))].sort();
    return this.db.transaction(async (tx) => {
      for (const owner of owners) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`drive:${owner}`}, 0))`);
      }
      return work(tx);
    });
  }

  async ensureAccount(userId: string, tx: Tx | Database = this.db) {
    await tx.insert(driveAccounts).values({ userId, quotaBytes: DEFAULT_QUOTA_BYTES }).onConflictDoNothing();
    const [row] = await tx.select().from(driveAccounts).where(eq(driveAccounts.userId, userId)).limit(1);
    return row!;
  }

  async findLive(userId: string, id: string, tx: Tx | Database = this.db): Promise<EntryRow | undefined> {
    const [row] = await tx
      .select()
      .from(driveEntries)
      .where(and(eq(driveEntries.userId, userId), eq(driveEntries.id, id), live))
      .limit(1);
    return row;
  }

  /** A live folder by its full path ('/a/b'); the root has no row. */
  async findFolderByPath(userId: string, path: string): Promise<EntryRow | undefined> {
    const row = await this.findByPath(userId, path);
    return row?.isDir ? row : undefined;
  }

  /** A live entry by its full path ('/a/b.dxf'). */
  async findByPath(userId: string, path: string): Promise<EntryRow | undefined> {
    const cut = path.lastIndexOf('/');
    const parentPath = cut <= 0 ? '/' : path.slice(0, cut);
    const name = path.slice(cut + 1);
    const [row] = await this.db
      .select()
      .from(driveEntries)
      .where(
        and(
          eq(driveEntries.userId, userId),
          eq(driveEntries.parentPath, parentPath),
          eq(driveEntries.name, name),
          live,
        ),
      )
      .limit(1);
    return row;
  }

  async nameTaken(
    userId: string,
    parentId: string | null,
    name: string,
    options: { exceptId?: string; tx?: Tx } = {},
  ): Promise<boolean> {
    const { exceptId, tx = this.db } = options;
    const [row] = await tx
      .select({ id: driveEntries.id })
      .from(driveEntries)
      .where(
        and(
          inFolder(userId, parentId),
          eq(driveEntries.name, name),
          live,
          exceptId ? sql`${driveEntries.id} <> ${exceptId}` : undefined,
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  /** The live entry called `name` directly in a folder (null: the root). */
  async findChild(
    tx: Tx | Database,
    userId: string,
    parentId: string | null,
    name: string,
  ): Promise<EntryRow | undefined> {
    const [row] = await tx
      .select()
      .from(driveEntries)
      .where(and(inFolder(userId, parentId), eq(driveEntries.name, name), live))
      .limit(1);
    return row;
  }

  async insert(tx: Tx, entry: typeof driveEntries.$inferInsert): Promise<EntryRow> {
    const [row] = await tx.insert(driveEntries).values(entry).returning();
    return row!;
  }

  /**
   * Takes references on stored blobs (creating their rows) and charges the bytes to the user, in the
   * caller's transaction; false, and nothing taken, when the quota would be exceeded.
   */
  async referenceBlobs(
    tx: Tx,
    userId: string,
    blobs: Array<{ sha256: string; size: number }>,
    /** Bytes charged besides the blobs' own (files whose content other rows hold). */
    extraBytes = 0,
  ): Promise<boolean> {
    await this.ensureAccount(userId, tx);
    const bytes = blobs.reduce((sum, b) => sum + b.size, extraBytes);
    const charged = await tx
      .update(driveAccounts)
      .set({ usedBytes: sql`${driveAccounts.usedBytes} + ${bytes}` })
      .where(
        and(
          eq(driveAccounts.userId, userId),
          sql`${driveAccounts.usedBytes} + ${bytes} <= ${driveAccounts.quotaBytes}`,
        ),
      )
      .returning({ used: driveAccounts.usedBytes });
    if (charged.length === 0) return false;
    const perBlob = new Map<string, { size: number; n: number }>();
    for (const b of blobs) perBlob.set(b.sha256, { size: b.size, n: (perBlob.get(b.sha256)?.n ?? 0) + 1 });
    for (const [sha256, { size, n }] of perBlob) {
      await tx
        .insert(driveBlobs)
        .values({ sha256, size, refCount: n })
        .onConflictDoUpdate({
          target: driveBlobs.sha256,
          set: { refCount: sql`${driveBlobs.refCount} + ${n}`, unreferencedAt: null },
        });
    }
    return true;
  }

  /**
   * Records content about to be written to the blob store (or just written) before any entry points
   * at it, as unreferenced since now: if the entries that were to use it never come (a failed save or
   * unpacking), the collector removes the bytes after its grace period. A row with references is left
   * alone; one already waiting for the collector has its clock restarted, so the collector cannot take
   * bytes that are about to be used.
   */
  async noteBlobs(blobs: Array<{ sha256: string; size: number }>) {
    const unique = [...new Map(blobs.map((b) => [b.sha256, b])).values()];
    for (let i = 0; i < unique.length; i += 1000) {
      await this.db
        .insert(driveBlobs)
        .values(
          unique
            .slice(i, i + 1000)
            .map((b) => ({ sha256: b.sha256, size: b.size, refCount: 0, unreferencedAt: new Date() })),
        )
        .onConflictDoUpdate({
          target: driveBlobs.sha256,
          set: {
            unreferencedAt: sql`case when ${driveBlobs.refCount} = 0 then now() else ${driveBlobs.unreferencedAt} end`,
          },
        });
    }
  }

  /** The live rows below a folder's full path, shallowest first. */
  async liveSubtree(tx: Tx | Database, userId: string, path: string): Promise<EntryRow[]> {
    const rows = await tx
      .select()
      .from(driveEntries)
      .where(
        and(
          eq(driveEntries.userId, userId),
          live,
          sql`(${driveEntries.parentPath} = ${path} or ${driveEntries.parentPath} like ${likePrefix(path)})`,
        ),
      );
    return rows.sort((a, b) => a.parentPath.length - b.parentPath.length);
  }

  async insertMany(tx: Tx, entries: Array<typeof driveEntries.$inferInsert>) {
    for (let i = 0; i < entries.length; i += 1000) await tx.insert(driveEntries).values(entries.slice(i, i + 1000));
  }

  async blobRefCount(sha256: string): Promise<number | undefined> {
    const [row] = await this.db.select().from(driveBlobs).where(eq(driveBlobs.sha256, sha256)).limit(1);
    return row?.refCount;
  }

  /** Adds `delta` to the live-children count of a folder, or of the root. */
  async countChildren(tx: Tx, userId: string, parentId: string | null, delta: number) {
    if (delta === 0) return;
    if (parentId) {
      await tx
        .update(driveEntries)
        .set({ childCount: sql`${driveEntries.childCount} + ${delta}` })
        .where(and(eq(driveEntries.userId, userId), eq(driveEntries.id, parentId)));
    } else {
      await this.ensureAccount(userId, tx);
      await tx
        .update(driveAccounts)
        .set({ rootChildCount: sql`${driveAccounts.rootChildCount} + ${delta}` })
        .where(eq(driveAccounts.userId, userId));
    }
  }

  /** One page of a folder's live entries, with the folder's lookup and count, in one statement. */
  listFolderPage(userId: string, folder: FolderRef, request: ListRequest): Promise<ListAnswer> {
    return listFolderPage(this.db, userId, folder, request);
  }

  /** A page of the user's live files with one of the extensions, anywhere in the drive (SPEC fileType 1, 3, 4). */
  async listByExtensions(userId: string, extensions: readonly string[], page: ListPage) {
    const where = and(
      eq(driveEntries.userId, userId),
      live,
      eq(driveEntries.isDir, false),
      inArray(driveEntries.extendName, [...extensions]),
      nameContains(page.keyword),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(driveEntries)
        .where(where)
        .orderBy(...orderOf(page))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(driveEntries).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** True when a blob with this content is recorded (referenced now, or recently). */
  async blobKnown(sha256: string, size: number): Promise<boolean> {
    const [row] = await this.db
      .select({ size: driveBlobs.size })
      .from(driveBlobs)
      .where(eq(driveBlobs.sha256, sha256))
      .limit(1);
    return row?.size === size;
  }

  async setQuota(userId: string, quotaBytes: number) {
    await this.ensureAccount(userId);
    await this.db.update(driveAccounts).set({ quotaBytes }).where(eq(driveAccounts.userId, userId));
  }

  /** Bin batches deleted before `before`, oldest first, across all users (for the retention job). */
  async expiredBatches(before: Date, limit: number) {
    return this.db
      .select({ userId: driveEntries.userId, batch: driveEntries.deleteBatchNum })
      .from(driveEntries)
      .where(and(eq(driveEntries.deleteRoot, true), sql`${driveEntries.deletedAt} < ${before.toISOString()}`))
      .orderBy(asc(driveEntries.deletedAt))
      .limit(limit);
  }

  /**
   * Forgets blobs nobody has referenced since before `before`, a few at a time, calling `drop` for each
   * while its row is locked: a new reference taken meanwhile waits, then makes a fresh row, and the
   * upload that takes it checks the bytes are still there.
   */
  async collectBlobs(before: Date, limit: number, drop: (sha256: string) => Promise<void>): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ sha256: driveBlobs.sha256 })
        .from(driveBlobs)
        .where(and(eq(driveBlobs.refCount, 0), sql`${driveBlobs.unreferencedAt} < ${before.toISOString()}`))
        .limit(limit)
        .for('update', { skipLocked: true });
      for (const row of rows) await drop(row.sha256);
      if (rows.length) {
        await tx.delete(driveBlobs).where(
          inArray(
            driveBlobs.sha256,
            rows.map((r) => r.sha256),
          ),
        );
      }
      return rows.length;
    });
  }

  async childCountOf(userId: string, parentId: string | null): Promise<number> {
    if (parentId) return (await this.findLive(userId, parentId))?.childCount ?? 0;
    return (await this.ensureAccount(userId)).rootChildCount;
  }

  /**
   * Live entries whose name contains `keyword`, case-insensitively: any substring, Chinese included.
   * The trigram index serves patterns of three or more characters; shorter ones scan the user's rows.
   */
  async searchByName(userId: string, keyword: string, page: { offset: number; limit: number }) {
    const pattern = `%${escapeLike(keyword)}%`;
    const where = and(eq(driveEntries.userId, userId), live, sql`${driveEntries.name} ilike ${pattern}`);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(driveEntries)
        .where(where)
        .orderBy(desc(driveEntries.isDir), sql`length(${driveEntries.name})`, asc(driveEntries.name))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(driveEntries).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Every live folder of the user, for the folder tree. */
  async liveFolders(userId: string) {
    return this.db
      .select({
        id: driveEntries.id,
        name: driveEntries.name,
        parentId: driveEntries.parentId,
        parentPath: driveEntries.parentPath,
      })
      .from(driveEntries)
      .where(and(eq(driveEntries.userId, userId), eq(driveEntries.isDir, true), live))
      .orderBy(asc(driveEntries.name));
  }

  /** Rewrites the stored paths below a folder whose full path changed from `from` to `to`. */
  async repath(tx: Tx, userId: string, from: string, to: string) {
    await tx.execute(sql`
      update ${driveEntries}
         set parent_path = ${to} || substr(parent_path, ${from.length + 1})
       where user_id = ${userId}
         and (parent_path = ${from} or parent_path like ${likePrefix(from)})`);
  }

  /** Marks an entry and, for a folder, its live subtree as deleted in one batch. */
  async markDeleted(tx: Tx, userId: string, entry: EntryRow, batch: string, at: Date) {
    await tx
      .update(driveEntries)
      .set({ deletedAt: at, deleteBatchNum: batch, deleteRoot: true })
      .where(and(eq(driveEntries.userId, userId), eq(driveEntries.id, entry.id)));
    if (!entry.isDir) return;
    const path = entry.parentPath === '/' ? `/${entry.name}` : `${entry.parentPath}/${entry.name}`;
    await tx.execute(sql`
      update ${driveEntries}
         set deleted_at = ${at}, delete_batch_num = ${batch}, delete_root = false
       where user_id = ${userId} and deleted_at is null
         and (parent_path = ${path} or parent_path like ${likePrefix(path)})`);
  }

  /** Bin entries (the roots of delete batches), newest first. */
  async listBin(userId: string, page: { offset: number; limit: number }) {
    const where = and(
      eq(driveEntries.userId, userId),
      eq(driveEntries.deleteRoot, true),
      sql`${driveEntries.deletedAt} is not null`,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(driveEntries)
        .where(where)
        .orderBy(desc(driveEntries.deletedAt))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(driveEntries).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** The bin batches whose deleted roots are these entries, or every batch in the bin. */
  async binBatches(userId: string, rootIds?: string[]): Promise<string[]> {
    const rows = await this.db
      .select({ batch: driveEntries.deleteBatchNum })
      .from(driveEntries)
      .where(
        and(
          eq(driveEntries.userId, userId),
          eq(driveEntries.deleteRoot, true),
          sql`${driveEntries.deletedAt} is not null`,
          rootIds ? inArray(driveEntries.id, rootIds) : undefined,
        ),
      );
    return rows.map((r) => r.batch).filter((b): b is string => Boolean(b));
  }

  async batchRoot(tx: Tx, userId: string, batch: string): Promise<EntryRow | undefined> {
    const [row] = await tx
      .select()
      .from(driveEntries)
      .where(
        and(eq(driveEntries.userId, userId), eq(driveEntries.deleteBatchNum, batch), eq(driveEntries.deleteRoot, true)),
      )
      .limit(1);
    return row;
  }

  async clearBatch(tx: Tx, userId: string, batch: string) {
    await tx
      .update(driveEntries)
      .set({ deletedAt: null, deleteBatchNum: null, deleteRoot: false })
      .where(and(eq(driveEntries.userId, userId), eq(driveEntries.deleteBatchNum, batch)));
  }

  /**
   * Removes a batch's rows for good: the root row goes and the foreign key takes its subtree; each
   * file's blob loses one reference and the user's usage shrinks by the bytes. Returns the bytes freed.
   */
  async purgeBatch(tx: Tx, userId: string, batch: string): Promise<number> {
    const files = await tx
      .select({ sha: driveEntries.blobSha256, size: driveEntries.fileSize })
      .from(driveEntries)
      .where(
        and(eq(driveEntries.userId, userId), eq(driveEntries.deleteBatchNum, batch), eq(driveEntries.isDir, false)),
      );
    // Entries deleted earlier in their own batches may sit below this one: they stay in the bin, moved
    // out of the subtree (to be restored at the root), instead of going down with the foreign key.
    await tx.execute(sql`
      update ${driveEntries} set parent_id = null
       where user_id = ${userId}
         and delete_batch_num is distinct from ${batch}
         and parent_id in (select id from ${driveEntries} where user_id = ${userId} and delete_batch_num = ${batch})`);
    await tx
      .delete(driveEntries)
      .where(
        and(eq(driveEntries.userId, userId), eq(driveEntries.deleteBatchNum, batch), eq(driveEntries.deleteRoot, true)),
      );
    return this.releaseBlobs(tx, userId, files);
  }

  /**
   * Drops one reference per file on its blob (a blob left with none is stamped for the collector)
   * and gives the bytes back to the user's quota; returns the bytes freed.
   */
  async releaseBlobs(tx: Tx, userId: string, files: Array<{ sha: string | null; size: number }>): Promise<number> {
    const perBlob = new Map<string, number>();
    let bytes = 0;
    for (const f of files) {
      bytes += f.size;
      if (f.sha) perBlob.set(f.sha, (perBlob.get(f.sha) ?? 0) + 1);
    }
    for (const [sha, n] of perBlob) {
      await tx
        .update(driveBlobs)
        .set({
          refCount: sql`${driveBlobs.refCount} - ${n}`,
          unreferencedAt: sql`case when ${driveBlobs.refCount} - ${n} <= 0 then now() else null end`,
        })
        .where(eq(driveBlobs.sha256, sha));
    }
    if (bytes) {
      await tx
        .update(driveAccounts)
        .set({ usedBytes: sql`greatest(0, ${driveAccounts.usedBytes} - ${bytes})` })
        .where(eq(driveAccounts.userId, userId));
    }
    return bytes;
  }

  /** Changes an entry; its modified time (`updatedAt`) only when `changes` says so (new content does, a rename does not). */
  async update(tx: Tx, userId: string, id: string, changes: Partial<typeof driveEntries.$inferInsert>) {
    const [row] = await tx
      .update(driveEntries)
      .set(changes)
      .where(and(eq(driveEntries.userId, userId), eq(driveEntries.id, id)))
      .returning();
    return row;
  }
}
