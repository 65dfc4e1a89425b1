import { createHash } from 'node:crypto';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../../db/client.js';
import { driveAccounts, driveEntries } from '../../db/schema.js';

export type EntryRow = typeof driveEntries.$inferSelect;
export type SortKey = 'name' | 'size' | 'type' | 'time';
export type SortOrder = 'asc' | 'desc';

/** Which folder to list: one by id, one by its full path ('/a/b'), or the root. */
export type FolderRef = { id: string } | { path: string } | 'root';

export interface ListRequest {
  sort: SortKey;
  order: SortOrder;
  limit: number;
  /** Entries to skip from the start of the order (a page number); ignored when `after` is given. */
  offset: number;
  /** The id of the entry the previous page ended with: this page starts right after it (keyset paging). */
  after?: string;
  /** Only names containing this, case-insensitively. */
  keyword?: string;
  /** Only folders (the SPEC's listFileFolder, the target-folder dialogs). */
  foldersOnly?: boolean;
}

export interface ListAnswer {
  /** False when the folder is not a live folder of the user. */
  found: boolean;
  rows: EntryRow[];
  /** Entries in the folder matching the request's filters (all pages). */
  total: number;
  /** False when `after` named no entry of the user (purged since): the caller pages by number instead. */
  anchored: boolean;
}

/** The column each sort orders by between "folders first" and the name (none for the name sort). */
const SORT_COLUMN: Record<SortKey, string | undefined> = {
  name: undefined,
  size: 'file_size',
  type: 'extend_name',
  time: 'updated_at',
};

/**
 * The list order as the list indexes hold it (schema.ts, listIndexes): folders first, the sort column,
 * the name (natural order, from the column's collation), the id to break ties, all in the one
 * direction. Folders first while ascending is `not is_dir` ascending; while descending, `is_dir`
 * descending. `table` qualifies the columns (a table or alias name).
 */
function orderColumns(sort: SortKey, order: SortOrder, table: string): SQL[] {
  const column = (name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;
  const foldersFirst = order === 'asc' ? sql`(not ${column('is_dir')})` : column('is_dir');
  const key = SORT_COLUMN[sort];
  return [foldersFirst, ...(key ? [column(key)] : []), column('name'), column('id')];
}

const orderBy = (columns: SQL[], direction: SortOrder) =>
  sql.join(
    columns.map((c) => sql`${c} ${sql.raw(direction)}`),
    sql`, `,
  );

const reverse = (direction: SortOrder): SortOrder => (direction === 'asc' ? 'desc' : 'asc');

/** Text matched literally inside a LIKE pattern (backslash is the default escape). */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const entryColumns = Object.entries(getTableColumns(driveEntries));

/** A row as the driver hands it (snake_case names, raw values) to the row drizzle's select would give. */
function entryOf(raw: Record<string, unknown>): EntryRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of entryColumns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as EntryRow;
}

/**
 * One page of a folder's live entries in one SQL statement: the folder looked up (by id or path, and
 * owned by the user), its entry count (stored, or counted when filtered), and the page's rows.
 *
 * A page never reads the rows before it: with `after`, it seeks into the sort's index with one row
 * comparison (keyset); by number, an index-only scan of the sort's index skips the rows before it from
 * whichever end of the folder is nearer, and only the page's own rows are fetched from the table.
 */
export async function listFolderPage(
  db: Database,
  userId: string,
  folder: FolderRef,
  request: ListRequest,
): Promise<ListAnswer> {
  const raw = await runPrepared(db, listFolderStatement(userId, folder, request));
  if (raw.length === 0) return { found: false, rows: [], total: 0, anchored: true };
  const first = raw[0]!;
  return {
    found: true,
    rows: raw.filter((r) => r.id !== null && r.id !== undefined).map(entryOf),
    total: Number(first.list_total),
    anchored: Boolean(first.list_anchored),
  };
}

const dialect = new PgDialect();

/**
 * Runs a statement; on a PostgreSQL server as a named prepared statement (one per statement text,
 * prepared once per connection by the driver), so a list call is not planned again each time.
 */
async function runPrepared(db: Database, statement: SQL): Promise<Array<Record<string, unknown>>> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    const name = `kerf_list_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    // Past drizzle, so tell the logger it was given (query logging, the bench's statement capture).
    (db._.session as unknown as { logger?: Logger }).logger?.logQuery(text, params);
    return (await client.query({ name, text, values: params })).rows;
  }
  // PGlite: one connection in process, nothing to gain. Both drivers answer with `{ rows }`.
  return ((await db.execute(statement)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

/** The statement listFolderPage runs (exported for the tests that read its plan). */
export function listFolderStatement(userId: string, folder: FolderRef, request: ListRequest): SQL {
  const { sort, order, limit, offset, after } = request;
  const keyword = request.keyword?.trim();
  const filtered = Boolean(keyword) || Boolean(request.foldersOnly);

  const folderRow =
    folder === 'root'
      ? sql`select null::uuid as id, coalesce((select ${driveAccounts.rootChildCount} from ${driveAccounts}
                                                 where ${driveAccounts.userId} = ${userId}), 0) as stored`
      : 'id' in folder
        ? sql`select id, child_count as stored from drive_entries
               where user_id = ${userId} and id = ${folder.id} and is_dir and deleted_at is null`
        : sql`select id, child_count as stored from drive_entries
               where user_id = ${userId} and parent_path = ${parentPathOf(folder.path)}
                 and name = ${baseNameOf(folder.path)} and is_dir and deleted_at is null`;

  /** The entries the list shows, in table `d`. */
  const inList = sql.join(
    [
      sql`d.user_id = ${userId}`,
      folder === 'root' ? sql`d.parent_id is null` : sql`d.parent_id = (select id from folder)`,
      sql`d.deleted_at is null`,
      keyword ? sql`d.name ilike ${`%${escapeLike(keyword)}%`}` : undefined,
      request.foldersOnly ? sql`d.is_dir` : undefined,
    ].filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
  const total = filtered
    ? sql`select count(*)::int as n from drive_entries d where ${inList}`
    : sql`select stored as n from folder`;

  // Written into the text, not a parameter: a prepared statement's generic plan then still knows a page
  // is a few rows (and fetches them by id), where an unknown limit is taken for a tenth of the table.
  const rowsLimit = sql.raw(String(Math.max(1, Math.trunc(limit))));
  const inIndex = orderColumns(sort, order, 'd');
  let page: SQL;
  let anchor: SQL | undefined;
  if (after) {
    anchor = sql`select ${sql.join(
      orderColumns(sort, order, 'a').map((c, i) => sql`${c} as ${sql.identifier(`k${i}`)}`),
      sql`, `,
    )} from drive_entries a where a.user_id = ${userId} and a.id = ${after}`;
    // One scalar subquery per column (not a row subquery): the planner turns them into parameters and
    // the row comparison into an index condition.
    const anchorKeys = sql.join(
      inIndex.map((_, i) => sql`(select ${sql.identifier(`k${i}`)} from anchor)`),
      sql`, `,
    );
    const beyond = order === 'asc' ? sql`>` : sql`<`;
    page = sql`select d.id from drive_entries d
                where ${inList} and (${sql.join(inIndex, sql`, `)}) ${beyond} (${anchorKeys})
                order by ${orderBy(inIndex, order)} limit ${rowsLimit}`;
  } else {
    // Two branches of which the one-time filters (on the total) run one: skip from the start when the
    // page lies in the first half, else walk the index backwards from the end.
    const n = sql`(select n from total)`;
    page = sql`select id from ((select d.id from drive_entries d
                 where ${inList} and ${n} >= ${2 * offset}
                 order by ${orderBy(inIndex, order)} offset ${offset} limit ${rowsLimit})
               union all
               (select d.id from drive_entries d
                 where ${inList} and ${n} < ${2 * offset}
                 order by ${orderBy(inIndex, reverse(order))}
                 offset greatest(${n} - ${offset + limit}, 0) limit greatest(least(${limit}, ${n} - ${offset}), 0))
               ) as either limit ${rowsLimit}`; // the outer limit tells the planner how few rows to fetch
  }

  const shown = orderColumns(sort, order, 'e');
  return sql`
    with folder as (${folderRow}),
         total as (${total}),
         ${anchor ? sql`anchor as (${anchor}),` : sql``}
         page as (${page})
    select t.n as list_total, ${anchor ? sql`exists (select from anchor)` : sql`true`} as list_anchored, e.*
      from folder f cross join total t
      left join (page p join drive_entries e on e.id = p.id) on true
     order by ${orderBy(shown, order)}`;
}

function parentPathOf(path: string) {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

function baseNameOf(path: string) {
  return path.slice(path.lastIndexOf('/') + 1);
}
