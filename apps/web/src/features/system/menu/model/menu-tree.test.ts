import type { SysMenu } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import {
  buildMenuTree,
  expandableIds,
  menuFormOf,
  menuInputOf,
  parentChoices,
  pathProblem,
  permissionProblem,
  ROOT,
} from './menu-tree';

const menu = (id: string, menuType: SysMenu['menuType'], parentId: string | null, orderNum = 1): SysMenu => ({
  id,
  menuKey: id,
  parentId,
  menuType,
  titleCn: `${id}中`,
  titleEn: id === 'noen' ? '' : id,
  path: menuType === 'F' ? '' : `/${id}`,
  icon: '',
  orderNum,
  visible: true,
  permission: menuType === 'M' ? '' : `a:${id}:list`,
  builtin: false,
  createdAt: '',
  updatedAt: '',
});

const LIST = [
  menu('home', 'C', null, 1),
  menu('system', 'M', null, 100),
  menu('role', 'C', 'system', 1),
  menu('add', 'F', 'role', 1),
  menu('sub', 'M', 'system', 2),
  menu('noen', 'C', 'sub', 1),
];

describe('menu tree', () => {
  it('builds the tree from the flat list; an entry whose parent is filtered out stands at the top', () => {
    const tree = buildMenuTree(LIST);
    expect(tree.map((n) => n.id)).toEqual(['home', 'system']);
    expect(tree[0]?.children).toBeUndefined();
    expect(tree[1]?.children?.map((n) => n.id)).toEqual(['role', 'sub']);
    expect(expandableIds(tree)).toEqual(['system', 'role', 'sub']);
    expect(buildMenuTree(LIST.filter((m) => m.id !== 'system')).map((n) => n.id)).toEqual(['home', 'role', 'sub']);
  });

  it('offers as parents what can hold the entry, never itself or what is under it, and no buttons', () => {
    const [root] = parentChoices(LIST, 'C', undefined, 'en', 'Top level');
    expect(root).toMatchObject({ value: ROOT, title: 'Top level' });
    expect(root?.children?.map((c) => [c.value, c.disabled ?? false])).toEqual([
      ['home', true],
      ['system', false],
    ]);
    const system = root?.children?.[1];
    expect(system?.children?.map((c) => [c.value, c.title, c.disabled ?? false])).toEqual([
      ['role', 'role', true],
      ['sub', 'sub', false],
    ]);
    // a button goes under a page or a directory, not at the top
    const [buttonRoot] = parentChoices(LIST, 'F', undefined, 'zh-CN', '主类目');
    expect(buttonRoot?.disabled).toBe(true);
    expect(buttonRoot?.children?.[0]).toMatchObject({ value: 'home', title: 'home中' });
    expect(buttonRoot?.children?.[0]?.disabled).toBeUndefined();
    // moving `system`: neither itself nor what is under it
    const [moving] = parentChoices(LIST, 'M', 'system', 'en', 'Top');
    expect(moving?.children?.map((c) => c.value)).toEqual(['home']);
  });

  it('starts a new entry under its parent, after its siblings, of the type that fits', () => {
    expect(menuFormOf(undefined, null, LIST)).toMatchObject({ parentId: ROOT, menuType: 'M', orderNum: 101 });
    expect(menuFormOf(undefined, 'system', LIST)).toMatchObject({ parentId: 'system', menuType: 'C', orderNum: 3 });
    expect(menuFormOf(undefined, 'role', LIST)).toMatchObject({ parentId: 'role', menuType: 'F', orderNum: 2 });
    expect(menuFormOf(LIST[2], null, LIST)).toMatchObject({ parentId: 'system', path: '/role' });
  });

  it('sends what the server takes, and says what is wrong first', () => {
    const input = menuInputOf({ ...menuFormOf(undefined, null, LIST), titleCn: ' 工具 ', path: ' /tools ' });
    expect(input).toMatchObject({ parentId: null, titleCn: '工具', path: '/tools' });
    expect(menuInputOf({ ...menuFormOf(undefined, 'role', LIST), path: '/x', icon: 'home' })).toMatchObject({
      path: '',
      icon: '',
    });
    expect(permissionProblem('M', '')).toBeNull();
    expect(permissionProblem('C', '')).toBe('required');
    expect(permissionProblem('F', 'a:b')).toBe('format');
    expect(permissionProblem('F', 'a:*:c')).toBeNull();
    expect(pathProblem('C', '')).toBe('required');
    expect(pathProblem('C', 'tools')).toBe('format');
    expect(pathProblem('M', '')).toBeNull();
    expect(pathProblem('F', 'anything')).toBeNull();
  });
});
