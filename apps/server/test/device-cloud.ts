import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { BlobStore } from '../src/infra/blob/blob-store.js';
import { DiskBlobStore } from '../src/infra/blob/disk-blob-store.js';
import { type DeviceBroker, startDeviceBroker } from '../src/infra/broker/index.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { createServices, type Services } from '../src/services.js';
import { bootstrapRootToken, call, type Json } from './account-helpers.js';
import { postFile } from './craft-helpers.js';
import { type TestDatabase, testDatabases } from './databases.js';
import { registryCsv, type SampleMachine, sampleMachine, TestMachine } from './device-helpers.js';
import { drivePeople } from './drive-helpers.js';
import { mosquittoPlugin, startMosquitto } from './mosquitto.js';
import { healthOnlyBlobStore, RecordingDelivery, UNREACHED_CODE_SEND_LIMITS } from './test-app.js';

export const DEVICE_API = '/cloud-api/device';

export interface BrokerCase {
  name: string;
  database: TestDatabase;
  start(): Promise<{ broker: DeviceBroker; stop: () => Promise<void> }>;
}

/** The embedded broker on each test database, and this machine's Mosquitto with its dynamic security plugin when installed. */
export function brokerCases(): BrokerCase[] {
  const plugin = mosquittoPlugin();
  return [
    ...testDatabases.map((database) => ({
      name: `${database.name} database, embedded broker`,
      database,
      start: async () => ({
        broker: await startDeviceBroker({ host: '127.0.0.1', port: 0, portExplicit: true }),
        stop: async () => {},
      }),
    })),
    ...(plugin
      ? [
          {
            name: 'embedded database, Mosquitto',
            database: testDatabases[0]!,
            start: async () => {
              const mosquitto = await startMosquitto(plugin);
              const broker = await startDeviceBroker({
                url: mosquitto.url,
                username: mosquitto.username,
                password: mosquitto.password,
                host: '127.0.0.1',
                port: 0,
                portExplicit: true,
              });
              return { broker, stop: () => mosquitto.stop() };
            },
          },
        ]
      : []),
  ];
}

/**
 * The whole device cloud for one describe block: a database, a broker, the app with its gateway, an
 * administrator and two people (ada, eve), and the steps every device test takes (import, activate,
 * claim, connect). Registers its own beforeAll/afterAll. `restart()` closes the app and builds it again
 * on the same database and broker, as a server restart does.
 */
export function useDeviceCloud(brokerCase: BrokerCase, options: { diskBlobs?: boolean } = {}) {
  let stopBroker: () => Promise<void>;
  let blobs: BlobStore | undefined;
  let blobDir: string | undefined;
  const delivery = new RecordingDelivery();
  const clientId = `kerf-cloud-test-${randomBytes(4).toString('hex')}`;
  const machines: TestMachine[] = [];

  const cloud = {
    app: undefined as unknown as FastifyInstance,
    services: undefined as unknown as Services,
    admin: '',
    ada: '',
    eve: '',
    db: undefined as unknown as Awaited<ReturnType<TestDatabase['open']>>,
    broker: undefined as unknown as DeviceBroker,
    delivery,
    people: drivePeople((): FastifyInstance => cloud.app, delivery),

    /** A server restart is `close()`, then `start()`: the same database and broker, a new app. */
    async close(): Promise<void> {
      await cloud.app.close();
    },
    start: (): Promise<void> => build(),

    importCsv(token: string | null, csv: string, lang = 'zh-CN') {
      return postFile(cloud.app, `${DEVICE_API}/registry/import`, token, 'machines.csv', csv, lang);
    },
    activate(token: string, m: SampleMachine, extra: Record<string, unknown> = {}, lang = 'zh-CN') {
      return call(cloud.app, 'POST', `${DEVICE_API}/activation/activate`, {
        token,
        lang,
        body: {
          machineCode: m.machineCode,
          boardModel: m.boardModel,
          boardSerial: m.boardSerial,
          responsiblePerson: '王工',
          contactPhone: '13800138000',
          ...extra,
        },
      });
    },
    claim(m: { machineCode: string; boardSerial: string }) {
      return call(cloud.app, 'POST', `${DEVICE_API}/credential/claim`, {
        body: { machineCode: m.machineCode, boardSerial: m.boardSerial },
      });
    },
    async deviceOf(token: string, machineCode: string): Promise<Json> {
      const listed = await call(cloud.app, 'GET', `${DEVICE_API}/device/list?keyword=${machineCode}`, { token });
      return listed.body.data.list[0] as Json;
    },
    /** Waits for what the gateway stores, the way a person waits for the page to change. */
    async eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
      const end = Date.now() + ms;
      for (;;) {
        await cloud.services.deviceGateway?.settled();
        const value = await read();
        if (ok(value) || Date.now() > end) return value;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** The machine as its owner lists it, once it is in `state` (or as it is after `ms`). */
    reaches(token: string, machineCode: string, state: string, ms?: number): Promise<Json> {
      return cloud.eventually(
        () => cloud.deviceOf(token, machineCode),
        (d: Json) => d?.state === state,
        ms,
      );
    },
    /** A machine connected with its claimed credential; closed when the suite ends. */
    async connect(url: string, serial: string, password: string) {
      const machine = await TestMachine.connect(url, serial, password);
      machines.push(machine);
      return machine;
    },
    /** Activated by `token`, credential claimed, connected and reporting `idle`. */
    async online(token: string, n: number): Promise<{ sample: SampleMachine; machine: TestMachine; id: string }> {
      const sample = sampleMachine(n);
      expect((await cloud.importCsv(cloud.admin, registryCsv([sample]))).body.data.added).toBe(1);
      expect((await cloud.activate(token, sample)).body.code).toBe(0);
      const credential = (await cloud.claim(sample)).body.data;
      const machine = await cloud.connect(credential.url, sample.machineCode, credential.password);
      await machine.state('idle');
      machine.heartbeat();
      const device = await cloud.reaches(token, sample.machineCode, 'idle');
      return { sample, machine, id: device.id };
    },
  };

  async function build() {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: tmpdir(),
      ...UNREACHED_CODE_SEND_LIMITS,
      DEVICE_INACTIVITY_SECONDS: '1',
      DEVICE_COMMAND_TIMEOUT_SECONDS: '2',
      MQTT_CLIENT_ID: clientId,
    });
    const infra = {
      database: cloud.db,
      blobs: blobs ?? healthOnlyBlobStore(),
      cache: new MemoryCache(),
      delivery,
      broker: cloud.broker,
    };
    cloud.services = createServices(config, infra, pino({ level: 'silent' }));
    await cloud.services.prepare();
    cloud.app = await buildApp({ config, infra, services: cloud.services, logger: false });
    await cloud.app.ready();
  }

  beforeAll(async () => {
    cloud.db = await brokerCase.database.open();
    const started = await brokerCase.start();
    cloud.broker = started.broker;
    stopBroker = started.stop;
    if (options.diskBlobs) {
      blobDir = await mkdtemp(join(tmpdir(), 'kerf-device-blobs-'));
      blobs = await DiskBlobStore.open({ dir: blobDir });
    }
    await build();
    cloud.admin = await bootstrapRootToken(cloud.app, cloud.db.db, delivery);
    cloud.ada = await cloud.people.join('ada');
    cloud.eve = await cloud.people.join('eve');
  });
  afterAll(async () => {
    for (const m of machines) await m.close().catch(() => undefined);
    await cloud.app?.close();
    await cloud.broker?.close();
    await stopBroker?.();
    await cloud.db?.dispose();
    if (blobDir) await rm(blobDir, { recursive: true, force: true });
  });

  return cloud;
}
