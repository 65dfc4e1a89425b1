/**
 * The raster bench inside a browser worker: bundled by raster.bench.ts with esbuild, started by a blank
 * page in headless Chromium. Receives { size, runs, modes }, posts back every run's timings.
 */
import type { DitherMethod } from '../src/model/document.js';
import { makePhoto, type RunResult, runPipeline } from './raster-core.js';

interface WorkerScope {
  onmessage: ((e: { data: { size: number; runs: number; modes: DitherMethod[] } }) => void) | null;
  postMessage(message: unknown): void;
  navigator: { userAgent: string };
}
const scope = globalThis as unknown as WorkerScope;

scope.onmessage = (e) => {
  try {
    const { size, runs, modes } = e.data;
    const started = performance.now();
    const image = makePhoto(size);
    const makeMs = performance.now() - started;
    const results: RunResult[] = [];
    for (const mode of modes) {
      runPipeline(image, mode); // warm-up
      for (let r = 0; r < runs; r++) results.push(runPipeline(image, mode));
    }
    scope.postMessage({ ok: true, results, makeMs, userAgent: scope.navigator.userAgent });
  } catch (error) {
    scope.postMessage({ ok: false, error: String((error as Error)?.stack ?? error) });
  }
};
