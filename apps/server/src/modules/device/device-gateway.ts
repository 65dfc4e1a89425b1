import { DEVICE_LIMITS } from '@kerf/contract';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { deviceCommandTopic, parseDeviceTopic, uplinkSubscriptions } from '../../infra/broker/device-topics.js';
import type { DeviceIngestService } from './device-ingest.service.js';
import type { DeviceRuntimeRepository } from './device-runtime.repository.js';

/** How long start-up waits for the broker before going on without it. */
const START_WAIT_MS = 10_000;

export interface GatewayConnection {
  url: string;
  username: string;
  password: string;
  /**
   * Unique per instance and kept across its restarts: the session is persistent, so what machines
   * publish while the instance restarts waits at the broker. Instances share the uplink with `$share/{group}/…`.
   */
  clientId: string;
  shareGroup?: string;
  ca?: Buffer;
}

/**
 * The cloud's MQTT client: it hears every machine's uplink and hands it to the ingest, sends queued
 * commands to connected machines, and on a timer concludes silence and ends unanswered commands.
 * It is the same code against the embedded broker and an external one.
 */
export class DeviceGateway {
  private client: MqttClient | null = null;
  private timer: NodeJS.Timeout | null = null;
  /**
   * Each machine's messages in hand, stored one after another in the order they came (two state
   * reports handled side by side could be stored the wrong way round); stopping waits for them.
   */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: {
      connection: GatewayConnection;
      ingest: DeviceIngestService;
      runtime: DeviceRuntimeRepository;
      log: FastifyBaseLogger;
      /** How often silence and command timeouts are checked; 0 = only when `sweep()` is called. */
      sweepMs?: number;
      answerTimeoutMs?: number;
    },
  ) {}

  async start(): Promise<void> {
    const { connection, log } = this.deps;
    // Listening before the connection opens: a resumed session delivers what waited at the broker
    // right after the CONNACK, before `connectAsync` would have let us attach a listener.
    const client = mqtt.connect(connection.url, {
      username: connection.username,
      password: connection.password,
      clientId: connection.clientId,
      ...(connection.ca ? { ca: connection.ca } : {}),
      clean: false,
      // MQTT 3.1.1: what the embedded broker speaks; Mosquitto's shared subscriptions work with it too.
      protocolVersion: 4,
      reconnectPeriod: 1000,
    });
    this.client = client;
    client.on('message', (topic, payload, packet) => {
      const parsed = parseDeviceTopic(topic);
      if (!parsed || parsed.kind === 'cmd') return;
      const { serial, kind } = parsed;
      const previous = this.queues.get(serial) ?? Promise.resolve();
      const work: Promise<void> = previous
        .then(() => this.deps.ingest.handle(serial, kind, payload, packet.retain))
        .catch((err) => log.error({ err, topic }, 'device message not stored'))
        .finally(() => {
          if (this.queues.get(serial) === work) this.queues.delete(serial);
        });
      this.queues.set(serial, work);
    });
    client.on('error', (err) => log.warn({ err }, 'device broker connection'));
    // On every (re)connection: subscribe again and send what was queued meanwhile.
    const connected = new Promise<void>((resolve) => {
      client.on('connect', () => {
        client
          .subscribeAsync(uplinkSubscriptions(connection.shareGroup))
          .then(() => this.dispatch())
          .then(resolve)
          .catch((err) => log.error({ err }, 'device uplink not subscribed'));
      });
    });
    const sweepMs = this.deps.sweepMs ?? Math.max(1000, Math.floor(DEVICE_LIMITS.inactivityMs / 4));
    if (sweepMs > 0) {
      this.timer = setInterval(() => {
        this.sweep().catch((err) => log.error({ err }, 'device sweep failed'));
      }, sweepMs);
      this.timer.unref();
    }
    // A broker that is down does not stop the server from starting: the client keeps trying.
    const waited = await Promise.race([
      connected.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), START_WAIT_MS).unref()),
    ]);
    if (!waited) log.warn({ url: connection.url }, 'device broker not reachable yet; still trying');
  }

  /** Sends queued commands (of one machine, or all) to connected machines; each goes out once. */
  async dispatch(deviceId?: string): Promise<void> {
    const client = this.client;
    if (!client?.connected) return;
    const batch = await this.deps.runtime.takeSendable(new Date(), 100, deviceId);
    for (const command of batch) {
      const body = JSON.stringify({
        id: command.id,
        kind: command.kind,
        params: command.params,
        expiresAt: command.expiresAt.toISOString(),
      });
      try {
        await client.publishAsync(deviceCommandTopic(command.serial), body, { qos: 1 });
        this.deps.ingest.commandChanged({
          id: command.id,
          deviceId: command.deviceId,
          userId: command.userId,
          state: 'sent',
        });
      } catch (err) {
        this.deps.log.warn({ err, command: command.id }, 'command not published; queued again');
        await this.deps.runtime.requeue(command.id);
      }
    }
  }

  /** Silence becomes "no response"; commands nobody answered end as expired or timed out. */
  async sweep(): Promise<void> {
    await this.deps.ingest.markSilent();
    const ended = await this.deps.runtime.sweepCommands(
      new Date(),
      this.deps.answerTimeoutMs ?? DEVICE_LIMITS.commandTimeoutMs,
    );
    for (const command of ended) this.deps.ingest.commandChanged(command);
    await this.dispatch();
  }

  /** Waits until every message received so far is stored (tests; shutdown). */
  async settled(): Promise<void> {
    while (this.queues.size) await Promise.allSettled([...this.queues.values()]);
    await this.deps.ingest.flush();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync();
    await this.settled();
  }
}
