import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type DeviceBroker, startDeviceBroker } from '../src/infra/broker/index.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { type LiveBus, MemoryLiveBus, RedisLiveBus } from '../src/infra/live/live-bus.js';
import { createServices, type Services } from '../src/services.js';
import { bootstrapRootToken, call } from './account-helpers.js';
import { postFile } from './craft-helpers.js';
import { testDatabases } from './databases.js';
import { registryCsv, sampleMachine, TestMachine } from './device-helpers.js';
import { drivePeople } from './drive-helpers.js';
import { healthOnlyBlobStore, RecordingDelivery, UNREACHED_CODE_SEND_LIMITS } from './test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** A socket's messages as they come, and a way to wait for one. */
function watch(url: string) {
  const socket = new WebSocket(url);
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const until = async (match: (m: Record<string, unknown>) => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const found = messages.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return undefined;
  };
  return { socket, messages, until };
}

/**
 * Live state over WebSocket: a state change stored by the instance that hears the machine reaches a
 * browser connected to another instance (through Redis pub/sub when REDIS_URL is set), and only the
 * machine's owner hears it.
 */
describe.each([
  { name: 'one instance, in memory', shared: false },
  ...(redisUrl ? [{ name: 'two instances through Redis', shared: true }] : []),
])('device live push: $name', ({ shared }) => {
  const database = testDatabases[0]!;
  let db: Awaited<ReturnType<typeof database.open>>;
  let broker: DeviceBroker;
  const apps: FastifyInstance[] = [];
  const buses: LiveBus[] = [];
  let heard: FastifyInstance;
  let services: Services;
  const delivery = new RecordingDelivery();
  const people = drivePeople(() => apps[0]!, delivery);
  const id = randomBytes(4).toString('hex');
  const prefix = `kerf:test:${id}:`;
  let machine: TestMachine;

  async function instance(withBroker: boolean, bus: LiveBus) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: tmpdir(),
      ...UNREACHED_CODE_SEND_LIMITS,
      MQTT_CLIENT_ID: `kerf-live-${id}`,
    });
    const infra = {
      database: db,
      blobs: healthOnlyBlobStore(),
      cache: new MemoryCache(),
      delivery,
      live: bus,
      ...(withBroker ? { broker } : {}),
    };
    const made = createServices(config, infra, pino({ level: 'silent' }));
    await made.prepare();
    const app = await buildApp({ config, infra, services: made, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    apps.push(app);
    return { app, services: made };
  }

  beforeAll(async () => {
    db = await database.open();
    broker = await startDeviceBroker({ host: '127.0.0.1', port: 0, portExplicit: true });
    const busA = shared ? new RedisLiveBus(redisUrl!, prefix) : new MemoryLiveBus();
    const busB = shared ? new RedisLiveBus(redisUrl!, prefix) : busA;
    buses.push(busA, ...(busB === busA ? [] : [busB]));
    ({ services } = await instance(true, busA));
    heard = shared ? (await instance(false, busB)).app : apps[0]!;
    const admin = await bootstrapRootToken(apps[0]!, db.db, delivery);
    await people.join('ada');
    await people.join('eve');
    const sample = sampleMachine(700);
    await postFile(apps[0]!, '/cloud-api/device/registry/import', admin, 'm.csv', registryCsv([sample]));
    await call(apps[0]!, 'POST', '/cloud-api/device/activation/activate', {
      token: people.tokens.ada,
      body: {
        machineCode: sample.machineCode,
        boardModel: sample.boardModel,
        boardSerial: sample.boardSerial,
        responsiblePerson: 'A',
        contactPhone: '13800138000',
      },
    });
    const credential = (
      await call(apps[0]!, 'POST', '/cloud-api/device/credential/claim', {
        body: { machineCode: sample.machineCode, boardSerial: sample.boardSerial },
      })
    ).body.data;
    machine = await TestMachine.connect(credential.url, sample.machineCode, credential.password);
  });
  afterAll(async () => {
    await machine?.close();
    for (const app of apps) await app.close();
    for (const bus of buses) await bus.close();
    await broker.close();
    await db.dispose();
  });

  const socketUrl = (token?: string) => {
    const { port } = heard.server.address() as { port: number };
    return `ws://127.0.0.1:${port}/cloud-api/device/live${token ? `?token=${token}` : ''}`;
  };

  it('the owner hears each state change as it is stored; another user hears nothing; no token, no socket', async () => {
    const ada = watch(socketUrl(people.tokens.ada));
    const eve = watch(socketUrl(people.tokens.eve));
    expect(await ada.until((m) => m.type === 'hello')).toBeDefined();
    expect(await eve.until((m) => m.type === 'hello')).toBeDefined();
    for (const bus of buses) if (bus instanceof RedisLiveBus) await bus.ready();

    await machine.state('running');
    const change = await ada.until((m) => m.type === 'state' && m.state === 'running');
    expect(change).toMatchObject({ type: 'state', previous: 'offline', state: 'running' });
    expect(change).not.toHaveProperty('ownerId');
    await machine.state('paused');
    expect(await ada.until((m) => m.state === 'paused')).toMatchObject({ previous: 'running' });
    // a command the owner sends: its states reach the owner's pages too (sent, then the machine's answers)
    const deviceId = change?.deviceId as string;
    const sent = await call(apps[0]!, 'POST', `/cloud-api/device/device/${deviceId}/command`, {
      token: people.tokens.ada,
      body: { kind: 'resume' },
    });
    const commandId = sent.body.data.id as string;
    expect(await ada.until((m) => m.type === 'command' && m.state === 'sent')).toMatchObject({ deviceId, commandId });
    await machine.ack(commandId, 'received');
    await machine.ack(commandId, 'succeeded');
    expect(await ada.until((m) => m.type === 'command' && m.state === 'succeeded')).toMatchObject({ commandId });
    await machine.job('job-1', 'started', { name: 'Panel job' });
    expect(await ada.until((m) => m.type === 'job')).toMatchObject({ deviceId });
    await services.deviceGateway?.settled();
    expect(eve.messages.filter((m) => m.type !== 'hello')).toEqual([]);

    const anonymous = new WebSocket(socketUrl());
    const refused = await new Promise<number>((resolve) => {
      anonymous.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      anonymous.on('open', () => resolve(101));
    });
    expect(refused).toBe(401);
    ada.socket.terminate();
    eve.socket.terminate();
  });
});
