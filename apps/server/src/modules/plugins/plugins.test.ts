import { type Bilingual, OPER_LOG_PATHS, PLUGIN_LIMITS, PLUGIN_PERMISSIONS, pluginMessages } from '@kerf/contract';
import { BUILTIN_PLUGINS } from '@kerf/plugins/builtin';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapRootToken, call, type Json, joinWithRole } from '../../../test/account-helpers.js';
import { multipartBody } from '../../../test/craft-helpers.js';
import { testDatabases } from '../../../test/databases.js';
import { drivePeople } from '../../../test/drive-helpers.js';
import { documentedRoutes } from '../../../test/openapi-helpers.js';
import { RecordingDelivery, testApp } from '../../../test/test-app.js';
import { pluginInstalls, pluginVersions, users } from '../../db/schema.js';
import { versionDigest } from './builtin-plugins.js';
import { lyingZip, SAMPLE_ENTRY, sampleManifest, samplePackage, zipOf } from './plugin-test-packages.js';
import { PluginRepository } from './plugins.repository.js';
import { PluginService } from './plugins.service.js';

const API = '/cloud-api';
const BUILTIN_IDS = BUILTIN_PLUGINS.map((p) => p.manifest.id);
const silentLogger = pino({ level: 'silent' });

/**
 * Plugins through the HTTP API on a real database: the built-ins stored at start, package checks,
 * publishing and withdrawing, a person's installs, and who may call what.
 */
describe.each(testDatabases)('plugins on $name', (database) => {
  const delivery = new RecordingDelivery();
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const people = drivePeople(() => app, delivery);
  let admin: string;
  let publisher: string;
  let ada: string;
  let eve: string;

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { delivery });
    admin = await bootstrapRootToken(app, db.db, delivery);
    ada = await people.join('ada');
    eve = await people.join('eve');
    publisher = await joinWithRole(app, db.db, people, 'pat', [PLUGIN_PERMISSIONS.manage]);
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  async function upload(zip: Buffer, token = publisher, lang = 'zh-CN', field = 'package') {
    const { payload, contentType } = multipartBody([{ name: field, filename: 'plugin.zip', content: zip }]);
    const res = await app.inject({
      method: 'POST',
      url: `${API}/plugins/packages`,
      headers: { 'content-type': contentType, 'accept-language': lang, authorization: `Bearer ${token}` },
      payload,
    });
    return { status: res.statusCode, body: res.json() as Json };
  }
  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `${API}${url}`,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const setStatus = (id: string, version: string, status: string, token = publisher) =>
    call(app, 'PUT', `${API}/plugins/${id}/versions/${version}/status`, { token, body: { status } });
  const mine = async (token: string) => (await call(app, 'GET', `${API}/plugins/mine`, { token })).body.data as Json[];
  const listed = async (token?: string) => (await call(app, 'GET', `${API}/plugins`, { token })).body.data as Json[];
  const versionCount = async () => (await db.db.select({ n: count() }).from(pluginVersions))[0]!.n;

  it('documents every plugin route in the OpenAPI document', () => {
    expect(documentedRoutes(app, /^\/cloud-api\/plugins/)).toEqual(
      [
        'GET /cloud-api/plugins',
        'GET /cloud-api/plugins/mine',
        'GET /cloud-api/plugins/manage',
        'POST /cloud-api/plugins/packages',
        'GET /cloud-api/plugins/sandbox',
        'GET /cloud-api/plugins/{id}',
        'GET /cloud-api/plugins/{id}/versions/{version}/entry.js',
        'GET /cloud-api/plugins/{id}/versions/{version}/icon',
        'PUT /cloud-api/plugins/{id}/versions/{version}/status',
        'POST /cloud-api/plugins/{id}/install',
        'DELETE /cloud-api/plugins/{id}/install',
        'PUT /cloud-api/plugins/{id}/enabled',
      ].sort(),
    );
  });

  it('stores the built-ins at start, once, and serves their entry scripts and icons to anyone', async () => {
    const list = await listed();
    expect(list.filter((p) => p.builtin).map((p) => p.id)).toEqual([...BUILTIN_IDS].sort());
    const gear = list.find((p) => p.id === 'kerf.gear');
    expect(gear).toMatchObject({ version: '1.0.0', hasIcon: true, author: 'Kerf', name: { en: 'Gear' } });
    expect(gear.installed).toBeUndefined();

    const entry = await get('/plugins/kerf.gear/versions/1.0.0/entry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(entry.headers['x-content-type-options']).toBe('nosniff');
    expect(entry.headers['content-disposition']).toMatch(/^attachment/);
    // a built-in's code may change with Kerf under the same number: checked each time by its digest
    expect(entry.headers['cache-control']).toBe('public, no-cache');
    expect(entry.body).toContain('.register(');
    expect(entry.body.length).toBeLessThan(PLUGIN_LIMITS.entryMaxBytes);
    const again = await get('/plugins/kerf.gear/versions/1.0.0/entry.js', undefined, {
      'if-none-match': String(entry.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const icon = await get('/plugins/kerf.gear/versions/1.0.0/icon');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['content-security-policy']).toBe('sandbox');
    expect(icon.body).toBe(BUILTIN_PLUGINS.find((p) => p.manifest.id === 'kerf.gear')!.icon);

    // a second start (or a second instance) finds them stored and writes nothing
    const service = new PluginService({ plugins: new PluginRepository(db.db), log: silentLogger });
    const before = await versionCount();
    const [first, second] = await Promise.all([service.seedBuiltins(), service.seedBuiltins()]);
    expect([first.stored, second.stored]).toEqual([0, 0]);
    expect(await versionCount()).toBe(before);
  });

  it('adds a newer built-in version beside the older one, and takes changed code under the same number', async () => {
    const shipped = BUILTIN_PLUGINS.find((p) => p.manifest.id === 'kerf.panel')!;
    const version = (number: string, code: string) => {
      const manifest = { ...shipped.manifest, version: number };
      const entry = Buffer.from(code);
      const icon = Buffer.from(shipped.icon);
      return {
        pluginId: 'kerf.panel',
        version: number,
        manifest,
        entry,
        icon,
        iconType: 'image/svg+xml',
        packageSize: entry.length,
        digest: versionDigest(manifest, icon, entry),
      };
    };
    const instance = (code: string) =>
      new PluginService({
        plugins: new PluginRepository(db.db),
        log: silentLogger,
        builtins: async () => [version('1.1.0', code)],
      });
    // two instances of the upgraded Kerf start together
    await Promise.all([
      instance('kerf.register({run(){}})').seedBuiltins(),
      instance('kerf.register({run(){}})').seedBuiltins(),
    ]);
    const panel = await call(app, 'GET', `${API}/plugins/kerf.panel`);
    expect(panel.body.data.version).toBe('1.1.0');
    expect(panel.body.data.versions.map((v: Json) => [v.version, v.status])).toEqual([
      ['1.1.0', 'published'],
      ['1.0.0', 'published'],
    ]);
    expect((await instance('kerf.register({run(){return 2}})').seedBuiltins()).stored).toBe(1);
    expect((await get('/plugins/kerf.panel/versions/1.1.0/entry.js')).body).toBe('kerf.register({run(){return 2}})');
  });

  it('refuses each kind of bad package with its message, and keeps nothing', async () => {
    const before = await versionCount();
    const refusals: Array<[Buffer, Bilingual, unknown[], number]> = [
      [Buffer.from('not a zip at all'), pluginMessages.packageNotZip, [], 400],
      [zipOf({ 'index.js': SAMPLE_ENTRY }), pluginMessages.manifestMissing, [], 400],
      [samplePackage({ version: 'one' }), pluginMessages.manifestInvalid, ['version: a version such as 1.2.0'], 400],
      [samplePackage({ entry: 'main.js' }), pluginMessages.entryMissing, ['main.js'], 400],
      [
        samplePackage({}, { 'index.js': 'x'.repeat(PLUGIN_LIMITS.entryMaxBytes + 1) }),
        pluginMessages.entryTooLarge,
        ['1 MB'],
        400,
      ],
      [samplePackage({ icon: 'logo.svg' }), pluginMessages.iconMissing, ['logo.svg'], 400],
      [samplePackage({}, { 'icon.svg': 'GIF89a' }), pluginMessages.iconInvalid, ['256 KB'], 400],
      [samplePackage({ id: 'kerf.gear' }), pluginMessages.builtinReserved, [], 400],
      [samplePackage({ id: 'kerf.spiral' }), pluginMessages.builtinReserved, [], 400],
      [
        lyingZip('index.js', 16 * 1024 * 1024, 100, {
          'manifest.json': JSON.stringify(sampleManifest({ icon: undefined })),
        }),
        pluginMessages.entryTooLarge,
        ['1 MB'],
        400,
      ],
      [
        Buffer.concat([samplePackage(), Buffer.alloc(PLUGIN_LIMITS.packageMaxBytes)]),
        pluginMessages.packageTooLarge,
        ['2 MB'],
        413,
      ],
    ];
    for (const [zip, message, args, status] of refusals) {
      for (const lang of ['zh-CN', 'en'] as const) {
        const res = await upload(zip, publisher, lang);
        const text = args.reduce<string>((t, arg, i) => t.replace(`{${i}}`, String(arg)), message[lang]);
        expect(res, message.en).toMatchObject({ status, body: { code: status, msg: text } });
      }
    }
    // the package must come as the field `package`
    expect((await upload(samplePackage(), publisher, 'en', 'file')).body.msg).toBe(pluginMessages.packageNotZip.en);
    // one file only: a second is refused, not read
    const { payload, contentType } = multipartBody([
      { name: 'package', filename: 'a.zip', content: samplePackage({ id: 'acme.twice' }) },
      { name: 'package', filename: 'b.zip', content: samplePackage({ id: 'acme.twice', version: '2.0.0' }) },
    ]);
    const twice = await app.inject({
      method: 'POST',
      url: `${API}/plugins/packages`,
      headers: { 'content-type': contentType, authorization: `Bearer ${publisher}` },
      payload,
    });
    expect(twice.statusCode).toBe(400);
    expect(await versionCount()).toBe(before);
  });

  it('keeps an upload as a draft, lists and serves it once published, and keeps versions in order', async () => {
    const sent = await upload(samplePackage({ id: 'acme.square', version: '1.0.0' }), publisher, 'en');
    expect(sent.body).toMatchObject({ code: 0, msg: 'Uploaded Square 1.0.0; it is not published yet' });
    expect(sent.body.data).toMatchObject({ id: 'acme.square', builtin: false, versions: [{ status: 'draft' }] });
    expect((await listed()).some((p) => p.id === 'acme.square')).toBe(false);
    expect((await get('/plugins/acme.square/versions/1.0.0/entry.js')).statusCode).toBe(404);
    expect((await get('/plugins/acme.square', ada)).statusCode).toBe(404);
    // its publisher may try the draft
    const draft = await get('/plugins/acme.square/versions/1.0.0/entry.js', publisher);
    expect([draft.statusCode, draft.headers['cache-control'], draft.body]).toEqual([
      200,
      'private, no-store',
      SAMPLE_ENTRY,
    ]);

    const again = await upload(samplePackage({ id: 'acme.square', version: '1.0.0' }));
    expect(again).toMatchObject({ status: 409, body: { msg: '版本 1.0.0 已存在' } });
    const published = await setStatus('acme.square', '1.0.0', 'published');
    expect(published.body).toMatchObject({ code: 0, msg: '已发布 方块 1.0.0', data: { version: '1.0.0' } });
    expect(published.body.data.versions[0].publishedAt).not.toBeNull();

    expect((await listed()).find((p) => p.id === 'acme.square')).toMatchObject({ version: '1.0.0', hasIcon: true });
    const entry = await get('/plugins/acme.square/versions/1.0.0/entry.js');
    expect(entry.body).toBe(SAMPLE_ENTRY);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/plugins/acme.square/versions/1.0.0/icon');
    expect([icon.headers['content-type'], icon.headers['x-content-type-options']]).toEqual([
      'image/svg+xml',
      'nosniff',
    ]);

    expect((await upload(samplePackage({ id: 'acme.square', version: '1.2.0' }))).body.code).toBe(0);
    const older = await upload(samplePackage({ id: 'acme.square', version: '1.1.0' }), publisher, 'en');
    expect(older).toMatchObject({ status: 409, body: { msg: 'A new version must be above 1.2.0' } });
    expect((await setStatus('acme.square', '9.9.9', 'published')).status).toBe(404);
  });

  it('installs, updates, disables and uninstalls for one person only', async () => {
    const install = (token: string, id: string, body: Record<string, unknown> = {}) =>
      call(app, 'POST', `${API}/plugins/${id}/install`, { token, body, lang: 'en' });
    expect((await install(ada, 'acme.square', { version: '1.2.0' })).body).toMatchObject({
      code: 400,
      msg: pluginMessages.notPublished.en,
    });
    expect((await install(ada, 'acme.square', { version: '3.0.0' })).body.msg).toBe(pluginMessages.versionNotFound.en);
    expect((await install(ada, 'acme.nothing')).body.msg).toBe(pluginMessages.notFound.en);
    const installed = await install(ada, 'acme.square');
    expect(installed.body).toMatchObject({ code: 0, msg: 'Installed Square 1.0.0' });
    expect(installed.body.data).toMatchObject({ id: 'acme.square', version: '1.0.0', latest: '1.0.0', enabled: true });

    await setStatus('acme.square', '1.2.0', 'published');
    expect((await mine(ada)).find((p) => p.id === 'acme.square')).toMatchObject({ version: '1.0.0', latest: '1.2.0' });
    expect((await listed(ada)).find((p) => p.id === 'acme.square').installed).toEqual({
      version: '1.0.0',
      enabled: true,
    });
    expect((await install(ada, 'acme.square')).body.data).toMatchObject({ version: '1.2.0', latest: '1.2.0' });

    const disabled = await call(app, 'PUT', `${API}/plugins/acme.square/enabled`, {
      token: ada,
      body: { enabled: false },
    });
    expect(disabled.body).toMatchObject({ msg: '已停用 方块', data: { enabled: false } });
    // built-ins are everyone's, enabled until turned off, and stay installed
    expect(
      (await mine(ada))
        .filter((p) => p.builtin)
        .map((p) => p.id)
        .sort(),
    ).toEqual([...BUILTIN_IDS].sort());
    await call(app, 'PUT', `${API}/plugins/kerf.gear/enabled`, { token: ada, body: { enabled: false } });
    expect((await mine(ada)).find((p) => p.id === 'kerf.gear')).toMatchObject({ enabled: false, version: '1.0.0' });
    const builtin = await call(app, 'DELETE', `${API}/plugins/kerf.gear/install`, { token: ada });
    expect(builtin.body).toMatchObject({ code: 400, msg: pluginMessages.builtinCannotUninstall['zh-CN'] });

    // Eve sees none of it, and cannot undo it
    expect((await mine(eve)).some((p) => p.id === 'acme.square')).toBe(false);
    expect((await mine(eve)).find((p) => p.id === 'kerf.gear').enabled).toBe(true);
    expect((await listed(eve)).find((p) => p.id === 'acme.square').installed).toBeNull();
    const notHers = await call(app, 'DELETE', `${API}/plugins/acme.square/install`, { token: eve });
    expect(notHers.body.msg).toBe(pluginMessages.notInstalled['zh-CN']);
    const notHersEither = await call(app, 'PUT', `${API}/plugins/acme.square/enabled`, {
      token: eve,
      body: { enabled: true },
    });
    expect(notHersEither.status).toBe(404);
    expect((await mine(ada)).find((p) => p.id === 'acme.square').enabled).toBe(false);

    const gone = await call(app, 'DELETE', `${API}/plugins/acme.square/install`, { token: ada, lang: 'en' });
    expect(gone.body).toMatchObject({ code: 0, msg: 'Uninstalled Square' });
    expect((await mine(ada)).some((p) => p.id === 'acme.square')).toBe(false);
  });

  it('stops serving a withdrawn version to people, keeps it for administrators, and moves installs on', async () => {
    const reinstalled = await call(app, 'POST', `${API}/plugins/acme.square/install`, { token: ada });
    expect(reinstalled.body, JSON.stringify(reinstalled.body)).toMatchObject({ code: 0 });
    const withdrawn = await setStatus('acme.square', '1.2.0', 'withdrawn');
    expect(withdrawn.body.msg).toBe('已撤回 方块 1.2.0');
    expect((await mine(ada)).find((p) => p.id === 'acme.square')).toMatchObject({
      version: null,
      latest: '1.0.0',
      // what the installed version asked for stays known, for the move to 1.0.0
      manifest: { version: '1.2.0' },
    });
    expect((await listed()).find((p) => p.id === 'acme.square').version).toBe('1.0.0');
    expect((await get('/plugins/acme.square/versions/1.2.0/entry.js', ada)).statusCode).toBe(404);
    expect((await get('/plugins/acme.square/versions/1.2.0/entry.js', publisher)).statusCode).toBe(200);
    const seen = async (token: string) =>
      ((await call(app, 'GET', `${API}/plugins/acme.square`, { token })).body.data.versions as Json[]).map(
        (v) => `${v.version} ${v.status}`,
      );
    expect(await seen(ada)).toEqual(['1.0.0 published']);
    expect(await seen(publisher)).toEqual(['1.2.0 withdrawn', '1.0.0 published']);
    const managed = (await call(app, 'GET', `${API}/plugins/manage`, { token: admin })).body.data as Json[];
    expect(managed.find((p) => p.id === 'acme.square').versions.map((v: Json) => v.status)).toEqual([
      'withdrawn',
      'published',
    ]);
    expect(managed.filter((p) => p.builtin)).toHaveLength(BUILTIN_IDS.length);
    expect((await call(app, 'POST', `${API}/plugins/acme.square/install`, { token: ada })).body.data).toMatchObject({
      version: '1.0.0',
    });
  });

  it('logs administrators’ uploads and state changes, not reads', async () => {
    const log = await call(app, 'GET', `${API}${OPER_LOG_PATHS.list}?module=plugins&limit=100`, { token: admin });
    const entries = log.body.data.list as Json[];
    expect(entries.some((e) => e.route === '/cloud-api/plugins/packages' && e.status === '0')).toBe(true);
    expect(entries.some((e) => e.route === '/cloud-api/plugins/{id}/versions/{version}/status')).toBe(true);
    expect(entries.some((e) => e.method === 'GET')).toBe(false);
  });

  it('forgets a person’s installs with their account', async () => {
    const zed = await people.join('zed');
    await call(app, 'POST', `${API}/plugins/acme.square/install`, { token: zed });
    const zedId = people.userIds.zed!;
    expect(await db.db.select().from(pluginInstalls).where(eq(pluginInstalls.userId, zedId))).toHaveLength(1);
    await db.db.delete(users).where(eq(users.id, zedId));
    expect(await db.db.select().from(pluginInstalls).where(eq(pluginInstalls.userId, zedId))).toHaveLength(0);
  });

  it('access matrix: anonymous, a person, a publisher and the administrator on every route', async () => {
    const who = { anonymous: undefined, person: eve, publisher, admin } as const;
    type Who = keyof typeof who;
    const open = { anonymous: 200, person: 200, publisher: 200, admin: 200 };
    const signedIn = { anonymous: 401, person: 200, publisher: 200, admin: 200 };
    const managers = { anonymous: 401, person: 403, publisher: 200, admin: 200 };
    const routes: Array<
      [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, Record<string, unknown> | undefined, Record<Who, number>]
    > = [
      ['list', 'GET', '/plugins', undefined, open],
      ['one', 'GET', '/plugins/acme.square', undefined, open],
      ['entry', 'GET', '/plugins/acme.square/versions/1.0.0/entry.js', undefined, open],
      ['icon', 'GET', '/plugins/acme.square/versions/1.0.0/icon', undefined, open],
      ['sandbox', 'GET', '/plugins/sandbox', undefined, open],
      [
        'draft entry',
        'GET',
        '/plugins/acme.square/versions/1.2.0/entry.js',
        undefined,
        { ...managers, anonymous: 404, person: 404 },
      ],
      ['mine', 'GET', '/plugins/mine', undefined, signedIn],
      ['install', 'POST', '/plugins/kerf.gear/install', {}, signedIn],
      ['enabled', 'PUT', '/plugins/kerf.gear/enabled', { enabled: true }, signedIn],
      [
        'uninstall',
        'DELETE',
        '/plugins/kerf.gear/install',
        undefined,
        { ...signedIn, person: 400, publisher: 400, admin: 400 },
      ],
      ['manage', 'GET', '/plugins/manage', undefined, managers],
      ['status', 'PUT', '/plugins/acme.square/versions/1.0.0/status', { status: 'published' }, managers],
      ['upload', 'POST', '/plugins/packages', {}, { ...managers, publisher: 400, admin: 400 }],
    ];
    for (const [name, method, url, body, expected] of routes) {
      for (const [caller, token] of Object.entries(who) as Array<[Who, string | undefined]>) {
        const res = await app.inject({
          method,
          url: `${API}${url}`,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(body ? { payload: body } : {}),
        });
        expect(res.statusCode, `${name} as ${caller}`).toBe(expected[caller]);
      }
    }
  });
});
