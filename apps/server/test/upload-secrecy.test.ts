import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARE_PATHS } from '@kerf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveShares } from '../src/db/schema.js';
import { createBlobStore } from '../src/infra/blob/index.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { call, type Json } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople, sha256 as sha } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const HOUR = 3_600_000;
const CHUNK = 16 * 1024;

type Challenge = { challengeId: string; nonce: string; ranges: Array<{ offset: number; length: number }> };

/** What an honest client holding `bytes` answers to a challenge. */
function answer(challenge: Challenge, bytes: Buffer) {
  return {
    challengeId: challenge.challengeId,
    hashes: challenge.ranges.map((r) =>
      createHash('sha256')
        .update(challenge.nonce)
        .update(bytes.subarray(r.offset, r.offset + r.length))
        .digest('hex'),
    ),
  };
}

describe.each(testDatabases)('instant upload needs the bytes, not their hash, on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const delivery = new RecordingDelivery();
  const cache = new MemoryCache();
  const blobDir = mkdtempSync(join(tmpdir(), 'kerf-secrecy-blobs-'));
  const people = drivePeople(() => app, delivery);
  const { tokens } = people;
  /** Ada's private drawing: random, so nobody can know it without being given it. */
  const secret = randomBytes(3 * CHUNK + 123);
  let secretId = '';

  const init = (token: string, body: Record<string, unknown>) =>
    call(app, 'POST', `${API}/engine/filetransfer/upload/init`, { token, body });
  const claim = (token: string, extra: Record<string, unknown> = {}) =>
    init(token, { fileName: 'stolen.dxf', fileSize: secret.length, sha256: sha(secret), ...extra });
  const listNames = async (token: string) =>
    (await call(app, 'GET', `${API}/engine/file/listFileInfo?fileType=0`, { token })).body.data.list.map(
      (e: Json) => e.fileName,
    );
  const usedBytes = async (token: string) =>
    (await call(app, 'GET', `${API}/engine/quota`, { token })).body.data.usedBytes as number;
  const pending = async (token: string) =>
    (await call(app, 'GET', `${API}/engine/filetransfer/upload`, { token })).body.data as Json[];
  const shareDownload = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `${API}${SHARE_PATHS.download}?${new URLSearchParams(params)}`, headers });
  const ownDownload = (token: string, userFileId: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `${API}/engine/filetransfer/downloadfile?userFileId=${userFileId}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
  /** Sends every chunk and completes: a normal upload. */
  const sendAll = async (token: string, uploadId: string, bytes: Buffer) => {
    for (let i = 0; i * CHUNK < bytes.length; i++) {
      const res = await app.inject({
        method: 'PUT',
        url: `${API}/engine/filetransfer/upload/${uploadId}/${i}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        payload: bytes.subarray(i * CHUNK, (i + 1) * CHUNK),
      });
      expect(res.statusCode).toBe(200);
    }
    return call(app, 'POST', `${API}/engine/filetransfer/upload/${uploadId}/complete`, { token });
  };

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, {
      delivery,
      cache,
      blobs: await createBlobStore({ storage: 'disk', dir: blobDir }),
      env: { UPLOAD_CHUNK_BYTES: String(CHUNK) },
    });
    await people.join('ada');
    await people.join('eve');
    await people.join('bob');
    await people.join('cy');
    const started = await init(tokens.ada!, { fileName: 'secret.dxf', fileSize: secret.length, sha256: sha(secret) });
    secretId = (await sendAll(tokens.ada!, started.body.data.uploadId, secret)).body.data.id;
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('does not hand out a shared file’s bytes to whoever read its ETag, before or after the share expires', async () => {
    const made = await call(app, 'POST', `${API}${SHARE_PATHS.create}`, {
      token: tokens.ada,
      body: {
        endTime: new Date(Date.now() + 24 * HOUR).toISOString(),
        shareType: 1,
        files: JSON.stringify([{ userFileId: secretId }]),
      },
    });
    expect(made.body.code, made.body.msg).toBe(0);
    const { shareBatchNum, extractionCode } = made.body.data;
    const params = { shareBatchNum, extractionCode, userFileId: secretId };

    // The attack: a one-byte range request on the share gives the ETag and the size.
    const peek = await shareDownload(params, { range: 'bytes=0-0' });
    expect(peek.statusCode).toBe(206);
    const size = Number((peek.headers['content-range'] as string).split('/')[1]);
    expect(size).toBe(secret.length);
    const etag = (peek.headers.etag as string).replace(/"/g, '');
    expect(etag).not.toBe(sha(secret));
    expect(etag).not.toContain(sha(secret).slice(0, 16));

    const attempt = async () => {
      // With what the ETag gives (not even a SHA-256 any more): refused.
      const withEtag = await init(tokens.eve!, { fileName: 'stolen.dxf', fileSize: size, sha256: etag });
      expect(withEtag.body.data?.skipUpload).not.toBe(true);
      // Even with the true hash (leaked some other way): a normal upload, a challenge, and no entry.
      const withHash = await claim(tokens.eve!);
      expect(withHash.body.code, withHash.body.msg).toBe(0);
      expect(withHash.body.data).toMatchObject({ skipUpload: false, uploaded: [] });
      expect(withHash.body.data.entry).toBeUndefined();
      // Guessing the proof does not help either, and there is no second challenge to try.
      const guessed = await claim(tokens.eve!, {
        proof: {
          challengeId: withHash.body.data.challenge.challengeId,
          hashes: [sha(secret), sha(secret), sha(secret)],
        },
      });
      expect(guessed.body.data).toMatchObject({ skipUpload: false, uploadId: withHash.body.data.uploadId });
      expect(guessed.body.data.challenge).toBeUndefined();
      // Completing without sending the bytes gets nothing either.
      const completed = await call(
        app,
        'POST',
        `${API}/engine/filetransfer/upload/${withHash.body.data.uploadId}/complete`,
        {
          token: tokens.eve,
        },
      );
      expect(completed.status).toBe(409);
      expect(await listNames(tokens.eve!)).not.toContain('stolen.dxf');
      expect(await usedBytes(tokens.eve!)).toBe(0);
      await call(app, 'DELETE', `${API}/engine/filetransfer/upload/${withHash.body.data.uploadId}`, {
        token: tokens.eve,
      });
    };

    await attempt();
    await db.db
      .update(driveShares)
      .set({ endTime: new Date(Date.now() - HOUR) })
      .where(eq(driveShares.code, shareBatchNum));
    expect((await shareDownload(params, { range: 'bytes=0-0' })).statusCode).toBe(410);
    await attempt();
  });

  it('gives an instant upload to someone who proves they hold the bytes, and releases the upload it opened', async () => {
    const first = await claim(tokens.eve!, { fileName: 'mine too.dxf' });
    const challenge = first.body.data.challenge as Challenge;
    expect(challenge.ranges.length).toBeGreaterThan(0);
    for (const r of challenge.ranges) {
      expect(r.offset + r.length).toBeLessThanOrEqual(secret.length);
      expect(r.length).toBeGreaterThan(0);
    }
    const proven = await claim(tokens.eve!, { fileName: 'mine too.dxf', proof: answer(challenge, secret) });
    expect(proven.body).toMatchObject({ code: 0, msg: '上传成功', data: { skipUpload: true } });
    expect(proven.body.data.entry).toMatchObject({ fileName: 'mine too.dxf', fileSize: secret.length });
    expect((await ownDownload(tokens.eve!, proven.body.data.entry.id)).rawPayload.equals(secret)).toBe(true);
    expect(await pending(tokens.eve!)).toEqual([]);
  });

  it('does not accept one person’s challenge from another, nor a challenge answered before', async () => {
    const cysChallenge = (await claim(tokens.cy!, { fileName: 'for-cy.dxf' })).body.data;
    const bobs = await claim(tokens.bob!, { fileName: 'for-cy.dxf', proof: answer(cysChallenge.challenge, secret) });
    expect(bobs.body.data.skipUpload).toBe(false);
    expect(await listNames(tokens.bob!)).toEqual([]);
    await call(app, 'DELETE', `${API}/engine/filetransfer/upload/${bobs.body.data.uploadId}`, { token: tokens.bob });

    // A challenge is spent by its first answer: a wrong one, then the right one, is a normal upload.
    const wrong = answer(cysChallenge.challenge, randomBytes(secret.length));
    expect((await claim(tokens.cy!, { fileName: 'for-cy.dxf', proof: wrong })).body.data.skipUpload).toBe(false);
    const late = await claim(tokens.cy!, { fileName: 'for-cy.dxf', proof: answer(cysChallenge.challenge, secret) });
    expect(late.body.data).toMatchObject({ skipUpload: false, uploadId: cysChallenge.uploadId });
    expect(await listNames(tokens.cy!)).toEqual([]);
    await call(app, 'DELETE', `${API}/engine/filetransfer/upload/${cysChallenge.uploadId}`, { token: tokens.cy });
  });

  it('falls back to a normal upload on a wrong proof, which then files the bytes sent', async () => {
    const first = await claim(tokens.bob!, { fileName: 'honest.dxf' });
    const wrong = answer(first.body.data.challenge, randomBytes(secret.length));
    const second = await claim(tokens.bob!, { fileName: 'honest.dxf', proof: wrong });
    expect(second.body.data).toMatchObject({ skipUpload: false, uploadId: first.body.data.uploadId });
    const done = await sendAll(tokens.bob!, second.body.data.uploadId, secret);
    expect(done.body).toMatchObject({ code: 0, data: { fileName: 'honest.dxf', fileSize: secret.length } });
    expect(await usedBytes(tokens.bob!)).toBe(secret.length);
  });

  it('keeps instant upload against one’s own files without any proof', async () => {
    const again = await claim(tokens.ada!, { fileName: 'secret copy.dxf' });
    expect(again.body.data).toMatchObject({ skipUpload: true, entry: { fileName: 'secret copy.dxf' } });
    expect(again.body.data.challenge).toBeUndefined();
  });

  it('uses a keyed ETag that revalidates, is the same for every instance and after a restart', async () => {
    const whole = await ownDownload(tokens.ada!, secretId);
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(etag).not.toContain(sha(secret));
    expect((await ownDownload(tokens.ada!, secretId, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await ownDownload(tokens.ada!, secretId, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await ownDownload(tokens.ada!, secretId, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    // Another content has another tag.
    const other = await people.upload(tokens.ada!, 'other.dxf', randomBytes(100));
    expect((await ownDownload(tokens.ada!, other.id)).headers.etag).not.toBe(etag);

    // A second instance on the same database (or this one restarted) gives the same tag.
    const second = await testApp(db, {
      delivery,
      cache,
      blobs: await createBlobStore({ storage: 'disk', dir: blobDir }),
    });
    try {
      const res = await second.inject({
        method: 'GET',
        url: `${API}/engine/filetransfer/downloadfile?userFileId=${secretId}`,
        headers: { authorization: `Bearer ${tokens.ada}` },
      });
      expect(res.headers.etag).toBe(etag);
    } finally {
      await second.close();
    }
  });
});
