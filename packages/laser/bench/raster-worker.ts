/**
 * The raster bench inside a browser worker: bundled by raster.bench.ts with esbuild, started by a blank
 * page in headless Chromium. Receives { png, runs, modes }: the photo's PNG bytes. Decodes them with the
 * web app's decoder (createImageBitmap + OffscreenCanvas) and runs the pipeline to G-code, `runs` times
 * per mode after a warm-up; once, the core's own decoder too (its time, and whether the pixels agree).
 * Then compares the two decoders on the corpus PNGs the page serves. Posts back every run's timings.
 */
import { browserImageDecoder } from '../../../apps/web/src/features/design/browser-image-decoder.js';
import type { DitherMethod } from '../src/model/document.js';
import { toGrey } from '../src/raster/grey.js';
import { CORE_IMAGE_DECODER, decodeImageWith } from '../src/raster/image-decoder.js';
import { pixelDifference, type RunResult, runPipeline } from './raster-core.js';

interface Task {
  png: Uint8Array;
  runs: number;
  modes: DitherMethod[];
  /** How many corpus pictures the page serves at /corpus/0, /corpus/1, … */
  corpusFiles: number;
}

/**
 * The browser decoder against the core's on the corpus PNGs: how many files decode to the same RGBA,
 * and to the same grey (what is engraved: a canvas keeps premultiplied colour, so half-transparent
 * pixels may differ in RGB, and fully transparent ones lose theirs, which engraves as white either way).
 */
async function corpusAgreement(count: number) {
  let sameRgba = 0;
  let sameGrey = 0;
  let maxGreyDifference = 0;
  const differing: string[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = new Uint8Array(await (await fetch(`/corpus/${i}`)).arrayBuffer());
    const core = await decodeImageWith(bytes, CORE_IMAGE_DECODER);
    const native = await decodeImageWith(bytes, browserImageDecoder);
    if (pixelDifference(core, native).differing === 0) sameRgba++;
    const grey = pixelDifference(
      { width: core.width, height: core.height, rgba: toGrey(core).data },
      { width: native.width, height: native.height, rgba: toGrey(native).data },
    );
    if (grey.differing === 0) sameGrey++;
    else differing.push(`${i}: ${grey.differing} pixels, at most ${grey.maxDifference}`);
    maxGreyDifference = Math.max(maxGreyDifference, grey.maxDifference);
  }
  return { files: count, sameRgba, sameGrey, maxGreyDifference, differing: differing.slice(0, 10) };
}

interface WorkerScope {
  onmessage: ((e: { data: Task }) => void) | null;
  postMessage(message: unknown): void;
  navigator: { userAgent: string };
}
const scope = globalThis as unknown as WorkerScope;

scope.onmessage = async (e) => {
  try {
    const { png, runs, modes, corpusFiles } = e.data;
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
    const corpus = await corpusAgreement(corpusFiles);
    scope.postMessage({ ok: true, results, coreDecodeMs, agreement, corpus, userAgent: scope.navigator.userAgent });
  } catch (error) {
    scope.postMessage({ ok: false, error: String((error as Error)?.stack ?? error) });
  }
};
