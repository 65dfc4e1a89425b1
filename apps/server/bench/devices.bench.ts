/**
 * The device cloud under load, through the embedded broker and through Mosquitto (dynamic security):
 * - ingest: N machines each publish M telemetry messages as fast as the broker takes them, one in ten
 *   with a state change that is stored; the rate is messages over the time until the server has stored
 *   every machine's last message; with the server's CPU (cores busy) and peak memory over that time;
 * - push latency: under a background of one message per machine per second, state changes published
 *   one at a time and timed until an administrator's WebSocket hears them (p50, p99);
 * - statistics: a year of state changes for every machine (written straight into the database), and the
 *   state-time statistics of the whole fleet for that year through the API: the first call (which
 *   computes the ended days and keeps them), then the median of 5 more.
 * The machines run in this process (mqtt.js clients), beside the server on the same cores.
 *   npm run build && TEST_DATABASE_URL=postgres://… npm run bench -- devices
 *   DEVICE_BENCH_DEVICES (1000), DEVICE_BENCH_MESSAGES (50), DEVICE_BENCH_CHANGES_PER_DAY (8)
 * Prints a table and writes .bench/devices.json at the repository root.
 */
import { createHash } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import WebSocket from 'ws';
import { freePort, passwordSignIn, startServer } from '../e2e/server-process.js';
import { ExternalDeviceBroker } from '../src/infra/broker/external-broker.js';
import { mosquittoPlugin, startMosquitto } from '../test/mosquitto.js';
import { scratchPostgres } from './bench-database.js';
import { machine, markdownTable, median, procCpuMs, procStatusBytes, round, toMib, writeReport } from './bench-kit.js';

const DEVICES = Number(process.env.DEVICE_BENCH_DEVICES ?? 1000);
const MESSAGES = Number(process.env.DEVICE_BENCH_MESSAGES ?? 50);
const CHANGES_PER_DAY = Number(process.env.DEVICE_BENCH_CHANGES_PER_DAY ?? 8);
const LATENCY_SAMPLES = 200;
const ADMIN_PASSWORD = 'Bench_pass1';
const adminUrl = process.env.TEST_DATABASE_URL;

const serialOf = (i: number) => `BENCH${String(i).padStart(7, '0')}`;
const passwordOf = (i: number) => `bench-credential-${i}`;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;

/** Machines registered, activated for the administrator and holding a credential, straight in the database. */
async function seedMachines(pool: pg.Pool, ownerId: string) {
  const serials = Array.from({ length: DEVICES }, (_, i) => serialOf(i));
  const hashes = serials.map((_, i) => createHash('sha256').update(passwordOf(i)).digest('hex'));
  await pool.query(
    `insert into devices (machine_code, board_model, board_serial, owner_id, activated_at, bound_at, credential_hash, name)
     select s, 'BENCH-1', 'B' || s, $3, now(), now(), h, s from unnest($1::text[], $2::text[]) as t(s, h)`,
    [serials, hashes, ownerId],
  );
}

async function connectAll(url: string): Promise<MqttClient[]> {
  const clients: MqttClient[] = [];
  for (let start = 0; start < DEVICES; start += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, DEVICES - start) }, (_, k) => {
        const i = start + k;
        return mqtt.connectAsync(url, {
          username: serialOf(i),
          password: passwordOf(i),
          clientId: `${serialOf(i)}-bench`,
          reconnectPeriod: 0,
          will: {
            topic: `dev/${serialOf(i)}/state`,
            payload: Buffer.from('{"state":"offline"}'),
            qos: 1,
            retain: true,
          },
        });
      }),
    );
    clients.push(...batch);
  }
  return clients;
}

/** Every machine sends MESSAGES telemetry messages (one in ten after a state change); time until all are stored. */
async function ingest(clients: MqttClient[], pool: pg.Pool, pid: number) {
  const cpuBefore = (await procCpuMs(pid)) ?? 0;
  const started = performance.now();
  let changes = 0;
  await Promise.all(
    clients.map(async (client, i) => {
      for (let seq = 1; seq <= MESSAGES; seq++) {
        if (seq % 10 === 0) {
          changes++;
          await client.publishAsync(
            `dev/${serialOf(i)}/state`,
            JSON.stringify({ state: seq % 20 === 0 ? 'running' : 'paused' }),
            { qos: 1, retain: true },
          );
        }
        await client.publishAsync(
          `dev/${serialOf(i)}/telemetry`,
          JSON.stringify({ seq, power: 40 + (seq % 20), progress: seq / MESSAGES }),
          { qos: 1 },
        );
      }
    }),
  );
  const published = performance.now();
  // telemetry is taken at QoS 0: should a last message be lost, the run says so instead of waiting forever
  let lastStored = 0;
  for (const deadline = performance.now() + 120_000; performance.now() < deadline; ) {
    const { rows } = await pool.query(`select count(*)::int as n from devices where (telemetry->>'seq')::int = $1`, [
      MESSAGES,
    ]);
    lastStored = rows[0].n;
    if (lastStored === DEVICES) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = (((await procCpuMs(pid)) ?? 0) - cpuBefore) / 1000;
  const messages = DEVICES * MESSAGES + changes;
  return {
    messages,
    lastMessagesStored: `${lastStored}/${DEVICES}`,
    stateChanges: changes,
    seconds: round(seconds, 2),
    publishSeconds: round((published - started) / 1000, 2),
    perSecond: Math.round(messages / seconds),
    serverCores: round(cpu / seconds, 2),
    serverPeakMib: toMib((await procStatusBytes(pid, 'VmHWM')) ?? 0),
  };
}

/**
 * State changes timed from publish to an administrator's WebSocket, under a background of telemetry:
 * each sample moves a different machine (running after the ingest) to abnormal.
 */
async function latency(clients: MqttClient[], pool: pg.Pool, baseURL: string, token: string) {
  const { rows } = await pool.query('select id, machine_code from devices');
  const idOf = new Map(rows.map((r) => [r.machine_code as string, r.id as string]));
  const socket = new WebSocket(`${baseURL.replace('http', 'ws')}/cloud-api/device/live?token=${token}&scope=all`);
  const heard = new Map<string, number>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; deviceId?: string; state?: string };
    if (message.type === 'state' && message.state === 'abnormal')
      heard.set(message.deviceId as string, performance.now());
  });
  await new Promise((resolve) => socket.once('message', resolve));
  const background = setInterval(() => {
    clients.forEach((client, i) => {
      if (Math.random() < 0.1) client.publish(`dev/${serialOf(i)}/telemetry`, JSON.stringify({ power: 40 }));
    });
  }, 100);
  const samples: number[] = [];
  for (let i = 0; i < Math.min(LATENCY_SAMPLES, clients.length); i++) {
    const serial = serialOf(i);
    const id = idOf.get(serial) as string;
    const sent = performance.now();
    await clients[i]!.publishAsync(`dev/${serial}/state`, JSON.stringify({ state: 'abnormal' }), {
      qos: 1,
      retain: true,
    });
    for (let waited = 0; waited < 5000 && !heard.has(id); waited += 1)
      await new Promise((resolve) => setTimeout(resolve, 1));
    const at = heard.get(id);
    if (at !== undefined) samples.push(at - sent);
  }
  clearInterval(background);
  socket.close();
  return {
    samples: samples.length,
    p50Ms: round(percentile(samples, 0.5), 1),
    p99Ms: round(percentile(samples, 0.99), 1),
  };
}

/** A year of state changes for every machine, then the fleet's state-time statistics for that year. */
async function statistics(pool: pg.Pool, baseURL: string, token: string) {
  const year = { from: '2025-11-27', to: '2026-11-26' };
  await pool.query(
    `insert into device_state_changes (device_id, state, at)
     select d.id, (array['idle','running','paused','running','idle','abnormal','idle','offline'])[1 + (k % 8)],
            $1::date + (k * interval '1 day' / $2) + (hashtext(d.id::text) % 1000) * interval '1 second'
       from devices d, generate_series(0, 365 * $2 - 1) k`,
    [year.from, CHANGES_PER_DAY],
  );
  await pool.query('analyze device_state_changes');
  const { rows } = await pool.query('select count(*)::int as n from device_state_changes');
  // the first call computes the ended days and keeps them; the next ones read what was kept
  const times: number[] = [];
  for (let run = 0; run < 6; run++) {
    const started = performance.now();
    const response = await fetch(
      `${baseURL}/cloud-api/device/stats/state-time?from=${year.from}&to=${year.to}&tz=Asia/Shanghai&scope=all`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const body = (await response.json()) as { code: number; data: { days: unknown[] } };
    if (body.code !== 0 || body.data.days.length !== 365)
      throw new Error(`statistics answered ${JSON.stringify(body).slice(0, 200)}`);
    times.push(performance.now() - started);
  }
  return {
    stateChanges: rows[0].n as number,
    coldMs: round(times[0]!, 1),
    medianMs: round(median(times.slice(1)), 1),
  };
}

async function run(broker: 'embedded' | 'mosquitto') {
  const scratch = await scratchPostgres(adminUrl as string);
  const mosquitto = broker === 'mosquitto' ? await startMosquitto(mosquittoPlugin() as string) : null;
  const mqttPort = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: scratch.url,
    ADMIN_PASSWORD,
    MQTT_HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    DEVICE_INACTIVITY_SECONDS: '3600',
    ...(mosquitto
      ? { MQTT_URL: mosquitto.url, MQTT_USERNAME: mosquitto.username, MQTT_PASSWORD: mosquitto.password }
      : {}),
  };
  const server = await startServer(env);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
  try {
    const token = (await passwordSignIn(server.baseURL, 'admin@kerf.local', ADMIN_PASSWORD)).token as string;
    const { rows } = await pool.query(`select id from users where email = 'admin@kerf.local'`);
    await seedMachines(pool, rows[0].id);
    const url = mosquitto?.url ?? `mqtt://127.0.0.1:${mqttPort}`;
    if (mosquitto) {
      // as the server does when a machine claims its credential
      const control = await ExternalDeviceBroker.connect({
        url,
        username: mosquitto.username,
        password: mosquitto.password,
        host: '',
        port: 0,
        portExplicit: false,
      });
      for (let i = 0; i < DEVICES; i++) await control.grant(serialOf(i), passwordOf(i));
      await control.close();
    }
    const clients = await connectAll(url);
    const load = await ingest(clients, pool, server.child.pid as number);
    const push = await latency(clients, pool, server.baseURL, token);
    await Promise.all(clients.map((c) => c.endAsync(true)));
    const stats = await statistics(pool, server.baseURL, token);
    return { broker, ...load, push, stats };
  } finally {
    await pool.end();
    await server.stop();
    await mosquitto?.stop();
    await scratch.drop();
  }
}

async function main() {
  if (!adminUrl) {
    process.stdout.write('devices bench: set TEST_DATABASE_URL (a PostgreSQL server) to run it\n');
    return;
  }
  const results = [await run('embedded'), ...(mosquittoPlugin() ? [await run('mosquitto')] : [])];
  const report = { machine: machine(), devices: DEVICES, messagesPerDevice: MESSAGES, results };
  process.stdout.write(
    markdownTable([
      [
        'broker',
        'messages',
        'last messages stored',
        'msg/s stored',
        'server cores',
        'server peak MiB',
        'push p50 ms',
        'push p99 ms',
        'state changes (stats)',
        'year stats ms, first',
        'year stats ms, then (median of 5)',
      ],
      ...results.map((r) => [
        r.broker,
        r.messages,
        r.lastMessagesStored,
        r.perSecond,
        r.serverCores,
        r.serverPeakMib,
        r.push.p50Ms,
        r.push.p99Ms,
        r.stats.stateChanges,
        r.stats.coldMs,
        r.stats.medianMs,
      ]),
    ]),
  );
  process.stdout.write(`written to ${await writeReport('devices', report)}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
