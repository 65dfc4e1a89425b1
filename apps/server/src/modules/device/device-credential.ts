import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A machine's MQTT password: 32 random bytes, so a plain SHA-256 is enough to store it (nobody can
 * guess through 2^256 values), and checking a thousand reconnecting machines costs nothing.
 */
export function newDeviceCredential(): { password: string; hash: string } {
  const password = randomBytes(32).toString('base64url');
  return { password, hash: hashDeviceCredential(password) };
}

export function hashDeviceCredential(password: string): string {
  return createHash('sha256').update(password).digest('hex');
}

export function credentialMatches(password: string, hash: string | null): boolean {
  if (!hash) return false;
  const given = Buffer.from(hashDeviceCredential(password), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
