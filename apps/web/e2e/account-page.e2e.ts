import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './harness';
import {
  animationsSettled,
  clickUntilShown,
  newestCode,
  registerByApi,
  signInWithPassword,
  switchLanguage,
  tokenByApi,
  uniqueEmail,
  uniqueMobile,
} from './support';

const PASSWORD = 'Kerf_e2e_2026';

/** A 1×1 PNG, enough for the avatar upload. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('account page', () => {
  const browser = useBrowser();

  async function openSignedIn(path: string, nickName = 'Account User') {
    const email = uniqueEmail('account');
    await registerByApi(email, PASSWORD, nickName);
    const { page, context } = await browser.open(path, { token: await tokenByApi(email, PASSWORD) });
    return { page, context, email };
  }

  const navbar = (page: Page) => page.locator('.admin-navbar');

  it('changes the nick name and shows it in the navbar', async () => {
    const { page, email } = await openSignedIn('/web/account');
    await page.getByLabel('昵称').waitFor();
    await expect.poll(() => page.getByText(email).first().isVisible()).toBe(true);
    await animationsSettled(page);
    await shot(page, 'account-profile-zh');

    await page.getByLabel('昵称').fill('Renamed Rita');
    await page.getByLabel('昵称').press('Enter');
    await page.getByText('修改成功').waitFor();
    await navbar(page).getByText('Renamed Rita').waitFor();
    await page.reload();
    await navbar(page).getByText('Renamed Rita').waitFor();
  });

  it('uploads an avatar and shows it in the navbar', async () => {
    const { page } = await openSignedIn('/web/account');
    await page.getByRole('button', { name: '更换头像' }).waitFor();
    await page.locator('.account-avatar input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await expect
      .poll(() =>
        navbar(page)
          .locator('.user-avatar img')
          .getAttribute('src')
          .catch(() => null),
      )
      .toMatch(/^\/uac-api\/avatar\//);
  });

  it('changes the password; the new one signs in', async () => {
    const { page, email } = await openSignedIn('/web/account?tab=security');
    const form = page.getByRole('form', { name: '修改密码' });
    await form.getByLabel('当前密码').fill(PASSWORD);
    await form.getByLabel('新密码').fill('Changed_2026');
    await form.getByLabel('确认密码').fill('Changed_2026');
    await animationsSettled(page);
    await shot(page, 'account-security-zh');
    await form.getByRole('button', { name: '修改密码' }).click();
    await page.getByText('修改成功').waitFor();

    const { page: fresh } = await browser.open('/web/login');
    await signInWithPassword(fresh, email, PASSWORD);
    await fresh.getByRole('alert').getByText('账号或密码错误').waitFor();
    await signInWithPassword(fresh, email, 'Changed_2026');
    await fresh.waitForURL('**/web/workbench?fileType=0');
  });

  it('binds a mobile number with a code, then unbinds it', async () => {
    const { page, email } = await openSignedIn('/web/account?tab=bindings');
    const mobileRow = page.locator('.account-binding--mobile');
    await mobileRow.getByText('未绑定').waitFor();
    await expect.poll(() => page.locator('.account-binding--email').getByText(email).isVisible()).toBe(true);
    await animationsSettled(page);
    await shot(page, 'account-bindings-zh');

    await mobileRow.getByRole('button', { name: '绑定' }).click();
    const dialog = page.getByRole('dialog', { name: '绑定手机号' });
    const mobile = uniqueMobile();
    await dialog.getByLabel('新手机号').fill(mobile);
    const since = Date.now();
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByLabel('验证码').fill(await newestCode(mobile, 'bind', since));
    await animationsSettled(page);
    await clickUntilShown(
      dialog.getByRole('button', { name: '确定' }),
      mobileRow.getByText(`${mobile.slice(0, 3)}****${mobile.slice(7)}`),
    );
    await dialog.waitFor({ state: 'hidden' });

    await mobileRow.getByRole('button', { name: '解绑' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '解绑' }).click();
    await mobileRow.getByText('未绑定').waitFor();
  });

  it('lists the sign-ins in the operation log', async () => {
    const { page } = await openSignedIn('/web/account?tab=log');
    // the tab opens on my operations; the sign-ins are beside them
    await page.locator('.account-operations').waitFor();
    await page.locator('.account-log__views').getByText('登录记录', { exact: true }).click();
    const table = page.locator('.account-log:not(.account-operations)');
    await table.getByRole('cell', { name: '密码' }).first().waitFor();
    await expect.poll(() => table.getByText('成功').count()).toBeGreaterThan(0);
    await animationsSettled(page);
    await shot(page, 'account-log-zh');
  });

  it('speaks English on every tab', async () => {
    const { page } = await openSignedIn('/web/account', 'English User');
    await page.getByLabel('昵称').waitFor();
    await switchLanguage(page, '切换语言', 'English');
    await page.getByRole('tab', { name: 'Profile' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'account-profile-en');
    for (const [tab, name] of [
      ['Security', 'account-security-en'],
      ['Linked accounts', 'account-bindings-en'],
      ['Operation log', 'account-log-en'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      if (tab === 'Operation log') {
        await page.locator('.account-log__views').getByText('Sign-ins', { exact: true }).click();
        await page.locator('.account-log').getByRole('cell', { name: 'Password' }).first().waitFor();
      }
      await animationsSettled(page);
      await shot(page, name);
    }
    await page.getByRole('button', { name: 'User menu: English User' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'user-menu-en');
  });
});
