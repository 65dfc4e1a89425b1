import {
  ADMIN_ROLE,
  type Grants,
  hasAllPermissions,
  hasAllRoles,
  hasAnyPermission,
  hasAnyRole,
  hasPermission,
} from '@kerf/contract';
import { useMemo } from 'react';
import { useSession } from '../../stores/session-store';

/** What a screen may show, from the session's roles and permissions (SPEC §6, the contract's rules). */
export interface Can {
  permission(wanted: string): boolean;
  anyPermission(wanted: readonly string[] | undefined): boolean;
  allPermissions(wanted: readonly string[] | undefined): boolean;
  anyRole(wanted: readonly string[] | undefined): boolean;
  allRoles(wanted: readonly string[] | undefined): boolean;
  /** The only role a screen may name (SPEC §6: other role names are not shown). */
  isAdmin: boolean;
}

export function canFor(grants: Grants): Can {
  return {
    permission: (wanted) => hasPermission(grants, wanted),
    anyPermission: (wanted) => hasAnyPermission(grants, wanted),
    allPermissions: (wanted) => hasAllPermissions(grants, wanted),
    anyRole: (wanted) => hasAnyRole(grants, wanted),
    allRoles: (wanted) => hasAllRoles(grants, wanted),
    isAdmin: grants.roles.includes(ADMIN_ROLE),
  };
}

export function useCan(): Can {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  return useMemo(() => canFor({ roles, permissions }), [roles, permissions]);
}
