/**
 * Roles and permissions (SPEC §6), one implementation for the server's route checks and the web's
 * show/hide helpers. Permissions are `module:entity:action` strings; `*:*:*` grants everything; the
 * role `admin` always passes. An empty or missing requirement is denied, never "allowed by default".
 */
export const ALL_PERMISSIONS = '*:*:*';
export const ADMIN_ROLE = 'admin';

export interface Grants {
  roles: readonly string[];
  permissions: readonly string[];
}

function isAdmin(grants: Grants) {
  return grants.roles.includes(ADMIN_ROLE);
}

/** `a:*:c` style wildcards per segment, so a role can be granted a whole module. */
function grantCovers(grant: string, wanted: string): boolean {
  if (grant === ALL_PERMISSIONS || grant === wanted) return true;
  const g = grant.split(':');
  const w = wanted.split(':');
  return g.length === w.length && g.every((part, i) => part === '*' || part === w[i]);
}

export function hasPermission(grants: Grants, wanted: string): boolean {
  if (!wanted) return false;
  return isAdmin(grants) || grants.permissions.some((g) => grantCovers(g, wanted));
}

export function hasAnyPermission(grants: Grants, wanted: readonly string[] | undefined | null): boolean {
  if (!wanted || wanted.length === 0) return false;
  return wanted.some((p) => hasPermission(grants, p));
}

export function hasAllPermissions(grants: Grants, wanted: readonly string[] | undefined | null): boolean {
  if (!wanted || wanted.length === 0) return false;
  return wanted.every((p) => hasPermission(grants, p));
}

export function hasAnyRole(grants: Grants, wanted: readonly string[] | undefined | null): boolean {
  if (!wanted || wanted.length === 0) return false;
  return isAdmin(grants) || wanted.some((r) => grants.roles.includes(r));
}

export function hasAllRoles(grants: Grants, wanted: readonly string[] | undefined | null): boolean {
  if (!wanted || wanted.length === 0) return false;
  return isAdmin(grants) || wanted.every((r) => grants.roles.includes(r));
}
