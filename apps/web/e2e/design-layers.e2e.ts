import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { designTool, editorFitted } from './design-support';
import { shot, useBrowser } from './harness';

/** The drawing's layers (in output order) and which layer each shape is on, read from the running editor. */
function layerFacts(page: Page) {
  return page.evaluate(() => {
    interface PageLayer {
      id: string;
      name: string;
      color: string;
      priority: number;
      hidden?: boolean;
      locked?: boolean;
    }
    interface PageEditor {
      doc: { layers: PageLayer[]; shapes: { id: string; layerId: string }[] };
      state: { selection: string[]; activeLayerId: string };
    }
    const { editor } = (window as unknown as { __kerfDesign: { editor: PageEditor } }).__kerfDesign;
    const byId = new Map(editor.doc.layers.map((l) => [l.id, l]));
    const ordered = editor.doc.layers
      .map((layer, index) => ({ layer, index }))
      .sort((a, b) => a.layer.priority - b.layer.priority || a.index - b.index)
      .map(({ layer }) => layer);
    return {
      order: ordered.map((l) => l.name),
      hidden: ordered.filter((l) => l.hidden).map((l) => l.name),
      locked: ordered.filter((l) => l.locked).map((l) => l.name),
      shapeLayers: editor.doc.shapes.map((s) => byId.get(s.layerId)?.name ?? '?'),
      selection: editor.state.selection.length,
      active: byId.get(editor.state.activeLayerId)?.name ?? null,
    };
  });
}

/**
 * A point on the top edge of shape `index` (a rectangle), in canvas pixels: a quarter along, clear of the
 * corner and of the middle, where a selected shape has its scale handle.
 */
function topEdge(page: Page, index: number) {
  return page.evaluate((i) => {
    interface PageEditor {
      doc: { shapes: { x: number; y: number; width: number }[] };
      state: { camera: { x: number; y: number; zoom: number } };
    }
    const { editor } = (window as unknown as { __kerfDesign: { editor: PageEditor } }).__kerfDesign;
    const s = editor.doc.shapes[i]!;
    const { x, y, zoom } = editor.state.camera;
    return { x: (s.x + s.width / 4) * zoom + x, y: s.y * zoom + y };
  }, index);
}

/** Whether the canvas shows pure red (layer 01's colour) within a few pixels of a canvas point. */
function redNear(page: Page, at: { x: number; y: number }) {
  return page.getByTestId('design-canvas').evaluate((el, p) => {
    const canvas = el as HTMLCanvasElement;
    const dpr = canvas.width / canvas.clientWidth;
    const size = Math.ceil(8 * dpr);
    const data = canvas
      .getContext('2d')!
      .getImageData(Math.round((p.x - 4) * dpr), Math.round((p.y - 4) * dpr), size, size).data;
    for (let i = 0; i < data.length; i += 4) if (data[i]! > 180 && data[i + 1]! < 90 && data[i + 2]! < 90) return true;
    return false;
  }, at);
}

async function openEditor(browser: ReturnType<typeof useBrowser>, english: boolean) {
  const { page } = await browser.open('/web/');
  if (english) await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto('/web/design');
  const canvas = page.getByTestId('design-canvas');
  await editorFitted(page);
  const box = (await canvas.boundingBox())!;
  const mouse = {
    async drag(from: [number, number], to: [number, number]) {
      await page.mouse.move(box.x + from[0], box.y + from[1]);
      await page.mouse.down();
      await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 6 });
      await page.mouse.up();
    },
    click: (p: { x: number; y: number }) => page.mouse.click(box.x + p.x, box.y + p.y),
  };
  return { page, mouse };
}

describe('layers in the design editor', () => {
  const browser = useBrowser();

  it('moves a shape to a colour, hides, locks and reorders layers, each undone in one step', async () => {
    const { page, mouse } = await openEditor(browser, false);
    await designTool(page, '矩形').click();
    await mouse.drag([150, 120], [300, 250]);
    await mouse.drag([400, 120], [550, 250]);
    await expect.poll(async () => (await layerFacts(page)).shapeLayers).toEqual(['C00', 'C00']);

    // select the second rectangle, then colour 01 moves it onto a new red layer C01
    await designTool(page, '选择').click();
    const edge = await topEdge(page, 1);
    await mouse.click(edge);
    await expect.poll(async () => (await layerFacts(page)).selection).toBe(1);
    const palette = page.getByRole('region', { name: '颜色' });
    await palette.getByRole('button', { name: '颜色 01' }).click();
    await expect.poll(() => layerFacts(page)).toMatchObject({ order: ['C00', 'C01'], shapeLayers: ['C00', 'C01'] });
    const list = page.getByRole('complementary', { name: '图层' }).locator('.layer-list');
    await expect.poll(() => list.locator('.layer-list__name').allTextContents()).toEqual(['C00', 'C01']);

    // deselect (the dashed selection outline is not the layer's colour), then the red outline shows
    await mouse.click({ x: 700, y: 500 });
    await expect.poll(async () => (await layerFacts(page)).selection).toBe(0);
    await expect.poll(() => redNear(page, edge)).toBe(true);

    // hidden: not drawn, not picked
    await list.getByRole('button', { name: '隐藏图层 C01' }).click();
    await expect.poll(async () => (await layerFacts(page)).hidden).toEqual(['C01']);
    await expect.poll(() => redNear(page, edge)).toBe(false);
    await mouse.click(edge);
    expect((await layerFacts(page)).selection).toBe(0);
    await shot(page, 'design-layers-hidden-zh');

    // shown again and locked: drawn but not picked
    await list.getByRole('button', { name: '显示图层 C01' }).click();
    await list.getByRole('button', { name: '锁定图层 C01' }).click();
    await expect.poll(() => layerFacts(page)).toMatchObject({ hidden: [], locked: ['C01'] });
    await expect.poll(() => redNear(page, edge)).toBe(true);
    await mouse.click(edge);
    expect((await layerFacts(page)).selection).toBe(0);

    // reorder: C01 up, so it runs first
    await list.getByText('C01', { exact: true }).click();
    await page.getByRole('button', { name: '上移（先加工）' }).click();
    await expect.poll(async () => (await layerFacts(page)).order).toEqual(['C01', 'C00']);
    await expect.poll(() => list.locator('.layer-list__name').allTextContents()).toEqual(['C01', 'C00']);

    // undo: the order, then the lock (the shape can be picked again), then the move to colour 01
    await page.getByTestId('design-canvas').focus();
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await layerFacts(page)).order).toEqual(['C00', 'C01']);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await layerFacts(page)).locked).toEqual([]);
    await mouse.click(edge);
    await expect.poll(async () => (await layerFacts(page)).selection).toBe(1);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await layerFacts(page)).shapeLayers).toEqual(['C00', 'C00']);
    await expect.poll(() => list.locator('.layer-list__name').allTextContents()).toEqual(['C00']);

    // a tidy panel with many layers: colours picked with nothing selected become layers
    await mouse.click({ x: 700, y: 500 });
    await expect.poll(async () => (await layerFacts(page)).selection).toBe(0);
    for (const n of ['01', '02', '03', '04', '05', '06', '12'])
      await palette.getByRole('button', { name: `颜色 ${n}` }).click();
    await expect.poll(async () => (await layerFacts(page)).order).toHaveLength(8);
    await list.getByRole('button', { name: '隐藏图层 C03' }).click();
    await list.getByRole('button', { name: '锁定图层 C04' }).click();
    await expect.poll(() => layerFacts(page)).toMatchObject({ hidden: ['C03'], locked: ['C04'], active: 'C12' });
    // a row dragged onto the top row takes its place: it runs first
    const row = (name: string) => list.locator('.layer-list__row', { hasText: name });
    await row('C12').dragTo(row('C00'));
    await expect.poll(async () => (await layerFacts(page)).order.slice(0, 3)).toEqual(['C12', 'C00', 'C01']);
    await expect.poll(async () => (await list.locator('.layer-list__name').allTextContents())[0]).toBe('C12');
    await page.screenshot({ path: '/tmp/layers-zh.png' });
    await shot(page, 'design-layers-zh');
  });

  it('asks for a layer first when none is selected, and renames and deletes layers (English)', async () => {
    const { page, mouse } = await openEditor(browser, true);
    const panel = page.getByRole('complementary', { name: 'Layers' });
    const list = panel.locator('.layer-list');
    const palette = page.getByRole('region', { name: 'Colours' });
    for (const n of ['01', '02', '03', '04', '05', '06'])
      await palette.getByRole('button', { name: `Colour ${n}` }).click();
    await expect.poll(async () => (await layerFacts(page)).order).toHaveLength(7);

    // rename the current layer (C06) through the bar, then delete it: it is empty
    await panel.getByRole('button', { name: 'Rename layer' }).click();
    const name = panel.getByRole('textbox', { name: 'Layer name' });
    await name.fill('Engrave logo');
    await name.press('Enter');
    await expect.poll(async () => (await layerFacts(page)).active).toBe('Engrave logo');
    await list.getByRole('button', { name: 'Hide layer C02' }).click();
    await list.getByRole('button', { name: 'Lock layer C03' }).click();
    await page.screenshot({ path: '/tmp/layers-en.png' });
    await shot(page, 'design-layers-en');

    await panel.getByRole('button', { name: 'Delete layer' }).click();
    await page.getByText('Layer “Engrave logo” deleted').waitFor();
    await expect.poll(() => layerFacts(page)).toMatchObject({ active: null });
    await expect.poll(async () => (await layerFacts(page)).order).toHaveLength(6);

    // SPEC §5: with no layer selected, layer actions say so instead of acting
    await page.getByText('No layer selected', { exact: false }).waitFor();
    await panel.getByRole('button', { name: 'Layer settings' }).click();
    await page.getByText('Select a layer first').first().waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await panel.getByRole('button', { name: 'Move up (runs earlier)' }).click();
    await expect.poll(() => page.getByText('Select a layer first').count()).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/layers-en-no-layer.png' });

    // a layer with shapes is not deleted
    await list.getByText('C00', { exact: true }).click();
    await designTool(page, 'Rectangle').click();
    await mouse.drag([150, 120], [300, 250]);
    await expect.poll(async () => (await layerFacts(page)).shapeLayers).toEqual(['C00']);
    await panel.getByRole('button', { name: 'Delete layer' }).click();
    await page.getByText('Layer “C00” still has shapes and cannot be deleted').waitFor();
    expect((await layerFacts(page)).order).toContain('C00');

    // a tab by hand on the rectangle's top edge, drawn as a mark; a second click takes it away
    const tabs = () =>
      page.evaluate(
        () =>
          (window as unknown as { __kerfDesign: { editor: { doc: { shapes: { tabs?: unknown[] }[] } } } }).__kerfDesign
            .editor.doc.shapes[0]?.tabs?.length ?? 0,
      );
    await designTool(page, 'Tabs').click();
    const edge = await topEdge(page, 0);
    await mouse.click(edge);
    await expect.poll(tabs).toBe(1);
    await page.screenshot({ path: '/tmp/layers-en-tab.png' });
    await mouse.click(edge);
    await expect.poll(tabs).toBe(0);
  });
});
