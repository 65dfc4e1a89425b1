import { DICT_PATHS, OPER_LOG_PATHS } from '@kerf/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { bootstrapRootToken, call, type Json, joinWithRole, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { documentedRoutes } from './openapi-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const at = (path: string, id = '') => `${API}${path.replace(':id', id)}`;
/** Field names whose values the log must never hold (the scrubber's rule, seen from outside). */
const SECRET_FIELD = /password|passwd|^pass$|pwd|token|secret|captcha|code$|signature|key$|otp|credential/i;
/** Keys that name things rather than unlock them (a parameter's key, a role's key): kept in the log on purpose. */
const NAMING_KEYS = new Set(['configKey', 'roleKey']);

type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type JsonSchema = { properties?: Record<string, JsonSchema>; $ref?: string; type?: string | string[] };

/**
 * The operation log: every change through the API recorded with who, module, type, method, route,
 * parameters (never a secret), result and cost; reading it by permission; a person's own entries.
 */
describe.each(testDatabases)('operation log on $name', (database) => {
  const delivery = new RecordingDelivery();
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const people = drivePeople(() => app, delivery);
  let admin: string;
  let ada: string;
  let auditor: string;

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { delivery });
    admin = await bootstrapRootToken(app, db.db, delivery);
    ada = await people.join('ada');
    auditor = await joinWithRole(app, db.db, people, 'aud', ['system:operlog:list', 'system:operlog:query']);
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  const list = async (token: string, query: string, path: string = OPER_LOG_PATHS.list) =>
    (await call(app, 'GET', `${at(path)}?${query}`, { token })).body.data as { list: Json[]; total: number };

  it('documents every operation-log route in the OpenAPI document', () => {
    expect(documentedRoutes(app, /^\/cloud-api\/system\/operlog/)).toEqual(
      [
        'GET /cloud-api/system/operlog/list',
        'GET /cloud-api/system/operlog/mine',
        'GET /cloud-api/system/operlog/{id}',
        'DELETE /cloud-api/system/operlog/clean',
        'GET /cloud-api/system/operlog/export',
      ].sort(),
    );
  });

  it('records a change with who, module, type, route, parameters, result and cost; and a refusal with its error', async () => {
    await call(app, 'POST', at(DICT_PATHS.type), {
      token: admin,
      body: { dictType: 'logged_kind', nameCn: '记录', nameEn: 'Logged' },
    });
    const refused = await call(app, 'POST', at(DICT_PATHS.type), {
      token: admin,
      body: { dictType: 'logged_kind', nameCn: '又一次' },
    });
    expect(refused.status).toBe(409);
    // reads are not operations: neither a GET nor the menu POST
    await call(app, 'GET', `${at(DICT_PATHS.dataByType)}?type=logged_kind`, { token: ada });
    await call(app, 'POST', '/uac-api/oauth2/user_routers', { token: ada });

    const found = await list(admin, 'module=system&businessType=insert');
    const mine = found.list.filter((e) => String(e.params).includes('logged_kind'));
    expect(mine).toHaveLength(2);
    const failed = mine.find((e) => e.status === '1');
    const done = mine.find((e) => e.status === '0');
    expect(done).toMatchObject({
      userName: 'Administrator',
      module: 'system',
      businessType: 'insert',
      method: 'POST',
      route: '/cloud-api/system/dict/type',
      url: '/cloud-api/system/dict/type',
      status: '0',
      httpStatus: 200,
      errorMsg: '',
    });
    expect(JSON.parse(String(done!.params))).toEqual({
      body: { dictType: 'logged_kind', nameCn: '记录', nameEn: 'Logged', status: '0', remark: '' },
    });
    expect(done!.costMs).toBeGreaterThanOrEqual(0);
    expect(done!.ip).toBe('127.0.0.1');
    expect(failed).toMatchObject({ status: '1', httpStatus: 409, errorMsg: '字典类型已存在' });
    const all = await list(admin, 'limit=100');
    expect(all.list.some((e) => String(e.url).includes('user_routers'))).toBe(false);
    expect(all.list.some((e) => e.method === 'GET')).toBe(false);

    // one entry, whole; searches by result and by person
    const one = await call(app, 'GET', at(OPER_LOG_PATHS.byId, String(done!.id)), { token: auditor });
    expect(one.body.data).toMatchObject({ id: done!.id, route: '/cloud-api/system/dict/type' });
    expect((await list(admin, 'status=1')).list.every((e) => e.status === '1')).toBe(true);
    expect((await list(admin, 'userName=admini')).total).toBeGreaterThanOrEqual(2);
    expect((await list(admin, 'userName=nobody-at-all')).total).toBe(0);
  });

  it('shows a person their own operations only, and the whole log only by permission', async () => {
    await call(app, 'PUT', '/uac-api/account/profile', { token: ada, body: { nickName: 'Ada L' } });
    const own = await list(ada, '', OPER_LOG_PATHS.mine);
    expect(own.total).toBeGreaterThanOrEqual(1);
    expect(own.list.every((e) => e.userName === 'Ada L')).toBe(true);
    const routes: Array<[string, (token: string | undefined) => Promise<{ status: number }>]> = [
      ['list', (t) => call(app, 'GET', at(OPER_LOG_PATHS.list), { token: t })],
      ['one', async (t) => call(app, 'GET', at(OPER_LOG_PATHS.byId, String(own.list[0]!.id)), { token: t })],
      ['mine', (t) => call(app, 'GET', at(OPER_LOG_PATHS.mine), { token: t })],
    ];
    for (const [name, run] of routes) {
      expect((await run(undefined)).status, `${name}: anonymous`).toBe(401);
      expect((await run(ada)).status, `${name}: a user`).toBe(name === 'mine' ? 200 : 403);
      expect((await run(auditor)).status, `${name}: an auditor`).toBe(200);
      expect((await run(admin)).status, `${name}: admin`).toBe(200);
    }
    // cleaning needs its own permission; it empties the log and is the first entry after
    expect((await call(app, 'DELETE', at(OPER_LOG_PATHS.clean))).status).toBe(401);
    expect((await call(app, 'DELETE', at(OPER_LOG_PATHS.clean), { token: ada })).status).toBe(403);
    expect((await call(app, 'DELETE', at(OPER_LOG_PATHS.clean), { token: auditor })).status).toBe(403);
    const cleaned = await call(app, 'DELETE', at(OPER_LOG_PATHS.clean), { token: admin });
    expect(cleaned.body.data.removed).toBeGreaterThan(0);
    const after = await list(admin, '');
    expect(after.list.map((e) => [e.businessType, e.route])).toEqual([['clean', '/cloud-api/system/operlog/clean']]);
  });

  it('exports what the search finds as CSV or XLSX, headers in the reader’s language, by permission only', async () => {
    await call(app, 'POST', at(DICT_PATHS.type), { token: admin, body: { dictType: 'export_kind', nameCn: '导出' } });
    const url = `${at(OPER_LOG_PATHS.export)}?module=system&businessType=insert&format=csv`;
    const csv = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="kerf-operlog-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('时间,操作人员,模块,业务类型,请求方式,请求地址,操作地址,状态,错误消息,耗时（毫秒）,请求参数');
    const made = lines.slice(1).find((line) => line.includes('export_kind'));
    expect(made).toContain(',system,insert,POST,/cloud-api/system/dict/type,');
    expect(lines.slice(1).every((line) => line.includes(',system,insert,'))).toBe(true);
    const english = await app.inject({
      method: 'GET',
      url: `${url}&lang=en`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh-CN' },
    });
    expect(english.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^Time,Person,Module,Business type,/);
    const xlsx = await app.inject({
      method: 'GET',
      url: `${at(OPER_LOG_PATHS.export)}?format=xlsx`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await call(app, 'GET', at(OPER_LOG_PATHS.export))).status).toBe(401);
    expect((await call(app, 'GET', at(OPER_LOG_PATHS.export), { token: auditor })).status).toBe(403);
    // the export itself is an operation
    const exports = await list(admin, 'businessType=export');
    expect(exports.list[0]?.route).toBe('/cloud-api/system/operlog/export');
  });

  it('counts up to 10,000 entries and says when there are more', async () => {
    await db.db.execute(sql`
      insert into sys_oper_logs (module, business_type, method, route, url, status, http_status, cost_ms)
      select 'bulk', 'update', 'PUT', '/x', '/x', 0, 200, 1 from generate_series(1, 10005)`);
    const bulk = (await call(app, 'GET', `${at(OPER_LOG_PATHS.list)}?module=bulk`, { token: admin })).body.data;
    expect([bulk.total, bulk.capped, bulk.list.length]).toEqual([10000, true, 10]);
    const few = (await call(app, 'GET', `${at(OPER_LOG_PATHS.list)}?module=system`, { token: admin })).body.data;
    expect(few.capped).toBe(false);
    await db.db.execute(sql`delete from sys_oper_logs where module = 'bulk'`);
  });

  it('never keeps a password, token or code: each is sent through every route that takes one', async () => {
    const document = app.swagger() as {
      paths: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined =>
      schema?.$ref ? document.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
    const secrets: string[] = [];
    const sent: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (method === 'get' || path.includes('/operlog/')) continue;
        const schema = resolve(operation.requestBody?.content?.['application/json']?.schema);
        const names = Object.keys(schema?.properties ?? {}).filter(
          (name) => SECRET_FIELD.test(name) && !NAMING_KEYS.has(name),
        );
        if (!names.length) continue;
        const body: Record<string, string> = {};
        for (const name of names) {
          body[name] = `Zz${secrets.length}-${Math.random().toString(36).slice(2, 10)}Secret`;
          secrets.push(body[name]!);
        }
        const url = path.replace(/\{(\w+)\}/g, '00000000-0000-4000-8000-000000000000');
        for (const token of [ada, admin]) {
          await app.inject({
            method: method.toUpperCase() as 'POST',
            url: `${url}?code=${body[names[0]!]}`,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
        }
        sent.push(`${method.toUpperCase()} ${path} (${names.join(', ')})`);
      }
    }
    // the routes of the account rules at least: sign-up, password change, reset, binding, share codes
    expect(sent.length, sent.join('\n')).toBeGreaterThanOrEqual(5);
    // and a whole real flow: a new account by e-mail code, a password change
    await people.join('zed');
    await call(app, 'PUT', '/uac-api/account/password', {
      token: (await signIn(app, { grant_type: 'password', account: 'zed@example.com', password: 'drive_01' })).body
        .token,
      body: { oldPassword: 'drive_01', newPassword: 'Changed_02' },
    });
    secrets.push('drive_01', 'Changed_02');

    await app.close().catch(() => {});
    app = await testApp(db, { delivery }); // the log was written out on close
    const text = rowsOf<{ t: string }>(
      await db.db.execute(
        sql`select coalesce(string_agg(params || ' ' || error_msg || ' ' || url, ' '), '') as t from sys_oper_logs`,
      ),
    )[0]!.t;
    expect(text.length).toBeGreaterThan(0);
    const leaked = secrets.filter((secret) => text.includes(secret));
    const where = leaked.map((secret) =>
      text.slice(Math.max(0, text.indexOf(secret) - 300), text.indexOf(secret) + 40),
    );
    expect(leaked, `${sent.join('\n')}\n${where.join('\n')}`).toEqual([]);
    expect(text).toContain('******');
  });
});
