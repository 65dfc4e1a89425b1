import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOAD_PENDING_MAX } from '@kerf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveAccounts, driveUploads } from '../src/db/schema.js';
import type { BlobStore } from '../src/infra/blob/blob-store.js';
import { createBlobStore } from '../src/infra/blob/index.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { DriveRepository } from '../src/modules/drive/drive.repository.js';
import { DriveService } from '../src/modules/drive/drive.service.js';
import { UploadRepository } from '../src/modules/drive/upload.repository.js';
import { UploadService } from '../src/modules/drive/upload.service.js';
import { UploadProofs } from '../src/modules/drive/upload-proof.js';
import { call, type Json } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople, sha256 as sha } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const HOUR = 3_600_000;
const KIB = 1024;

describe.each(testDatabases)('unfinished uploads hold their size against the quota on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  let blobs: BlobStore;
  const delivery = new RecordingDelivery();
  const people = drivePeople(() => app, delivery);
  const { tokens, userIds } = people;

  const init = (token: string, fileName: string, content: Buffer) =>
    call(app, 'POST', `${API}/engine/filetransfer/upload/init`, {
      token,
      body: { fileName, fileSize: content.length, sha256: sha(content) },
    });
  const cancel = (token: string, uploadId: string) =>
    call(app, 'DELETE', `${API}/engine/filetransfer/upload/${uploadId}`, { token });
  const pending = async (token: string) =>
    (await call(app, 'GET', `${API}/engine/filetransfer/upload`, { token })).body.data as Json[];
  const setQuota = async (who: string, quotaBytes: number) => {
    await call(app, 'GET', `${API}/engine/quota`, { token: tokens[who] });
    await db.db.update(driveAccounts).set({ quotaBytes }).where(eq(driveAccounts.userId, userIds[who]!));
  };
  const quotaRefusal = { status: 413, body: { code: 413, msg: '存储空间不足' } };
  /** Four files of 300 KiB, each its own content. */
  const files = Array.from({ length: 4 }, () => randomBytes(300 * KIB));

  beforeAll(async () => {
    db = await database.open();
    blobs = await createBlobStore({ storage: 'disk', dir: mkdtempSync(join(tmpdir(), 'kerf-quota-blobs-')) });
    app = await testApp(db, { delivery, blobs, env: { UPLOAD_CHUNK_BYTES: String(512 * KIB) } });
    await people.join('ada');
    await people.join('eve');
    await setQuota('ada', 1000 * KIB);
    await setQuota('eve', 10 * 1024 * KIB);
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('refuses an init that would overfill the quota with the uploads still open, and counts a resumed one once', async () => {
    const ada = tokens.ada!;
    const opened: string[] = [];
    for (const [i, content] of files.slice(0, 3).entries()) {
      const started = await init(ada, `part-${i}.bin`, content);
      expect(started.body.code, started.body.msg).toBe(0);
      opened.push(started.body.data.uploadId);
    }
    // 900 KiB held by three unfinished uploads: a fourth of 300 KiB does not fit 1000 KiB.
    expect(await init(ada, 'part-3.bin', files[3]!)).toMatchObject(quotaRefusal);
    expect((await pending(ada)).map((u) => u.fileName)).toEqual(['part-0.bin', 'part-1.bin', 'part-2.bin']);
    // Asking again for an open upload resumes it: its size is held already, not a second time.
    const resumed = await init(ada, 'part-1.bin', files[1]!);
    expect(resumed.body).toMatchObject({ code: 0, data: { skipUpload: false, uploadId: opened[1] } });

    // Cancelling gives its share back.
    expect((await cancel(ada, opened[2]!)).body.code).toBe(0);
    const fourth = await init(ada, 'part-3.bin', files[3]!);
    expect(fourth.body.code, fourth.body.msg).toBe(0);
    expect(await init(ada, 'part-2.bin', files[2]!)).toMatchObject(quotaRefusal);

    // Completing moves the size from held to used, once: used 300 + held 600 leaves room for 100 KiB.
    const put = await app.inject({
      method: 'PUT',
      url: `${API}/engine/filetransfer/upload/${opened[0]}/0`,
      headers: { authorization: `Bearer ${ada}`, 'content-type': 'application/octet-stream' },
      payload: files[0]!,
    });
    expect(put.statusCode).toBe(200);
    const done = await call(app, 'POST', `${API}/engine/filetransfer/upload/${opened[0]}/complete`, { token: ada });
    expect(done.body.code, done.body.msg).toBe(0);
    expect((await call(app, 'GET', `${API}/engine/quota`, { token: ada })).body.data.usedBytes).toBe(300 * KIB);
    const small = randomBytes(100 * KIB);
    const fits = await init(ada, 'small.bin', small);
    expect(fits.body.code, fits.body.msg).toBe(0);
    expect(await init(ada, 'one-more.bin', randomBytes(1))).toMatchObject(quotaRefusal);

    for (const u of await pending(ada)) await cancel(ada, u.uploadId);
  });

  it('releases an abandoned upload’s share when the sweeper drops it', async () => {
    const ada = tokens.ada!;
    // 300 KiB used (the file filed above); two uploads of 300 KiB fill the rest up to 900.
    const kept = await init(ada, 'kept.bin', files[1]!);
    const left = await init(ada, 'left.bin', files[2]!);
    expect([kept.body.code, left.body.code]).toEqual([0, 0]);
    expect(await init(ada, 'later.bin', files[3]!)).toMatchObject(quotaRefusal);

    await db.db
      .update(driveUploads)
      .set({ updatedAt: new Date(Date.now() - 73 * HOUR) })
      .where(eq(driveUploads.id, left.body.data.uploadId));
    const drive = new DriveService(new DriveRepository(db.db));
    const sweeper = new UploadService({
      uploads: new UploadRepository(db.db),
      drive,
      blobs,
      proofs: new UploadProofs({ cache: new MemoryCache(), blobs }),
      stagingDir: blobs.stagingDir!,
    });
    expect(await sweeper.sweep(new Date(Date.now() - 72 * HOUR))).toBe(1);

    expect((await pending(ada)).map((u) => u.fileName)).toEqual(['kept.bin']);
    const later = await init(ada, 'later.bin', files[3]!);
    expect(later.body.code, later.body.msg).toBe(0);
    for (const u of await pending(ada)) await cancel(ada, u.uploadId);
  });

  it('lets uploads opened at the same moment take the free space only once', async () => {
    const ada = tokens.ada!;
    // 300 KiB used of 1000: room for two of these four, whichever come first.
    const fresh = Array.from({ length: 4 }, () => randomBytes(300 * KIB));
    const answers = await Promise.all(fresh.map((content, i) => init(ada, `race-${i}.bin`, content)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 413)).toHaveLength(2);
    for (const u of await pending(ada)) await cancel(ada, u.uploadId);
  });

  it(`caps unfinished uploads at ${UPLOAD_PENDING_MAX} a person, whatever the quota`, async () => {
    const eve = tokens.eve!;
    const opened: string[] = [];
    const smalls = Array.from({ length: UPLOAD_PENDING_MAX }, () => randomBytes(10));
    for (const [i, content] of smalls.entries()) {
      const started = await init(eve, `small-${i}.bin`, content);
      expect(started.body.code, started.body.msg).toBe(0);
      opened.push(started.body.data.uploadId);
    }
    const refused = await init(eve, 'one-too-many.bin', randomBytes(10));
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(`未完成的上传已达 ${UPLOAD_PENDING_MAX} 个，请先完成或取消一些再上传`);
    const english = await call(app, 'POST', `${API}/engine/filetransfer/upload/init`, {
      token: eve,
      lang: 'en',
      body: { fileName: 'one-too-many.bin', fileSize: 10, sha256: sha(randomBytes(10)) },
    });
    expect(english.body.msg).toBe(
      `You already have ${UPLOAD_PENDING_MAX} unfinished uploads; finish or cancel some first`,
    );
    // Resuming one that is open is still fine, and finishing or cancelling one makes room.
    const resumed = await init(eve, 'small-0.bin', smalls[0]!);
    expect(resumed.body).toMatchObject({ code: 0, data: { uploadId: opened[0] } });
    await cancel(eve, opened[1]!);
    expect((await init(eve, 'now-fits.bin', randomBytes(10))).body.code).toBe(0);
  });
});
