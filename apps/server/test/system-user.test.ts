import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_QUOTA_BYTES, OPER_LOG_PATHS, SYSTEM_PATHS, USER_PERMISSIONS } from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createBlobStore } from '../src/infra/blob/index.js';
import { bootstrapRootToken, call, type Json, joinWithRole, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { documentedRoutes } from './openapi-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const at = (path: string, id = '') => `${API}${path.replace(':id', id)}`;
const ROOT = { account: 'root@kerf.local', password: 'Root_pass_1' };

/** The text cells of an .xlsx workbook (its shared strings), in order. */
function xlsxStrings(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'xl/sharedStrings.xml') return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const xml = Buffer.concat(chunks).toString('utf8');
            resolve([...xml.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) => m[1]!));
          });
        });
      });
      zip.on('end', () => resolve([]));
      zip.readEntry();
    });
  });
}

/**
 * User management (issue 19 "Users", SPEC §2 /sysm/user, §5 account rules): search, add, change,
 * disable (sessions end at once), reset passwords, quotas, roles, export and sign-in history, with who
 * may do what, and an enabled administrator always left.
 */
describe.each(testDatabases)('user management on $name', (database) => {
  const delivery = new RecordingDelivery();
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const people = drivePeople(() => app, delivery);
  const { userIds } = people;
  let admin: string;
  let ada: string;
  /** One person per permission, holding only it. */
  const holders: Record<keyof typeof USER_PERMISSIONS, string> = {} as never;
  let editor: string;
  /**
   * A second editor, for the English twin of a call: an identical PUT by the same person within a
   * second is refused as a double submission (SPEC §5).
   */
  let editor2: string;

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, {
      delivery,
      blobs: await createBlobStore({ storage: 'disk', dir: mkdtempSync(join(tmpdir(), 'kerf-sysuser-blobs-')) }),
    });
    admin = await bootstrapRootToken(app, db.db, delivery);
    ada = await people.join('ada');
    for (const key of ['list', 'query', 'add', 'edit', 'resetPwd', 'export'] as const) {
      holders[key] = await joinWithRole(app, db.db, people, `h${key.toLowerCase()}`, [USER_PERMISSIONS[key]]);
    }
    editor = holders.edit;
    editor2 = await joinWithRole(app, db.db, people, 'hedit2', [USER_PERMISSIONS.edit]);
    await people.join('tom');
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  const get = (path: string, token?: string, lang?: string) => call(app, 'GET', path, { token, lang });
  const put = (path: string, token: string | undefined, body: Json, lang?: string) =>
    call(app, 'PUT', at(path), { token, body, lang });
  const list = async (query: string, token = admin) =>
    (await get(`${at(SYSTEM_PATHS.users)}?${query}`, token)).body.data as { list: Json[]; total: number };
  const password = (account: string, pwd: string) => signIn(app, { grant_type: 'password', account, password: pwd });
  let made = 0;
  const newUser = (extra: Json = {}) => {
    made++;
    return {
      loginName: `made_${made}`,
      nickName: `Made ${made}`,
      email: `made${made}@example.com`,
      password: 'Made_pass_1',
      ...extra,
    };
  };

  it('documents every user route in the OpenAPI document', () => {
    expect(documentedRoutes(app, /^\/cloud-api\/system\/user/)).toEqual(
      [
        'GET /cloud-api/system/user/list',
        'GET /cloud-api/system/user/{id}',
        'GET /cloud-api/system/user/{id}/logins',
        'GET /cloud-api/system/user/export',
        'POST /cloud-api/system/user',
        'PUT /cloud-api/system/user',
        'PUT /cloud-api/system/user/changeStatus',
        'PUT /cloud-api/system/user/resetPwd',
        'PUT /cloud-api/system/user/quota',
        'PUT /cloud-api/system/user/authRole',
      ].sort(),
    );
  });

  it('lets each route be called only with its permission: anonymous 401, without 403, with it 200, admin 200', async () => {
    const routes: Array<
      [string, keyof typeof USER_PERMISSIONS, () => { method: 'GET' | 'POST' | 'PUT'; url: string; body?: Json }]
    > = [
      ['list', 'list', () => ({ method: 'GET', url: at(SYSTEM_PATHS.users) })],
      ['export', 'export', () => ({ method: 'GET', url: `${at(SYSTEM_PATHS.userExport)}?format=csv` })],
      ['one', 'query', () => ({ method: 'GET', url: at(SYSTEM_PATHS.userById, userIds.ada) })],
      ['logins', 'query', () => ({ method: 'GET', url: at(SYSTEM_PATHS.userLogins, userIds.ada) })],
      ['add', 'add', () => ({ method: 'POST', url: at(SYSTEM_PATHS.user), body: newUser() })],
      [
        'edit',
        'edit',
        () => ({
          method: 'PUT',
          url: at(SYSTEM_PATHS.user),
          body: { userId: userIds.ada, nickName: 'ADA', email: 'ada@example.com' },
        }),
      ],
      [
        'status',
        'edit',
        () => ({ method: 'PUT', url: at(SYSTEM_PATHS.userStatus), body: { userId: userIds.ada, status: 'enabled' } }),
      ],
      [
        'resetPwd',
        'resetPwd',
        () => ({
          method: 'PUT',
          url: at(SYSTEM_PATHS.userResetPwd),
          body: { userId: userIds.tom, password: 'drive_01' },
        }),
      ],
      [
        'quota',
        'edit',
        () => ({
          method: 'PUT',
          url: at(SYSTEM_PATHS.userQuota),
          body: { userId: userIds.ada, quotaBytes: DEFAULT_QUOTA_BYTES },
        }),
      ],
      [
        'authRole',
        'edit',
        () => ({ method: 'PUT', url: at(SYSTEM_PATHS.userRoles), body: { userId: userIds.tom, roleKeys: ['user'] } }),
      ],
    ];
    for (const [name, permission, request] of routes) {
      const statusFor = async (token: string | undefined) => {
        const { method, url, body } = request();
        const res = await app.inject({
          method,
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(body ? { payload: body } : {}),
        });
        return res.statusCode;
      };
      expect([name, await statusFor(undefined)]).toEqual([name, 401]);
      expect([name, await statusFor(ada)]).toEqual([name, 403]);
      // a holder of another user permission is refused too
      const other = permission === 'list' ? holders.query : holders.list;
      expect([name, await statusFor(other)]).toEqual([name, 403]);
      expect([name, await statusFor(holders[permission])]).toEqual([name, 200]);
      expect([name, await statusFor(admin)]).toEqual([name, 200]);
    }
    const refused = await get(at(SYSTEM_PATHS.users), ada);
    expect(refused.body).toMatchObject({ code: 403, msg: '当前操作没有权限' });
  });

  it('adds a user with the rules and messages of registration, who can then sign in by e-mail or mobile', async () => {
    // the English twin is sent by the administrator: the same body twice from one person is a double submit
    const add = (body: Json, lang?: string) =>
      call(app, 'POST', at(SYSTEM_PATHS.user), { token: lang ? admin : holders.add, body, lang });
    const refusals: Array<[Json, number, string, string]> = [
      [
        newUser({ loginName: '9lives' }),
        400,
        '登录名以字母开头，长度2~30位，只能包含字母、数字和下划线',
        'A login name starts with a letter and has 2 to 30 letters, digits or underscores',
      ],
      [
        newUser({ email: '', mobile: '' }),
        400,
        '手机号和邮箱至少填写一项',
        'Enter a mobile number, an e-mail address or both',
      ],
      [
        newUser({ mobile: '12345' }),
        400,
        '请输入正确的手机号或邮箱',
        'Enter a valid mainland China mobile number or e-mail address',
      ],
      [
        newUser({ mobile: 'x@example.com' }),
        400,
        '请输入正确的手机号或邮箱',
        'Enter a valid mainland China mobile number or e-mail address',
      ],
      [
        newUser({ email: 'not-mail' }),
        400,
        '请输入正确的手机号或邮箱',
        'Enter a valid mainland China mobile number or e-mail address',
      ],
      [
        newUser({ password: '123456' }),
        400,
        '密码以字母开头，长度6~18位，只能包含字母、数字和下划线',
        'The password must start with a letter and be 6 to 18 letters, digits or underscores',
      ],
      [newUser({ roleKeys: ['user', 'nope'] }), 400, '角色不存在：nope', 'No such role: nope'],
      [newUser({ loginName: 'ADMIN' }), 409, '登录名已存在', 'That login name is already taken'],
      [newUser({ email: 'ROOT@kerf.local' }), 409, 'root@kerf.local已被注册', 'root@kerf.local is already registered'],
    ];
    for (const [body, status, zh, en] of refusals) {
      const res = await add(body);
      expect([res.status, res.body.msg]).toEqual([status, zh]);
      expect((await add(body, 'en')).body.msg).toBe(en);
    }

    const created = await add({
      loginName: 'Li_Lei',
      nickName: '李雷',
      mobile: '+86 139-1234-5678',
      email: 'LiLei@Example.com',
      password: 'Lilei_pass1',
      roleKeys: ['user'],
      quotaBytes: 5 * 1024 ** 3,
    });
    expect(created.body).toMatchObject({ code: 0, msg: '新增成功' });
    expect(created.body.data).toMatchObject({
      loginName: 'Li_Lei',
      nickName: '李雷',
      mobile: '13912345678',
      email: 'lilei@example.com',
      status: 'enabled',
      roles: [{ roleKey: 'user', roleName: 'User' }],
      quotaBytes: 5 * 1024 ** 3,
      usedBytes: 0,
      lastLoginAt: null,
    });
    expect(created.body.data).not.toHaveProperty('passwordHash');
    expect((await add(newUser({ mobile: '13912345678' }))).body.msg).toBe('13912345678已被注册');

    const byMail = await password('lilei@example.com', 'Lilei_pass1');
    expect(byMail.body.code).toBe(0);
    expect((await password('13912345678', 'Lilei_pass1')).body.code).toBe(0);
    const one = await get(at(SYSTEM_PATHS.userById, created.body.data.id), holders.query);
    expect(one.body.data.lastLoginAt).not.toBeNull();
    expect((await get(at(SYSTEM_PATHS.userById, '00000000-0000-4000-8000-000000000000'), admin)).body).toMatchObject({
      code: 404,
      msg: '用户不存在',
    });

    // the password never reaches the operation log
    const logged = await get(`${at(OPER_LOG_PATHS.list)}?businessType=insert&limit=100`, admin);
    const entries = (logged.body.data.list as Json[]).filter((e) => e.route === '/cloud-api/system/user');
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.some((e) => String(e.params).includes('Li_Lei'))).toBe(true);
    expect(entries.every((e) => !String(e.params).includes('Lilei_pass1'))).toBe(true);
  });

  it('finds users by keyword in any letter case, by state, role and registration time, a page at a time', async () => {
    const hits = async (query: string) => (await list(query)).list.map((u) => u.loginName as string).sort();
    expect(await hits('keyword=LILEI@EXAMPLE')).toEqual(['Li_Lei']);
    expect(await hits('keyword=li_l')).toEqual(['Li_Lei']);
    expect(await hits('keyword=1234567')).toEqual(['Li_Lei']);
    expect(await hits('keyword=李')).toEqual(['Li_Lei']);
    expect((await list('keyword=tom')).list.map((u) => u.nickName)).toEqual(['TOM']);
    // like patterns are taken literally
    expect(await hits('keyword=%25')).toEqual([]);
    expect(await hits('roleKey=admin')).toEqual(['admin']);
    expect((await list('roleKey=user&keyword=example.com')).total).toBeGreaterThanOrEqual(8);
    expect((await list('status=disabled')).total).toBe(0);
    const everyone = await list('limit=100');
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list(`from=${future}`)).total).toBe(0);
    expect((await list(`to=${new Date(Date.now() - 86_400_000).toISOString()}`)).total).toBe(0);
    expect((await list(`from=${new Date(Date.now() - 3_600_000).toISOString()}&to=${future}`)).total).toBe(
      everyone.total,
    );
    // newest first, a page at a time
    const times = everyone.list.map((u) => u.createdAt as string);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list('page=2&limit=2');
    expect(second.list.map((u) => u.id)).toEqual(everyone.list.slice(2, 4).map((u) => u.id));
    expect(second.total).toBe(everyone.total);
    // someone who never used the drive shows the default quota
    const tom = everyone.list.find((u) => u.loginName !== 'Li_Lei' && u.nickName === 'TOM');
    expect(tom).toMatchObject({ quotaBytes: DEFAULT_QUOTA_BYTES, usedBytes: 0, status: 'enabled' });
    expect(tom.roles).toEqual([{ roleKey: 'user', roleName: 'User' }]);
    expect((await get(`${at(SYSTEM_PATHS.users)}?status=gone`, admin)).status).toBe(400);
  });

  it('changes a nick name, mobile and e-mail, keeping them unique and at least one of the two', async () => {
    const change = (body: Json, lang?: string) =>
      put(SYSTEM_PATHS.user, editor, { userId: userIds.tom, ...body }, lang);
    const changed = await change({ nickName: 'Tom T', mobile: '13800001111', email: 'tom@example.com' });
    expect(changed.body).toMatchObject({ code: 0, msg: '修改成功' });
    expect(changed.body.data).toMatchObject({ nickName: 'Tom T', mobile: '13800001111', email: 'tom@example.com' });
    expect((await change({ nickName: 'Tom T', email: 'ada@example.com' })).body).toMatchObject({
      code: 409,
      msg: 'ada@example.com已被注册',
    });
    expect((await change({ nickName: 'Tom T', mobile: '13912345678' }, 'en')).body.msg).toBe(
      '13912345678 is already registered',
    );
    expect((await change({ nickName: 'Tom T', mobile: '', email: null })).body.msg).toBe('手机号和邮箱至少填写一项');
    // one of them may go
    expect((await change({ nickName: 'Tom', mobile: '', email: 'tom@example.com' })).body.data).toMatchObject({
      nickName: 'Tom',
      mobile: null,
    });
    expect(
      (
        await put(SYSTEM_PATHS.user, editor, {
          userId: '00000000-0000-4000-8000-000000000000',
          nickName: 'x',
          email: 'x@example.com',
        })
      ).status,
    ).toBe(404);
  });

  it('disables a user: their token answers 422 on the very next call and signing in is refused, until enabled again', async () => {
    const token = (await password('tom@example.com', 'drive_01')).body.token as string;
    expect((await get(`${API}/engine/quota`, token)).status).toBe(200);
    const off = await put(SYSTEM_PATHS.userStatus, editor, { userId: userIds.tom, status: 'disabled' });
    expect(off.body).toMatchObject({ code: 0, msg: '已停用，该用户的会话已全部结束' });
    const next = await get(`${API}/engine/quota`, token);
    expect(next.status).toBe(401);
    expect(next.body).toMatchObject({ code: 422, msg: '无效的会话，或者会话已过期，请重新登录' });
    const refused = await password('tom@example.com', 'drive_01');
    expect(refused.body).toMatchObject({ code: 403, msg: '账号已停用，请联系管理员' });
    expect((await list('status=disabled')).list.map((u) => u.email)).toEqual(['tom@example.com']);

    const on = await put(SYSTEM_PATHS.userStatus, editor, { userId: userIds.tom, status: 'enabled' }, 'en');
    expect(on.body).toMatchObject({ code: 0, msg: 'Enabled' });
    expect((await password('tom@example.com', 'drive_01')).body.code).toBe(0);
    // the old token stays ended
    expect((await get(`${API}/engine/quota`, token)).status).toBe(401);
  });

  it('refuses disabling oneself and the last enabled administrator, in both languages', async () => {
    const rootId = (await list('roleKey=admin')).list[0].id as string;
    const ownSelf = await put(SYSTEM_PATHS.userStatus, admin, { userId: rootId, status: 'disabled' });
    expect(ownSelf.body).toMatchObject({ code: 400, msg: '不能停用当前登录的账号' });
    expect(
      (await put(SYSTEM_PATHS.userStatus, editor2, { userId: userIds.hedit2, status: 'disabled' }, 'en')).body.msg,
    ).toBe('You cannot disable the account you are signed in with');
    const last = await put(SYSTEM_PATHS.userStatus, editor, { userId: rootId, status: 'disabled' });
    expect(last.body).toMatchObject({ code: 400, msg: '不能停用最后一个启用的管理员' });
    expect((await put(SYSTEM_PATHS.userStatus, editor2, { userId: rootId, status: 'disabled' }, 'en')).body.msg).toBe(
      'This is the last enabled administrator: it cannot be disabled',
    );
    const stripped = await put(SYSTEM_PATHS.userRoles, editor, { userId: rootId, roleKeys: ['user'] });
    expect(stripped.body).toMatchObject({ code: 400, msg: '不能取消最后一个启用的管理员的管理员角色' });
    expect((await get(`${API}/engine/quota`, admin)).status).toBe(200);
    expect(
      (
        await put(SYSTEM_PATHS.userStatus, editor, {
          userId: '00000000-0000-4000-8000-000000000000',
          status: 'enabled',
        })
      ).status,
    ).toBe(404);
  });

  it('resets a password with the rules of SPEC §5: the sessions end, the old password stops working, the new one works', async () => {
    const token = (await password('tom@example.com', 'drive_01')).body.token as string;
    const reset = (pwd: string, lang?: string) =>
      put(SYSTEM_PATHS.userResetPwd, holders.resetPwd, { userId: userIds.tom, password: pwd }, lang);
    expect((await reset('short')).body).toMatchObject({
      code: 400,
      msg: '密码以字母开头，长度6~18位，只能包含字母、数字和下划线',
    });
    expect((await get(`${API}/engine/quota`, token)).status).toBe(200);
    expect((await reset('Tom_new_pass2')).body).toMatchObject({ code: 0, msg: '密码已重置，该用户需重新登录' });
    expect((await get(`${API}/engine/quota`, token)).body.code).toBe(422);
    expect((await password('tom@example.com', 'drive_01')).body.code).not.toBe(0);
    expect((await password('tom@example.com', 'Tom_new_pass2')).body.code).toBe(0);
    expect((await reset('drive_01', 'en')).body.msg).toBe('The password has been reset; the user must sign in again');

    // the new password never reaches the operation log
    const logged = await get(`${at(OPER_LOG_PATHS.list)}?limit=100`, admin);
    const entries = (logged.body.data.list as Json[]).filter((e) => e.route === '/cloud-api/system/user/resetPwd');
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries.every((e) => !/Tom_new_pass2|drive_01|short/.test(String(e.params)))).toBe(true);
  });

  it('sets a quota; below what is used it is kept, and uploads are refused until under it again', async () => {
    const token = (await password('tom@example.com', 'drive_01')).body.token as string;
    await people.upload(token, 'plate.dxf', Buffer.alloc(1000, 7));
    const init = (size: number) =>
      call(app, 'POST', `${API}/engine/filetransfer/upload/init`, {
        token,
        body: { fileName: `f${size}.bin`, folderId: '0', fileSize: size, sha256: 'a'.repeat(64) },
      });
    const quota = (bytes: number, lang?: string) =>
      put(SYSTEM_PATHS.userQuota, lang ? editor2 : editor, { userId: userIds.tom, quotaBytes: bytes }, lang);

    const low = await quota(500);
    expect(low.body).toMatchObject({
      code: 0,
      msg: '修改成功；已用空间超过新配额，该用户暂时不能上传',
      data: { quotaBytes: 500, usedBytes: 1000 },
    });
    expect((await quota(500, 'en')).body.msg).toBe(
      'Changes saved; the user already uses more than the new quota and cannot upload until under it',
    );
    expect((await init(1)).body).toMatchObject({ code: 413, msg: '存储空间不足' });
    expect((await list('keyword=tom@example.com')).list[0]).toMatchObject({ quotaBytes: 500, usedBytes: 1000 });

    const room = await quota(1100);
    expect(room.body).toMatchObject({ code: 0, msg: '修改成功', data: { quotaBytes: 1100, usedBytes: 1000 } });
    expect((await init(101)).status).toBe(413);
    expect((await init(100)).status).toBe(200);
    expect((await quota(-1)).status).toBe(400);
    expect((await quota(2 ** 51)).status).toBe(400);
    const nobody = { userId: '00000000-0000-4000-8000-000000000000', quotaBytes: 5 };
    expect((await put(SYSTEM_PATHS.userQuota, editor, nobody)).status).toBe(404);
    await quota(DEFAULT_QUOTA_BYTES);
  });

  it('gives roles by key, effective on the person’s very next call, and logs it as a grant', async () => {
    const token = (await password('tom@example.com', 'drive_01')).body.token as string;
    const roles = (roleKeys: string[], lang?: string) =>
      put(SYSTEM_PATHS.userRoles, editor, { userId: userIds.tom, roleKeys }, lang);
    expect((await get(at(SYSTEM_PATHS.users), token)).status).toBe(403);
    expect((await roles(['user', 'ghost'])).body).toMatchObject({ code: 400, msg: '角色不存在：ghost' });
    expect((await roles(['ghost'], 'en')).body.msg).toBe('No such role: ghost');

    expect((await roles(['user', 'role-hlist'])).body).toMatchObject({ code: 0, msg: '授权成功' });
    expect((await get(at(SYSTEM_PATHS.users), token)).status).toBe(200);
    expect(
      (await get(at(SYSTEM_PATHS.userById, userIds.tom), admin)).body.data.roles.map((r: Json) => r.roleKey),
    ).toEqual(['role-hlist', 'user'].sort());
    expect((await roles(['user'])).body.code).toBe(0);
    expect((await get(at(SYSTEM_PATHS.users), token)).status).toBe(403);

    const grants = await get(`${at(OPER_LOG_PATHS.list)}?businessType=grant&limit=100`, admin);
    expect((grants.body.data.list as Json[]).some((e) => e.route === '/cloud-api/system/user/authRole')).toBe(true);
  });

  it('exports the filtered users as XLSX and CSV, headers in the language asked for', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${at(SYSTEM_PATHS.userExport)}?keyword=lilei`,
      headers: { authorization: `Bearer ${holders.export}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kerf-users-\d{4}-\d\d-\d\d\.xlsx"$/);
    const cells = await xlsxStrings(res.rawPayload);
    expect(cells.slice(0, 11)).toEqual([
      '登录名',
      '昵称',
      '手机号',
      '邮箱',
      '状态',
      '角色',
      '存储配额（字节）',
      '已用空间（字节）',
      '注册时间',
      '最后登录时间',
      '最后登录IP',
    ]);
    expect(cells).toContain('Li_Lei');
    expect(cells).not.toContain('TOM');

    const csv = await app.inject({
      method: 'GET',
      url: `${at(SYSTEM_PATHS.userExport)}?format=csv&lang=en&roleKey=user&keyword=lilei`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh-CN' },
    });
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Login name,Nick name,Mobile,E-mail,State,Roles,Quota (bytes),Used (bytes),Registered at,Last sign-in,Last sign-in IP',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Li_Lei,李雷,13912345678,lilei@example.com,Enabled,User,5368709120,0,/);
    const exports = await get(`${at(OPER_LOG_PATHS.list)}?businessType=export&limit=100`, admin);
    expect((exports.body.data.list as Json[]).some((e) => e.route === '/cloud-api/system/user/export')).toBe(true);
  });

  it('shows a user’s sign-in history, newest first, a page at a time', async () => {
    await password('tom@example.com', 'wrong_pass1');
    const history = await get(`${at(SYSTEM_PATHS.userLogins, userIds.tom)}?limit=2`, holders.query);
    expect(history.body.data).toMatchObject({ page: 1, limit: 2 });
    expect(history.body.data.total).toBeGreaterThanOrEqual(5);
    const [latest, before] = history.body.data.list as Json[];
    expect(latest).toMatchObject({ success: false, reason: 'bad-credentials', grantType: 'password', ip: '127.0.0.1' });
    expect(before.success).toBe(true);
    expect(latest.createdAt >= before.createdAt).toBe(true);
    const page2 = await get(`${at(SYSTEM_PATHS.userLogins, userIds.tom)}?limit=2&page=2`, holders.query);
    expect(page2.body.data.list[0].id).not.toBe(latest.id);
    expect((await get(at(SYSTEM_PATHS.userLogins, '00000000-0000-4000-8000-000000000000'), admin)).status).toBe(404);
    expect((await get(at(SYSTEM_PATHS.userLogins, 'not-an-id'), admin)).status).toBe(400);
  });

  it('lets only one of two administrators be disabled at the same moment', async () => {
    const rootId = (await list('roleKey=admin')).list[0].id as string;
    expect(
      (await put(SYSTEM_PATHS.userRoles, editor, { userId: userIds.ada, roleKeys: ['admin', 'user'] })).body.code,
    ).toBe(0);
    const both = await Promise.all(
      [rootId, userIds.ada].map((userId) => put(SYSTEM_PATHS.userStatus, editor, { userId, status: 'disabled' })),
    );
    expect(both.map((r) => r.body.code).sort()).toEqual([0, 400]);
    // the administrator may be the one disabled: someone else looks
    expect((await list('roleKey=admin&status=enabled', holders.list)).total).toBe(1);
    // put things back: both enabled, the administrator signed in again
    for (const userId of [rootId, userIds.ada]) {
      await put(SYSTEM_PATHS.userStatus, editor, { userId, status: 'enabled' });
    }
    admin = (await password(ROOT.account, ROOT.password)).body.token;
    expect((await list('roleKey=admin&status=enabled')).total).toBe(2);
  });
});
