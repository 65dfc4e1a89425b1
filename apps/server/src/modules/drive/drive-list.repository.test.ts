import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.js';
import { driveBlobs } from '../../db/schema.js';
import { UserRepository } from '../account/user.repository.js';
import { DriveRepository } from './drive.repository.js';
import { DriveService } from './drive.service.js';
import { type EntryRow, type ListRequest, listFolderStatement, type SortKey } from './drive-list.repository.js';

const SORTS: SortKey[] = ['name', 'size', 'type', 'time'];
const ORDERS = ['asc', 'desc'] as const;
const natural = new Intl.Collator('und', { numeric: true });

/** The list order, written out: folders first, the sort column, the name in natural order, the id. */
function expectedOrder(rows: EntryRow[], sort: SortKey, order: 'asc' | 'desc'): EntryRow[] {
  const key = (e: EntryRow) =>
    ({ name: 0, size: e.fileSize, type: e.extendName, time: e.updatedAt.getTime() })[sort] as number | string;
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (a.isDir !== b.isDir) return a.isDir ? -1 : 1;
    const x = key(a);
    const y = key(b);
    const byKey = typeof x === 'string' ? (x < (y as string) ? -1 : x > (y as string) ? 1 : 0) : x - (y as number);
    return sign * (byKey || natural.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
  });
}

/** A fresh database with one person, Ada, and one folder of hers at the root. */
async function openWithFolder(database: (typeof testDatabases)[number], folderName: string) {
  const db = await database.open();
  const repo = new DriveRepository(db.db);
  const drive = new DriveService(repo);
  const ada = (
    await new UserRepository(db.db).create({ loginName: 'ada', nickName: 'Ada', email: 'a@example.com' }, [])
  ).id;
  const folderId = (await drive.createFolder(ada, { name: folderName })).id;
  return { db, repo, drive, ada, folderId };
}

describe.each(testDatabases)('drive folder lists on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let repo: DriveRepository;
  let drive: DriveService;
  let ada = '';
  let folderId = '';
  const COUNT = 67;

  beforeAll(async () => {
    ({ db, repo, drive, ada, folderId } = await openWithFolder(database, 'Parts'));
    const sha256 = createHash('sha256').update('bytes').digest('hex');
    await db.db.insert(driveBlobs).values({ sha256, size: 10, refCount: COUNT });
    // Ties everywhere but in the name: three sizes, three types, four times; folders among the files;
    // numbers in names that sort naturally (part-9 before part-10) and mixed case.
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1 + (i % 4)));
    await repo.db.transaction(async (tx) => {
      await repo.insertMany(
        tx,
        Array.from({ length: COUNT }, (_, i) => {
          const isDir = i % 9 === 0;
          const ext = ['dxf', 'svg', 'nc'][i % 3]!;
          return {
            userId: ada,
            parentId: folderId,
            parentPath: '/Parts',
            name: isDir ? `Folder ${(i * 37) % 101}` : `${i % 2 ? 'part' : 'Part'}-${(i * 37) % 101}.${ext}`,
            isDir,
            extendName: isDir ? '' : ext,
            blobSha256: isDir ? null : sha256,
            fileSize: isDir ? 0 : [5, 500, 50][i % 3]!,
            createdAt: at(i),
            updatedAt: at(i),
          };
        }),
      );
      await repo.countChildren(tx, ada, folderId, COUNT);
    });
    await db.db.execute(sql`vacuum analyze drive_entries`);
  });
  afterAll(() => db.dispose());

  const list = (request: Partial<ListRequest> & { page?: number }) =>
    drive.list(ada, { folderId }, { page: 1, limit: 7, sort: 'name', order: 'asc', ...request } as Parameters<
      DriveService['list']
    >[2]);

  /** Every page by number, then every page by cursor, each joined. */
  async function allPages(request: Partial<ListRequest>) {
    const byNumber: EntryRow[] = [];
    const first = await list(request);
    for (let page = 1; page <= Math.ceil(first.total / 7); page++)
      byNumber.push(...(await list({ ...request, page })).rows);
    const byCursor: EntryRow[] = [];
    let after: string | undefined;
    for (let n = 0; n < 100; n++) {
      const answer = await list({ ...request, after });
      byCursor.push(...answer.rows);
      if (!answer.nextCursor) break;
      after = answer.nextCursor;
    }
    return { total: first.total, byNumber, byCursor };
  }

  for (const sort of SORTS) {
    for (const order of ORDERS) {
      it(`pages by number and by cursor through sort=${sort} ${order}, in the written-out order`, async () => {
        const whole = (await list({ sort, order, limit: 500 })).rows;
        expect(whole).toHaveLength(COUNT);
        const { total, byNumber, byCursor } = await allPages({ sort, order });
        expect(total).toBe(COUNT);
        expect(byNumber.map((e) => e.id)).toEqual(whole.map((e) => e.id));
        expect(byCursor.map((e) => e.id)).toEqual(whole.map((e) => e.id));
        // PGlite has no ICU: its "natural" collation is not one, so only PostgreSQL is held to the order.
        if (database.name === 'postgres') {
          expect(whole.map((e) => e.name)).toEqual(expectedOrder(whole, sort, order).map((e) => e.name));
        }
      });
    }
  }

  it('pages a filtered list (keyword, folders only) with its own count', async () => {
    const word = await allPages({ sort: 'size', order: 'desc', keyword: 'ART-1' });
    const matching = (await list({ sort: 'size', order: 'desc', limit: 500 })).rows.filter((e) =>
      e.name.toLowerCase().includes('art-1'),
    );
    expect(word.total).toBe(matching.length);
    expect(word.byNumber.map((e) => e.id)).toEqual(matching.map((e) => e.id));
    expect(word.byCursor.map((e) => e.id)).toEqual(matching.map((e) => e.id));
    const folders = await allPages({ sort: 'time', order: 'asc', foldersOnly: true });
    expect(folders.total).toBe(Math.ceil(COUNT / 9));
    expect(folders.byNumber.every((e) => e.isDir)).toBe(true);
    expect(folders.byCursor.map((e) => e.id)).toEqual(folders.byNumber.map((e) => e.id));
  });

  it('sorts names naturally: numbers by value, letters before case', async () => {
    if (database.name !== 'postgres') return; // PGlite has no ICU
    const files = (await list({ limit: 500 })).rows.filter((e) => !e.isDir).map((e) => e.name);
    // 'Part-9', 'part-10', 'Part-11', ...: by the number, whatever the case of the letters before it
    const numbers = files.map((name) => Number(name.match(/-(\d+)\./)![1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(files.map((name) => name[0])).size).toBe(2);
  });

  it('continues from a cursor the page before handed out; a purged entry falls back to the page number', async () => {
    const second = await list({ page: 2 });
    const byCursor = await list({ page: 2, after: (await list({})).nextCursor! });
    expect(byCursor.rows.map((e) => e.id)).toEqual(second.rows.map((e) => e.id));
    const gone = '00000000-0000-4000-8000-000000000000';
    expect((await list({ page: 2, after: gone })).rows.map((e) => e.id)).toEqual(second.rows.map((e) => e.id));
    const last = await list({ page: Math.ceil(COUNT / 7) });
    expect(last.rows).toHaveLength(COUNT % 7);
    expect(last.nextCursor).toBeNull();
    await expect(
      drive.list(ada, { folderId: gone }, { page: 1, limit: 7, sort: 'name', order: 'asc' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  /** The entries the plan reads from drive_entries (any scan of it), and whether any of them is a Seq Scan. */
  async function planOf(request: ListRequest) {
    const statement = listFolderStatement(ada, { id: folderId }, request);
    // A folder this small is cheaper to read whole; forbidding that shows which index path the
    // statement has, and a page found by OFFSET over the rows would still read them all.
    const answer = await db.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(sql`explain (analyze, format json) ${statement}`)) as unknown as {
        rows: Array<Record<string, unknown>>;
      };
    });
    const raw = answer.rows[0]!['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    let scanned = 0;
    let seqScans = 0;
    let sortedRows = 0;
    const walk = (node: PlanNode) => {
      if (node['Relation Name'] === 'drive_entries') {
        scanned += (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
        if (node['Node Type'] === 'Seq Scan') seqScans++;
      }
      if (node['Node Type'] === 'Sort') sortedRows = Math.max(sortedRows, node['Actual Rows'] ?? 0);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan[0]!.Plan);
    return { scanned, seqScans, sortedRows };
  }
  interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    'Actual Rows'?: number;
    'Actual Loops'?: number;
    Plans?: PlanNode[];
  }

  it('reads no more of the folder than the rows before the page from its nearer end, and a cursor page only itself', async () => {
    const limit = 5;
    for (const sort of SORTS) {
      for (const order of ORDERS) {
        const base = { sort, order, limit };
        // the folder itself, the page's ids from the index, and the page's rows: nothing else
        const last = await planOf({ ...base, offset: COUNT - 2 });
        expect(last.seqScans).toBe(0);
        expect(last.scanned).toBeLessThanOrEqual(1 + 2 + 2);
        const nearEnd = await planOf({ ...base, offset: COUNT - 15 });
        expect(nearEnd.scanned).toBeLessThanOrEqual(1 + 15 + limit);
        const middle = await planOf({ ...base, offset: 30 });
        expect(middle.scanned).toBeLessThanOrEqual(1 + 30 + limit + limit);
        expect(middle.sortedRows).toBeLessThanOrEqual(limit);
        const row = (await list({ sort, order, page: 7, limit: 5 })).rows[0]!;
        const keyset = await planOf({ ...base, offset: 0, after: row.id });
        expect(keyset.seqScans).toBe(0);
        expect(keyset.scanned).toBeLessThanOrEqual(1 + 1 + limit + limit);
      }
    }
  });
});

describe.each(testDatabases)('pages deep in a big folder on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let repo: DriveRepository;
  let drive: DriveService;
  let ada = '';
  let folderId = '';
  const COUNT = 2600;

  beforeAll(async () => {
    ({ db, repo, drive, ada, folderId } = await openWithFolder(database, 'Big'));
    await repo.db.transaction(async (tx) => {
      await repo.insertMany(
        tx,
        Array.from({ length: COUNT }, (_, i) => ({
          userId: ada,
          parentId: folderId,
          parentPath: '/Big',
          name: `sheet-${(i * 7919) % 10007}`,
          isDir: false,
          fileSize: (i * 31) % 97,
        })),
      );
      await repo.countChildren(tx, ada, folderId, COUNT);
    });
  });
  afterAll(() => db.dispose());

  const page = async (number: number, sort: SortKey = 'size', order: 'asc' | 'desc' = 'desc') =>
    (await drive.list(ada, { folderId }, { page: number, limit: 50, sort, order })).rows.map((e) => e.name);
  /** The whole list, by cursor (which never uses remembered positions). */
  const whole = async (sort: SortKey = 'size', order: 'asc' | 'desc' = 'desc') => {
    const names: string[] = [];
    let after: string | undefined;
    do {
      const answer = await drive.list(ada, { folderId }, { page: 1, limit: 500, sort, order, after });
      names.push(...answer.rows.map((e) => e.name));
      after = answer.nextCursor ?? undefined;
    } while (after);
    return names;
  };
  const version = async () => (await repo.findLive(ada, folderId))!.listVersion;

  it('answers pages past the remembered positions with the same rows as the whole list, and follows changes', async () => {
    let all = await whole();
    expect(all).toHaveLength(COUNT);
    for (const n of [21, 25, 41, 52]) expect(await page(n)).toEqual(all.slice((n - 1) * 50, n * 50));
    all = await whole('name', 'asc');
    for (const n of [21, 52]) expect(await page(n, 'name', 'asc')).toEqual(all.slice((n - 1) * 50, n * 50));
    // a rename moves an entry across the remembered positions: the pages follow at once
    const before = await version();
    const first = (await drive.list(ada, { folderId }, { page: 1, limit: 1, sort: 'name', order: 'asc' })).rows[0]!;
    await drive.rename(ada, first.id, 'zzz-last');
    expect(await version()).toBeGreaterThan(before);
    all = await whole('name', 'asc');
    for (const n of [21, 30, 52]) expect(await page(n, 'name', 'asc')).toEqual(all.slice((n - 1) * 50, n * 50));
    // and a new entry, and a deleted one
    await drive.createFolder(ada, { parentId: folderId, name: 'a folder' });
    const gone = (await drive.list(ada, { folderId }, { page: 30, limit: 1, sort: 'name', order: 'asc' })).rows[0]!;
    await drive.remove(ada, [gone.id], 1);
    all = await whole('name', 'asc');
    expect(all).toHaveLength(COUNT);
    for (const n of [21, 30, 52]) expect(await page(n, 'name', 'asc')).toEqual(all.slice((n - 1) * 50, n * 50));
  });

  it('raises a folder list version only when an entry directly inside changes where it sorts', async () => {
    const entry = (await drive.list(ada, { folderId }, { page: 1, limit: 1, sort: 'name', order: 'asc' })).rows[0]!;
    const start = await version();
    await repo.db.transaction((tx) => repo.countChildren(tx, ada, folderId, 0 + 1));
    await repo.db.transaction((tx) => repo.countChildren(tx, ada, folderId, -1));
    expect(await version()).toBe(start); // the count is no change to the order
    await repo.db.transaction((tx) => repo.update(tx, ada, entry.id, { fileSize: 123_456 }));
    expect(await version()).toBe(start + 1);
  });
});
