import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { driveBlobs, driveEntries, users } from './schema.js';

// ---------------------------------------------------------------------------------------------------
// Objects (SPEC §3 object upload form, §4 object upload): machining drawings with effect images.

/**
 * An object is a drive entry (`{name}.kobj`, no blob of its own; its size is its attachments' total, so
 * the drive's quota, bin and purge treat it as any file) with these details beside it. The row shares
 * the entry's id and goes when the entry is purged.
 */
export const storeObjects = pgTable(
  'store_objects',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => driveEntries.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    origin: varchar('origin', { length: 4 }).notNull().default('1'),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    material: varchar('material', { length: 100 }).notNull().default(''),
    machine: varchar('machine', { length: 100 }).notNull().default(''),
    licence: varchar('licence', { length: 16 }).notNull().default('personal'),
    /** The crafts as they were when attached (buyers see what the designer used, not later edits). */
    crafts: jsonb('crafts').notNull().default([]),
    paperCount: integer('paper_count').notNull().default(0),
    previewCount: integer('preview_count').notNull().default(0),
    /** Offered in the shop gallery (only while it has drawings and effect images). */
    listed: boolean('listed').notNull().default(false),
    /** Minor units (fen, cent); 0 is free. */
    price: integer('price').notNull().default(0),
    currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
    listedAt: timestamp('listed_at', { withTimezone: true }),
    /** The entry's name without `.kobj`, kept by a trigger on drive_entries (migration 0015). */
    title: varchar('title', { length: 255 }).notNull().default(''),
    /** Lower-cased title, description, tags, material and machine, kept by a trigger: the shop's search. */
    search: text('search').notNull().default(''),
    /** Formats of the drawings, without repeats. */
    formats: text('formats').array().notNull().default([]),
    /** Other people's likes, favourites and downloads (an owner's own never count). */
    likeCount: integer('like_count').notNull().default(0),
    favouriteCount: integer('favourite_count').notNull().default(0),
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_objects_owner_idx').on(t.ownerId, t.updatedAt),
    // The shop: only listed, ready objects, newest first or by popularity or price.
    index('store_objects_shop_new_idx')
      .on(t.listedAt, t.id)
      .where(sql`listed and paper_count > 0 and preview_count > 0`),
    index('store_objects_shop_popular_idx')
      .on(sql`(like_count + favourite_count + 2 * download_count)`, t.id)
      .where(sql`listed and paper_count > 0 and preview_count > 0`),
    index('store_objects_shop_price_idx')
      .on(t.currency, t.price, t.id)
      .where(sql`listed and paper_count > 0 and preview_count > 0`),
    index('store_objects_search_trgm_idx')
      .using('gin', sql`${t.search} gin_trgm_ops`)
      .where(sql`listed and paper_count > 0 and preview_count > 0`),
  ],
);

/** Who likes what: one row per person and object. */
export const storeLikes = pgTable(
  'store_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectId: uuid('object_id')
      .notNull()
      .references(() => storeObjects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.objectId] }), index('store_likes_object_idx').on(t.objectId)],
);

/** Favourites: what a person marked to find again. */
export const storeFavourites = pgTable(
  'store_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectId: uuid('object_id')
      .notNull()
      .references(() => storeObjects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.objectId] }),
    index('store_favourites_user_idx').on(t.userId, t.createdAt),
    index('store_favourites_object_idx').on(t.objectId),
  ],
);

/** Administrators' picks for the recommended page, in their order. */
export const storePicks = pgTable('store_picks', {
  objectId: uuid('object_id')
    .primaryKey()
    .references(() => storeObjects.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  pickedBy: uuid('picked_by').references(() => users.id, { onDelete: 'set null' }),
  pickedAt: timestamp('picked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An object's drawings and effect images, in order. Each row holds one reference on its blob: triggers
 * (migration 0014) take it on insert and give it back on delete, so a purge that cascades from the drive
 * entry releases the bytes as surely as an edit does.
 */
export const storeObjectFiles = pgTable(
  'store_object_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    objectId: uuid('object_id')
      .notNull()
      .references(() => storeObjects.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).notNull(),
    position: integer('position').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    sha256: varchar('sha256', { length: 64 })
      .notNull()
      .references(() => driveBlobs.sha256),
    size: bigint('size', { mode: 'number' }).notNull(),
    format: varchar('format', { length: 8 }).notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_object_files_object_idx').on(t.objectId, t.kind, t.position)],
);
