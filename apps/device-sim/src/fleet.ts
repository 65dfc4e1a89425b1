import { createHash } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { Credential } from './provision.js';
import {
  type Behaviour,
  type JobDownloader,
  type MachineLink,
  type SimClock,
  SimulatedMachine,
  seededRandom,
} from './simulated-machine.js';

/** Fetches a job's G-code from its signed address and hashes it, as firmware does before running it. */
export const httpDownloader: JobDownloader = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return createHash('sha256')
    .update(Buffer.from(await response.arrayBuffer()))
    .digest('hex');
};

export interface FleetOptions {
  behaviour: Behaviour;
  seed: number;
  /** Chance per tick that a machine's connection dies (its will says offline); it comes back after a while. */
  dropChance: number;
  /** Chance per tick of a soft shutdown: the state, a clean disconnect, back after a while. */
  shutdownChance: number;
  /** Overrides the broker address the server gave (e.g. reaching it from another host). */
  mqttUrl?: string;
}

const realClock: SimClock = {
  now: () => Date.now(),
  after: (ms, work) => {
    if (ms <= 0) work();
    else setTimeout(work, ms);
  },
};

interface Running {
  machine: SimulatedMachine;
  client: MqttClient;
  timer: NodeJS.Timeout;
}

/** Connects one machine with its will, as the protocol requires. */
async function connect(credential: Credential, url: string): Promise<MqttClient> {
  return mqtt.connectAsync(url, {
    username: credential.username,
    password: credential.password,
    clientId: `${credential.username}-${Math.random().toString(16).slice(2, 8)}`,
    reconnectPeriod: 0,
    will: {
      topic: `dev/${credential.username}/state`,
      payload: Buffer.from('{"state":"offline"}'),
      qos: 1,
      retain: true,
    },
  });
}

/** N machines running their day until stopped. */
export class Fleet {
  private readonly running = new Map<string, Running>();
  private stopped = false;

  constructor(
    private readonly credentials: Credential[],
    private readonly options: FleetOptions,
    private readonly log: (line: string) => void,
  ) {}

  async start() {
    await Promise.all(this.credentials.map((credential, i) => this.bringUp(credential, i)));
  }

  private async bringUp(credential: Credential, index: number) {
    if (this.stopped) return;
    const random = seededRandom(this.options.seed * 1000 + index);
    const client = await connect(credential, this.options.mqttUrl ?? credential.url);
    const serial = credential.username;
    const link: MachineLink = {
      publish: async (topic, payload, options) => {
        await client.publishAsync(topic, payload, { qos: 1, retain: options?.retain ?? false });
      },
      onCommand: (handler) => {
        client.on('message', (topic, payload) => {
          if (topic === `dev/${serial}/cmd`) handler(payload.toString('utf8'));
        });
      },
    };
    await client.subscribeAsync(`dev/${serial}/cmd`, { qos: 1 });
    const machine = new SimulatedMachine(serial, link, realClock, random, this.options.behaviour, httpDownloader);
    await machine.announce();
    // the first tick at a random point of the interval, so a thousand machines do not all speak at once
    const every = this.options.behaviour.tickSeconds * 1000;
    const entry: Running = { machine, client, timer: setTimeout(() => undefined, 0) };
    const next = (delay: number) => {
      entry.timer = setTimeout(() => {
        this.step(credential, index, random)
          .catch((err) => this.log(`${serial}: ${String(err)}`))
          .finally(() => {
            if (this.running.get(serial) === entry) next(every);
          });
      }, delay);
    };
    this.running.set(serial, entry);
    next(Math.floor(random() * every));
  }

  private async step(credential: Credential, index: number, random: () => number) {
    const entry = this.running.get(credential.username);
    if (!entry) return;
    const away = (seconds: number) =>
      setTimeout(() => void this.bringUp(credential, index).catch(() => undefined), seconds * 1000);
    if (random() < this.options.dropChance) {
      this.takeDown(credential.username);
      entry.client.stream.destroy();
      entry.client.end(true);
      this.log(`${credential.username}: connection dropped`);
      away(10 + random() * 20);
      return;
    }
    if (random() < this.options.shutdownChance) {
      await entry.machine.shutDown();
      this.takeDown(credential.username);
      await entry.client.endAsync();
      this.log(`${credential.username}: soft shutdown`);
      away(20 + random() * 40);
      return;
    }
    await entry.machine.tick();
  }

  private takeDown(serial: string) {
    const entry = this.running.get(serial);
    if (entry) clearTimeout(entry.timer);
    this.running.delete(serial);
  }

  get connected() {
    return this.running.size;
  }

  /** The simulated machine behind a serial while it is connected (tests and demos act through it). */
  machine(serial: string): SimulatedMachine | undefined {
    return this.running.get(serial)?.machine;
  }

  async stop() {
    this.stopped = true;
    const entries = [...this.running.values()];
    this.running.clear();
    for (const entry of entries) clearTimeout(entry.timer);
    await Promise.all(
      entries.map(async ({ machine, client }) => {
        // a connection the broker cut (a revoked credential) says nothing more: a publish would wait forever
        if (client.connected) await machine.shutDown().catch(() => undefined);
        await client.endAsync(!client.connected).catch(() => undefined);
      }),
    );
  }
}
