import { BUILTIN_MENUS, MENU_PERMISSIONS, ROLE_PERMISSIONS, SYSTEM_PATHS } from '@kerf/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysMenus } from '../src/db/schema.js';
import { bootstrapRootToken, call, type Json, joinWithRole } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { documentedRoutes } from './openapi-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const at = (path: string, id = '') => `${API}${path.replace(':id', id)}`;
const SYSTEM_PAGES = [
  'user',
  'role',
  'menu',
  'dict',
  'config',
  'operlog',
  'logininfor',
  'online',
  'support',
  'feedback',
];
const WORKBENCH_KEYS = BUILTIN_MENUS.filter((m) => !m.parentKey && m.type === 'C').map((m) => m.key);

/**
 * Menus as data (RuoYi's /system/menu) and `user_routers`: the seeded tree, its rules, the menu each
 * caller is answered (a role change or a hidden entry changes it at once), and who may do what.
 */
describe.each(testDatabases)('menus on $name', (database) => {
  const delivery = new RecordingDelivery();
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const people = drivePeople(() => app, delivery);
  let admin: string;
  let ada: string;
  let keeper: string;
  let reader: string;
  let picker: string;
  let kim: string;

  const menus = async (query = '') =>
    (await call(app, 'GET', `${at(SYSTEM_PATHS.menus)}${query}`, { token: admin })).body.data as Json[];
  const byKey = async (menuKey: string) => (await menus()).find((m) => m.menuKey === menuKey)!;
  const add = (body: Json, lang = 'zh-CN') => call(app, 'POST', at(SYSTEM_PATHS.menu), { token: admin, body, lang });
  const edit = (body: Json, lang = 'zh-CN') => call(app, 'PUT', at(SYSTEM_PATHS.menu), { token: admin, body, lang });
  const routers = async (token: string) =>
    (await call(app, 'POST', '/uac-api/oauth2/user_routers', { token })).body.data as Json[];
  const systemPages = async (token: string) =>
    ((await routers(token)).find((m) => m.key === 'system')?.children ?? []).map((c: Json) => c.key);

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { delivery });
    admin = await bootstrapRootToken(app, db.db, delivery);
    ada = await people.join('ada');
    keeper = await joinWithRole(app, db.db, people, 'mel', [...Object.values(MENU_PERMISSIONS)]);
    reader = await joinWithRole(app, db.db, people, 'rex', [MENU_PERMISSIONS.list]);
    picker = await joinWithRole(app, db.db, people, 'pia', [ROLE_PERMISSIONS.query]);
    kim = await joinWithRole(app, db.db, people, 'kim', ['system:dict:list']);
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('documents every menu route in the OpenAPI document, and user_routers', () => {
    expect(documentedRoutes(app, /^\/cloud-api\/system\/menu/)).toEqual(
      [
        'GET /cloud-api/system/menu/list',
        'GET /cloud-api/system/menu/treeselect',
        'GET /cloud-api/system/menu/{id}',
        'POST /cloud-api/system/menu',
        'PUT /cloud-api/system/menu',
        'DELETE /cloud-api/system/menu/{id}',
      ].sort(),
    );
    expect(documentedRoutes(app, '/uac-api/oauth2/user_routers')).toEqual(['POST /uac-api/oauth2/user_routers']);
  });

  it('seeds Kerf’s menu tree once: workbench pages, the System directory, its pages and their buttons', async () => {
    const all = await menus();
    expect(all).toHaveLength(BUILTIN_MENUS.length);
    expect(all.every((m) => m.builtin && m.visible)).toBe(true);
    const tree = (await call(app, 'GET', at(SYSTEM_PATHS.menuTree), { token: admin })).body.data as Json[];
    expect(tree.map((n) => n.key)).toEqual([...WORKBENCH_KEYS, 'system']);
    const system = tree.find((n) => n.key === 'system');
    expect(system).toMatchObject({ type: 'M', title: { 'zh-CN': '系统管理', en: 'System' }, permission: '' });
    expect(system.children.map((n: Json) => n.key)).toEqual(SYSTEM_PAGES.map((p) => `system.${p}`));
    // grants on workbench pages that new accounts lack are buttons under the page, for roles to be given
    const plugins = tree.find((n) => n.key === 'plugins');
    expect(plugins.children.map((n: Json) => [n.key, n.type, n.permission])).toEqual([
      ['plugins.manage', 'F', 'plugin:package:manage'],
    ]);
    expect(tree.find((n) => n.key === 'craft').children.map((n: Json) => n.permission)).toEqual([
      'craft:standard:edit',
    ]);
    const role = system.children.find((n: Json) => n.key === 'system.role');
    expect(role).toMatchObject({ type: 'C', permission: 'system:role:list' });
    expect(role.children.map((n: Json) => [n.type, n.permission])).toEqual([
      ['F', 'system:role:query'],
      ['F', 'system:role:add'],
      ['F', 'system:role:edit'],
      ['F', 'system:role:remove'],
    ]);

    // a second start adds nothing; a row Kerf ships that went missing comes back under its parent
    const second = await testApp(db, { delivery });
    await second.close();
    const [rows] = await db.db.select({ n: count() }).from(sysMenus);
    expect(rows?.n).toBe(BUILTIN_MENUS.length);
    await db.db.delete(sysMenus).where(eq(sysMenus.menuKey, 'system.online.forceLogout'));
    const third = await testApp(db, { delivery });
    await third.close();
    const back = await byKey('system.online.forceLogout');
    expect(back.parentId).toBe((await byKey('system.online')).id);
  });

  it('lists menus flat in order, by a title in either language and by visibility', async () => {
    expect((await menus('?title=角色')).map((m) => m.menuKey)).toEqual([
      'system.role',
      'system.role.query',
      'system.role.add',
      'system.role.edit',
      'system.role.remove',
    ]);
    expect((await menus('?title=sign-in')).map((m) => m.menuKey)).toEqual(['system.logininfor']);
    expect(await menus('?visible=false')).toEqual([]);
    const one = await byKey('gallery');
    const got = await call(app, 'GET', at(SYSTEM_PATHS.menuById, one.id), { token: reader });
    expect(got.body.data).toEqual(one);
    const missing = await call(app, 'GET', at(SYSTEM_PATHS.menuById, '00000000-0000-4000-8000-000000000000'), {
      token: admin,
      lang: 'en',
    });
    expect([missing.status, missing.body.msg]).toEqual([404, 'That menu does not exist']);
  });

  it('adds, changes and removes menus with the rules of a tree, in both languages', async () => {
    const dir = await add({ menuType: 'M', titleCn: '工具', titleEn: 'Tools', icon: 'experiment', orderNum: 50 });
    expect(dir.body.msg).toBe('新增成功');
    expect(dir.body.data).toMatchObject({ menuType: 'M', parentId: null, builtin: false, visible: true });
    expect(dir.body.data.menuKey).toMatch(/^custom-/);
    const page = await add({
      parentId: dir.body.data.id,
      menuType: 'C',
      titleCn: '切割计算',
      titleEn: 'Cut calculator',
      path: '/tools/cut',
      permission: 'tools:cut:view',
    });
    expect(page.body.data).toMatchObject({ path: '/tools/cut', permission: 'tools:cut:view' });
    const button = await add({
      parentId: page.body.data.id,
      menuType: 'F',
      titleCn: '导出',
      path: '/ignored',
      icon: 'ignored',
      permission: 'tools:cut:*',
    });
    expect(button.body.data).toMatchObject({ path: '', icon: '', titleEn: '' });

    const refusals: Array<[Json, number, string]> = [
      [{ menuType: 'X', titleCn: '坏' }, 400, ''],
      [
        { menuType: 'F', titleCn: '顶层按钮', permission: 'a:b:c' },
        400,
        '目录和菜单只能放在目录下，按钮只能放在菜单或目录下',
      ],
      [
        { menuType: 'M', parentId: page.body.data.id, titleCn: '页下目录' },
        400,
        '目录和菜单只能放在目录下，按钮只能放在菜单或目录下',
      ],
      [
        { menuType: 'F', parentId: button.body.data.id, titleCn: '按钮下', permission: 'a:b:c' },
        400,
        '目录和菜单只能放在目录下，按钮只能放在菜单或目录下',
      ],
      [
        {
          menuType: 'C',
          parentId: '00000000-0000-4000-8000-000000000000',
          titleCn: '孤儿',
          path: '/x',
          permission: 'a:b:c',
        },
        400,
        '上级菜单不存在',
      ],
      [{ menuType: 'C', titleCn: '无权限', path: '/x' }, 400, '菜单和按钮必须填写权限字符'],
      [
        { menuType: 'C', titleCn: '坏权限', path: '/x', permission: 'tools:view' },
        400,
        '权限字符格式应为 模块:资源:操作（可用 *）',
      ],
      [
        { menuType: 'C', titleCn: '坏权限', path: '/x', permission: 'tools:a b:view' },
        400,
        '权限字符格式应为 模块:资源:操作（可用 *）',
      ],
      [{ menuType: 'C', titleCn: '无路径', permission: 'a:b:c' }, 400, '菜单的路由地址必须以 / 开头'],
      [{ menuType: 'C', titleCn: '', path: '/x', permission: 'a:b:c' }, 400, ''],
    ];
    for (const [body, status, msg] of refusals) {
      const res = await add(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (msg) expect(res.body.msg, JSON.stringify(body)).toBe(msg);
    }
    const english = await add({ menuType: 'C', titleCn: 'No path', permission: 'a:b:c' }, 'en');
    expect(english.body.msg).toBe("A page's path starts with /");

    // no cycles: a directory cannot move under itself or its own sub-directory
    const sub = (await add({ parentId: dir.body.data.id, menuType: 'M', titleCn: '子目录' })).body.data;
    const self = await edit({ ...dir.body.data, parentId: dir.body.data.id });
    expect([self.status, self.body.msg]).toEqual([400, '上级菜单不能是自己或自己的下级']);
    const loop = await edit({ ...dir.body.data, parentId: sub.id }, 'en');
    expect([loop.status, loop.body.msg]).toEqual([
      400,
      'A menu cannot sit under itself or under one of its own sub-menus',
    ]);
    const moved = await edit({ ...page.body.data, parentId: sub.id, titleEn: 'Cutting' });
    expect(moved.body).toMatchObject({ msg: '修改成功', data: { parentId: sub.id, titleEn: 'Cutting' } });

    // a menu with something under it stays; emptied, it goes
    const withChildren = await call(app, 'DELETE', at(SYSTEM_PATHS.menuById, dir.body.data.id), { token: admin });
    expect([withChildren.status, withChildren.body.msg]).toEqual([400, '存在子菜单，不允许删除']);
    for (const id of [button.body.data.id, page.body.data.id, sub.id, dir.body.data.id]) {
      const gone = await call(app, 'DELETE', at(SYSTEM_PATHS.menuById, id), { token: admin });
      expect(gone.body).toEqual({ code: 0, msg: '删除成功', data: null });
    }
    expect((await call(app, 'DELETE', at(SYSTEM_PATHS.menuById, sub.id), { token: admin })).status).toBe(404);
  });

  it('keeps Kerf’s own entries: retitled, reordered or hidden, never deleted, moved or repointed', async () => {
    const gallery = await byKey('gallery');
    const gone = await call(app, 'DELETE', at(SYSTEM_PATHS.menuById, gallery.id), { token: admin, lang: 'en' });
    expect([gone.status, gone.body.msg]).toEqual([400, 'A built-in menu cannot be deleted; hide it instead']);
    for (const change of [
      { path: '/elsewhere' },
      { permission: 'gallery:item:*' },
      { menuType: 'M' },
      { parentId: (await byKey('system')).id },
    ]) {
      const refused = await edit({ ...gallery, ...change });
      expect([refused.status, refused.body.msg], JSON.stringify(change)).toEqual([
        400,
        '内置菜单只能修改标题、图标、排序和显示状态',
      ]);
    }
    const retitled = await edit({ ...gallery, titleCn: '素材库', titleEn: 'Library', orderNum: 0, icon: 'shop' });
    expect(retitled.body.data).toMatchObject({ titleCn: '素材库', titleEn: 'Library', orderNum: 0, icon: 'shop' });
    expect((await routers(ada))[0]).toEqual({
      key: 'gallery',
      path: '/store/gallery',
      icon: 'shop',
      title: { 'zh-CN': '素材库', en: 'Library' },
    });

    // an administrator's edits survive a restart (the seed adds only what is missing)
    await app.close();
    app = await testApp(db, { delivery });
    expect(await byKey('gallery')).toMatchObject({ titleCn: '素材库', orderNum: 0 });
    await edit({
      ...(await byKey('gallery')),
      titleCn: '图库',
      titleEn: 'Gallery',
      orderNum: gallery.orderNum,
      icon: 'picture',
    });
    expect((await routers(ada))[0].key).toBe('home');
  });

  it('answers each caller the menu their grants cover, and follows role changes and hidden entries at once', async () => {
    // an ordinary person: the workbench pages, no System
    expect((await routers(ada)).map((m) => m.key)).toEqual(WORKBENCH_KEYS);
    // the administrator: everything, System last, opening its first page, its pages as children
    const all = await routers(admin);
    const system = all.at(-1);
    expect(system).toMatchObject({ key: 'system', path: '/sysm/user', icon: 'setting' });
    expect(system.children.map((c: Json) => [c.key, c.path])).toEqual(
      SYSTEM_PAGES.map((p) => [`system.${p}`, `/sysm/${p}`]),
    );
    expect(system.children[0]).toEqual({
      key: 'system.user',
      path: '/sysm/user',
      icon: '',
      title: { 'zh-CN': '用户管理', en: 'Users' },
    });
    // one page of System: the directory opens it
    expect((await routers(kim)).find((m) => m.key === 'system')).toMatchObject({
      path: '/sysm/dict',
      children: [{ key: 'system.dict', path: '/sysm/dict' }],
    });

    // a role change: the next call answers the new menu
    const kimRole = (await call(app, 'GET', `${at(SYSTEM_PATHS.roles)}?roleKey=role-kim`, { token: admin })).body.data
      .list[0] as Json;
    await call(app, 'PUT', at(SYSTEM_PATHS.role), {
      token: admin,
      body: { ...kimRole, permissions: ['system:dict:list', 'system:role:list'] },
    });
    expect(await systemPages(kim)).toEqual(['system.role', 'system.dict']);
    expect((await routers(kim)).find((m) => m.key === 'system').path).toBe('/sysm/role');

    // a hidden page is gone for everyone; a hidden directory takes its pages along
    const role = await byKey('system.role');
    await edit({ ...role, visible: false });
    expect(await systemPages(kim)).toEqual(['system.dict']);
    expect(await systemPages(admin)).not.toContain('system.role');
    expect((await menus('?visible=false')).map((m) => m.menuKey)).toEqual(['system.role']);
    const directory = await byKey('system');
    await edit({ ...directory, visible: false });
    expect((await routers(admin)).map((m) => m.key)).not.toContain('system');
    expect((await routers(kim)).map((m) => m.key)).toEqual(WORKBENCH_KEYS);
    await edit({ ...directory, visible: true });
    await edit({ ...role, visible: true });
    expect(await systemPages(admin)).toHaveLength(SYSTEM_PAGES.length);

    // an administrator's own directory and page, shown to those granted its permission
    const tools = (await add({ menuType: 'M', titleCn: '工具', titleEn: 'Tools', orderNum: 60, icon: 'cluster' })).body
      .data;
    const cut = (
      await add({
        parentId: tools.id,
        menuType: 'C',
        titleCn: '切割',
        path: '/tools/cut',
        permission: 'tools:cut:view',
      })
    ).body.data;
    expect((await routers(admin)).find((m) => m.key === tools.menuKey)).toEqual({
      key: tools.menuKey,
      path: '/tools/cut',
      icon: 'cluster',
      title: { 'zh-CN': '工具', en: 'Tools' },
      children: [{ key: cut.menuKey, path: '/tools/cut', icon: '', title: { 'zh-CN': '切割', en: '切割' } }],
    });
    expect((await routers(kim)).map((m) => m.key)).not.toContain(tools.menuKey);
    await call(app, 'PUT', at(SYSTEM_PATHS.role), {
      token: admin,
      body: { ...kimRole, permissions: ['system:dict:list', 'tools:*:*'] },
    });
    expect((await routers(kim)).map((m) => m.key)).toContain(tools.menuKey);
    // a disabled role grants no menu either
    await call(app, 'PUT', at(SYSTEM_PATHS.role), { token: admin, body: { ...kimRole, status: 'disabled' } });
    expect((await routers(kim)).map((m) => m.key)).toEqual(WORKBENCH_KEYS);
    await call(app, 'DELETE', at(SYSTEM_PATHS.menuById, cut.id), { token: admin });
    await call(app, 'DELETE', at(SYSTEM_PATHS.menuById, tools.id), { token: admin });
  });

  it('lets each caller do only what their permissions say: an access matrix over every route', async () => {
    let n = 0;
    const menu = async () =>
      (
        await add({
          menuType: 'C',
          titleCn: `矩阵 ${++n}`,
          path: `/matrix/${n}`,
          permission: 'matrix:page:view',
        })
      ).body.data as Json;
    const routes: Array<[string, (token: string | undefined) => Promise<{ status: number }>]> = [
      ['list', (t) => call(app, 'GET', at(SYSTEM_PATHS.menus), { token: t })],
      ['tree', (t) => call(app, 'GET', at(SYSTEM_PATHS.menuTree), { token: t })],
      ['by id', async (t) => call(app, 'GET', at(SYSTEM_PATHS.menuById, (await menu()).id), { token: t })],
      [
        'add',
        (t) =>
          call(app, 'POST', at(SYSTEM_PATHS.menu), {
            token: t,
            body: { menuType: 'M', titleCn: `新 ${++n}` },
          }),
      ],
      [
        'edit',
        async (t) => call(app, 'PUT', at(SYSTEM_PATHS.menu), { token: t, body: { ...(await menu()), orderNum: 7 } }),
      ],
      ['remove', async (t) => call(app, 'DELETE', at(SYSTEM_PATHS.menuById, (await menu()).id), { token: t })],
    ];
    const readOnly = new Set(['list', 'tree', 'by id']);
    for (const [name, run] of routes) {
      expect((await run(undefined)).status, `${name}: anonymous`).toBe(401);
      expect((await run(ada)).status, `${name}: a user without the permission`).toBe(403);
      expect((await run(reader)).status, `${name}: a user who may only read`).toBe(readOnly.has(name) ? 200 : 403);
      // the role dialog's picker: the tree alone, with system:role:query
      expect((await run(picker)).status, `${name}: a user who picks a role’s grants`).toBe(name === 'tree' ? 200 : 403);
      expect((await run(keeper)).status, `${name}: a user with the permission`).toBe(200);
      expect((await run(admin)).status, `${name}: admin`).toBe(200);
    }
    const menuCall = () => call(app, 'POST', '/uac-api/oauth2/user_routers', {});
    expect((await menuCall()).status).toBe(401);
  });
});
