/**
 * The raster bench inside a browser worker: bundled by raster.bench.ts with esbuild, started by a blank
 * page in headless Chromium. Receives { png, runs, modes }: the photo's PNG bytes. Decodes them with the
 * web app's decoder (createImageBitmap + OffscreenCanvas) and runs the pipeline to G-code, `runs` times
 * per mode after a warm-up; once, the core's own decoder too (its time, and whether the pixels agree).
 * Posts back every run's timings.
 */
import { browserImageDecoder } from '../../../apps/web/src/features/design/browser-image-decoder.js';
import type { DitherMethod } from '../src/model/document.js';
import { CORE_IMAGE_DECODER, decodeImageWith } from '../src/raster/image-decoder.js';
import { pixelDifference, type RunResult, runPipeline } from './raster-core.js';

interface Task {
  png: Uint8Array;
  runs: number;
  modes: DitherMethod[];
}

interface WorkerScope {
  onmessage: ((e: { data: Task }) => void) | null;
  postMessage(message: unknown): void;
  navigator: { userAgent: string };
}
const scope = globalThis as unknown as WorkerScope;

scope.onmessage = async (e) => {
  try {
    const { png, runs, modes } = e.data;
    const input = { file: png, decoder: browserImageDecoder };
    const results: RunResult[] = [];
    for (const mode of modes) {
      await runPipeline(input, mode); // warm-up
      for (let r = 0; r < runs; r++) results.push(await runPipeline(input, mode));
    }
    const started = performance.now();
    const core = await decodeImageWith(png, CORE_IMAGE_DECODER);
    const coreDecodeMs = performance.now() - started;
    const native = await decodeImageWith(png, browserImageDecoder);
    const agreement = pixelDifference(core, native);
    scope.postMessage({ ok: true, results, coreDecodeMs, agreement, userAgent: scope.navigator.userAgent });
  } catch (error) {
    scope.postMessage({ ok: false, error: String((error as Error)?.stack ?? error) });
  }
};
