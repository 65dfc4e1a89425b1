import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { roles, userRoles } from '../src/db/schema.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { AccountService } from '../src/modules/account/account.service.js';
import { UserRepository } from '../src/modules/account/user.repository.js';
import { ConfigRepository } from '../src/modules/system/config.repository.js';
import { ConfigService } from '../src/modules/system/config.service.js';
import { VerificationCodeService } from '../src/modules/verification/code.service.js';
import type { CodeDelivery } from '../src/modules/verification/code-delivery.js';

// biome-ignore lint/suspicious/noExplicitAny: test reads of JSON bodies
export type Json = any;

export const WEB_CLIENT = { client_id: 'kerf-web', client_secret: 'kerf-web' };

/** The token call as the web app makes it: form-encoded. */
export async function signIn(
  app: FastifyInstance,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/uac-api/oauth2/access_token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ ...WEB_CLIENT, login_type: '2', ...fields }).toString(),
  });
  return { status: res.statusCode, body: res.json() as Json };
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: Record<string, unknown>; lang?: string } = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
    ...(options.body ? { payload: options.body } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/**
 * Makes the administrator `root@kerf.local` (as the first start does, so only on an empty database)
 * and answers a token for it.
 */
export async function bootstrapRootToken(
  app: FastifyInstance,
  db: ConstructorParameters<typeof UserRepository>[0],
  delivery: CodeDelivery,
): Promise<string> {
  const accounts = new AccountService({
    users: new UserRepository(db),
    codes: new VerificationCodeService(new MemoryCache()),
    delivery,
    configs: new ConfigService(new ConfigRepository(db)),
  });
  await accounts.bootstrapAdmin('root@kerf.local', 'Root_pass_1');
  return (await signIn(app, { grant_type: 'password', account: 'root@kerf.local', password: 'Root_pass_1' })).body
    .token;
}

/**
 * Gives a person a role (made if missing) with these permissions. Made before the person signs in, so
 * the grant is part of the session from the start.
 */
export async function grantRole(db: Database, userId: string, roleKey: string, permissions: string[]): Promise<void> {
  const [role] = await db
    .insert(roles)
    .values({ roleKey, roleName: roleKey, permissions })
    .onConflictDoNothing()
    .returning();
  const roleId = role?.id ?? (await db.select().from(roles).where(eq(roles.roleKey, roleKey)))[0]!.id;
  await db.insert(userRoles).values({ userId, roleId });
}

/**
 * A person who joins (drive-helpers' people) and is given a role with these permissions; answers a
 * token signed in after the grant, so the session carries it.
 */
export async function joinWithRole(
  app: FastifyInstance,
  db: Database,
  people: { join(who: string): Promise<string>; userIds: Record<string, string> },
  who: string,
  permissions: string[],
): Promise<string> {
  await people.join(who);
  await grantRole(db, people.userIds[who]!, `role-${who}`, permissions);
  return (await signIn(app, { grant_type: 'password', account: `${who}@example.com`, password: 'drive_01' })).body
    .token as string;
}
