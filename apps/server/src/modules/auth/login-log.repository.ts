import { maskAccount } from '@kerf/contract';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginLogs } from '../../db/schema.js';

export interface LoginAttempt {
  userId?: string | null;
  account: string;
  grantType: string;
  ip?: string;
  userAgent?: string;
  success: boolean;
  reason?: string;
}

export class LoginLogRepository {
  constructor(private readonly db: Database) {}

  /** Stores the account masked; the password or code of an attempt is never passed here. */
  async record(attempt: LoginAttempt): Promise<void> {
    await this.db.insert(loginLogs).values({
      userId: attempt.userId ?? null,
      account: maskAccount(attempt.account).slice(0, 254),
      grantType: attempt.grantType.slice(0, 16),
      ip: attempt.ip?.slice(0, 64),
      userAgent: attempt.userAgent?.slice(0, 500),
      success: attempt.success,
      reason: attempt.reason?.slice(0, 64),
    });
  }

  /** A user's own sign-in history, newest first. */
  async listForUser(userId: string, limit = 50) {
    return this.db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.userId, userId))
      .orderBy(desc(loginLogs.createdAt))
      .limit(limit);
  }
}
