import { OBJECT_PATHS } from '@kerf/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { driveAccounts, driveBlobs } from '../src/db/schema.js';
import { call, type Json } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { sha256, zipNames } from './drive-helpers.js';
import { type Fixtures, type ObjectSuite, objectUrl, useObjectSuite } from './object-helpers.js';
import { documentedRoutes } from './openapi-helpers.js';

/**
 * Objects (SPEC §3 form, §4 upload order, §5 rules, §7 calls): details first, then drawings, then
 * effect images; every rule with its message in both languages; files checked by the laser core's
 * readers; objects living in the drive as `{name}.kobj` entries; who sees and changes what.
 */
describe.each(testDatabases)('objects on $name', (database) => {
  const suite = useObjectSuite(database, 'objects', ['ada', 'eve']);
  const { people, objects } = suite;
  let db: ObjectSuite['db'];
  let app: FastifyInstance;
  let ada: string;
  let eve: string;
  let admin: string;
  let files: Fixtures;

  beforeAll(async () => {
    ({ db, app, admin, files } = suite);
    ada = suite.tokens.ada!;
    eve = suite.tokens.eve!;
  });

  const refCount = async (bytes: Buffer) => {
    const [row] = await db.db
      .select()
      .from(driveBlobs)
      .where(eq(driveBlobs.sha256, sha256(bytes)));
    return row?.refCount ?? 0;
  };
  const used = async (who: string) => {
    const [row] = await db.db.select().from(driveAccounts).where(eq(driveAccounts.userId, people.userIds[who]!));
    return row?.usedBytes ?? 0;
  };
  const driveList = async (token: string, folderId = '0') =>
    (await call(app, 'GET', `/cloud-api/engine/file/listFileInfo?folderId=${folderId}&limit=100`, { token })).body.data
      .list as Json[];

  it('documents every object route in the OpenAPI document', async () => {
    const documented = documentedRoutes(app, /^\/cloud-api\/engine\/(info|upload|attachment)/);
    expect(documented).toEqual(
      [
        'POST /cloud-api/engine/info',
        'PUT /cloud-api/engine/info',
        'DELETE /cloud-api/engine/info',
        'GET /cloud-api/engine/info/{id}',
        'GET /cloud-api/engine/info/checkUnique',
        'GET /cloud-api/engine/info/getEnginePath',
        'POST /cloud-api/engine/info/savePrice',
        'POST /cloud-api/engine/upload/paper',
        'POST /cloud-api/engine/upload/preview',
        'GET /cloud-api/engine/attachment/{id}',
      ].sort(),
    );
  });

  it('saves the details first: a name is required, unique with its extension in the folder, and a second save of the form is refused', async () => {
    for (const [fileName, lang, msg] of [
      ['', 'zh-CN', '物件名称不能为空'],
      ['   ', 'en', 'The object name cannot be empty'],
    ] as const) {
      const res = await objects.create(ada, { fileName, folderId: '0', origin: '1' }, lang);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const folder = await people.folder(ada, 'Designs');
    const made = await objects.create(ada, { fileName: 'Deer lamp', folderId: folder, origin: '1' });
    expect(made.body).toMatchObject({ code: 0, msg: '保存成功' });
    const id = made.body.data as string;
    // The form now has its id: saving it again would make a second object.
    const again = await objects.create(ada, { id, fileName: 'Deer lamp', folderId: folder, origin: '1' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('请勿重复提交');
    const clash = await objects.create(ada, { fileName: 'Deer lamp', folderId: folder, description: 'again' }, 'en');
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toBe('That name already exists here');
    // checkUnique: taken in that folder, free at the root and for the object itself.
    const unique = (query: string) =>
      call(app, 'GET', `${objectUrl(OBJECT_PATHS.checkUnique)}?${query}`, { token: ada });
    expect((await unique(`folderId=${folder}&fileName=Deer%20lamp`)).body.msg).toBe('名称已经存在');
    expect((await unique('folderId=0&fileName=Deer%20lamp')).body.code).toBe(0);
    expect((await unique(`folderId=${folder}&fileName=Deer%20lamp&id=${id}`)).body.code).toBe(0);
    // It lives in the drive as an entry of its own.
    const entries = await driveList(ada, folder);
    expect(entries.map((e) => [e.fileName, e.extendName, e.isDir])).toEqual([['Deer lamp.kobj', 'kobj', 0]]);
    const path = await call(app, 'GET', `${objectUrl(OBJECT_PATHS.enginePath)}?id=${id}`, { token: ada });
    expect(path.body.data).toEqual({ id, folderId: folder, filePath: '/Designs', fullPath: '/Designs/Deer lamp.kobj' });
    const info = await objects.get(ada, id);
    expect(info.body.data).toMatchObject({
      fileName: 'Deer lamp',
      state: 'draft',
      listed: false,
      papers: [],
      previews: [],
    });
  });

  it('takes drawings then effect images, each read by its reader, and charges their bytes once', async () => {
    const made = await objects.create(ada, { fileName: 'Coaster set', folderId: '0', origin: '1' });
    const id = made.body.data as string;
    const before = await used('ada');
    const papers = await objects.upload(ada, 'paper', [
      { name: 'infoId', value: id },
      { name: 'files', filename: 'circle.svg', content: files.svg },
      { name: 'files', filename: 'arc.dxf', content: files.dxf },
      { name: 'files', filename: 'arc.dwg', content: files.dwg },
      { name: 'files', filename: 'photo.bmp', content: files.bmp },
    ]);
    expect(papers.body.code, papers.body.msg).toBe(0);
    expect(papers.body.data.papers.map((p: Json) => [p.name, p.format])).toEqual([
      ['circle.svg', 'svg'],
      ['arc.dxf', 'dxf'],
      ['arc.dwg', 'dwg'],
      ['photo.bmp', 'bmp'],
    ]);
    expect(papers.body.data.state).toBe('draft');
    const previews = await objects.upload(ada, 'preview', [
      { name: 'infoId', value: id },
      { name: 'files', filename: 'front.png', content: files.png },
      { name: 'files', filename: 'side.jpg', content: files.jpeg },
    ]);
    expect(previews.body.code, previews.body.msg).toBe(0);
    const info = previews.body.data;
    expect(info.previews.map((p: Json) => [p.name, p.format, p.width, p.height])).toEqual([
      ['front.png', 'png', 32, 24],
      ['side.jpg', 'jpeg', 32, 24],
    ]);
    expect(info.state).toBe('ready');
    expect(info.coverId).toBe(info.previews[0].id);
    const total = [files.svg, files.dxf, files.dwg, files.bmp, files.png, files.jpeg].reduce((n, b) => n + b.length, 0);
    expect((await used('ada')) - before).toBe(total);
    const entry = (await driveList(ada)).find((e) => e.fileName === 'Coaster set.kobj');
    expect(entry?.fileSize).toBe(total);
    // The owner reads an attachment back byte for byte.
    const res = await app.inject({
      method: 'GET',
      url: objectUrl(OBJECT_PATHS.attachment.replace(':id', info.papers[1].id)),
      headers: { authorization: `Bearer ${ada}` },
    });
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, files.dxf)).toBe(0);
    // An <img> in the page sends the session cookie instead of a header.
    const shown = await app.inject({
      method: 'GET',
      url: `${objectUrl(OBJECT_PATHS.attachment.replace(':id', info.previews[0].id))}?inline=1`,
      headers: { cookie: `UAC-Token=${encodeURIComponent(ada)}` },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-disposition']).toMatch(/^inline/);
    expect(Buffer.compare(shown.rawPayload, files.png)).toBe(0);
  });

  it('refuses hostile and unsuitable files with the SPEC messages and loses nothing', async () => {
    const id = await objects.ready(ada, 'Hostile test', files);
    const before = (await objects.get(ada, id)).body.data;
    const refused = async (kind: 'paper' | 'preview', filename: string, content: Buffer | string, lang = 'zh-CN') => {
      const res = await objects.upload(
        ada,
        kind,
        [
          { name: 'infoId', value: id },
          { name: 'files', filename, content },
        ],
        lang,
      );
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      return res.body.msg as string;
    };
    expect(await refused('paper', 'setup.exe', 'MZ')).toBe('仅支持svg、dxf、dwg、bmp、png、jpg、jpeg、kerf文件格式');
    expect(await refused('paper', 'setup.exe', 'MZ', 'en')).toBe(
      'Only svg, dxf, dwg, bmp, png, jpg, jpeg, kerf files are supported',
    );
    // A PNG named .bmp is not a BMP, whatever its name says.
    expect(await refused('paper', 'disguised.bmp', files.png)).toMatch(/^disguised\.bmp：格式错误：.*PNG/);
    expect(await refused('paper', 'broken.dxf', 'this is not a drawing at all')).toMatch(/^broken\.dxf：格式错误/);
    expect(await refused('paper', 'broken.dwg', files.dxf, 'en')).toMatch(/^broken\.dwg: Invalid format/);
    expect(await refused('paper', 'evil.svg', '<svg xmlns="http://www.w3.org/2000/svg"><unclosed')).toMatch(
      /^evil\.svg：格式错误/,
    );
    expect(await refused('paper', 'cut.png', files.png.subarray(0, files.png.length - 20))).toMatch(
      /^cut\.png：格式错误/,
    );
    expect(await refused('preview', 'notes.txt', 'hello')).toBe('效果图只能是图片');
    expect(await refused('preview', 'fake.png', 'not a picture', 'en')).toBe('An effect image must be a picture');
    // Over 50 MB.
    const huge = Buffer.alloc(50 * 1024 * 1024 + 1, 0x20);
    const big = await objects.upload(ada, 'paper', [
      { name: 'infoId', value: id },
      { name: 'files', filename: 'huge.dxf', content: huge },
    ]);
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('附件不能超过50MB');
    // Ten effect images are one too many.
    const many = await objects.upload(ada, 'preview', [
      { name: 'infoId', value: id },
      ...Array.from({ length: 10 }, (_, i) => ({ name: 'files', filename: `p${i}.png`, content: files.png })),
    ]);
    expect(many.status).toBe(400);
    expect(many.body.msg).toBe('文件数量超出');
    // Nothing changed.
    expect((await objects.get(ada, id)).body.data).toEqual(before);
  });

  it('keeps, reorders and drops attachments by id; a dropped file gives back its blob reference and bytes', async () => {
    const id = await objects.ready(ada, 'Reorder', files);
    const added = await objects.upload(ada, 'paper', [
      { name: 'infoId', value: id },
      { name: 'ids', value: (await objects.get(ada, id)).body.data.papers[0].id },
      { name: 'files', filename: 'circle.svg', content: files.svg },
    ]);
    const [dxf, svg] = added.body.data.papers as Json[];
    expect([dxf.name, svg.name]).toEqual(['arc.dxf', 'circle.svg']);
    const svgRefs = await refCount(files.svg);
    const before = await used('ada');
    const swapped = await objects.upload(ada, 'paper', [
      { name: 'infoId', value: id },
      { name: 'ids', value: `${svg.id},${dxf.id}` },
    ]);
    expect(swapped.body.data.papers.map((p: Json) => p.id)).toEqual([svg.id, dxf.id]);
    const dropped = await objects.upload(ada, 'paper', [
      { name: 'infoId', value: id },
      { name: 'ids', value: dxf.id },
    ]);
    expect(dropped.body.data.papers.map((p: Json) => p.id)).toEqual([dxf.id]);
    expect(await refCount(files.svg)).toBe(svgRefs - 1);
    expect(before - (await used('ada'))).toBe(files.svg.length);
    // An id of another object or kind is refused.
    const other = await objects.ready(ada, 'Other', files);
    const foreign = (await objects.get(ada, other)).body.data.papers[0].id;
    const wrong = await objects.upload(ada, 'paper', [
      { name: 'infoId', value: id },
      { name: 'ids', value: foreign },
    ]);
    expect(wrong.body.msg).toBe('附件不属于该物件');
    // Dropping every effect image takes a listed object out of the shop.
    await objects.savePrice(ada, { id, price: 0, currency: 'CNY', listed: true });
    const bare = await objects.upload(ada, 'preview', [{ name: 'infoId', value: id }]);
    expect(bare.body.data).toMatchObject({ state: 'draft', listed: false });
  });

  it('prices in integer minor units, lists only ready objects, and shows them to others without the owner’s folders', async () => {
    const draft = (await objects.create(ada, { fileName: 'Unfinished', folderId: '0' })).body.data as string;
    const early = await objects.savePrice(ada, { id: draft, price: 500, currency: 'CNY', listed: true });
    expect(early.body.msg).toBe('请先添加加工图纸和效果图再上架');
    const folder = await people.folder(ada, 'Shop');
    const id = await objects.ready(ada, 'Fox puzzle', files, folder);
    // Someone else sees nothing of an unlisted object.
    expect((await objects.get(eve, id)).status).toBe(404);
    for (const price of [19.99, -1, '1999']) {
      const res = await objects.savePrice(ada, { id, price, currency: 'CNY', listed: true });
      expect(res.status, String(price)).toBe(400);
    }
    expect((await objects.savePrice(ada, { id, price: 1999, currency: 'EUR', listed: true })).status).toBe(400);
    const listed = await objects.savePrice(ada, { id, price: 1999, currency: 'CNY', listed: true });
    expect(listed.body.data).toMatchObject({ price: 1999, currency: 'CNY', listed: true, state: 'ready' });
    const seen = (await objects.get(eve, id)).body.data;
    expect(seen).toMatchObject({
      fileName: 'Fox puzzle',
      price: 1999,
      mine: false,
      entitled: false,
      ownerName: 'ADA',
      folderId: '',
      filePath: '',
    });
    // A shopper sees the effect images, not the drawings (those come with a purchase).
    const get = (fileId: string, token: string) =>
      app.inject({
        method: 'GET',
        url: objectUrl(OBJECT_PATHS.attachment.replace(':id', fileId)),
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await get(seen.previews[0].id, eve)).statusCode).toBe(200);
    expect((await get(seen.papers[0].id, eve)).statusCode).toBe(403);
    // Unlisting hides it again.
    await objects.savePrice(ada, { id, price: 1999, currency: 'CNY', listed: false });
    expect((await objects.get(eve, id)).status).toBe(404);
    expect((await get(seen.previews[0].id, eve)).statusCode).toBe(404);
  });

  it('pictures every drawing by the laser core for anyone who sees the object, never the drawing itself', async () => {
    const id = (await objects.create(ada, { fileName: 'Pictured', folderId: '0', origin: '1' })).body.data as string;
    const papers = await objects.upload(ada, 'paper', [
      { name: 'infoId', value: id },
      { name: 'files', filename: 'circle.svg', content: files.svg },
      { name: 'files', filename: 'arc.dxf', content: files.dxf },
      { name: 'files', filename: 'arc.dwg', content: files.dwg },
      { name: 'files', filename: 'photo.bmp', content: files.bmp },
    ]);
    expect(papers.body.code, papers.body.msg).toBe(0);
    const previews = await objects.upload(ada, 'preview', [
      { name: 'infoId', value: id },
      {
        name: 'files',
        filename: 'big.png',
        content: await sharp({ create: { width: 900, height: 600, channels: 3, background: '#446688' } })
          .png()
          .toBuffer(),
      },
    ]);
    const info = previews.body.data;
    const picture = (fileId: string, token: string | null) =>
      app.inject({
        method: 'GET',
        url: `${objectUrl(OBJECT_PATHS.attachment.replace(':id', fileId))}?picture=1`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    // a draft: only its owner sees its pictures
    expect((await picture(info.papers[1].id, null)).statusCode).toBe(401);
    expect((await picture(info.papers[1].id, eve)).statusCode).toBe(404);
    expect((await picture(info.papers[1].id, admin)).statusCode).toBe(404);
    expect((await picture(info.papers[1].id, ada)).statusCode).toBe(200);

    await objects.savePrice(ada, { id, price: 500, currency: 'CNY', listed: true });
    for (const paper of info.papers as Json[]) {
      const res = await picture(paper.id, eve);
      expect(res.statusCode, paper.name).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const image = sharp(res.rawPayload);
      const meta = await image.metadata();
      const stats = await image.stats();
      if (paper.format === 'bmp') {
        // a bitmap drawing is its own picture, never enlarged
        expect([meta.width, meta.height], paper.name).toEqual([127, 64]);
      } else {
        // vector drawings fill the picture's longer side, and their lines are drawn (not a blank page)
        expect(Math.max(meta.width!, meta.height!), paper.name).toBe(768);
        expect(Math.min(...stats.channels.slice(0, 3).map((c) => c.min)), paper.name).toBeLessThan(160);
        expect(stats.channels[0]!.max, paper.name).toBe(255);
      }
      // the drawing itself still waits for a purchase
      expect(
        (
          await app.inject({
            method: 'GET',
            url: objectUrl(OBJECT_PATHS.attachment.replace(':id', paper.id)),
            headers: { authorization: `Bearer ${eve}` },
          })
        ).statusCode,
      ).toBe(403);
    }
    // an effect image's picture is a thumbnail, not the whole photograph
    const cover = await picture(info.previews[0].id, eve);
    expect(cover.statusCode).toBe(200);
    expect((await sharp(cover.rawPayload).metadata()).width).toBe(256);
    // asked again, it answers from what was made (revalidated by its tag)
    const again = await app.inject({
      method: 'GET',
      url: `${objectUrl(OBJECT_PATHS.attachment.replace(':id', info.papers[1].id))}?picture=1`,
      headers: {
        authorization: `Bearer ${eve}`,
        'if-none-match': String(cover.headers.etag).replace(/-picture"$/, '-other"'),
      },
    });
    expect(again.statusCode).toBe(200);
    const tagged = await app.inject({
      method: 'GET',
      url: `${objectUrl(OBJECT_PATHS.attachment.replace(':id', info.papers[1].id))}?picture=1`,
      headers: { authorization: `Bearer ${eve}`, 'if-none-match': String(again.headers.etag) },
    });
    expect(tagged.statusCode).toBe(304);
  });

  it('lets only the owner change an object: an access matrix over every route', async () => {
    const id = await objects.ready(ada, 'Matrix', files);
    const info = (await objects.get(ada, id)).body.data;
    const routes: Array<[string, (token: string | null) => Promise<{ status: number }>]> = [
      ['get', (t) => objects.get(t, id)],
      ['update', (t) => objects.update(t, { id, fileName: 'Matrix', description: `by ${t?.slice(0, 4)}` })],
      ['savePrice', (t) => objects.savePrice(t, { id, price: 100, currency: 'USD', listed: false })],
      ['path', (t) => call(app, 'GET', `${objectUrl(OBJECT_PATHS.enginePath)}?id=${id}`, { token: t ?? undefined })],
      [
        'paper',
        (t) =>
          objects.upload(t, 'paper', [
            { name: 'infoId', value: id },
            { name: 'ids', value: info.papers[0].id },
          ]),
      ],
      [
        'attachment',
        async (t) => {
          const res = await app.inject({
            method: 'GET',
            url: objectUrl(OBJECT_PATHS.attachment.replace(':id', info.papers[0].id)),
            headers: t ? { authorization: `Bearer ${t}` } : {},
          });
          return { status: res.statusCode };
        },
      ],
      ['remove', (t) => objects.remove(t, [id])],
    ];
    for (const [name, run] of routes) {
      expect((await run(null)).status, `${name} anonymous`).toBe(401);
      expect((await run(eve)).status, `${name} another user`).toBe(404);
      // Administrators curate the shop (trade centre); they do not see or change a person's drafts.
      expect((await run(admin)).status, `${name} admin`).toBe(404);
      expect((await run(ada)).status, `${name} owner`).toBe(200);
    }
    const create = await objects.create(null, { fileName: 'x' });
    expect(create.status).toBe(401);
  });

  it('follows its drive entry: bin hides it, restore brings it back, a copy is a draft of its own, a purge frees the bytes', async () => {
    const id = await objects.ready(ada, 'Lifecycle', files);
    await objects.savePrice(ada, { id, price: 0, currency: 'CNY', listed: true });
    expect((await objects.get(eve, id)).status).toBe(200);
    const pngRefs = await refCount(files.png);
    // A copy in the drive (bytes shared, not copied) is a new object of the copier, unlisted.
    const copied = await call(app, 'POST', '/cloud-api/engine/file/batchCopy', {
      token: ada,
      body: { userFileIds: id, folderId: await people.folder(ada, 'Copies') },
    });
    expect(copied.body.code, copied.body.msg).toBe(0);
    expect(await refCount(files.png)).toBe(pngRefs + 1);
    const copies = await db.db.execute(
      sql`select o.id, o.listed, o.paper_count from store_objects o join drive_entries e on e.id = o.id where e.name = 'Lifecycle.kobj' and o.id <> ${id}`,
    );
    const copyRows = rowsOf<{ id: string; listed: boolean; paper_count: number }>(copies);
    expect(copyRows).toHaveLength(1);
    expect(copyRows[0]).toMatchObject({ listed: false, paper_count: 1 });
    const copy = (await objects.get(ada, copyRows[0]!.id)).body.data;
    expect(copy.papers.map((p: Json) => p.name)).toEqual(['arc.dxf']);
    // To the bin: nobody sees it, the owner's own get says it is gone.
    const removed = await objects.remove(ada, [id]);
    expect(removed.body).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await objects.get(eve, id)).status).toBe(404);
    expect((await objects.get(ada, id)).status).toBe(404);
    const bin = await call(app, 'GET', '/cloud-api/engine/file/listFileInfo?fileType=6&limit=100', { token: ada });
    const binned = (bin.body.data.list as Json[]).find((e) => e.fileName === 'Lifecycle.kobj');
    expect(binned).toBeTruthy();
    await call(app, 'POST', '/cloud-api/engine/recovery/restore', {
      token: ada,
      body: { deleteBatchNum: binned.deleteBatchNum },
    });
    expect((await objects.get(eve, id)).status).toBe(200);
    // Deleted for good: the attachments' references go with the entry, and so do the bytes charged.
    const before = await used('ada');
    const size = (await driveList(ada)).find((e) => e.fileName === 'Lifecycle.kobj')!.fileSize;
    await objects.remove(ada, [id]);
    const purge = await call(app, 'POST', '/cloud-api/engine/recovery/delete', {
      token: ada,
      body: { userFileIds: id },
    });
    expect(purge.body.code, purge.body.msg).toBe(0);
    expect(await refCount(files.png)).toBe(pngRefs);
    expect(before - (await used('ada'))).toBe(size);
    const [gone] = rowsOf<{ n: number }>(
      await db.db.execute(sql`select count(*)::int as n from store_object_files where object_id = ${id}`),
    );
    expect(gone?.n).toBe(0);
  });

  it('downloads as a zip of its drawings and effect images, alone or in a folder', async () => {
    const folder = await people.folder(ada, 'Zipped');
    const id = await objects.ready(ada, 'Sign', files, folder);
    // A second drawing of the same name is numbered rather than overwriting the first when unpacked.
    await objects.upload(ada, 'paper', [
      { name: 'infoId', value: id },
      { name: 'ids', value: (await objects.get(ada, id)).body.data.papers[0].id },
      { name: 'files', filename: 'arc.dxf', content: files.dxf },
    ]);
    const zip = async (ids: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/cloud-api/engine/filetransfer/batchDownloadFile?userFileIds=${ids}`,
        headers: { authorization: `Bearer ${ada}` },
      });
      expect(res.statusCode).toBe(200);
      return { names: await zipNames(res.rawPayload), disposition: String(res.headers['content-disposition']) };
    };
    const alone = await zip(id);
    expect(alone.names).toEqual([
      'Sign/',
      'Sign/drawings/arc (1).dxf',
      'Sign/drawings/arc.dxf',
      'Sign/images/photo.png',
    ]);
    expect(alone.disposition).toContain('Sign.zip');
    expect((await zip(folder)).names).toEqual([
      'Zipped/',
      'Zipped/Sign/',
      'Zipped/Sign/drawings/arc (1).dxf',
      'Zipped/Sign/drawings/arc.dxf',
      'Zipped/Sign/images/photo.png',
    ]);
  });

  it('leaves the object as it was when an upload is cut off mid-body', async () => {
    const id = await objects.ready(ada, 'Interrupted', files);
    const before = (await objects.get(ada, id)).body.data;
    const res = await app.inject({
      method: 'POST',
      url: objectUrl(OBJECT_PATHS.uploadPaper),
      headers: {
        authorization: `Bearer ${ada}`,
        'content-type': 'multipart/form-data; boundary=----cut',
      },
      payload: Buffer.concat([
        Buffer.from(`------cut\r\nContent-Disposition: form-data; name="infoId"\r\n\r\n${id}\r\n`),
        Buffer.from('------cut\r\nContent-Disposition: form-data; name="files"; filename="a.dxf"\r\n\r\n'),
        files.dxf.subarray(0, 500),
      ]),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await objects.get(ada, id)).body.data).toEqual(before);
  });
});
