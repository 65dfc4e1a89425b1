import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { serverSecrets } from '../../db/schema.js';
import {
  ENVELOPE_ALG,
  type EnvelopeKeyPair,
  generateEnvelopeKeyPair,
  keyPairFromPrivatePem,
  privatePemOf,
} from './envelope-crypto.js';

/** The `server_secrets` row holding the active envelope key. */
export const ENVELOPE_KEY_SECRET = 'crypto-envelope.rsa';

/** What the row's `value` holds: the private half only; the public half and kid are derived from it. */
interface StoredEnvelopeKey {
  v: 1;
  alg: typeof ENVELOPE_ALG;
  privateKey: string;
}

/**
 * The envelope key pair, shared by every instance through the database. The first instance to start
 * creates it; instances starting together each may generate one, but only the first insert lands and
 * all of them read that one back, so they agree.
 *
 * Rotation (one active key): delete the row and restart the instances; the next to start creates a new
 * key. Clients holding the old public key get the decrypt failure once, drop it, and fetch the new one.
 */
export class EnvelopeKeysRepository {
  constructor(
    private readonly db: Database,
    private readonly generate: () => Promise<EnvelopeKeyPair> = generateEnvelopeKeyPair,
  ) {}

  async load(): Promise<EnvelopeKeyPair> {
    const existing = await this.read();
    if (existing) return existing;
    const fresh = await this.generate();
    const value: StoredEnvelopeKey = { v: 1, alg: ENVELOPE_ALG, privateKey: privatePemOf(fresh) };
    await this.db
      .insert(serverSecrets)
      .values({ name: ENVELOPE_KEY_SECRET, value: JSON.stringify(value) })
      .onConflictDoNothing({ target: serverSecrets.name });
    const stored = await this.read();
    if (!stored) throw new Error(`server secret ${ENVELOPE_KEY_SECRET} vanished right after being written`);
    return stored;
  }

  private async read(): Promise<EnvelopeKeyPair | undefined> {
    const [row] = await this.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, ENVELOPE_KEY_SECRET));
    if (!row) return undefined;
    const stored = JSON.parse(row.value) as Partial<StoredEnvelopeKey>;
    if (stored.v !== 1 || stored.alg !== ENVELOPE_ALG || typeof stored.privateKey !== 'string') {
      throw new Error(`server secret ${ENVELOPE_KEY_SECRET} has an unknown format`);
    }
    return keyPairFromPrivatePem(stored.privateKey);
  }
}
