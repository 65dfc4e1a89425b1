import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapRootToken, call, type Json } from './account-helpers.js';
import { CRAFTS, sampleCraft, sendLibrary } from './craft-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const LIBRARY = `<?xml version="1.0" encoding="UTF-8"?>
<LightBurnLibrary DisplayName="Workshop">
    <Material name="胶合板">
        <Entry Thickness="3" Desc="Cut" NoThickTitle="">
            <CutSetting type="Cut">
                <index Value="0"/>
                <minPower Value="55"/>
                <maxPower Value="65"/>
                <speed Value="15"/>
                <numPasses Value="1"/>
                <runBlower Value="1"/>
            </CutSetting>
        </Entry>
        <Entry Thickness="-1" Desc="Engrave" NoThickTitle="Any">
            <CutSetting type="Scan">
                <minPower Value="15"/>
                <maxPower Value="20"/>
                <speed Value="300"/>
                <numPasses Value="1"/>
                <interval Value="0.1"/>
                <bidir Value="1"/>
            </CutSetting>
        </Entry>
    </Material>
    <Material name="Leather">
        <Entry Thickness="2" Desc="Engrave and cut" NoThickTitle="">
            <CutSetting type="Scan">
                <minPower Value="12"/>
                <maxPower Value="15"/>
                <speed Value="300"/>
                <numPasses Value="1"/>
            </CutSetting>
            <CutSetting type="Cut">
                <minPower Value="40"/>
                <maxPower Value="45"/>
                <speed Value="20"/>
                <numPasses Value="2"/>
            </CutSetting>
        </Entry>
    </Material>
</LightBurnLibrary>
`;

/** The same library with the plywood cut changed and one craft that breaks a rule after the good ones. */
const BROKEN = LIBRARY.replace('<speed Value="20"/>', '<speed Value="fast"/>');
const BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<LightBurnLibrary DisplayName="&lol3;"><Material name="&lol3;"/></LightBurnLibrary>`;

describe.each(testDatabases)('craft import and export on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const delivery = new RecordingDelivery();
  const people = drivePeople(() => app, delivery);
  let ada: string;
  let eve: string;
  let admin: string;

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { delivery });
    // The administrator is made only on an empty database (as on a first start), so first.
    admin = await bootstrapRootToken(app, db.db, delivery);
    ada = await people.join('ada');
    eve = await people.join('eve');
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  const personal = async (token: string) =>
    (await call(app, 'GET', `${CRAFTS}/list?library=personal&limit=100`, { token })).body.data.list as Json[];

  it('previews a LightBurn library (what is added, what clashes) and imports it in one go', async () => {
    const query = 'library=personal&laserType=gas&powerClass=80&machineModel=KX-1390';
    const preview = await sendLibrary(app, 'import/preview', ada, 'shop.clb', LIBRARY, query);
    expect(preview.status, preview.body.msg).toBe(200);
    expect(preview.body.data).toMatchObject({ format: 'clb', libraryName: 'Workshop', total: 3, clashes: [] });
    expect(preview.body.data.added.map((l: Json) => [l.material, l.thickness, l.name, l.passes])).toEqual([
      ['胶合板', 3, 'Cut', 1],
      ['胶合板', null, 'Engrave', 1],
      ['Leather', 2, 'Engrave and cut', 2],
    ]);
    expect(await personal(ada)).toEqual([]);

    const done = await sendLibrary(app, 'import', ada, 'shop.clb', LIBRARY, query);
    expect(done.status, done.body.msg).toBe(200);
    expect(done.body.msg).toBe('导入完成：新增3条，替换0条，跳过0条');
    const mine = await personal(ada);
    expect(mine).toHaveLength(3);
    const leather = mine.find((c) => c.material === 'Leather')!;
    expect(leather).toMatchObject({ laserType: 'gas', powerClass: 80, machineModel: 'KX-1390', thickness: 2 });
    expect(leather.passes.map((p: Json) => [p.mode, p.minPower, p.maxPower, p.speed, p.repeat])).toEqual([
      ['fill', 12, 15, 300, 1],
      ['cut', 40, 45, 20, 2],
    ]);
    // eve's library is untouched
    expect(await personal(eve)).toEqual([]);
  });

  it('asks about clashes and then skips, replaces or keeps both', async () => {
    const query = (onClash: string) =>
      `library=personal&laserType=gas&powerClass=80&machineModel=KX-1390&onClash=${onClash}`;
    const changed = LIBRARY.replace('<speed Value="15"/>', '<speed Value="18"/>');
    const preview = await sendLibrary(app, 'import/preview', ada, 'shop.clb', changed, query('skip'));
    expect(preview.body.data.added).toEqual([]);
    expect(preview.body.data.clashes).toHaveLength(3);
    expect(preview.body.data.clashes.every((l: Json) => typeof l.existingId === 'string')).toBe(true);

    const skipped = await sendLibrary(app, 'import', ada, 'shop.clb', changed, query('skip'));
    expect(skipped.body.data).toEqual({ added: 0, replaced: 0, skipped: 3 });
    const cut = () => personal(ada).then((list) => list.find((c) => c.name === 'Cut'));
    expect((await cut())!.passes[0].speed).toBe(15);

    const replaced = await sendLibrary(app, 'import', ada, 'shop.clb', changed, query('replace'), 'en');
    expect(replaced.body.msg).toBe('Import done: 0 added, 3 replaced, 0 skipped');
    expect((await cut())!.passes[0].speed).toBe(18);
    const revisions = await call(app, 'GET', `${CRAFTS}/${(await cut())!.id}/revisions`, { token: ada });
    expect(revisions.body.data.map((r: Json) => r.action)).toEqual(['import', 'import']);

    const both = await sendLibrary(app, 'import', ada, 'shop.clb', changed, query('keepBoth'));
    expect(both.body.data).toEqual({ added: 3, replaced: 0, skipped: 0 });
    expect(await personal(ada)).toHaveLength(6);
  });

  it('refuses hostile and broken files with a message, and leaves the library as it was', async () => {
    const before = await personal(ada);
    const cases: [string, string | Buffer, number, RegExp, RegExp][] = [
      ['bomb.clb', BOMB, 400, /DTD 或实体声明/, /DTD or entity declarations/],
      [
        'xxe.clb',
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><LightBurnLibrary><Material name="&e;"/></LightBurnLibrary>',
        400,
        /DTD 或实体声明/,
        /DTD or entity/,
      ],
      [
        'broken.clb',
        BROKEN,
        400,
        /^第3条工艺（Leather .*）无效：.*速度须大于0/,
        /^Craft 3 \(Leather .*\) is not valid: .*Speed must be above 0/,
      ],
      ['cut.clb', LIBRARY.slice(0, 400), 400, /不是有效的 LightBurn 材料库/, /Not a valid LightBurn material library/],
      [
        'other.clb',
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
        400,
        /不是有效的 LightBurn 材料库/,
        /LightBurnLibrary/,
      ],
      [
        'junk.clb',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff, 0xfe]),
        400,
        /无法识别的文件/,
        /Unrecognised file/,
      ],
      [
        'bad.json',
        '{"format":"kerf-crafts","version":9,"crafts":[]}',
        400,
        /不是有效的 Kerf 工艺库/,
        /Not a valid Kerf craft library/,
      ],
      ['empty.clb', '<LightBurnLibrary DisplayName="x"></LightBurnLibrary>', 400, /文件中没有工艺/, /holds no crafts/],
    ];
    for (const [name, content, status, zh, en] of cases) {
      for (const which of ['import/preview', 'import'] as const) {
        const resZh = await sendLibrary(app, which, ada, name, content);
        expect(resZh.status, `${name} ${which}: ${resZh.body.msg}`).toBe(status);
        expect(resZh.body.msg, name).toMatch(zh);
        const resEn = await sendLibrary(app, which, ada, name, content, 'library=personal', 'en');
        expect(resEn.body.msg, name).toMatch(en);
      }
    }
    // a file over the limit is refused before it is read
    const huge = Buffer.alloc(11 * 1024 * 1024, 0x20);
    const big = await sendLibrary(app, 'import', ada, 'big.clb', huge);
    expect(big.status).toBe(413);
    expect(big.body.msg).toMatch(/文件过大/);
    expect(await personal(ada)).toEqual(before);
  });

  it('imports into the standard library only with craft:standard:edit', async () => {
    const refused = await sendLibrary(app, 'import', ada, 'shop.clb', LIBRARY, 'library=standard');
    expect(refused.status).toBe(403);
    const anonymous = await sendLibrary(app, 'import', null, 'shop.clb', LIBRARY, 'library=personal');
    expect(anonymous.status).toBe(401);
    const byAdmin = await sendLibrary(app, 'import', admin, 'shop.clb', LIBRARY, 'library=standard&powerClass=150');
    expect(byAdmin.status, byAdmin.body.msg).toBe(200);
    const standard = await call(app, 'GET', `${CRAFTS}/list?library=standard&powerClass=150`, { token: eve });
    expect(standard.body.data.total).toBe(3);
  });

  it('exports a selection or a whole library as .clb and JSON that import back to the same crafts', async () => {
    await call(app, 'POST', CRAFTS, { token: eve, body: { library: 'personal', ...sampleCraft() } });
    const made = await call(app, 'POST', CRAFTS, {
      token: eve,
      body: {
        library: 'personal',
        ...sampleCraft({
          material: 'Acrylic & "glass" <clear>',
          name: '照片 Photo',
          thickness: null,
          passes: [
            {
              mode: 'image',
              minPower: 8,
              maxPower: 22,
              speed: 250,
              interval: 0.1,
              bitmap: { dither: 'jarvis', dpiX: 254, dpiY: 254 },
            },
            { mode: 'cut', minPower: 60, maxPower: 65, speed: 8, kerfOffset: 0.08, zOffset: 1, zStep: 0.5, repeat: 2 },
          ],
        }),
      },
    });
    expect(made.status, made.body.msg).toBe(200);
    const mine = await personal(eve);
    for (const format of ['clb', 'json'] as const) {
      const whole = await app.inject({
        method: 'GET',
        url: `${CRAFTS}/export?library=personal&format=${format}`,
        headers: { authorization: `Bearer ${eve}` },
      });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-disposition']).toContain(`.${format}"`);
      const one = await app.inject({
        method: 'GET',
        url: `${CRAFTS}/export?library=personal&format=${format}&ids=${made.body.data.id}`,
        headers: { authorization: `Bearer ${eve}` },
      });
      expect(one.statusCode).toBe(200);
      expect(one.body).toContain('照片 Photo');
      expect(one.body).not.toContain('Cherry');

      // a second person imports eve's export and gets the same crafts
      const other = await people.join(`fay${format}`);
      const imported = await sendLibrary(app, 'import', other, `eve.${format}`, whole.body);
      expect(imported.status, imported.body.msg).toBe(200);
      const copies = await personal(other);
      const content = (c: Json) => {
        const { id, revision, createdAt, updatedAt, updatedBy, startingValues, library, lightburn, ...rest } = c;
        return rest;
      };
      expect(copies.map(content)).toEqual(mine.map(content));
    }
  });
});
