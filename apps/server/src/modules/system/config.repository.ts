import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sysConfig } from '../../db/schema.js';
import { isNameClash } from '../drive/drive.repository.js';
import { escapeLike } from '../drive/drive-list.repository.js';

export interface ConfigEntry {
  configKey: string;
  configValue: string;
  configName: string;
  builtin: boolean;
  remark: string | null;
}

export type ConfigRow = typeof sysConfig.$inferSelect;
/** What an administrator writes; `builtin` is Kerf's to set, never theirs. */
export type ConfigValues = Pick<ConfigRow, 'configKey' | 'configValue' | 'configName' | 'remark'>;
export interface ConfigFilter {
  configName?: string;
  configKey?: string;
  builtin?: boolean;
}

/** A key taken, by a concurrent save too (the unique index said no). */
export const isKeyTaken = isNameClash;

/**
 * System parameters are platform-wide (not a user's data), so they are keyed by name alone; only this
 * file touches `sys_config`. Nothing here (or above it) keeps a value in memory: every read goes to the
 * database, so a change made on one instance holds on every instance at once.
 */
export class ConfigRepository {
  constructor(private readonly db: Database) {}

  async findByKey(key: string): Promise<ConfigEntry | undefined> {
    const [row] = await this.db.select().from(sysConfig).where(eq(sysConfig.configKey, key)).limit(1);
    return row;
  }

  /** Inserts the entries that are missing and leaves existing values (an admin may have changed them). */
  async insertMissing(entries: ConfigEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.insert(sysConfig).values(entries).onConflictDoNothing({ target: sysConfig.configKey });
  }

  async setValue(key: string, value: string): Promise<boolean> {
    const rows = await this.db
      .update(sysConfig)
      .set({ configValue: value, updatedAt: new Date() })
      .where(eq(sysConfig.configKey, key))
      .returning({ key: sysConfig.configKey });
    return rows.length > 0;
  }

  /** Parameters by name and key (parts of either) and built-in flag, by key. */
  async list(filter: ConfigFilter, page: { offset: number; limit: number }) {
    const like = (text?: string) => (text ? `%${escapeLike(text)}%` : undefined);
    const name = like(filter.configName);
    const key = like(filter.configKey);
    const where: SQL | undefined = and(
      name ? ilike(sysConfig.configName, name) : undefined,
      key ? ilike(sysConfig.configKey, key) : undefined,
      filter.builtin === undefined ? undefined : eq(sysConfig.builtin, filter.builtin),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(sysConfig)
        .where(where)
        .orderBy(asc(sysConfig.configKey))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(sysConfig).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async byId(id: string): Promise<ConfigRow | undefined> {
    const [row] = await this.db.select().from(sysConfig).where(eq(sysConfig.id, id)).limit(1);
    return row;
  }

  async insert(values: ConfigValues): Promise<ConfigRow> {
    const [row] = await this.db
      .insert(sysConfig)
      .values({ ...values, builtin: false })
      .returning();
    return row!;
  }

  async update(id: string, values: ConfigValues): Promise<ConfigRow | undefined> {
    const [row] = await this.db
      .update(sysConfig)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(sysConfig.id, id))
      .returning();
    return row;
  }

  /** Deletes a parameter that is not built in; false when there is no such one. */
  async deleteCustom(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(sysConfig)
      .where(and(eq(sysConfig.id, id), eq(sysConfig.builtin, false)))
      .returning({ id: sysConfig.id });
    return rows.length > 0;
  }
}
