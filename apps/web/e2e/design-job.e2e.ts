import { join } from 'node:path';
import { emptyBounds, leafShapes, placedPolylines, polylineBounds } from '@kerf/laser';
import { encode } from 'fast-png';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CORPUS,
  designTool,
  distanceToOutlines,
  openDesignSignedIn,
  pageDocument,
  shapeCount,
  toDocument,
  tracedDownload,
} from './design-support';
import { shot, useBrowser } from './harness';
import { animationsSettled, clickUntilShown } from './support';

/** The CO₂ 600 × 400 mm machine: origin bottom left, so document y = 400 − machine y. */
const BED_HEIGHT = 400;

/** A 300 × 200 photo-like picture: a grey ramp with a dark disc. */
function photoPng(): Buffer {
  const width = 300;
  const height = 200;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const disc = Math.hypot(x - 200, y - 100) < 60;
      data.fill(disc ? 30 : Math.round(90 + (150 * x) / width), (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return Buffer.from(encode({ width, height, data, channels: 3 }));
}

async function importFile(page: Page, path: string) {
  const before = await shapeCount(page);
  await page.getByTestId('design-import-input').setInputFiles(path);
  await expect.poll(() => shapeCount(page), { timeout: 30_000 }).toBeGreaterThan(before);
}

/** Sets the active layer's mode, power and speed in its settings drawer. */
async function setActiveLayer(
  page: Page,
  settings: { mode: '切割' | '填充' | '图像'; maxPower: number; speed: number },
) {
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

  const openSignedIn = (english = false) => openDesignSignedIn(browser, 'design-job', english);

  it('a DXF set as a cut layer (from a craft) and a fill layer, arrayed, with a dithered photo: previewed, and the downloaded G-code burns it all as set', async () => {
    const { page } = await openSignedIn();
    // a 600 × 400 mm, 60 W machine: room for two copies of the 270 × 280 mm drawing
    await page.getByRole('combobox', { name: '机器' }).click();
    await page.locator('.ant-select-item-option[title="CO₂ 600 × 400 mm · 60 W"]').click();
    await expect.poll(async () => (await pageDocument(page)).width).toBe(600);

    await importFile(page, join(CORPUS, 'cad', 'sample_2018.dxf'));
    let doc = await pageDocument(page);
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
    const layerName = (id: string) => doc.layers.find((l) => l.id === id)!.name;
    const layers = page.getByRole('complementary', { name: '图层' }).locator('.layer-list');
    const pick = (name: string) => layers.locator('.layer-list__pick', { hasText: name }).click();

    await pick(layerName(fillLayer));
    await setActiveLayer(page, { mode: '填充', maxPower: 18, speed: 150 });

    // the cut layer from the standard library: plywood score, 15–20 % of a 60 W tube at 60 mm/s
    await pick(layerName(cutLayer));
    const picker = page.getByRole('dialog').filter({ hasText: '选择工艺' });
    await clickUntilShown(
      page.getByRole('region', { name: '图层工艺' }).getByRole('button', { name: '套用工艺' }),
      picker,
    );
    await picker.getByRole('searchbox').fill('胶合板');
    await picker.getByRole('searchbox').press('Enter');
    const score = picker.getByRole('button', { name: '套用 划线 Score 第1组' });
    await score.waitFor();
    await score.click();
    await picker.waitFor({ state: 'hidden' });

    // two copies of the whole drawing side by side, 10 mm apart
    await page.getByTestId('design-canvas').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+a');
    await page.getByTestId('array-menu').click();
    await page.getByRole('menuitem', { name: '阵列…' }).click();
    const arrayDialog = page.getByRole('dialog').filter({ hasText: '矩形阵列' });
    await arrayDialog.waitFor();
    await arrayDialog.getByRole('spinbutton', { name: '行数', exact: true }).fill('1');
    await arrayDialog.getByRole('spinbutton', { name: '列数', exact: true }).fill('2');
    await arrayDialog.getByRole('spinbutton', { name: '列间距', exact: true }).fill('10');
    await arrayDialog.getByRole('button', { name: '确定' }).click();
    await arrayDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => shapeCount(page)).toBe(12);

    // a photo on its own image layer, dithered with Jarvis, engraved at 24 W and 200 mm/s
    await page
      .getByTestId('design-import-input')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photoPng() });
    await expect.poll(() => shapeCount(page), { timeout: 30_000 }).toBe(13);
    await page.getByRole('button', { name: '位图设置' }).click();
    const bitmapPanel = page.locator('.bitmap-panel');
    await bitmapPanel.waitFor();
    await bitmapPanel.getByRole('combobox', { name: '抖动方式' }).click();
    await page.locator('.ant-select-item-option[title="Jarvis"]').click();
    await bitmapPanel.getByRole('button', { name: '应用' }).click();
    await bitmapPanel.waitFor({ state: 'hidden' });
    const bitmapOf = (d: typeof doc) => leafShapes(d.shapes).find((p) => p.shape.kind === 'bitmap')!;
    await expect
      .poll(async () => {
        const { shape } = bitmapOf(await pageDocument(page));
        return shape.kind === 'bitmap' && shape.settings.dither;
      })
      .toBe('jarvis');
    doc = await pageDocument(page);
    const photo = bitmapOf(doc);
    await pick(layerName(photo.shape.layerId));
    await setActiveLayer(page, { mode: '图像', maxPower: 24, speed: 200 });

    const preview = page.getByRole('dialog').filter({ hasText: '加工预览' });
    await clickUntilShown(page.getByRole('button', { name: '预览' }), preview);
    await preview.getByTestId('job-stats').waitFor({ timeout: 30_000 });
    const cutShown = Number(await preview.getByTestId('job-stats-cut').getAttribute('data-value'));
    const travelShown = Number(await preview.getByTestId('job-stats-travel').getAttribute('data-value'));
    await expect.poll(() => preview.locator('tbody tr').count()).toBe(3);
    await animationsSettled(page);
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
    const { moves } = await tracedDownload(download);
    doc = await pageDocument(page);
    const burnt = moves.filter((m) => m.motion === 'G1' && m.s > 0);
    const length = (ms: typeof burnt) => ms.reduce((a, m) => a + Math.hypot(m.to.x - m.from.x, m.to.y - m.from.y), 0);
    const rapids = moves.filter((m) => m.motion === 'G0');

    // the preview's statistics are those of the program: burnt and travel lengths (raster burns are
    // written as runs of S values, so the burnt length is the sum of lit moves)
    expect(length(burnt)).toBeCloseTo(cutShown, 0);
    expect(length(rapids)).toBeGreaterThan(0);
    expect(travelShown).toBeGreaterThan(0);

    // powers and speeds as set, on the 60 W tube's S0–1000 scale: cut 12 W = S200 at 60 mm/s, fill
    // 18 W = S300 at 150 mm/s, the dithered photo all at its 24 W = S400 (on or off) at 200 mm/s
    const cut = burnt.filter((m) => m.s === 200);
    const fill = burnt.filter((m) => m.s === 300);
    const image = burnt.filter((m) => m.s === 400);
    expect(cut.length * fill.length * image.length).toBeGreaterThan(0);
    expect(cut.length + fill.length + image.length).toBe(burnt.length);
    expect(new Set(cut.map((m) => m.f))).toEqual(new Set([3600]));
    expect(new Set(fill.map((m) => m.f))).toEqual(new Set([9000]));
    expect(new Set(image.map((m) => m.f))).toEqual(new Set([12000]));

    // burns on the drawing: the cut on the cut layer's outlines (both copies), the fill inside a filled
    // shape, the photo inside its frame
    const near = distanceToOutlines(doc, cutLayer);
    const cutPoints = cut.flatMap((m) => toDocument(m, BED_HEIGHT));
    for (const p of cutPoints) expect(near(p)).toBeLessThan(0.02);
    expect(cutPoints.some((p) => p.x > 280)).toBe(true);
    expect(cutPoints.some((p) => p.x < 270)).toBe(true);
    const filled = leafShapes(doc.shapes)
      .filter((p) => p.shape.layerId === fillLayer)
      .map((p) => polylineBounds(placedPolylines(p), emptyBounds()));
    for (const p of fill.flatMap((m) => toDocument(m, BED_HEIGHT))) {
      const inside = filled.some(
        (b) => p.x >= b.minX - 0.01 && p.x <= b.maxX + 0.01 && p.y >= b.minY - 0.01 && p.y <= b.maxY + 0.01,
      );
      expect(inside).toBe(true);
    }
    const frame = polylineBounds(
      placedPolylines(leafShapes(doc.shapes).find((p) => p.shape.kind === 'bitmap')!),
      emptyBounds(),
    );
    for (const p of image.flatMap((m) => toDocument(m, BED_HEIGHT))) {
      expect(p.x).toBeGreaterThanOrEqual(frame.minX - 0.1);
      expect(p.x).toBeLessThanOrEqual(frame.maxX + 0.1);
      expect(p.y).toBeGreaterThanOrEqual(frame.minY - 0.1);
      expect(p.y).toBeLessThanOrEqual(frame.maxY + 0.1);
    }
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
    // the list is still sliding open: a click then can be dropped, and a person clicks again
    await animationsSettled(page);
    const machines = page.getByRole('dialog').filter({ hasText: 'Machine profiles' });
    await clickUntilShown(page.getByRole('button', { name: 'Manage machines…' }), machines);
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
    await expect
      .poll(async () => {
        const stored = await page.evaluate(() => localStorage.getItem('kerf.design.machines'));
        return JSON.parse(stored ?? '{}').own;
      })
      .toHaveLength(1);

    // a rectangle half off the bed is flagged before output: on the canvas (a red box), in the notes
    const redPixels = () =>
      page.evaluate(() => {
        const c = document.querySelector<HTMLCanvasElement>('canvas[data-testid="design-canvas"]')!;
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i]! > 200 && d[i + 1]! < 110 && d[i + 2]! < 110) n++;
        return n;
      });
    expect(await redPixels()).toBe(0);
    const canvas = page.getByTestId('design-canvas');
    const box = (await canvas.boundingBox())!;
    await designTool(page, 'Rectangle').click();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.95, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.up();
    await expect.poll(redPixels).toBeGreaterThan(50);
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
    await page.keyboard.press('Escape');
    await notes.waitFor({ state: 'hidden' });

    // the preview on the chosen machine's bed, the part beyond its edge cut off, with the note beside it
    const preview = page.getByRole('dialog').filter({ hasText: 'Job preview' });
    await clickUntilShown(page.getByRole('button', { name: 'Preview' }), preview);
    await preview.getByTestId('job-stats').waitFor({ timeout: 30_000 });
    await expect.poll(() => preview.textContent()).toContain('Shapes across the edge of the work area: 1.');
    const cut = Number(await preview.getByTestId('job-stats-cut').getAttribute('data-value'));
    // what of the rectangle's outline lies on the 300 × 200 mm bed
    const span = (a: number, b: number, max: number) => Math.max(0, Math.min(b, max) - Math.max(a, 0));
    const onBed = (v: number, max: number) => v >= 0 && v <= max;
    const inside =
      (onBed(rect.minY, 200) ? span(rect.minX, rect.maxX, 300) : 0) +
      (onBed(rect.maxY, 200) ? span(rect.minX, rect.maxX, 300) : 0) +
      (onBed(rect.minX, 300) ? span(rect.minY, rect.maxY, 200) : 0) +
      (onBed(rect.maxX, 300) ? span(rect.minY, rect.maxY, 200) : 0);
    expect(cut).toBeCloseTo(inside, 0);
    await animationsSettled(page);
    await shot(page, 'design-job-preview-en');
  });
});
