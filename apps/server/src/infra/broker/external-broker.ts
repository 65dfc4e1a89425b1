import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { CLOUD_USERNAME, DEVICE_UPLINK, deviceCommandTopic } from './device-topics.js';
import type { BrokerConfig, DeviceBroker } from './index.js';

const CONTROL = '$CONTROL/dynamic-security/v1';
const RESPONSE = `${CONTROL}/response`;
const TIMEOUT_MS = 10_000;

interface DynsecResponse {
  command: string;
  error?: string;
  correlationData?: string;
}

/** The role that lets one machine use its own topics, and nothing else. */
function deviceRole(serial: string) {
  return {
    rolename: `kerf-device-${serial}`,
    acls: [
      ...DEVICE_UPLINK.map((kind) => ({
        acltype: 'publishClientSend',
        topic: `dev/${serial}/${kind}`,
        priority: 1,
        allow: true,
      })),
      { acltype: 'subscribePattern', topic: deviceCommandTopic(serial), priority: 1, allow: true },
      { acltype: 'publishClientReceive', topic: deviceCommandTopic(serial), priority: 1, allow: true },
    ],
  };
}

/**
 * An external broker (MQTT_URL). With Mosquitto, machines' credentials are kept by its dynamic
 * security plugin: the cloud signs in as a dynamic-security administrator and, for each machine, makes
 * a client (user name = machine code) with a role naming only that machine's topics. Revoking deletes
 * the client, which Mosquitto also disconnects. The broker's own default ACL must deny everything else
 * (`mosquitto_ctrl dynsec setDefaultACLAccess … deny`, see docs/device-protocol.md).
 */
export class ExternalDeviceBroker implements DeviceBroker {
  readonly kind = 'external';
  private readonly waiting = new Map<string, (response: DynsecResponse) => void>();

  private constructor(
    private readonly config: BrokerConfig & { url: string },
    private readonly control: MqttClient,
  ) {
    control.on('message', (topic, payload) => {
      if (topic !== RESPONSE) return;
      let body: { responses?: DynsecResponse[] };
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        return;
      }
      for (const response of body.responses ?? []) {
        const done = response.correlationData ? this.waiting.get(response.correlationData) : undefined;
        done?.(response);
      }
    });
  }

  static async connect(config: BrokerConfig): Promise<ExternalDeviceBroker> {
    const url = config.url as string;
    const control = await mqtt.connectAsync(url, {
      username: config.username ?? CLOUD_USERNAME,
      password: config.password,
      clientId: `kerf-control-${randomUUID()}`,
      clean: true,
      reconnectPeriod: 1000,
      ...(config.ca ? { ca: config.ca } : {}),
    });
    await control.subscribeAsync(RESPONSE, { qos: 1 });
    return new ExternalDeviceBroker({ ...config, url }, control);
  }

  get connection() {
    return {
      url: this.config.url,
      username: this.config.username ?? CLOUD_USERNAME,
      password: this.config.password ?? '',
      ca: this.config.ca,
    };
  }

  get deviceUrl() {
    return this.config.deviceUrl ?? this.config.url;
  }

  get shareGroup() {
    return this.config.shareGroup;
  }

  /** Credentials are the broker's: nothing here checks them. */
  useAccess() {}

  /** One dynamic-security command and its answer; `tolerate` lists errors that mean "already so". */
  private async run(command: Record<string, unknown>, tolerate: RegExp | null = null): Promise<void> {
    const correlationData = randomUUID();
    const answer = new Promise<DynsecResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(correlationData);
        reject(new Error(`the broker did not answer ${String(command.command)}`));
      }, TIMEOUT_MS);
      this.waiting.set(correlationData, (response) => {
        clearTimeout(timer);
        this.waiting.delete(correlationData);
        resolve(response);
      });
    });
    await this.control.publishAsync(CONTROL, JSON.stringify({ commands: [{ ...command, correlationData }] }), {
      qos: 1,
    });
    const response = await answer;
    if (response.error && !tolerate?.test(response.error)) {
      throw new Error(`broker refused ${String(command.command)}: ${response.error}`);
    }
  }

  async grant(serial: string, password: string) {
    const role = deviceRole(serial);
    await this.run({ command: 'deleteClient', username: serial }, /not found/i);
    await this.run({ command: 'deleteRole', rolename: role.rolename }, /not found/i);
    await this.run({ command: 'createRole', ...role });
    await this.run({ command: 'createClient', username: serial, password, roles: [{ rolename: role.rolename }] });
  }

  async revoke(serial: string) {
    await this.run({ command: 'deleteClient', username: serial }, /not found/i);
    await this.run({ command: 'deleteRole', rolename: deviceRole(serial).rolename }, /not found/i);
  }

  async close() {
    await this.control.endAsync();
  }
}
