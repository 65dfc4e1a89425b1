import { join } from 'node:path';
import { emptyBounds, leafShapes, placedPolylines, polylineBounds } from '@kerf/laser';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CORPUS, distanceToOutlines, pageDocument, shapeCount, toDocument, tracedDownload } from './design-job-support';
import { PASSWORD } from './drive-support';
import { shot, useBrowser } from './harness';
import { animationsSettled, clickUntilShown, registerByApi, signInContext, tokenByApi, uniqueEmail } from './support';

/** The desktop profile Kerf starts with: 400 × 400 mm, 20 W at S1000, origin bottom left. */
const BED = 400;
const MACHINE_POWER = 20;

async function importFile(page: Page, path: string) {
  const before = await shapeCount(page);
  await page.getByTestId('design-import-input').setInputFiles(path);
  await expect.poll(() => shapeCount(page), { timeout: 30_000 }).toBeGreaterThan(before);
}

/** Sets the active layer's mode, power and speed in its settings drawer. */
async function setActiveLayer(page: Page, settings: { mode: '切割' | '填充'; maxPower: number; speed: number }) {
  const section = page.getByRole('region', { name: '图层工艺' });
  const drawer = page.getByRole('dialog').filter({ hasText: '图层设置：' });
  await clickUntilShown(section.getByRole('button', { name: '图层设置' }), drawer);
  await drawer.getByText(settings.mode, { exact: true }).first().click();
  await drawer.getByLabel('最小功率', { exact: true }).fill('1');
  await drawer.getByLabel('最大功率', { exact: true }).fill(String(settings.maxPower));
  await drawer.getByLabel('速度', { exact: true }).fill(String(settings.speed));
  await drawer.getByRole('button', { name: '确定' }).click();
  await drawer.waitFor({ state: 'hidden' });
}

describe('job preview and export in the design editor', () => {
  const browser = useBrowser();

  async function openSignedIn(english = false) {
    const email = uniqueEmail('design-job');
    await registerByApi(email, PASSWORD, 'Maker');
    const token = await tokenByApi(email, PASSWORD);
    const { page, context } = await browser.open('/web/');
    await signInContext(context, token);
    if (english) await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/web/design');
    await page.getByTestId('design-canvas').waitFor();
    return { page, token };
  }

  it('previews a DXF drawing set as a cut and a fill layer, and downloads G-code that burns the drawing as set', async () => {
    const { page } = await openSignedIn();
    await importFile(page, join(CORPUS, 'cad', 'sample_2018.dxf'));
    const doc = await pageDocument(page);
    const used = [...new Set(leafShapes(doc.shapes).map((p) => p.shape.layerId))];
    expect(used.length).toBe(2);
    // the layer with closed outlines (a rectangle, a circle) is filled; the one of open lines only is cut
    const closed = (id: string) =>
      leafShapes(doc.shapes)
        .filter((p) => p.shape.layerId === id)
        .some((p) => placedPolylines(p).some((l) => l.closed));
    const fillLayer = used.find(closed)!;
    const cutLayer = used.find((id) => id !== fillLayer)!;
    expect(fillLayer).toBeDefined();

    await page.evaluate((id) => {
      const { editor } = (window as unknown as { __kerfDesign: { editor: { store: { set(p: object): void } } } })
        .__kerfDesign;
      editor.store.set({ activeLayerId: id });
    }, cutLayer);
    await setActiveLayer(page, { mode: '切割', maxPower: 15, speed: 12 });
    await page.evaluate((id) => {
      const { editor } = (window as unknown as { __kerfDesign: { editor: { store: { set(p: object): void } } } })
        .__kerfDesign;
      editor.store.set({ activeLayerId: id });
    }, fillLayer);
    await setActiveLayer(page, { mode: '填充', maxPower: 8, speed: 150 });

    const preview = page.getByRole('dialog').filter({ hasText: '加工预览' });
    await clickUntilShown(page.getByRole('button', { name: '预览' }), preview);
    await preview.getByTestId('job-stats').waitFor({ timeout: 30_000 });
    const cutShown = Number(await preview.getByTestId('job-stats-cut').getAttribute('data-value'));
    expect(cutShown).toBeGreaterThan(100);
    await shot(page, 'design-job-preview-zh');

    // play a moment from the start: the clock runs and stops short of the end
    await preview.getByRole('button', { name: '从头播放' }).click();
    await expect.poll(() => preview.getByTestId('job-preview-clock').textContent()).not.toMatch(/^0:00 \//);
    await preview.getByRole('button', { name: '暂停' }).click();
    await shot(page, 'design-job-preview-playing-zh');

    const downloading = page.waitForEvent('download');
    await preview.getByRole('button', { name: 'G 代码（下载）' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.gcode$/);
    const { text, moves } = await tracedDownload(download);
    expect(text).toMatch(/^; Ops: \d+, cut ([\d.]+) mm/m);
    const burnt = moves.filter((m) => m.motion === 'G1' && m.s > 0);

    // cut at 15 W of 20 W (S750) and 12 mm/s; fill at 8 W (S400) and 150 mm/s
    const cut = burnt.filter((m) => m.s === 750);
    const fill = burnt.filter((m) => m.s === 400);
    expect(cut.length + fill.length).toBe(burnt.length);
    expect(new Set(cut.map((m) => m.f))).toEqual(new Set([720]));
    expect(new Set(fill.map((m) => m.f))).toEqual(new Set([9000]));
    const length = (ms: typeof burnt) => ms.reduce((a, m) => a + Math.hypot(m.to.x - m.from.x, m.to.y - m.from.y), 0);
    expect(length(burnt)).toBeCloseTo(cutShown, 0);

    // the cut follows the cut layer's outlines; the fill stays inside the fill layer's shapes
    const near = distanceToOutlines(doc, cutLayer);
    for (const p of cut.flatMap((m) => toDocument(m, BED))) expect(near(p)).toBeLessThan(0.02);
    const fillBounds = emptyBounds();
    for (const p of leafShapes(doc.shapes))
      if (p.shape.layerId === fillLayer) polylineBounds(placedPolylines(p), fillBounds);
    for (const p of fill.flatMap((m) => toDocument(m, BED))) {
      expect(p.x).toBeGreaterThanOrEqual(fillBounds.minX - 0.01);
      expect(p.x).toBeLessThanOrEqual(fillBounds.maxX + 0.01);
      expect(p.y).toBeGreaterThanOrEqual(fillBounds.minY - 0.01);
      expect(p.y).toBeLessThanOrEqual(fillBounds.maxY + 0.01);
    }
    expect(MACHINE_POWER).toBe(20);
  });

  it('says why there is nothing to output, and plans for a machine chosen in the profiles (English)', async () => {
    const { page } = await openSignedIn(true);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByText('G-code (download)').click();
    const warning = page.getByRole('dialog').filter({ hasText: 'Nothing to output' });
    await warning.waitFor();
    await expect.poll(() => warning.textContent()).toContain('There are no shapes on the canvas.');
    await shot(page, 'design-job-nothing-en');
    await warning.getByRole('button', { name: 'OK' }).click();

    // a machine of the user's own: a copy of the CO₂ 600 × 400 with a smaller bed
    await page.getByRole('combobox', { name: 'Machine' }).click();
    await page.getByRole('button', { name: 'Manage machines…' }).click();
    const machines = page.getByRole('dialog').filter({ hasText: 'Machine profiles' });
    await machines.waitFor();
    await machines.getByTestId('machine-co2-600x400').click();
    await machines.getByRole('button', { name: 'Copy as my machine' }).click();
    await machines.getByLabel('Bed width').fill('0');
    await machines.getByRole('button', { name: 'Save' }).click();
    await machines.getByText('Correct the fields marked in red first').waitFor();
    await machines.getByLabel('Bed width').fill('300');
    await machines.getByLabel('Bed height').fill('200');
    await shot(page, 'design-job-machines-en');
    await machines.getByRole('button', { name: 'Use this machine' }).click();
    await machines.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => {
        const d = await pageDocument(page);
        return [d.width, d.height];
      })
      .toEqual([300, 200]);
    const stored = await page.evaluate(() => localStorage.getItem('kerf.design.machines'));
    expect(JSON.parse(stored ?? '{}').own).toHaveLength(1);

    // a rectangle half off the bed is flagged before output
    const canvas = page.getByTestId('design-canvas');
    const box = (await canvas.boundingBox())!;
    await page.locator('.design-toolbar').getByRole('button', { name: 'Rectangle', exact: true }).click();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.95, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Notes' }).click();
    const notes = page.getByRole('dialog').filter({ hasText: 'Before output' });
    await notes.waitFor();
    const drawn = await pageDocument(page);
    const rect = polylineBounds(placedPolylines(leafShapes(drawn.shapes)[0]!), emptyBounds());
    expect(rect.minX).toBeLessThan(300);
    expect(rect.maxX).toBeGreaterThan(300);
    await expect.poll(() => notes.textContent()).toContain('Shapes across the edge of the work area: 1.');
    await animationsSettled(page);
    await shot(page, 'design-job-notes-en');
  });
});
