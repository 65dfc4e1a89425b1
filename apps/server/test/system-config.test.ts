import { randomUUID } from 'node:crypto';
import { SYSTEM_PATHS } from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapRootToken, call, type Json, joinWithRole } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { documentedRoutes } from './openapi-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const at = (path: string, id = '') => `${API}${path.replace(':id', id)}`;
const byKey = (key: string) => `${API}/system/config/configKey/${key}`;
const REGISTER = 'sys.account.registerUser';

/** Registers `who@example.com` on `app` (the code sent and used there); answers the envelope. */
async function register(app: FastifyInstance, delivery: RecordingDelivery, who: string, lang = 'zh-CN') {
  const account = `${who}@example.com`;
  await call(app, 'GET', `/uac-api/captcha/getCode?account=${account}&scene=register`);
  const code = delivery.last(account)?.code ?? '000000';
  return call(app, 'POST', '/uac-api/register/user/info', {
    body: { account, password: 'drive_01', code, nickName: who },
    lang,
  });
}

/**
 * System parameters (SPEC §7 `/system/config`): Kerf's built-in ones, their management with its rules
 * and messages in both languages, who may do what, and a change holding at once on every instance.
 */
describe.each(testDatabases)('system parameters on $name', (database) => {
  const delivery = new RecordingDelivery();
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const people = drivePeople(() => app, delivery);
  let admin: string;
  let ada: string;
  let keeper: string;
  let reader: string;

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { delivery });
    admin = await bootstrapRootToken(app, db.db, delivery);
    ada = await people.join('ada');
    keeper = await joinWithRole(app, db.db, people, 'kim', [
      'system:config:list',
      'system:config:add',
      'system:config:edit',
      'system:config:remove',
    ]);
    reader = await joinWithRole(app, db.db, people, 'rex', ['system:config:list']);
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  const builtinRow = async (key: string): Promise<Json> =>
    (
      (await call(app, 'GET', `${at(SYSTEM_PATHS.configs)}?configKey=${key}`, { token: admin })).body.data
        .list as Json[]
    ).find((c) => c.configKey === key);

  it('documents every parameter route in the OpenAPI document', () => {
    expect(documentedRoutes(app, /^\/cloud-api\/system\/config/)).toEqual(
      [
        'GET /cloud-api/system/config/list',
        'GET /cloud-api/system/config/{id}',
        'POST /cloud-api/system/config',
        'PUT /cloud-api/system/config',
        'DELETE /cloud-api/system/config/{id}',
        'GET /cloud-api/system/config/configKey/{key}',
        'PUT /cloud-api/system/config/configKey/{key}',
      ].sort(),
    );
  });

  it('lists the built-in parameters, searched by name, key and built-in flag', async () => {
    const all = await call(app, 'GET', `${at(SYSTEM_PATHS.configs)}?builtin=true`, { token: reader });
    expect(all.status).toBe(200);
    const keys = (all.body.data.list as Json[]).map((c) => c.configKey);
    expect(keys).toEqual(expect.arrayContaining(['sys.account.captchaEnabled', REGISTER]));
    expect((all.body.data.list as Json[]).every((c) => c.builtin)).toBe(true);
    const register = await builtinRow(REGISTER);
    expect(register).toMatchObject({ configValue: 'true', builtin: true, configName: 'Allow self-registration' });
    const byName = await call(app, 'GET', `${at(SYSTEM_PATHS.configs)}?configName=SELF-REG`, { token: reader });
    expect((byName.body.data.list as Json[]).map((c) => c.configKey)).toEqual([REGISTER]);
    const custom = await call(app, 'GET', `${at(SYSTEM_PATHS.configs)}?builtin=false`, { token: reader });
    expect((custom.body.data.list as Json[]).some((c) => c.builtin)).toBe(false);
    const one = await call(app, 'GET', at(SYSTEM_PATHS.configById, register.id), { token: reader });
    expect(one.body.data.configKey).toBe(REGISTER);
    const none = await call(app, 'GET', at(SYSTEM_PATHS.configById, randomUUID()), {
      token: reader,
      lang: 'en',
    });
    expect([none.status, none.body.msg]).toEqual([404, 'That parameter does not exist']);
  });

  it('adds, changes and deletes a parameter; a key is unique and a built-in one keeps its key and stays', async () => {
    const add = (body: Json, lang = 'zh-CN') =>
      call(app, 'POST', at(SYSTEM_PATHS.config), { token: keeper, body, lang });
    const made = await add({ configKey: 'shop.banner', configValue: 'Spring sale', configName: 'Banner text' });
    expect(made.body.msg).toBe('新增成功');
    expect(made.body.data).toMatchObject({ configKey: 'shop.banner', builtin: false, remark: '' });
    const taken = await add({ configKey: 'shop.banner', configValue: 'x', configName: 'Again' });
    expect([taken.status, taken.body.msg]).toEqual([409, '参数键名已存在']);
    const takenEn = await add({ configKey: REGISTER, configValue: 'true', configName: 'Again' }, 'en');
    expect([takenEn.status, takenEn.body.msg]).toEqual([409, 'That parameter key already exists']);
    const badKey = await add({ configKey: 'shop banner', configValue: 'x', configName: 'Bad' });
    expect([badKey.status, badKey.body.msg]).toEqual([400, '参数键名只能包含字母、数字、点、横线和下划线']);
    expect((await add({ configKey: 'shop.x', configValue: 'x', configName: '' })).status).toBe(400);

    // anyone reads a value by key; the change shows at once
    expect((await call(app, 'GET', byKey('shop.banner'))).body.data).toBe('Spring sale');
    const changed = await call(app, 'PUT', at(SYSTEM_PATHS.config), {
      token: keeper,
      body: { ...made.body.data, configKey: 'shop.headline', configValue: 'Summer sale', remark: 'home page' },
    });
    expect(changed.body.msg).toBe('修改成功');
    expect(changed.body.data).toMatchObject({ configKey: 'shop.headline', configValue: 'Summer sale' });
    expect((await call(app, 'GET', byKey('shop.headline'))).body.data).toBe('Summer sale');
    expect((await call(app, 'GET', byKey('shop.banner'))).status).toBe(404);
    const clash = await call(app, 'PUT', at(SYSTEM_PATHS.config), {
      token: keeper,
      body: { ...changed.body.data, configKey: REGISTER, configValue: 'true' },
    });
    expect(clash.status).toBe(409);

    // a built-in parameter: reworded and revalued, but its key stays, it takes true or false, it is never deleted
    const register = await builtinRow(REGISTER);
    const rekey = await call(app, 'PUT', at(SYSTEM_PATHS.config), {
      token: keeper,
      body: { ...register, configKey: 'sys.account.signup' },
      lang: 'en',
    });
    expect([rekey.status, rekey.body.msg]).toEqual([400, 'The key of a built-in parameter cannot be changed']);
    const notSwitch = await call(app, 'PUT', at(SYSTEM_PATHS.config), {
      token: keeper,
      body: { ...register, configValue: 'yes' },
    });
    expect([notSwitch.status, notSwitch.body.msg]).toEqual([400, '该参数的值只能是 true 或 false']);
    expect((await call(app, 'PUT', byKey(REGISTER), { token: keeper, body: { configValue: 'no' } })).status).toBe(400);
    const reworded = await call(app, 'PUT', at(SYSTEM_PATHS.config), {
      token: keeper,
      body: { ...register, configName: 'Open registration', remark: 'checked by the register page' },
    });
    expect(reworded.body.data).toMatchObject({ configName: 'Open registration', builtin: true });
    const removeBuiltin = await call(app, 'DELETE', at(SYSTEM_PATHS.configById, register.id), { token: keeper });
    expect([removeBuiltin.status, removeBuiltin.body.msg]).toEqual([400, '内置参数不能删除']);

    const gone = await call(app, 'DELETE', at(SYSTEM_PATHS.configById, made.body.data.id), { token: keeper });
    expect(gone.body.msg).toBe('删除成功');
    expect((await call(app, 'DELETE', at(SYSTEM_PATHS.configById, made.body.data.id), { token: keeper })).status).toBe(
      404,
    );
    expect((await call(app, 'GET', byKey('shop.headline'))).status).toBe(404);
  });

  it('closes and reopens registration with sys.account.registerUser', async () => {
    const row = await builtinRow(REGISTER);
    await call(app, 'PUT', at(SYSTEM_PATHS.config), { token: keeper, body: { ...row, configValue: 'false' } });
    expect((await call(app, 'GET', byKey(REGISTER))).body.data).toBe('false');
    const refused = await register(app, delivery, 'closed1');
    expect([refused.status, refused.body.msg]).toEqual([403, '当前系统没有开启注册功能']);
    const reopened = await call(app, 'PUT', byKey(REGISTER), { token: keeper, body: { configValue: 'true' } });
    expect(reopened.body.msg).toBe('修改成功');
    const welcome = await register(app, delivery, 'opened1');
    expect(welcome.body.code, welcome.body.msg).toBe(0);
  });

  it('lets each caller do only what their permissions say: an access matrix over every route', async () => {
    let n = 0;
    const custom = async () =>
      (
        await call(app, 'POST', at(SYSTEM_PATHS.config), {
          token: admin,
          body: { configKey: `matrix.k${++n}`, configValue: 'v', configName: `Matrix ${n}` },
        })
      ).body.data as Json;
    const captcha = await builtinRow('sys.account.captchaEnabled');
    const routes: Array<[string, (token: string | undefined) => Promise<{ status: number }>]> = [
      ['list', (t) => call(app, 'GET', at(SYSTEM_PATHS.configs), { token: t })],
      ['by id', async (t) => call(app, 'GET', at(SYSTEM_PATHS.configById, (await custom()).id), { token: t })],
      [
        'add',
        (t) =>
          call(app, 'POST', at(SYSTEM_PATHS.config), {
            token: t,
            body: { configKey: `matrix.new${++n}`, configValue: 'v', configName: 'New' },
          }),
      ],
      ['edit', async (t) => call(app, 'PUT', at(SYSTEM_PATHS.config), { token: t, body: { ...(await custom()) } })],
      ['edit by key', (t) => call(app, 'PUT', byKey(captcha.configKey), { token: t, body: { configValue: 'false' } })],
      ['remove', async (t) => call(app, 'DELETE', at(SYSTEM_PATHS.configById, (await custom()).id), { token: t })],
    ];
    const readOnly = new Set(['list', 'by id']);
    for (const [name, run] of routes) {
      expect((await run(undefined)).status, `${name}: anonymous`).toBe(401);
      expect((await run(ada)).status, `${name}: a user without the permission`).toBe(403);
      expect((await run(reader)).status, `${name}: a user who may only read`).toBe(readOnly.has(name) ? 200 : 403);
      expect((await run(keeper)).status, `${name}: a user with the permission`).toBe(200);
      expect((await run(admin)).status, `${name}: admin`).toBe(200);
    }
    // reading one value by key is public (the sign-in and register pages read theirs signed out)
    for (const token of [undefined, ada]) expect((await call(app, 'GET', byKey(REGISTER), { token })).status).toBe(200);
  });
});

/** Two instances on one database, each with its own cache in memory: nothing keeps a parameter per process. */
describe('a parameter changed on one instance', () => {
  const [database] = testDatabases.slice(-1);
  const delivery = new RecordingDelivery();
  let db: Awaited<ReturnType<NonNullable<typeof database>['open']>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    db = await database!.open();
    a = await testApp(db, { delivery });
    b = await testApp(db, { delivery });
    admin = await bootstrapRootToken(a, db.db, delivery);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await db.dispose();
  });

  it('holds at once on the other: registration closed on A is refused on B, and reopened', async () => {
    expect((await register(b, delivery, 'before')).body.code).toBe(0);
    // B has read the parameter (the register page and the registration both did)
    expect((await call(b, 'GET', byKey(REGISTER))).body.data).toBe('true');
    const close = await call(a, 'PUT', byKey(REGISTER), { token: admin, body: { configValue: 'false' } });
    expect(close.body.code).toBe(0);
    expect((await call(b, 'GET', byKey(REGISTER))).body.data).toBe('false');
    const refused = await register(b, delivery, 'during', 'en');
    expect([refused.status, refused.body.msg]).toEqual([403, 'Registration is closed on this system']);
    await call(a, 'PUT', byKey(REGISTER), { token: admin, body: { configValue: 'true' } });
    expect((await register(b, delivery, 'after')).body.code).toBe(0);
  });
});
