import { afterAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD, toast } from './drive-support';
import { shot, useBrowser } from './harness';
import { animationsSettled, registerByApi, signInWithPassword, tokenByApi, uniqueEmail, waitForPage } from './support';

const REGISTER_KEY = 'sys.account.registerUser';

/** Sets a parameter through the API (the way back, whatever a test left behind). */
async function setParameter(key: string, value: string) {
  const admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
  const answer = await fetch(`${inject('baseURL')}/cloud-api/system/config/configKey/${key}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ configValue: value }),
  });
  expect(answer.status).toBe(200);
}

/**
 * /sysm/config, /sysm/logininfor and /sysm/online: an administrator closes and reopens registration,
 * reads the sign-in log, and forces a signed-in person out, who is then asked to sign in again.
 */
describe('system management: parameters, sign-in log, sessions online', () => {
  const browser = useBrowser();
  // the server is shared with the spec files after this one: registration stays open whatever happens
  afterAll(async () => setParameter(REGISTER_KEY, 'true'));

  it('lets an administrator close registration (the register page says so) and open it again', async () => {
    const admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
    const { page } = await browser.open('/web/sysm/config', { token: admin });
    await waitForPage(page, '.config-page', 'the parameters page');
    await page.getByLabel('参数键名', { exact: true }).fill('registerUser');
    await page.locator('.config-page__filters').getByRole('button', { name: '搜索' }).click();
    const rows = page.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('sys.account.registerUser');
    // a parameter Kerf ships is named in the reader's language
    expect(await rows.first().textContent()).toContain('允许自助注册');
    // built in: no delete button, and the key is locked in the dialog
    expect(await page.getByRole('button', { name: `删除 ${REGISTER_KEY}` }).count()).toBe(0);

    const setRegistration = async (value: 'true' | 'false') => {
      await page.getByRole('button', { name: `修改 ${REGISTER_KEY}` }).click();
      const dialog = page.locator('.config-dialog');
      await dialog.getByLabel('参数键名', { exact: true }).waitFor();
      await expect.poll(() => dialog.getByLabel('参数键名', { exact: true }).isDisabled()).toBe(true);
      await dialog.getByText(value === 'true' ? 'true（开启）' : 'false（关闭）').click();
      await animationsSettled(page);
      if (value === 'false') await shot(page, 'sysm-config-dialog-zh');
      await dialog.getByRole('button', { name: '保存' }).click();
      await toast(page, '修改成功').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => rows.first().locator('td').nth(2).textContent()).toBe(value);
    };
    await setRegistration('false');
    await animationsSettled(page);
    await shot(page, 'sysm-config-zh');

    // a visitor finds registration closed
    const visitor = await browser.open('/web/register');
    await visitor.page.getByRole('alert').getByText('当前系统没有开启注册功能').waitFor();
    expect(await visitor.page.getByRole('form', { name: '注册 Kerf 账号' }).count()).toBe(0);
    await shot(visitor.page, 'sysm-register-closed-zh');

    await setRegistration('true');
    await visitor.page.reload();
    await visitor.page.getByRole('form', { name: '注册 Kerf 账号' }).waitFor();

    // the page in English
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await waitForPage(page, '.config-page', 'the parameters page');
    await page.getByRole('columnheader', { name: 'Built-in' }).waitFor();
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    await animationsSettled(page);
    await shot(page, 'sysm-config-en');
  });

  it('shows a failed and a successful sign-in in the sign-in log, with the browser', async () => {
    const email = uniqueEmail('loginlog');
    await registerByApi(email, PASSWORD, 'Log Person');
    const visitor = await browser.open('/web/login');
    await signInWithPassword(visitor.page, email, 'Wrong_pass_1');
    await visitor.page.getByRole('alert').getByText('账号或密码错误').waitFor();
    await signInWithPassword(visitor.page, email, PASSWORD);
    await visitor.page.waitForURL('**/web/workbench?fileType=0');

    const admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
    const { page } = await browser.open('/web/sysm/logininfor', { token: admin });
    await waitForPage(page, '.logininfor-page', 'the sign-in log');
    const filters = page.locator('.logininfor-page__filters');
    await filters.getByLabel('账号', { exact: true }).fill(email);
    await filters.getByRole('button', { name: '搜索' }).click();
    const rows = page.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    const [newest, older] = [await rows.nth(0).textContent(), await rows.nth(1).textContent()];
    expect(newest).toContain('成功');
    expect(newest).toContain('登录成功');
    expect(newest).toContain('Log Person');
    expect(newest).toMatch(/Chrome \d+/);
    expect(older).toContain('失败');
    expect(older).toContain('账号或密码错误');
    await filters.getByLabel('登录状态', { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '失败' }).click();
    await filters.getByRole('button', { name: '搜索' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await animationsSettled(page);
    await shot(page, 'sysm-logininfor-zh');

    // the export answers what the search finds
    await filters.getByRole('button', { name: '导出' }).click();
    const link = page.getByRole('menuitem', { name: 'CSV 文件（.csv）' }).locator('a');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toContain('status=1');
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href);
    expect(csv).toContain('账号或密码错误');
    expect(csv).not.toContain('登录成功');
    await page.keyboard.press('Escape');

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await waitForPage(page, '.logininfor-page', 'the sign-in log');
    await filters.getByLabel('Account', { exact: true }).fill(email);
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await rows.first().getByText('Signed in').waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-logininfor-en');
  });

  it('lists a signed-in person online; forced out, their next action asks them to sign in again', async () => {
    const email = uniqueEmail('online');
    await registerByApi(email, PASSWORD, 'Online Person');
    const user = await browser.open('/web/login');
    await signInWithPassword(user.page, email, PASSWORD);
    await user.page.waitForURL('**/web/workbench?fileType=0');
    await user.page.goto('/web/account');
    await user.page.getByLabel('昵称').waitFor();

    const admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
    const { page } = await browser.open('/web/sysm/online', { token: admin });
    await waitForPage(page, '.online-page', 'the sessions online');
    const filters = page.locator('.online-page__filters');
    await filters.getByLabel('用户', { exact: true }).fill('Online Person');
    await filters.getByRole('button', { name: '搜索' }).click();
    const rows = page.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toMatch(/Online Person.*Chrome \d+.*Linux/);
    await animationsSettled(page);
    await shot(page, 'sysm-online-zh');

    // in English: force the person out, after a confirmation
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await waitForPage(page, '.online-page', 'the sessions online');
    await filters.getByRole('button', { name: 'Refresh' }).waitFor();
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    // the administrator's own session is marked and cannot be forced out
    await page.getByText('This session').first().waitFor();
    await filters.getByLabel('User', { exact: true }).fill('Online Person');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await animationsSettled(page);
    await shot(page, 'sysm-online-en');
    await rows
      .first()
      .getByRole('button', { name: /^Force out Online Person/ })
      .click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('Force Online Person out of this session?', { exact: false }).waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-online-confirm-en');
    await confirm.getByRole('button', { name: 'Force out' }).click();
    await toast(page, 'Signed out by force').waitFor();
    await expect.poll(() => rows.count()).toBe(0);

    // the person's next action: the re-login dialog (SPEC 422), then the login page
    await user.page.getByLabel('昵称').fill('Still Here');
    const saved = user.page.waitForResponse(
      (response) => response.url().includes('/uac-api/account/profile') && response.request().method() === 'PUT',
    );
    await user.page.getByRole('button', { name: '保存' }).click();
    expect((await (await saved).json()).code).toBe(422);
    const dialog = user.page.getByRole('dialog').filter({ hasText: '无效的会话，或者会话已过期，请重新登录' });
    await dialog.waitFor();
    await animationsSettled(user.page);
    expect(await user.page.locator('.ant-modal-confirm').count()).toBe(1);
    await shot(user.page, 'sysm-online-forced-relogin-zh');
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await user.page.waitForURL('**/web/login');
    await user.page.getByRole('heading', { level: 1, name: '登录 Kerf' }).waitFor();
  });
});
