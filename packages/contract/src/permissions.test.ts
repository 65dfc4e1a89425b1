import { describe, expect, it } from 'vitest';
import { hasAllPermissions, hasAllRoles, hasAnyPermission, hasAnyRole, hasPermission } from './permissions.js';

const user = { roles: ['user'], permissions: ['drive:file:list', 'drive:file:upload', 'device:*:view'] };
const admin = { roles: ['admin'], permissions: [] };
const superuser = { roles: ['operator'], permissions: ['*:*:*'] };

describe('permissions', () => {
  it('grants what is listed, and module wildcards per segment', () => {
    expect(hasPermission(user, 'drive:file:list')).toBe(true);
    expect(hasPermission(user, 'drive:file:delete')).toBe(false);
    expect(hasPermission(user, 'device:machine:view')).toBe(true);
    expect(hasPermission(user, 'device:machine:edit')).toBe(false);
    expect(hasPermission(user, 'device:view')).toBe(false);
  });

  it('lets *:*:* and the admin role pass everything', () => {
    expect(hasPermission(superuser, 'system:config:edit')).toBe(true);
    expect(hasPermission(admin, 'system:config:edit')).toBe(true);
    expect(hasAllRoles(admin, ['auditor', 'operator'])).toBe(true);
  });

  it('checks any-of and all-of', () => {
    expect(hasAnyPermission(user, ['x:y:z', 'drive:file:list'])).toBe(true);
    expect(hasAllPermissions(user, ['x:y:z', 'drive:file:list'])).toBe(false);
    expect(hasAllPermissions(user, ['drive:file:upload', 'drive:file:list'])).toBe(true);
    expect(hasAnyRole(user, ['auditor', 'user'])).toBe(true);
    expect(hasAllRoles(user, ['auditor', 'user'])).toBe(false);
  });

  it('denies an empty or missing requirement, even to admin', () => {
    for (const grants of [user, admin, superuser]) {
      expect(hasAnyPermission(grants, [])).toBe(false);
      expect(hasAllPermissions(grants, undefined)).toBe(false);
      expect(hasAnyRole(grants, null)).toBe(false);
      expect(hasAllRoles(grants, [])).toBe(false);
      expect(hasPermission(grants, '')).toBe(false);
    }
  });
});
