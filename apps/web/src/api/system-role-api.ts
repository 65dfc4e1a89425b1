import {
  type MenuTreeNode,
  type Page,
  type Role,
  type RoleInput,
  type RoleStatus,
  SYSTEM_PATHS,
  type SysMenu,
  type SysMenuInput,
} from '@kerf/contract';
import { pageOf } from './page';
import { CLOUD_API, request } from './request';

/** The role and menu calls (@kerf/contract system.ts, RuoYi's /system/role and /system/menu), under /cloud-api. */

export type { MenuTreeNode, Role, SysMenu };

const url = (path: string, id = '') => `${CLOUD_API}${path.replace(':id', encodeURIComponent(id))}`;

export interface RoleQuery {
  roleName?: string;
  roleKey?: string;
  status?: RoleStatus;
  page: number;
  limit: number;
}

export async function listRoles(query: RoleQuery): Promise<Page<Role>> {
  return pageOf(
    (await request.get<Page<Role>>(url(SYSTEM_PATHS.roles), { params: query })).data,
    query.page,
    query.limit,
  );
}

export async function getRole(id: string): Promise<Role> {
  return (await request.get<Role>(url(SYSTEM_PATHS.roleById, id))).data;
}

/** Adds a role (no `id`) or changes one; answers the server's words. */
export async function saveRole(input: RoleInput & { id?: string }): Promise<string> {
  return input.id
    ? (await request.put<Role>(url(SYSTEM_PATHS.role), input)).msg
    : (await request.post<Role>(url(SYSTEM_PATHS.role), input, { repeatSubmit: false })).msg;
}

export async function removeRole(id: string): Promise<string> {
  return (await request.delete(url(SYSTEM_PATHS.roleById, id))).msg;
}

/** Every menu entry, flat, in the tree's order. */
export async function listMenus(query: { title?: string; visible?: boolean } = {}): Promise<SysMenu[]> {
  const params = {
    ...(query.title ? { title: query.title } : {}),
    ...(query.visible === undefined ? {} : { visible: String(query.visible) }),
  };
  const answer = await request.get<SysMenu[]>(url(SYSTEM_PATHS.menus), { params });
  return Array.isArray(answer.data) ? answer.data : [];
}

/** Directories, pages and buttons with their permissions: what a role's grants are picked from. */
export async function menuTree(): Promise<MenuTreeNode[]> {
  const answer = await request.get<MenuTreeNode[]>(url(SYSTEM_PATHS.menuTree));
  return Array.isArray(answer.data) ? answer.data : [];
}

/** Adds a menu entry (no `id`) or changes one; answers the server's words. */
export async function saveMenu(input: SysMenuInput & { id?: string }): Promise<string> {
  return input.id
    ? (await request.put<SysMenu>(url(SYSTEM_PATHS.menu), input)).msg
    : (await request.post<SysMenu>(url(SYSTEM_PATHS.menu), input, { repeatSubmit: false })).msg;
}

export async function removeMenu(id: string): Promise<string> {
  return (await request.delete(url(SYSTEM_PATHS.menuById, id))).msg;
}
