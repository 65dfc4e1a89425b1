/**
 * Shop gallery benchmark (issue: drawing library): 100,000 listed objects of 200 designers; the first
 * page of the shop (newest, most popular, cheapest) and searches by part of a word (Chinese and
 * English), measured through the gallery service (the SQL the route runs, with its count), on PGlite
 * and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a scratch database, dropped
 * after). Median and p99 of GALLERY_BENCH_RUNS (default 50) calls each, after 3 warm-up calls.
 *
 *   npm run bench gallery        (or: node --import tsx apps/server/bench/gallery.bench.ts)
 * Overrides: GALLERY_BENCH_OBJECTS (100000)  GALLERY_BENCH_RUNS (50)  GALLERY_BENCH_DATABASES (pglite,postgres)
 * Prints a markdown table and writes .bench/gallery.json at the repository root.
 */
import { performance } from 'node:perf_hooks';
import { GalleryRepository, type ShopFilter } from '../src/modules/gallery/gallery.repository.js';
import { GalleryService } from '../src/modules/gallery/gallery.service.js';
import { ObjectRepository } from '../src/modules/objects/object.repository.js';
import { type BenchDatabase, openPglite, openPostgres } from './bench-database.js';
import { machine, markdownTable, median, p99, round, writeReport } from './bench-kit.js';

const env = process.env;
const OBJECTS = Number(env.GALLERY_BENCH_OBJECTS ?? 100_000);
const RUNS = Number(env.GALLERY_BENCH_RUNS ?? 50);
const DATABASES = (env.GALLERY_BENCH_DATABASES ?? 'pglite,postgres').split(',');
const POSTGRES_URL = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined;
const SELLERS = 200;
/** The issue names no baseline figure; a page a shopper waits on should come back well within this. */
const AIM_P99_MS = 100;

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Titles like "狐狸台灯 12345 Fox lamp": two Chinese words, a number and two English words. */
async function seed(db: BenchDatabase, objects: number) {
  const zh = `array['狐狸','台灯','杯垫','木盒','小鹿','猫头鹰','书签','钥匙扣','相框','拼图','风铃','灯笼']`;
  const en = `array['fox','lamp','coaster','box','deer','owl','bookmark','keyring','frame','puzzle','chime','lantern']`;
  const materials = `array['椴木板 3 mm','亚克力 3 mm','MDF 3 mm','皮革','卡纸','竹板']`;
  await db.raw(
    `insert into users (id, login_name, nick_name)
     select ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'seller' || i, '设计者' || i
       from generate_series(1, ${SELLERS}) i`,
    [],
  );
  await db.raw(`insert into drive_blobs (sha256, size, ref_count) values (repeat('a', 64), 1000, 0)`, []);
  await db.raw(
    `insert into drive_entries (id, user_id, name, is_dir, extend_name, file_size)
     select ('10000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
            ('00000000-0000-4000-8000-' || lpad(to_hex(1 + i % ${SELLERS}), 12, '0'))::uuid,
            (${zh})[1 + i % 12] || (${zh})[1 + (i / 12) % 12] || ' ' || i || ' ' || (${en})[1 + i % 12] || ' ' || (${en})[1 + (i / 12) % 12] || '.kobj',
            false, 'kobj', 2000
       from generate_series(1, ${objects}) i`,
    [],
  );
  await db.raw(
    `insert into store_objects (id, owner_id, description, tags, material, formats, paper_count, preview_count,
                                listed, price, currency, listed_at, like_count, download_count)
     select e.id, e.user_id, '激光切割作品 laser cut design ' || (${en})[1 + i % 12],
            array[(${zh})[1 + i % 12]], (${materials})[1 + i % 6],
            case when i % 3 = 0 then array['svg'] else array['dxf'] end, 1, 1, true,
            case when i % 4 = 0 then 0 else 100 * (1 + i % 200) end,
            case when i % 10 = 0 then 'USD' else 'CNY' end,
            now() - make_interval(secs => i), ((i::bigint * 7919) % 97)::int, ((i::bigint * 104729) % 53)::int
       from generate_series(1, ${objects}) i
       join drive_entries e on e.id = ('10000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid`,
    [],
  );
  await db.raw(
    `insert into store_object_files (object_id, kind, position, name, sha256, size, format)
     select id, 'preview', 0, 'cover.png', repeat('a', 64), 1000, 'png' from store_objects`,
    [],
  );
  await db.raw('analyze', []);
}

const SCENARIOS: Array<{ id: string; label: string; filter: ShopFilter; sort: 'new' | 'popular' | 'priceAsc' }> = [
  { id: 'first-new', label: 'first page, newest', filter: {}, sort: 'new' },
  { id: 'first-popular', label: 'first page, most popular', filter: {}, sort: 'popular' },
  { id: 'first-cheap', label: 'first page, cheapest (CNY)', filter: { currency: 'CNY' }, sort: 'priceAsc' },
  { id: 'search-zh', label: 'search 「鹿台」 (Chinese substring)', filter: { keyword: '鹿台' }, sort: 'new' },
  { id: 'search-en', label: 'search "owl book"', filter: { keyword: 'owl book' }, sort: 'new' },
  { id: 'search-rare', label: 'search "12345" (one object)', filter: { keyword: '12345' }, sort: 'new' },
  { id: 'filter-free-svg', label: 'free SVG, popular', filter: { free: true, format: 'svg' }, sort: 'popular' },
];

async function measure(name: string, db: BenchDatabase) {
  const started = performance.now();
  await seed(db, OBJECTS);
  log(
    `${name}: ${OBJECTS.toLocaleString('en-US')} listed objects seeded in ${round((performance.now() - started) / 1000, 1)} s`,
  );
  const database = db.handle.db;
  const gallery = new GalleryService(new GalleryRepository(database), new ObjectRepository(database));
  const viewer = '00000000-0000-4000-8000-000000000001';
  const results = [];
  for (const scenario of SCENARIOS) {
    const call = () => gallery.shop(viewer, scenario.filter, scenario.sort, { page: 1, limit: 20 });
    let total = 0;
    for (let i = 0; i < 3; i++) total = (await call()).total;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await call();
      times.push(performance.now() - t0);
    }
    results.push({
      database: name,
      ...scenario,
      matches: total,
      medianMs: round(median(times)),
      p99Ms: round(p99(times)),
    });
  }
  return results;
}

const all = [];
for (const name of DATABASES) {
  if (name === 'postgres' && !POSTGRES_URL) {
    log('postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    continue;
  }
  const db = name === 'postgres' ? await openPostgres(POSTGRES_URL!) : await openPglite();
  try {
    all.push(...(await measure(name, db)));
  } finally {
    await db.dispose();
  }
}

log(
  markdownTable([
    ['database', 'call (page of 20 with its count)', 'matches', 'median ms', 'p99 ms', `p99 ≤ ${AIM_P99_MS} ms`],
    ...all.map((r) => [r.database, r.label, r.matches, r.medianMs, r.p99Ms, r.p99Ms <= AIM_P99_MS ? 'yes' : 'no']),
  ]),
);
const path = await writeReport('gallery', {
  machine: machine(),
  objects: OBJECTS,
  runs: RUNS,
  aimP99Ms: AIM_P99_MS,
  results: all,
});
log(`written ${path}`);
