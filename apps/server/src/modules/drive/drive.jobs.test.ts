import { mkdtempSync } from 'node:fs';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.js';
import { DiskBlobStore } from '../../infra/blob/disk-blob-store.js';
import { MemoryCache } from '../../infra/cache/memory-cache.js';
import { UserRepository } from '../account/user.repository.js';
import { DriveHousekeeping } from './drive.jobs.js';
import { DriveRepository } from './drive.repository.js';
import { DriveService } from './drive.service.js';
import { UploadRepository } from './upload.repository.js';
import { UploadService } from './upload.service.js';
import { UploadProofs } from './upload-proof.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const settings = { retentionDays: 30, jobsIntervalSeconds: 0, chunkBytes: 1024, abandonHours: 72, blobGraceHours: 24 };

describe.each(testDatabases)('drive housekeeping on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let drive: DriveService;
  let uploads: UploadService;
  let blobs: DiskBlobStore;
  let jobs: DriveHousekeeping;
  let ada = '';

  const store = async (text: string) => blobs.put(Readable.from([Buffer.from(text)]));
  const backdate = async (table: string, column: string, id: string, at: Date) =>
    db.db.execute(sql.raw(`update ${table} set ${column} = '${at.toISOString()}' where id = '${id}'`));

  beforeAll(async () => {
    db = await database.open();
    blobs = await DiskBlobStore.open({ dir: mkdtempSync(join(tmpdir(), 'kerf-jobs-blobs-')) });
    drive = new DriveService(new DriveRepository(db.db));
    uploads = new UploadService({
      uploads: new UploadRepository(db.db),
      drive,
      blobs,
      proofs: new UploadProofs({ cache: new MemoryCache(), blobs }),
      stagingDir: blobs.stagingDir,
      chunkBytes: 1024,
    });
    await uploads.prepare();
    jobs = new DriveHousekeeping({ drive, uploads, blobs, settings });
    ada = (await new UserRepository(db.db).create({ loginName: 'ada', nickName: 'Ada', email: 'ada@example.com' }, []))
      .id;
  });
  afterAll(() => db.dispose());

  it('purges bin batches past the retention, keeps younger ones, and frees their quota', async () => {
    const old = await drive.addFile(ada, { name: 'old.dxf', blob: await store('old bytes') });
    const young = await drive.addFile(ada, { name: 'young.dxf', blob: await store('young bytes!') });
    await drive.remove(ada, [old.id, young.id], 1);
    await backdate('drive_entries', 'deleted_at', old.id, new Date(Date.now() - 31 * DAY));
    await backdate('drive_entries', 'deleted_at', young.id, new Date(Date.now() - 29 * DAY));

    const result = await jobs.runOnce();
    expect(result.purgedBatches).toBe(1);
    const bin = await drive.bin(ada, { page: 1, limit: 10 });
    expect(bin.rows.map((r) => r.name)).toEqual(['young.dxf']);
    expect((await drive.quota(ada)).usedBytes).toBe('young bytes!'.length);
  });

  it('removes the bytes of a blob only after the grace period, and never a referenced one', async () => {
    const gone = await store('nobody wants me');
    const kept = await store('still wanted');
    const a = await drive.addFile(ada, { name: 'a.txt', blob: gone });
    const b = await drive.addFile(ada, { name: 'b.txt', blob: kept });
    await drive.addFile(ada, { name: 'b copy.txt', blob: kept });
    await drive.remove(ada, [a.id, b.id], 2);

    // Just unreferenced: within the grace period, the bytes stay (an instant upload may still want them).
    expect((await jobs.runOnce()).collectedBlobs).toBe(0);
    expect(await blobs.stat(gone.sha256)).not.toBeNull();

    const later = new Date(Date.now() + 25 * HOUR);
    expect((await jobs.runOnce(later)).collectedBlobs).toBeGreaterThanOrEqual(1);
    expect(await blobs.stat(gone.sha256)).toBeNull();
    expect(await blobs.stat(kept.sha256)).not.toBeNull();
    expect(await drive.blobKnown(gone.sha256, gone.size)).toBe(false);
  });

  it('drops uploads abandoned for days with their staging files, and stray staging files', async () => {
    const fresh = await uploads.init(ada, { fileName: 'fresh.bin', fileSize: 2000, sha256: 'a'.repeat(64) });
    const stale = await uploads.init(ada, { fileName: 'stale.bin', fileSize: 2000, sha256: 'b'.repeat(64) });
    if (fresh.skipUpload || stale.skipUpload) throw new Error('expected real uploads');
    await uploads.putChunk(ada, stale.uploadId, 0, Readable.from([Buffer.alloc(1024, 1)]), 1024);
    await uploads.putChunk(ada, fresh.uploadId, 0, Readable.from([Buffer.alloc(1024, 2)]), 1024);
    await backdate('drive_uploads', 'updated_at', stale.uploadId, new Date(Date.now() - 73 * HOUR));
    const stray = join(blobs.stagingDir, 'left-by-a-crash');
    await writeFile(stray, 'x');
    const past = new Date(Date.now() - 80 * HOUR);
    await utimes(stray, past, past);

    expect((await jobs.runOnce()).sweptUploads).toBe(2);
    expect((await uploads.pending(ada)).map((u) => u.fileName)).toEqual(['fresh.bin']);
    expect(await readdir(blobs.stagingDir)).toEqual([fresh.uploadId]);
  });
});
