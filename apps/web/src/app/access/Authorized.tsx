import type { ReactNode } from 'react';
import { type Can, useCan } from './use-can';

export interface Requirement {
  anyPermission?: readonly string[];
  allPermissions?: readonly string[];
  anyRole?: readonly string[];
}

/**
 * Every requirement given must pass; giving none, or an empty list, is denied (SPEC §6: an empty or
 * missing argument means denied), so a forgotten prop hides rather than exposes.
 */
export function isAuthorized(can: Can, { anyPermission, allPermissions, anyRole }: Requirement): boolean {
  const given = [anyPermission, allPermissions, anyRole].filter((r) => r !== undefined);
  if (given.length === 0) return false;
  return (
    (anyPermission === undefined || can.anyPermission(anyPermission)) &&
    (allPermissions === undefined || can.allPermissions(allPermissions)) &&
    (anyRole === undefined || can.anyRole(anyRole))
  );
}

/** Renders its children only when the session meets the requirement; otherwise the fallback (nothing). */
export function Authorized({
  children,
  fallback = null,
  ...requirement
}: Requirement & { children: ReactNode; fallback?: ReactNode }) {
  const can = useCan();
  return <>{isAuthorized(can, requirement) ? children : fallback}</>;
}
