import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Cache } from '../../infra/cache/cache.js';
import type { SessionRepository, SessionRow } from './session.repository.js';

export interface SessionPolicy {
  /** A session unused for this long ends (SPEC: 1440 minutes). */
  idleMinutes: number;
  /** However active, a session ends this long after sign-in. */
  maxDays: number;
}

export type SessionCheck = { ok: true; session: SessionRow } | { ok: false; reason: 'unknown' | 'revoked' | 'expired' };

/** Refreshing last-seen on every request would write on every request; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

const ENDED_KEY = 'sessions:ended';
/** Far longer than any check cache: when the mark expires, its absence still differs from every value. */
const ENDED_TTL_MS = 7 * 86_400_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Opaque bearer tokens: 256 random bits handed to the client once; only their SHA-256 is stored, so a
 * database leak yields no usable token.
 */
export class SessionService {
  /**
   * `shared`: the cache the instances share (Redis). Every session ended here leaves a new mark in
   * it, so an instance holding a checked token can tell, with one cache read instead of reading the
   * session, the user and the grants again, that some session ended since it checked.
   */
  constructor(
    private readonly sessions: SessionRepository,
    private readonly policy: SessionPolicy,
    private readonly now: () => Date = () => new Date(),
    private readonly shared?: Cache,
  ) {}

  /** True when endings are marked in a shared cache (see `endedMark`). */
  get sharesEndings(): boolean {
    return this.shared !== undefined;
  }

  /** The shared mark of the last session ended on any instance; null when none is known. */
  endedMark(): Promise<string | null> {
    return this.shared ? this.shared.get(ENDED_KEY) : Promise.resolve(null);
  }

  /** After the revoke is written: a check that read the old mark is then seen as stale. */
  private async markEnded(): Promise<void> {
    await this.shared?.set(ENDED_KEY, randomUUID(), ENDED_TTL_MS);
  }

  async start(input: {
    userId: string;
    clientId: string;
    loginType: string;
    ip?: string;
    userAgent?: string;
  }): Promise<{ token: string; session: SessionRow }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const session = await this.sessions.insert({
      tokenHash: hashToken(token),
      userId: input.userId,
      clientId: input.clientId,
      loginType: input.loginType,
      ip: input.ip?.slice(0, 64),
      userAgent: input.userAgent?.slice(0, 500),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.policy.maxDays * 86_400_000),
    });
    return { token, session };
  }

  async check(token: string): Promise<SessionCheck> {
    const session = await this.sessions.findByTokenHash(hashToken(token));
    if (!session) return { ok: false, reason: 'unknown' };
    if (session.revokedAt) return { ok: false, reason: 'revoked' };
    const now = this.now();
    const idleUntil = session.lastSeenAt.getTime() + this.policy.idleMinutes * 60_000;
    if (now.getTime() >= session.expiresAt.getTime() || now.getTime() >= idleUntil)
      return { ok: false, reason: 'expired' };
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.sessions.touch(session.id, now);
      session.lastSeenAt = now;
    }
    return { ok: true, session };
  }

  /** Goes up whenever a session ends here, so caches of checked tokens in this process start over. */
  revision = 0;

  async end(session: Pick<SessionRow, 'id' | 'userId'>): Promise<void> {
    this.revision++;
    await this.sessions.revoke(session.id, session.userId, this.now());
    await this.markEnded();
    // Again: a check that ran while the revoke was being written must not stay cached.
    this.revision++;
  }

  /**
   * After a change to who may do what (a role's permissions, a user's roles, a disabled role): every
   * instance checks tokens afresh on their next call instead of trusting a checked token's grants.
   */
  async grantsChanged(): Promise<void> {
    this.revision++;
    await this.markEnded();
    this.revision++;
  }

  async endAllOf(userId: string, options: { except?: string } = {}): Promise<number> {
    this.revision++;
    const ended = await this.sessions.revokeAllOf(userId, this.now(), options.except);
    await this.markEnded();
    this.revision++;
    return ended;
  }
}
