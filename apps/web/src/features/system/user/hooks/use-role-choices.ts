import { ROLE_PERMISSIONS } from '@kerf/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { roleChoices, type SystemUser, type SystemUserRole } from '../../../../api/system-user-api';
import { useCan } from '../../../../app/access/use-can';

/**
 * The roles to pick from: the role list when the person may read it, and the roles the users on screen
 * already hold (so someone who may not read roles can still keep or take away those).
 */
export function useRoleChoices(shown: readonly SystemUser[]): SystemUserRole[] {
  const can = useCan();
  const listed = useQuery({
    queryKey: ['sysm', 'role-choices'],
    queryFn: roleChoices,
    enabled: can.permission(ROLE_PERMISSIONS.list),
    retry: false,
    staleTime: 30_000,
  });
  return useMemo(() => {
    const byKey = new Map<string, SystemUserRole>();
    for (const role of listed.data ?? []) byKey.set(role.roleKey, role);
    for (const user of shown) {
      for (const role of user.roles) if (!byKey.has(role.roleKey)) byKey.set(role.roleKey, role);
    }
    return [...byKey.values()];
  }, [listed.data, shown]);
}
