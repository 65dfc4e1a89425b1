import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './harness';
import { animationsSettled, expectNoSidewaysScroll, storedItem, switchLanguage } from './support';

const FEATURES_ZH = ['云盘', '图库与交易中心', '工艺参数库', '设备云', '在线设计编辑器'];

describe('home page', () => {
  const browser = useBrowser();

  it('speaks Chinese by default and leads to sign-in, registration and the workbench', async () => {
    const { page } = await browser.open('/web/');
    const title = page.getByRole('heading', { level: 1 });
    await title.waitFor();
    await expect.poll(() => title.textContent()).toBe('激光加工的云端工作台');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await expect.poll(() => page.title()).toBe('Kerf 激光云平台');
    for (const feature of FEATURES_ZH) {
      await expect
        .poll(() => page.getByRole('heading', { level: 3, name: feature }).isVisible(), { message: feature })
        .toBe(true);
    }
    await expect.poll(() => page.getByRole('link', { name: '登录' }).first().getAttribute('href')).toBe('/web/login');
    await expect
      .poll(() => page.getByRole('link', { name: '注册', exact: true }).getAttribute('href'))
      .toBe('/web/register');
    await expect
      .poll(() => page.getByRole('link', { name: '免费注册' }).first().getAttribute('href'))
      .toBe('/web/register');
    await animationsSettled(page);
    await shot(page, 'home-zh');

    await page.getByRole('link', { name: '进入工作台' }).first().click();
    await page.waitForURL('**/web/workbench');
    await page.getByRole('heading', { name: '欢迎来到 Kerf 工作台' }).waitFor();
  });

  it('answers on /home too', async () => {
    const { page } = await browser.open('/web/home');
    await page.getByRole('heading', { name: '激光加工的云端工作台' }).waitFor();
  });

  it('switches to English from the header and keeps it after a reload', async () => {
    const { page } = await browser.open('/web/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await switchLanguage(page, '切换语言', 'English');
    await page.getByRole('heading', { level: 1, name: 'Your laser workshop, in the cloud' }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => storedItem(page, 'language')).toBe('en');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your laser workshop, in the cloud' }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await expect
      .poll(() => page.getByRole('heading', { level: 3, name: 'Craft parameter libraries' }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: 'Sign in' }).first().getAttribute('href'))
      .toBe('/web/login');
    await expect.poll(() => page.title()).toBe('Kerf Laser Cloud');
    await animationsSettled(page);
    await shot(page, 'home-en');

    await switchLanguage(page, 'Change language', '中文');
    await page.getByRole('heading', { level: 1, name: '激光加工的云端工作台' }).waitFor();
  });

  it('fits a 375 px wide phone', async () => {
    const { page } = await browser.open('/web/', { viewport: { width: 375, height: 812 } });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoSidewaysScroll(page);
    await expect.poll(() => page.getByRole('link', { name: '免费注册' }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: '进入工作台' }).first().isVisible()).toBe(true);
    await animationsSettled(page);
    await shot(page, 'home-mobile');
  });
});
