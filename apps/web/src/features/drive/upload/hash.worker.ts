import { createSHA256 } from 'hash-wasm';

/**
 * Hashes a File with SHA-256 off the main thread, a few megabytes at a time, so a large file neither
 * blocks the page nor sits in memory whole. Posts `{progress}` now and then and `{sha256}` at the end.
 */
export type HashRequest = { file: Blob };
export type HashReply = { progress: number } | { sha256: string } | { error: string };

const SLICE_BYTES = 4 * 1024 * 1024;

/** The worker's global, typed by hand: the app compiles against the DOM library, not the worker one. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage(message: HashReply): void;
};

scope.onmessage = async (event: MessageEvent<HashRequest>) => {
  const { file } = event.data;
  try {
    const hasher = await createSHA256();
    hasher.init();
    let lastReport = 0;
    for (let offset = 0; offset < file.size; offset += SLICE_BYTES) {
      const slice = file.slice(offset, Math.min(file.size, offset + SLICE_BYTES));
      hasher.update(new Uint8Array(await slice.arrayBuffer()));
      const now = performance.now();
      if (now - lastReport > 100) {
        lastReport = now;
        scope.postMessage({ progress: Math.min(1, (offset + slice.size) / file.size) } satisfies HashReply);
      }
    }
    scope.postMessage({ sha256: hasher.digest('hex') } satisfies HashReply);
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies HashReply);
  }
};
