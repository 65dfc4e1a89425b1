import { Column, getTableColumns, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { driveAccounts, driveEntries } from '../../db/schema.js';
import { StatementShapes } from '../../db/statement-shapes.js';

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
  /** Start at this entry (a remembered position), skip `skip` entries from there; ignores `offset`. */
  from?: { id: string; skip: number };
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
  /** The folder listed (null: the root) and its list version the page was read at (driveEntries.listVersion). */
  folderId: string | null;
  version: number;
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

/**
 * The columns as [property, column name, mapper]: the mapper only where drizzle changes the driver's
 * value (timestamps from text, bigint from text), not the identity it is for most columns.
 */
const entryColumns = Object.entries(getTableColumns(driveEntries)).map(([key, column]) => {
  const maps = column.mapFromDriverValue !== Column.prototype.mapFromDriverValue;
  return [key, column.name, maps ? (value: unknown) => column.mapFromDriverValue(value) : undefined] as const;
});

/** A row as the driver hands it (snake_case names, raw values) to the row drizzle's select would give. */
function entryOf(raw: Record<string, unknown>): EntryRow {
  const row: Record<string, unknown> = {};
  for (const [key, name, map] of entryColumns) {
    const value = raw[name];
    row[key] = value === null || value === undefined ? null : map ? map(value) : value;
  }
  return row as EntryRow;
}

/**
 * One page of a folder's live entries in one SQL statement: the folder looked up (by id or path, and
 * owned by the user), its entry count (stored, or counted when filtered), and the page's rows.
 *
 * A page never reads the rows before it: with `after`, it seeks into the sort's index with one row
 * comparison (keyset); by number, an index-only scan of the sort's index skips the rows before it from
 * whichever end of the folder is nearer, and only the page's own rows are fetched from the table. Deep
 * in a big folder, it starts from a remembered position instead (see POSITION_STEP): one statement
 * while the folder stands, three after it changed (the stale try, the positions again, the page).
 */
export async function listFolderPage(
  db: Database,
  userId: string,
  folder: FolderRef,
  request: ListRequest,
): Promise<ListAnswer> {
  const deep = !request.after && !request.keyword?.trim() && !request.foldersOnly && request.offset >= POSITION_STEP;
  if (!deep) return readPage(db, userId, folder, request);
  const key = JSON.stringify([userId, folder, request.sort, request.order]);
  const positions = rememberedPositions.get(db) ?? new Map<string, Positions>();
  rememberedPositions.set(db, positions);
  for (let attempt = 0; attempt < 2; attempt++) {
    const known = positions.get(key) ?? (await readPositions(db, userId, folder, request, key, positions));
    const at = Math.floor(request.offset / POSITION_STEP);
    const id = known?.ids[at];
    if (!known || !id) break;
    const from = { id, skip: request.offset - at * POSITION_STEP };
    const answer = await readPage(db, userId, folder, { ...request, from });
    // The same folder (a path may name another one by now) at the same version: the positions held.
    if (!answer.found || (answer.folderId === known.folderId && answer.version === known.version)) return answer;
    positions.delete(key); // the folder changed since: read the positions again
  }
  return readPage(db, userId, folder, request);
}

/**
 * Every POSITION_STEP-th entry of a big folder's order, remembered per folder, sort and direction
 * with the folder's list version: a page number past the first step then starts from the nearest
 * remembered entry (a keyset seek) and skips fewer than a step, instead of up to half the folder.
 * Valid while the version stands (the trigger raises it on any change to where entries sort).
 */
const POSITION_STEP = 1000;
const REMEMBERED_ORDERS = 256;
interface Positions {
  folderId: string | null;
  version: number;
  ids: string[];
}
/** Per database (a test process opens several), by user, folder reference, sort and direction. */
const rememberedPositions = new WeakMap<Database, Map<string, Positions>>();

async function readPositions(
  db: Database,
  userId: string,
  folder: FolderRef,
  request: ListRequest,
  key: string,
  positions: Map<string, Positions>,
) {
  const raw = await runStatement(db, positionsStatement(userId, folder, request));
  if (raw.length === 0) return undefined;
  const known: Positions = {
    folderId: (raw[0]!.folder_id as string | null) ?? null,
    version: Number(raw[0]!.folder_version),
    ids: raw.flatMap((r) => (r.id ? [String(r.id)] : [])),
  };
  if (positions.size >= REMEMBERED_ORDERS) positions.delete(positions.keys().next().value!);
  positions.set(key, known);
  return known;
}

async function readPage(db: Database, userId: string, folder: FolderRef, request: ListRequest): Promise<ListAnswer> {
  const raw = await listShapes.run(
    db,
    listShapeOf(folder, request),
    () => buildListStatement(kindOf(folder), request, sql.placeholder),
    listValuesOf(userId, folder, request),
  );
  if (raw.length === 0) return { found: false, rows: [], total: 0, anchored: true, folderId: null, version: 0 };
  const first = raw[0]!;
  return {
    found: true,
    rows: raw.filter((r) => r.id !== null && r.id !== undefined).map(entryOf),
    total: Number(first.list_total),
    anchored: Boolean(first.list_anchored),
    folderId: (first.list_folder_id as string | null) ?? null,
    version: Number(first.list_folder_version),
  };
}

/**
 * Runs a statement. On a PostgreSQL pool every parameterised statement is a named prepared statement
 * (db/prepared-statements.ts), so a list call is planned once per connection, not each time.
 */
async function runStatement(db: Database, statement: SQL): Promise<Array<Record<string, unknown>>> {
  return ((await db.execute(statement)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

/** The values a list statement takes; which of them a statement uses depends on its shape. */
interface ListValues extends Record<string, unknown> {
  userId: string;
  folderId?: string;
  parentPath?: string;
  baseName?: string;
  keyword?: string;
  after?: string;
  skip?: number;
  offset?: number;
  twiceOffset?: number;
  offsetAndLimit?: number;
  limit?: number;
}

/** How a statement refers to one of its values: a placeholder (rendered once per shape) or the value itself. */
type Bind = (name: keyof ListValues & string) => SQLWrapper;

type FolderKind = 'root' | 'id' | 'path';
const kindOf = (folder: FolderRef): FolderKind => (folder === 'root' ? 'root' : 'id' in folder ? 'id' : 'path');

/** A list call's statement is rendered once per shape (StatementShapes); every call after fills in values. */
const listShapes = new StatementShapes<ListValues>();

/** What decides the list statement's text: everything but the values it binds. */
function listShapeOf(folder: FolderRef, request: ListRequest): string {
  const keyword = request.keyword?.trim() ? 'k' : '';
  const foldersOnly = request.foldersOnly ? 'f' : '';
  const seek = request.from ? 'from' : request.after ? 'after' : 'offset';
  return `${kindOf(folder)}:${request.sort}:${request.order}:${Math.max(1, Math.trunc(request.limit))}:${keyword}${foldersOnly}:${seek}`;
}

function listValuesOf(userId: string, folder: FolderRef, request: ListRequest): ListValues {
  const { limit, offset, from } = request;
  const keyword = request.keyword?.trim();
  return {
    userId,
    ...(folder === 'root' ? {} : 'id' in folder ? { folderId: folder.id } : pathValuesOf(folder.path)),
    ...(keyword ? { keyword: `%${escapeLike(keyword)}%` } : {}),
    ...(from || request.after
      ? { after: from?.id ?? request.after, skip: from?.skip ?? 0 }
      : { offset, twiceOffset: 2 * offset, offsetAndLimit: offset + limit, limit }),
  };
}

/** A binder that writes the values in as parameters (the tests that read a statement's plan). */
function inlineValues(values: ListValues): Bind {
  return (name) => sql`${values[name]}`;
}

/** The ids at every POSITION_STEP-th place of a folder's order, with the folder's version, in one index pass. */
function positionsStatement(userId: string, folder: FolderRef, request: ListRequest): SQL {
  const inIndex = orderColumns(request.sort, request.order, 'd');
  const bind = inlineValues(listValuesOf(userId, folder, request));
  const kind = kindOf(folder);
  return sql`
    with folder as (${folderRowOf(kind, bind)})
    select f.id as folder_id, f.version as folder_version, p.id
      from folder f
      left join (select id, place from (
                   select d.id, row_number() over (order by ${orderBy(inIndex, request.order)}) - 1 as place
                     from drive_entries d where ${inListOf(kind, bind)}) as ranked
                  where place % ${POSITION_STEP} = 0) as p on true
     order by p.place`;
}

/** The statement listFolderPage runs, with its values in it (for the tests that read its plan). */
export function listFolderStatement(userId: string, folder: FolderRef, request: ListRequest): SQL {
  return buildListStatement(kindOf(folder), request, inlineValues(listValuesOf(userId, folder, request)));
}

/**
 * The list statement of a shape (listShapeOf): `request` only decides the text (sort, direction,
 * limit, filters, how the page is found); every value comes through `bind`.
 */
function buildListStatement(kind: FolderKind, request: ListRequest, bind: Bind): SQL {
  const { sort, order, limit, from } = request;
  const seeks = Boolean(from ?? request.after);
  const keyword = Boolean(request.keyword?.trim());
  const filtered = keyword || Boolean(request.foldersOnly);

  const folderRow = folderRowOf(kind, bind);
  const inList = inListOf(kind, bind, keyword, request.foldersOnly);
  const total = filtered
    ? sql`select count(*)::int as n from drive_entries d where ${inList}`
    : sql`select stored as n from folder`;

  // Written into the text, not a parameter: a prepared statement's generic plan then still knows a page
  // is a few rows (and fetches them by id), where an unknown limit is taken for a tenth of the table.
  const rowsLimit = sql.raw(String(Math.max(1, Math.trunc(limit))));
  const inIndex = orderColumns(sort, order, 'd');
  let page: SQL;
  let anchor: SQL | undefined;
  if (seeks) {
    anchor = sql`select ${sql.join(
      orderColumns(sort, order, 'a').map((c, i) => sql`${c} as ${sql.identifier(`k${i}`)}`),
      sql`, `,
    )} from drive_entries a where a.user_id = ${bind('userId')} and a.id = ${bind('after')}`;
    // One scalar subquery per column (not a row subquery): the planner turns them into parameters and
    // the row comparison into an index condition.
    const anchorKeys = sql.join(
      inIndex.map((_, i) => sql`(select ${sql.identifier(`k${i}`)} from anchor)`),
      sql`, `,
    );
    // after the entry, or (a remembered position) from it on
    const beyond = sql.raw((order === 'asc' ? '>' : '<') + (from ? '=' : ''));
    page = sql`select d.id from drive_entries d
                where ${inList} and (${sql.join(inIndex, sql`, `)}) ${beyond} (${anchorKeys})
                order by ${orderBy(inIndex, order)} offset ${bind('skip')} limit ${rowsLimit}`;
  } else {
    // Two branches of which the one-time filters (on the total) run one: skip from the start when the
    // page lies in the first half, else walk the index backwards from the end.
    const n = sql`(select n from total)`;
    page = sql`select id from ((select d.id from drive_entries d
                 where ${inList} and ${n} >= ${bind('twiceOffset')}
                 order by ${orderBy(inIndex, order)} offset ${bind('offset')} limit ${rowsLimit})
               union all
               (select d.id from drive_entries d
                 where ${inList} and ${n} < ${bind('twiceOffset')}
                 order by ${orderBy(inIndex, reverse(order))}
                 offset greatest(${n} - ${bind('offsetAndLimit')}, 0)
                 limit greatest(least(${bind('limit')}, ${n} - ${bind('offset')}), 0))
               ) as either limit ${rowsLimit}`; // the outer limit tells the planner how few rows to fetch
  }

  const shown = orderColumns(sort, order, 'e');
  return sql`
    with folder as (${folderRow}),
         total as (${total}),
         ${anchor ? sql`anchor as (${anchor}),` : sql``}
         page as (${page})
    select t.n as list_total, f.id as list_folder_id, f.version as list_folder_version,
           ${anchor ? sql`exists (select from anchor)` : sql`true`} as list_anchored, e.*
      from folder f cross join total t
      left join (page p join drive_entries e on e.id = p.id) on true
     order by ${orderBy(shown, order)}`;
}

/** The folder listed, as one row (id, stored entry count, list version), or none when not the user's live folder. */
function folderRowOf(kind: FolderKind, bind: Bind): SQL {
  if (kind === 'root') {
    return sql`select null::uuid as id, coalesce(a.root_child_count, 0) as stored,
                      coalesce(a.root_list_version, 0) as version
                 from (select) as one left join ${driveAccounts} a on a.user_id = ${bind('userId')}`;
  }
  const which =
    kind === 'id'
      ? sql`id = ${bind('folderId')}`
      : sql`parent_path = ${bind('parentPath')} and name = ${bind('baseName')}`;
  return sql`select id, child_count as stored, list_version as version from drive_entries
              where user_id = ${bind('userId')} and ${which} and is_dir and deleted_at is null`;
}

/** The entries the list shows, in table `d` (the folder from the `folder` CTE). */
function inListOf(kind: FolderKind, bind: Bind, keyword?: boolean, foldersOnly?: boolean): SQL {
  return sql.join(
    [
      sql`d.user_id = ${bind('userId')}`,
      kind === 'root' ? sql`d.parent_id is null` : sql`d.parent_id = (select id from folder)`,
      sql`d.deleted_at is null`,
      keyword ? sql`d.name ilike ${bind('keyword')}` : undefined,
      foldersOnly ? sql`d.is_dir` : undefined,
    ].filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
}

function pathValuesOf(path: string): { parentPath: string; baseName: string } {
  const cut = path.lastIndexOf('/');
  return { parentPath: cut <= 0 ? '/' : path.slice(0, cut), baseName: path.slice(cut + 1) };
}
