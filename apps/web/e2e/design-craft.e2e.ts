import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { craftApi } from './craft-support';
import { openDesignSignedIn } from './design-support';
import { shot, useBrowser } from './harness';
import { clickUntilShown } from './support';

/** The active layer's settings as the running editor holds them. */
function activeLayer(page: Page) {
  return page.evaluate(() => {
    interface PageEditor {
      doc: { layers: { id: string; mode: string; minPower: number; maxPower: number; speed: number }[] };
      state: { activeLayerId: string };
    }
    const { editor } = (window as unknown as { __kerfDesign: { editor: PageEditor } }).__kerfDesign;
    const layer = editor.doc.layers.find((l) => l.id === editor.state.activeLayerId)!;
    return { mode: layer.mode, minPower: layer.minPower, maxPower: layer.maxPower, speed: layer.speed };
  });
}

describe('crafts in the design editor', () => {
  const browser = useBrowser();

  const openSignedIn = (english = false) => openDesignSignedIn(browser, 'design-craft', english);

  it('applies a standard craft to the layer, asking first when its mode differs, and undoes it in one step', async () => {
    const { page } = await openSignedIn();
    const section = page.getByRole('region', { name: '图层工艺' });
    await expect.poll(async () => (await activeLayer(page)).mode).toBe('cut');

    const picker = page.getByRole('dialog').filter({ hasText: '选择工艺' });
    await clickUntilShown(section.getByRole('button', { name: '套用工艺' }), picker);
    await picker.getByRole('searchbox', { name: '搜索材料、工艺名称或机型' }).fill('亚克力');
    await picker.getByRole('searchbox', { name: '搜索材料、工艺名称或机型' }).press('Enter');
    const fillPass = picker.getByRole('button', { name: '套用 填充雕刻 Fill engrave 第1组' });
    await fillPass.waitFor();
    await expect.poll(() => picker.locator('.ant-spin-spinning').count()).toBe(0);
    await shot(page, 'design-craft-picker-zh');
    await fillPass.click();

    // The acrylic engrave craft fills; the layer cuts: SPEC §5 asks first.
    const question = page.getByRole('dialog').filter({ hasText: '加工模式不同' });
    await question.waitFor();
    await expect.poll(() => question.textContent()).toContain('该工艺为“填充”模式，当前图层为“切割”模式');
    await question.getByRole('button', { name: '仍然套用' }).click();
    await question.waitFor({ state: 'hidden' });

    // 15–20 % of a 60 W tube at 400 mm/s
    await expect.poll(() => activeLayer(page)).toEqual({ mode: 'fill', minPower: 9, maxPower: 12, speed: 400 });
    await expect.poll(() => section.locator('[data-field="power"]').textContent()).toBe('9–12 W');
    await expect.poll(() => section.locator('[data-field="mode"]').textContent()).toBe('填充');
    await shot(page, 'design-craft-applied-zh');

    await page.getByTestId('design-canvas').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => activeLayer(page)).toMatchObject({ mode: 'cut', speed: 20 });
  });

  it('saves the layer as a personal craft, then finds and applies it without a question (same mode)', async () => {
    const { page, token } = await openSignedIn(true);
    const section = page.getByRole('region', { name: 'Layer craft' });
    const dialog = page.getByRole('dialog').filter({ hasText: 'Save the layer as a personal craft' });
    await clickUntilShown(section.getByRole('button', { name: 'Save as craft' }), dialog);
    await dialog.getByLabel('Material').fill('Walnut 胡桃木');
    await dialog.getByLabel('Thickness').fill('4');
    await dialog.getByLabel('Craft name').fill('E2E cut');
    await dialog.getByLabel('Laser power class').fill('40');
    await shot(page, 'design-craft-save-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The default layer: 10–30 W at 20 mm/s on a 40 W tube is 25–75 %.
    const mine = await craftApi(token).list('personal');
    expect(mine.map((c) => [c.material, c.thickness, c.name, c.powerClass])).toEqual([
      ['Walnut 胡桃木', 4, 'E2E cut', 40],
    ]);
    expect(mine[0]!.passes[0]).toMatchObject({ mode: 'cut', minPower: 25, maxPower: 75, speed: 20 });

    const picker = page.getByRole('dialog').filter({ hasText: 'Choose a craft' });
    await clickUntilShown(section.getByRole('button', { name: 'Apply craft' }), picker);
    await picker.getByText('My crafts').click();
    const pass = picker.getByRole('button', { name: 'Apply E2E cut pass 1' });
    await pass.waitFor();
    await expect.poll(() => picker.locator('.ant-spin-spinning').count()).toBe(0);
    await shot(page, 'design-craft-picker-en');
    await pass.click();
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByText('Different mode').count()).toBe(0);
    await expect.poll(() => activeLayer(page)).toEqual({ mode: 'cut', minPower: 10, maxPower: 30, speed: 20 });

    const settings = page.getByRole('dialog').filter({ hasText: 'Layer settings:' });
    await clickUntilShown(section.getByRole('button', { name: 'Layer settings' }), settings);
    await settings.getByText('Fill', { exact: true }).first().click();
    await expect.poll(() => settings.getByText('Line interval').count()).toBe(1);
    await shot(page, 'design-layer-settings-en');
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await settings.waitFor({ state: 'hidden' });
    expect((await activeLayer(page)).mode).toBe('cut');
  });

  it('edits every laser setting of a layer in one undoable step, showing cut features for cut layers only', async () => {
    const { page } = await openSignedIn();
    const section = page.getByRole('region', { name: '图层工艺' });
    const drawer = page.getByRole('dialog').filter({ hasText: '图层设置：' });
    await clickUntilShown(section.getByRole('button', { name: '图层设置' }), drawer);
    await expect.poll(() => drawer.getByText('割缝补偿').count()).toBe(1);
    await drawer.getByLabel('速度', { exact: true }).fill('35');
    await drawer.getByLabel('割缝补偿', { exact: true }).fill('0.1');
    await drawer.getByLabel('最大功率', { exact: true }).fill('5');
    await drawer.getByRole('button', { name: '确定' }).click();
    // max below min (10 W) is refused on the field
    await drawer.getByText('最大功率不能小于最小功率').waitFor();
    await drawer.getByLabel('最大功率', { exact: true }).fill('40');
    await expect.poll(() => drawer.getByText('最大功率不能小于最小功率').count()).toBe(0);
    await shot(page, 'design-layer-settings-zh');
    await drawer.getByRole('button', { name: '确定' }).click();
    await drawer.waitFor({ state: 'hidden' });
    const layer = () =>
      page.evaluate(() => {
        interface PageEditor {
          doc: { layers: { speed: number; maxPower: number; mode: string; cut: { kerfOffset: number } }[] };
        }
        const { editor } = (window as unknown as { __kerfDesign: { editor: PageEditor } }).__kerfDesign;
        const l = editor.doc.layers[0]!;
        return { speed: l.speed, maxPower: l.maxPower, mode: l.mode, kerf: l.cut.kerfOffset };
      });
    await expect.poll(layer).toEqual({ speed: 35, maxPower: 40, mode: 'cut', kerf: 0.1 });

    // a fill layer shows the fill settings instead of the cut features
    await clickUntilShown(section.getByRole('button', { name: '图层设置' }), drawer);
    await drawer.getByText('填充', { exact: true }).first().click();
    await expect.poll(() => drawer.getByText('线间距').count()).toBe(1);
    await expect.poll(() => drawer.getByText('割缝补偿').count()).toBe(0);
    await drawer.getByRole('button', { name: '取消' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await page.getByTestId('design-canvas').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect.poll(layer).toEqual({ speed: 20, maxPower: 30, mode: 'cut', kerf: 0 });
  });
});
