import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, toast } from './drive-support';
import { shot, useBrowser } from './harness';
import { animationsSettled, registerByApi, tokenByApi, uniqueEmail, waitForPage } from './support';

/**
 * /sysm/dict: an administrator keeps a dictionary and its entries; the labels follow the language;
 * a person without the permission has no System menu and is refused by the server.
 */
describe('system management: dictionaries', () => {
  const browser = useBrowser();

  it('lets an administrator add a dictionary and its entries, refuse a taken value, edit and delete', async () => {
    const admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
    const { page } = await browser.open('/web/sysm/dict', { token: admin });
    await waitForPage(page, '.dict-page', 'the dictionary page');
    const stamp = Date.now().toString(36);
    const key = `finish_${stamp}`;

    // a dictionary, with a key that is not a key refused in the form first
    await page.locator('.dict-page__types').getByRole('button', { name: '新增' }).click();
    const typeDialog = page.locator('.dict-dialog');
    await typeDialog.getByLabel('字典类型').fill('Finish Kind');
    await typeDialog.getByLabel('中文名称').fill('表面处理');
    await typeDialog.getByLabel('英文名称').fill('Surface finish');
    await typeDialog.getByRole('button', { name: '保存' }).click();
    await typeDialog.getByText('字典类型只能包含小写字母、数字和下划线，并以字母开头').waitFor();
    await typeDialog.getByLabel('字典类型').fill(key);
    await typeDialog.getByRole('button', { name: '保存' }).click();
    await toast(page, '新增成功').waitFor();
    await typeDialog.waitFor({ state: 'detached' });

    // pick it and add two entries; a second entry with a taken value is refused by the server
    await page.getByLabel('搜索名称或类型').fill(key);
    await page.getByLabel('搜索名称或类型').press('Enter');
    await page.locator('.dict-page__types').getByRole('button', { name: '表面处理' }).click();
    const entries = page.locator('.dict-page__entries');
    await entries.getByText('字典数据：表面处理').waitFor();
    const addEntry = async (labelCn: string, labelEn: string, value: string, colour?: string) => {
      await entries.getByRole('button', { name: '新增' }).click();
      const dialog = page.locator('.dict-dialog');
      await dialog.getByLabel('中文标签').fill(labelCn);
      await dialog.getByLabel('英文标签').fill(labelEn);
      await dialog.getByLabel('键值').fill(value);
      if (colour) {
        await dialog.getByLabel('回显样式').click();
        await page
          .locator(`.ant-select-item-option[title="${colour}"], .ant-select-item-option:has-text("${colour}")`)
          .first()
          .click();
      }
      await dialog.getByRole('button', { name: '保存' }).click();
      return dialog;
    };
    await addEntry('哑光', 'Matt', 'matt', 'gold');
    await toast(page, '新增成功').waitFor();
    await addEntry('亮光', 'Gloss', 'gloss');
    await page.locator('.dict-dialog').waitFor({ state: 'detached' });
    const clash = await addEntry('又一个哑光', 'Matt again', 'matt');
    await clash.getByRole('alert').getByText('字典键值已存在').waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-dict-clash-zh');
    await clash
      .getByRole('button', { name: '取 消' })
      .or(clash.getByRole('button', { name: '取消' }))
      .first()
      .click();
    await clash.waitFor({ state: 'detached' });
    const rows = entries.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.first().locator('.ant-tag').first().textContent()).toBe('哑光');

    // edit: the tag and labels follow
    await entries.getByRole('button', { name: '修改 gloss' }).click();
    await page.locator('.dict-dialog').getByLabel('中文标签').fill('高光');
    await page.locator('.dict-dialog').getByRole('button', { name: '保存' }).click();
    await toast(page, '修改成功').waitFor();
    await entries.locator('.ant-tag', { hasText: '高光' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-dict-zh');

    // the same page in English: labels and names switch with the language
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await waitForPage(page, '.dict-page', 'the dictionary page');
    await page.getByLabel('Search by name or type').fill(key);
    await page.getByLabel('Search by name or type').press('Enter');
    await page.locator('.dict-page__types').getByRole('button', { name: 'Surface finish' }).click();
    await entries.getByText('Entries of Surface finish').waitFor();
    await expect.poll(() => rows.first().locator('.ant-tag').first().textContent()).toBe('Matt');
    await animationsSettled(page);
    await shot(page, 'sysm-dict-en');

    // delete, with a confirmation
    await entries.getByRole('button', { name: 'Delete matt' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Deleted').waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    // each of these changes is in the administrator's own operation log, newest first
    await page.goto('/web/account?tab=log');
    const operations = page.locator('.account-operations');
    await operations.getByText('DELETE /system/dict/data/{id}').first().waitFor();
    await expect.poll(() => operations.locator('tbody tr.ant-table-row').first().textContent()).toContain('Delete');
    await operations.getByText('POST /system/dict/type').first().waitFor();
    await animationsSettled(page);
    await shot(page, 'account-operations-en');
  });

  it('gives a person without the permission no System menu, and the server refuses the page’s calls', async () => {
    const email = uniqueEmail('nosys');
    await registerByApi(email, PASSWORD, 'No System');
    const { page } = await browser.open('/web/workbench', { token: await tokenByApi(email, PASSWORD) });
    await page
      .locator('.ant-menu')
      .getByText('工作台')
      .or(page.locator('.ant-menu').getByText('首页'))
      .first()
      .waitFor();
    expect(await page.locator('.ant-menu').getByText('系统管理').count()).toBe(0);
    await page.goto('/web/sysm/dict');
    await page.locator('.dict-page__refused').getByText('当前操作没有权限').waitFor();
    expect(await page.locator('.dict-page__types').getByRole('button', { name: '新增' }).count()).toBe(0);
  });
});
