import { randomBytes } from 'node:crypto';
import {
  BUILTIN_MENUS,
  type Grants,
  hasPermission,
  type MenuSeed,
  type MenuTreeNode,
  type MenuType,
  menuMessages,
  PERMISSION_PATTERN,
  type RouterMenu,
  type SysMenu,
} from '@kerf/contract';
import { AppError } from '../../http/app-error.js';
import type { MenuRepository, MenuRow, MenuValues } from './menu.repository.js';

export function presentMenu(row: MenuRow): SysMenu {
  return {
    id: row.id,
    menuKey: row.menuKey,
    parentId: row.parentId,
    menuType: row.menuType as MenuType,
    titleCn: row.titleCn,
    titleEn: row.titleEn,
    path: row.path,
    icon: row.icon,
    orderNum: row.orderNum,
    visible: row.visible,
    permission: row.permission,
    builtin: row.builtin,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const titleOf = (row: MenuRow) => ({ 'zh-CN': row.titleCn, en: row.titleEn || row.titleCn });

/** Rows by their parent (null: top level), each list in the order the rows came in. */
function byParent(rows: readonly MenuRow[]): Map<string | null, MenuRow[]> {
  const groups = new Map<string | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = groups.get(row.parentId) ?? [];
    siblings.push(row);
    groups.set(row.parentId, siblings);
  }
  return groups;
}

/** What a built-in row keeps whatever an administrator sends: Kerf's pages and checks rely on them. */
const BUILTIN_FIXED = ['parentId', 'menuType', 'path', 'permission'] as const;

/**
 * The menu tree as data (RuoYi's sys_menu): directories (M), pages (C) and buttons (F), each with the
 * permission it needs. Kerf's own entries are seeded by key and never overwritten, so an
 * administrator's titles, order and visibility survive upgrades; they can be hidden but not deleted.
 * `user_routers` answers the visible part of it that the caller's grants cover.
 */
export class MenuService {
  constructor(private readonly repo: MenuRepository) {}

  /** Adds the built-in entries missing by key (parents before children); answers how many were added. */
  async ensureBuiltin(seeds: readonly MenuSeed[] = BUILTIN_MENUS): Promise<number> {
    const ids = new Map((await this.repo.all()).map((row) => [row.menuKey, row.id]));
    let added = 0;
    for (const seed of seeds) {
      if (ids.has(seed.key)) continue;
      const parentId = seed.parentKey ? ids.get(seed.parentKey) : null;
      if (parentId === undefined) continue; // a seed listed before its parent: never in BUILTIN_MENUS
      const row = await this.repo.insertIfMissing({
        menuKey: seed.key,
        parentId,
        menuType: seed.type,
        titleCn: seed.title['zh-CN'],
        titleEn: seed.title.en,
        path: seed.path,
        icon: seed.icon,
        orderNum: seed.order,
        visible: true,
        permission: seed.permission,
        builtin: true,
      });
      ids.set(seed.key, row.id);
      added++;
    }
    return added;
  }

  /**
   * Menus as a flat list in the tree's order (each entry followed by what sits under it); an entry
   * whose parent the filter left out stands where a top-level entry would.
   */
  async list(filter: { title?: string; visible?: boolean }): Promise<SysMenu[]> {
    const rows = await this.repo.list(filter);
    const listed = new Set(rows.map((row) => row.id));
    const groups = byParent(rows);
    const ordered: MenuRow[] = [];
    const visit = (row: MenuRow) => {
      ordered.push(row);
      for (const child of groups.get(row.id) ?? []) visit(child);
    };
    for (const row of rows) if (!row.parentId || !listed.has(row.parentId)) visit(row);
    return ordered.map(presentMenu);
  }

  /** The whole tree, hidden entries too (their permissions still guard calls), for picking a role's grants. */
  async tree(): Promise<MenuTreeNode[]> {
    const groups = byParent(await this.repo.all());
    const node = (row: MenuRow): MenuTreeNode => ({
      id: row.id,
      key: row.menuKey,
      type: row.menuType as MenuType,
      title: titleOf(row),
      permission: row.permission,
      visible: row.visible,
      children: (groups.get(row.id) ?? []).map(node),
    });
    return (groups.get(null) ?? []).map(node);
  }

  async get(id: string): Promise<SysMenu> {
    return presentMenu(await this.existing(id));
  }

  async add(values: MenuValues): Promise<SysMenu> {
    const clean = await this.checked(null, values);
    const menuKey = `custom-${randomBytes(6).toString('hex')}`;
    return presentMenu(await this.repo.insert({ ...clean, menuKey, builtin: false }));
  }

  async change(id: string, values: MenuValues): Promise<SysMenu> {
    const before = await this.existing(id);
    const clean = await this.checked(before, values);
    if (before.builtin && BUILTIN_FIXED.some((field) => clean[field] !== before[field])) {
      throw AppError.badRequest(menuMessages.builtinLocked);
    }
    const row = await this.repo.update(id, clean);
    if (!row) throw AppError.notFound(menuMessages.notFound);
    return presentMenu(row);
  }

  /** A menu goes when it is not built in (hide those instead) and has nothing under it. */
  async remove(id: string): Promise<void> {
    const row = await this.existing(id);
    if (row.builtin) throw AppError.badRequest(menuMessages.builtinRemove);
    if (!(await this.repo.deleteLeaf(id))) {
      if (await this.repo.byId(id)) throw AppError.badRequest(menuMessages.hasChildren);
      throw AppError.notFound(menuMessages.notFound);
    }
  }

  /**
   * The caller's menu (`user_routers`): the visible pages their grants cover and the visible
   * directories holding at least one of them, in order. A directory opens its first such page and
   * lists them as `children`; a directory's own permission, when it has one, must be granted too.
   */
  async routersFor(grants: Grants): Promise<RouterMenu[]> {
    const groups = byParent((await this.repo.all()).filter((row) => row.visible));
    const granted = (row: MenuRow) => Boolean(row.permission) && hasPermission(grants, row.permission);
    const entry = (row: MenuRow): RouterMenu | null => {
      const base = { key: row.menuKey, path: row.path, icon: row.icon, title: titleOf(row) };
      if (row.menuType === 'C') return granted(row) ? base : null;
      if (row.menuType !== 'M' || (row.permission && !granted(row))) return null;
      const children = (groups.get(row.id) ?? []).map(entry).filter((e): e is RouterMenu => e !== null);
      return children.length ? { ...base, path: children[0]!.path, children } : null;
    };
    return (groups.get(null) ?? []).map(entry).filter((e): e is RouterMenu => e !== null);
  }

  private async existing(id: string): Promise<MenuRow> {
    const row = await this.repo.byId(id);
    if (!row) throw AppError.notFound(menuMessages.notFound);
    return row;
  }

  /**
   * The values as stored, or a 400 saying what is wrong: a page or button needs a permission in
   * `module:resource:action` form, a page a path; directories and pages sit at the top or under a
   * directory, buttons under a page or directory; never under the menu itself or its own sub-menus.
   */
  private async checked(self: MenuRow | null, values: MenuValues): Promise<MenuValues> {
    const type = values.menuType as MenuType;
    const clean: MenuValues = {
      ...values,
      path: type === 'F' ? '' : values.path,
      icon: type === 'F' ? '' : values.icon,
    };
    if (clean.permission && !PERMISSION_PATTERN.test(clean.permission)) {
      throw AppError.badRequest(menuMessages.badPermission);
    }
    if (type !== 'M' && !clean.permission) throw AppError.badRequest(menuMessages.permissionRequired);
    if ((type === 'C' && !clean.path.startsWith('/')) || (clean.path && !clean.path.startsWith('/'))) {
      throw AppError.badRequest(menuMessages.badPath);
    }
    if (!clean.parentId) {
      if (type === 'F') throw AppError.badRequest(menuMessages.badParent);
      return { ...clean, parentId: null };
    }
    const rows = new Map((await this.repo.all()).map((row) => [row.id, row]));
    const parent = rows.get(clean.parentId);
    if (!parent) throw AppError.badRequest(menuMessages.parentNotFound);
    if (parent.menuType === 'F' || (type !== 'F' && parent.menuType !== 'M')) {
      throw AppError.badRequest(menuMessages.badParent);
    }
    let at: MenuRow | undefined = parent;
    for (let steps = 0; at && steps <= rows.size; steps++) {
      if (self && at.id === self.id) throw AppError.badRequest(menuMessages.parentCycle);
      at = at.parentId ? rows.get(at.parentId) : undefined;
    }
    return clean;
  }
}
