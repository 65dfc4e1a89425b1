import type { PreviewReply, PreviewRequest } from './bitmap-preview.worker';

export type PreviewResult = Extract<PreviewReply, { data: Uint8Array }>;
export type PreviewOutcome = PreviewResult | Extract<PreviewReply, { refusal: unknown }>;

/**
 * One preview worker for a panel. Requests made while one is being worked out replace each other: only
 * the newest waits, so dragging a slider never queues stale previews, and only replies to the newest
 * request reach `onResult`.
 */
export class BitmapPreviewClient {
  private readonly worker: Worker;
  private nextId = 1;
  private latestId = 0;
  private busy = false;
  private waiting: PreviewRequest | null = null;
  /** The picture the worker holds: later requests for it leave the (large) data URL out. */
  private sentSrc: string | null = null;

  constructor(private readonly onResult: (outcome: PreviewOutcome) => void) {
    this.worker = new Worker(new URL('./bitmap-preview.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<PreviewReply>) => {
      this.busy = false;
      const reply = event.data;
      // after a failure the worker may have dropped the picture: send it again next time
      if ('refusal' in reply) this.sentSrc = null;
      if (reply.id === this.latestId && !('path' in reply)) this.onResult(reply);
      this.sendWaiting();
    };
    this.worker.onerror = (event) => {
      this.busy = false;
      this.sentSrc = null;
      const reason = event.message || 'preview stopped';
      this.onResult({ id: this.latestId, refusal: { 'zh-CN': reason, en: reason } });
      this.sendWaiting();
    };
  }

  request(request: Omit<PreviewRequest, 'id' | 'src'> & { src: string }): void {
    this.latestId = this.nextId++;
    this.waiting = { ...request, id: this.latestId };
    if (!this.busy) this.sendWaiting();
  }

  dispose(): void {
    this.worker.terminate();
  }

  private sendWaiting() {
    const next = this.waiting;
    if (!next) return;
    this.waiting = null;
    this.busy = true;
    const same = next.src === this.sentSrc;
    this.sentSrc = next.src;
    this.worker.postMessage(same ? { ...next, src: null } : next);
  }
}
