/**
 * Design editor bench (issue 13): a 20,000-path drawing made from a real DXF of the corpus, in the
 * built app in headless Chromium on this machine: first render, pan and zoom frame times, select all,
 * dragging 1,000 selected shapes, and the tab's memory, beside the same drawing as one inline SVG in the
 * same Chromium (what an SVG-DOM editor would hold).
 *
 *   npm run bench editor      (needs `npm run build`; CHROMIUM_PATH, KERF_CORPUS as for the tests)
 * Overrides: EDITOR_BENCH_PATHS (20000)  EDITOR_BENCH_DXF (cad/sample_2000.dxf)
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportSvg, leafShapes, serializeDocument } from '@kerf/laser';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { machine, markdownTable, median, REPO_ROOT, round, writeReport } from '../../server/bench/bench-kit.js';
import { startServer } from '../../server/e2e/server-process.js';
import { launchChromium } from '../e2e/chromium-launch.js';
import { benchDocument } from './editor-document.js';
import type { EditorTimings } from './editor-page.js';

const env = process.env;
const PATHS = Number(env.EDITOR_BENCH_PATHS ?? 20_000);
const DXF = env.EDITOR_BENCH_DXF ?? 'cad/sample_2000.dxf';
const CORPUS = env.KERF_CORPUS ?? join(REPO_ROOT, '../shared/corpus');
const AIM = { firstRenderMs: 1000, frameP95Ms: 1000 / 60, selectAllMs: 100 };

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;
const ms = (v: number) => `${round(v, v < 10 ? 2 : 1)} ms`;
const yes = (met: boolean) => (met ? '✅ yes' : '❌ no');
/** How the inline SVG's time compares with Kerf's: above 1, Kerf is that many times faster. */
const ratio = (ours: number, theirs: number) => {
  const r = theirs / Math.max(ours, 0.01);
  return r >= 1 ? `${round(r, 1)}× faster` : `${round(1 / r, 1)}× slower`;
};

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  await cdp.detach();
  return round(used / 1e6, 1);
}

async function main() {
  const doc = benchDocument(CORPUS, DXF, PATHS);
  const leaves = leafShapes(doc.shapes).length;
  const json = serializeDocument(doc);
  const svg = exportSvg(doc);
  const work = await mkdtemp(join(tmpdir(), 'kerf-editor-bench-'));
  const kerfFile = join(work, 'bench.kerf');
  await writeFile(kerfFile, json);
  const pageCode = (
    await build({
      entryPoints: [join(import.meta.dirname, 'editor-page.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'chrome120',
    })
  ).outputFiles[0]!.text;

  const server = await startServer();
  const browser = await launchChromium();
  try {
    // the bench's own script goes into the page, past the app's Content-Security-Policy
    const context = await browser.newContext({
      viewport: { width: 1366, height: 850 },
      locale: 'zh-CN',
      bypassCSP: true,
    });
    // end to end: the file through the import button (read and parsed in the worker), to the first frame
    const page = await context.newPage();
    await page.goto(`${server.baseURL}/web/design`);
    await page.getByTestId('design-canvas').waitFor();
    const started = Date.now();
    await page.getByTestId('design-import-input').setInputFiles(kerfFile);
    await page.waitForFunction(
      (n) => {
        // biome-ignore lint/suspicious/noExplicitAny: the page's own objects
        const design = (window as any).__kerfDesign;
        return design.editor.doc.shapes.length >= n && design.renderer.stats.full > 0;
      },
      doc.shapes.length,
      { timeout: 120_000, polling: 16 },
    );
    const importMs = Date.now() - started;
    await page.close();

    const editorPage = await context.newPage();
    await editorPage.goto(`${server.baseURL}/web/design`);
    await editorPage.getByTestId('design-canvas').waitFor();
    await editorPage.addScriptTag({ content: pageCode });
    const ours = (await editorPage.evaluate(
      (text) => window.kerfEditorBench!.runEditorSteps(text),
      json,
    )) as EditorTimings;
    const ourHeap = await heapMb(editorPage);
    await editorPage.close();

    const svgPage = await context.newPage();
    await svgPage.goto(`${server.baseURL}/web/design`);
    await svgPage.addScriptTag({ content: pageCode });
    const theirs = await svgPage.evaluate((text) => window.kerfEditorBench!.runSvgSteps(text), svg);
    const svgHeap = await heapMb(svgPage);

    const frameP95 = Math.max(p95(ours.panFrameMs), p95(ours.zoomFrameMs));
    const rows: (string | number)[][] = [
      ['measure', 'Kerf (canvas)', 'same drawing as inline SVG', 'ratio', 'aim', 'met'],
      [
        'first render (load into the editor, index, paths, one frame)',
        ms(ours.loadAndDrawMs),
        ms(theirs.firstRenderMs),
        ratio(ours.loadAndDrawMs, theirs.firstRenderMs),
        `≤ ${AIM.firstRenderMs} ms`,
        yes(ours.loadAndDrawMs <= AIM.firstRenderMs),
      ],
      ['import of the .kerf file to the first frame (worker parse, end to end)', ms(importMs), '', '', '', ''],
      [
        'pan frame, median / p95',
        `${ms(median(ours.panFrameMs))} / ${ms(p95(ours.panFrameMs))}`,
        `${ms(median(theirs.panFrameMs))} / ${ms(p95(theirs.panFrameMs))}`,
        ratio(p95(ours.panFrameMs), p95(theirs.panFrameMs)),
        `p95 ≤ ${round(AIM.frameP95Ms, 1)} ms`,
        yes(p95(ours.panFrameMs) <= AIM.frameP95Ms),
      ],
      [
        'zoom frame, median / p95',
        `${ms(median(ours.zoomFrameMs))} / ${ms(p95(ours.zoomFrameMs))}`,
        `${ms(median(theirs.zoomFrameMs))} / ${ms(p95(theirs.zoomFrameMs))}`,
        ratio(p95(ours.zoomFrameMs), p95(theirs.zoomFrameMs)),
        `p95 ≤ ${round(AIM.frameP95Ms, 1)} ms`,
        yes(p95(ours.zoomFrameMs) <= AIM.frameP95Ms),
      ],
      ['full redraw at rest (after the camera stops)', ms(ours.settleMs), '', '', '', ''],
      [
        'select all, drawn',
        ms(ours.selectAllMs),
        ms(theirs.selectAllMs),
        ratio(ours.selectAllMs, theirs.selectAllMs),
        `≤ ${AIM.selectAllMs} ms`,
        yes(ours.selectAllMs <= AIM.selectAllMs),
      ],
      [
        'drag 1,000 selected shapes, frame median / p95',
        `${ms(median(ours.dragFrameMs))} / ${ms(p95(ours.dragFrameMs))}`,
        `${ms(median(theirs.dragFrameMs))} / ${ms(p95(theirs.dragFrameMs))}`,
        ratio(p95(ours.dragFrameMs), p95(theirs.dragFrameMs)),
        `p95 ≤ ${round(AIM.frameP95Ms, 1)} ms`,
        yes(p95(ours.dragFrameMs) <= AIM.frameP95Ms),
      ],
      ['release of the drag (one undoable change, redrawn)', ms(ours.dragCommitMs), '', '', '', ''],
      ['tab JavaScript heap after the steps', `${ourHeap} MB`, `${svgHeap} MB`, '', '', ''],
    ];
    const m = machine();
    process.stdout.write(
      `\nDesign editor bench: ${DXF} in a grid, ${doc.shapes.length} top-level shapes, ${leaves} paths; ${ours.visibleAtFit} drawn at fit; Chromium headless, software rendering; load ${round(loadavg()[0] ?? 0, 1)} on ${m.cpus} cores\n\n`,
    );
    process.stdout.write(
      `${markdownTable(rows)}\nPan and zoom frames over ${doc.shapes.length >= 4000 ? 'a big drawing reuse the last full picture (redrawn in full at rest)' : 'this drawing are drawn in full'}; overall frame p95 ${ms(frameP95)}.\n`,
    );
    await writeReport('editor', {
      machine: m,
      paths: leaves,
      shapes: doc.shapes.length,
      importMs,
      ours,
      theirs,
      ourHeapMb: ourHeap,
      svgHeapMb: svgHeap,
    });
  } finally {
    await browser.close();
    await server.stop();
    await rm(work, { recursive: true, force: true });
    await rm(server.dataDir, { recursive: true, force: true });
  }
}

await main();
