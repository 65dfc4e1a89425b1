import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareStatements } from './prepared-statements.js';

const url = process.env.TEST_DATABASE_URL;

/** The statements this connection holds prepared, by their text. */
async function preparedTexts(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ statement: string }>(
    'select statement from pg_prepared_statements order by statement',
  );
  return rows.map((r) => r.statement);
}

describe.skipIf(!url)('named prepared statements on a PostgreSQL pool', () => {
  let pool: pg.Pool | undefined;
  afterEach(async () => {
    await pool?.end();
    pool = undefined;
  });

  /** One connection, so every query below runs on the connection whose prepared statements we read. */
  function onePool(max?: number) {
    pool = new pg.Pool({ connectionString: url, max: 1 });
    prepareStatements(pool, max);
    return pool;
  }

  it('prepares a parameterised statement once per connection and answers as before', async () => {
    const p = onePool();
    for (let i = 0; i < 3; i++) {
      const { rows } = await p.query({ text: 'select $1::int + 1 as n', values: [i] });
      expect(rows).toEqual([{ n: i + 1 }]);
    }
    const { rows } = await p.query('select $1::text as s', ['a']);
    expect(rows).toEqual([{ s: 'a' }]);
    expect(await preparedTexts(p)).toEqual(['select $1::int + 1 as n', 'select $1::text as s']);
  });

  it('sends statements without parameters as before, so several in one text still work', async () => {
    const p = onePool();
    await p.query('select 1; select 2');
    await p.query({ text: 'select 3' });
    expect(await preparedTexts(p)).toEqual([]);
  });

  it('leaves statements unnamed past the limit of distinct texts', async () => {
    const p = onePool(2);
    for (const n of [1, 2, 3, 4]) await p.query(`select $1::int * ${n} as n`, [n]);
    expect(await preparedTexts(p)).toEqual(['select $1::int * 1 as n', 'select $1::int * 2 as n']);
    const { rows } = await p.query('select $1::int * 4 as n', [5]);
    expect(rows).toEqual([{ n: 20 }]);
  });

  it('keeps a caller-given name', async () => {
    const p = onePool();
    await p.query({ name: 'mine', text: 'select $1::int as n', values: [1] });
    const { rows } = await p.query<{ name: string }>('select name from pg_prepared_statements');
    expect(rows.map((r) => r.name)).toEqual(['mine']);
  });
});
