import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sysConfig } from '../../db/schema.js';

export interface ConfigEntry {
  configKey: string;
  configValue: string;
  configName: string;
  builtin: boolean;
  remark: string | null;
}

/** System parameters are platform-wide (not a user's data), so they are keyed by name alone. */
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
}
