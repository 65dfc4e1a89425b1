import { createHmac, randomBytes } from 'node:crypto';
import type { ServerSecretRepository } from '../system/server-secret.repository.js';

/** The `server_secrets` row holding the key of the drive's ETags. */
export const CONTENT_TAG_SECRET = 'drive.etag-hmac';

/**
 * ETags of stored files. The content hash itself must not be one: with it and the size, anyone could
 * claim the content for an instant upload. A keyed hash (HMAC with a server secret shared by every
 * instance and kept across restarts) still changes exactly when the content does, so caches and
 * If-None-Match work as before, but says nothing about the bytes.
 */
export class ContentTags {
  private key: Buffer | undefined;

  constructor(private readonly secrets: ServerSecretRepository) {}

  async load(): Promise<void> {
    const stored = await this.secrets.getOrCreate(CONTENT_TAG_SECRET, () => randomBytes(32).toString('base64'));
    this.key = Buffer.from(stored, 'base64');
  }

  /** The opaque tag of a content, without quotes. */
  of(sha256: string): string {
    if (!this.key) throw new Error('content tags used before load()');
    return createHmac('sha256', this.key).update(sha256).digest('base64url').slice(0, 32);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The ETag (without quotes) of stored content; see ContentTags. */
    contentTag(sha256: string): string;
  }
}
