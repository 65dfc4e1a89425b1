import type { AccountKind } from '@kerf/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export interface RoleDefinition {
  roleKey: string;
  roleName: string;
  permissions: string[];
  /** Its permissions cannot be changed: put back at every start (the administrator role). */
  locked?: boolean;
}

/** Users, their roles and the roles' permissions. Reads by the user's own id or sign-in account. */
export class UserRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findByAccount(account: { kind: AccountKind; value: string }): Promise<UserRow | undefined> {
    const column = account.kind === 'mobile' ? users.mobile : users.email;
    const [row] = await this.db.select().from(users).where(eq(column, account.value)).limit(1);
    return row;
  }

  async loginNameTaken(loginName: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.loginName, loginName)).limit(1);
    return Boolean(row);
  }

  async avatarInUse(url: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.avatar, url)).limit(1);
    return Boolean(row);
  }

  async countUsers(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users);
    return Number(row?.n ?? 0);
  }

  /** Creates the user with the given roles in one transaction. */
  async create(user: NewUser, roleKeys: string[]): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx.insert(users).values(user).returning();
      if (roleKeys.length) {
        const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.roleKey, roleKeys));
        if (found.length) await tx.insert(userRoles).values(found.map((r) => ({ userId: created!.id, roleId: r.id })));
      }
      return created!;
    });
  }

  async update(id: string, changes: Partial<Omit<NewUser, 'id' | 'createdAt'>>): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** The user's enabled role keys and the union of their permissions: a disabled role grants nothing. */
  async grantsOf(userId: string): Promise<{ roles: string[]; permissions: string[] }> {
    const rows = await this.db
      .select({ roleKey: roles.roleKey, permissions: roles.permissions })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, userId), eq(roles.status, 'enabled')));
    return {
      roles: rows.map((r) => r.roleKey).sort(),
      permissions: [...new Set(rows.flatMap((r) => r.permissions))].sort(),
    };
  }

  /**
   * Creates the built-in roles that are missing. An existing one keeps what an administrator made of
   * it and gains only what this release ships that the last did not, except a `locked` one, whose
   * permissions are put back (and which is enabled again) whenever they differ.
   */
  async upsertRoles(definitions: RoleDefinition[]): Promise<void> {
    if (!definitions.length) return;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(roles)
        .values(definitions.map(({ locked: _, ...d }) => ({ ...d, shippedPermissions: d.permissions, builtin: true })))
        .onConflictDoNothing({ target: roles.roleKey });
      for (const { roleKey, permissions, locked } of definitions) {
        const [current] = await tx.select().from(roles).where(eq(roles.roleKey, roleKey)).for('update');
        if (!current) continue;
        // locked (admin): always exactly as shipped; others: add what this release ships anew
        const added = permissions.filter((p) => !current.shippedPermissions.includes(p));
        const granted = locked ? permissions : [...new Set([...current.permissions, ...added])];
        const unchanged = locked
          ? sameList(current.permissions, permissions) && current.status === 'enabled'
          : !added.length;
        if (unchanged && sameList(current.shippedPermissions, permissions)) continue;
        await tx
          .update(roles)
          .set({
            permissions: granted,
            shippedPermissions: permissions,
            ...(locked ? { status: 'enabled', builtin: true } : {}),
            updatedAt: new Date(),
          })
          .where(eq(roles.roleKey, roleKey));
      }
    });
  }
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));
