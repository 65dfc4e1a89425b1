import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * How many distinct statements get a name. Past it, statements go unnamed as before: a query whose
 * text varies with its input (an IN list of n ids) must not grow each connection's plan cache
 * without end. The server sends a few dozen distinct texts; this leaves room and bounds the rest.
 */
export const PREPARED_STATEMENTS_MAX = 1000;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/**
 * Makes every parameterised statement on the pool's connections a named prepared statement: the
 * database parses and plans a statement once per connection, then only binds and runs it (node-pg
 * keeps track of what each connection has prepared). The per-request lookups (the token's session,
 * a folder, a page of entries) are the same few texts again and again, and on a small machine the
 * database shares the cores with the server, so the parse and plan it no longer does is CPU the
 * server gets back. Statements without parameters go as before (the simple protocol, which also
 * takes several statements in one text, as migrations send them).
 */
export function prepareStatements(pool: pg.Pool, max = PREPARED_STATEMENTS_MAX): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `kerf_${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [first, values, ...rest] = args;
      const config: QueryConfig = typeof first === 'string' ? { text: first } : (first as QueryConfig);
      // A statement already named, or a submittable (cursor, stream): as it is.
      if (typeof config !== 'object' || config === null || typeof config.text !== 'string' || config.name) {
        return query(...args);
      }
      if (config.submit) return query(...args);
      const params = Array.isArray(values) ? values : config.values;
      if (!Array.isArray(params) || params.length === 0) return query(...args);
      const name = nameOf(config.text);
      return name ? query({ ...config, name }, values, ...rest) : query(...args);
    };
  });
}
