import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, toast } from './drive-support';
import { shot, useBrowser } from './harness';
import { xlsxStrings } from './spreadsheet';
import { animationsSettled, registerByApi, tokenByApi, uniqueEmail, waitForPage } from './support';

/**
 * /sysm/operlog: an administrator finds a person's operation, opens it (the password it carried is
 * masked), reads the page in English, exports what it found, and cleans the log.
 */
describe('system management: operation log', () => {
  const browser = useBrowser();

  it('finds a person’s password change with the password masked, in both languages, then cleans the log', async () => {
    const email = uniqueEmail('oplog');
    const nick = `Op ${Date.now().toString(36)}`;
    await registerByApi(email, PASSWORD, nick);
    const userToken = await tokenByApi(email, PASSWORD);
    const changed = await fetch(`${inject('baseURL')}/uac-api/account/password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ oldPassword: PASSWORD, newPassword: 'Changed_e2e_9' }),
    });
    expect(changed.status).toBe(200);

    const admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
    const { page } = await browser.open('/web/sysm/operlog', { token: admin });
    await waitForPage(page, '.operlog-page', 'the operation log');
    await page.getByRole('tab', { name: '操作日志' }).waitFor();
    await page.getByLabel('操作人员').fill(nick);
    await page.getByRole('button', { name: '搜索' }).click();
    const rows = page.locator('.operlog-page tbody tr.ant-table-row');
    // the search shows this person's operations only: one password change
    await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes(nick))).toBe(true);
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.filter({ hasText: 'PUT /account/password' });
    await row.waitFor();
    await row.click();
    const detail = page.locator('.operlog-detail');
    await detail.getByText('"oldPassword": "******"').waitFor();
    const params = (await detail.locator('.operlog-detail__params').textContent()) ?? '';
    expect(params).not.toContain(PASSWORD);
    expect(params).not.toContain('Changed_e2e_9');
    await animationsSettled(page);
    await shot(page, 'sysm-operlog-detail-zh');
    await detail.getByRole('button', { name: 'Close' }).or(detail.locator('.ant-drawer-close')).first().click();

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await waitForPage(page, '.operlog-page', 'the operation log');
    await page.getByLabel('Person').fill(nick);
    await page.getByRole('button', { name: 'Search' }).click();
    // until the search answers, the list holds everyone's operations (other people change passwords too)
    await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes(nick))).toBe(true);
    await expect.poll(() => rows.count()).toBe(1);
    await row.getByText('Change').waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-operlog-en');
    // what the search found, as a spreadsheet with English headers
    await page.getByRole('button', { name: 'Export' }).click();
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Excel workbook (.xlsx)' }).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^kerf-operlog-.*\.xlsx$/);
    const cells = await xlsxStrings((await exported.path())!);
    expect(cells.slice(0, 3)).toEqual(['Time', 'Person', 'Module']);
    expect(cells).toContain(nick);
    expect(cells).toContain('/uac-api/account/password');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()).toBe(0);

    // cleaning asks first; the clean is the first entry after
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('button', { name: 'Clean' }).click();
    const confirm = page.locator('.ant-popconfirm').getByRole('button', { name: 'Clean' });
    await confirm.waitFor();
    await animationsSettled(page);
    await confirm.click();
    await toast(page, 'Deleted').waitFor();
    // the search by person listed one row too: the row's words tell the list after the clean
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain('DELETE /system/operlog/clean');
  });
});
