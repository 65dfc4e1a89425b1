import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './harness';
import { animationsSettled, switchLanguage } from './support';

describe('usage help', () => {
  const browser = useBrowser();

  it('opens from the floating help menu and shows the Chinese help', async () => {
    const { page } = await browser.open('/web/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: '帮助菜单' }).click();
    await page.getByRole('button', { name: '使用帮助' }).click();
    await page.waitForURL('**/web/help');
    const article = page.locator('article.help-markdown');
    await article.getByRole('heading', { level: 1, name: 'Kerf 使用帮助' }).waitFor();
    for (const section of ['登录与注册', '工作台', '语言与币种', '布局设置', '获取帮助']) {
      await expect
        .poll(() => article.getByRole('heading', { level: 2, name: section }).isVisible(), { message: section })
        .toBe(true);
    }
    await expect.poll(() => article.textContent()).toContain('无效的会话，或者会话已过期，请重新登录');
    // markdown emphasis is rendered, not shown as asterisks
    await expect.poll(() => article.locator('strong', { hasText: '重置配置' }).count()).toBeGreaterThan(0);
    await expect.poll(() => article.textContent()).not.toContain('**');
    await animationsSettled(page);
    await shot(page, 'help-zh');

    // a link inside the help text navigates within the app
    await article.getByRole('link', { name: '工作台' }).click();
    await page.waitForURL('**/web/workbench');
  });

  it('shows the English help after switching language', async () => {
    const { page } = await browser.open('/web/help');
    await page.getByRole('heading', { level: 1, name: 'Kerf 使用帮助' }).waitFor();
    await switchLanguage(page, '切换语言', 'English');
    const article = page.locator('article.help-markdown');
    await article.getByRole('heading', { level: 1, name: 'Kerf usage help' }).waitFor();
    await expect.poll(() => article.getByRole('heading', { level: 2, name: 'Layout settings' }).isVisible()).toBe(true);
    await expect
      .poll(() => article.textContent())
      .toContain('Your session is invalid or has expired; please sign in again');
    await animationsSettled(page);
    await shot(page, 'help-en');
  });

  it('brings the reader back to the top with the back-to-top button', async () => {
    const { page } = await browser.open('/web/help');
    await page.getByRole('heading', { level: 1, name: 'Kerf 使用帮助' }).waitFor();
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('button', { name: '回到顶部' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3000 }).toBe(0);
  });
});
