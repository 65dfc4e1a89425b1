import type { UploadInit } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import {
  createUploadQueue,
  type InitAnswer,
  queueSummary,
  type UploadItem,
  type UploadTransport,
} from './upload-queue';

interface FakeEntry {
  name: string;
}

/**
 * A server in memory: content it has seen is "instant", unfinished uploads keep their chunks and are
 * found again by file and target, and any chunk can be made to fail a number of times.
 */
function fakeServer(options: { chunkSize?: number; known?: string[] } = {}) {
  const chunkSize = options.chunkSize ?? 4;
  const known = new Set(options.known ?? []);
  const uploads = new Map<string, { init: UploadInit; chunks: Map<number, number> }>();
  const failures = new Map<number, number>();
  const puts: Array<{ uploadId: string; index: number; size: number }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let gate: Promise<void> | undefined;
  const cancelled: string[] = [];
  const inits: UploadInit[] = [];

  const transport: UploadTransport<FakeEntry> = {
    async hash(file, onProgress, signal) {
      onProgress(0.5);
      await Promise.resolve();
      if (signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      onProgress(1);
      // "content" is the file's text; its hash is the text itself, good enough for a fake
      return `sha-${await file.text()}`;
    },
    async init(body): Promise<InitAnswer<FakeEntry>> {
      inits.push(body);
      if (known.has(body.sha256)) return { skipUpload: true, entry: { name: body.fileName } };
      const key = `${body.sha256}|${body.folderId}|${body.relativePath ?? ''}|${body.fileName}`;
      const upload = uploads.get(key) ?? { init: body, chunks: new Map() };
      uploads.set(key, upload);
      return {
        skipUpload: false,
        uploadId: key,
        chunkSize,
        totalChunks: Math.max(1, Math.ceil(body.fileSize / chunkSize)),
        uploaded: [...upload.chunks.keys()],
      };
    },
    async putChunk(uploadId, index, chunk, onProgress, signal) {
      puts.push({ uploadId, index, size: chunk.size });
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        onProgress(Math.floor(chunk.size / 2));
        await (gate ?? Promise.resolve());
        await new Promise((r) => setTimeout(r, 1));
        if (signal.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
        const left = failures.get(index) ?? 0;
        if (left > 0) {
          failures.set(index, left - 1);
          throw new Error(`chunk ${index} failed`);
        }
        [...uploads.values()]
          .find(
            (u) => `${u.init.sha256}|${u.init.folderId}|${u.init.relativePath ?? ''}|${u.init.fileName}` === uploadId,
          )!
          .chunks.set(index, chunk.size);
        onProgress(chunk.size);
      } finally {
        inFlight -= 1;
      }
    },
    async complete(uploadId) {
      const upload = [...uploads.entries()].find(([key]) => key === uploadId);
      if (!upload) throw new Error('no such upload');
      const [key, { init, chunks }] = upload;
      const total = Math.max(1, Math.ceil(init.fileSize / chunkSize));
      if (chunks.size !== total) throw new Error('文件分片不完整');
      uploads.delete(key);
      known.add(init.sha256);
      return { name: init.fileName };
    },
    async cancel(uploadId) {
      cancelled.push(uploadId);
      uploads.delete(uploadId);
    },
  };
  return {
    transport,
    puts,
    inits,
    cancelled,
    failures,
    uploads,
    maxInFlight: () => maxInFlight,
    /** Holds every chunk until the returned function is called. */
    hold() {
      let release!: () => void;
      gate = new Promise<void>((r) => {
        release = r;
      });
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

const file = (content: string, name = 'part.dxf') => Object.assign(new Blob([content]), { name });
const target = { folderId: '0', targetPath: '/' };

function settled(queue: { getState(): { items: UploadItem[] } }, done: (items: UploadItem[]) => boolean) {
  return new Promise<UploadItem[]>((resolve, reject) => {
    const deadline = Date.now() + 3000;
    const check = () => {
      const { items } = queue.getState();
      if (done(items)) resolve(items);
      else if (Date.now() > deadline) reject(new Error(`timed out: ${JSON.stringify(items)}`));
      else setTimeout(check, 2);
    };
    check();
  });
}

const allIn =
  (...statuses: string[]) =>
  (items: UploadItem[]) =>
    items.length > 0 && items.every((i) => statuses.includes(i.status));

describe('upload queue', () => {
  it('hashes, sends every chunk at most three at a time, completes and reports the entry', async () => {
    const server = fakeServer({ chunkSize: 4 });
    const finished: string[] = [];
    const queue = createUploadQueue({
      transport: server.transport,
      progressIntervalMs: 0,
      onFinished: (item, entry) => finished.push(`${item.fileName}:${entry.name}`),
    });
    queue.add([{ file: file('0123456789abcdefghijklmnopqrstuv!') }], target);
    const [item] = await settled(queue, allIn('done'));
    expect(item).toMatchObject({ status: 'done', uploadedBytes: 33, totalChunks: 9, resumedChunks: 0 });
    expect(server.puts.map((p) => p.index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(server.puts.at(-1)?.size ?? 0).toBeGreaterThan(0);
    expect(server.maxInFlight()).toBe(3);
    expect(finished).toEqual(['part.dxf:part.dxf']);
    expect(server.inits[0]).toMatchObject({
      fileName: 'part.dxf',
      folderId: '0',
      fileSize: 33,
      sha256: 'sha-0123456789abcdefghijklmnopqrstuv!',
    });
  });

  it('finishes at once when the server already has the content (instant upload)', async () => {
    const server = fakeServer({ known: ['sha-same bytes'] });
    const queue = createUploadQueue({
      transport: server.transport,
      progressIntervalMs: 0,
      entryName: (entry) => (entry.name === 'copy.dxf' ? 'copy (1).dxf' : entry.name),
    });
    queue.add([{ file: file('same bytes', 'copy.dxf') }], target);
    const [item] = await settled(queue, allIn('instant'));
    expect(item?.uploadedBytes).toBe(item?.size);
    // the server had to rename it: people are told
    expect(item?.savedAs).toBe('copy (1).dxf');
    expect(server.puts).toHaveLength(0);
  });

  it('sends folder files with their relative path', async () => {
    const server = fakeServer();
    const queue = createUploadQueue({ transport: server.transport, progressIntervalMs: 0 });
    queue.add(
      [
        { file: file('a', 'a.txt'), relativePath: 'job/cut' },
        { file: file('b', 'b.txt'), relativePath: '' },
      ],
      { folderId: 'F', targetPath: '/docs' },
    );
    await settled(queue, allIn('done'));
    expect(server.inits.map((i) => [i.fileName, i.folderId, i.relativePath])).toEqual([
      ['a.txt', 'F', 'job/cut'],
      ['b.txt', 'F', undefined],
    ]);
  });

  it('tries a failing chunk again, and fails the file after the retries', async () => {
    const server = fakeServer({ chunkSize: 4 });
    server.failures.set(1, 2);
    const queue = createUploadQueue({ transport: server.transport, progressIntervalMs: 0, retryDelayMs: () => 0 });
    queue.add([{ file: file('abcdefgh') }], target);
    await settled(queue, allIn('done'));
    expect(server.puts.filter((p) => p.index === 1)).toHaveLength(3);

    const stubborn = fakeServer({ chunkSize: 4 });
    stubborn.failures.set(0, 99);
    const failing = createUploadQueue({
      transport: stubborn.transport,
      progressIntervalMs: 0,
      retryDelayMs: () => 0,
      chunkRetries: 2,
    });
    const [id] = failing.add([{ file: file('abcdefgh') }], target);
    const [failed] = await settled(failing, allIn('error'));
    expect(failed?.error).toBe('chunk 0 failed');
    expect(stubborn.puts.filter((p) => p.index === 0)).toHaveLength(3);

    // retry: the server kept chunk 1, so only chunk 0 goes again
    stubborn.failures.set(0, 0);
    const before = stubborn.puts.length;
    failing.retry(id!);
    await settled(failing, allIn('done'));
    expect(stubborn.puts.slice(before).map((p) => p.index)).toEqual([0]);
  });

  it('pauses and resumes, sending only the chunks the server lacks', async () => {
    const server = fakeServer({ chunkSize: 2 });
    const queue = createUploadQueue({ transport: server.transport, progressIntervalMs: 0, parallelChunks: 1 });
    const release = server.hold();
    const [id] = queue.add([{ file: file('aabbccddee') }], target);
    await settled(queue, (items) => items[0]?.status === 'uploading' && server.puts.length === 1);
    // the first chunk is held in flight; let it land, then pause while the second is in flight
    release();
    await settled(queue, () => server.puts.length >= 2);
    const hold = server.hold();
    await settled(queue, () => server.puts.length >= 3);
    queue.pause(id!);
    hold();
    expect(queue.getState().items[0]?.status).toBe('paused');
    await new Promise((r) => setTimeout(r, 20));
    const sentBefore = server.puts.length;
    expect(queue.getState().items[0]?.status).toBe('paused');

    queue.resume(id!);
    const [item] = await settled(queue, allIn('done'));
    const resent = server.puts.slice(sentBefore).map((p) => p.index);
    expect(item?.resumedChunks).toBeGreaterThanOrEqual(2);
    expect(resent).not.toContain(0);
    expect(resent).not.toContain(1);
    expect(new Set(server.puts.map((p) => p.index))).toEqual(new Set([0, 1, 2, 3, 4]));
  });

  it("resumes a page reload's upload: a new queue with the same file sends only the missing chunks", async () => {
    const server = fakeServer({ chunkSize: 2 });
    const first = createUploadQueue({ transport: server.transport, progressIntervalMs: 0, parallelChunks: 1 });
    const [id] = first.add([{ file: file('0011223344556677') }], target);
    await settled(first, () => server.puts.length >= 4);
    first.pause(id!);
    await new Promise((r) => setTimeout(r, 10));
    const heldBefore = [...server.uploads.values()][0]!.chunks.size;
    expect(heldBefore).toBeGreaterThanOrEqual(3);

    const afterReload = createUploadQueue({ transport: server.transport, progressIntervalMs: 0 });
    const putsBefore = server.puts.length;
    afterReload.add([{ file: file('0011223344556677') }], target);
    const [item] = await settled(afterReload, allIn('done'));
    expect(item?.resumedChunks).toBe(heldBefore);
    expect(server.puts.length - putsBefore).toBe(8 - heldBefore);
  });

  it('cancels: the item goes and the server drops the chunks', async () => {
    const server = fakeServer({ chunkSize: 2 });
    const queue = createUploadQueue({ transport: server.transport, progressIntervalMs: 0 });
    const release = server.hold();
    const [id] = queue.add([{ file: file('aabbccdd') }], target);
    await settled(queue, () => server.puts.length >= 1);
    queue.cancel(id!);
    release();
    expect(queue.getState().items).toEqual([]);
    await new Promise((r) => setTimeout(r, 10));
    expect(server.cancelled).toHaveLength(1);
  });

  it('works on a limited number of files at once and sums up the queue', async () => {
    const server = fakeServer({ chunkSize: 100 });
    const queue = createUploadQueue({ transport: server.transport, progressIntervalMs: 0, parallelFiles: 2 });
    const release = server.hold();
    queue.add(
      ['a', 'b', 'c', 'd'].map((c) => ({ file: file(c.repeat(10), `${c}.txt`) })),
      target,
    );
    await settled(queue, () => server.puts.length >= 2);
    await new Promise((r) => setTimeout(r, 10));
    const statuses = queue.getState().items.map((i) => i.status);
    expect(statuses.filter((s) => s === 'waiting')).toHaveLength(2);
    release();
    const items = await settled(queue, allIn('done'));
    expect(queueSummary(items)).toMatchObject({ total: 4, finished: 4, active: 0, bytes: 40, sent: 40 });
    queue.clearFinished();
    expect(queue.getState().items).toEqual([]);
  });
});

describe('forgetting the queue', () => {
  it('stops everything without cancelling on the server, so the uploads can be resumed later', async () => {
    const server = fakeServer({ chunkSize: 2 });
    const queue = createUploadQueue({ transport: server.transport, progressIntervalMs: 0 });
    const release = server.hold();
    queue.add([{ file: file('aabbccdd') }], target);
    await settled(queue, () => server.puts.length >= 1);
    queue.forgetAll();
    release();
    expect(queue.getState().items).toEqual([]);
    await new Promise((r) => setTimeout(r, 10));
    expect(server.cancelled).toEqual([]);
    expect(server.uploads.size).toBe(1);
  });
});

describe('upload queue and name clashes', () => {
  /** The fake server with names already taken in the folder: `ask` and `skip` answer the clash. */
  function clashingServer(taken: string[]) {
    const server = fakeServer({ chunkSize: 4 });
    const completed: Array<string | undefined> = [];
    const base = server.transport;
    const transport: UploadTransport<FakeEntry> = {
      ...base,
      async init(body) {
        if (taken.includes(body.fileName) && (body.onClash === 'ask' || body.onClash === 'skip')) {
          server.inits.push(body);
          const clash = {
            fileName: body.fileName,
            isDir: 0 as const,
            userFileId: body.fileName,
            fileSize: 9,
            uploadTime: '',
          };
          return { skipUpload: true, skipped: body.onClash === 'skip', clash };
        }
        return base.init(body);
      },
      async complete(uploadId, onClash) {
        completed.push(onClash);
        return base.complete(uploadId, onClash);
      },
    };
    return { ...server, transport, completed };
  }

  it('asks about a taken name before sending anything, then replaces, keeps both or skips as told', async () => {
    const server = clashingServer(['a.dxf', 'b.dxf', 'c.dxf']);
    const asked: string[] = [];
    const choices = { 'a.dxf': 'replace', 'b.dxf': 'keepBoth', 'c.dxf': 'skip' } as const;
    const queue = createUploadQueue({
      transport: server.transport,
      progressIntervalMs: 0,
      parallelFiles: 1,
      resolveClash: async (item, clash) => {
        asked.push(`${item.fileName}:${clash.fileName}`);
        return choices[item.fileName as keyof typeof choices];
      },
    });
    queue.add(
      [
        { file: file('aaaa', 'a.dxf') },
        { file: file('bbbb', 'b.dxf') },
        { file: file('cccc', 'c.dxf') },
        { file: file('dddd', 'd.dxf') },
      ],
      target,
    );
    const items = await settled(queue, allIn('done', 'skipped'));
    expect(items.map((i) => [i.fileName, i.status, i.replaced ?? false])).toEqual([
      ['a.dxf', 'done', true],
      ['b.dxf', 'done', false],
      ['c.dxf', 'skipped', false],
      ['d.dxf', 'done', false],
    ]);
    // only the clashing names were asked about, and the skipped file sent no byte
    expect(asked).toEqual(['a.dxf:a.dxf', 'b.dxf:b.dxf', 'c.dxf:c.dxf']);
    expect(server.puts.some((p) => p.uploadId.endsWith('|c.dxf'))).toBe(false);
    expect(server.inits.map((i) => [i.fileName, i.onClash])).toEqual([
      ['a.dxf', 'ask'],
      ['a.dxf', 'replace'],
      ['b.dxf', 'ask'],
      ['b.dxf', 'keepBoth'],
      ['c.dxf', 'ask'],
      ['c.dxf', 'skip'],
      ['d.dxf', 'ask'],
    ]);
    // completing says the choice again: replacing happens when the file is filed
    expect(server.completed).toEqual(['replace', 'keepBoth', undefined]);
    expect(queueSummary(items).finished).toBe(4);
  });

  it('sends no clash policy when nobody can be asked (the server numbers the name)', async () => {
    const server = clashingServer(['a.dxf']);
    const queue = createUploadQueue({ transport: server.transport, progressIntervalMs: 0 });
    queue.add([{ file: file('aaaa', 'a.dxf') }], target);
    await settled(queue, allIn('done'));
    expect(server.inits[0]!.onClash).toBeUndefined();
  });

  it('gives the files added together one batch, and each addition its own', () => {
    const queue = createUploadQueue({ transport: fakeServer().transport, progressIntervalMs: 0, parallelFiles: 0 });
    queue.add([{ file: file('a', 'a.dxf') }, { file: file('b', 'b.dxf') }], target);
    queue.add([{ file: file('c', 'c.dxf') }], target);
    const [a, b, c] = queue.getState().items;
    expect(a!.batch).toBe(b!.batch);
    expect(c!.batch).not.toBe(a!.batch);
  });
});
