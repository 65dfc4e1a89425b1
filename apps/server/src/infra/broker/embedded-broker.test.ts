import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeviceBroker, startDeviceBroker } from './index.js';

/** A self-signed certificate for 127.0.0.1, made by openssl for this test only. */
function selfSigned(dir: string) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=kerf-test',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(join(dir, 'cert.pem')), key: readFileSync(join(dir, 'key.pem')) };
}

const SERIAL = 'KF26A0000013';
const will = {
  topic: `dev/${SERIAL}/state`,
  payload: Buffer.from('{"state":"offline"}'),
  qos: 1 as const,
  retain: true,
};

describe('the embedded broker over TLS (MQTTS)', () => {
  let dir: string;
  let broker: DeviceBroker;
  let cert: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kerf-mqtts-'));
    const pair = selfSigned(dir);
    cert = pair.cert;
    broker = await startDeviceBroker({
      host: '127.0.0.1',
      port: 0,
      portExplicit: true,
      tls: { port: 0, ...pair },
    });
    broker.useAccess({
      check: async (username, password) => (username === SERIAL && password === 'pw' ? SERIAL : null),
    });
  });
  afterAll(async () => {
    await broker?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends machines to the MQTTS listener, which signs them in and keeps them to their own topics', async () => {
    expect(broker.deviceUrl).toMatch(/^mqtts:\/\/127\.0\.0\.1:\d+$/);
    const machine = await mqtt.connectAsync(broker.deviceUrl, {
      username: SERIAL,
      password: 'pw',
      ca: cert,
      reconnectPeriod: 0,
      will,
    });
    const granted = await machine.subscribeAsync(`dev/${SERIAL}/cmd`, { qos: 1 });
    expect(granted.map((g) => g.qos)).toEqual([1]);
    // another machine's commands: the broker answers the subscription with the failure code
    await expect(machine.subscribeAsync('dev/KF26A0000099/cmd', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await machine.endAsync();
    // the cloud's own client still uses the plain loopback listener
    expect(broker.connection.url).toMatch(/^mqtt:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses a client that does not trust the certificate, and a wrong password over TLS', async () => {
    await expect(
      mqtt.connectAsync(broker.deviceUrl, { username: SERIAL, password: 'pw', reconnectPeriod: 0, will }),
    ).rejects.toThrow(/self[- ]signed|certificate/i);
    await expect(
      mqtt.connectAsync(broker.deviceUrl, { username: SERIAL, password: 'nope', ca: cert, reconnectPeriod: 0, will }),
    ).rejects.toThrow(/Bad username or password|Not authorized/i);
  });
});
