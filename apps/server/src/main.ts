import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { findPgliteFolder, pgliteFolderMessage } from './db/pglite-folder.js';
import { createBlobStore } from './infra/blob/index.js';
import { startDeviceBroker } from './infra/broker/index.js';
import { createCache } from './infra/cache/index.js';
import { createLiveBus } from './infra/live/live-bus.js';
import { createServices } from './services.js';

/** The built web app: WEB_DIST when set, else apps/web/dist beside this package (from src/ or dist/). */
function findWebRoot(configured?: string): string {
  if (configured) return configured;
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, '../../web/dist');
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee the configuration table in README.md.\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }

  const log = pino({ level: config.logLevel });
  const pgliteFolder = findPgliteFolder(config.dataDir);
  if (pgliteFolder && config.database.kind === 'embedded') {
    process.stderr.write(`${pgliteFolderMessage(pgliteFolder, false)}\n`);
    process.exit(1);
  }
  if (pgliteFolder) log.warn(pgliteFolderMessage(pgliteFolder, true));

  const database = await openDatabase(config.database, (line) => log.info(line));
  const blobs = await createBlobStore(config.blobs);
  const cache = await createCache(config.redisUrl);
  const broker = await startDeviceBroker(config.mqtt);
  const live = createLiveBus(config.redisUrl);
  const infra = { database, blobs, cache, broker, live };
  const services = createServices(config, infra, log);
  await services.prepare();
  const admin = await services.accounts.bootstrapAdmin(config.admin.account, config.admin.password);
  const webRoot = findWebRoot(config.webDist);
  const app = await buildApp({ config, infra, webRoot, services, logger: log });
  services.housekeeping.start();
  services.tradeJobs.start();

  // SIGTERM/SIGINT: stop accepting, let requests in flight finish, then close the database.
  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await services.housekeeping.stop();
    await services.tradeJobs.stop();
    await app.close();
    await broker.close();
    await live.close();
    await blobs.close?.();
    await cache.close();
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = config.publicUrl ?? `http://${shown}:${config.port}`;
  const lines = [
    '',
    `  Kerf is running: ${url}/web/`,
    `  API docs:        ${url}/cloud-api/docs`,
    `  Data:            ${config.dataDir} (database: ${database.kind}, blobs: ${blobs.kind})`,
    `  Devices (MQTT):  ${broker.deviceUrl} (${broker.kind} broker)`,
    ...(database.port
      ? [`  PostgreSQL:      127.0.0.1:${database.port}, user kerf, password in ${config.dataDir}/postgres/password`]
      : []),
    existsSync(resolve(webRoot, 'index.html')) ? '' : '  The web app is not built: run `npm run build`.',
    ...(admin
      ? [
          '',
          `  First start: the administrator account was created.`,
          `  Sign in at ${url}/web/login with ${admin.account}`,
          admin.generatedPassword
            ? `  and the password ${admin.generatedPassword}   (shown once: note it, then change it under Account)`
            : '  and the password from ADMIN_PASSWORD.',
        ]
      : []),
    '',
  ];
  process.stdout.write(lines.filter((l, i) => l || i === 0 || i === lines.length - 1).join('\n'));
}

main().catch((err) => {
  process.stderr.write(`Kerf failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
