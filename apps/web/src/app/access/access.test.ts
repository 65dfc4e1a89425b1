import { describe, expect, it } from 'vitest';
import { isAuthorized } from './Authorized';
import { canFor } from './use-can';

describe('UI permission checks (SPEC §6)', () => {
  const user = canFor({ roles: ['user'], permissions: ['account:*:*', 'drive:file:list'] });
  const admin = canFor({ roles: ['admin'], permissions: [] });
  const wildcard = canFor({ roles: ['user'], permissions: ['*:*:*'] });

  it('denies when nothing is required, or an empty list is', () => {
    expect(isAuthorized(user, {})).toBe(false);
    expect(isAuthorized(user, { anyPermission: [] })).toBe(false);
    expect(isAuthorized(admin, { allPermissions: [] })).toBe(false);
    expect(isAuthorized(user, { anyPermission: ['drive:file:list'], anyRole: [] })).toBe(false);
  });

  it('checks any-of and all-of permissions, with module wildcards', () => {
    expect(isAuthorized(user, { anyPermission: ['device:machine:list', 'account:log:list'] })).toBe(true);
    expect(isAuthorized(user, { allPermissions: ['account:log:list', 'drive:file:list'] })).toBe(true);
    expect(isAuthorized(user, { allPermissions: ['account:log:list', 'device:machine:list'] })).toBe(false);
    expect(isAuthorized(wildcard, { allPermissions: ['device:machine:list', 'trade:order:list'] })).toBe(true);
  });

  it('lets the admin role through every non-empty requirement', () => {
    expect(isAuthorized(admin, { anyPermission: ['sysm:user:edit'] })).toBe(true);
    expect(isAuthorized(admin, { anyRole: ['auditor'] })).toBe(true);
    expect(admin.isAdmin).toBe(true);
    expect(user.isAdmin).toBe(false);
  });

  it('needs every requirement given to pass', () => {
    expect(isAuthorized(user, { anyPermission: ['drive:file:list'], anyRole: ['user'] })).toBe(true);
    expect(isAuthorized(user, { anyPermission: ['drive:file:list'], anyRole: ['auditor'] })).toBe(false);
  });
});
