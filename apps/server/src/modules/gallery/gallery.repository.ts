import type { GallerySort } from '@kerf/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import {
  driveEntries,
  storeFavourites,
  storeLikes,
  storeObjectFiles,
  storeObjects,
  storePicks,
  users,
} from '../../db/schema.js';

/** What the shop filters by (all optional). */
export interface ShopFilter {
  keyword?: string;
  format?: string;
  material?: string;
  machine?: string;
  tag?: string;
  free?: boolean;
  currency?: string;
  priceMin?: number;
  priceMax?: number;
}

export interface CardRow {
  id: string;
  title: string;
  coverId: string | null;
  formats: string[];
  price: number;
  currency: string;
  listed: boolean;
  paperCount: number;
  previewCount: number;
  ownerName: string;
  material: string;
  machine: string;
  tags: string[];
  likes: number;
  favourites: number;
  downloads: number;
  liked: boolean;
  favourited: boolean;
  picked: boolean;
  updatedAt: Date;
}

type Page = { offset: number; limit: number };

/** Listed, with drawings and effect images, and not in its owner's recycle bin: what the shop shows. */
const inShop = and(
  eq(storeObjects.listed, true),
  sql`${storeObjects.paperCount} > 0 and ${storeObjects.previewCount} > 0`,
  isNull(driveEntries.deletedAt),
)!;

const popularity = sql`(${storeObjects.likeCount} + ${storeObjects.favouriteCount} + 2 * ${storeObjects.downloadCount})`;

/** `%`, `_` and `\` typed by a person are letters, not patterns. */
function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER: Record<GallerySort, SQL[]> = {
  new: [desc(storeObjects.listedAt), desc(storeObjects.id)],
  popular: [desc(popularity), desc(storeObjects.id)],
  priceAsc: [asc(storeObjects.currency), asc(storeObjects.price), asc(storeObjects.id)],
  priceDesc: [asc(storeObjects.currency), desc(storeObjects.price), desc(storeObjects.id)],
};

/**
 * The drawing library's reads (cards) and a person's likes, favourites and the administrators' picks.
 * Owner reads name the owner; shop reads see only what `inShop` allows.
 */
export class GalleryRepository {
  constructor(readonly db: Database) {}

  private cards(viewerId: string) {
    return this.db
      .select({
        id: storeObjects.id,
        title: storeObjects.title,
        coverId: sql<
          string | null
        >`(select f.id from ${storeObjectFiles} f where f.object_id = ${storeObjects.id} and f.kind = 'preview' order by f.position limit 1)`,
        formats: storeObjects.formats,
        price: storeObjects.price,
        currency: storeObjects.currency,
        listed: storeObjects.listed,
        paperCount: storeObjects.paperCount,
        previewCount: storeObjects.previewCount,
        ownerName: users.nickName,
        material: storeObjects.material,
        machine: storeObjects.machine,
        tags: storeObjects.tags,
        likes: storeObjects.likeCount,
        favourites: storeObjects.favouriteCount,
        downloads: storeObjects.downloadCount,
        liked: sql<boolean>`exists (select 1 from ${storeLikes} l where l.object_id = ${storeObjects.id} and l.user_id = ${viewerId})`,
        favourited: sql<boolean>`exists (select 1 from ${storeFavourites} v where v.object_id = ${storeObjects.id} and v.user_id = ${viewerId})`,
        picked: sql<boolean>`(${storePicks.objectId} is not null)`,
        updatedAt: storeObjects.updatedAt,
      })
      .from(storeObjects)
      .innerJoin(driveEntries, eq(driveEntries.id, storeObjects.id))
      .innerJoin(users, eq(users.id, storeObjects.ownerId))
      .leftJoin(storePicks, eq(storePicks.objectId, storeObjects.id));
  }

  private async counted(where: SQL, page: Page, order: SQL[], viewerId: string) {
    const [rows, [total]] = await Promise.all([
      this.cards(viewerId)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(storeObjects)
        .innerJoin(driveEntries, eq(driveEntries.id, storeObjects.id))
        .where(where),
    ]);
    return { rows: rows as CardRow[], total: total?.n ?? 0 };
  }

  /** My objects (not those in my bin), most recently changed first. */
  mine(userId: string, filter: { keyword?: string; state?: 'draft' | 'ready' }, page: Page) {
    const parts: SQL[] = [eq(storeObjects.ownerId, userId), isNull(driveEntries.deletedAt)];
    if (filter.keyword) parts.push(sql`${storeObjects.search} like ${likePattern(filter.keyword)}`);
    if (filter.state === 'ready') parts.push(sql`${storeObjects.paperCount} > 0 and ${storeObjects.previewCount} > 0`);
    if (filter.state === 'draft') parts.push(sql`(${storeObjects.paperCount} = 0 or ${storeObjects.previewCount} = 0)`);
    return this.counted(and(...parts)!, page, [desc(storeObjects.updatedAt), desc(storeObjects.id)], userId);
  }

  /** The shop gallery: everyone's listed objects, filtered and sorted. */
  shop(viewerId: string, filter: ShopFilter, sort: GallerySort, page: Page) {
    const parts: SQL[] = [inShop];
    if (filter.keyword) parts.push(sql`${storeObjects.search} like ${likePattern(filter.keyword)}`);
    if (filter.format) parts.push(sql`${filter.format} = any(${storeObjects.formats})`);
    if (filter.tag) parts.push(sql`${filter.tag} = any(${storeObjects.tags})`);
    if (filter.material) parts.push(eq(storeObjects.material, filter.material));
    if (filter.machine) parts.push(eq(storeObjects.machine, filter.machine));
    if (filter.free) parts.push(eq(storeObjects.price, 0));
    if (filter.currency) parts.push(eq(storeObjects.currency, filter.currency));
    if (filter.priceMin !== undefined) parts.push(gte(storeObjects.price, filter.priceMin));
    if (filter.priceMax !== undefined) parts.push(lte(storeObjects.price, filter.priceMax));
    return this.counted(and(...parts)!, page, ORDER[sort], viewerId);
  }

  /** Administrators' picks in their order, then the most popular of the rest, up to `limit`. */
  async recommended(viewerId: string, limit: number): Promise<CardRow[]> {
    const picks = (await this.cards(viewerId)
      .where(and(inShop, sql`${storePicks.objectId} is not null`))
      .orderBy(asc(storePicks.position))
      .limit(limit)) as CardRow[];
    if (picks.length >= limit) return picks;
    const popular = (await this.cards(viewerId)
      .where(and(inShop, isNull(storePicks.objectId)))
      .orderBy(desc(popularity), desc(storeObjects.listedAt), desc(storeObjects.id))
      .limit(limit - picks.length)) as CardRow[];
    return [...picks, ...popular];
  }

  /** The ids among `ids` the shop shows. */
  async inShopAmong(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: storeObjects.id })
      .from(storeObjects)
      .innerJoin(driveEntries, eq(driveEntries.id, storeObjects.id))
      .where(and(inShop, inArray(storeObjects.id, ids)));
    return rows.map((r) => r.id);
  }

  async setPicks(adminId: string, ids: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(storePicks);
      if (ids.length) {
        await tx
          .insert(storePicks)
          .values(ids.map((objectId, position) => ({ objectId, position, pickedBy: adminId })));
      }
    });
  }

  /**
   * Adds or removes a like or favourite; the object's count moves only for a real change by someone
   * other than its owner. Returns the count after.
   */
  async react(kind: 'like' | 'favourite', userId: string, objectId: string, on: boolean): Promise<number | undefined> {
    const table = kind === 'like' ? storeLikes : storeFavourites;
    const counter = kind === 'like' ? storeObjects.likeCount : storeObjects.favouriteCount;
    const column = kind === 'like' ? 'likeCount' : 'favouriteCount';
    return this.db.transaction(async (tx) => {
      const changed = on
        ? await tx.insert(table).values({ userId, objectId }).onConflictDoNothing().returning()
        : await tx
            .delete(table)
            .where(and(eq(table.userId, userId), eq(table.objectId, objectId)))
            .returning();
      const delta = changed.length === 0 ? 0 : on ? 1 : -1;
      const [row] = await tx
        .update(storeObjects)
        .set({ [column]: sql`greatest(0, ${counter} + ${delta})` })
        .where(and(eq(storeObjects.id, objectId), sql`${storeObjects.ownerId} <> ${userId}`))
        .returning({ count: counter });
      if (row) return row.count;
      const [own] = await tx.select({ count: counter }).from(storeObjects).where(eq(storeObjects.id, objectId));
      return own?.count;
    });
  }

  /** What I marked, newest mark first (only what the shop still shows, or my own). */
  favourites(userId: string, page: Page) {
    const mine = sql`exists (select 1 from ${storeFavourites} v where v.object_id = ${storeObjects.id} and v.user_id = ${userId})`;
    return this.counted(and(mine, inShop)!, page, [desc(storeObjects.listedAt), desc(storeObjects.id)], userId);
  }

  /** Values the shop's filters can take now (most common first). */
  async facets() {
    const shopRows = sql`from ${storeObjects} o join ${driveEntries} e on e.id = o.id
      where o.listed and o.paper_count > 0 and o.preview_count > 0 and e.deleted_at is null`;
    const top = async (expression: SQL) => {
      const result = await this.db.execute(
        sql`select v from (select ${expression} as v ${shopRows}) t where v <> '' group by v order by count(*) desc, v limit 50`,
      );
      return rowsOf<{ v: string }>(result).map((r) => r.v);
    };
    const [formats, materials, machines, tags] = await Promise.all([
      top(sql`unnest(o.formats)`),
      top(sql`o.material`),
      top(sql`o.machine`),
      top(sql`unnest(o.tags)`),
    ]);
    return { formats, materials, machines, tags };
  }
}
