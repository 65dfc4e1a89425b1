import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { StatementShapes } from './statement-shapes.js';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('statements rendered once per shape', () => {
  let pool: pg.Pool | undefined;
  afterEach(async () => {
    await pool?.end();
    pool = undefined;
  });

  function database(): Database {
    pool = new pg.Pool({ connectionString: url, max: 1 });
    return drizzle(pool) as unknown as Database;
  }

  it('builds a shape once and fills each call with its own values', async () => {
    const db = database();
    const shapes = new StatementShapes<{ a: number; b: string }>();
    let builds = 0;
    const build = () => {
      builds++;
      return sql`select ${sql.placeholder('a')}::int * 2 as twice, ${sql.placeholder('b')}::text as b, ${sql.placeholder('a')}::int as again`;
    };
    expect(await shapes.run(db, 'double', build, { a: 2, b: 'x' })).toEqual([{ twice: 4, b: 'x', again: 2 }]);
    expect(await shapes.run(db, 'double', build, { a: 5, b: 'y' })).toEqual([{ twice: 10, b: 'y', again: 5 }]);
    expect(builds).toBe(1);
  });

  it('answers dates as the text drizzle maps them from, and other types as the driver parses them', async () => {
    const db = database();
    const shapes = new StatementShapes<{ n: number }>();
    const [row] = await shapes.run(
      db,
      'types',
      () =>
        sql`select timestamptz '2026-01-02 03:04:05+00' as at, date '2026-01-02' as day, ${sql.placeholder('n')}::int as n, true as yes`,
      { n: 7 },
    );
    expect(typeof row!.at).toBe('string');
    expect(new Date(row!.at as string).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(row!.day).toBe('2026-01-02');
    expect(row).toMatchObject({ n: 7, yes: true });
  });

  it('keeps at most `max` shapes, dropping the oldest', async () => {
    const db = database();
    const shapes = new StatementShapes<{ n: number }>(2);
    const builds: string[] = [];
    const shape = (name: string) => () => {
      builds.push(name);
      return sql`select ${sql.placeholder('n')}::int as n`;
    };
    for (const name of ['one', 'two', 'three', 'one']) await shapes.run(db, name, shape(name), { n: 1 });
    expect(builds).toEqual(['one', 'two', 'three', 'one']);
    await shapes.run(db, 'three', shape('three'), { n: 1 });
    expect(builds).toHaveLength(4);
  });

  it('refuses a database without its pool (a transaction) instead of running elsewhere', async () => {
    const shapes = new StatementShapes<{ n: number }>();
    await expect(shapes.run({} as Database, 'x', () => sql`select 1`, { n: 1 })).rejects.toThrow(/top-level/);
  });
});
