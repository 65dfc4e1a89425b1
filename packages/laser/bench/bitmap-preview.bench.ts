/**
 * The bitmap panel's preview latency: after a settings change, how long engravingPreview takes on an
 * already decoded 4000×3000 photo (the worker keeps the decoded picture), in Node on one thread, as the
 * panel's worker runs it. Budgets: the panel's own (a 340×260 pane, 2× oversampled, at device pixel
 * ratio 1 and 2) and the full 254 dpi output grid (12 megapixels), each with Floyd–Steinberg,
 * greyscale and halftone, and with brightness, contrast and gamma set (the tone step's cost).
 *   npm run bench -- bitmap-preview   (BITMAP_BENCH_RUNS overrides the number of runs, default 7)
 * Reports the median and the slowest run in ms against the panel's aim (1 s from change to picture).
 * Writes .bench/bitmap-preview.json.
 */
import { machine, markdownTable, median, round, writeReport } from '../../../apps/server/bench/bench-kit.js';
import type { BitmapSettings, DitherMethod } from '../src/model/document.js';
import { DEFAULT_BITMAP_SETTINGS } from '../src/model/layers.js';
import { engravingPreview } from '../src/raster/engraving-preview.js';
import { makePhoto } from './raster-core.js';

const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = Math.max(3, Number(process.env.BITMAP_BENCH_RUNS ?? 7));
const AIM_MS = 1000;
/** The panel's pixel budget (BitmapPreviewPanes.previewPixelBudget): 340 × 260 × 4 × dpr². */
const BUDGETS = [
  { name: 'panel, dpr 1', maxPixels: 340 * 260 * 4 },
  { name: 'panel, dpr 2', maxPixels: 340 * 260 * 16 },
  { name: 'full 254 dpi grid', maxPixels: Number.POSITIVE_INFINITY },
];
const METHODS: DitherMethod[] = ['floyd-steinberg', 'greyscale', 'halftone'];

const photo = makePhoto(WIDTH, HEIGHT);
// 254 dpi, 0.1 mm a pixel: the picture as the editor imports it
const frame = { width: WIDTH / 10, height: HEIGHT / 10 };
const rows: Array<Array<string | number>> = [
  ['budget', 'dither', 'tone', 'preview px', 'median ms', 'max ms', `within ${AIM_MS} ms`],
];
const results = [];
for (const budget of BUDGETS) {
  for (const dither of METHODS) {
    for (const toned of [false, true]) {
      const times: number[] = [];
      let pixels = '';
      for (let run = 0; run < RUNS; run++) {
        // a different brightness each run: the change the panel reacts to
        const settings: BitmapSettings = {
          ...DEFAULT_BITMAP_SETTINGS,
          dither,
          ...(toned ? { brightness: 10 + run, contrast: 15, gamma: 1.3 } : {}),
        };
        const started = performance.now();
        const preview = engravingPreview(photo, { ...frame, settings }, { maxPixels: budget.maxPixels });
        times.push(performance.now() - started);
        pixels = `${preview.width}×${preview.height}`;
      }
      const ms = round(median(times), 1);
      const max = round(Math.max(...times), 1);
      rows.push([budget.name, dither, toned ? 'b/c/γ' : 'neutral', pixels, ms, max, max < AIM_MS ? 'yes' : 'NO']);
      results.push({ budget: budget.name, dither, toned, pixels, medianMs: ms, maxMs: max });
    }
  }
}
console.log(`engravingPreview of a decoded ${WIDTH}×${HEIGHT} photo, ${RUNS} runs each (Node, one thread)\n`);
console.log(markdownTable(rows));
const path = await writeReport('bitmap-preview', { ...machine(), width: WIDTH, height: HEIGHT, runs: RUNS, results });
console.log(`\nwrote ${path}`);
