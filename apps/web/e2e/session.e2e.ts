import { describe, expect, inject, it } from 'vitest';
import { shot, useBrowser } from './harness';
import { animationsSettled, registerByApi, sessionToken, signInWithPassword, tokenByApi, uniqueEmail } from './support';

const PASSWORD = 'Kerf_e2e_2026';

/** Ends a session on the server behind the browser's back, as another device or an admin would. */
async function revoke(token: string) {
  const answer = await fetch(`${inject('baseURL')}/uac-api/logout`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
}

describe('session and guards', () => {
  const browser = useBrowser();

  it('sends a signed-out visitor of a private page to login, and back there after signing in (preRoute)', async () => {
    const email = uniqueEmail('preroute');
    await registerByApi(email, PASSWORD);
    const { page } = await browser.open('/web/account?tab=security');
    await page.waitForURL('**/web/login');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('preRoute'))).toBe('/account?tab=security');
    await signInWithPassword(page, email, PASSWORD);
    await page.waitForURL('**/web/account?tab=security');
    await page.getByRole('tab', { name: '账号安全', selected: true }).waitFor();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('preRoute'))).toBeNull();
  });

  it('sends a signed-in person from /login to the workbench', async () => {
    const email = uniqueEmail('signed-in');
    await registerByApi(email, PASSWORD);
    const { page } = await browser.open('/web/login', { token: await tokenByApi(email, PASSWORD) });
    await page.waitForURL('**/web/workbench?fileType=0');
  });

  it('signs out from the user menu: token gone, private pages closed again', async () => {
    const email = uniqueEmail('logout');
    await registerByApi(email, PASSWORD, 'Leaving User');
    const token = await tokenByApi(email, PASSWORD);
    const { page, context } = await browser.open('/web/workbench', { token });
    await page.getByRole('button', { name: '用户菜单：Leaving User' }).click();
    await animationsSettled(page);
    await shot(page, 'user-menu-zh');
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL('**/web/login');
    await expect.poll(() => sessionToken(context)).toBeUndefined();
    // the server revoked the token too
    const check = await fetch(`${inject('baseURL')}/uac-api/oauth2/session`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.status).toBe(401);
    await page.goto('/web/account');
    await page.waitForURL('**/web/login');
  });

  it('shows one re-login dialog when the session ends on the server; staying keeps the page, confirming goes to login', async () => {
    const email = uniqueEmail('expired');
    await registerByApi(email, PASSWORD, 'Expiring User');
    const { page, context } = await browser.open('/web/login');
    await signInWithPassword(page, email, PASSWORD);
    await page.waitForURL('**/web/workbench?fileType=0');
    await page.getByRole('button', { name: '用户菜单：Expiring User' }).click();
    await animationsSettled(page);
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.waitForURL('**/web/account');
    await page.getByLabel('昵称').waitFor();

    await revoke((await sessionToken(context))!);

    // opening the operation log (my operations first) fails with code 422: one dialog
    const logAnswered = page.waitForResponse((response) => response.url().includes('/cloud-api/system/operlog/mine'));
    await page.getByRole('tab', { name: '操作日志' }).click();
    expect((await (await logAnswered).json()).code).toBe(422);
    const dialog = page.getByRole('dialog').filter({ hasText: '无效的会话，或者会话已过期，请重新登录' });
    await dialog.waitFor();
    // the dialog has zoomed in (a click while it grows can miss its buttons)
    await animationsSettled(page);
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);
    await shot(page, 'relogin-dialog-zh');

    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/web/account');

    await page.getByRole('tab', { name: '基本资料' }).click();
    await page.getByLabel('昵称').fill('Still Here');
    const saveAnswered = page.waitForResponse(
      (response) => response.url().includes('/uac-api/account/profile') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: '保存' }).click();
    expect((await (await saveAnswered).json()).code).toBe(422);
    await dialog.waitFor();
    await animationsSettled(page);
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL('**/web/login');
    await expect.poll(() => sessionToken(context)).toBeUndefined();
    await page.getByRole('heading', { level: 1, name: '登录 Kerf' }).waitFor();
  });

  it('on a reload with a revoked token, signs out, says why and opens the login page', async () => {
    const email = uniqueEmail('stale');
    await registerByApi(email, PASSWORD);
    const token = await tokenByApi(email, PASSWORD);
    await revoke(token);
    const { page, context } = await browser.open('/web/account', { token });
    await page.waitForURL('**/web/login');
    await page.getByText('无效的会话，或者会话已过期，请重新登录').waitFor();
    await expect.poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);
    await expect.poll(() => sessionToken(context)).toBeUndefined();
  });
});
