import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chooseOption,
  craftRow,
  drawer,
  expectRowCount,
  importFile,
  lightburnLibrary,
  listedNames,
  openCraft,
  rows,
} from './craft-support';
import { toast } from './drive-support';
import { scratchFolders } from './fixtures';
import { shot, useBrowser } from './harness';
import { animationsSettled, clickUntilShown, expectNoSidewaysScroll } from './support';

const ACRYLIC = '亚克力 Cast acrylic';
const STEEL = '不锈钢 Stainless steel';
const BIRCH = 'E2E 桦木 Birch';
const SEEDED = 20;

const urlQuery = (page: Page) => new URL(page.url()).searchParams;
const standardAt = (query: Record<string, string>) => `/web/craft/standard?${new URLSearchParams(query)}`;

/** Opens the import dialog, picks a file and the machine, and reads the server's preview. */
async function previewImport(page: Page, path: string) {
  await page.getByRole('button', { name: '导入' }).first().click();
  const dialog = page.getByRole('dialog', { name: '导入工艺库' });
  await dialog.waitFor();
  await dialog.locator('input[type=file]').setInputFiles(path);
  await dialog.getByText(/已选择：/).waitFor();
  // the machine model first: its suggestions close when the power box takes the focus
  await dialog.getByLabel('机型').fill('K-40');
  await dialog.getByLabel('激光功率').fill('40');
  await dialog.getByRole('button', { name: '下一步' }).click();
  return dialog;
}

describe('craft libraries', () => {
  const browser = useBrowser();
  const scratch = scratchFolders();

  it('shows the seeded standard library read-only to a user, filters it from the address and the controls', async () => {
    const { page } = await openCraft(browser, { path: '/web/craft' });
    // the bare /craft opens the standard tab
    await page.waitForURL('**/web/craft/standard');
    await expectRowCount(page, SEEDED);
    await page.getByText(`共 ${SEEDED} 条`).waitFor();
    await page.getByText('标准工艺库为只读').waitFor();
    expect(await page.getByRole('button', { name: '新建工艺' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '编辑' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0);
    await expect.poll(() => craftRow(page, '深雕 Deep engrave').getByRole('button', { name: '复制' }).count()).toBe(1);
    // grouped by material: a material's rows share one cell
    expect(await page.locator('.craft-material-cell').count()).toBeLessThan(SEEDED);
    await page.getByText('起始参数').first().waitFor();
    await animationsSettled(page);
    await shot(page, 'craft-standard-zh');

    await chooseOption(page, '材料', STEEL, '不锈钢');
    await expect.poll(() => urlQuery(page).get('material')).toBe(STEEL);
    await expectRowCount(page, 3);
    await chooseOption(page, '激光类型', '光纤 Fiber');
    await expect.poll(() => urlQuery(page).get('laserType')).toBe('fiber');
    await chooseOption(page, '激光功率', '50 W');
    await expectRowCount(page, 2);
    await expect.poll(async () => (await listedNames(page)).sort()).toEqual(['切割 Cut', '深雕 Deep engrave']);

    // a reload keeps the filters
    await page.reload();
    await expectRowCount(page, 2);
    await page.locator('.craft-filters__material').getByText(STEEL).waitFor();

    await page.getByRole('button', { name: '清除筛选' }).click();
    await expectRowCount(page, SEEDED);

    // words, Chinese substrings included
    const search = page.getByPlaceholder('搜索名称、材料、机型或说明');
    await search.fill('阳极');
    await search.press('Enter');
    await expectRowCount(page, 2);
    await expect.poll(() => urlQuery(page).get('keyword')).toBe('阳极');
    await search.fill('');
    await expectRowCount(page, SEEDED);

    // a thickness range: 5 to 10 mm
    await page.getByLabel('最小厚度').fill('5');
    await page.getByLabel('最小厚度').press('Enter');
    await page.getByLabel('最大厚度').fill('10');
    await page.getByLabel('最大厚度').press('Enter');
    await expectRowCount(page, 5);

    // the server sorts: thickest first
    const thickness = page.locator('.craft-table thead th').filter({ hasText: '厚度' });
    await thickness.click();
    await expect.poll(() => urlQuery(page).get('sort')).toBe('thickness');
    await expect.poll(() => thickness.getAttribute('aria-sort')).toBe('ascending');
    // The header cycles ascending → descending → none, so it is clicked again only when the last
    // click plainly did not take (one during the table's re-render can be dropped on a loaded machine).
    for (let attempt = 1; ; attempt++) {
      await thickness.click();
      const turned = await expect
        .poll(() => thickness.getAttribute('aria-sort'), { timeout: 5_000 })
        .toBe('descending')
        .then(() => true)
        .catch(() => false);
      if (turned || attempt === 3 || (await thickness.getAttribute('aria-sort')) !== 'ascending') break;
    }
    await expect.poll(() => urlQuery(page).get('order')).toBe('desc');
    await expect.poll(async () => (await rows(page).first().textContent()) ?? '').toContain('10 mm');
  });

  it('opens a craft in the drawer: every pass with all its settings, bitmap settings, and the history', async () => {
    const { page } = await openCraft(browser, { path: standardAt({ material: STEEL }) });
    await expectRowCount(page, 3);
    // a click anywhere on the row opens it
    await craftRow(page, '深雕 Deep engrave').getByText('任意厚度').click();
    const detail = drawer(page, '深雕 Deep engrave');
    await detail.waitFor();
    for (const text of ['第 1 组', '第 2 组', '90%', '800 mm/s', '20 kHz', '10 次', '45°', '光纤 Fiber', '50 W']) {
      await detail.getByText(text, { exact: true }).first().waitFor();
    }
    await detail.getByText('起始参数：不同机器差异较大').waitFor();
    // the seed is the first revision, made by the system
    await detail.locator('.craft-history').getByText('创建').waitFor();
    await detail
      .locator('.craft-history')
      .getByText(/^系统 · /)
      .waitFor();
    // read-only: copying is the way to change it
    expect(await detail.getByRole('button', { name: '编辑' }).count()).toBe(0);
    await detail.getByRole('button', { name: '复制到个人工艺库' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'craft-detail-zh');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // an image pass shows its bitmap settings
    await page.goto(standardAt({ keyword: '照片' }));
    await expectRowCount(page, 1);
    await page.getByRole('button', { name: '查看 照片雕刻 Photo engrave' }).click();
    const photo = drawer(page, '照片雕刻 Photo engrave');
    await photo.getByText('位图参数').waitFor();
    await photo.getByText('Jarvis', { exact: true }).waitFor();
    await photo.getByText('254 × 254 DPI').waitFor();
  });

  it('copies a standard craft to my crafts and edits it there, with the contract rule in the form', async () => {
    const { page, api } = await openCraft(browser, {
      path: standardAt({ material: ACRYLIC, thicknessMin: '3', thicknessMax: '3' }),
    });
    await expectRowCount(page, 1);
    await craftRow(page, '切割 Cut').getByRole('button', { name: '复制' }).click();
    await toast(page, '已复制1条工艺到个人工艺库').waitFor();

    await page.getByRole('tab', { name: '个人工艺库' }).click();
    await page.waitForURL('**/web/craft/personal');
    await expectRowCount(page, 1);
    await craftRow(page, '切割 Cut').getByRole('button', { name: '编辑' }).click();
    const form = drawer(page, '编辑工艺');
    const pass = form.getByRole('region', { name: '第 1 组' });
    await pass.getByLabel('最小功率').fill('90');
    await form.getByText('最小功率不能大于最大功率').waitFor();
    await animationsSettled(page);
    await shot(page, 'craft-form-error-zh');
    // saving with the rule broken sends nothing and keeps the form
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('最小功率不能大于最大功率').waitFor();
    expect((await api.list('personal'))[0]!.revision).toBe(1);

    await pass.getByLabel('最小功率').fill('45');
    await form.getByText('最小功率不能大于最大功率').waitFor({ state: 'detached' });
    await form.getByLabel('工艺名称').fill('切割 Cut K-01');
    await form.getByRole('button', { name: '保存' }).click();
    await toast(page, '修改成功').waitFor();
    await craftRow(page, '切割 Cut K-01').waitFor();
    const [saved] = await api.list('personal');
    expect(saved).toMatchObject({ name: '切割 Cut K-01', revision: 2, startingValues: false, material: ACRYLIC });
    expect(saved!.passes[0]).toMatchObject({ minPower: 45, maxPower: 65 });

    // the history names the person and the edit
    await page.getByRole('button', { name: '查看 切割 Cut K-01' }).click();
    const detail = drawer(page, '切割 Cut K-01');
    await detail.locator('.craft-history').getByText('修改').waitFor();
    await detail.locator('.craft-history').getByText('第 2 版').waitFor();
    await detail
      .locator('.craft-history')
      .getByText(/^Craft User · /)
      .first()
      .waitFor();
  });

  it('says when someone else saved meanwhile (409) and loads their version into the form', async () => {
    const { page, api } = await openCraft(browser, { path: '/web/craft/personal' });
    await page.getByText('个人工艺库还是空的').waitFor();
    const [source] = await api.list('standard', { keyword: '白色打标', powerClass: '20' });
    const [mine] = await api.copy([source!.id]);
    await page.getByRole('button', { name: '刷新' }).click();
    await expectRowCount(page, 1);

    await craftRow(page, '白色打标 White mark').getByRole('button', { name: '编辑' }).click();
    const form = drawer(page, '编辑工艺');
    await form.getByLabel('工艺名称').waitFor();
    await api.update(mine!, { name: 'Changed elsewhere' });
    await form.getByRole('region', { name: '第 1 组' }).getByLabel('速度').fill('1200');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('该工艺已被他人修改，请刷新后重试').waitFor();
    await animationsSettled(page);
    await shot(page, 'craft-form-conflict-zh');
    await form.getByRole('button', { name: '载入最新版本' }).click();
    await expect.poll(() => form.getByLabel('工艺名称').inputValue()).toBe('Changed elsewhere');
    await form.getByRole('region', { name: '第 1 组' }).getByLabel('速度').fill('1200');
    await form.getByRole('button', { name: '保存' }).click();
    await toast(page, '修改成功').waitFor();
    expect((await api.list('personal'))[0]).toMatchObject({ name: 'Changed elsewhere', revision: 3 });
  });

  it('imports a LightBurn .clb with a preview, refuses broken and hostile files, and exports again', async () => {
    const { page, api } = await openCraft(browser, { path: '/web/craft/personal' });
    await page.getByText('个人工艺库还是空的').waitFor();
    await shot(page, 'craft-personal-empty-zh');
    const dir = scratch('craft-import');
    const clb = importFile(
      dir,
      'birch.clb',
      lightburnLibrary(BIRCH, [
        { thickness: 3, desc: '切割 Cut', speed: 15 },
        { thickness: 5, desc: '切割 Cut', speed: 8 },
      ]),
    );

    let dialog = await previewImport(page, clb);
    await dialog.getByText('新增 2 条').waitFor();
    await dialog.getByText('E2E library：共 2 条工艺').waitFor();
    await animationsSettled(page);
    await shot(page, 'craft-import-preview-zh');
    await clickUntilShown(
      dialog.getByRole('button', { name: '导入' }),
      dialog.getByText('导入完成：新增2条，替换0条，跳过0条'),
    );
    await dialog.getByRole('button', { name: '完成' }).click();
    await expectRowCount(page, 2);
    const imported = await api.list('personal');
    expect(imported.map((c) => [c.material, c.thickness, c.passes[0]!.speed])).toEqual([
      [BIRCH, 3, 15],
      [BIRCH, 5, 8],
    ]);
    expect(imported[0]).toMatchObject({ laserType: 'gas', powerClass: 40, machineModel: 'K-40' });

    // the same file again: both clash; replacing them is a choice
    dialog = await previewImport(page, clb);
    await dialog.getByText('已存在 2 条').waitFor();
    await dialog.getByText('替换', { exact: true }).click();
    await clickUntilShown(
      dialog.getByRole('button', { name: '导入' }),
      dialog.getByText('导入完成：新增0条，替换2条，跳过0条'),
    );
    await dialog.getByRole('button', { name: '完成' }).click();

    // broken and hostile files: the server's words, nothing changed
    const broken = importFile(dir, 'broken.clb', '<LightBurnLibrary DisplayName="x"><Material name="a"><Entry');
    dialog = await previewImport(page, broken);
    await dialog.getByText(/不是有效的 LightBurn 材料库/).waitFor();
    const hostile = importFile(
      dir,
      'hostile.clb',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><LightBurnLibrary>&lol;</LightBurnLibrary>',
    );
    await dialog.getByRole('button', { name: '取消' }).click();
    dialog = await previewImport(page, hostile);
    await dialog.getByText('文件包含 DTD 或实体声明，出于安全原因不予读取').waitFor();
    await animationsSettled(page);
    await shot(page, 'craft-import-refused-zh');
    await dialog.getByRole('button', { name: '取消' }).click();
    expect(await api.list('personal')).toHaveLength(2);

    // export the selection as a LightBurn library
    await page.locator('.craft-table thead .ant-checkbox-input').check();
    await page.getByText('已选 2 项').waitFor();
    await page.getByRole('button', { name: '导出' }).click();
    const clbItem = page.getByRole('menuitem', { name: 'LightBurn 材料库（.clb）' }).first();
    await clbItem.waitFor();
    await animationsSettled(page);
    const downloading = page.waitForEvent('download');
    await clbItem.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('kerf-personal-crafts.clb');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toContain('<LightBurnLibrary');
    expect(text).toContain(`name="${BIRCH}"`);
    expect(text).toMatch(/<minPower Value="55"\s*\/>/);

    // and the whole library as Kerf JSON
    await page.getByRole('button', { name: '取消选择' }).click();
    await page.getByRole('button', { name: '导出' }).click();
    const jsonItem = page.getByRole('menuitem', { name: 'Kerf 工艺库（.json）' });
    await jsonItem.waitFor();
    await animationsSettled(page);
    const jsonDownloading = page.waitForEvent('download');
    await jsonItem.click();
    const json = JSON.parse(await readFile((await (await jsonDownloading).path())!, 'utf8'));
    expect(json).toMatchObject({ format: 'kerf-crafts', version: 1 });
    expect(json.crafts).toHaveLength(2);
  });

  it('speaks English: table, drawer, form with its rule, and the import dialog', async () => {
    const { page, api } = await openCraft(browser, { locale: 'en', path: standardAt({ material: ACRYLIC }) });
    await page.getByRole('tab', { name: 'Standard library' }).waitFor();
    await page.getByText('The standard library is read-only').waitFor();
    await expectRowCount(page, 4);
    await page.getByText('Starting values').first().waitFor();
    await page.locator('.craft-table').getByText('Any', { exact: true }).first().waitFor();
    await animationsSettled(page);
    await shot(page, 'craft-standard-en');

    await page.getByRole('button', { name: 'Open 填充雕刻 Fill engrave' }).click();
    const detail = drawer(page, '填充雕刻 Fill engrave');
    await detail.getByText('Pass 1').waitFor();
    await detail.getByText('Line interval').waitFor();
    await detail.getByText('Machine default').first().waitFor();
    await animationsSettled(page);
    await shot(page, 'craft-detail-en');
    await detail.getByRole('button', { name: 'Copy to My crafts' }).click();
    await toast(page, 'Copied 1 craft(s) to your personal library').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'My crafts' }).click();
    await page.waitForURL('**/web/craft/personal');
    await expectRowCount(page, 1);
    await craftRow(page, '填充雕刻 Fill engrave').getByRole('button', { name: 'Edit' }).click();
    const form = drawer(page, 'Edit craft');
    const pass = form.getByRole('region', { name: 'Pass 1' });
    await pass.getByLabel('Max power').fill('5');
    await form.getByText('Min power cannot be above max power').waitFor();
    await pass.getByText('Image', { exact: true }).click();
    await form.getByText('Bitmap settings').waitFor();
    await form.getByRole('button', { name: 'Add a pass' }).click();
    await form.getByRole('region', { name: 'Pass 2' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'craft-form-en');
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect((await api.list('personal'))[0]!.revision).toBe(1);

    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a library' });
    await dialog.getByText('Click or drop a file here').waitFor();
    await animationsSettled(page);
    await shot(page, 'craft-import-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('fits a phone: the table scrolls sideways inside the page', async () => {
    const { page } = await openCraft(browser, { viewport: { width: 390, height: 844 } });
    await expectRowCount(page, SEEDED);
    await expectNoSidewaysScroll(page);
    const tableScroller = page.locator('.craft-table .ant-table-content, .craft-table .ant-table-body').first();
    await expect.poll(() => tableScroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(0);
    await animationsSettled(page);
    await shot(page, 'craft-phone-zh');
    await page.getByRole('button', { name: '查看 深雕 Deep engrave' }).click();
    await drawer(page, '深雕 Deep engrave').getByText('第 2 组').waitFor();
    await animationsSettled(page);
    await shot(page, 'craft-phone-detail-zh');
  });

  it('lets the admin keep the standard library: add, then delete with a confirmation', async () => {
    const { page, api } = await openCraft(browser, { admin: true });
    await expectRowCount(page, SEEDED);
    // the edit button shows the admin's rights have arrived; only then does the missing notice mean something
    await craftRow(page, '深雕 Deep engrave').getByRole('button', { name: '编辑' }).waitFor();
    expect(await page.getByText('标准工艺库为只读').count()).toBe(0);

    await page.getByRole('button', { name: '新建工艺' }).click();
    const form = drawer(page, '新建标准工艺');
    await form.getByText('这是标准工艺库中的工艺').waitFor();
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('请输入材料').waitFor();
    await form.getByText('请输入工艺名称').waitFor();
    await form.getByLabel('材料').fill('E2E 测试材料');
    await form.getByLabel('工艺名称').fill('E2E 管理员工艺');
    await form.getByRole('button', { name: '保存' }).click();
    await toast(page, '新增成功').waitFor();
    await craftRow(page, 'E2E 管理员工艺').waitFor();

    await craftRow(page, 'E2E 管理员工艺').getByRole('button', { name: '删除' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '删除工艺' });
    await confirm.getByText('所有用户都将看不到').waitFor();
    await clickUntilShown(confirm.getByRole('button', { name: '删除' }), toast(page, '删除成功'));
    await craftRow(page, 'E2E 管理员工艺').waitFor({ state: 'detached' });
    expect(await api.list('standard')).toHaveLength(SEEDED);
  });
});
