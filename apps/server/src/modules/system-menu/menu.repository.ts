import { and, asc, eq, ilike, notExists, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { sysMenus } from '../../db/schema.js';
import { escapeLike } from '../drive/drive-list.repository.js';

export type MenuRow = typeof sysMenus.$inferSelect;
export type MenuValues = Pick<
  MenuRow,
  'parentId' | 'menuType' | 'titleCn' | 'titleEn' | 'path' | 'icon' | 'orderNum' | 'visible' | 'permission'
>;
export type NewMenu = MenuValues & Pick<MenuRow, 'menuKey' | 'builtin'>;

/** The menu tree; only this file touches `sys_menus`. */
export class MenuRepository {
  constructor(readonly db: Database) {}

  /** Every row, in order among siblings (the tree is put together by the service). */
  async all(): Promise<MenuRow[]> {
    return this.db.select().from(sysMenus).orderBy(asc(sysMenus.orderNum), asc(sysMenus.menuKey));
  }

  /** Rows by a title in either language and by visibility, in order (a flat list; the page makes the tree). */
  async list(filter: { title?: string; visible?: boolean }): Promise<MenuRow[]> {
    const title = filter.title ? `%${escapeLike(filter.title)}%` : undefined;
    return this.db
      .select()
      .from(sysMenus)
      .where(
        and(
          title ? or(ilike(sysMenus.titleCn, title), ilike(sysMenus.titleEn, title)) : undefined,
          filter.visible === undefined ? undefined : eq(sysMenus.visible, filter.visible),
        ),
      )
      .orderBy(asc(sysMenus.orderNum), asc(sysMenus.menuKey));
  }

  async byId(id: string): Promise<MenuRow | undefined> {
    const [row] = await this.db.select().from(sysMenus).where(eq(sysMenus.id, id)).limit(1);
    return row;
  }

  /**
   * Adds a row unless one with its key exists (another instance starting at the same time seeded it);
   * answers the row that holds the key either way.
   */
  async insertIfMissing(values: NewMenu): Promise<MenuRow> {
    const [row] = await this.db.insert(sysMenus).values(values).onConflictDoNothing().returning();
    if (row) return row;
    const [existing] = await this.db.select().from(sysMenus).where(eq(sysMenus.menuKey, values.menuKey)).limit(1);
    return existing!;
  }

  async insert(values: NewMenu): Promise<MenuRow> {
    const [row] = await this.db.insert(sysMenus).values(values).returning();
    return row!;
  }

  async update(id: string, values: MenuValues): Promise<MenuRow | undefined> {
    const [row] = await this.db
      .update(sysMenus)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(sysMenus.id, id))
      .returning();
    return row;
  }

  /**
   * Deletes a row that has no children, in one statement: a child added meanwhile keeps its parent
   * (the foreign key would otherwise take it along). False when the row is gone or has children.
   */
  async deleteLeaf(id: string): Promise<boolean> {
    const child = alias(sysMenus, 'child');
    const deleted = await this.db
      .delete(sysMenus)
      .where(
        and(
          eq(sysMenus.id, id),
          notExists(this.db.select({ id: child.id }).from(child).where(eq(child.parentId, sysMenus.id))),
        ),
      )
      .returning({ id: sysMenus.id });
    return deleted.length > 0;
  }
}
