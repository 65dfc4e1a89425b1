import type { Locale } from '@kerf/contract';
import {
  ADMIN_ROLE,
  PERMISSION_PATTERN,
  ROLE_KEY_PATTERN,
  type Role,
  type RoleInput,
  roleMessages,
} from '@kerf/contract';

/** What the role form starts with: the role's own values, or a new role's (after the last one shown). */
export function roleFormOf(role: Role | undefined, shown: readonly Role[]): RoleInput {
  const lastOrder = shown.reduce((max, r) => Math.max(max, r.orderNum), 0);
  return {
    roleKey: role?.roleKey ?? '',
    roleName: role?.roleName ?? '',
    orderNum: role?.orderNum ?? lastOrder + 1,
    status: role?.status ?? 'enabled',
    remark: role?.remark ?? '',
    permissions: [...(role?.permissions ?? [])],
  };
}

/** The words for a role key that is not one (the server's), or null. */
export function roleKeyProblem(value: string, locale: Locale): string | null {
  return ROLE_KEY_PATTERN.test(value.trim()) ? null : roleMessages.badKey[locale];
}

/** The first grant that is not a permission string, or null when all are. */
export function badGrant(grants: readonly string[]): string | null {
  return grants.find((grant) => !PERMISSION_PATTERN.test(grant)) ?? null;
}

/** The administrator role grants everything and is shown read-only. */
export const isAdminRole = (role: Pick<Role, 'roleKey'>) => role.roleKey === ADMIN_ROLE;
