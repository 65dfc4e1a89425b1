import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './harness';
import {
  animationsSettled,
  clickUntil,
  expectNoSidewaysScroll,
  framesPainted,
  storedItem,
  themeColour,
} from './support';

const tags = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });
const siderWidth = (page: Page) => page.locator('.admin-sider').evaluate((el) => el.getBoundingClientRect().width);

async function openSettings(page: Page) {
  await page.getByRole('button', { name: '布局设置' }).click();
  const drawer = page.getByRole('dialog', { name: '布局设置' });
  await drawer.waitFor();
  return drawer;
}

describe('admin layout', () => {
  const browser = useBrowser();

  it('shows sidebar, breadcrumb and tags view with the SPEC defaults', async () => {
    const { page } = await browser.open('/web/workbench');
    await page.getByRole('heading', { name: '欢迎来到 Kerf 工作台' }).waitFor();
    const sider = page.locator('.admin-sider');
    await expect.poll(() => sider.getByText('Kerf', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => sider.getByRole('link', { name: '工作台' }).isVisible()).toBe(true);
    await expect.poll(() => sider.getByRole('link', { name: '使用帮助' }).isVisible()).toBe(true);
    await expect.poll(() => sider.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(29, 38, 51)');
    await expect.poll(() => page.locator('.admin-breadcrumb').textContent()).toMatch(/首页\s*\/\s*工作台/);
    await expect.poll(() => tags(page).getByRole('link', { name: '工作台' }).isVisible()).toBe(true);
    await expect.poll(() => themeColour(page)).toBe('#86A500');
    const selected = sider.locator('.ant-menu-item-selected');
    await expect.poll(() => selected.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(134, 165, 0)');
    // fixed header is off by default: the header scrolls away with the page
    await expect
      .poll(() => page.locator('header.admin-header').evaluate((el) => getComputedStyle(el).position))
      .toBe('relative');
    await animationsSettled(page);
    await shot(page, 'workbench-zh');
    const english = await browser.open('/web/workbench', { language: 'en' });
    await english.page.getByRole('heading', { name: 'Welcome to the Kerf workbench' }).waitFor();
    await shot(english.page, 'workbench-en');
  });

  it('adds a tag per page and closes tags with × and the right-click menu', async () => {
    const { page } = await browser.open('/web/workbench');
    await page.locator('.admin-sider').getByRole('link', { name: '使用帮助' }).click();
    await page.waitForURL('**/web/help');
    await tags(page).getByRole('link', { name: '使用帮助' }).waitFor();
    await expect.poll(() => page.locator('.admin-breadcrumb').textContent()).toMatch(/首页\s*\/\s*使用帮助/);

    await tags(page).getByRole('button', { name: '关闭 使用帮助' }).click();
    await page.waitForURL('**/web/workbench');
    await tags(page).getByRole('link', { name: '使用帮助' }).waitFor({ state: 'detached' });
    // the workbench tag is pinned
    await expect.poll(() => tags(page).getByRole('button', { name: '关闭 工作台' }).count()).toBe(0);

    await page.locator('.admin-sider').getByRole('link', { name: '使用帮助' }).click();
    await page.waitForURL('**/web/help');
    // the help page has loaded (a menu opened while it renders can close under the pointer)
    await page.getByRole('heading', { level: 1, name: '快速上手' }).waitFor();
    await tags(page).getByRole('link', { name: '使用帮助' }).waitFor();
    await tags(page).getByRole('link', { name: '工作台' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).waitFor();
    await animationsSettled(page);
    await page.getByRole('menuitem', { name: '关闭其他' }).click();
    await page.waitForURL('**/web/workbench');
    await tags(page).getByRole('link', { name: '使用帮助' }).waitFor({ state: 'detached' });
  });

  it('changes layout settings, remembers them across a reload, and resets them', async () => {
    const { page } = await browser.open('/web/workbench');
    await page.getByRole('heading', { name: '欢迎来到 Kerf 工作台' }).waitFor();
    const drawer = await openSettings(page);
    await animationsSettled(page);
    await shot(page, 'settings-drawer');

    await drawer.getByRole('switch', { name: '开启 Tags-Views' }).click();
    await tags(page).waitFor({ state: 'detached' });
    await drawer.getByRole('switch', { name: '动态标题' }).click();
    await expect.poll(() => page.title()).toBe('工作台 - Kerf');
    await drawer.getByRole('switch', { name: '固定 Header' }).click();
    await drawer.getByTitle('亮色侧边栏').click();
    await expect.poll(() => drawer.getByRole('radio', { name: '亮色侧边栏' }).isChecked()).toBe(true);

    await drawer.locator('.ant-color-picker-trigger').click();
    // The colour panel may still be opening: a dropped click on the swatch is made again.
    await clickUntil(
      page.locator('.ant-color-picker-presets-color').filter({ has: page.locator('[style*="rgb(22, 119, 255)"]') }),
      async () => (await themeColour(page)) === '#1677FF',
    );
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await page.reload();
    await page.getByRole('heading', { name: '欢迎来到 Kerf 工作台' }).waitFor();
    await expect.poll(() => tags(page).count()).toBe(0);
    await expect.poll(() => page.title()).toBe('工作台 - Kerf');
    await expect.poll(() => themeColour(page)).toBe('#1677FF');
    const signIn = page.locator('.admin-navbar').getByRole('link', { name: '登录' });
    await expect.poll(() => signIn.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(22, 119, 255)');
    await expect
      .poll(() => page.locator('header.admin-header').evaluate((el) => getComputedStyle(el).position))
      .toBe('sticky');
    await expect
      .poll(() => page.locator('.admin-sider').evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(255, 255, 255)');
    expect(JSON.parse((await storedItem(page, 'layout-setting')) ?? '{}')).toMatchObject({
      theme: '#1677FF',
      sideTheme: 'light',
      tagsView: false,
      fixedHeader: true,
      sidebarLogo: true,
      dynamicTitle: true,
    });
    await animationsSettled(page);
    await shot(page, 'settings-applied');

    const again = await openSettings(page);
    await again.getByRole('button', { name: '重置配置' }).click();
    await tags(page).waitFor();
    await expect.poll(() => themeColour(page)).toBe('#86A500');
    await expect.poll(() => page.title()).toBe('Kerf 激光云平台');
    await expect.poll(() => storedItem(page, 'layout-setting')).toBeNull();
    await expect
      .poll(() => again.getByRole('switch', { name: '开启 Tags-Views' }).getAttribute('aria-checked'))
      .toBe('true');
  });

  it('slides the settings drawer in, or shows it at once for a person who asked for reduced motion', async () => {
    // counts the transitions the drawer runs while it opens
    const transitionsWhileOpening = async (page: Page) => {
      await page.evaluate(() => {
        const seen = { count: 0 };
        (window as unknown as { drawerMoves: typeof seen }).drawerMoves = seen;
        document.addEventListener('transitionstart', (event) => {
          if ((event.target as Element).closest('.ant-drawer')) seen.count++;
        });
      });
      await openSettings(page);
      await animationsSettled(page);
      // two frames on, a transition the opening started has fired its event
      await framesPainted(page);
      return page.evaluate(() => (window as unknown as { drawerMoves: { count: number } }).drawerMoves.count);
    };
    const moving = await browser.open('/web/workbench', { motion: true });
    await moving.page.getByRole('heading', { name: '欢迎来到 Kerf 工作台' }).waitFor();
    expect(await transitionsWhileOpening(moving.page)).toBeGreaterThan(0);
    const still = await browser.open('/web/workbench');
    await still.page.getByRole('heading', { name: '欢迎来到 Kerf 工作台' }).waitFor();
    expect(await transitionsWhileOpening(still.page)).toBe(0);
  });

  it('hides the sidebar logo when asked', async () => {
    const { page } = await browser.open('/web/workbench');
    const drawer = await openSettings(page);
    await drawer.getByRole('switch', { name: '侧边栏 Logo' }).click();
    await page.locator('.admin-sidebar__logo').waitFor({ state: 'detached' });
  });

  it('collapses the sidebar and remembers it, with currency and language', async () => {
    const { page } = await browser.open('/web/workbench');
    await page.getByRole('heading', { name: '欢迎来到 Kerf 工作台' }).waitFor();
    await expect.poll(() => siderWidth(page)).toBe(210);
    await page.getByRole('button', { name: '收起侧边栏' }).click();
    await expect.poll(() => siderWidth(page)).toBe(64);

    await page.getByRole('button', { name: '切换币种' }).click();
    await animationsSettled(page);
    await page.getByRole('menuitem', { name: /USD/ }).click();
    await expect.poll(() => page.getByRole('button', { name: '切换币种' }).textContent()).toContain('USD');

    await page.getByRole('button', { name: '切换语言' }).click();
    await animationsSettled(page);
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Welcome to the Kerf workbench' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to the Kerf workbench' }).waitFor();
    await expect.poll(() => siderWidth(page)).toBe(64);
    await expect.poll(() => page.getByRole('button', { name: 'Expand sidebar' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Change currency' }).textContent()).toContain('USD');
    await expect.poll(() => storedItem(page, 'currency')).toBe('USD');
    await expect.poll(() => page.locator('.admin-breadcrumb').textContent()).toMatch(/Home\s*\/\s*Workbench/);
  });

  it('folds the sidebar into a drawer on a phone', async () => {
    const { page } = await browser.open('/web/workbench', { viewport: { width: 375, height: 812 } });
    await page.getByRole('heading', { name: '欢迎来到 Kerf 工作台' }).waitFor();
    await expect.poll(() => page.locator('.admin-sider').count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await animationsSettled(page);
    await shot(page, 'workbench-mobile');

    await page.getByRole('button', { name: '打开菜单' }).click();
    const menu = page.locator('.admin-sidebar-drawer');
    await menu.getByRole('link', { name: '使用帮助' }).click();
    await page.waitForURL('**/web/help');
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: '快速上手' }).waitFor();
    await expectNoSidewaysScroll(page);
  });
});
