import type { DeviceAccess } from './device-topics.js';
import { EmbeddedBroker } from './embedded-broker.js';

export interface BrokerConfig {
  /** An external broker (mqtt:// or mqtts://); unset: the embedded one. */
  url?: string;
  username?: string;
  password?: string;
  /** The embedded broker's listener. */
  host: string;
  port: number;
  /** The port was asked for (MQTT_PORT): taken means a start-up error, not another port. */
  portExplicit: boolean;
  /** Where machines connect, when that is not the address the server itself uses (behind NAT, TLS). */
  deviceUrl?: string;
  /** Several instances on one external broker share the uplink through `$share/{group}/…`. */
  shareGroup?: string;
  /** The embedded broker's MQTTS listener (MQTT_TLS_CERT, MQTT_TLS_KEY, MQTT_TLS_PORT). */
  tls?: { port: number; cert: Buffer; key: Buffer };
  /** With an external mqtts:// broker: the CA that signed its certificate, when not a public one. */
  ca?: Buffer;
}

/** The MQTT broker as the rest of Kerf sees it. */
export interface DeviceBroker {
  readonly kind: 'embedded' | 'external';
  /** How the cloud's own client signs in (`ca`: the external broker's private CA, for mqtts://). */
  readonly connection: { url: string; username: string; password: string; ca?: Buffer };
  /** Where machines connect. */
  readonly deviceUrl: string;
  readonly shareGroup?: string;
  /** Devices' credentials are checked by this (the embedded broker); set once services exist. */
  useAccess(access: DeviceAccess): void;
  grant(serial: string, password: string): Promise<void>;
  revoke(serial: string): Promise<void>;
  close(): Promise<void>;
}

/** The embedded broker as a DeviceBroker: credentials live in the database, so grants need no call. */
class EmbeddedDeviceBroker implements DeviceBroker {
  readonly kind = 'embedded';
  private access: DeviceAccess | null = null;

  constructor(
    private readonly broker: EmbeddedBroker,
    private readonly publicUrl?: string,
  ) {}

  /** The broker asks this; until services are attached every device is refused. */
  readonly gate: DeviceAccess = {
    check: (username, password) => (this.access ? this.access.check(username, password) : Promise.resolve(null)),
  };

  get connection() {
    return { url: this.broker.url, ...this.broker.cloudCredentials };
  }

  /** Machines are sent to MQTTS when there is such a listener. */
  get deviceUrl() {
    return this.publicUrl ?? this.broker.tlsUrl ?? this.broker.url;
  }

  useAccess(access: DeviceAccess) {
    this.access = access;
  }

  async grant() {}

  async revoke(serial: string) {
    this.broker.disconnectDevice(serial);
  }

  close() {
    return this.broker.close();
  }
}

/** Starts the embedded broker, or describes the external one (MQTT_URL). */
export async function startDeviceBroker(config: BrokerConfig): Promise<DeviceBroker> {
  if (config.url) {
    const { ExternalDeviceBroker } = await import('./external-broker.js');
    return ExternalDeviceBroker.connect(config);
  }
  let device: EmbeddedDeviceBroker | null = null;
  const broker = await EmbeddedBroker.start({
    host: config.host,
    port: config.port,
    fallbackToFreePort: !config.portExplicit,
    tls: config.tls,
    access: { check: (username, password) => device?.gate.check(username, password) ?? Promise.resolve(null) },
  });
  device = new EmbeddedDeviceBroker(broker, config.deviceUrl);
  return device;
}
