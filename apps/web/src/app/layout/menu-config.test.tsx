import { describe, expect, it } from 'vitest';
import { activeMenuKey, MENU, type MenuEntry, menuFromServer, systemPagesFromServer, visibleMenu } from './menu-config';

const entries: MenuEntry[] = [
  { key: 'device', path: '/device', titleKey: 'route.home', icon: null, permission: 'device:list' },
  { key: 'detail', path: '/device/detail', titleKey: 'route.home', icon: null },
  { key: 'help', path: '/help', titleKey: 'route.help', icon: null },
];

describe('sidebar menu', () => {
  it('lists the public pages for a visitor: the workbench, the plugins and the help', () => {
    expect(MENU.map((e) => e.path)).toEqual(['/workbench', '/pluginsManage', '/help']);
  });

  it('hides entries whose permission the check refuses', () => {
    expect(visibleMenu(entries, () => false).map((e) => e.key)).toEqual(['detail', 'help']);
    expect(visibleMenu(entries, (p) => p === 'device:list').map((e) => e.key)).toEqual(['device', 'detail', 'help']);
  });

  it('highlights the entry with the longest matching path', () => {
    expect(activeMenuKey(entries, '/device/detail')).toBe('detail');
    expect(activeMenuKey(entries, '/device/42')).toBe('device');
    expect(activeMenuKey(entries, '/devices')).toBeUndefined();
  });
});

describe('server menus', () => {
  const menus = menuFromServer([
    { key: 'home', path: '/workbench?fileType=0', icon: 'home', title: { 'zh-CN': '首页', en: 'Home' } },
    {
      key: 'operationLog',
      path: '/account?tab=log',
      icon: 'history',
      title: { 'zh-CN': '操作日志', en: 'Operation log' },
    },
    { key: 'future', path: '/future', icon: 'no-such-icon', title: { 'zh-CN': '未来', en: 'Future' } },
  ]);

  it('keeps the server order, adds the help, and has an icon for every entry', () => {
    expect(menus.map((e) => e.key)).toEqual(['home', 'operationLog', 'future', 'help']);
    expect(menus.every((e) => e.icon)).toBe(true);
    expect(menus[0]?.title).toEqual({ 'zh-CN': '首页', en: 'Home' });
  });

  it('highlights entries with a query by page and query', () => {
    expect(activeMenuKey(menus, '/workbench', '?fileType=0')).toBe('home');
    expect(activeMenuKey(menus, '/workbench', '?fileType=1')).toBeUndefined();
    // the bare address shows the page's default view
    expect(activeMenuKey(menus, '/workbench')).toBe('home');
    expect(activeMenuKey(menus, '/account', '?tab=log')).toBe('operationLog');
    expect(activeMenuKey(menus, '/account')).toBeUndefined();
    expect(activeMenuKey(menus, '/account', '?tab=security')).toBeUndefined();
    expect(activeMenuKey(menus, '/help')).toBe('help');
  });
});

describe('a directory in the server menu (System)', () => {
  const page = (key: string, path: string) => ({ key, path, icon: '', title: { 'zh-CN': key, en: key } });
  const server = [
    { key: 'home', path: '/workbench?fileType=0', icon: 'home', title: { 'zh-CN': '首页', en: 'Home' } },
    {
      key: 'system',
      path: '/sysm/role',
      icon: 'setting',
      title: { 'zh-CN': '系统管理', en: 'System' },
      children: [page('system.role', '/sysm/role'), page('system.dict', '/sysm/dict')],
    },
  ];

  it('is one sidebar entry opening its first page, lit on any of its pages', () => {
    const menus = menuFromServer(server);
    expect(menus.map((e) => [e.key, e.path])).toEqual([
      ['home', '/workbench?fileType=0'],
      ['system', '/sysm/role'],
      ['help', '/help'],
    ]);
    expect(activeMenuKey(menus, '/sysm/role')).toBe('system');
    expect(activeMenuKey(menus, '/sysm/dict')).toBe('system');
    expect(activeMenuKey(menus, '/sysm/menu')).toBeUndefined();
  });

  it('gives /sysm its tabs: the System entry’s pages, or none without one', () => {
    expect(systemPagesFromServer(server)?.map((p) => p.path)).toEqual(['/sysm/role', '/sysm/dict']);
    expect(systemPagesFromServer(server.slice(0, 1))).toBeNull();
    expect(systemPagesFromServer([{ ...server[1]!, children: [] }])).toBeNull();
  });
});
