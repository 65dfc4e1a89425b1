import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useBrowser } from './harness';
import { animationsSettled, expectNoSidewaysScroll, openOnPhone, switchLanguage } from './support';

/** Whether a heading sits in the top part of the window (brought there by an anchor). */
async function inView(heading: Locator, page: Page): Promise<boolean> {
  const box = await heading.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return !!box && box.y >= 0 && box.y < height / 2;
}

const helpMenu = (page: Page) => page.getByRole('button', { name: '帮助菜单' });

describe('usage manual', () => {
  const browser = useBrowser();

  it('opens from the floating help menu on a public page; chapters and sections have their own addresses', async () => {
    const { page } = await browser.open('/web/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await helpMenu(page).click();
    await page.getByRole('button', { name: '使用帮助' }).click();
    await page.waitForURL('**/web/help');
    const article = page.locator('article.help-markdown');
    await article.getByRole('heading', { level: 1, name: '快速上手' }).waitFor();

    const chapters = page.getByRole('navigation', { name: '手册目录' }).getByRole('link');
    await expect.poll(() => chapters.count()).toBe(12);
    await chapters.filter({ hasText: '云盘' }).click();
    await page.waitForURL('**/web/help/02-drive');
    await article.getByRole('heading', { level: 1, name: '云盘' }).waitFor();
    await expect.poll(() => chapters.filter({ hasText: '云盘' }).getAttribute('aria-current')).toBe('page');

    // the outline jumps to a section and puts it in the address, to share
    await page.getByRole('navigation', { name: '本页内容' }).getByRole('link', { name: '回收站' }).click();
    await page.waitForURL('**/web/help/02-drive#recycle-bin');
    const bin = article.getByRole('heading', { level: 2, name: '回收站' });
    await expect.poll(() => inView(bin, page)).toBe(true);

    // the picture is the end-to-end suite's own screenshot of the drive, in this language
    const picture = article.getByRole('img', { name: /列表模式下的云盘/ });
    await expect.poll(() => picture.getAttribute('src')).toBe('/web/manual-shots/drive-list.zh-CN.webp');
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);

    // a link inside the manual opens the app's page
    await page.goto('/web/help/01-start');
    await article.getByRole('link', { name: '工作台' }).first().click();
    await page.waitForURL('**/web/workbench');
  });

  it('finds a section by searching, marks the words, and searches the English manual in English', async () => {
    const { page } = await browser.open('/web/help');
    const article = page.locator('article.help-markdown');
    await article.getByRole('heading', { level: 1, name: '快速上手' }).waitFor();
    await page.getByRole('textbox', { name: '搜索使用手册' }).fill('回收站');
    const results = page.getByRole('list', { name: /^搜索结果：\d+ 条$/ });
    const first = results.getByRole('link').first();
    await expect.poll(() => first.locator('mark').first().textContent()).toBe('回收站');
    await animationsSettled(page);
    await shot(page, 'help-search-zh');
    await results
      .getByRole('link')
      .filter({ hasText: '云盘' })
      .filter({ hasText: /^回收站/ })
      .click();
    await page.waitForURL('**/web/help/02-drive#recycle-bin');
    await expect.poll(() => inView(article.getByRole('heading', { level: 2, name: '回收站' }), page)).toBe(true);
    // picking a result empties the search and shows the chapters again
    await page.getByRole('navigation', { name: '手册目录' }).getByRole('link', { name: '云盘' }).waitFor();

    await page.getByRole('textbox', { name: '搜索使用手册' }).fill('没有这种东西的词语');
    await page.getByText('手册中没有匹配的内容').waitFor();
    await page.getByRole('textbox', { name: '搜索使用手册' }).fill('');

    await switchLanguage(page, '切换语言', 'English');
    await article.getByRole('heading', { level: 1, name: 'The cloud drive' }).waitFor();
    await page.getByRole('textbox', { name: 'Search the manual' }).fill('remote pause');
    const found = page
      .getByRole('list', { name: /^Search results: \d+$/ })
      .getByRole('link')
      .first();
    await expect.poll(() => found.locator('.help-results__title').textContent()).toBe('Remote control');
    await animationsSettled(page);
    await shot(page, 'help-search-en');
    await found.click();
    await page.waitForURL('**/web/help/07-devices#remote-control');
    await expect
      .poll(() => inView(article.getByRole('heading', { level: 2, name: 'Remote control' }), page))
      .toBe(true);
    await shot(page, 'help-en', false);
  });

  it('opens a shared section address at its section, and an unknown chapter at the first', async () => {
    const { page } = await browser.open('/web/help/07-devices#remote-control');
    const article = page.locator('article.help-markdown');
    await article.getByRole('heading', { level: 1, name: '设备云' }).waitFor();
    await expect.poll(() => inView(article.getByRole('heading', { level: 2, name: '远程控制' }), page)).toBe(true);
    await animationsSettled(page);
    await shot(page, 'help-zh', false);

    await page.goto('/web/help/99-nothing');
    await page.waitForURL((url) => url.pathname === '/web/help');
    await article.getByRole('heading', { level: 1, name: '快速上手' }).waitFor();
  });

  it('offers the keyboard shortcuts in the help menu where the page has them', async () => {
    const { page, context } = await browser.open('/web/design');
    await page.getByRole('button', { name: '保存' }).waitFor();
    await helpMenu(page).click();
    await page.locator('.floating-help').getByRole('button', { name: '快捷键' }).click();
    await page.getByRole('dialog', { name: '快捷键' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'help-menu-shortcuts-zh');

    // the manual has none: no such entry there
    await page.goto('/web/help');
    await page.locator('article.help-markdown').getByRole('heading', { level: 1 }).waitFor();
    await helpMenu(page).click();
    await page.locator('.floating-help').getByRole('button', { name: '使用帮助' }).waitFor();
    expect(await page.locator('.floating-help').getByRole('button', { name: '快捷键' }).count()).toBe(0);

    // on a phone the manual is one column, and the help button stays clear of the search box
    const phone = await openOnPhone(context, '/web/help');
    await phone.page.locator('article.help-markdown').getByRole('heading', { level: 1 }).waitFor();
    await expectNoSidewaysScroll(phone.page);
    const search = await phone.page.getByRole('textbox', { name: '搜索使用手册' }).boundingBox();
    const button = await helpMenu(phone.page).boundingBox();
    expect(search && button).toBeTruthy();
    const overlaps =
      search!.x < button!.x + button!.width &&
      button!.x < search!.x + search!.width &&
      search!.y < button!.y + button!.height &&
      button!.y < search!.y + search!.height;
    expect(overlaps).toBe(false);
    await shot(phone.page, 'help-phone-zh', false);
  });

  it('brings the reader back to the top with the back-to-top button', async () => {
    const { page } = await browser.open('/web/help/02-drive');
    await page.getByRole('heading', { level: 1, name: '云盘' }).waitFor();
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('button', { name: '回到顶部' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3000 }).toBe(0);
  });
});
