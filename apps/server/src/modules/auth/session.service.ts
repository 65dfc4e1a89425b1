import { createHash, randomBytes } from 'node:crypto';
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

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Opaque bearer tokens: 256 random bits handed to the client once; only their SHA-256 is stored, so a
 * database leak yields no usable token.
 */
export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly policy: SessionPolicy,
    private readonly now: () => Date = () => new Date(),
  ) {}

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
    // Again: a check that ran while the revoke was being written must not stay cached.
    this.revision++;
  }

  async endAllOf(userId: string, options: { except?: string } = {}): Promise<number> {
    this.revision++;
    const ended = await this.sessions.revokeAllOf(userId, this.now(), options.except);
    this.revision++;
    return ended;
  }
}
