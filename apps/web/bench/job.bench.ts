/**
 * Job bench (issue 16): the time from document to G-code in the job worker, in the built app in headless
 * Chromium on this machine, for the 20,000-path drawing of the editor bench and for a 4000 × 3000
 * picture engraved at 254 dpi (4000 × 3000 output pixels, Floyd–Steinberg). Each is measured through
 * the page: the preview button to the statistics shown (end to end), and the worker's own time for
 * plan, optimise, G-code and preview walk (what the dialog reports). Then the same picture's engraving
 * preview in the bitmap panel: from a brightness change to the new preview drawn, and its worker time.
 *
 *   npm run bench job      (needs `npm run build`; CHROMIUM_PATH, KERF_CORPUS as for the tests)
 * Overrides: JOB_BENCH_RUNS (5)
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDocument,
  createLayer,
  DEFAULT_BITMAP_SETTINGS,
  documentBounds,
  IDENTITY,
  type KerfDocument,
  leafShapes,
  serializeDocument,
} from '@kerf/laser';
import { encode } from 'fast-png';
import type { Page } from 'playwright-core';
import { machine, markdownTable, median, REPO_ROOT, round, writeReport } from '../../server/bench/bench-kit.js';
import { startServer } from '../../server/e2e/server-process.js';
import { launchChromium } from '../e2e/chromium-launch.js';
import { benchDocument } from './editor-document.js';

const env = process.env;
const RUNS = Number(env.JOB_BENCH_RUNS ?? 5);
const CORPUS = env.KERF_CORPUS ?? join(REPO_ROOT, '../shared/corpus');
const AIM_PATHS_MS = 2000;
const AIM_BITMAP_MS = 1000;

/** The editor bench's 20,000 paths, scaled as one group onto a 1300 × 900 mm bed. */
function pathsDocument(): KerfDocument {
  const doc = benchDocument(CORPUS, 'cad/sample_2000.dxf', 20_000);
  const b = documentBounds(doc);
  const scale = Math.min(1290 / (b.maxX - b.minX), 890 / (b.maxY - b.minY));
  const transform = [
    scale,
    0,
    0,
    scale,
    5 - b.minX * scale,
    5 - b.minY * scale,
  ] as KerfDocument['shapes'][0]['transform'];
  return {
    ...doc,
    width: 1300,
    height: 900,
    shapes: [{ id: 'sheet', kind: 'group', transform, children: doc.shapes }],
  };
}

/** A 4000 × 3000 photo-like picture (smooth shading with fine texture) over 400 × 300 mm at 254 dpi. */
function pictureDocument(): KerfDocument {
  const width = 4000;
  const height = 3000;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = 128 + 90 * Math.sin(x / 300) * Math.cos(y / 220) + 30 * Math.sin((x + y) / 7);
      const v = Math.max(0, Math.min(255, Math.round(shade)));
      data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  const png = Buffer.from(encode({ width, height, data, channels: 3 })).toString('base64');
  const layer = createLayer({ id: 'L1', name: 'IMG', mode: 'image', maxPower: 30, speed: 300 });
  return createDocument({
    width: 600,
    height: 400,
    layers: [layer],
    shapes: [
      {
        id: 'photo',
        kind: 'bitmap',
        transform: IDENTITY,
        layerId: 'L1',
        x: 10,
        y: 10,
        width: 400,
        height: 300,
        src: `data:image/png;base64,${png}`,
        pixelWidth: width,
        pixelHeight: height,
        settings: { ...DEFAULT_BITMAP_SETTINGS, dpiX: 254, dpiY: 254, dither: 'floyd-steinberg' },
      },
    ],
    meta: { name: 'photo 4000 × 3000' },
  });
}

interface Timing {
  endToEndMs: number;
  workerMs: number;
}

/** Opens the preview `runs` times; each time, from the click to the statistics shown. */
async function previewTimes(page: Page, runs: number): Promise<Timing[]> {
  const out: Timing[] = [];
  for (let i = 0; i < runs; i++) {
    const started = Date.now();
    await page.getByRole('button', { name: '预览' }).click();
    const note = page.getByTestId('job-preview-ms');
    await note.waitFor({ timeout: 120_000 });
    const endToEndMs = Date.now() - started;
    const workerMs = Number((await note.textContent())?.match(/(\d+) ms/)?.[1]);
    out.push({ endToEndMs, workerMs });
    await page.keyboard.press('Escape');
    await note.waitFor({ state: 'hidden' });
  }
  return out;
}

/** The bitmap panel on the selected picture: each brightness change until its new preview is drawn. */
async function bitmapPreviewTimes(page: Page, runs: number): Promise<Timing[]> {
  // the bench times the panel, not the selecting: the picture is selected through the editor
  await page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's own objects
    const { editor } = (window as any).__kerfDesign;
    editor.select(editor.doc.shapes.map((s: { id: string }) => s.id));
  });
  await page.getByRole('button', { name: '位图设置' }).click();
  const canvas = page.locator('.bitmap-panel').getByTestId('bitmap-preview');
  const readySum = async (other: string | null) => {
    await page.waitForFunction(
      (previous) => {
        const c = document.querySelector('[data-testid="bitmap-preview"]');
        return c?.getAttribute('data-state') === 'ready' && c.getAttribute('data-grey-sum') !== previous;
      },
      other,
      { timeout: 60_000, polling: 'raf' },
    );
    return canvas.getAttribute('data-grey-sum');
  };
  let sum = await readySum(null);
  const out: Timing[] = [];
  for (let i = 0; i < runs; i++) {
    const started = Date.now();
    await page
      .locator('.bitmap-panel')
      .getByRole('spinbutton', { name: '亮度' })
      .fill(String(i % 2 === 0 ? -20 - i : 20 + i));
    sum = await readySum(sum);
    out.push({ endToEndMs: Date.now() - started, workerMs: Number(await canvas.getAttribute('data-ms')) });
  }
  return out;
}

async function measure(page: Page, file: string, profileId: string, shapes: number): Promise<Timing[]> {
  await page.addInitScript(
    (id) => localStorage.setItem('kerf.design.machines', JSON.stringify({ profileId: id, own: [] })),
    profileId,
  );
  await page.goto('/web/design');
  await page.getByTestId('design-canvas').waitFor();
  await page.getByTestId('design-import-input').setInputFiles(file);
  await page.waitForFunction(
    // biome-ignore lint/suspicious/noExplicitAny: the page's own objects
    (n) => (window as any).__kerfDesign.editor.doc.shapes.length >= n,
    shapes,
    { timeout: 120_000 },
  );
  return previewTimes(page, RUNS);
}

async function main() {
  const paths = pathsDocument();
  const picture = pictureDocument();
  const work = await mkdtemp(join(tmpdir(), 'kerf-job-bench-'));
  const pathsFile = join(work, 'paths.kerf');
  const pictureFile = join(work, 'picture.kerf');
  await writeFile(pathsFile, serializeDocument(paths));
  await writeFile(pictureFile, serializeDocument(picture));
  const server = await startServer();
  const browser = await launchChromium();
  try {
    // a context each: the editor keeps a draft of its drawing in the browser, which the next page would restore
    const newPage = async () =>
      (
        await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 850 }, locale: 'zh-CN' })
      ).newPage();
    const pathTimes = await measure(await newPage(), pathsFile, 'co2-1300x900', paths.shapes.length);
    const picturePage = await newPage();
    const pictureTimes = await measure(picturePage, pictureFile, 'co2-600x400', picture.shapes.length);
    const bitmapTimes = await bitmapPreviewTimes(picturePage, RUNS);
    const med = (t: Timing[], k: keyof Timing) => median(t.map((x) => x[k]));
    const ms = (v: number) => `${round(v, 0)} ms`;
    const rows: (string | number)[][] = [
      ['measure', 'in the worker, median', 'on the page (click or change to the result shown), median', 'aim', 'met'],
      [
        `${leafShapes(paths.shapes).length} paths (sample_2000.dxf in a grid, cut)`,
        ms(med(pathTimes, 'workerMs')),
        ms(med(pathTimes, 'endToEndMs')),
        `≤ ${AIM_PATHS_MS} ms`,
        med(pathTimes, 'endToEndMs') <= AIM_PATHS_MS ? '✅ yes' : '❌ no',
      ],
      [
        '4000 × 3000 picture, 254 dpi, Floyd–Steinberg',
        ms(med(pictureTimes, 'workerMs')),
        ms(med(pictureTimes, 'endToEndMs')),
        '',
        '',
      ],
      [
        'bitmap panel: that picture’s engraving preview after a brightness change',
        ms(med(bitmapTimes, 'workerMs')),
        ms(med(bitmapTimes, 'endToEndMs')),
        `≤ ${AIM_BITMAP_MS} ms`,
        med(bitmapTimes, 'endToEndMs') <= AIM_BITMAP_MS ? '✅ yes' : '❌ no',
      ],
    ];
    const m = machine();
    process.stdout.write(
      `\nJob bench: ${RUNS} runs each, Chromium headless; load ${round(loadavg()[0] ?? 0, 1)} on ${m.cpus} cores\n\n${markdownTable(rows)}\n`,
    );
    await writeReport('job', { machine: m, runs: RUNS, pathTimes, pictureTimes, bitmapTimes });
  } finally {
    await browser.close();
    await server.stop();
    await rm(work, { recursive: true, force: true });
    await rm(server.dataDir, { recursive: true, force: true });
  }
}

await main();
