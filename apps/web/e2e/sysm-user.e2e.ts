import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { driveApi, PASSWORD, toast } from './drive-support';
import { shot, useBrowser } from './harness';
import { xlsxStrings } from './spreadsheet';
import { animationsSettled, tokenByApi, uniqueEmail, waitForPage } from './support';

const NEW_PASSWORD = 'Reset_e2e_2026';

/** The dialog's OK button (antd spaces two-character Chinese labels: 保 存). */
function saveButton(page: Page) {
  const dialog = page.locator('.sysm-user-dialog');
  return dialog.getByRole('button', { name: /^(保 ?存|Save)$/ });
}

/**
 * /sysm/user: an administrator finds and adds a user, resets their password, disables them (the user,
 * signed in elsewhere, is asked to sign in again at once), enables them again, changes their quota,
 * exports the list and reads their sign-ins; in both languages.
 */
describe('system management: users', () => {
  const browser = useBrowser();

  it('lets an administrator add, find, reset, disable and enable a user, set a quota, export and read sign-ins', async () => {
    const admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
    const { page } = await browser.open('/web/sysm/user', { token: admin });
    await waitForPage(page, '.sysm-user', 'the user page');
    await page.getByRole('tab', { name: '用户管理' }).waitFor();
    const rows = page.locator('.sysm-user tbody tr.ant-table-row');
    await rows.first().waitFor();

    // add a user; the form checks the rules of registration first
    const stamp = Date.now().toString(36);
    const loginName = `e2e_${stamp}`;
    const email = uniqueEmail('sysuser');
    await page.getByRole('button', { name: '新增用户' }).click();
    const dialog = page.locator('.sysm-user-dialog');
    await dialog.getByLabel('登录名').fill(`9${stamp}`);
    await dialog.getByLabel('昵称').fill(`测试用户 ${stamp}`);
    await dialog.getByLabel('手机号').fill('12345');
    await dialog.getByLabel('初始密码').fill('123456');
    await saveButton(page).click();
    await dialog.getByText('登录名以字母开头，长度2~30位，只能包含字母、数字和下划线').waitFor();
    await dialog.getByText('请输入正确的手机号').waitFor();
    await dialog.getByText('密码以字母开头，长度6~18位，只能包含字母、数字和下划线').first().waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-user-add-zh');
    await dialog.getByLabel('登录名').fill(loginName);
    await dialog.getByLabel('手机号').fill('');
    await dialog.getByLabel('邮箱').fill(email);
    await dialog.getByLabel('初始密码').fill(PASSWORD);
    await saveButton(page).click();
    await toast(page, '新增成功').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // find them by a piece of the e-mail, in other letter case
    await page.getByLabel('关键字').fill(email.split('@')[0]!.toUpperCase());
    await page.getByRole('button', { name: /^搜 ?索$/ }).click();
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.filter({ hasText: loginName });
    await row.getByText(email).waitFor();

    // reset the password: the rules are shown; the new password signs in
    await page.getByRole('button', { name: `重置密码 ${loginName}` }).click();
    await dialog.getByText('密码规则：以字母开头，长度 6~18 位，只能包含字母、数字和下划线。').waitFor();
    await dialog.getByLabel('新密码').fill(NEW_PASSWORD);
    await saveButton(page).click();
    await toast(page, '密码已重置，该用户需重新登录').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const userToken = await tokenByApi(email, NEW_PASSWORD);

    // the user, signed in in another browser, is on their account page
    const other = await browser.open('/web/account', { token: userToken });
    await other.page.getByLabel('昵称').waitFor();

    // disable them, with a confirmation
    await row.getByRole('switch', { name: `状态 ${loginName}` }).click();
    await page.locator('.ant-popconfirm').getByText(`停用用户“测试用户 ${stamp}”？`).waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-user-disable-confirm-zh');
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /^停 ?用$/ })
      .click();
    await toast(page, '已停用，该用户的会话已全部结束').waitFor();
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('false');

    // their very next action asks them to sign in again
    await other.page.getByRole('tab', { name: '操作日志' }).click();
    const relogin = other.page.getByRole('dialog').filter({ hasText: '无效的会话，或者会话已过期，请重新登录' });
    await relogin.waitFor();
    await animationsSettled(other.page);
    await shot(other.page, 'sysm-user-disabled-relogin-zh');

    // enable them again: they can sign in
    await row.getByRole('switch', { name: `状态 ${loginName}` }).click();
    // the same pop-up as before: its button may still hold the fading "loading" icon of the last confirm
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /启 ?用$/ })
      .click();
    await toast(page, '已启用').waitFor();
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    // they store 2 MiB
    await driveApi(await tokenByApi(email, NEW_PASSWORD)).upload('plate.bin', randomBytes(2 * 1024 ** 2));
    await page.getByRole('button', { name: '刷新' }).click();
    await row.getByText('2 MB / 10 GB').waitFor();

    // a quota below that is allowed after a warning: their uploads are refused until they are under it
    await page.getByRole('button', { name: `存储配额 ${loginName}` }).click();
    await dialog.getByText('已用 2 MB，当前配额 10 GB').waitFor();
    await dialog.getByLabel('新配额').fill('1');
    await dialog.getByLabel('单位').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'MiB' }).click();
    await dialog.getByText('新配额小于已用空间（2 MB）').waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-user-quota-zh');
    await saveButton(page).click();
    await toast(page, '修改成功；已用空间超过新配额，该用户暂时不能上传').waitFor();
    await row.getByText('2 MB / 1 MB').waitFor();

    // sign-ins, newest first
    await page.getByRole('button', { name: `登录日志 ${loginName}` }).click();
    const drawer = page.locator('.sysm-user-logins');
    await drawer.getByText(`登录日志：测试用户 ${stamp}`).waitFor();
    await expect.poll(() => drawer.locator('tbody tr.ant-table-row').count()).toBeGreaterThanOrEqual(2);
    expect(await drawer.locator('tbody tr.ant-table-row').first().textContent()).toContain('成功');
    await animationsSettled(page);
    await shot(page, 'sysm-user-logins-zh');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // lifting the sign-in locks of the account (the locks themselves are tested on the server)
    await page.getByRole('button', { name: `解除登录锁定 ${loginName}` }).click();
    await toast(page, '已解除登录锁定').waitFor();

    // export what the search found: a workbook with Chinese headers
    await page.getByRole('button', { name: '导出' }).click();
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Excel 表格（.xlsx）' }).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^kerf-users-.*\.xlsx$/);
    const cells = await xlsxStrings((await exported.path())!);
    expect(cells.slice(0, 6)).toEqual(['登录名', '昵称', '手机号', '邮箱', '状态', '角色']);
    expect(cells).toContain(loginName);
    expect(cells).toContain(email);

    // hide a column; the choice is remembered
    await page.getByRole('button', { name: '列设置' }).click();
    await page.locator('.sysm-columns').getByLabel('手机号').uncheck();
    await expect.poll(() => page.locator('.sysm-user thead th').filter({ hasText: '手机号' }).count()).toBe(0);
    await animationsSettled(page);
    await shot(page, 'sysm-user-zh');

    // the same page in English
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await waitForPage(page, '.sysm-user', 'the user page');
    await rows.first().waitFor();
    expect(await page.locator('.sysm-user thead th').filter({ hasText: 'Mobile' }).count()).toBe(0);
    await page.getByLabel('Keyword').fill(loginName);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await row.getByText('Enabled').waitFor();
    // room again, in English
    await page.getByRole('button', { name: `Storage quota ${loginName}` }).click();
    await dialog.getByText('2 MB used of 1 MB').waitFor();
    await dialog.getByLabel('New quota').fill('500');
    await animationsSettled(page);
    await shot(page, 'sysm-user-quota-en');
    await saveButton(page).click();
    await toast(page, 'Changes saved').waitFor();
    await row.getByText('2 MB / 500 MB').waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-user-en');
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.locator('.sysm-user thead th').filter({ hasText: 'Mobile' }).waitFor();
  });
});
