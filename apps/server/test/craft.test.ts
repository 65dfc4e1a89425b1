import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CraftRepository } from '../src/modules/craft/craft.repository.js';
import { CraftService } from '../src/modules/craft/craft.service.js';
import { bootstrapRootToken, call, type Json, signIn } from './account-helpers.js';
import { CRAFTS, grantCraftEditor, sampleCraft } from './craft-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { documentedRoutes } from './openapi-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

/**
 * The craft libraries through the API: the seeded standard library, personal libraries, who may do
 * what (an access matrix), search, validation messages in both languages and revisions.
 */
describe.each(testDatabases)('craft libraries on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const delivery = new RecordingDelivery();
  const people = drivePeople(() => app, delivery);
  let ada: string;
  let eve: string;
  let admin: string;
  let editor: string;

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { delivery });
    // The administrator is made only on an empty database (as on a first start), so first.
    admin = await bootstrapRootToken(app, db.db, delivery);
    ada = await people.join('ada');
    eve = await people.join('eve');
    await people.join('ed');
    await grantCraftEditor(db.db, people.userIds.ed!);
    editor = (await signIn(app, { grant_type: 'password', account: 'ed@example.com', password: 'drive_01' })).body
      .token;
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  const list = async (token: string | null, query: string) =>
    call(app, 'GET', `${CRAFTS}/list?${query}`, { token: token ?? undefined });
  const create = (token: string, body: Record<string, unknown>, lang = 'zh-CN') =>
    call(app, 'POST', CRAFTS, { token, body, lang });

  it('documents every craft route in the OpenAPI document', async () => {
    const documented = documentedRoutes(app, '/cloud-api/craft/');
    expect(documented).toEqual(
      [
        'GET /cloud-api/craft/craft/list',
        'GET /cloud-api/craft/craft/facets',
        'GET /cloud-api/craft/craft/export',
        'GET /cloud-api/craft/craft/{id}',
        'GET /cloud-api/craft/craft/{id}/revisions',
        'POST /cloud-api/craft/craft',
        'PUT /cloud-api/craft/craft',
        'DELETE /cloud-api/craft/craft/{ids}',
        'POST /cloud-api/craft/craft/copy',
        'POST /cloud-api/craft/craft/import/preview',
        'POST /cloud-api/craft/craft/import',
      ].sort(),
    );
  });

  it('seeds the standard library once, with realistic starting values for gas and fiber machines', async () => {
    const res = await list(ada, 'library=standard&limit=100');
    expect(res.status).toBe(200);
    const crafts = res.body.data.list as Json[];
    expect(crafts.length).toBeGreaterThanOrEqual(15);
    expect(crafts.every((c) => c.startingValues === true && c.library === 'standard')).toBe(true);
    const materials = new Set(crafts.map((c) => c.material));
    for (const m of ['胶合板', 'MDF', '亚克力', '皮革', '卡纸', '阳极氧化铝', '不锈钢']) {
      expect(
        [...materials].some((name) => name.includes(m)),
        m,
      ).toBe(true);
    }
    expect(new Set(crafts.map((c) => c.laserType))).toEqual(new Set(['gas', 'fiber']));
    expect(crafts.some((c) => c.passes.length > 1)).toBe(true);
    expect(crafts.some((c) => c.passes.some((p: Json) => p.mode === 'image' && p.bitmap))).toBe(true);
    // A second start does not seed again.
    expect(await new CraftService(new CraftRepository(db.db)).seedStandardLibrary()).toBe(0);
  });

  it('filters by material, thickness range, laser type, power class and a Chinese substring, with paging and sorting', async () => {
    const plywood = await list(ada, `library=standard&keyword=${encodeURIComponent('胶合')}&limit=100`);
    expect(plywood.body.data.total).toBeGreaterThan(2);
    expect(plywood.body.data.list.every((c: Json) => c.material.includes('胶合'))).toBe(true);

    const thick = await list(ada, 'library=standard&thicknessMin=4&thicknessMax=10&limit=100');
    const thicknesses = thick.body.data.list.map((c: Json) => c.thickness);
    expect(thicknesses.length).toBeGreaterThan(0);
    expect(thicknesses.every((t: number) => t >= 4 && t <= 10)).toBe(true);

    const fiber = await list(ada, 'library=standard&laserType=fiber&powerClass=50&limit=100');
    expect(fiber.body.data.total).toBeGreaterThan(0);
    expect(fiber.body.data.list.every((c: Json) => c.laserType === 'fiber' && c.powerClass === 50)).toBe(true);

    const material = plywood.body.data.list[0].material;
    const one = await list(ada, `library=standard&material=${encodeURIComponent(material)}&limit=100`);
    expect(one.body.data.list.every((c: Json) => c.material === material)).toBe(true);

    const all = await list(ada, 'library=standard&limit=100');
    const page1 = await list(ada, 'library=standard&limit=5&page=1&sort=name');
    const page2 = await list(ada, 'library=standard&limit=5&page=2&sort=name');
    expect(page1.body.data.total).toBe(all.body.data.total);
    const ids = [...page1.body.data.list, ...page2.body.data.list].map((c: Json) => c.id);
    expect(new Set(ids).size).toBe(10);

    const desc = await list(ada, 'library=standard&limit=100&sort=thickness&order=desc');
    const known = desc.body.data.list.map((c: Json) => c.thickness).filter((t: number | null) => t !== null);
    expect(known).toEqual([...known].sort((a: number, b: number) => b - a));

    const facets = await call(app, 'GET', `${CRAFTS}/facets?library=standard`, { token: ada });
    expect(facets.body.data.materials).toContain(material);
    expect(facets.body.data.powerClasses).toEqual(expect.arrayContaining([60, 100, 20, 30, 50]));
  });

  it('keeps personal libraries private and the standard library read-only without craft:standard:edit', async () => {
    const made = await create(ada, { library: 'personal', ...sampleCraft() });
    expect(made.status, made.body.msg).toBe(200);
    expect(made.body.msg).toBe('新增成功');
    const id = made.body.data.id as string;
    const standardId = (await list(ada, 'library=standard&limit=1')).body.data.list[0].id as string;
    const update = (token: string, craftId: string, revision: number) =>
      call(app, 'PUT', CRAFTS, { token, body: { id: craftId, revision, ...sampleCraft({ name: '改 Changed' }) } });

    // anonymous: 401 everywhere
    for (const [method, url] of [
      ['GET', `${CRAFTS}/list?library=standard`],
      ['GET', `${CRAFTS}/facets?library=standard`],
      ['GET', `${CRAFTS}/${id}`],
      ['POST', CRAFTS],
      ['PUT', CRAFTS],
      ['GET', `${CRAFTS}/${id}/revisions`],
      ['GET', `${CRAFTS}/export?library=standard`],
      ['POST', `${CRAFTS}/copy`],
      ['DELETE', `${CRAFTS}/${id}`],
    ] as const) {
      const body = url.endsWith('/copy') ? { ids: id } : { library: 'personal', id, revision: 1, ...sampleCraft() };
      const res = await call(app, method, url, method === 'POST' || method === 'PUT' ? { body } : {});
      expect(res.status, `${method} ${url}`).toBe(401);
    }

    // owner: reads, edits and sees it listed
    expect((await call(app, 'GET', `${CRAFTS}/${id}`, { token: ada })).status).toBe(200);
    expect((await list(ada, 'library=personal')).body.data.list.map((c: Json) => c.id)).toContain(id);

    // another person and the administrator: the craft does not exist for them
    for (const token of [eve, admin]) {
      expect((await call(app, 'GET', `${CRAFTS}/${id}`, { token })).status).toBe(404);
      expect((await call(app, 'GET', `${CRAFTS}/${id}/revisions`, { token })).status).toBe(404);
      expect((await update(token, id, 1)).status).toBe(404);
      expect((await call(app, 'DELETE', `${CRAFTS}/${id}`, { token })).status).toBe(404);
      expect((await call(app, 'POST', `${CRAFTS}/copy`, { token, body: { ids: id } })).status).toBe(404);
      expect((await call(app, 'GET', `${CRAFTS}/export?library=personal&ids=${id}`, { token })).status).toBe(404);
      expect((await list(token, 'library=personal')).body.data.list.map((c: Json) => c.id)).not.toContain(id);
    }

    // standard library: everyone reads it; a user cannot change it, in both languages
    const refused = await update(ada, standardId, 1);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('标准工艺库为只读，请复制到个人工艺库后修改');
    const refusedEn = await call(app, 'PUT', CRAFTS, {
      token: ada,
      lang: 'en',
      body: { id: standardId, revision: 1, ...sampleCraft() },
    });
    expect(refusedEn.body.msg).toMatch(/standard library is read-only/);
    expect((await create(ada, { library: 'standard', ...sampleCraft() })).status).toBe(403);
    expect((await call(app, 'DELETE', `${CRAFTS}/${standardId}`, { token: ada })).status).toBe(403);
    // …and a delete mixing one's own with a standard craft deletes nothing
    expect((await call(app, 'DELETE', `${CRAFTS}/${id},${standardId}`, { token: ada })).status).toBe(403);
    expect((await call(app, 'GET', `${CRAFTS}/${id}`, { token: ada })).status).toBe(200);

    // a craft editor (not an administrator) and the administrator may change it
    const edited = await update(editor, standardId, 1);
    expect(edited.status, edited.body.msg).toBe(200);
    expect(edited.body.data.startingValues).toBe(false);
    expect(edited.body.data.updatedBy).toBe('ED');
    const byAdmin = await update(admin, standardId, 2);
    expect(byAdmin.status, byAdmin.body.msg).toBe(200);
    const added = await create(admin, { library: 'standard', ...sampleCraft({ name: '新标准 New standard' }) });
    expect(added.status).toBe(200);
    expect((await call(app, 'DELETE', `${CRAFTS}/${added.body.data.id}`, { token: editor })).status).toBe(200);
  });

  it('refuses invalid crafts with the rule broken, in Chinese and English, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [
        { passes: [{ mode: 'cut', minPower: 70, maxPower: 60, speed: 10 }] },
        '最小功率不能大于最大功率',
        /Min power cannot be above max power/,
      ],
      [
        { passes: [{ mode: 'cut', minPower: 10, maxPower: 120, speed: 10 }] },
        '功率须在0%到100%之间',
        /between 0 % and 100 %/,
      ],
      [{ passes: [{ mode: 'cut', minPower: 10, maxPower: 20, speed: 0 }] }, '速度须大于0', /Speed must be above 0/],
      [{ passes: [] }, '至少需要一组加工参数', /at least one pass/],
      [{ material: '  ' }, '请输入材料', /Enter the material/],
      [{ name: '' }, '请输入工艺名称', /Enter the craft name/],
      [{ thickness: 0 }, '厚度须大于0', /thickness must be above 0/],
      [{ powerClass: 0 }, '激光器功率须为1到', /power class/],
      [{ laserType: 'diode' }, '激光类型须为气体或光纤', /gas \(CO2\) or fiber/],
      [{ name: 'abc\u202Egpj.exe' }, '不能包含控制字符', /control characters/],
      [
        { passes: [{ mode: 'cut', minPower: 1, maxPower: 2, speed: 5, repeat: 2.5 }] },
        '加工次数须为1到100的整数',
        /whole number from 1 to 100/,
      ],
    ];
    const before = (await list(ada, 'library=personal')).body.data.total;
    for (const [change, zh, en] of cases) {
      const body = { library: 'personal', ...sampleCraft(), ...change };
      const resZh = await create(ada, body);
      expect(resZh.status, JSON.stringify(change)).toBe(400);
      expect(resZh.body.msg).toContain(zh);
      const resEn = await create(ada, body, 'en');
      expect(resEn.body.msg).toMatch(en);
    }
    expect((await list(ada, 'library=personal')).body.data.total).toBe(before);
  });

  it('keeps every edit as a revision with who and when, and refuses an edit made from a stale revision', async () => {
    const made = await create(admin, { library: 'standard', ...sampleCraft({ name: '修订 Revisions' }) });
    const id = made.body.data.id as string;
    const first = await call(app, 'PUT', CRAFTS, {
      token: editor,
      body: { id, revision: 1, ...sampleCraft({ name: '修订 2' }) },
    });
    expect(first.body.data.revision).toBe(2);
    const second = await call(app, 'PUT', CRAFTS, {
      token: admin,
      body: { id, revision: 2, ...sampleCraft({ name: '修订 3' }) },
    });
    expect(second.body.data.revision).toBe(3);
    const stale = await call(app, 'PUT', CRAFTS, {
      token: editor,
      body: { id, revision: 2, ...sampleCraft({ name: 'lost' }) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('该工艺已被他人修改，请刷新后重试');

    const revisions = (await call(app, 'GET', `${CRAFTS}/${id}/revisions`, { token: ada })).body.data as Json[];
    expect(revisions.map((r) => [r.revision, r.action, r.by, r.craft.name])).toEqual([
      [3, 'update', 'Administrator', '修订 3'],
      [2, 'update', 'ED', '修订 2'],
      [1, 'create', 'Administrator', '修订 Revisions'],
    ]);
    for (const r of revisions) expect(Date.now() - Date.parse(r.at)).toBeLessThan(60_000);
  });

  it('copies standard crafts into my personal library as my own, leaving the standard one as it was', async () => {
    const source = (await list(ada, 'library=standard&laserType=fiber&limit=2')).body.data.list as Json[];
    const res = await call(app, 'POST', `${CRAFTS}/copy`, {
      token: ada,
      body: { ids: source.map((c) => c.id).join(',') },
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('已复制2条工艺到个人工艺库');
    const copies = res.body.data as Json[];
    expect(copies.map((c) => [c.library, c.name, c.passes])).toEqual(source.map((c) => ['personal', c.name, c.passes]));
    const changed = await call(app, 'PUT', CRAFTS, {
      token: ada,
      body: { id: copies[0].id, revision: 1, ...sampleCraft({ name: '我的 Mine' }) },
    });
    expect(changed.status).toBe(200);
    const original = await call(app, 'GET', `${CRAFTS}/${source[0].id}`, { token: ada });
    expect(original.body.data.name).toBe(source[0].name);
    // eve cannot copy ada's copy
    expect((await call(app, 'POST', `${CRAFTS}/copy`, { token: eve, body: { ids: copies[0].id } })).status).toBe(404);
  });
});
