import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BEHAVIOUR, Fleet, KerfApi, loadCredentials, provision, simCodes } from '@kerf/device-sim';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type DeviceBroker, startDeviceBroker } from '../src/infra/broker/index.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { createServices, type Services } from '../src/services.js';
import { bootstrapRootToken, call, type Json } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { healthOnlyBlobStore, RecordingDelivery, UNREACHED_CODE_SEND_LIMITS } from './test-app.js';

/**
 * The device simulator against a running server and the embedded broker, as `npm run sim` uses it:
 * it registers, activates and claims through the API (keeping credentials for a second run), runs
 * machines that report jobs and telemetry, answers a remote pause, and shuts down softly.
 */
describe('device simulator against a server', () => {
  const database = testDatabases[0]!;
  let db: Awaited<ReturnType<typeof database.open>>;
  let broker: DeviceBroker;
  let app: FastifyInstance;
  let services: Services;
  let token: string;
  let server: string;
  const dir = mkdtempSync(join(tmpdir(), 'kerf-sim-'));
  const stateFile = join(dir, 'sim.json');

  beforeAll(async () => {
    db = await database.open();
    broker = await startDeviceBroker({ host: '127.0.0.1', port: 0, portExplicit: true });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: tmpdir(),
      ...UNREACHED_CODE_SEND_LIMITS,
      MQTT_CLIENT_ID: 'kerf-sim-test',
    });
    const delivery = new RecordingDelivery();
    const infra = { database: db, blobs: healthOnlyBlobStore(), cache: new MemoryCache(), delivery, broker };
    services = createServices(config, infra, pino({ level: 'silent' }));
    await services.prepare();
    app = await buildApp({ config, infra, services, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    server = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    token = await bootstrapRootToken(app, db.db, delivery);
  });
  afterAll(async () => {
    await app.close();
    await broker.close();
    await db.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const listed = async () =>
    (await call(app, 'GET', '/cloud-api/device/device/list?limit=50', { token })).body.data.list as Json[];
  const until = async (check: (list: Json[]) => boolean) => {
    for (let i = 0; i < 100; i++) {
      await services.deviceGateway?.settled();
      const list = await listed();
      if (check(list)) return list;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return listed();
  };

  it('provisions, runs jobs, answers a pause and shuts down softly; a second run reuses the kept credentials', async () => {
    const codes = Array.from({ length: 3 }, (_, i) => simCodes('TEST', i + 1));
    const api = new KerfApi(server);
    await api.signIn('root@kerf.local', 'Root_pass_1');
    const credentials = await provision(api, codes, stateFile, () => undefined);
    expect(credentials.map((c) => c.username)).toEqual(codes.map((c) => c.machineCode));
    expect(Object.keys(loadCredentials(stateFile))).toHaveLength(3);

    const fleet = new Fleet(
      credentials,
      {
        behaviour: { ...DEFAULT_BEHAVIOUR, tickSeconds: 0.1, jobSeconds: 60, startChance: 1, faultChance: 0 },
        seed: 7,
        dropChance: 0,
        shutdownChance: 0,
      },
      () => undefined,
    );
    await fleet.start();
    const running = await until(
      (list) => list.length === 3 && list.every((d) => d.state === 'running' && d.telemetry?.progress > 0),
    );
    expect(running.map((d) => d.state)).toEqual(['running', 'running', 'running']);

    const first = running.find((d) => d.machineCode === codes[0]!.machineCode)!;
    const pause = await call(app, 'POST', `/cloud-api/device/device/${first.id}/command`, {
      token,
      body: { kind: 'pause' },
    });
    expect(pause.body.code).toBe(0);
    await until((list) => list.find((d) => d.id === first.id)?.state === 'paused');
    const commands = (await call(app, 'GET', `/cloud-api/device/device/${first.id}/commands`, { token })).body
      .data as Json[];
    expect(commands[0]).toMatchObject({ kind: 'pause', state: 'succeeded' });

    await fleet.stop();
    const after = await until((list) => list.every((d) => d.state === 'softShutdown'));
    expect(after.map((d) => d.state)).toEqual(['softShutdown', 'softShutdown', 'softShutdown']);

    // a second run: nothing to register or claim, the same machines come back
    const again = await provision(api, codes, stateFile, () => undefined);
    expect(again).toEqual(credentials);
    const second = new Fleet(
      again,
      {
        behaviour: { ...DEFAULT_BEHAVIOUR, tickSeconds: 0.1, startChance: 0 },
        seed: 8,
        dropChance: 0,
        shutdownChance: 0,
      },
      () => undefined,
    );
    await second.start();
    expect((await until((list) => list.every((d) => d.state === 'idle'))).map((d) => d.state)).toEqual([
      'idle',
      'idle',
      'idle',
    ]);
    await second.stop();
  });
});
