/**
 * Transfers over real sockets (not app.inject): a download written straight to the socket through
 * reused buffers, a client that goes away in the middle of one, and a chunk cut off mid-body.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../src/infra/blob/index.js';
import { call, type Json, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { RecordingDelivery, testApp } from './test-app.js';

const CHUNK = 256 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const openFiles = async () => (await readdir('/proc/self/fd')).length;

/** A GET over a fresh connection; `stopAfter` bytes, then the socket is destroyed. */
function get(url: string, headers: Record<string, string>, options: { method?: string; stopAfter?: number } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      let bytes = 0;
      res.on('data', (piece: Buffer) => {
        parts.push(piece);
        bytes += piece.length;
        if (options.stopAfter !== undefined && bytes >= options.stopAfter) {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', () => {});
    });
    req.on('error', (error) => (options.stopAfter === undefined ? reject(error) : undefined));
    req.end();
  });
}

/** A PUT that announces `declared` bytes, sends `body`, and cuts the connection when `body` is shorter. */
function put(url: string, headers: Record<string, string>, body: Buffer, declared = body.length) {
  return new Promise<{ status: number; body?: Json }>((resolve) => {
    const req = http.request(
      url,
      { method: 'PUT', headers: { ...headers, 'content-length': String(declared) }, agent: false },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (p: Buffer) => parts.push(p));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString()) }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0 }));
    if (body.length < declared) {
      req.write(body, () => setTimeout(() => req.destroy(), 50));
    } else {
      req.end(body);
    }
  });
}

describe.each(testDatabases)('drive transfers over sockets on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  let base: string;
  let auth: Record<string, string>;
  const delivery = new RecordingDelivery();
  const blobDir = mkdtempSync(join(tmpdir(), 'kerf-socket-blobs-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'kerf-socket-data-'));
  /** Blob files in the store (not its temp or staging folders). */
  const storedBlobs = () =>
    readdirSync(blobDir, { recursive: true, encoding: 'utf8' }).filter((p) => /[0-9a-f]{64}$/.test(p));

  const upload = async (content: Buffer) => {
    const token = auth.authorization!.slice('Bearer '.length);
    const body = { fileName: `${sha(content).slice(0, 8)}.bin`, fileSize: content.length, sha256: sha(content) };
    const ticket = (await call(app, 'POST', '/cloud-api/engine/filetransfer/upload/init', { token, body })).body.data;
    return { token, ticket };
  };

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, {
      delivery,
      blobs: await createBlobStore({ storage: 'disk', dir: blobDir }),
      env: { UPLOAD_CHUNK_BYTES: String(CHUNK), DATA_DIR: dataDir },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/cloud-api/engine/filetransfer`;
    const account = 'socket@example.com';
    await call(app, 'GET', `/uac-api/captcha/getCode?account=${account}&scene=register`);
    await call(app, 'POST', '/uac-api/register/user/info', {
      body: { account, password: 'drive_01', code: delivery.last(account)!.code },
    });
    const token = (await signIn(app, { grant_type: 'password', account, password: 'drive_01' })).body.token;
    auth = { authorization: `Bearer ${token}` };
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('cuts off a chunk sent short without recording it or storing a blob, and takes it whole afterwards', async () => {
    const content = randomBytes(3 * CHUNK + 1000);
    const { token, ticket } = await upload(content);
    const chunkUrl = (i: number) => `${base}/upload/${ticket.uploadId}/${i}`;
    const headers = { ...auth, 'content-type': 'application/octet-stream' };
    expect((await put(chunkUrl(0), headers, content.subarray(0, CHUNK))).status).toBe(200);
    // Half of chunk 1, then the connection drops.
    expect((await put(chunkUrl(1), headers, content.subarray(CHUNK, CHUNK + CHUNK / 2), CHUNK)).status).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    const pending = await call(app, 'POST', '/cloud-api/engine/filetransfer/upload/init', {
      token,
      body: { fileName: `${sha(content).slice(0, 8)}.bin`, fileSize: content.length, sha256: sha(content) },
    });
    expect(pending.body.data.uploaded).toEqual([0]);
    const early = await call(app, 'POST', `/cloud-api/engine/filetransfer/upload/${ticket.uploadId}/complete`, {
      token,
    });
    expect(early.status).toBe(409);
    expect(storedBlobs()).toEqual([]);

    for (let i = 1; i < ticket.totalChunks; i++) {
      expect((await put(chunkUrl(i), headers, content.subarray(i * CHUNK, (i + 1) * CHUNK))).status).toBe(200);
    }
    const done = await call(app, 'POST', `/cloud-api/engine/filetransfer/upload/${ticket.uploadId}/complete`, {
      token,
    });
    expect(done.body.code).toBe(0);
    expect(storedBlobs().map((p) => p.slice(-64))).toEqual([sha(content)]);
    const got = await get(`${base}/downloadfile?userFileId=${done.body.data.id}`, auth);
    expect(got.status).toBe(200);
    expect(got.body.equals(content)).toBe(true);
  });

  it('downloads whole, by range and by HEAD over a socket, and lets go of the file when the client leaves', async () => {
    const content = randomBytes(5 * 1024 * 1024 + 123);
    const { token, ticket } = await upload(content);
    const headers = { ...auth, 'content-type': 'application/octet-stream' };
    for (let i = 0; i < ticket.totalChunks; i++) {
      await put(`${base}/upload/${ticket.uploadId}/${i}`, headers, content.subarray(i * CHUNK, (i + 1) * CHUNK));
    }
    const entry = (
      await call(app, 'POST', `/cloud-api/engine/filetransfer/upload/${ticket.uploadId}/complete`, { token })
    ).body.data;
    const url = `${base}/downloadfile?userFileId=${entry.id}`;

    const whole = await get(url, auth);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-length']).toBe(String(content.length));
    expect(whole.headers.etag).toMatch(/^"[\w-]{32}"$/);
    expect(whole.body.equals(content)).toBe(true);

    const from = 3 * 1024 * 1024 - 5;
    const part = await get(url, { ...auth, range: `bytes=${from}-${from + 2 * 1024 * 1024}` });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${from}-${from + 2 * 1024 * 1024}/${content.length}`);
    expect(part.body.equals(content.subarray(from, from + 2 * 1024 * 1024 + 1))).toBe(true);

    const head = await get(url, auth, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(content.length));
    expect(head.body).toHaveLength(0);

    // Clients that go away after a little: the server closes each file it opened for them.
    const filesBefore = await openFiles();
    for (let i = 0; i < 5; i++) {
      const cut = await get(url, auth, { stopAfter: 64 * 1024 });
      expect(cut.body.length).toBeLessThan(content.length);
    }
    await expect.poll(openFiles, { timeout: 5000 }).toBeLessThanOrEqual(filesBefore);
    // And it still serves whole files afterwards.
    expect((await get(url, auth)).body.equals(content)).toBe(true);
  });
});
