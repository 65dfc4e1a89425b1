import { createPublicKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.js';
import { type DatabaseHandle, openDatabase } from '../../db/client.js';
import { serverSecrets } from '../../db/schema.js';
import { httpConventions } from '../conventions.js';
import { ok } from '../envelope.js';
import { cryptoEnvelope, PUBLIC_KEY_PATH } from './crypto-envelope.plugin.js';
import {
  decryptResponse,
  type EnvelopeKeyPair,
  encryptRequest,
  generateEnvelopeKeyPair,
  keyPairFromPrivatePem,
  requestAad,
  responseAad,
} from './envelope-crypto.js';
import { ENVELOPE_KEY_SECRET, EnvelopeKeysRepository } from './envelope-keys.repository.js';

/** Generators that hold every caller until `n` have started: both instances surely saw no key. */
function racingGenerators(n: number) {
  let calls = 0;
  let release!: () => void;
  const everyoneIn = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    calls: () => calls,
    generate: async (): Promise<EnvelopeKeyPair> => {
      calls += 1;
      if (calls === n) release();
      await everyoneIn;
      return generateEnvelopeKeyPair();
    },
  };
}

async function instance(repository: EnvelopeKeysRepository): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(httpConventions);
  await app.register(cryptoEnvelope, { keys: repository });
  app.post('/uac-api/oauth2/access_token', { config: { encrypted: 'required' } }, async (request) =>
    ok(request, request.body),
  );
  await app.ready();
  return app;
}

describe.each(testDatabases)('envelope keys on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  /** A second connection for the second instance where the database allows one (PostgreSQL). */
  let second: DatabaseHandle | undefined;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    db = await database.open();
    if (db.url) second = await openDatabase({ kind: 'postgres', url: db.url, poolMax: 2 });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await db.dispose();
  });

  it('gives two instances starting at once the same key, stored once', async () => {
    const race = racingGenerators(2);
    const [a, b] = await Promise.all([
      new EnvelopeKeysRepository(db.db, race.generate).load(),
      new EnvelopeKeysRepository((second ?? db).db, race.generate).load(),
    ]);
    expect(race.calls()).toBe(2);
    expect(a.kid).toBe(b.kid);
    expect(a.publicKeyPem).toBe(b.publicKeyPem);
    const rows = await db.db.select().from(serverSecrets).where(eq(serverSecrets.name, ENVELOPE_KEY_SECRET));
    expect(rows).toHaveLength(1);
    expect(keyPairFromPrivatePem(JSON.parse(rows[0]!.value).privateKey).kid).toBe(a.kid);
  });

  it('reads the stored key on a later start without generating one', async () => {
    const [stored] = await db.db.select().from(serverSecrets).where(eq(serverSecrets.name, ENVELOPE_KEY_SECRET));
    const again = await new EnvelopeKeysRepository(db.db, () => Promise.reject(new Error('must not generate'))).load();
    expect(again.kid).toBe(keyPairFromPrivatePem(JSON.parse(stored!.value).privateKey).kid);
  });

  it('lets one instance open what was sealed with the key another served', async () => {
    const first = await instance(new EnvelopeKeysRepository(db.db));
    const other = await instance(new EnvelopeKeysRepository((second ?? db).db));
    apps.push(first, other);
    const served = (await first.inject({ url: PUBLIC_KEY_PATH })).json().data;
    expect((await other.inject({ url: PUBLIC_KEY_PATH })).json().data).toEqual(served);

    const path = '/uac-api/oauth2/access_token';
    const { envelope, key } = encryptRequest(
      { account: 'ada' },
      { kid: served.kid, publicKey: createPublicKey(served.publicKey) },
      requestAad('POST', path),
    );
    const res = await other.inject({ method: 'POST', url: path, payload: envelope });
    expect(res.statusCode).toBe(200);
    expect(decryptResponse(res.json(), key, responseAad('POST', path))).toEqual({
      code: 0,
      msg: '操作成功',
      data: { account: 'ada' },
    });
  });

  it('refuses to start on a stored key it cannot read', async () => {
    await db.db
      .update(serverSecrets)
      .set({ value: JSON.stringify({ v: 9 }) })
      .where(eq(serverSecrets.name, ENVELOPE_KEY_SECRET));
    await expect(new EnvelopeKeysRepository(db.db).load()).rejects.toThrow(/unknown format/);
  });
});
