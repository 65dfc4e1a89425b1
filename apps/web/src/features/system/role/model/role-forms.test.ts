import type { Role } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { badGrant, isAdminRole, roleFormOf, roleKeyProblem } from './role-forms';

const role = (over: Partial<Role>): Role => ({
  id: 'r1',
  roleKey: 'shop',
  roleName: 'Shop',
  orderNum: 3,
  status: 'enabled',
  builtin: false,
  remark: '',
  permissions: ['gallery:item:list'],
  userCount: 0,
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('role form', () => {
  it('starts from the role, or a new one after the last shown', () => {
    expect(roleFormOf(role({ status: 'disabled' }), [])).toMatchObject({
      roleKey: 'shop',
      status: 'disabled',
      permissions: ['gallery:item:list'],
    });
    expect(roleFormOf(undefined, [role({ orderNum: 7 }), role({ orderNum: 2 })])).toEqual({
      roleKey: '',
      roleName: '',
      orderNum: 8,
      status: 'enabled',
      remark: '',
      permissions: [],
    });
  });

  it('says what is wrong with a key or a grant in the server’s words', () => {
    expect(roleKeyProblem('shop-keeper_2', 'zh-CN')).toBeNull();
    expect(roleKeyProblem('Shop', 'en')).toMatch(/^A role key holds lower-case letters/);
    expect(badGrant(['drive:*:*', 'a:b:c'])).toBeNull();
    expect(badGrant(['drive:*:*', 'drive:list'])).toBe('drive:list');
    expect(isAdminRole(role({ roleKey: 'admin' }))).toBe(true);
  });
});
