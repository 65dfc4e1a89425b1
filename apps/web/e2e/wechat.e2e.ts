import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './harness';
import { animationsSettled, registerByApi, switchLanguage, tokenByApi, uniqueEmail } from './support';

const PASSWORD = 'Kerf_e2e_2026';

/**
 * The test server has no chat-app (WeChat) credentials, and the provider's QR page is on the internet;
 * so the three chat-app calls are answered in the browser, the way the server answers them when
 * configured, and the rest (sign-in, permissions, menus) is the real server.
 */
async function fakeChatApp(page: Page, signedInToken: string) {
  const bindCalls: Array<Record<string, unknown>> = [];
  await page.route('**/uac-api/oauth2/wx_authorize_url*', (route) =>
    route.fulfill({
      json: { code: 0, msg: '', data: { enabled: true, url: '/web/login/wechat?code=c0de&state=st4te' } },
    }),
  );
  await page.route('**/uac-api/oauth2/wx_token*', (route) =>
    route.fulfill({
      json: { code: 0, msg: '', data: { ticket: 'ticket-1', profile: { nickName: '微信木工', avatar: null } } },
    }),
  );
  await page.route('**/uac-api/oauth2/wx_bind', (route) => {
    bindCalls.push(route.request().postDataJSON() as Record<string, unknown>);
    return route.fulfill({
      json: {
        code: 0,
        msg: '登录成功',
        data: { token: signedInToken, user_info: { loginType: '2', nickName: 'WeChat Woodworker', avatar: null } },
      },
    });
  });
  return bindCalls;
}

describe('chat-app (WeChat) sign-in', () => {
  const browser = useBrowser();

  it('shows no WeChat button when the chat-app login is not configured', async () => {
    const { page } = await browser.open('/web/');
    const asked = page.waitForResponse((r) => r.url().includes('/uac-api/oauth2/wx_authorize_url'));
    await page.goto('/web/login');
    expect((await (await asked).json()).data).toEqual({ enabled: false });
    await page.getByRole('heading', { level: 1, name: '登录 Kerf' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: '微信扫码登录' }).count()).toBe(0);
  });

  it('goes to the QR page, comes back unbound, links an existing account and is signed in', async () => {
    const email = uniqueEmail('wechat');
    await registerByApi(email, PASSWORD, 'WeChat Woodworker');
    const { page } = await browser.open('/web/');
    const bindCalls = await fakeChatApp(page, await tokenByApi(email, PASSWORD));
    await page.goto('/web/login');
    await page.getByRole('button', { name: '微信扫码登录' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'login-with-wechat-zh');

    await page.getByRole('button', { name: '微信扫码登录' }).click();
    await page.waitForURL('**/web/login/wechat?code=c0de&state=st4te');
    await page.getByText('你好，微信木工').waitFor();
    await animationsSettled(page);
    await shot(page, 'wechat-bind-zh');

    const form = page.locator('form#wechat-existing');
    await form.getByLabel('手机号或邮箱').fill(email);
    await form.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: '绑定并登录' }).click();
    await page.waitForURL('**/web/workbench?fileType=0');
    await page.locator('.admin-navbar').getByText('WeChat Woodworker').waitFor();
    expect(bindCalls).toEqual([{ ticket: 'ticket-1', mode: 'existing', account: email, password: PASSWORD }]);
  });

  it('offers a new account with a code, in English too', async () => {
    const { page } = await browser.open('/web/');
    await fakeChatApp(page, 'unused');
    await page.goto('/web/login/wechat?code=c0de&state=st4te');
    await page.getByText('你好，微信木工').waitFor();
    await switchLanguage(page, '切换语言', 'English');
    await page.getByRole('tab', { name: 'New account' }).click();
    const form = page.locator('form#wechat-new');
    await form.getByLabel('Verification code').waitFor();
    await form.getByLabel('Confirm password').waitFor();
    await animationsSettled(page);
    await shot(page, 'wechat-bind-new-en');
  });

  it('says what went wrong when the provider sent no code', async () => {
    const { page } = await browser.open('/web/login/wechat');
    await page.getByText('缺少微信授权码，请重新扫码登录。').waitFor();
    await animationsSettled(page);
    await shot(page, 'wechat-failed-zh');
    await page.getByRole('link', { name: '返回登录' }).click();
    await page.waitForURL('**/web/login');
  });
});
