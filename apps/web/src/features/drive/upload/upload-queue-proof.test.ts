import type { UploadChallenge, UploadInit, UploadProof } from '@kerf/contract';
import { describe, expect, it } from 'vitest';
import { createUploadQueue, type InitAnswer, type UploadItem, type UploadTransport } from './upload-queue';

/**
 * A server that holds the content already but gives an instant upload only for the right answer to
 * its challenge: the file's text reversed stands in for the range hashes.
 */
function challengingServer(options: { prove?: UploadTransport['prove'] } = {}) {
  const inits: UploadInit[] = [];
  const puts: number[] = [];
  const challenge: UploadChallenge = { challengeId: 'c-1', nonce: 'n', ranges: [{ offset: 0, length: 1 }] };
  let text = '';
  const transport: UploadTransport<{ name: string }> = {
    async hash(file) {
      text = await file.text();
      return `sha-${text}`;
    },
    async init(body): Promise<InitAnswer<{ name: string }>> {
      inits.push(body);
      const right = [...text].reverse().join('');
      if (body.proof?.challengeId === 'c-1' && body.proof.hashes[0] === right) {
        return { skipUpload: true, entry: { name: body.fileName } };
      }
      const ticket = { skipUpload: false as const, uploadId: 'u-1', chunkSize: 64, totalChunks: 1, uploaded: [] };
      return body.proof ? ticket : { ...ticket, challenge };
    },
    async putChunk(_id, index, chunk, onProgress) {
      puts.push(index);
      onProgress(chunk.size);
    },
    async complete() {
      return { name: 'sent' };
    },
    async cancel() {
      return undefined;
    },
    ...(options.prove ? { prove: options.prove } : {}),
  };
  return { transport, inits, puts };
}

async function settle(queue: { getState(): { items: UploadItem[] } }) {
  for (let i = 0; i < 200; i++) {
    const items = queue.getState().items;
    if (items.every((item) => ['done', 'instant', 'error'].includes(item.status))) return items;
    await new Promise((r) => setTimeout(r, 1));
  }
  throw new Error('the queue did not settle');
}

const proveBy =
  (answer: (text: string) => string) =>
  async (file: Blob, challenge: UploadChallenge): Promise<UploadProof> => ({
    challengeId: challenge.challengeId,
    hashes: [answer(await file.text())],
  });

describe('upload queue: proof of possession', () => {
  const target = { folderId: '0', targetPath: '/' };

  it('answers a challenge with the file and gets an instant upload, sending no chunk', async () => {
    const server = challengingServer({ prove: proveBy((text) => [...text].reverse().join('')) });
    const queue = createUploadQueue({ transport: server.transport, progressIntervalMs: 0 });
    queue.add([{ file: new Blob(['plate']), fileName: 'plate.dxf' }], target);
    const [item] = await settle(queue);
    expect(item!.status).toBe('instant');
    expect(server.inits.map((b) => b.proof)).toEqual([undefined, { challengeId: 'c-1', hashes: ['etalp'] }]);
    expect(server.puts).toEqual([]);
  });

  it('sends the bytes after a wrong answer, and asks only once', async () => {
    const server = challengingServer({ prove: proveBy(() => 'wrong') });
    const queue = createUploadQueue({ transport: server.transport, progressIntervalMs: 0 });
    queue.add([{ file: new Blob(['plate']), fileName: 'plate.dxf' }], target);
    const [item] = await settle(queue);
    expect(item!.status).toBe('done');
    expect(server.inits).toHaveLength(2);
    expect(server.puts).toEqual([0]);
  });

  it('sends the bytes when the proof cannot be made, or the transport makes none', async () => {
    const failing = challengingServer({
      prove: async () => {
        throw new Error('read failed');
      },
    });
    const queue = createUploadQueue({ transport: failing.transport, progressIntervalMs: 0 });
    queue.add([{ file: new Blob(['plate']), fileName: 'plate.dxf' }], target);
    expect((await settle(queue))[0]!.status).toBe('done');
    expect(failing.inits).toHaveLength(1);
    expect(failing.puts).toEqual([0]);

    const plain = challengingServer();
    const second = createUploadQueue({ transport: plain.transport, progressIntervalMs: 0 });
    second.add([{ file: new Blob(['plate']), fileName: 'plate.dxf' }], target);
    expect((await settle(second))[0]!.status).toBe('done');
    expect(plain.puts).toEqual([0]);
  });
});
