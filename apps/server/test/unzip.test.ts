import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  DUPLICATE_SUBMIT_WINDOW_MS,
  driveMessages,
  PREVIEW_PATHS,
  previewMessages,
  UNZIP_LIMITS,
} from '@kerf/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveBlobs, driveEntries } from '../src/db/schema.js';
import { AppError } from '../src/http/app-error.js';
import type { BlobStore } from '../src/infra/blob/blob-store.js';
import { createBlobStore } from '../src/infra/blob/index.js';
import { JobRepository } from '../src/infra/jobs/job.repository.js';
import { JobQueue } from '../src/infra/jobs/job-queue.js';
import { UnzipService } from '../src/modules/archive/unzip.service.js';
import { DriveRepository } from '../src/modules/drive/drive.repository.js';
import { DriveService } from '../src/modules/drive/drive.service.js';
import { call, type Json } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople, filesUnder } from './drive-helpers.js';
import {
  declareZipSizes,
  type FixtureEntry,
  markZipCodePage,
  markZipEncrypted,
  rar4Archive,
  rar5Archive,
  renameZipEntry,
  tarArchive,
  tgzArchive,
  zipArchive,
} from './fixtures/archives/archive-writers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const FIXTURES = fileURLToPath(new URL('./fixtures/archives', import.meta.url));
const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

const part = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 251));
const plan = 'cut the plate at 3 mm\n';
const dxf = '0\nSECTION\n0\nEOF\n';
/** 图纸.txt in GB18030 (the code page of Chinese Windows), as bytes a zip may carry without the UTF-8 flag. */
const GB_NAME = Buffer.from([0xcd, 0xbc, 0xd6, 0xbd, 0x2e, 0x74, 0x78, 0x74]);

/** The tree every generated archive holds: listed folders, an implied one (docs/deep), an empty one, a Chinese name. */
const TREE: FixtureEntry[] = [
  { name: 'docs/', kind: 'dir' },
  { name: 'docs/plan.txt', data: plan },
  { name: 'docs/deep/part.bin', data: part },
  { name: 'docs/blank.txt', data: '' },
  { name: 'readme.md', data: '# Kerf\nunpacked\n' },
  { name: 'empty/', kind: 'dir' },
  { name: '图纸/零件.dxf', data: dxf },
];

/** What a tree should look like in the drive: relative path → 'dir' or the content's SHA-256. */
type Shape = Record<string, string>;

function shapeOf(entries: FixtureEntry[]): Shape {
  const out: Shape = {};
  for (const entry of entries) {
    const parts = entry.name.replace(/\/$/, '').split('/');
    for (let i = 1; i < parts.length; i++) out[parts.slice(0, i).join('/')] = 'dir';
    out[parts.join('/')] = entry.kind === 'dir' ? 'dir' : sha(entry.data ?? '');
  }
  return out;
}

/** tree.7z and plain-header.7z, made with 7-Zip (LZMA2; the header compressed, or not): the same tree. */
const SEVEN_SHAPE: Shape = {
  docs: 'dir',
  'docs/plan.txt': sha(plan),
  'docs/deep': 'dir',
  'docs/deep/part.bin': sha(part),
  'readme.md': sha('# Kerf\nunpacked from 7z\n'),
  empty: 'dir',
  图纸: 'dir',
  '图纸/零件.dxf': sha(dxf),
};

const FORMATS: Array<{ label: string; file: string; make: () => Buffer | Promise<Buffer>; shape: Shape }> = [
  { label: 'zip', file: 'parts.zip', make: () => zipArchive(TREE), shape: shapeOf(TREE) },
  { label: 'rar 4', file: 'parts.rar', make: () => rar4Archive(TREE, { names: 'packed' }), shape: shapeOf(TREE) },
  { label: 'rar 5', file: 'parts.rar', make: () => rar5Archive(TREE), shape: shapeOf(TREE) },
  { label: '7z', file: 'parts.7z', make: () => readFileSync(join(FIXTURES, 'tree.7z')), shape: SEVEN_SHAPE },
  {
    label: '7z with a plain header',
    file: 'parts.7z',
    make: () => readFileSync(join(FIXTURES, 'plain-header.7z')),
    shape: SEVEN_SHAPE,
  },
  { label: 'tgz', file: 'parts.tgz', make: () => tgzArchive(TREE), shape: shapeOf(TREE) },
  { label: 'tar.gz', file: 'parts.tar.gz', make: () => tgzArchive(TREE), shape: shapeOf(TREE) },
  { label: 'tar', file: 'parts.tar', make: () => tarArchive(TREE), shape: shapeOf(TREE) },
];

describe.each(testDatabases)('unzip on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  let blobs: BlobStore;
  let drive: DriveService;
  const delivery = new RecordingDelivery();
  const blobDir = mkdtempSync(join(tmpdir(), 'kerf-unzip-blobs-'));
  const people = drivePeople(() => app, delivery);
  const { tokens, userIds: users, folder } = people;
  const upload = async (token: string, fileName: string, content: Buffer, folderId = '0') =>
    (await people.upload(token, fileName, content, folderId)).id as string;

  const startUnzip = (token: string, body: Record<string, unknown>, lang?: string) =>
    call(app, 'POST', `${API}${PREVIEW_PATHS.unzip}`, { token, body, lang });

  /** Polls the job until it ends. */
  const finished = async (token: string, jobId: string, lang?: string) => {
    for (let i = 0; i < 1000; i++) {
      const res = await call(app, 'GET', `${API}${PREVIEW_PATHS.unzip}/${jobId}`, { token, lang });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (res.body.data.state === 'done' || res.body.data.state === 'failed') return res.body.data as Json;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('unzip job did not finish');
  };

  const unzip = async (token: string, body: Record<string, unknown>, lang?: string) => {
    const started = await startUnzip(token, body, lang);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.jobId).toEqual(expect.any(String));
    return finished(token, started.body.data.jobId, lang);
  };

  /** The live entries below a folder path, as relative path → 'dir' or content hash, with the bytes checked in the store. */
  const shapeUnder = async (userId: string, path: string): Promise<Shape> => {
    const rows = await db.db
      .select()
      .from(driveEntries)
      .where(and(eq(driveEntries.userId, userId), isNull(driveEntries.deletedAt)));
    const out: Shape = {};
    for (const row of rows) {
      const full = row.parentPath === '/' ? `/${row.name}` : `${row.parentPath}/${row.name}`;
      const prefix = path === '/' ? '/' : `${path}/`;
      if (!full.startsWith(prefix)) continue;
      if (row.isDir) {
        out[full.slice(prefix.length)] = 'dir';
        continue;
      }
      const read = await blobs.get(row.blobSha256!);
      const pieces: Buffer[] = [];
      for await (const piece of read.stream) pieces.push(piece as Buffer);
      const bytes = Buffer.concat(pieces);
      expect(sha(bytes), full).toBe(row.blobSha256);
      expect(bytes.length, full).toBe(row.fileSize);
      out[full.slice(prefix.length)] = row.blobSha256!;
    }
    return out;
  };

  /** Everything unpacking could have changed: entries, usage, blob rows, stored bytes. */
  const snapshot = async (userId: string) => ({
    entries: (await db.db.select({ id: driveEntries.id }).from(driveEntries).where(eq(driveEntries.userId, userId)))
      .length,
    usedBytes: (await drive.quota(userId)).usedBytes,
    blobRows: (await db.db.select({ sha: driveBlobs.sha256 }).from(driveBlobs)).length,
    storedFiles: filesUnder(blobDir).length,
  });

  beforeAll(async () => {
    db = await database.open();
    blobs = await createBlobStore({ storage: 'disk', dir: blobDir });
    app = await testApp(db, { delivery, blobs });
    drive = new DriveService(new DriveRepository(db.db));
    await people.join('ada');
    await people.join('eve');
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it.each(FORMATS)('unpacks a real $label archive in all three modes with the right tree and bytes', async (format) => {
    const token = tokens.ada!;
    const tag = format.label.replace(/\W/g, '');
    const home = await folder(token, `M-${tag}`);
    const target = await folder(token, `T-${tag}`);
    const archive = await upload(token, format.file, await format.make(), home);
    const count = Object.keys(format.shape).length;

    // Mode 0: beside the archive.
    const here = await unzip(token, { userFileId: archive, unzipMode: 0 });
    expect(here).toMatchObject({
      state: 'done',
      progress: 1,
      entries: count,
      targetPath: `/M-${tag}`,
      message: '解压成功',
    });
    const inHome = await shapeUnder(users.ada!, `/M-${tag}`);
    expect(inHome).toEqual({ ...format.shape, [format.file]: expect.any(String) });

    // Mode 1: a new folder named after the archive without its extension.
    const named = await unzip(token, { userFileId: archive, unzipMode: 1 });
    expect(named).toMatchObject({ state: 'done', entries: count, targetPath: `/M-${tag}/parts` });
    expect(await shapeUnder(users.ada!, `/M-${tag}/parts`)).toEqual(format.shape);

    // Mode 2: the folder the person chose.
    const chosen = await unzip(token, { userFileId: archive, unzipMode: 2, folderId: target }, 'en');
    expect(chosen).toMatchObject({ state: 'done', entries: count, targetPath: `/T-${tag}`, message: 'Unpacked' });
    expect(await shapeUnder(users.ada!, `/T-${tag}`)).toEqual(format.shape);
  });

  it('numbers names already taken, as the drive does, and charges the quota once for all files', async () => {
    const token = tokens.ada!;
    const home = await folder(token, 'Again');
    const bytes = await zipArchive(TREE);
    const archive = await upload(token, 'parts.zip', bytes, home);
    const before = (await drive.quota(users.ada!)).usedBytes;
    await unzip(token, { userFileId: archive, unzipMode: 0 });
    const fileBytes = TREE.reduce((sum, entry) => sum + Buffer.from(entry.data ?? '').length, 0);
    expect((await drive.quota(users.ada!)).usedBytes).toBe(before + fileBytes);

    // The same request again within a second would be refused as a double submit.
    const later = () => new Promise((resolve) => setTimeout(resolve, DUPLICATE_SUBMIT_WINDOW_MS + 50));
    await later();
    expect(await unzip(token, { userFileId: archive, unzipMode: 0 })).toMatchObject({ state: 'done' });
    expect(await unzip(token, { userFileId: archive, unzipMode: 1 })).toMatchObject({ targetPath: '/Again/parts' });
    await later();
    expect(await unzip(token, { userFileId: archive, unzipMode: 1 })).toMatchObject({
      targetPath: '/Again/parts (1)',
    });
    const shape = await shapeUnder(users.ada!, '/Again');
    const tops = Object.keys(shape).filter((path) => !path.includes('/'));
    expect(tops.sort()).toEqual(
      [
        'docs',
        'docs (1)',
        'empty',
        'empty (1)',
        'parts',
        'parts (1)',
        'parts.zip',
        'readme.md',
        'readme (1).md',
        '图纸',
        '图纸 (1)',
      ].sort(),
    );
    expect(shape['docs (1)/deep/part.bin']).toBe(sha(part));
  });

  it('unpacks a plain .gz into one file named after it', async () => {
    const token = tokens.ada!;
    const home = await folder(token, 'Gz');
    const notes = Buffer.from('notes kept in a gzip\n'.repeat(20));
    const archive = await upload(token, 'notes.txt.gz', gzipSync(notes), home);
    expect(await unzip(token, { userFileId: archive, unzipMode: 0 })).toMatchObject({ state: 'done', entries: 1 });
    expect(await shapeUnder(users.ada!, '/Gz')).toEqual({
      'notes.txt': sha(notes),
      'notes.txt.gz': expect.any(String),
    });
  });

  it('reads names libarchive cannot print: zip names in GB18030, RAR 4 UTF-8 names', async () => {
    const token = tokens.ada!;
    const home = await folder(token, 'Names');
    const gbk = markZipCodePage(
      renameZipEntry(await zipArchive([{ name: 'abcd.txt', data: 'gb' }]), 'abcd.txt', GB_NAME),
    );
    const zip = await upload(token, 'gbk.zip', gbk, home);
    expect(await unzip(token, { userFileId: zip, unzipMode: 0 })).toMatchObject({ state: 'done', entries: 1 });
    const rar = await upload(
      token,
      'utf8.rar',
      rar4Archive([{ name: '零件 ☃.txt', data: 'utf8' }], { names: 'utf8' }),
      home,
    );
    expect(await unzip(token, { userFileId: rar, unzipMode: 0 })).toMatchObject({ state: 'done', entries: 1 });
    expect(await shapeUnder(users.ada!, '/Names')).toEqual({
      'gbk.zip': expect.any(String),
      'utf8.rar': expect.any(String),
      '图纸.txt': sha('gb'),
      '零件 ☃.txt': sha('utf8'),
    });
  });

  describe('refuses hostile archives and writes nothing', () => {
    /** Uploads the archive, unpacks it, and checks the refusal and that nothing at all changed. */
    const refused = async (
      file: string,
      bytes: Buffer,
      message: { 'zh-CN': string; en: string },
      args: string[] = [],
    ) => {
      const token = tokens.ada!;
      const archive = await upload(token, file, bytes);
      const before = await snapshot(users.ada!);
      const job = await unzip(token, { userFileId: archive, unzipMode: 1 });
      const zh = message['zh-CN'].replace('{0}', args[0] ?? '');
      expect(job, file).toMatchObject({ state: 'failed', entries: 0, message: zh });
      expect(job.progress).toBeLessThan(1);
      expect(await snapshot(users.ada!), file).toEqual(before);
      const english = await call(app, 'GET', `${API}${PREVIEW_PATHS.unzip}/${job.jobId}`, { token, lang: 'en' });
      expect(english.body.data.message).toBe(message.en.replace('{0}', args[0] ?? ''));
      await call(app, 'POST', `${API}/engine/file/deleteFile`, { token, body: { userFileId: archive, deleteMode: 2 } });
    };
    const good: FixtureEntry[] = [
      { name: 'fine/', kind: 'dir' },
      { name: 'fine/ok.txt', data: 'harmless' },
    ];

    it('path traversal: .., absolute paths, drive letters and backslashes', async () => {
      for (const [i, name] of [
        '../evil.txt',
        '/etc/x',
        'a/../../b',
        'a\\..\\..\\c',
        'C:\\evil.txt',
        'C:/evil.txt',
      ].entries()) {
        await refused(`t${i}.tar`, tarArchive([...good, { name, data: 'x' }]), previewMessages.unsafePath);
      }
      const zip = await zipArchive([...good, { name: 'xx/evil.txt', data: 'x' }]);
      await refused('traversal.zip', renameZipEntry(zip, 'xx/evil.txt', '../evil.txt'), previewMessages.unsafePath);
      await refused(
        'traversal.rar',
        rar4Archive([...good, { name: '..\\evil.txt', data: 'x' }]),
        previewMessages.unsafePath,
      );
      await refused(
        'traversal5.rar',
        rar5Archive([...good, { name: '../evil.txt', data: 'x' }]),
        previewMessages.unsafePath,
      );
    });

    it('symbolic and hard links, and device files', async () => {
      await refused(
        's.tar',
        tarArchive([...good, { name: 'link', kind: 'symlink', linkTo: '/etc/passwd' }]),
        previewMessages.archiveLink,
      );
      await refused(
        'h.tar',
        tarArchive([...good, { name: 'hard', kind: 'hardlink', linkTo: 'fine/ok.txt' }]),
        previewMessages.archiveLink,
      );
      await refused(
        's.zip',
        await zipArchive([...good, { name: 'link', kind: 'symlink', linkTo: '../../etc' }]),
        previewMessages.archiveLink,
      );
      await refused(
        's4.rar',
        rar4Archive([{ name: 'link', kind: 'symlink', linkTo: '/etc/passwd' }]),
        previewMessages.archiveLink,
      );
      await refused(
        's5.rar',
        rar5Archive([{ name: 'link', kind: 'symlink', linkTo: '/etc/passwd' }]),
        previewMessages.archiveLink,
      );
      await refused(
        'h5.rar',
        rar5Archive([{ name: 'hard', kind: 'hardlink', linkTo: 'x' }]),
        previewMessages.archiveLink,
      );
      await refused('s.7z', readFileSync(join(FIXTURES, 'symlink.7z')), previewMessages.archiveLink);
      await refused('dev.tar', tarArchive([...good, { name: 'tty', kind: 'chardev' }]), previewMessages.notArchive);
      await refused('fifo.tar', tarArchive([...good, { name: 'pipe', kind: 'fifo' }]), previewMessages.notArchive);
    });

    it('bombs: an extreme ratio, too many bytes, too many entries', async () => {
      const zeros = Buffer.alloc(20 * 1024 * 1024);
      const bomb = await zipArchive([{ name: 'zeros.bin', data: zeros }]);
      expect(zeros.length / bomb.length).toBeGreaterThan(UNZIP_LIMITS.maxRatio);
      await refused('bomb.zip', bomb, previewMessages.ratio);
      await refused('bomb.tgz', tgzArchive([{ name: 'zeros.bin', data: zeros }]), previewMessages.ratio);
      // A header declaring 5 GiB: refused on the declaration, before a byte of it is read.
      await refused(
        'huge.tar',
        tarArchive([{ name: 'huge.bin', declaredSize: 5 * 1024 ** 3 }]),
        previewMessages.tooManyBytes,
      );
      const many = await zipArchive(
        Array.from({ length: UNZIP_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `d${i}/`, kind: 'dir' as const })),
      );
      await refused('many.zip', many, previewMessages.tooManyEntries, [String(UNZIP_LIMITS.maxEntries)]);
    });

    it('a size that lies, bad names, clashing names, a damaged or foreign file', async () => {
      const honest = await zipArchive([...good, { name: 'zeros.bin', data: Buffer.alloc(1024 * 1024) }]);
      // Declares 1000 bytes (a harmless ratio) for a megabyte of zeros: caught by counting while reading.
      const lying = declareZipSizes(honest, (actual) => (actual === 1024 * 1024 ? 1000 : actual));
      await refused('lying.zip', lying, previewMessages.archiveCorrupt);
      await refused('star.tar', tarArchive([...good, { name: 'fine/a*b.txt', data: 'x' }]), previewMessages.badName);
      await refused(
        'long.tar',
        tarArchive([
          { name: `${'n'.repeat(99)}`, data: 'x' },
          { name: `d/${'n'.repeat(97)}`, data: 'y' },
        ]).subarray(0, 700),
        previewMessages.archiveCorrupt,
      );
      await refused(
        'twice.tar',
        tarArchive([
          { name: 'a.txt', data: 'x' },
          { name: 'a.txt', data: 'y' },
        ]),
        previewMessages.badName,
      );
      await refused(
        'clash.tar',
        tarArchive([
          { name: 'a', data: 'x' },
          { name: 'a/b.txt', data: 'y' },
        ]),
        previewMessages.badName,
      );
      await refused('fake.zip', Buffer.from('not an archive at all'), previewMessages.notArchive);
      const seven = readFileSync(join(FIXTURES, 'tree.7z'));
      await refused('cut.7z', seven.subarray(0, seven.length - 40), previewMessages.archiveCorrupt);
    });

    it('encrypted archives: a zip, a 7z, a 7z whose names are encrypted too', async () => {
      await refused('locked.zip', markZipEncrypted(await zipArchive(good)), previewMessages.archiveEncrypted);
      await refused('locked.7z', readFileSync(join(FIXTURES, 'encrypted.7z')), previewMessages.archiveEncrypted);
      await refused('hidden.7z', readFileSync(join(FIXTURES, 'encrypted-names.7z')), previewMessages.archiveEncrypted);
    });

    it('a name that cannot be read at all is refused, never mangled', async () => {
      // GB18030 bytes without the UTF-8 flag, and no central directory to read them from: libarchive
      // alone cannot print the name, so nothing is unpacked under a mangled one.
      const zip = markZipCodePage(
        renameZipEntry(await zipArchive([{ name: 'abcd.txt', data: 'x' }]), 'abcd.txt', GB_NAME),
      );
      await refused('cut.zip', zip.subarray(0, zip.length - 22), previewMessages.badName);
    });

    it('more than the free quota', async () => {
      const token = tokens.eve!;
      const archive = await upload(token, 'big.zip', await zipArchive([{ name: 'big.bin', data: part }]));
      const { usedBytes } = await drive.quota(users.eve!);
      await drive.setQuota(users.eve!, usedBytes + 1000);
      const before = await snapshot(users.eve!);
      const job = await unzip(token, { userFileId: archive, unzipMode: 0 });
      expect(job).toMatchObject({ state: 'failed', message: driveMessages.quotaExceeded['zh-CN'] });
      expect(await snapshot(users.eve!)).toEqual(before);
      await drive.setQuota(users.eve!, 10 * 1024 ** 3);
    });
  });

  it('leaves the bytes of a job that failed after storing them to the blob collector', async () => {
    const token = tokens.ada!;
    const content = Buffer.from('written, then abandoned\n');
    const archive = await upload(token, 'late.zip', await zipArchive([{ name: 'late.txt', data: content }]));
    // The quota fills up between the checks and the import: the import refuses, nothing is filed.
    class FullDrive extends DriveService {
      override async importTree(): Promise<never> {
        throw new AppError(413, driveMessages.quotaExceeded, { code: 413 });
      }
    }
    const queue = new JobQueue(new JobRepository(db.db), { pollMs: 50 });
    const unzipper = new UnzipService({
      drive: new FullDrive(new DriveRepository(db.db)),
      blobs,
      jobs: queue,
      kind: 'unzip-on-a-full-drive',
    });
    queue.start();
    const before = await snapshot(users.ada!);
    const { jobId } = await unzipper.start(users.ada!, { userFileId: archive, unzipMode: 0 });
    await unzipper.idle();
    expect(await unzipper.job(users.ada!, jobId, 'en')).toMatchObject({
      state: 'failed',
      message: 'Not enough storage space',
    });
    const after = await snapshot(users.ada!);
    expect(after.entries).toBe(before.entries);
    expect(after.usedBytes).toBe(before.usedBytes);
    expect(await blobs.stat(sha(content))).toMatchObject({ size: content.length });
    const [row] = await db.db
      .select()
      .from(driveBlobs)
      .where(eq(driveBlobs.sha256, sha(content)));
    expect(row).toMatchObject({ refCount: 0, unreferencedAt: expect.any(Date) });
    // The collector, once the grace period has passed, takes them like any orphan.
    await drive.collectBlobs(new Date(Date.now() + 60_000), (hash) => blobs.delete(hash));
    expect(await blobs.stat(sha(content))).toBeNull();
    await queue.stop();
  });

  it('checks the request: my archive only, an archive at all, my target folder only, my job only', async () => {
    const ada = tokens.ada!;
    const eve = tokens.eve!;
    const archive = await upload(ada, 'mine.zip', await zipArchive(smallTree()));
    const evesFolder = await folder(eve, 'Eves');

    const notMine = await startUnzip(eve, { userFileId: archive, unzipMode: 0 });
    expect(notMine.status).toBe(404);
    const intoEves = await startUnzip(ada, { userFileId: archive, unzipMode: 2, folderId: evesFolder });
    expect(intoEves.status).toBe(404);
    const text = await upload(ada, 'plain.txt', Buffer.from('not an archive'));
    const notArchive = await startUnzip(ada, { userFileId: text, unzipMode: 0 });
    expect(notArchive).toMatchObject({ status: 400, body: { msg: previewMessages.notArchive['zh-CN'] } });
    const badMode = await startUnzip(ada, { userFileId: archive, unzipMode: 3 });
    expect(badMode.status).toBe(400);
    const signedOut = await startUnzip('', { userFileId: archive, unzipMode: 0 });
    expect(signedOut.status).toBe(401);

    const started = await startUnzip(ada, { userFileId: archive, unzipMode: 1 });
    const jobId = started.body.data.jobId;
    await finished(ada, jobId);
    const peek = await call(app, 'GET', `${API}${PREVIEW_PATHS.unzip}/${jobId}`, { token: eve });
    expect(peek).toMatchObject({ status: 404, body: { msg: previewMessages.jobNotFound['zh-CN'] } });
    const none = await call(app, 'GET', `${API}${PREVIEW_PATHS.unzip}/no-such-job`, { token: ada, lang: 'en' });
    expect(none).toMatchObject({ status: 404, body: { msg: previewMessages.jobNotFound.en } });

    // Over the size an archive may have to be unpacked online: refused before any job starts.
    const strict = new UnzipService({
      drive,
      blobs,
      jobs: new JobQueue(new JobRepository(db.db)),
      limits: { maxArchiveBytes: 10 },
    });
    await expect(strict.start(users.ada!, { userFileId: archive, unzipMode: 0 })).rejects.toMatchObject({
      status: 400,
      text: previewMessages.archiveTooBig,
    });
  });

  it('documents both calls in the OpenAPI description', async () => {
    const res = await app.inject({ method: 'GET', url: '/cloud-api/docs', headers: { accept: 'application/json' } });
    const paths = (res.json() as Json).paths;
    expect(paths[`${API}${PREVIEW_PATHS.unzip}`].post.tags).toEqual(['drive']);
    expect(paths[`${API}${PREVIEW_PATHS.unzip}/{jobId}`].get.summary).toMatch(/job/);
  });
});

function smallTree(): FixtureEntry[] {
  return [{ name: 'ok.txt', data: 'fine' }];
}
