import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { passwordSignIn, type RunningServer, startServer } from './server-process.js';

// biome-ignore lint/suspicious/noExplicitAny: test reads of JSON bodies
type Json = any;
const CHUNK = 64 * 1024;
const env = { ADMIN_ACCOUNT: 'crash@kerf.local', ADMIN_PASSWORD: 'Crash_2026', UPLOAD_CHUNK_BYTES: String(CHUNK) };
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A signed-in client of one running server. */
async function clientOf(server: RunningServer) {
  const { token } = await passwordSignIn(server.baseURL, env.ADMIN_ACCOUNT, env.ADMIN_PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const api = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const res = await fetch(`${server.baseURL}/cloud-api${path}`, {
      method,
      headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  };
  const chunk = (uploadId: string, index: number, bytes: Buffer) =>
    fetch(`${server.baseURL}/cloud-api/engine/filetransfer/upload/${uploadId}/${index}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
  const download = (id: string) =>
    fetch(`${server.baseURL}/cloud-api/engine/filetransfer/downloadfile?userFileId=${id}`, { headers: auth });
  return { api, chunk, download };
}

type Client = Awaited<ReturnType<typeof clientOf>>;

/**
 * Walks the whole drive through the API and checks it is one consistent tree: every folder's stored
 * count is what it lists, every entry's path is its parent's, every file's bytes are there.
 */
async function checkConsistent(client: Client) {
  let files = 0;
  const walk = async (folderId: string, path: string) => {
    const page = (await client.api('GET', `/engine/file/listFileInfo?fileType=0&folderId=${folderId}&limit=500`)).data;
    expect(page.list.length).toBe(page.total);
    for (const entry of page.list) {
      expect(entry.filePath).toBe(path);
      if (entry.isDir) await walk(entry.id, entry.path);
      else {
        files++;
        const res = await client.download(entry.id);
        expect(res.status).toBe(200);
        expect(Number(res.headers.get('content-length'))).toBe(entry.fileSize);
        await res.arrayBuffer();
      }
    }
  };
  await walk('0', '/');
  return files;
}

describe('the drive survives a SIGKILL in the middle of uploads, moves and deletes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kerf-crash-'));
  const started: RunningServer[] = [];
  const start = async () => {
    const server = await startServer(env, { dataDir: dir });
    started.push(server);
    return server;
  };
  // a test that failed half-way may leave a server writing to the folder: stop it before removing it
  afterAll(async () => {
    for (const server of started) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restarts consistent, without half-made entries, and the interrupted upload resumes', async () => {
    const first = await start();
    const c1 = await clientOf(first);
    // A small tree: folders a0..a5, each with files.
    const folders: string[] = [];
    for (let i = 0; i < 6; i++) {
      const f = (await c1.api('POST', '/engine/folder', { parentId: 0, name: `a${i}` })).data;
      folders.push(f.id);
      for (let j = 0; j < 3; j++) {
        const bytes = randomBytes(100 + j);
        const init = (
          await c1.api('POST', '/engine/filetransfer/upload/init', {
            fileName: `f${j}.bin`,
            folderId: f.id,
            fileSize: bytes.length,
            sha256: sha(bytes),
          })
        ).data;
        await c1.chunk(init.uploadId, 0, bytes);
        expect((await c1.api('POST', `/engine/filetransfer/upload/${init.uploadId}/complete`)).code).toBe(0);
      }
    }

    // The big upload that will be interrupted.
    const big = randomBytes(CHUNK * 200);
    const bigInit = (
      await c1.api('POST', '/engine/filetransfer/upload/init', {
        fileName: 'big.bin',
        fileSize: big.length,
        sha256: sha(big),
      })
    ).data;
    let stop = false;
    let sent = 0;
    const swallow = () => {};
    // Chunks go two at a time with a pause, so the kill lands with some recorded and most not.
    const uploading = (async () => {
      for (let i = 0; i < 200 && !stop; i += 2) {
        await Promise.all(
          [i, i + 1].map((k) =>
            c1.chunk(bigInit.uploadId, k, big.subarray(k * CHUNK, (k + 1) * CHUNK)).then(() => {
              sent++;
            }),
          ),
        ).catch(swallow);
        await sleep(20);
      }
    })();
    // Moves and deletes churning at the same time.
    const churning = (async () => {
      for (let n = 0; !stop; n++) {
        const a = folders[n % 6]!;
        const b = folders[(n + 1) % 6]!;
        await c1.api('POST', '/engine/file/batchMove', { userFileIds: a, folderId: b }).catch(swallow);
        await c1.api('POST', '/engine/file/batchMove', { userFileIds: a, folderId: 0 }).catch(swallow);
        await c1.api('POST', '/engine/file/batchDelete', { userFileIds: a, deleteMode: 1 }).catch(swallow);
        const bin = await c1.api('GET', '/engine/file/listFileInfo?fileType=6&limit=50').catch(() => null);
        const batch = bin?.data?.list?.[0]?.deleteBatchNum;
        if (batch) await c1.api('POST', '/engine/recovery/restore', { deleteBatchNum: batch }).catch(swallow);
      }
    })();
    while (sent < 20) await sleep(10);
    first.child.kill('SIGKILL');
    stop = true;
    await first.exited;
    await Promise.all([uploading, churning]);

    const second = await start();
    try {
      const c2 = await clientOf(second);
      // Bin entries may be left (a delete that committed); restore them so the walk sees everything.
      const bin = (await c2.api('GET', '/engine/file/listFileInfo?fileType=6&limit=50')).data.list;
      for (const entry of bin)
        await c2.api('POST', '/engine/recovery/restore', { deleteBatchNum: entry.deleteBatchNum });
      // No entry for the unfinished upload, and all 18 small files are there with their bytes.
      const files = await checkConsistent(c2);
      expect(files).toBe(18);

      // The upload resumes: the same id, with the chunks recorded before the kill.
      const again = (
        await c2.api('POST', '/engine/filetransfer/upload/init', {
          fileName: 'big.bin',
          fileSize: big.length,
          sha256: sha(big),
        })
      ).data;
      expect(again.uploadId).toBe(bigInit.uploadId);
      expect(again.uploaded.length).toBeGreaterThan(0);
      expect(again.uploaded.length).toBeLessThan(200);
      const have = new Set<number>(again.uploaded);
      for (let i = 0; i < 200; i++) {
        if (!have.has(i)) await c2.chunk(again.uploadId, i, big.subarray(i * CHUNK, (i + 1) * CHUNK));
      }
      const done = await c2.api('POST', `/engine/filetransfer/upload/${again.uploadId}/complete`);
      expect(done.code).toBe(0);
      const got = Buffer.from(await (await c2.download(done.data.id)).arrayBuffer());
      expect(sha(got)).toBe(sha(big));
      expect(await checkConsistent(c2)).toBe(19);
    } finally {
      await second.stop();
    }
    // two starts of the server, the first on a new database: past a minute on a loaded machine
  }, 240_000);
});
