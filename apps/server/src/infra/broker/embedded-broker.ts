import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { Aedes, type Client } from 'aedes';
import {
  type BrokerIdentity,
  CLOUD_USERNAME,
  type DeviceAccess,
  deviceMayPublish,
  deviceMaySubscribe,
  deviceStateTopic,
} from './device-topics.js';

export interface EmbeddedBrokerOptions {
  host: string;
  /** 0 takes a free port. */
  port: number;
  /** When the port is taken, take a free one instead of failing (the default port, not one asked for). */
  fallbackToFreePort?: boolean;
  access: DeviceAccess;
  /** A second listener speaking MQTT over TLS (MQTTS), for machines on networks that are not private. */
  tls?: { port: number; cert: Buffer; key: Buffer };
}

/** A client's identity as the broker knows it, kept on the aedes client. */
const IDENTITY = Symbol('kerf.identity');
type KnownClient = Client & { [IDENTITY]?: BrokerIdentity };

async function listen(server: Server, host: string, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * The in-process MQTT broker `npm start` runs (aedes). Devices sign in with the credential they
 * claimed and may use only their own topics (docs/device-protocol.md); the cloud's own client signs in
 * with a password made at each start, known only inside this process.
 */
export class EmbeddedBroker {
  readonly cloudPassword = randomBytes(32).toString('base64url');

  private constructor(
    private readonly aedes: Aedes,
    private readonly servers: Server[],
    readonly host: string,
    readonly port: number,
    /** The MQTTS listener's port, when there is one. */
    readonly tlsPort?: number,
  ) {}

  static async start(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
    const aedes = await Aedes.createBroker();
    const server = createServer(aedes.handle);
    let port = options.port;
    try {
      await listen(server, options.host, port);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || !options.fallbackToFreePort) {
        aedes.close();
        throw err;
      }
      await listen(server, options.host, 0);
    }
    port = (server.address() as { port: number }).port;
    const servers: Server[] = [server];
    let tlsPort: number | undefined;
    if (options.tls) {
      // the same broker behind both listeners; the cloud's own client stays on the plain one (loopback)
      const secure = createTlsServer({ cert: options.tls.cert, key: options.tls.key }, aedes.handle);
      try {
        await listen(secure, options.host, options.tls.port);
      } catch (err) {
        server.close();
        aedes.close();
        throw err;
      }
      servers.push(secure);
      tlsPort = (secure.address() as { port: number }).port;
    }
    const broker = new EmbeddedBroker(aedes, servers, options.host, port, tlsPort);
    broker.guard(options.access);
    return broker;
  }

  /** How the cloud's client reaches this broker. */
  get url(): string {
    const host = this.host === '0.0.0.0' || this.host === '::' ? '127.0.0.1' : this.host;
    return `mqtt://${host}:${this.port}`;
  }

  /** Where machines reach the MQTTS listener (the host name must match the certificate). */
  get tlsUrl(): string | undefined {
    if (this.tlsPort === undefined) return undefined;
    const host = this.host === '0.0.0.0' || this.host === '::' ? '127.0.0.1' : this.host;
    return `mqtts://${host}:${this.tlsPort}`;
  }

  get cloudCredentials() {
    return { username: CLOUD_USERNAME, password: this.cloudPassword };
  }

  private guard(access: DeviceAccess) {
    const cloudPassword = Buffer.from(this.cloudPassword);
    this.aedes.authenticate = (client, username, password, done) => {
      const refuse = () => {
        const error = Object.assign(new Error('bad user name or password'), { returnCode: 4 as const });
        done(error, false);
      };
      if (username === CLOUD_USERNAME) {
        const given = password ?? Buffer.alloc(0);
        if (given.length === cloudPassword.length && timingSafeEqual(given, cloudPassword)) {
          (client as KnownClient)[IDENTITY] = { kind: 'cloud' };
          return done(null, true);
        }
        return refuse();
      }
      if (!username || !password) return refuse();
      access.check(username, password.toString()).then(
        (serial) => {
          // A device's last will may only say that the device itself went offline.
          // aedes holds the CONNECT packet's will as `_will` until the client is accepted.
          const will = (client as { _will?: { topic: string } })._will;
          if (!serial || (will && will.topic !== deviceStateTopic(serial))) return refuse();
          (client as KnownClient)[IDENTITY] = { kind: 'device', serial };
          done(null, true);
        },
        () => refuse(),
      );
    };
    this.aedes.authorizePublish = (client, packet, callback) => {
      const identity = client ? (client as KnownClient)[IDENTITY] : undefined;
      if (identity?.kind === 'cloud') return callback(null);
      if (identity?.kind === 'device' && deviceMayPublish(identity.serial, packet.topic)) return callback(null);
      callback(new Error('not authorised'));
    };
    this.aedes.authorizeSubscribe = (client, subscription, callback) => {
      const identity = (client as KnownClient)[IDENTITY];
      if (identity?.kind === 'cloud') return callback(null, subscription);
      if (identity?.kind === 'device' && deviceMaySubscribe(identity.serial, subscription.topic)) {
        return callback(null, subscription);
      }
      // A refused subscription is answered with the failure code, and the connection stays.
      callback(null, null);
    };
  }

  /** Drops every connection signed in as this device (its credential was revoked). */
  disconnectDevice(serial: string) {
    const clients = (this.aedes as unknown as { clients: Record<string, KnownClient> }).clients;
    for (const client of Object.values(clients)) {
      const identity = client[IDENTITY];
      if (identity?.kind === 'device' && identity.serial === serial) client.close();
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
    await Promise.all(this.servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  }
}
