import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js';
import { clearStalePostmaster, servesFolder } from '../src/db/stale-postmaster.js';

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(process.platform !== 'linux')('the embedded PostgreSQL server', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'kerf-embedded-')), 'postgres');
  const pgdata = join(dir, 'data');
  afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('stops a postmaster an earlier process left on its folder, and keeps the data', async () => {
    const left = await startEmbeddedPostgres({ dir });
    await query(left.url, 'create table kept (v int); insert into kept values (42)');
    const pid = Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(servesFolder(pid, pgdata)).toBe(true);

    // as the next start does when the process that started it is gone
    const lines: string[] = [];
    await clearStalePostmaster(pgdata, (line) => lines.push(line));
    expect(servesFolder(pid, pgdata)).toBe(false);
    expect(lines.join('\n')).toContain(`pid ${pid}`);
    await left.stop();

    const next = await startEmbeddedPostgres({ dir });
    try {
      expect(await query(next.url, 'select v from kept')).toEqual([{ v: 42 }]);
    } finally {
      await next.stop();
    }
  });

  // A clone in root's home: /root is 0700, so no other account could reach the binaries or the data.
  it.skipIf(process.getuid?.() !== 0)(
    'runs as root with its folder under a private folder, files kept root-owned',
    async () => {
      const home = mkdtempSync(join(tmpdir(), 'kerf-private-home-'));
      chmodSync(home, 0o700);
      try {
        const server = await startEmbeddedPostgres({ dir: join(home, 'postgres') });
        try {
          expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
        } finally {
          await server.stop();
        }
        expect(statSync(join(home, 'postgres', 'data', 'PG_VERSION')).uid).toBe(0);
        expect(statSync(home).mode & 0o777).toBe(0o700);
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  );

  it('starts past a postmaster.pid that names a process which is not its PostgreSQL', async () => {
    // a pid reused by an unrelated live process (here: this test's own) after a crash
    writeFileSync(join(pgdata, 'postmaster.pid'), `${process.pid}\n${pgdata}\n`);
    const server = await startEmbeddedPostgres({ dir });
    try {
      expect(await query(server.url, 'select v from kept')).toEqual([{ v: 42 }]);
      expect(server.port).not.toBe(5432);
    } finally {
      await server.stop();
    }
  });
});
