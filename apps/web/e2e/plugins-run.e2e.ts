import { readFileSync } from 'node:fs';
import { documentBounds, importSvg, leafShapes } from '@kerf/laser';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  distanceToOutlines,
  draftKinds,
  editorFitted,
  openDesignSignedIn,
  openPluginFromMenu,
  pageDocument,
  toDocument,
  tracedDownload,
} from './design-support';
import { shot, useBrowser } from './harness';
import { animationsSettled, expectNoSidewaysScroll } from './support';

/** The default machine (CO₂ 600 × 400): origin bottom left, so document y = 400 − machine y. */
const BED_HEIGHT = 400;

/** What the running editor holds: leaf shapes per layer name, the active layer, the selection. */
function editorFacts(page: Page) {
  return page.evaluate(() => {
    interface PageShape {
      kind: string;
      layerId?: string;
      children?: PageShape[];
    }
    interface PageEditor {
      doc: { layers: { id: string; name: string }[]; shapes: PageShape[] };
      state: { selection: string[]; activeLayerId: string };
    }
    const { editor } = (window as unknown as { __kerfDesign: { editor: PageEditor } }).__kerfDesign;
    const names = new Map(editor.doc.layers.map((l) => [l.id, l.name]));
    const perLayer: Record<string, number> = {};
    const visit = (s: PageShape) => {
      if (s.children) s.children.forEach(visit);
      else perLayer[names.get(s.layerId ?? '') ?? '?'] = (perLayer[names.get(s.layerId ?? '') ?? '?'] ?? 0) + 1;
    };
    editor.doc.shapes.forEach(visit);
    return {
      perLayer,
      layers: editor.doc.layers.length,
      active: names.get(editor.state.activeLayerId) ?? null,
      selection: editor.state.selection.length,
    };
  });
}

/** The preview's answered shape count and size (`W x H` mm) once a run has answered. */
async function previewFacts(scope: Page | Locator) {
  const preview = scope.locator('#plugin-preview[data-shapes]');
  await preview.waitFor({ timeout: 30_000 });
  return {
    status: await preview.getAttribute('data-status'),
    shapes: Number(await preview.getAttribute('data-shapes')),
    size: (await preview.getAttribute('data-size')) ?? '',
  };
}

/** The preview's answer once it is settled (no run waiting or in progress). */
async function settledPreview(scope: Page | Locator) {
  await expect.poll(async () => (await previewFacts(scope)).status, { timeout: 30_000 }).toBe('done');
  return previewFacts(scope);
}

const widthOf = (size: string) => Number(size.split('x')[0]);

/** Downloads the editor's drawing through its Export menu (the job is planned first for G-code). */
async function exportFromEditor(page: Page, item: string) {
  await page.getByRole('button', { name: '导出' }).click();
  const entry = page.getByRole('menuitem', { name: item });
  await entry.waitFor();
  await animationsSettled(page);
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await entry.click();
  return downloading;
}

describe('running plugins', () => {
  const browser = useBrowser();

  it('inserts a box maker run into the editor as one step on the current layer, undone, redone and exported', async () => {
    const { page } = await openDesignSignedIn(browser, 'plugins-run');
    await editorFitted(page);
    const dialog = await openPluginFromMenu(page, '盒子生成器');
    const first = await settledPreview(dialog);
    expect(first.shapes).toBe(6);

    // a wider, lower box without a lid: five panels, and the preview follows
    await dialog.locator('#plugin-param-width').fill('160');
    await dialog.locator('#plugin-param-height').fill('40');
    await dialog.getByRole('switch', { name: '无盖' }).click();
    await expect.poll(async () => (await settledPreview(dialog)).shapes).toBe(5);
    const changed = await settledPreview(dialog);
    expect(changed.size).not.toBe(first.size);
    // a value out of range is named under its field and nothing is inserted from it
    await dialog.locator('#plugin-param-thickness').fill('0.1');
    await dialog.getByText('不能小于 0.5 mm').waitFor();
    await expect.poll(() => dialog.getByTestId('plugin-insert').isDisabled()).toBe(true);
    await dialog.locator('#plugin-param-thickness').fill('3');
    await expect.poll(() => dialog.getByTestId('plugin-insert').isDisabled()).toBe(false);
    await animationsSettled(page);
    await shot(page, 'plugins-dialog-box-zh');

    await dialog.getByTestId('plugin-insert').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => editorFacts(page))
      .toEqual({ perLayer: { C00: 5 }, layers: 1, active: 'C00', selection: 5 });
    const list = page.getByRole('complementary', { name: '图层' }).locator('.layer-list');
    await expect.poll(() => list.locator('.layer-list__count').allTextContents()).toEqual(['5']);
    const inserted = await pageDocument(page);
    await shot(page, 'plugins-inserted-zh');

    // one step: undo takes every panel away, redo brings them back where they were
    await page.getByRole('button', { name: '撤销' }).click();
    await expect.poll(() => editorFacts(page)).toMatchObject({ perLayer: {}, selection: 0 });
    await page.getByRole('button', { name: '重做' }).click();
    await expect.poll(() => editorFacts(page)).toMatchObject({ perLayer: { C00: 5 } });
    expect((await pageDocument(page)).shapes).toEqual(inserted.shapes);

    // the drawing exports: an SVG holding the five panels, and G-code that cuts along them
    const svg = readFileSync(await (await exportFromEditor(page, 'SVG（下载）')).path(), 'utf8');
    const readBack = importSvg(new TextEncoder().encode(svg));
    expect(leafShapes(readBack.shapes)).toHaveLength(5);
    const doc = await pageDocument(page);
    const [a, b] = [documentBounds(readBack), documentBounds(doc)];
    expect(a.maxX - a.minX).toBeCloseTo(b.maxX - b.minX, 1);

    const { moves } = await tracedDownload(await exportFromEditor(page, 'G 代码（下载）'));
    const burnt = moves.filter((m) => m.motion === 'G1' && m.s > 0);
    expect(burnt.length).toBeGreaterThan(20);
    const near = distanceToOutlines(doc, doc.layers[0]!.id);
    for (const p of burnt.flatMap((m) => toDocument(m, BED_HEIGHT))) expect(near(p)).toBeLessThan(0.02);
    // the run, the two exports and the job planning on a busy two-core machine take their time
  }, 120_000);

  it('lets a visitor try the gear on /plugin, export it as SVG and open it in the editor', async () => {
    const { page } = await browser.open('/web/plugin?id=kerf.gear');
    await page.getByRole('heading', { name: '齿轮' }).waitFor();
    const first = await settledPreview(page);
    // module 2, 20 teeth: the tips reach a 44 mm circle
    expect(widthOf(first.size)).toBeGreaterThan(42.5);
    expect(widthOf(first.size)).toBeLessThanOrEqual(44);

    // a bore the gear cannot hold: the plugin's own reason, in plain words, and nothing to export
    await page.locator('#plugin-param-bore').fill('40');
    await expect.poll(() => page.locator('#plugin-run-error').textContent()).toContain('轴孔（含键槽）太大');
    expect(await page.getByTestId('plugin-export-svg').isDisabled()).toBe(true);
    await shot(page, 'plugin-page-error-zh');
    await page.locator('#plugin-param-bore').fill('5');
    await page.locator('#plugin-run-error').waitFor({ state: 'detached' });

    await page.locator('#plugin-param-teeth').fill('30');
    await expect.poll(async () => widthOf((await settledPreview(page)).size)).toBeGreaterThan(62.5);
    const gear = await settledPreview(page);
    expect(widthOf(gear.size)).toBeLessThanOrEqual(64);
    await page.getByText(`${gear.size.replace('x', ' × ')} mm`).waitFor();
    await shot(page, 'plugin-page-gear-zh');

    const downloading = page.waitForEvent('download');
    await page.getByTestId('plugin-export-svg').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('齿轮.svg');
    const svg = readFileSync(await download.path(), 'utf8');
    expect(svg).toContain('<svg');
    const readBack = importSvg(new TextEncoder().encode(svg));
    expect(leafShapes(readBack.shapes)).toHaveLength(gear.shapes);
    const bounds = documentBounds(readBack);
    // the file starts at the drawing's corner and is as large as the gear
    expect(bounds.minX).toBeCloseTo(0, 1);
    expect(bounds.minY).toBeCloseTo(0, 1);
    expect(bounds.maxX - bounds.minX).toBeCloseTo(widthOf(gear.size), 0);
    expect(readBack.width).toBeCloseTo(widthOf(gear.size), 0);

    await page.getByTestId('plugin-open-editor').click();
    await page.waitForURL(/\/web\/design$/);
    // the gear is inserted and shown (the view zooms to it, so the work area is not fitted)
    await page.getByTestId('design-canvas').waitFor();
    await expect.poll(() => editorFacts(page)).toMatchObject({ perLayer: { C00: gear.shapes }, layers: 1 });
    const doc = await pageDocument(page);
    const placed = documentBounds(doc);
    expect(placed.maxX - placed.minX).toBeCloseTo(widthOf(gear.size), 0);
    // a reload brings the drawing back from the draft and does not insert the gear again
    await expect.poll(async () => (await draftKinds(page))?.length).toBe(gear.shapes);
    await page.reload();
    await page.getByTestId('design-canvas').waitFor();
    await expect.poll(() => editorFacts(page)).toMatchObject({ perLayer: { C00: gear.shapes } });
  });

  it('shows the plugin page in English and on a phone', async () => {
    const { page } = await browser.open('/web/plugin', { language: 'en' });
    await page.locator('[data-plugin="kerf.gear"]').waitFor();
    await animationsSettled(page);
    await shot(page, 'plugin-picker-en');
    await page.locator('[data-plugin="kerf.box-maker"]').click();
    await page.getByRole('heading', { name: 'Box maker' }).waitFor();
    await settledPreview(page);
    await shot(page, 'plugin-page-box-en');

    for (const language of ['zh-CN', 'en'] as const) {
      const phone = await browser.open('/web/plugin?id=kerf.gear', { language, viewport: { width: 390, height: 844 } });
      await settledPreview(phone.page);
      await expectNoSidewaysScroll(phone.page);
      await shot(phone.page, `plugin-page-phone-${language}`);
    }
  });

  it('offers a visitor the built-ins in the editor, in English, under a header that fits', async () => {
    const { page } = await browser.open('/web/design', { language: 'en' });
    await editorFitted(page);
    // the header with its Plugins menu fits a laptop screen in English (its buttons turn to icons)
    const header = page.locator('.design-header');
    await expect.poll(() => header.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const language = await page.getByRole('button', { name: 'Change language' }).boundingBox();
    expect(language!.x + language!.width).toBeLessThanOrEqual(1366);
    const dialog = await openPluginFromMenu(page, 'Gear');
    const gear = await settledPreview(dialog);
    await animationsSettled(page);
    await shot(page, 'plugins-dialog-gear-en');
    await dialog.getByTestId('plugin-insert').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => editorFacts(page))
      .toEqual({ perLayer: { C00: gear.shapes }, layers: 1, active: 'C00', selection: gear.shapes });
  });
});
