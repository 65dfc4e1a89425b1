import { describe, expect, inject, it } from 'vitest';
import { shot, useBrowser } from './harness';
import { animationsSettled, signInContext, tokenByApi } from './support';

describe('routing', () => {
  const browser = useBrowser();

  /** Unknown and not-yet-built pages are not public (SPEC §2), so the 404 page is a signed-in sight. */
  async function openSignedIn() {
    return browser.open('/web/', { token: await tokenByApi(inject('adminAccount'), inject('adminPassword')) });
  }

  it('shows the in-app 404 page for an unknown address, with a way home', async () => {
    const { page } = await openSignedIn();
    const response = await page.goto('/web/no-such-page');
    expect(response?.status()).toBe(200);
    await page.getByText('抱歉，你访问的页面不存在或尚未开放。').waitFor();
    await expect.poll(() => page.getByText('/web/no-such-page').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: '帮助菜单' }).isVisible()).toBe(true);
    await animationsSettled(page);
    await shot(page, 'not-found');
    await page.getByRole('link', { name: '返回首页' }).click();
    await page.getByRole('heading', { level: 1, name: '激光加工的云端工作台' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/web/');
  });

  it('loads deep links from the server instead of a server 404', async () => {
    const { page } = await browser.open('/web/');
    const workbench = await page.goto('/web/workbench?fileType=0');
    expect(workbench?.status()).toBe(200);
    await page.getByRole('heading', { name: '欢迎来到 Kerf 工作台' }).waitFor();
    expect(new URL(page.url()).search).toBe('?fileType=0');

    // a private page the app does not have yet: the sign-in page first, the 404 page once signed in
    const detail = await page.goto('/web/system/user');
    expect(detail?.status()).toBe(200);
    expect(detail?.headers()['content-type']).toContain('text/html');
    await page.waitForURL('**/web/login');
    await signInContext(page.context(), await tokenByApi(inject('adminAccount'), inject('adminPassword')));
    await page.goto('/web/system/user');
    await page.getByText('抱歉，你访问的页面不存在或尚未开放。').waitFor();
  });

  it('starts each navigation at the top, with the progress bar in the theme colour', async () => {
    const { page, context } = await browser.open('/web/');
    // Record every progress bar the app draws, with its colour, from the first script on.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { progressBars: string[] }).progressBars = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLElement>('#nprogress .bar');
        if (bar) seen.push(getComputedStyle(bar).backgroundColor);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

    await page.locator('footer').getByRole('link', { name: '使用帮助' }).click();
    await page.waitForURL('**/web/help');
    await page.getByRole('heading', { level: 1, name: '快速上手' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const bars = await page.evaluate(() => (window as unknown as { progressBars: string[] }).progressBars);
    expect(bars.length).toBeGreaterThan(0);
    expect(bars).toContain('rgb(134, 165, 0)');
    // and the bar is gone once the page is there
    await page.locator('#nprogress').waitFor({ state: 'detached' });
  });
});
