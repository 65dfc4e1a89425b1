import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { oauthClients } from '../../db/schema.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Registered API clients. The web app's pair comes from configuration and is kept up to date at start. */
export class ClientRepository {
  constructor(private readonly db: Database) {}

  async upsert(client: { clientId: string; secret: string; name: string; grantTypes: string[] }): Promise<void> {
    await this.db
      .insert(oauthClients)
      .values({
        clientId: client.clientId,
        secretHash: sha256(client.secret),
        name: client.name,
        grantTypes: client.grantTypes,
      })
      .onConflictDoUpdate({
        target: oauthClients.clientId,
        set: { secretHash: sql`excluded.secret_hash`, name: sql`excluded.name`, grantTypes: sql`excluded.grant_types` },
      });
  }

  /** The client's allowed grant types when id and secret match, else null. */
  async authenticate(clientId: string, secret: string): Promise<string[] | null> {
    const [row] = await this.db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
    if (!row) return null;
    const given = Buffer.from(sha256(secret), 'hex');
    const stored = Buffer.from(row.secretHash, 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored) ? row.grantTypes : null;
  }
}
