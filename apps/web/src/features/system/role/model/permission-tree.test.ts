import type { MenuTreeNode } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { checkState, otherGrants, toggle, treePermissions, withOtherGrants } from './permission-tree';

const node = (id: string, type: MenuTreeNode['type'], permission: string, children: MenuTreeNode[] = []) => ({
  id,
  key: id,
  type,
  title: { 'zh-CN': id, en: id },
  permission,
  visible: true,
  children,
});

const TREE: MenuTreeNode[] = [
  node('home', 'C', 'drive:file:list'),
  node('images', 'C', 'drive:file:list'),
  node('gallery', 'C', 'gallery:item:list'),
  node('system', 'M', '', [
    node('role', 'C', 'system:role:list', [
      node('role.add', 'F', 'system:role:add'),
      node('role.remove', 'F', 'system:role:remove'),
    ]),
    node('dict', 'C', 'system:dict:list', [node('dict.add', 'F', 'system:dict:add')]),
  ]),
];

describe('a role’s grants on the menu tree', () => {
  it('checks what the grants cover, wildcards included, and half-checks what is partly covered', () => {
    expect(checkState(TREE, ['drive:*:*', 'system:role:list', 'system:role:add'])).toEqual({
      checked: ['home', 'images', 'role.add', 'role'],
      halfChecked: ['system'],
    });
    expect(checkState(TREE, ['system:*:*']).checked).toEqual([
      'role.add',
      'role.remove',
      'role',
      'dict.add',
      'dict',
      'system',
    ]);
    expect(checkState(TREE, ['*:*:*']).checked).toHaveLength(9);
    expect(checkState(TREE, [])).toEqual({ checked: [], halfChecked: [] });
    // a button granted without its page: the page is half-checked, not checked
    expect(checkState(TREE, ['system:dict:add'])).toEqual({ checked: ['dict.add'], halfChecked: ['dict', 'system'] });
  });

  it('grants a node with everything under it, and the pages above a button', () => {
    expect(toggle(TREE, [], 'system', true)).toEqual([
      'system:role:list',
      'system:role:add',
      'system:role:remove',
      'system:dict:list',
      'system:dict:add',
    ]);
    expect(toggle(TREE, [], 'role.remove', true)).toEqual(['system:role:list', 'system:role:remove']);
    // nothing new when a wildcard already covers it
    expect(toggle(TREE, ['system:*:*'], 'dict', true)).toEqual(['system:*:*']);
  });

  it('takes a node away with what is under it, keeping what a dropped wildcard still stood for', () => {
    expect(toggle(TREE, ['system:role:list', 'system:role:add', 'gallery:item:list'], 'role', false)).toEqual([
      'gallery:item:list',
    ]);
    expect(toggle(TREE, ['system:*:*', 'drive:*:*'], 'role.remove', false)).toEqual([
      'drive:*:*',
      'system:role:list',
      'system:role:add',
      'system:dict:list',
      'system:dict:add',
    ]);
    // entries sharing a permission go together
    expect(toggle(TREE, ['drive:file:list', 'gallery:item:list'], 'home', false)).toEqual(['gallery:item:list']);
    expect(checkState(TREE, toggle(TREE, ['*:*:*'], 'gallery', false)).checked).not.toContain('gallery');
  });

  it('keeps the grants the tree does not name apart, to be edited as text', () => {
    expect(treePermissions(TREE)).toHaveLength(7); // home and images share one
    const grants = ['drive:*:*', 'gallery:item:list', 'account:*:*'];
    expect(otherGrants(TREE, grants)).toEqual(['drive:*:*', 'account:*:*']);
    expect(withOtherGrants(TREE, grants, ['share:*:*', ' '])).toEqual(['gallery:item:list', 'share:*:*']);
  });
});
