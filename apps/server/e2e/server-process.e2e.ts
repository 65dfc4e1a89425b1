import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3rver } from '../test/blob-s3rver.js';
import { passwordSignIn, pathWithoutPostgres, serverEntry, startServer } from './server-process.js';

// biome-ignore lint/suspicious/noExplicitAny: test reads of JSON bodies
type Json = any;
const health = async (baseURL: string): Promise<Json> => (await fetch(`${baseURL}/cloud-api/health`)).json();

/**
 * Each test starts one or two servers of its own, the first on a new embedded database: seconds on a
 * quiet machine, over a minute each on a loaded one, so these tests get more than the suite's minute.
 */
const SERVER_TESTS = { timeout: 180_000 };

describe('the built server as a process', SERVER_TESTS, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kerf-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps its data across a restart and shuts down cleanly on SIGTERM', async () => {
    // No PostgreSQL of the system: the embedded server comes from node_modules alone.
    const first = await startServer({ PATH: pathWithoutPostgres() }, { dataDir: dir });
    const before = (await health(first.baseURL)).data;
    expect(before.components.database).toMatchObject({ status: 'up', kind: 'embedded' });
    // a port of its own, never the system PostgreSQL's
    const port = Number(/PostgreSQL: +127\.0\.0\.1:(\d+)/.exec(first.output())?.[1]);
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(5432);
    expect(readFileSync(join(dir, 'postgres', 'password'), 'utf8').trim()).toMatch(/^[0-9a-f]{48}$/);
    expect(before.components.blobStore).toMatchObject({ status: 'up', kind: 'disk' });
    expect(first.output()).toContain(`${first.baseURL}/web/`);
    // First start on an empty database: the admin account is created and its password printed once.
    const password = /and the password (\S+)/.exec(first.output())?.[1];
    expect(first.output()).toContain('Sign in at');
    expect(password).toMatch(/^[A-Za-z]\w{5,17}$/);
    expect((await passwordSignIn(first.baseURL, 'admin@kerf.local', password!)).code).toBe(0);
    expect(await first.stop()).toBe(0);

    // the database stopped with the server: no postmaster left in the data folder
    expect(existsSync(join(dir, 'postgres', 'data', 'postmaster.pid'))).toBe(false);

    const second = await startServer({ PATH: pathWithoutPostgres() }, { dataDir: dir });
    const after = (await health(second.baseURL)).data;
    expect(second.output()).not.toContain('Sign in at');
    expect(await second.stop()).toBe(0);
    expect(after.installation.id).toBe(before.installation.id);
    expect(after.installation.startCount).toBe(before.installation.startCount + 1);
  });

  it('comes back after a SIGKILL with its data, no PostgreSQL of the killed server in the way', async () => {
    const first = await startServer({}, { dataDir: dir });
    const before = (await health(first.baseURL)).data.installation;
    const postmaster = Number(readFileSync(join(dir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(postmaster).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(null);

    const second = await startServer({}, { dataDir: dir });
    try {
      const after = (await health(second.baseURL)).data.installation;
      expect(after.id).toBe(before.id);
      expect(after.startCount).toBe(before.startCount + 1);
      // the killed server's postmaster is gone (it followed its parent, or the new start stopped it)
      const serving = (() => {
        try {
          return readFileSync(`/proc/${postmaster}/cmdline`, 'utf8').includes(join(dir, 'postgres', 'data'));
        } catch {
          return false;
        }
      })();
      expect(serving).toBe(false);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });

  it('refuses to start beside a PGlite folder of an earlier Kerf and says how to move it', async () => {
    const old = mkdtempSync(join(tmpdir(), 'kerf-pglite-'));
    try {
      mkdirSync(join(old, 'db'));
      writeFileSync(join(old, 'db', 'PG_VERSION'), '17\n');
      const server = await startServer({}, { dataDir: old, waitForHealthy: false });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('npm run db:import-pglite');
      expect(server.output()).toContain('旧版 Kerf 的数据库');
      expect(existsSync(join(old, 'postgres'))).toBe(false);
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });

  it('redirects / to the web app and serves deep links as the app', async () => {
    const server = await startServer();
    try {
      const root = await fetch(`${server.baseURL}/`, { redirect: 'manual' });
      expect(root.status).toBe(302);
      expect(root.headers.get('location')).toBe('/web/');
      for (const path of ['/web/workbench?fileType=0', '/web/device/detail']) {
        const res = await fetch(`${server.baseURL}${path}`);
        expect(res.status, path).toBe(200);
        expect(await res.text(), path).toContain('<div id="root">');
      }
    } finally {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT="eighty"'],
    [{ STORAGE: 'ftp' }, 'STORAGE="ftp"'],
    [{ DATABASE_URL: 'mysql://db/kerf' }, 'DATABASE_URL="mysql://db/kerf"'],
  ])('refuses to start on a bad setting %j and names it', (env, named) => {
    const r = spawnSync(process.execPath, [serverEntry], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain(named);
  });

  it('refuses a second server on the same data folder', async () => {
    const first = await startServer({}, { dataDir: dir });
    try {
      const second = await startServer({}, { dataDir: dir, waitForHealthy: false });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by another Kerf process/);
    } finally {
      await first.stop();
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!adminUrl)('the built server on PostgreSQL (DATABASE_URL)', () => {
  const name = `kerf_e2e_${process.pid}`;
  const url = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString() : '';
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('runs the same migrations and keeps its data across restarts', async () => {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    const first = await startServer({ DATABASE_URL: url });
    const before = (await health(first.baseURL)).data;
    expect(before.components.database).toMatchObject({ status: 'up', kind: 'postgres' });
    const config: Json = await (
      await fetch(`${first.baseURL}/cloud-api/system/config/configKey/sys.account.registerUser`)
    ).json();
    expect(config.data).toBe('true');
    expect(await first.stop()).toBe(0);

    // Two instances starting together on one database: the migration lock lets both come up.
    const [a, b] = await Promise.all([startServer({ DATABASE_URL: url }), startServer({ DATABASE_URL: url })]);
    const [ha, hb] = await Promise.all([health(a.baseURL), health(b.baseURL)]);
    await Promise.all([a.stop(), b.stop()]);
    expect(ha.data.installation.id).toBe(before.installation.id);
    expect(hb.data.installation.id).toBe(before.installation.id);
    expect(Math.max(ha.data.installation.startCount, hb.data.installation.startCount)).toBe(3);
  });
});

describe('the built server on S3 storage (STORAGE=s3)', SERVER_TESTS, () => {
  it('reports the S3 store up, and down with the reason when the bucket is missing', async () => {
    const s3 = await startS3rver({ buckets: ['kerf-blobs'] });
    const env = {
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY: s3.accessKeyId,
      S3_SECRET_KEY: s3.secretAccessKey,
    };
    try {
      const server = await startServer({ ...env, S3_BUCKET: 'kerf-blobs' });
      const report = (await health(server.baseURL)).data;
      expect(await server.stop()).toBe(0);
      // an embedded database folder is some 50 MB: not left behind in the temp folder
      rmSync(server.dataDir, { recursive: true, force: true });
      expect(report.components.blobStore).toMatchObject({ status: 'up', kind: 's3' });

      const broken = await startServer({ ...env, S3_BUCKET: 'no-such-bucket' }, { waitForHealthy: false });
      // it answers once it listens: seconds on a quiet machine, far longer on a loaded one
      let res: Response | undefined;
      const deadline = Date.now() + 150_000;
      while (!res && broken.child.exitCode === null && Date.now() < deadline) {
        res = await fetch(`${broken.baseURL}/cloud-api/health`).catch(() => undefined);
        if (!res) await new Promise((r) => setTimeout(r, 150));
      }
      const body: Json = await res?.json();
      await broken.stop();
      rmSync(broken.dataDir, { recursive: true, force: true });
      expect(res?.status).toBe(503);
      expect(body.data.components.blobStore).toMatchObject({ status: 'down', kind: 's3' });
      expect(body.data.components.database.status).toBe('up');
    } finally {
      await s3.stop();
    }
  });
});
