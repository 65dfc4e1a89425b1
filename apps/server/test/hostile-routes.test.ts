import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskBlobStore } from '../src/infra/blob/disk-blob-store.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { AccountService } from '../src/modules/account/account.service.js';
import { UserRepository } from '../src/modules/account/user.repository.js';
import { ConfigRepository } from '../src/modules/system/config.repository.js';
import { ConfigService } from '../src/modules/system/config.service.js';
import { VerificationCodeService } from '../src/modules/verification/code.service.js';
import { call, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { hostileValue, type JsonSchema, type OpenApiOperation, requestFor, routesOf } from './hostile-values.js';
import { RecordingDelivery, testApp } from './test-app.js';

/**
 * Every route of the OpenAPI document, read at run time (so routes added later are covered too), is
 * called with params, query and body filled from its schema with hostile values: NUL, lone surrogates,
 * `%` garbage, 10k-long strings, bidi overrides, `../`, SQL quotes, huge numbers and wrong types, as
 * an anonymous caller, a signed-in user and an administrator. No answer may be a 5xx.
 */
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 6);

describe.each(testDatabases)('hostile input on every route on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  let blobDir: string;
  const delivery = new RecordingDelivery();
  const cache = new MemoryCache();
  const people = drivePeople(() => app, delivery);
  let adminPassword = '';
  const callers: Record<'anonymous' | 'user' | 'admin', { token: string | null }> = {
    anonymous: { token: null },
    user: { token: null },
    admin: { token: null },
  };

  const signInAdmin = async () =>
    (await signIn(app, { grant_type: 'password', account: 'admin@kerf.local', password: adminPassword })).body.token;
  const signInUser = async () =>
    (await signIn(app, { grant_type: 'password', account: 'ada@example.com', password: 'drive_01' })).body.token;

  /** A hostile call may end its own session (logout): sign in again so the next routes run signed in. */
  const keepSignedIn = async () => {
    for (const [who, again] of [
      ['user', signInUser],
      ['admin', signInAdmin],
    ] as const) {
      const check = await call(app, 'GET', '/uac-api/oauth2/session', { token: callers[who].token! });
      if (check.body.code !== 0) callers[who].token = await again();
    }
  };

  beforeAll(async () => {
    db = await database.open();
    blobDir = await mkdtemp(join(tmpdir(), 'kerf-hostile-'));
    app = await testApp(db, {
      delivery,
      cache,
      blobs: await DiskBlobStore.open({ dir: blobDir }),
      // The editor routes answer 501 while ONLYOFFICE is off; on, they are walked like the rest.
      env: { ONLYOFFICE_URL: 'http://127.0.0.1:9', ONLYOFFICE_JWT_SECRET: 'hostile-input-secret-0123456789' },
    });
    const accounts = new AccountService({
      users: new UserRepository(db.db),
      codes: new VerificationCodeService(cache),
      delivery,
      configs: new ConfigService(new ConfigRepository(db.db)),
    });
    adminPassword = (await accounts.bootstrapAdmin('admin@kerf.local'))!.generatedPassword!;
    callers.user.token = await people.join('ada');
    callers.admin.token = await signInAdmin();
    // Something in the drive, so ids that exist can meet hostile companions.
    const folder = await people.folder(callers.user.token, 'Plans');
    await people.upload(callers.user.token, 'part.dxf', Buffer.from('0\nEOF\n'), folder);
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
    await rm(blobDir, { recursive: true, force: true });
  });

  it('refuses a page number past any list (2^31 once made PostgreSQL fail) with a 400, not a 500', async () => {
    for (const url of [
      '/cloud-api/engine/file/listFileFolder?page=2147483648',
      '/cloud-api/engine/file/listFileFolder?page=1000001',
      '/cloud-api/engine/file/search?keyword=a&page=9007199254740991',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${callers.user.token}` } });
      expect(res.statusCode, url).toBe(400);
    }
    const last = await app.inject({
      method: 'GET',
      url: '/cloud-api/engine/file/listFileFolder?page=1000000',
      headers: { authorization: `Bearer ${callers.user.token}` },
    });
    expect(last.statusCode).toBe(200);
  });

  it('answers every route of the OpenAPI document without a 5xx', async () => {
    const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>>; components?: object };
    const routes = routesOf(document);
    // The document is read, not listed here: a route added elsewhere is walked as well.
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of routes) {
      for (const who of ['anonymous', 'user', 'admin'] as const) {
        const property = fc.asyncProperty(requestFor(route, document), async (hostile) => {
          const res = await app.inject({
            method: route.method,
            url: hostile.url,
            headers: {
              ...hostile.headers,
              ...(callers[who].token ? { authorization: `Bearer ${callers[who].token}` } : {}),
            },
            ...(hostile.payload === undefined ? {} : { payload: hostile.payload }),
          });
          if (res.statusCode >= 500) {
            throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        });
        try {
          await fc.assert(property, { numRuns: RUNS_PER_ROUTE });
        } catch (err) {
          failures.push(
            `${who} ${route.method} ${route.path}: ${(err as Error).message.split('\n').slice(0, 6).join(' | ')}`,
          );
        }
        if (who !== 'anonymous') await keepSignedIn();
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('builds hostile values of every kind the schemas ask for', () => {
    const samples = fc.sample(hostileValue({ type: 'string' } as JsonSchema, { paths: {} }), 400) as unknown[];
    const strings = samples.filter((s): s is string => typeof s === 'string');
    expect(strings.some((s) => s.includes('\u0000'))).toBe(true);
    expect(strings.some((s) => /[\ud800-\udbff](?![\udc00-\udfff])/.test(s))).toBe(true);
    expect(strings.some((s) => s.length >= 10_000)).toBe(true);
    expect(strings.some((s) => s.includes('\u202e'))).toBe(true);
    expect(samples.some((s) => typeof s !== 'string')).toBe(true);
  });
});
