import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords are stored as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url): scrypt is memory-hard
 * and built into Node, so there is no native module to install. The parameters travel with each hash,
 * so they can be raised later and old hashes still verify (and report `needsRehash`).
 */
const CURRENT = { logN: 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((ok, fail) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (e, k) => (e ? fail(e) : ok(k))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { logN, r, p } = CURRENT;
  const key = await derive(password, salt, logN, r, p);
  return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [alg, logN, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !key) return null;
  const nums = [logN, r, p].map(Number);
  if (nums.some((n) => !Number.isInteger(n) || n < 1 || n > 20)) return null;
  return {
    logN: nums[0]!,
    r: nums[1]!,
    p: nums[2]!,
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) {
    // Spend the same time as a real check, so "no such account" and "wrong password" look alike.
    await derive(password, DUMMY_SALT, CURRENT.logN, CURRENT.r, CURRENT.p);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.logN, parsed.r, parsed.p);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.logN < CURRENT.logN || parsed.r !== CURRENT.r || parsed.p !== CURRENT.p;
}

const DUMMY_SALT = randomBytes(16);
