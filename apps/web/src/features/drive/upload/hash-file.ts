import type { HashReply } from './hash.worker';

/**
 * SHA-256 of a file in a Web Worker (hash-wasm, read in slices). One worker per file; aborting
 * terminates it at once.
 */
export function hashFile(file: Blob, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('aborted', 'AbortError'));
      return;
    }
    const worker = new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<HashReply>) => {
      const reply = event.data;
      if ('progress' in reply) onProgress(reply.progress);
      else if ('sha256' in reply) {
        stop();
        resolve(reply.sha256);
      } else {
        stop();
        reject(new Error(reply.error));
      }
    };
    worker.onerror = (event) => {
      stop();
      reject(new Error(event.message || 'hash worker failed'));
    };
    worker.postMessage({ file });
  });
}
