import { and, asc, count, eq, getTableColumns, ilike, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { roles, userRoles } from '../../db/schema.js';
import { isNameClash } from '../drive/drive.repository.js';
import { escapeLike } from '../drive/drive-list.repository.js';

export type RoleRow = typeof roles.$inferSelect;
export type RoleValues = Pick<RoleRow, 'roleKey' | 'roleName' | 'orderNum' | 'status' | 'remark' | 'permissions'>;
export type RoleWithCount = RoleRow & { userCount: number };
type Page = { offset: number; limit: number };

/** A role key taken, by a concurrent save too (the unique index said no). */
export const isTaken = isNameClash;

/** A role's columns and how many people hold it. */
const withCount = {
  ...getTableColumns(roles),
  userCount: sql<number>`(select count(*) from ${userRoles} where ${userRoles.roleId} = ${roles.id})`.mapWith(Number),
};

/** Roles; only this file touches `roles` (and reads `user_roles` to count a role's holders). */
export class RoleRepository {
  constructor(readonly db: Database) {}

  async list(filter: { roleName?: string; roleKey?: string; status?: string }, page: Page) {
    const where = and(
      filter.roleName ? ilike(roles.roleName, `%${escapeLike(filter.roleName)}%`) : undefined,
      filter.roleKey ? ilike(roles.roleKey, `%${escapeLike(filter.roleKey)}%`) : undefined,
      filter.status ? eq(roles.status, filter.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select(withCount)
        .from(roles)
        .where(where)
        .orderBy(asc(roles.orderNum), asc(roles.roleKey))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(roles).where(where),
    ]);
    return { rows: rows, total: total?.n ?? 0 };
  }

  async byId(id: string): Promise<RoleWithCount | undefined> {
    const [row] = await this.db.select(withCount).from(roles).where(eq(roles.id, id)).limit(1);
    return row;
  }

  /** Whether another role (not `exceptId`) has this name. */
  async nameTaken(roleName: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.roleName, roleName), exceptId ? ne(roles.id, exceptId) : undefined))
      .limit(1);
    return Boolean(row);
  }

  async insert(values: RoleValues): Promise<RoleRow> {
    const [row] = await this.db.insert(roles).values(values).returning();
    return row!;
  }

  async update(id: string, values: RoleValues): Promise<RoleRow | undefined> {
    const [row] = await this.db
      .update(roles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(roles.id, id))
      .returning();
    return row;
  }

  /**
   * Deletes a role nobody holds, in one statement: a grant made meanwhile keeps the role (the foreign
   * key would otherwise take the grant along). False when the role is gone or held.
   */
  async deleteUnheld(id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(roles)
      .where(
        and(
          eq(roles.id, id),
          notExists(this.db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roles.id))),
        ),
      )
      .returning({ id: roles.id });
    return deleted.length > 0;
  }
}
