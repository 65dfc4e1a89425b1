import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { installation } from '../../db/schema.js';

export interface InstallationRecord {
  id: string;
  installedAt: Date;
  lastStartedAt: Date;
  startCount: number;
}

/** The single installation row: system-wide, so it is the one table with no owner to filter by. */
export class InstallationRepository {
  constructor(private readonly db: Database) {}

  /** Creates the row on first start, or counts one more start; returns the row as it now is. */
  async recordStart(): Promise<InstallationRecord> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${installation} in exclusive mode`);
      const [existing] = await tx.select().from(installation).limit(1);
      if (!existing) {
        const [created] = await tx.insert(installation).values({ startCount: 1 }).returning();
        return created!;
      }
      const [updated] = await tx
        .update(installation)
        .set({ lastStartedAt: new Date(), startCount: existing.startCount + 1 })
        .returning();
      return updated!;
    });
  }

  async get(): Promise<InstallationRecord | undefined> {
    const [row] = await this.db.select().from(installation).limit(1);
    return row;
  }
}
