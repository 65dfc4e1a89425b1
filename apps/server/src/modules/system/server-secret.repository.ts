import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { serverSecrets } from '../../db/schema.js';

/**
 * Named secrets every instance must share, kept in `server_secrets` (never shown by the system-parameter
 * routes). The first instance to ask creates one; instances asking together may each make a value, but
 * only the first insert lands and all of them read that one back.
 */
export class ServerSecretRepository {
  constructor(private readonly db: Database) {}

  async getOrCreate(name: string, make: () => string): Promise<string> {
    const existing = await this.read(name);
    if (existing !== undefined) return existing;
    await this.db
      .insert(serverSecrets)
      .values({ name, value: make() })
      .onConflictDoNothing({ target: serverSecrets.name });
    const stored = await this.read(name);
    if (stored === undefined) throw new Error(`server secret ${name} vanished right after being written`);
    return stored;
  }

  private async read(name: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name));
    return row?.value;
  }
}
