import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client.js';

export type RawRow = Record<string, unknown>;

/**
 * Date and time types come back as the text PostgreSQL sent, as drizzle's own queries read them:
 * the columns' mapFromDriverValue then turns them into values exactly as a drizzle select would.
 */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;
const driverTypes = {
  getTypeParser: ((id: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(id) ? asText : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
};

const dialect = new PgDialect();

/**
 * Statements of a hot path, turned into SQL text once per shape instead of on every call.
 *
 * A statement such as a folder page is built from fragments (which folder reference, which sort,
 * direction, filters); building it and rendering it to text costs more server time than the database
 * takes to answer it. Here a statement is built once per shape with named placeholders
 * (`sql.placeholder`), rendered once, and each call only fills in its values. The same text each time
 * also keeps its named prepared statement (prepared-statements.ts) without hashing a new string.
 */
export class StatementShapes<Values extends Record<string, unknown>> {
  private readonly rendered = new Map<string, { text: string; params: unknown[] }>();

  /** `max`: shapes kept; a key built from open-ended input must not grow the map without end. */
  constructor(private readonly max = 512) {}

  /** Runs the statement of `shape` (built by `build` the first time) with `values` for its placeholders. */
  async run(db: Database, shape: string, build: () => SQL, values: Values): Promise<RawRow[]> {
    let statement = this.rendered.get(shape);
    if (!statement) {
      const query = dialect.sqlToQuery(build());
      statement = { text: query.sql, params: query.params };
      if (this.rendered.size >= this.max) this.rendered.delete(this.rendered.keys().next().value!);
      this.rendered.set(shape, statement);
    }
    const result = await poolOf(db).query<RawRow>({
      text: statement.text,
      values: fillPlaceholders(statement.params, values),
      types: driverTypes,
    });
    return result.rows;
  }
}

/** The pool under a drizzle database (node-postgres keeps it as `$client`). */
function poolOf(db: Database): pg.Pool {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool) throw new Error('StatementShapes needs the top-level node-postgres database, not a transaction');
  return pool;
}
