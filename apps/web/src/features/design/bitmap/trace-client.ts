import type { Bilingual, PathData } from '@kerf/laser';
import type { PreviewReply, PreviewRequest } from './bitmap-preview.worker';

/** The most pixels a trace works at: fine enough for cutting outlines, quick in a worker. */
const TRACE_PIXELS = 4_000_000;

/** A trace that did not finish: `refusal` says why, in both languages. */
export class TraceFailed extends Error {
  constructor(readonly refusal: Bilingual) {
    super(refusal.en);
    this.name = 'TraceFailed';
  }
}

const failure = (reason: string) => new TraceFailed({ 'zh-CN': reason, en: reason });

/** Traces a bitmap into outlines in a worker of its own (see traceBitmap); rejects with the reason. */
export function traceInWorker(src: string, shape: PreviewRequest['shape']): Promise<PathData> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./bitmap-preview.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<PreviewReply>) => {
      worker.terminate();
      const reply = event.data;
      if ('path' in reply) resolve(reply.path);
      else if ('refusal' in reply) reject(new TraceFailed(reply.refusal));
      else reject(failure('unexpected reply'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(failure(event.message || 'trace stopped'));
    };
    const request: PreviewRequest = { id: 1, src, shape, maxPixels: TRACE_PIXELS, trace: true };
    worker.postMessage(request);
  });
}
