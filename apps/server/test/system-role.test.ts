import { DEFAULT_USER_PERMISSIONS, ROLE_PERMISSIONS, SYSTEM_PATHS } from '@kerf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles } from '../src/db/schema.js';
import { bootstrapRootToken, call, grantRole, type Json, joinWithRole } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { documentedRoutes } from './openapi-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const at = (path: string, id = '') => `${API}${path.replace(':id', id)}`;
const ALL_ROLE_PERMISSIONS = Object.values(ROLE_PERMISSIONS);

/**
 * Roles and permissions (SPEC §6, RuoYi's /system/role): every call with its rules in both languages,
 * the built-in roles' protection, grants that take effect on the holder's next call, and who may do what.
 */
describe.each(testDatabases)('roles on $name', (database) => {
  const delivery = new RecordingDelivery();
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const people = drivePeople(() => app, delivery);
  let admin: string;
  let ada: string;
  let keeper: string;
  let reader: string;

  const list = async (query = '', token = admin) =>
    (await call(app, 'GET', `${at(SYSTEM_PATHS.roles)}${query}`, { token })).body.data as Json;
  const byKey = async (roleKey: string) =>
    ((await list(`?roleKey=${roleKey}&limit=100`)).list as Json[]).find((r) => r.roleKey === roleKey)!;
  const add = (body: Json, lang = 'zh-CN', token = admin) =>
    call(app, 'POST', at(SYSTEM_PATHS.role), { token, body, lang });
  const edit = (body: Json, lang = 'zh-CN', token = admin) =>
    call(app, 'PUT', at(SYSTEM_PATHS.role), { token, body, lang });

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { delivery });
    admin = await bootstrapRootToken(app, db.db, delivery);
    ada = await people.join('ada');
    keeper = await joinWithRole(app, db.db, people, 'kim', [...ALL_ROLE_PERMISSIONS]);
    reader = await joinWithRole(app, db.db, people, 'rex', [ROLE_PERMISSIONS.list, ROLE_PERMISSIONS.query]);
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('documents every role route in the OpenAPI document', () => {
    expect(documentedRoutes(app, /^\/cloud-api\/system\/role/)).toEqual(
      [
        'GET /cloud-api/system/role/list',
        'GET /cloud-api/system/role/{id}',
        'POST /cloud-api/system/role',
        'PUT /cloud-api/system/role',
        'DELETE /cloud-api/system/role/{id}',
      ].sort(),
    );
  });

  it('lists the built-in roles first, with their holders, and searches by name, key and state', async () => {
    const all = await list('?limit=100');
    const adminRole = (all.list as Json[]).find((r) => r.roleKey === 'admin');
    const userRole = (all.list as Json[]).find((r) => r.roleKey === 'user');
    expect(adminRole).toMatchObject({ builtin: true, status: 'enabled', permissions: ['*:*:*'], userCount: 1 });
    expect(userRole).toMatchObject({ builtin: true, status: 'enabled' });
    expect(userRole.permissions).toEqual([...DEFAULT_USER_PERMISSIONS]);
    expect(userRole.userCount).toBeGreaterThanOrEqual(3);

    await add({ roleKey: 'finder-one', roleName: 'Finder One', orderNum: 5, status: 'disabled' });
    await add({ roleKey: 'finder-two', roleName: '查找二', orderNum: 4, remark: 'second' });
    const found = await list('?roleKey=finder');
    expect((found.list as Json[]).map((r) => r.roleKey)).toEqual(['finder-two', 'finder-one']);
    expect(found).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect((await list('?roleName=FINDER')).list.map((r: Json) => r.roleKey)).toEqual(['finder-one']);
    expect((await list('?roleKey=finder&status=disabled')).list.map((r: Json) => r.roleKey)).toEqual(['finder-one']);
    const paged = await list('?roleKey=finder&limit=1&page=2');
    expect(paged).toMatchObject({ total: 2, page: 2, limit: 1, list: [{ roleKey: 'finder-one' }] });
    // the wildcards of LIKE are plain characters in a search
    expect((await list('?roleKey=finder_')).total).toBe(0);
  });

  it('adds and changes roles with the rules of a role, in both languages', async () => {
    const made = await add({
      roleKey: 'editor',
      roleName: '编辑',
      orderNum: 3,
      remark: 'edits',
      permissions: ['gallery:item:list', 'drive:*:*', 'gallery:item:list'],
    });
    expect(made.body.msg).toBe('新增成功');
    expect(made.body.data).toMatchObject({
      roleKey: 'editor',
      builtin: false,
      status: 'enabled',
      userCount: 0,
      permissions: ['gallery:item:list', 'drive:*:*'],
    });
    const one = await call(app, 'GET', at(SYSTEM_PATHS.roleById, made.body.data.id), { token: reader });
    expect(one.body.data).toMatchObject({ roleName: '编辑', remark: 'edits', permissions: made.body.data.permissions });

    const taken = await add({ roleKey: 'editor', roleName: 'Another' }, 'en');
    expect([taken.status, taken.body.msg]).toEqual([409, 'That role key is already taken']);
    const nameTaken = await add({ roleKey: 'editor2', roleName: '编辑' });
    expect([nameTaken.status, nameTaken.body.msg]).toEqual([409, '角色名称已存在']);
    const badKey = await add({ roleKey: 'Editor Two', roleName: 'Two' });
    expect([badKey.status, badKey.body.msg]).toEqual([
      400,
      '角色权限字符只能包含小写字母、数字、下划线和连字符，并以字母开头',
    ]);
    const badPermission = await add({ roleKey: 'editor3', roleName: 'Three', permissions: ['gallery:list'] }, 'en');
    expect([badPermission.status, badPermission.body.msg]).toEqual([
      400,
      'A permission reads module:resource:action (* allowed): gallery:list',
    ]);
    expect((await add({ roleKey: 'editor4', roleName: '' })).status).toBe(400);
    expect((await add({ roleKey: 'editor5', roleName: 'Five', status: 'sleeping' })).status).toBe(400);

    const changed = await edit({ ...made.body.data, roleKey: 'writer', permissions: ['drive:file:list'] });
    expect(changed.body.msg).toBe('修改成功');
    expect(changed.body.data).toMatchObject({ roleKey: 'writer', permissions: ['drive:file:list'] });
    // its own name is not a clash with itself
    expect((await edit({ ...changed.body.data, remark: 'again' })).status).toBe(200);
    const clash = await edit({ ...changed.body.data, roleKey: 'admin' });
    expect([clash.status, clash.body.msg]).toEqual([409, '角色权限字符已存在']);
    const missing = await edit({ ...changed.body.data, id: '00000000-0000-4000-8000-000000000000' }, 'en');
    expect([missing.status, missing.body.msg]).toEqual([404, 'That role does not exist']);
  });

  it('keeps the administrator role whole: its key, grants and state stay; its name may change', async () => {
    const role = await byKey('admin');
    for (const change of [
      { permissions: ['drive:*:*'] },
      { permissions: [] },
      { status: 'disabled' },
      { roleKey: 'root' },
    ]) {
      const refused = await edit({ ...role, ...change });
      expect([refused.status, refused.body.msg], JSON.stringify(change)).toEqual([
        400,
        '不允许修改超级管理员角色的权限字符、权限和状态',
      ]);
    }
    const renamed = await edit({ ...role, roleName: '超级管理员', remark: 'everything' }, 'en');
    expect(renamed.body).toMatchObject({ msg: 'Changes saved', data: { roleName: '超级管理员' } });
    const gone = await call(app, 'DELETE', at(SYSTEM_PATHS.roleById, role.id), { token: admin, lang: 'en' });
    expect([gone.status, gone.body.msg]).toEqual([400, 'A built-in role cannot be deleted']);
    // the user role: its key stays, it is not deleted
    const user = await byKey('user');
    const rekey = await edit({ ...user, roleKey: 'member' });
    expect([rekey.status, rekey.body.msg]).toEqual([400, '内置角色的权限字符不能修改']);
    const userGone = await call(app, 'DELETE', at(SYSTEM_PATHS.roleById, user.id), { token: admin });
    expect([userGone.status, userGone.body.msg]).toEqual([400, '内置角色不能删除']);
  });

  it('refuses to delete a role people hold (角色已分配，不能删除), and deletes it once nobody does', async () => {
    const made = (await add({ roleKey: 'held', roleName: 'Held', permissions: ['gallery:item:list'] })).body.data;
    await people.join('hal');
    await grantRole(db.db, people.userIds.hal!, 'held', []);
    const refused = await call(app, 'DELETE', at(SYSTEM_PATHS.roleById, made.id), { token: admin });
    expect([refused.status, refused.body.msg]).toEqual([400, '角色已分配，不能删除']);
    const refusedEn = await call(app, 'DELETE', at(SYSTEM_PATHS.roleById, made.id), { token: admin, lang: 'en' });
    expect(refusedEn.body.msg).toBe('The role is assigned to users and cannot be deleted');
    expect((await byKey('held')).userCount).toBe(1);

    await db.db.delete(userRoles).where(eq(userRoles.roleId, made.id));
    const deleted = await call(app, 'DELETE', at(SYSTEM_PATHS.roleById, made.id), { token: admin });
    expect(deleted.body).toEqual({ code: 0, msg: '删除成功', data: null });
    expect((await call(app, 'GET', at(SYSTEM_PATHS.roleById, made.id), { token: admin })).status).toBe(404);
    expect((await call(app, 'DELETE', at(SYSTEM_PATHS.roleById, made.id), { token: admin })).status).toBe(404);
  });

  it('applies a change of a role’s grants, or its state, on its holder’s very next call', async () => {
    const role = (await add({ roleKey: 'dict-reader', roleName: 'Dictionary reader', permissions: [] })).body.data;
    await people.join('dee');
    await grantRole(db.db, people.userIds.dee!, 'dict-reader', []);
    const dee = people.tokens.dee!;
    const dictList = async () => (await call(app, 'GET', `${API}/system/dict/type/list`, { token: dee })).status;
    const perms = async () =>
      (await call(app, 'POST', '/uac-api/oauth2/user_perms', { token: dee })).body.data as {
        roles: string[];
        permissions: string[];
      };
    // each change is a new body (the same one twice within seconds is a duplicate submission)
    let n = 0;
    const change = async (values: Json) =>
      expect((await edit({ ...role, ...values, remark: `change ${++n}` })).body.code).toBe(0);
    // checked once: the token's grants are now in the check cache
    expect(await dictList()).toBe(403);

    await change({ permissions: ['system:dict:list'] });
    expect(await dictList()).toBe(200);
    expect((await perms()).permissions).toContain('system:dict:list');

    // a disabled role grants nothing, and is not among the caller's roles
    await change({ permissions: ['system:dict:list'], status: 'disabled' });
    expect(await dictList()).toBe(403);
    expect(await perms()).toMatchObject({ roles: ['user'] });
    expect((await perms()).permissions).not.toContain('system:dict:list');
    await change({ permissions: ['system:dict:list'], status: 'enabled' });
    expect(await dictList()).toBe(200);

    await change({ permissions: [] });
    expect(await dictList()).toBe(403);
  });

  it('keeps an administrator’s edit of the user role across a restart, and puts the administrator role back', async () => {
    const user = await byKey('user');
    const fewer = DEFAULT_USER_PERMISSIONS.filter((p) => p !== 'gallery:*:*');
    await edit({ ...user, permissions: fewer, remark: 'no gallery' });
    const count = (await list('?limit=100')).total;
    // someone tampers with the administrator role in the database
    await db.db.update(roles).set({ permissions: [], status: 'disabled' }).where(eq(roles.roleKey, 'admin'));

    await app.close();
    app = await testApp(db, { delivery });
    expect((await list('?limit=100')).total).toBe(count);
    expect(await byKey('user')).toMatchObject({ permissions: fewer, remark: 'no gallery', builtin: true });
    expect(await byKey('admin')).toMatchObject({ permissions: ['*:*:*'], status: 'enabled', builtin: true });
    // a fresh registration holds the edited user role
    const eve = await people.join('eve');
    const grants = (await call(app, 'POST', '/uac-api/oauth2/user_perms', { token: eve })).body.data;
    expect(grants.permissions).not.toContain('gallery:*:*');
    expect((await call(app, 'GET', `${API}/store/gallery/shop`, { token: eve })).status).toBe(403);
    await edit({ ...(await byKey('user')), permissions: [...DEFAULT_USER_PERMISSIONS], remark: '' });
  });

  it('gives a built-in role what a new release ships anew, and keeps away what an administrator took', async () => {
    const user = await byKey('user');
    const fewer = DEFAULT_USER_PERMISSIONS.filter((p) => p !== 'gallery:*:*');
    await edit({ ...user, permissions: fewer });
    // as if the installation had been running an older release that did not ship editor:*:*
    await db.db
      .update(roles)
      .set({ shippedPermissions: DEFAULT_USER_PERMISSIONS.filter((p) => p !== 'editor:*:*') })
      .where(eq(roles.roleKey, 'user'));
    await db.db
      .update(roles)
      .set({ permissions: fewer.filter((p) => p !== 'editor:*:*') })
      .where(eq(roles.roleKey, 'user'));

    await app.close();
    app = await testApp(db, { delivery });
    const after = (await byKey('user')).permissions as string[];
    expect(after).toContain('editor:*:*');
    expect(after).not.toContain('gallery:*:*');
    expect([...after].sort()).toEqual([...fewer].sort());
    await edit({ ...(await byKey('user')), permissions: [...DEFAULT_USER_PERMISSIONS] });
  });

  it('lets each caller do only what their permissions say: an access matrix over every route', async () => {
    let n = 0;
    const role = async () =>
      (await add({ roleKey: `matrix-${++n}`, roleName: `Matrix ${n}`, permissions: ['drive:file:list'] })).body
        .data as Json;
    const routes: Array<[string, (token: string | undefined) => Promise<{ status: number }>]> = [
      ['list', (t) => call(app, 'GET', at(SYSTEM_PATHS.roles), { token: t })],
      ['by id', async (t) => call(app, 'GET', at(SYSTEM_PATHS.roleById, (await role()).id), { token: t })],
      [
        'add',
        (t) =>
          call(app, 'POST', at(SYSTEM_PATHS.role), {
            token: t,
            body: { roleKey: `matrix-new-${++n}`, roleName: `New ${n}` },
          }),
      ],
      ['edit', async (t) => call(app, 'PUT', at(SYSTEM_PATHS.role), { token: t, body: { ...(await role()) } })],
      ['remove', async (t) => call(app, 'DELETE', at(SYSTEM_PATHS.roleById, (await role()).id), { token: t })],
    ];
    const readOnly = new Set(['list', 'by id']);
    for (const [name, run] of routes) {
      expect((await run(undefined)).status, `${name}: anonymous`).toBe(401);
      expect((await run(ada)).status, `${name}: a user without the permission`).toBe(403);
      expect((await run(reader)).status, `${name}: a user who may only read`).toBe(readOnly.has(name) ? 200 : 403);
      expect((await run(keeper)).status, `${name}: a user with the permission`).toBe(200);
      expect((await run(admin)).status, `${name}: admin`).toBe(200);
    }
  });
});
