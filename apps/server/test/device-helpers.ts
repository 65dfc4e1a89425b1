import { withCheckCharacter } from '@kerf/contract';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

/** A machine of the maker's list, with valid codes made from a number. */
export function sampleMachine(n: number) {
  const digits = String(n).padStart(6, '0');
  return {
    machineCode: withCheckCharacter(`KF26A${digits}`),
    machineId: `ID-${digits}`,
    boardModel: 'KB-3M',
    boardSerial: withCheckCharacter(`MB2026${digits}000`),
    version: '1.4.2',
    image: '',
  };
}
export type SampleMachine = ReturnType<typeof sampleMachine>;

export function registryCsv(
  machines: SampleMachine[],
  header = 'machineCode,machineId,boardModel,boardSerial,version,image',
) {
  return [
    header,
    ...machines.map((m) => [m.machineCode, m.machineId, m.boardModel, m.boardSerial, m.version, m.image].join(',')),
  ].join('\n');
}

export interface Command {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  expiresAt: string;
}

/**
 * One machine speaking docs/device-protocol.md over MQTT, for the tests: it signs in with its claimed
 * credential, leaves its "offline" will, reports state, telemetry and events, and answers commands.
 */
export class TestMachine {
  readonly commands: Command[] = [];
  private beat: NodeJS.Timeout | null = null;

  private constructor(
    readonly serial: string,
    readonly client: MqttClient,
  ) {
    client.on('message', (topic, payload) => {
      if (topic === `dev/${serial}/cmd`) this.commands.push(JSON.parse(payload.toString('utf8')));
    });
  }

  static options(serial: string, password: string): IClientOptions {
    return {
      username: serial,
      password,
      clientId: `machine-${serial}-${Math.random().toString(16).slice(2, 8)}`,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      will: { topic: `dev/${serial}/state`, payload: Buffer.from('{"state":"offline"}'), qos: 1, retain: true },
    };
  }

  static async connect(url: string, serial: string, password: string): Promise<TestMachine> {
    const client = await mqtt.connectAsync(url, TestMachine.options(serial, password));
    const machine = new TestMachine(serial, client);
    await client.subscribeAsync(`dev/${serial}/cmd`, { qos: 1 });
    return machine;
  }

  private async send(kind: string, body: unknown, retain = false) {
    await this.client.publishAsync(`dev/${this.serial}/${kind}`, JSON.stringify(body), { qos: 1, retain });
  }

  state(state: string) {
    return this.send('state', { state }, true);
  }
  telemetry(values: Record<string, unknown>) {
    return this.send('telemetry', values);
  }
  event(level: string, code: string, message = '') {
    return this.send('event', { level, code, message });
  }
  ack(id: string, status: 'received' | 'succeeded' | 'failed', message = '', data?: Record<string, unknown>) {
    return this.send('ack', { id, status, message, ...(data ? { data } : {}) });
  }
  /** A job report on `dev/{sn}/job`. */
  job(jobId: string, status: 'started' | 'progress' | 'done' | 'failed', extra: Record<string, unknown> = {}) {
    return this.send('job', { jobId, status, ...extra });
  }

  /** Telemetry every `ms`, as firmware does while powered; `stopHeartbeat` makes it fall silent. */
  heartbeat(ms = 250) {
    this.stopHeartbeat();
    this.beat = setInterval(() => {
      this.telemetry({ power: 40 }).catch(() => undefined);
    }, ms);
  }
  stopHeartbeat() {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
  }

  /** Publishes as if on another machine's topic (the broker must refuse). */
  async publishRaw(topic: string, body: unknown) {
    await this.client.publishAsync(topic, JSON.stringify(body), { qos: 0 });
  }

  /** The connection dies without a goodbye: the broker publishes the will. */
  drop() {
    this.stopHeartbeat();
    this.client.stream.destroy();
    this.client.end(true);
  }

  async close() {
    this.stopHeartbeat();
    await this.client.endAsync(true);
  }
}
