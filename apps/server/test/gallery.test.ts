import { GALLERY_PATHS } from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Json } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { type Fixtures, objectUrl, useObjectSuite } from './object-helpers.js';
import { documentedRoutes } from './openapi-helpers.js';

/**
 * The drawing library: my gallery, the shop gallery (search, filters, sorts), likes and favourites that
 * cannot be gamed by their owner, and administrators' picks.
 */
describe.each(testDatabases)('the drawing library on $name', (database) => {
  const suite = useObjectSuite(database, 'gallery', ['ada', 'eve', 'bob']);
  const { objects } = suite;
  let app: FastifyInstance;
  let ada: string;
  let eve: string;
  let bob: string;
  let admin: string;
  let files: Fixtures;
  const ids = {} as Record<'fox' | 'coaster' | 'lamp' | 'hidden' | 'draft' | 'binned' | 'bobs', string>;

  const get = (token: string | null, path: string, query = '') =>
    call(app, 'GET', `${objectUrl(path)}${query ? `?${query}` : ''}`, { token: token ?? undefined });
  const names = (res: { body: Json }) => (res.body.data.list ?? res.body.data).map((c: Json) => c.fileName);
  const react = (token: string | null, kind: 'like' | 'favourite', id: string, on = true) =>
    call(app, on ? 'POST' : 'DELETE', objectUrl(GALLERY_PATHS[kind].replace(':id', id)), {
      token: token ?? undefined,
    });

  beforeAll(async () => {
    ({ app, admin, files } = suite);
    ada = suite.tokens.ada!;
    eve = suite.tokens.eve!;
    bob = suite.tokens.bob!;
    // Ada's shop: three listed objects, one unlisted, one draft, one in her bin.
    const listed = async (name: string, details: Record<string, unknown>, price: number) => {
      const id = await objects.ready(ada, name, files);
      await objects.update(ada, { id, fileName: name, ...details });
      const res = await objects.savePrice(ada, { id, price, currency: 'CNY', listed: true });
      expect(res.body.code, res.body.msg).toBe(0);
      return id;
    };
    ids.fox = await listed(
      '狐狸拼图 Fox puzzle',
      { description: '椴木板立体拼图', tags: ['拼图', 'animal'], material: '椴木板' },
      1999,
    );
    ids.coaster = await listed('Coaster set', { description: 'Six coasters', tags: ['kitchen'], material: 'MDF' }, 0);
    ids.lamp = await listed('Deer lamp 100%', { description: 'A lamp', tags: ['light'], material: '亚克力' }, 5000);
    ids.hidden = await objects.ready(ada, 'Unlisted box', files);
    ids.draft = (await objects.create(ada, { fileName: 'Draft only' })).body.data;
    ids.binned = await listed('Binned sign', { description: 'gone' }, 100);
    await objects.remove(ada, [ids.binned]);
    // Bob's object has an SVG drawing, for the format filter.
    ids.bobs = (await objects.create(bob, { fileName: 'Bob ornament' })).body.data;
    await objects.upload(bob, 'paper', [
      { name: 'infoId', value: ids.bobs },
      { name: 'files', filename: 'star.svg', content: files.svg },
    ]);
    await objects.upload(bob, 'preview', [
      { name: 'infoId', value: ids.bobs },
      { name: 'files', filename: 'star.png', content: files.png },
    ]);
    await objects.savePrice(bob, { id: ids.bobs, price: 300, currency: 'USD', listed: true });
  });

  it('documents every gallery route in the OpenAPI document', async () => {
    const documented = documentedRoutes(app, '/cloud-api/store/gallery');
    expect(documented).toEqual(
      [
        'GET /cloud-api/store/gallery/mine',
        'GET /cloud-api/store/gallery/shop',
        'GET /cloud-api/store/gallery/recommended',
        'PUT /cloud-api/store/gallery/recommended',
        'POST /cloud-api/store/gallery/{id}/like',
        'DELETE /cloud-api/store/gallery/{id}/like',
        'POST /cloud-api/store/gallery/{id}/favourite',
        'DELETE /cloud-api/store/gallery/{id}/favourite',
        'GET /cloud-api/store/gallery/favourites',
        'GET /cloud-api/store/gallery/facets',
      ].sort(),
    );
  });

  it('shows me all my objects in my gallery, drafts included, the bin excluded', async () => {
    const mine = await get(ada, GALLERY_PATHS.mine, 'limit=60');
    expect(new Set(names(mine))).toEqual(
      new Set(['狐狸拼图 Fox puzzle', 'Coaster set', 'Deer lamp 100%', 'Unlisted box', 'Draft only']),
    );
    const card = mine.body.data.list.find((c: Json) => c.fileName === 'Coaster set');
    expect(card).toMatchObject({ formats: ['dxf'], state: 'ready', listed: true, price: 0 });
    expect(card.coverId).toBeTruthy();
    expect(names(await get(ada, GALLERY_PATHS.mine, 'state=draft'))).toEqual(['Draft only']);
    expect(names(await get(ada, GALLERY_PATHS.mine, `keyword=${encodeURIComponent('狸拼')}`))).toEqual([
      '狐狸拼图 Fox puzzle',
    ]);
    expect(names(await get(eve, GALLERY_PATHS.mine))).toEqual([]);
  });

  it('offers only listed, ready objects in the shop, found by any part of their words', async () => {
    const all = await get(eve, GALLERY_PATHS.shop, 'sort=new');
    expect(names(all)).toEqual(['Bob ornament', 'Deer lamp 100%', 'Coaster set', '狐狸拼图 Fox puzzle']);
    expect(all.body.data.total).toBe(4);
    const search = async (keyword: string) =>
      names(await get(eve, GALLERY_PATHS.shop, `keyword=${encodeURIComponent(keyword)}`));
    expect(await search('狸拼')).toEqual(['狐狸拼图 Fox puzzle']);
    expect(await search('椴木')).toEqual(['狐狸拼图 Fox puzzle']);
    expect(await search('COASTERS')).toEqual(['Coaster set']);
    expect(await search('kitchen')).toEqual(['Coaster set']);
    // A typed % is a percent sign, not "anything".
    expect(await search('100%')).toEqual(['Deer lamp 100%']);
    expect(await search('%')).toEqual(['Deer lamp 100%']);
    expect(await search('Unlisted')).toEqual([]);
    expect(await search('Binned')).toEqual([]);
  });

  it('filters by format, material, tag, price and free, and sorts by price within a currency', async () => {
    const shop = (query: string) => get(eve, GALLERY_PATHS.shop, query).then(names);
    expect(await shop('format=svg')).toEqual(['Bob ornament']);
    expect(await shop(`material=${encodeURIComponent('亚克力')}`)).toEqual(['Deer lamp 100%']);
    expect(await shop(`tag=${encodeURIComponent('拼图')}`)).toEqual(['狐狸拼图 Fox puzzle']);
    expect(await shop('free=1')).toEqual(['Coaster set']);
    expect(await shop('currency=CNY&priceMin=1000&priceMax=4999')).toEqual(['狐狸拼图 Fox puzzle']);
    expect(await shop('currency=CNY&sort=priceAsc')).toEqual(['Coaster set', '狐狸拼图 Fox puzzle', 'Deer lamp 100%']);
    expect(await shop('currency=CNY&sort=priceDesc')).toEqual(['Deer lamp 100%', '狐狸拼图 Fox puzzle', 'Coaster set']);
    expect((await get(eve, GALLERY_PATHS.shop, 'sort=cheapest')).status).toBe(400);
    const facets = (await get(eve, GALLERY_PATHS.facets)).body.data;
    expect(new Set(facets.formats)).toEqual(new Set(['dxf', 'svg']));
    expect(facets.materials).toContain('椴木板');
    expect(facets.materials).not.toContain('');
  });

  it('counts each other person’s like once and never the owner’s own', async () => {
    expect((await react(eve, 'like', ids.fox!)).body.data).toBe(1);
    expect((await react(eve, 'like', ids.fox!)).body.data).toBe(1);
    expect((await react(bob, 'like', ids.fox!)).body.data).toBe(2);
    // Ada liking her own object does not raise it.
    expect((await react(ada, 'like', ids.fox!)).body.data).toBe(2);
    expect((await react(bob, 'like', ids.fox!, false)).body.data).toBe(1);
    expect((await react(bob, 'like', ids.fox!, false)).body.data).toBe(1);
    // Nobody likes what they cannot see.
    expect((await react(eve, 'like', ids.hidden!)).status).toBe(404);
    expect((await react(eve, 'like', ids.draft!)).status).toBe(404);
    const card = (await get(eve, GALLERY_PATHS.shop, 'keyword=fox')).body.data.list[0];
    expect(card).toMatchObject({ likes: 1, liked: true });
    expect((await get(bob, GALLERY_PATHS.shop, 'keyword=fox')).body.data.list[0].liked).toBe(false);
    // Popularity puts it first.
    expect(names(await get(eve, GALLERY_PATHS.shop, 'sort=popular'))[0]).toBe('狐狸拼图 Fox puzzle');
    // Favourites: listed for the person who marked them.
    await react(eve, 'favourite', ids.coaster!);
    expect(names(await get(eve, GALLERY_PATHS.favourites))).toEqual(['Coaster set']);
    expect(names(await get(bob, GALLERY_PATHS.favourites))).toEqual([]);
  });

  it('lets administrators pick the recommended objects in order; the rest by popularity', async () => {
    const refused = await call(app, 'PUT', objectUrl(GALLERY_PATHS.recommended), {
      token: eve,
      body: { ids: [ids.lamp] },
    });
    expect(refused.status).toBe(403);
    const unlisted = await call(app, 'PUT', objectUrl(GALLERY_PATHS.recommended), {
      token: admin,
      body: { ids: [ids.hidden] },
    });
    expect(unlisted.body.msg).toBe('只能推荐已上架的物件');
    const picked = await call(app, 'PUT', objectUrl(GALLERY_PATHS.recommended), {
      token: admin,
      body: { ids: [ids.lamp, ids.bobs] },
    });
    expect(picked.body).toMatchObject({ code: 0, msg: '推荐已更新' });
    // The fox is liked by two other people: the most popular of the rest.
    await react(eve, 'like', ids.fox);
    await react(bob, 'like', ids.fox);
    const recommended = await get(eve, GALLERY_PATHS.recommended, 'limit=4');
    expect(names(recommended).slice(0, 3)).toEqual(['Deer lamp 100%', 'Bob ornament', '狐狸拼图 Fox puzzle']);
    expect(recommended.body.data.slice(0, 2).every((c: Json) => c.picked)).toBe(true);
    // An unlisted pick drops out of the page by itself.
    await objects.savePrice(ada, { id: ids.lamp, price: 5000, currency: 'CNY', listed: false });
    expect(names(await get(eve, GALLERY_PATHS.recommended, 'limit=2'))).toEqual([
      'Bob ornament',
      '狐狸拼图 Fox puzzle',
    ]);
    await objects.savePrice(ada, { id: ids.lamp, price: 5000, currency: 'CNY', listed: true });
  });

  it('is closed to anonymous callers on every route', async () => {
    for (const path of [
      GALLERY_PATHS.mine,
      GALLERY_PATHS.shop,
      GALLERY_PATHS.recommended,
      GALLERY_PATHS.favourites,
      GALLERY_PATHS.facets,
    ]) {
      expect((await get(null, path)).status, path).toBe(401);
    }
    expect((await react(null, 'like', ids.fox!)).status).toBe(401);
    const put = await call(app, 'PUT', objectUrl(GALLERY_PATHS.recommended), { body: { ids: [] } });
    expect(put.status).toBe(401);
  });
});
