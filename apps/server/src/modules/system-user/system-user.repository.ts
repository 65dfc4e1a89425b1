import { ADMIN_ROLE, DEFAULT_QUOTA_BYTES, type UserStatus } from '@kerf/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { driveAccounts, loginLogs, roles, userRoles, users } from '../../db/schema.js';
import type { Tx } from '../drive/drive.repository.js';
import { escapeLike } from '../drive/drive-list.repository.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type LoginRow = typeof loginLogs.$inferSelect;
export interface UserFilter {
  keyword?: string;
  status?: UserStatus;
  roleKey?: string;
  from?: Date;
  to?: Date;
}
/** A user with the drive figures the list shows (the default quota for someone without a drive yet). */
export type ListedUser = Pick<
  UserRow,
  'id' | 'loginName' | 'nickName' | 'mobile' | 'email' | 'status' | 'createdAt' | 'lastLoginAt' | 'lastLoginIp'
> & { quotaBytes: number; usedBytes: number; roles: Array<{ roleKey: string; roleName: string }> };
type Page = { offset: number; limit: number };

const listed = {
  id: users.id,
  loginName: users.loginName,
  nickName: users.nickName,
  mobile: users.mobile,
  email: users.email,
  status: users.status,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  lastLoginIp: users.lastLoginIp,
  quotaBytes: sql<number>`coalesce(${driveAccounts.quotaBytes}, ${DEFAULT_QUOTA_BYTES})`.mapWith(Number),
  usedBytes: sql<number>`coalesce(${driveAccounts.usedBytes}, 0)`.mapWith(Number),
};

/** The unique index a refused insert or update ran into, if any (`users_email_idx`…). */
export function clashedIndex(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if ((e.code ?? e.cause?.code) !== '23505') return undefined;
  return e.constraint ?? e.cause?.constraint ?? '';
}

/**
 * Staff's view of the users (SPEC §2 /sysm/user): search, their roles, drive figures and sign-ins.
 * Only this file touches the tables for it; changes that could leave nobody to administer the
 * platform run under one lock (`underAdminLock`), so two of them cannot both pass their check.
 */
export class SystemUserRepository {
  constructor(private readonly db: Database) {}

  private where(filter: UserFilter): SQL | undefined {
    const keyword = filter.keyword ? `%${escapeLike(filter.keyword)}%` : undefined;
    return and(
      keyword
        ? or(
            ilike(users.loginName, keyword),
            ilike(users.nickName, keyword),
            ilike(users.mobile, keyword),
            ilike(users.email, keyword),
          )
        : undefined,
      filter.status ? eq(users.status, filter.status) : undefined,
      filter.roleKey ? inArray(users.id, this.holdersOf(filter.roleKey)) : undefined,
      filter.from ? gte(users.createdAt, filter.from) : undefined,
      filter.to ? lt(users.createdAt, filter.to) : undefined,
    );
  }

  /** The ids of the users holding a role, as a subquery. */
  private holdersOf(roleKey: string, tx: Tx | Database = this.db) {
    return tx
      .select({ id: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(roles.roleKey, roleKey));
  }

  /** Newest registration first. */
  async list(filter: UserFilter, page: Page): Promise<{ rows: ListedUser[]; total: number }> {
    const where = this.where(filter);
    const [rows, [n]] = await Promise.all([
      this.db
        .select(listed)
        .from(users)
        .leftJoin(driveAccounts, eq(driveAccounts.userId, users.id))
        .where(where)
        .orderBy(desc(users.createdAt), asc(users.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows: await this.withRoles(rows), total: n?.n ?? 0 };
  }

  async find(id: string): Promise<ListedUser | undefined> {
    const rows = await this.db
      .select(listed)
      .from(users)
      .leftJoin(driveAccounts, eq(driveAccounts.userId, users.id))
      .where(eq(users.id, id))
      .limit(1);
    return (await this.withRoles(rows))[0];
  }

  private async withRoles(rows: Array<Omit<ListedUser, 'roles'>>): Promise<ListedUser[]> {
    if (!rows.length) return [];
    const held = await this.db
      .select({ userId: userRoles.userId, roleKey: roles.roleKey, roleName: roles.roleName })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        inArray(
          userRoles.userId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(roles.orderNum), asc(roles.roleKey));
    return rows.map((row) => ({
      ...row,
      roles: held.filter((h) => h.userId === row.id).map(({ roleKey, roleName }) => ({ roleKey, roleName })),
    }));
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    return Boolean(row);
  }

  /** True when another user has this login name, in any letter case. */
  async loginNameTaken(loginName: string, except?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.loginName}) = lower(${loginName})`, except ? ne(users.id, except) : undefined))
      .limit(1);
    return Boolean(row);
  }

  /** True when another user signs in with this mobile number or e-mail address. */
  async contactTaken(kind: 'mobile' | 'email', value: string, except?: string): Promise<boolean> {
    const column = kind === 'mobile' ? users.mobile : users.email;
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(column, value), except ? ne(users.id, except) : undefined))
      .limit(1);
    return Boolean(row);
  }

  /** The roles with these keys (those that exist). */
  async rolesByKeys(keys: string[]): Promise<Array<{ id: string; roleKey: string }>> {
    if (!keys.length) return [];
    return this.db.select({ id: roles.id, roleKey: roles.roleKey }).from(roles).where(inArray(roles.roleKey, keys));
  }

  /** The user, their roles and (when given) their drive quota, in one transaction. */
  async create(user: NewUser, roleIds: string[], quotaBytes?: number): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx.insert(users).values(user).returning({ id: users.id });
      const id = created!.id;
      if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
      if (quotaBytes !== undefined) await tx.insert(driveAccounts).values({ userId: id, quotaBytes });
      return id;
    });
  }

  async update(
    id: string,
    changes: Partial<Pick<NewUser, 'nickName' | 'mobile' | 'email' | 'status' | 'passwordHash'>>,
    tx: Tx | Database = this.db,
  ): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /**
   * Runs `work` in a transaction holding the lock every change of an administrator's state or roles
   * takes, so a check of "another enabled administrator remains" still holds when the change commits.
   */
  underAdminLock<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('system-user:admins', 0))`);
      return work(tx);
    });
  }

  /** The user's state and whether they hold the admin role. */
  async standing(id: string, tx: Tx | Database = this.db) {
    const [row] = await tx.select({ status: users.status }).from(users).where(eq(users.id, id)).limit(1);
    if (!row) return undefined;
    const [admin] = await tx
      .select({ id: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, id), eq(roles.roleKey, ADMIN_ROLE)))
      .limit(1);
    return { status: row.status as UserStatus, admin: Boolean(admin) };
  }

  /** Enabled users other than `except` holding the admin role. */
  async otherEnabledAdmins(except: string, tx: Tx | Database = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(roles.roleKey, ADMIN_ROLE), eq(users.status, 'enabled'), ne(users.id, except)));
    return row?.n ?? 0;
  }

  /** Replaces the user's roles. */
  async setRoles(userId: string, roleIds: string[], tx: Tx): Promise<void> {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  }

  /** Sets the drive quota (making the drive's row when the user has none yet); answers the figures. */
  async setQuota(userId: string, quotaBytes: number): Promise<{ quotaBytes: number; usedBytes: number }> {
    const [row] = await this.db
      .insert(driveAccounts)
      .values({ userId, quotaBytes })
      .onConflictDoUpdate({ target: driveAccounts.userId, set: { quotaBytes } })
      .returning({ quotaBytes: driveAccounts.quotaBytes, usedBytes: driveAccounts.usedBytes });
    return row!;
  }

  /** The user's sign-in attempts, newest first. */
  async logins(userId: string, page: Page): Promise<{ rows: LoginRow[]; total: number }> {
    const where = eq(loginLogs.userId, userId);
    const [rows, [n]] = await Promise.all([
      this.db
        .select()
        .from(loginLogs)
        .where(where)
        .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(loginLogs).where(where),
    ]);
    return { rows, total: n?.n ?? 0 };
  }
}
