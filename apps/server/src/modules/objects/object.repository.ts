import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { driveEntries, storeObjectFiles, storeObjects, users } from '../../db/schema.js';
import type { EntryRow, Tx } from '../drive/drive.repository.js';

export type ObjectRow = typeof storeObjects.$inferSelect;
export type ObjectFileRow = typeof storeObjectFiles.$inferSelect;
export type NewObjectFile = Omit<typeof storeObjectFiles.$inferInsert, 'id' | 'objectId' | 'kind' | 'position'>;

/** An object with the drive entry that holds it (its name and place) and its owner's name. */
export interface ObjectRecord {
  object: ObjectRow;
  entry: EntryRow;
  ownerName: string;
}

const live = isNull(driveEntries.deletedAt);

/**
 * Objects and their attachments. Owner calls name the owner and see only live entries; `findListed`
 * finds anyone's object only while it is listed, ready and not in its owner's recycle bin.
 */
export class ObjectRepository {
  constructor(readonly db: Database) {}

  private select(tx: Tx | Database) {
    return tx
      .select({ object: storeObjects, entry: driveEntries, ownerName: users.nickName })
      .from(storeObjects)
      .innerJoin(driveEntries, eq(driveEntries.id, storeObjects.id))
      .innerJoin(users, eq(users.id, storeObjects.ownerId));
  }

  async insert(tx: Tx, row: typeof storeObjects.$inferInsert): Promise<ObjectRow> {
    const [created] = await tx.insert(storeObjects).values(row).returning();
    return created!;
  }

  /** My live object. */
  async findMine(userId: string, id: string, tx: Tx | Database = this.db): Promise<ObjectRecord | undefined> {
    const [row] = await this.select(tx)
      .where(and(eq(storeObjects.id, id), eq(storeObjects.ownerId, userId), live))
      .limit(1);
    return row;
  }

  /** Someone's object as the shop shows it: listed, with drawings and effect images, not in the bin. */
  async findListed(id: string): Promise<ObjectRecord | undefined> {
    const [row] = await this.select(this.db)
      .where(
        and(
          eq(storeObjects.id, id),
          eq(storeObjects.listed, true),
          sql`${storeObjects.paperCount} > 0 and ${storeObjects.previewCount} > 0`,
          live,
        ),
      )
      .limit(1);
    return row;
  }

  /** The objects of mine among `ids` (live), for removal. */
  async mineAmong(userId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: storeObjects.id })
      .from(storeObjects)
      .innerJoin(driveEntries, eq(driveEntries.id, storeObjects.id))
      .where(and(eq(storeObjects.ownerId, userId), inArray(storeObjects.id, ids), live));
    return rows.map((r) => r.id);
  }

  async files(objectId: string, tx: Tx | Database = this.db): Promise<ObjectFileRow[]> {
    return tx
      .select()
      .from(storeObjectFiles)
      .where(eq(storeObjectFiles.objectId, objectId))
      .orderBy(asc(storeObjectFiles.kind), asc(storeObjectFiles.position));
  }

  async file(id: string): Promise<ObjectFileRow | undefined> {
    const [row] = await this.db.select().from(storeObjectFiles).where(eq(storeObjectFiles.id, id)).limit(1);
    return row;
  }

  /**
   * Makes the kind's list exactly `keep` (existing ids, in this order) followed by `add`; the rest of
   * that kind go (their blob references with them, by trigger). Returns the object's attachments after.
   */
  async replaceFiles(
    tx: Tx,
    objectId: string,
    kind: string,
    keep: string[],
    add: NewObjectFile[],
  ): Promise<ObjectFileRow[]> {
    const ofKind = and(eq(storeObjectFiles.objectId, objectId), eq(storeObjectFiles.kind, kind));
    await tx.delete(storeObjectFiles).where(keep.length ? and(ofKind, notInArray(storeObjectFiles.id, keep)) : ofKind);
    for (const [position, id] of keep.entries()) {
      await tx
        .update(storeObjectFiles)
        .set({ position })
        .where(and(ofKind, eq(storeObjectFiles.id, id)));
    }
    if (add.length) {
      await tx
        .insert(storeObjectFiles)
        .values(add.map((file, i) => ({ ...file, objectId, kind, position: keep.length + i })));
    }
    return this.files(objectId, tx);
  }

  /** Copies an object's details and attachments to a new entry's id (a drive copy or a saved share). */
  async copy(tx: Tx, fromId: string, toId: string, ownerId: string): Promise<void> {
    const [source] = await tx.select().from(storeObjects).where(eq(storeObjects.id, fromId)).limit(1);
    if (!source) return;
    const now = new Date();
    // A copy is the copier's draft: not listed until they list it.
    await tx.insert(storeObjects).values({
      ...source,
      id: toId,
      ownerId,
      listed: false,
      listedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    const files = await this.files(fromId, tx);
    if (files.length) {
      await tx
        .insert(storeObjectFiles)
        .values(files.map(({ id: _id, createdAt: _at, ...file }) => ({ ...file, objectId: toId })));
    }
  }

  async update(tx: Tx | Database, userId: string, id: string, changes: Partial<typeof storeObjects.$inferInsert>) {
    const [row] = await tx
      .update(storeObjects)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(storeObjects.id, id), eq(storeObjects.ownerId, userId)))
      .returning();
    return row;
  }
}
