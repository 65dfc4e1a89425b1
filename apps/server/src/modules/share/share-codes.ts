import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SHARE_CODE_ALPHABET } from '@kerf/contract';

/** A code of `length` characters drawn uniformly from the unambiguous alphabet by the system's CSPRNG. */
export function randomShareCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += SHARE_CODE_ALPHABET[randomInt(SHARE_CODE_ALPHABET.length)];
  return code;
}

/** Codes are case-insensitive and people paste them with spaces around. */
export function normaliseCode(value: string | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

const compareKey = randomBytes(32);

/**
 * Whether a typed code equals the stored one, in time that does not depend on where they differ or
 * on their lengths: both are reduced to fixed-size MACs first, then compared in constant time.
 */
export function sameCode(typed: string, stored: string): boolean {
  const mac = (value: string) => createHmac('sha256', compareKey).update(value).digest();
  return timingSafeEqual(mac(normaliseCode(typed)), mac(normaliseCode(stored)));
}
