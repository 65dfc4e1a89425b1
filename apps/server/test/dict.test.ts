import { DICT_PATHS } from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapRootToken, call, type Json, joinWithRole } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { documentedRoutes } from './openapi-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const at = (path: string, id = '') => `${API}${path.replace(':id', id)}`;

/**
 * Dictionaries (SPEC §3 dictionary data, §7 calls): the seeded ones the pages read, every call with its
 * rules and messages in both languages, and who may do what.
 */
describe.each(testDatabases)('dictionaries on $name', (database) => {
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
    const dictPermissions = ['system:dict:list', 'system:dict:query', 'system:dict:add', 'system:dict:edit'];
    keeper = await joinWithRole(app, db.db, people, 'kim', [...dictPermissions, 'system:dict:remove']);
    reader = await joinWithRole(app, db.db, people, 'rex', ['system:dict:list', 'system:dict:query']);
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('documents every dictionary route in the OpenAPI document', () => {
    expect(documentedRoutes(app, /^\/cloud-api\/system\/dict\//)).toEqual(
      [
        'GET /cloud-api/system/dict/data/list',
        'GET /cloud-api/system/dict/data/type',
        'GET /cloud-api/system/dict/data/{id}',
        'POST /cloud-api/system/dict/data',
        'PUT /cloud-api/system/dict/data',
        'DELETE /cloud-api/system/dict/data/{id}',
        'GET /cloud-api/system/dict/type/list',
        'POST /cloud-api/system/dict/type',
        'PUT /cloud-api/system/dict/type',
        'DELETE /cloud-api/system/dict/type/{id}',
      ].sort(),
    );
  });

  it('answers a seeded dictionary to any signed-in user, in order, with both labels and its display class', async () => {
    const res = await call(app, 'GET', `${at(DICT_PATHS.dataByType)}?type=order_state`, { token: ada });
    expect(res.status).toBe(200);
    expect((res.body.data as Json[]).map((d) => [d.value, d.labelCn, d.labelEn, d.listClass])).toEqual([
      ['pending', '待支付', 'Waiting for payment', 'gold'],
      ['paid', '已支付', 'Paid', 'success'],
      ['refunded', '已退款', 'Refunded', 'purple'],
      ['closed', '已关闭', 'Closed', 'default'],
    ]);
    expect((await call(app, 'GET', `${at(DICT_PATHS.dataByType)}?type=order_state`)).status).toBe(401);
    // an unknown dictionary is simply empty
    expect(
      (await call(app, 'GET', `${at(DICT_PATHS.dataByType)}?type=nothing_here`, { token: ada })).body.data,
    ).toEqual([]);
  });

  it('adds, changes and removes entries with the rules of a dictionary, in both languages', async () => {
    const type = await call(app, 'POST', at(DICT_PATHS.type), {
      token: keeper,
      body: { dictType: 'material_kind', nameCn: '材料类别', nameEn: 'Material kind' },
    });
    expect(type.body.msg).toBe('新增成功');
    expect(type.body.data).toMatchObject({ dictType: 'material_kind', builtin: false, status: '0' });
    const again = await call(app, 'POST', at(DICT_PATHS.type), {
      token: keeper,
      body: { dictType: 'material_kind', nameCn: '重复' },
      lang: 'en',
    });
    expect([again.status, again.body.msg]).toEqual([409, 'That dictionary type already exists']);
    const badKey = await call(app, 'POST', at(DICT_PATHS.type), {
      token: keeper,
      body: { dictType: 'Material Kind', nameCn: '坏' },
    });
    expect([badKey.status, badKey.body.msg]).toEqual([400, '字典类型只能包含小写字母、数字和下划线，并以字母开头']);

    const add = (body: Json, lang = 'zh-CN') => call(app, 'POST', at(DICT_PATHS.data), { token: keeper, body, lang });
    const wood = await add({ dictType: 'material_kind', labelCn: '木材', labelEn: 'Wood', value: 'wood', sort: 2 });
    expect(wood.body.data).toMatchObject({ value: 'wood', listClass: '', status: '0', sort: 2 });
    await add({
      dictType: 'material_kind',
      labelCn: '亚克力',
      labelEn: 'Acrylic',
      value: 'acrylic',
      sort: 1,
      listClass: 'cyan',
    });
    const off = await add({ dictType: 'material_kind', labelCn: '皮革', value: 'leather', sort: 3, status: '1' });
    const taken = await add({ dictType: 'material_kind', labelCn: '又是木材', value: 'wood' });
    expect([taken.status, taken.body.msg]).toEqual([409, '字典键值已存在']);
    const orphan = await add({ dictType: 'no_such_type', labelCn: '孤儿', value: 'x' }, 'en');
    expect([orphan.status, orphan.body.msg]).toEqual([400, 'That dictionary type does not exist']);
    expect((await add({ dictType: 'material_kind', labelCn: '红', value: 'red', listClass: 'rainbow' })).status).toBe(
      400,
    );
    expect((await add({ dictType: 'material_kind', labelCn: '', value: 'empty' })).status).toBe(400);

    // what the pages read: enabled entries only, by sort
    const read = async () =>
      (
        (await call(app, 'GET', `${at(DICT_PATHS.dataByType)}?type=material_kind`, { token: ada })).body.data as Json[]
      ).map((d) => d.value);
    expect(await read()).toEqual(['acrylic', 'wood']);
    const changed = await call(app, 'PUT', at(DICT_PATHS.data), {
      token: keeper,
      body: { ...off.body.data, status: '0', labelEn: 'Leather', sort: 0 },
    });
    expect(changed.body.msg).toBe('修改成功');
    expect(await read()).toEqual(['leather', 'acrylic', 'wood']);
    const clash = await call(app, 'PUT', at(DICT_PATHS.data), {
      token: keeper,
      body: { ...off.body.data, value: 'wood' },
    });
    expect(clash.status).toBe(409);

    // management: search by label in either language, one by id
    const listed = await call(app, 'GET', `${at(DICT_PATHS.dataList)}?dictType=material_kind&label=leath`, {
      token: reader,
    });
    expect(listed.body.data).toMatchObject({ total: 1, list: [{ value: 'leather' }] });
    expect(
      (await call(app, 'GET', at(DICT_PATHS.dataById, wood.body.data.id), { token: reader })).body.data.labelEn,
    ).toBe('Wood');

    // a dictionary with entries stays; renaming its type moves the entries along
    const removeType = await call(app, 'DELETE', at(DICT_PATHS.typeById, type.body.data.id), { token: keeper });
    expect([removeType.status, removeType.body.msg]).toEqual([400, '该字典下还有数据，不能删除']);
    const renamed = await call(app, 'PUT', at(DICT_PATHS.type), {
      token: keeper,
      body: { ...type.body.data, dictType: 'material_family' },
    });
    expect(renamed.body.data.dictType).toBe('material_family');
    const moved = (await call(app, 'GET', `${at(DICT_PATHS.dataByType)}?type=material_family`, { token: ada })).body
      .data;
    expect((moved as Json[]).map((d) => d.value)).toEqual(['leather', 'acrylic', 'wood']);
    // switching the dictionary off hides all of it from the pages
    await call(app, 'PUT', at(DICT_PATHS.type), { token: keeper, body: { ...renamed.body.data, status: '1' } });
    expect(
      (await call(app, 'GET', `${at(DICT_PATHS.dataByType)}?type=material_family`, { token: ada })).body.data,
    ).toEqual([]);

    for (const entry of moved as Json[]) {
      const gone = await call(app, 'DELETE', at(DICT_PATHS.dataById, entry.id), { token: keeper });
      expect(gone.body.msg).toBe('删除成功');
    }
    expect((await call(app, 'DELETE', at(DICT_PATHS.dataById, wood.body.data.id), { token: keeper })).status).toBe(404);
    expect((await call(app, 'DELETE', at(DICT_PATHS.typeById, type.body.data.id), { token: keeper })).status).toBe(200);
  });

  it('keeps the built-in dictionaries: reworded, never deleted or retyped', async () => {
    const types = await call(app, 'GET', `${at(DICT_PATHS.typeList)}?keyword=order`, { token: admin });
    const orders = (types.body.data.list as Json[]).find((t) => t.dictType === 'order_state')!;
    expect(orders).toMatchObject({ builtin: true, nameCn: '订单状态', nameEn: 'Order state' });
    const remove = await call(app, 'DELETE', at(DICT_PATHS.typeById, orders.id), { token: admin, lang: 'en' });
    expect([remove.status, remove.body.msg]).toEqual([400, 'A built-in dictionary cannot be deleted']);
    const retype = await call(app, 'PUT', at(DICT_PATHS.type), {
      token: admin,
      body: { ...orders, dictType: 'orders' },
    });
    expect([retype.status, retype.body.msg]).toEqual([400, '内置字典的类型不能修改']);
    const reworded = await call(app, 'PUT', at(DICT_PATHS.type), {
      token: admin,
      body: { ...orders, nameEn: 'State of an order' },
    });
    expect(reworded.body.data.nameEn).toBe('State of an order');
  });

  it('lets each caller do only what their permissions say: an access matrix over every route', async () => {
    const type = (
      await call(app, 'POST', at(DICT_PATHS.type), {
        token: admin,
        body: { dictType: 'matrix_kind', nameCn: '矩阵' },
      })
    ).body.data;
    let n = 0;
    const entry = async () =>
      (
        await call(app, 'POST', at(DICT_PATHS.data), {
          token: admin,
          body: { dictType: 'matrix_kind', labelCn: `项 ${++n}`, value: `v${n}` },
        })
      ).body.data as Json;
    const routes: Array<[string, (token: string | undefined) => Promise<{ status: number }>]> = [
      ['data list', (t) => call(app, 'GET', at(DICT_PATHS.dataList), { token: t })],
      ['data by id', async (t) => call(app, 'GET', at(DICT_PATHS.dataById, (await entry()).id), { token: t })],
      [
        'data add',
        (t) =>
          call(app, 'POST', at(DICT_PATHS.data), {
            token: t,
            body: { dictType: 'matrix_kind', labelCn: '新', value: `new-${++n}` },
          }),
      ],
      [
        'data edit',
        async (t) => call(app, 'PUT', at(DICT_PATHS.data), { token: t, body: { ...(await entry()), labelEn: 'x' } }),
      ],
      ['data remove', async (t) => call(app, 'DELETE', at(DICT_PATHS.dataById, (await entry()).id), { token: t })],
      ['type list', (t) => call(app, 'GET', at(DICT_PATHS.typeList), { token: t })],
      [
        'type add',
        (t) => call(app, 'POST', at(DICT_PATHS.type), { token: t, body: { dictType: `matrix_${++n}`, nameCn: '类' } }),
      ],
      ['type edit', (t) => call(app, 'PUT', at(DICT_PATHS.type), { token: t, body: { ...type, remark: `by ${n++}` } })],
      [
        'type remove',
        async (t) => {
          const made = await call(app, 'POST', at(DICT_PATHS.type), {
            token: admin,
            body: { dictType: `gone_${++n}`, nameCn: '删' },
          });
          return call(app, 'DELETE', at(DICT_PATHS.typeById, made.body.data.id), { token: t });
        },
      ],
    ];
    const readOnly = new Set(['data list', 'data by id', 'type list']);
    for (const [name, run] of routes) {
      expect((await run(undefined)).status, `${name}: anonymous`).toBe(401);
      expect((await run(ada)).status, `${name}: a user without the permission`).toBe(403);
      expect((await run(reader)).status, `${name}: a user who may only read`).toBe(readOnly.has(name) ? 200 : 403);
      expect((await run(keeper)).status, `${name}: a user with the permission`).toBe(200);
      expect((await run(admin)).status, `${name}: admin`).toBe(200);
    }
    const byType = `${at(DICT_PATHS.dataByType)}?type=matrix_kind`;
    expect((await call(app, 'GET', byType)).status).toBe(401);
    for (const token of [ada, reader, keeper, admin])
      expect((await call(app, 'GET', byType, { token })).status).toBe(200);
  });
});
