import {
  ADMIN_ROLE,
  ALL_PERMISSIONS,
  PERMISSION_PATTERN,
  ROLE_KEY_PATTERN,
  type Role,
  type RoleStatus,
  roleMessages,
} from '@kerf/contract';
import { type PageRequest, pageSlice } from '../../db/page-slice.js';
import { AppError } from '../../http/app-error.js';
import { isTaken, type RoleRepository, type RoleRow, type RoleValues, type RoleWithCount } from './role.repository.js';

export function presentRole(row: RoleWithCount): Role {
  return {
    id: row.id,
    roleKey: row.roleKey,
    roleName: row.roleName,
    orderNum: row.orderNum,
    status: row.status as RoleStatus,
    builtin: row.builtin,
    remark: row.remark ?? '',
    permissions: row.permissions,
    userCount: row.userCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((p) => b.includes(p));

/**
 * Roles and the permissions they grant (SPEC §6, RuoYi's sys_role). A role's key is unique; a
 * built-in role keeps its key and stays; the administrator role always grants everything and stays
 * enabled; a role people hold is not deleted. Every change makes each instance check its callers'
 * grants afresh on their next call, so a change takes effect at once.
 */
export class RoleService {
  constructor(private readonly deps: { roles: RoleRepository; sessions: { grantsChanged(): Promise<void> } }) {}

  async list(filter: { roleName?: string; roleKey?: string; status?: string }, page: PageRequest) {
    const { rows, total } = await this.deps.roles.list(filter, pageSlice(page));
    return { list: rows.map(presentRole), total, ...page };
  }

  async get(id: string): Promise<Role> {
    return presentRole(await this.existing(id));
  }

  async add(values: RoleValues): Promise<Role> {
    const clean = await this.checked(values);
    const row = await this.saving(() => this.deps.roles.insert(clean));
    await this.deps.sessions.grantsChanged();
    return presentRole({ ...row, userCount: 0 });
  }

  async change(id: string, values: RoleValues): Promise<Role> {
    const before = await this.existing(id);
    const clean = await this.checked(values, id);
    if (before.roleKey === ADMIN_ROLE) {
      const locked =
        clean.roleKey !== ADMIN_ROLE || clean.status !== 'enabled' || !sameSet(clean.permissions, [ALL_PERMISSIONS]);
      if (locked) throw AppError.badRequest(roleMessages.adminLocked);
    } else if (before.builtin && clean.roleKey !== before.roleKey) {
      throw AppError.badRequest(roleMessages.builtinKey);
    }
    const row = await this.saving(() => this.deps.roles.update(id, clean));
    if (!row) throw AppError.notFound(roleMessages.notFound);
    await this.deps.sessions.grantsChanged();
    return presentRole({ ...row, userCount: before.userCount });
  }

  /** A role goes when it is not built in and nobody holds it (RuoYi: 角色已分配，不能删除). */
  async remove(id: string): Promise<void> {
    const row = await this.existing(id);
    if (row.builtin) throw AppError.badRequest(roleMessages.builtinRemove);
    if (!(await this.deps.roles.deleteUnheld(id))) {
      if (await this.deps.roles.byId(id)) throw AppError.badRequest(roleMessages.assigned);
      throw AppError.notFound(roleMessages.notFound);
    }
    await this.deps.sessions.grantsChanged();
  }

  private async existing(id: string): Promise<RoleWithCount> {
    const row = await this.deps.roles.byId(id);
    if (!row) throw AppError.notFound(roleMessages.notFound);
    return row;
  }

  /** The values as stored (permissions once each), or a 400/409 saying what is wrong. */
  private async checked(values: RoleValues, self?: string): Promise<RoleValues> {
    if (!ROLE_KEY_PATTERN.test(values.roleKey)) throw AppError.badRequest(roleMessages.badKey);
    const permissions = [...new Set(values.permissions)];
    const bad = permissions.find((p) => !PERMISSION_PATTERN.test(p));
    if (bad !== undefined) throw AppError.badRequest(roleMessages.badPermission, [bad]);
    if (await this.deps.roles.nameTaken(values.roleName, self)) throw AppError.conflict(roleMessages.nameExists);
    return { ...values, permissions };
  }

  /** Runs a save; the unique index refusing it (a key taken) is a 409. */
  private async saving<T extends RoleRow | undefined>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (isTaken(error)) throw AppError.conflict(roleMessages.keyExists);
      throw error;
    }
  }
}
