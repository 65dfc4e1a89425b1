import type { PluginManifest } from '@kerf/contract';
import {
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './schema.js';

/** Raw bytes; node-postgres reads and writes them as Buffers. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A plugin: built-in (seeded at start from @kerf/plugins) or published from uploaded packages. */
export const plugins = pgTable('plugins', {
  /** The manifest's id (`kerf.gear`, `acme.spiral`). */
  id: varchar('id', { length: 64 }).primaryKey(),
  builtin: boolean('builtin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One version of a plugin, as checked from its package. Versions are kept: an uploaded one starts as
 * a draft, is published and may be withdrawn. The entry and icon are small (PLUGIN_LIMITS) and read
 * whole, so they live in the row rather than the blob store.
 */
export const pluginVersions = pgTable(
  'plugin_versions',
  {
    pluginId: varchar('plugin_id', { length: 64 })
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    version: varchar('version', { length: 20 }).notNull(),
    /** draft, published, withdrawn. */
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    manifest: jsonb('manifest').$type<PluginManifest>().notNull(),
    entry: bytea('entry').notNull(),
    icon: bytea('icon'),
    /** `image/png` or `image/svg+xml`; null without an icon. */
    iconType: varchar('icon_type', { length: 20 }),
    /** The package's size as uploaded (a built-in's: its entry, icon and manifest). */
    packageSize: integer('package_size').notNull(),
    /** SHA-256 of manifest, icon and entry: the entry's and icon's ETag, and how a changed built-in is found. */
    digest: varchar('digest', { length: 64 }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.pluginId, t.version] }),
    index('plugin_versions_status_idx').on(t.status, t.pluginId),
  ],
);

/**
 * What a person installed, and whether it is enabled. A built-in needs no row to be there (enabled);
 * its row, when present, keeps it disabled or holds a chosen version. `version` null: the newest
 * published. The version a row names stays even when withdrawn (it then no longer runs).
 */
export const pluginInstalls = pgTable(
  'plugin_installs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pluginId: varchar('plugin_id', { length: 64 })
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    version: varchar('version', { length: 20 }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.pluginId] }),
    foreignKey({ columns: [t.pluginId, t.version], foreignColumns: [pluginVersions.pluginId, pluginVersions.version] }),
    index('plugin_installs_plugin_idx').on(t.pluginId),
  ],
);

export type PluginRow = typeof plugins.$inferSelect;
export type PluginVersionRow = typeof pluginVersions.$inferSelect;
export type PluginInstallRow = typeof pluginInstalls.$inferSelect;
