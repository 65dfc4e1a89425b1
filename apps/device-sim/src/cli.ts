import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Fleet } from './fleet.js';
import { KerfApi, provision, simCodes } from './provision.js';
import { DEFAULT_BEHAVIOUR } from './simulated-machine.js';

const HELP = `Kerf device simulator: N laser machines over MQTT against a Kerf server.

  npm run sim -- --devices 20

  --devices N        machines to run (5)
  --server URL       the Kerf server (http://localhost:8080)
  --account A        an administrator account, also the machines' owner (ADMIN_ACCOUNT or admin@kerf.local)
  --password P       its password (ADMIN_PASSWORD)
  --prefix XXXX      4 capital letters or digits in the machine codes, for separate fleets (SIMA)
  --state FILE       where claimed credentials are kept (.kerf-sim.json)
  --mqtt URL         the broker, if not the one the server names
  --tick S           seconds between telemetry (5)
  --job S            seconds a job runs (60)
  --faults R         chance of a fault per tick while running (0.01)
  --drops R          chance per tick that a connection dies (0.002)
  --shutdowns R      chance per tick of a soft shutdown (0.001)
  --slow-acks MS     delay before answering a command (0)
  --seed N           repeat a run (1)
  --duration S       stop after this long (0: until Ctrl+C)
`;

async function main() {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '5' },
      server: { type: 'string', default: 'http://localhost:8080' },
      account: { type: 'string', default: process.env.ADMIN_ACCOUNT ?? 'admin@kerf.local' },
      password: { type: 'string', default: process.env.ADMIN_PASSWORD ?? '' },
      prefix: { type: 'string', default: 'SIMA' },
      state: { type: 'string', default: '.kerf-sim.json' },
      mqtt: { type: 'string' },
      tick: { type: 'string', default: String(DEFAULT_BEHAVIOUR.tickSeconds) },
      job: { type: 'string', default: String(DEFAULT_BEHAVIOUR.jobSeconds) },
      faults: { type: 'string', default: String(DEFAULT_BEHAVIOUR.faultChance) },
      drops: { type: 'string', default: '0.002' },
      shutdowns: { type: 'string', default: '0.001' },
      'slow-acks': { type: 'string', default: '0' },
      seed: { type: 'string', default: '1' },
      duration: { type: 'string', default: '0' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  if (!/^[A-Z0-9]{4}$/.test(values.prefix)) throw new Error('--prefix takes 4 capital letters or digits');
  if (!values.password)
    throw new Error('give the administrator password: --password, or ADMIN_PASSWORD (printed by the first npm start)');
  const count = Number(values.devices);
  const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);
  const api = new KerfApi(values.server.replace(/\/+$/, ''));
  await api.signIn(values.account, values.password);
  const codes = Array.from({ length: count }, (_, i) => simCodes(values.prefix, i + 1));
  const credentials = await provision(api, codes, resolve(values.state), log);
  const fleet = new Fleet(
    credentials,
    {
      behaviour: {
        ...DEFAULT_BEHAVIOUR,
        tickSeconds: Number(values.tick),
        jobSeconds: Number(values.job),
        faultChance: Number(values.faults),
        ackDelayMs: Number(values['slow-acks']),
      },
      seed: Number(values.seed),
      dropChance: Number(values.drops),
      shutdownChance: Number(values.shutdowns),
      mqttUrl: values.mqtt,
    },
    log,
  );
  await fleet.start();
  log(`${fleet.connected} machine(s) running against ${values.server}; Ctrl+C stops them`);
  const stop = async () => {
    await fleet.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const duration = Number(values.duration);
  if (duration > 0) setTimeout(stop, duration * 1000);
}

main().catch((err) => {
  process.stderr.write(`device simulator: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
