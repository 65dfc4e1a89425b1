import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles } from '../src/db/schema.js';
import type { DeclaredRouteAccess } from '../src/modules/auth/auth.plugin.js';
import { bootstrapRootToken, grantRole, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

/** The written-down list every route's access is compared with; a new route must be added to it. */
const LISTING = new URL('../../../docs/route-permissions.md', import.meta.url);

function accessOf(route: DeclaredRouteAccess): string {
  if (route.permission.length) return route.permission.map((p) => `\`${p}\``).join(' or ');
  if (route.role.length) return `role ${route.role.map((r) => `\`${r}\``).join(' or ')}`;
  if (route.auth === 'public') return 'anyone';
  if (route.auth === 'optional') return 'anyone (more when signed in)';
  if (route.auth === 'required') return 'anyone signed in';
  return '**not declared**';
}

function listing(routes: readonly DeclaredRouteAccess[]): string {
  const rows = [...routes]
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .map((r) => `| ${r.method} | \`${r.url}\` | ${accessOf(r)} |`);
  return [
    '# Who may call each API route',
    '',
    'Written by `apps/server/test/route-permissions.test.ts` from the routes themselves (each declares its',
    'access in its `config`: `permission`, `role` or `auth`); the test fails when a route declares nothing or',
    'this list differs. After adding a route, run the test with `UPDATE_ROUTE_PERMISSIONS=1` and review the change.',
    '`*:*:*` and the role `admin` pass every permission (SPEC §6).',
    '',
    '| Method | Path | Who |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** A URL for a route pattern: every path parameter filled with a made-up id. */
function sampleUrl(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, () => randomUUID()).replace(/\*$/, 'x');
}

describe.each(testDatabases)('route permissions on $name', (database) => {
  const delivery = new RecordingDelivery();
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const people = drivePeople(() => app, delivery);
  let admin: string;
  let nobody: string;
  let holder: string;
  let holderRoleId: string;

  beforeAll(async () => {
    db = await database.open();
    // Grants are read on every call, so changing the holder's role between calls takes effect at once.
    app = await testApp(db, { delivery, env: { SESSION_CHECK_CACHE_MS: '0' } });
    admin = await bootstrapRootToken(app, db.db, delivery);
    // A signed-in person holding no role at all, and one holding only the role the matrix rewrites.
    await people.join('nobody');
    await db.db.delete(userRoles).where(eq(userRoles.userId, people.userIds.nobody!));
    nobody = people.tokens.nobody!;
    await people.join('holder');
    await db.db.delete(userRoles).where(eq(userRoles.userId, people.userIds.holder!));
    await grantRole(db.db, people.userIds.holder!, 'matrix', []);
    holderRoleId = (await db.db.select().from(roles).where(eq(roles.roleKey, 'matrix')))[0]!.id;
    holder = (await signIn(app, { grant_type: 'password', account: 'holder@example.com', password: 'drive_01' })).body
      .token;
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  it('finds that every API route declares who may call it, as the written-down list says', () => {
    const undeclared = app.routeAccessList
      .filter((r) => !r.auth && r.permission.length === 0 && r.role.length === 0)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'routes that declare no permission, role or auth').toEqual([]);
    const wanted = listing(app.routeAccessList);
    if (process.env.UPDATE_ROUTE_PERMISSIONS === '1') writeFileSync(LISTING, wanted);
    expect(readFileSync(LISTING, 'utf8'), 'docs/route-permissions.md is out of date').toBe(wanted);
  });

  it('answers every route by its declaration: anonymous, no grants, exactly the permission, admin', async () => {
    const send = async (route: DeclaredRouteAccess, url: string, token?: string) => {
      const res = await app.inject({
        method: route.method as 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return res.statusCode;
    };
    const checked: string[] = [];
    for (const route of app.routeAccessList) {
      if (route.auth === 'public' || route.auth === 'optional') continue;
      const name = `${route.method} ${route.url}`;
      const url = sampleUrl(route.url);
      expect(await send(route, url), `${name}: anonymous`).toBe(401);
      if (route.permission.length === 0 && route.role.length === 0) {
        // Signed in, acting on one's own account: anyone signed in gets past the door.
        expect(await send(route, url, nobody), `${name}: signed in`).not.toBeOneOf([401, 403]);
        checked.push(name);
        continue;
      }
      expect(await send(route, url, nobody), `${name}: no grants`).toBe(403);
      if (route.permission.length) {
        await db.db
          .update(roles)
          .set({ permissions: [route.permission[0]!] })
          .where(eq(roles.id, holderRoleId));
        expect(await send(route, url, holder), `${name}: holding ${route.permission[0]}`).not.toBeOneOf([401, 403]);
        await db.db
          .update(roles)
          .set({ permissions: ['drive:*:*', 'account:*:*'] })
          .where(eq(roles.id, holderRoleId));
        if (!route.permission.some((p) => p.startsWith('drive:') || p.startsWith('account:')))
          expect(await send(route, url, holder), `${name}: holding other permissions`).toBe(403);
      }
      expect(await send(route, url, admin), `${name}: admin`).not.toBeOneOf([401, 403]);
      checked.push(name);
    }
    expect(checked.length).toBeGreaterThan(100);
  });
});
