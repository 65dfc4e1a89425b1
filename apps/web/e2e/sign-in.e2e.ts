import { describe, expect, inject, it } from 'vitest';
import { shot, useBrowser } from './harness';
import {
  animationsSettled,
  newestCode,
  openOnPhone,
  registerByApi,
  sessionToken,
  signInWithPassword,
  switchLanguage,
  uniqueEmail,
} from './support';

const PASSWORD = 'Kerf_e2e_2026';

describe('registration and sign-in', () => {
  const browser = useBrowser();

  it('registers with an e-mail and a code from the outbox, then signs in with the password', async () => {
    const email = uniqueEmail('register');
    const { page } = await browser.open('/web/register');
    const form = page.getByRole('form', { name: '注册 Kerf 账号' });
    await form.getByLabel('手机号或邮箱').fill(email);
    await form.getByLabel('手机号或邮箱').blur();
    await animationsSettled(page);
    await shot(page, 'register-zh');

    const since = Date.now();
    await form.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送，请注意查收').waitFor();
    // the resend countdown runs on the button
    await form.getByRole('button', { name: /\d+ 秒后重发/ }).waitFor();
    await expect.poll(() => form.getByRole('button', { name: /\d+ 秒后重发/ }).isDisabled()).toBe(true);
    const code = await newestCode(email, 'register', since);

    await form.getByLabel('验证码').fill(code);
    await form.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await form.getByLabel('确认密码').fill(PASSWORD);
    await form.getByLabel('昵称（选填）').fill('Laser Ada');
    await form.getByRole('button', { name: '注册' }).click();

    // success: the login page, with the account filled in
    await page.waitForURL('**/web/login');
    await page.getByText('注册成功').waitFor();
    const login = page.getByRole('form', { name: '密码登录' });
    await expect.poll(() => login.getByLabel('手机号或邮箱').inputValue()).toBe(email);
    await login.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await login.getByLabel('密码', { exact: true }).press('Enter');
    await page.waitForURL('**/web/workbench?fileType=0');
    await page.locator('.admin-navbar').getByText('Laser Ada').waitFor();
    await expect.poll(() => sessionToken(page.context())).toBeTruthy();
  });

  it('says which account is taken when the field is left', async () => {
    const email = uniqueEmail('taken');
    await registerByApi(email, PASSWORD);
    const { page } = await browser.open('/web/register');
    const form = page.getByRole('form', { name: '注册 Kerf 账号' });
    await form.getByLabel('手机号或邮箱').fill(email);
    await form.getByLabel('手机号或邮箱').blur();
    await page.getByText(`${email}已被注册`).waitFor();
  });

  it('checks the formats of SPEC §5 on blur, with the spec messages', async () => {
    const { page } = await browser.open('/web/login');
    const form = page.getByRole('form', { name: '密码登录' });
    await form.getByLabel('手机号或邮箱').fill('12345');
    await form.getByLabel('密码', { exact: true }).fill('1abc');
    await form.getByLabel('手机号或邮箱').focus();
    await page.getByText('请输入正确的手机号或邮箱').waitFor();
    await page.getByText('密码以字母开头，长度6~18位，只能包含字母、数字和下划线').waitFor();
    await form.getByLabel('手机号或邮箱').fill('');
    await page.getByText('请输入手机号或邮箱').waitFor();
  });

  it('says 账号或密码错误 for a wrong password, and asks for the picture after repeated failures', async () => {
    const email = uniqueEmail('wrong');
    await registerByApi(email, PASSWORD);
    const { page } = await browser.open('/web/login');
    await signInWithPassword(page, email, 'Wrong_password_1');
    await page.getByRole('alert').getByText('账号或密码错误').waitFor();
    expect(new URL(page.url()).pathname).toBe('/web/login');
    await animationsSettled(page);
    await shot(page, 'login-wrong-password');

    // the server wants the image captcha after three failures for one account
    const form = page.getByRole('form', { name: '密码登录' });
    for (let i = 0; i < 2; i++) {
      const answered = page.waitForResponse((response) => response.url().includes('/uac-api/oauth2/access_token'));
      await form.getByRole('button', { name: '登录' }).click();
      await answered;
      await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    }
    await form.getByLabel('图形验证码').waitFor();
    await form.getByRole('img', { name: '图形验证码' }).waitFor();
    await expect
      .poll(() => form.getByRole('img', { name: '图形验证码' }).getAttribute('src'))
      .toMatch(/^data:image\/png/);
    const first = await form.getByRole('img', { name: '图形验证码' }).getAttribute('src');
    await form.getByLabel('图形验证码').fill('zzzz');
    await form.getByRole('button', { name: '登录' }).click();
    await page.getByRole('alert').getByText('图形验证码错误').waitFor();
    // a new picture after each failed try
    await expect.poll(() => form.getByRole('img', { name: '图形验证码' }).getAttribute('src')).not.toBe(first);
    await animationsSettled(page);
    await shot(page, 'login-captcha');
  });

  it('signs in with a verification code', async () => {
    const email = uniqueEmail('code');
    await registerByApi(email, PASSWORD, 'Code User');
    const { page } = await browser.open('/web/login');
    await page.getByRole('tab', { name: '验证码登录' }).click();
    const form = page.getByRole('form', { name: '验证码登录' });
    await form.getByLabel('手机号或邮箱').fill(email);
    const since = Date.now();
    await form.getByRole('button', { name: '获取验证码' }).click();
    const code = await newestCode(email, 'login', since);
    await form.getByLabel('验证码').fill(code);
    await animationsSettled(page);
    await shot(page, 'login-code-zh');
    await form.getByLabel('验证码').press('Enter');
    await page.waitForURL('**/web/workbench?fileType=0');
    await page.locator('.admin-navbar').getByText('Code User').waitFor();
  });

  it('resets a forgotten password with a code, then signs in with the new one', async () => {
    const email = uniqueEmail('forget');
    await registerByApi(email, PASSWORD);
    const { page } = await browser.open('/web/login');
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await page.waitForURL('**/web/forget');
    const form = page.getByRole('form', { name: '找回密码' });
    await form.getByLabel('手机号或邮箱').fill(email);
    const since = Date.now();
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByLabel('验证码').fill(await newestCode(email, 'reset', since));
    await form.getByLabel('新密码').fill('Renewed_2026');
    await form.getByLabel('确认密码').fill('Renewed_2026');
    await animationsSettled(page);
    await shot(page, 'forget-zh');
    await form.getByRole('button', { name: '重置密码' }).click();
    await page.waitForURL('**/web/login');
    await page.getByText('密码重置成功').waitFor();
    await signInWithPassword(page, email, 'Renewed_2026');
    await page.waitForURL('**/web/workbench?fileType=0');
  });

  it('lets the admin sign in with the configured password', async () => {
    const { page } = await browser.open('/web/login');
    await animationsSettled(page);
    await shot(page, 'login-zh');
    const tokenCall = page.waitForRequest((r) => r.url().endsWith('/uac-api/oauth2/access_token'));
    await signInWithPassword(page, inject('adminAccount'), inject('adminPassword'));
    // The credentials travel in the encrypted envelope, never as readable form fields.
    const body = (await tokenCall).postData() ?? '';
    expect(Object.keys(JSON.parse(body)).sort()).toEqual(['kid', 'secret', 'text']);
    expect(body).not.toContain(inject('adminPassword'));
    await page.waitForURL('**/web/workbench?fileType=0');
    await page.locator('.admin-navbar').getByText('Administrator').waitFor();
    // the sidebar is the server's menu, plus the help
    const sider = page.locator('.admin-sider');
    await sider.locator('.ant-menu').getByRole('link', { name: '首页' }).waitFor();
    await sider.getByRole('link', { name: '操作日志' }).click();
    await page.waitForURL('**/web/account?tab=log');
    await page.getByRole('tab', { name: '操作日志', selected: true }).waitFor();
    await expect.poll(() => sider.getByRole('link', { name: '使用帮助' }).isVisible()).toBe(true);
  });

  it('speaks English on the login page, including the server messages', async () => {
    const { page } = await browser.open('/web/login');
    await switchLanguage(page, '切换语言', 'English');
    await page.getByRole('heading', { level: 1, name: 'Sign in to Kerf' }).waitFor();
    await expect.poll(() => page.getByRole('tab', { name: 'Verification code' }).isVisible()).toBe(true);
    await page.getByRole('form', { name: 'Password' }).getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Enter your mobile number or e-mail address').waitFor();
    await animationsSettled(page);
    await shot(page, 'login-en');

    await signInWithPassword(page, uniqueEmail('nobody'), 'Not_the_password1', true);
    await page.getByRole('alert').getByText('The account or password is incorrect').waitFor();

    await page.getByRole('link', { name: 'Create one' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create your Kerf account' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'register-en');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'forget-en');
  });

  it('uses the phone login page on a phone, and returns to the wanted page after sign-in', async () => {
    const email = uniqueEmail('phone');
    await registerByApi(email, PASSWORD, 'Phone User');
    const { context: seed } = await browser.open('/web/');
    const { page } = await openOnPhone(seed, '/web/account');
    await page.waitForURL('**/web/mobile/login');
    await page.getByRole('heading', { level: 1, name: '登录 Kerf' }).waitFor();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await animationsSettled(page);
    await shot(page, 'mobile-login-zh');

    await signInWithPassword(page, email, PASSWORD);
    await page.waitForURL('**/web/account');
    await page.getByRole('tab', { name: '基本资料' }).waitFor();
  });

  it('shows the phone login page in English', async () => {
    const { context: seed } = await browser.open('/web/');
    const { page } = await openOnPhone(seed, '/web/mobile/login');
    await page.getByRole('button', { name: '切换语言' }).click();
    await animationsSettled(page);
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to Kerf' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'mobile-login-en');
  });
});
