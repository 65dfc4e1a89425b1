import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  chooseTargetFolder,
  confirmInDialog,
  contextMenu,
  listedNames,
  openDrive,
  pickFromMenu,
  row,
  tile,
  toast,
} from './drive-support';
import { shot, useBrowser } from './harness';
import { animationsSettled, clickUntil, clickUntilShown, signInWithPassword, storedItem } from './support';

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const search = (page: Page) => page.getByPlaceholder('搜索我的文件');

describe('drive: folders, dialogs and the recycle bin', () => {
  const browser = useBrowser();

  it('signs the admin in through the login page and shows the drive with its menu entries', async () => {
    const { page } = await browser.open('/web/login');
    await signInWithPassword(page, inject('adminAccount'), inject('adminPassword'));
    await page.waitForURL('**/web/workbench?fileType=0');
    await page.locator('.drive-toolbar').waitFor();
    const sider = page.locator('.admin-sider .ant-menu');
    for (const name of ['首页', '图片', '视频', '音频', '回收站']) await sider.getByRole('link', { name }).waitFor();
    await sider.getByRole('link', { name: '回收站' }).click();
    await page.waitForURL('**/web/workbench?fileType=6');
    await page.locator('.drive-path__title').getByText('回收站').waitFor();
    await expect.poll(() => sider.locator('.ant-menu-item-selected').textContent()).toBe('回收站');
  });

  it('creates folders with the SPEC validation: empty, forbidden characters, duplicate names', async () => {
    const { page, api } = await openDrive(browser);
    await page.getByText('这个文件夹是空的').waitFor();

    await page.getByRole('button', { name: '新建文件夹' }).click();
    const form = dialog(page, '新建文件夹');
    const name = form.getByLabel('文件夹名称');
    // Enter on an empty name: nothing is sent, the rule speaks
    await name.press('Enter');
    await form.getByText('请输入文件夹名称').waitFor();
    await name.fill('a/b');
    await form.getByText('名称不能包含下列任何字符').waitFor();
    // the counter shows the 255 limit
    await form.getByText('3 / 255').waitFor();
    await name.fill('Jobs');
    await form.getByText('名称不能包含下列任何字符').waitFor({ state: 'detached' });
    await name.press('Enter');
    await toast(page, '文件夹创建成功').waitFor();
    await row(page, 'Jobs').waitFor();

    // the same name again: the server's uniqueness check answers while typing
    await page.getByRole('button', { name: '新建文件夹' }).click();
    await name.fill('Jobs');
    await form.getByText('名称已经存在').waitFor();
    await name.press('Enter');
    await animationsSettled(page);
    await expect.poll(() => form.isVisible()).toBe(true);
    await form.getByRole('button', { name: '取消' }).click();

    expect((await api.list()).map((e) => e.fileName)).toEqual(['Jobs']);
    // the tree in the side panel shows the new folder
    await page.locator('.drive-tree').getByText('Jobs', { exact: true }).waitFor();
  });

  it('renames with F2 and the menu, checking the name on change and blur', async () => {
    const { page, api } = await openDrive(browser);
    await api.folder('Drawings');
    await api.folder('Taken');
    await page.getByRole('button', { name: '刷新' }).click();
    await row(page, 'Drawings').click();
    await page.keyboard.press('F2');
    const form = dialog(page, '重命名');
    const input = form.getByLabel('名称');
    await expect.poll(() => input.inputValue()).toBe('Drawings');
    await input.fill('');
    await form.getByText('请输入文件名称').waitFor();
    await input.fill('Taken');
    await input.blur();
    await form.getByText('名称已经存在').waitFor();
    await input.fill('Drawings 2026');
    await input.press('Enter');
    await toast(page, '重命名成功').waitFor();
    await row(page, 'Drawings 2026').waitFor();

    await pickFromMenu(page, 'Taken', '重命名');
    await dialog(page, '重命名').getByLabel('名称').fill('Free');
    await clickUntilShown(dialog(page, '重命名').getByRole('button', { name: '确定' }), row(page, 'Free'));
    expect((await api.list()).map((e) => e.fileName).sort()).toEqual(['Drawings 2026', 'Free']);
  });

  it('moves and copies with the folder picker: new folder per node, no-op to the same parent, 非法路径', async () => {
    const { page, api } = await openDrive(browser);
    const jobs = await api.folder('Jobs');
    await api.folder('Archive');
    await page.getByRole('button', { name: '刷新' }).click();
    await row(page, 'Archive').waitFor();
    await animationsSettled(page);
    await shot(page, 'drive-list-zh');

    // move Archive into Jobs
    await row(page, 'Archive').click({ button: 'right' });
    await contextMenu(page).waitFor();
    await animationsSettled(page);
    await shot(page, 'drive-context-menu-zh');
    await contextMenu(page).getByRole('menuitem', { name: '移动到' }).click();
    const picker = dialog(page, '移动到');
    await chooseTargetFolder(picker, 'Jobs', '/Jobs');
    await animationsSettled(page);
    await shot(page, 'drive-move-dialog-zh');
    await picker.getByRole('button', { name: '移动到此处' }).click();
    await toast(page, '移动成功').waitFor();
    await row(page, 'Archive').waitFor({ state: 'detached' });

    // open Jobs: the address and the breadcrumb follow
    await row(page, 'Jobs').dblclick();
    await page.waitForURL(/filePath=%2FJobs/);
    await row(page, 'Archive').waitFor();
    await expect.poll(() => page.locator('.drive-breadcrumb').textContent()).toMatch(/全部文件\s*\/\s*Jobs/);

    // a folder into itself: 非法路径, and nothing moves
    await pickFromMenu(page, 'Archive', '移动到');
    await chooseTargetFolder(picker, 'Archive', '/Jobs/Archive');
    await picker.getByRole('button', { name: '移动到此处' }).click();
    await picker.getByRole('alert').getByText('非法路径').waitFor();

    // to the folder it is already in: success without a call
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/engine/')) writes.push(`${r.method()} ${r.url()}`);
    });
    await chooseTargetFolder(picker, 'Jobs', '/Jobs');
    await picker.getByRole('button', { name: '移动到此处' }).click();
    await picker.waitFor({ state: 'hidden' });
    await toast(page, '移动成功').waitFor();
    expect(writes).toEqual([]);

    // the picker makes folders in any node
    await pickFromMenu(page, 'Archive', '复制到');
    const copier = dialog(page, '复制到');
    await copier.locator('.ant-tree-treenode').filter({ hasText: '全部文件' }).first().hover();
    await copier.getByRole('button', { name: '在“全部文件”中新建文件夹' }).click();
    await dialog(page, '新建文件夹').getByLabel('文件夹名称').fill('Made in picker');
    await dialog(page, '新建文件夹').getByLabel('文件夹名称').press('Enter');
    await toast(page, '文件夹创建成功').waitFor();
    await copier.getByText('目标文件夹：/Made in picker').waitFor();
    await copier.getByRole('button', { name: '复制到此处' }).click();
    await toast(page, '复制成功').waitFor();

    // Backspace goes up a folder
    await page.locator('.drive-body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Backspace');
    await page.waitForURL((url) => !url.search.includes('filePath'));
    await row(page, 'Made in picker').waitFor();
    const copied = await api.list({ fileType: '0', filePath: '/Made in picker' });
    expect(copied.map((e) => e.fileName)).toEqual(['Archive']);
    expect((await api.list({ fileType: '0', folderId: jobs.userFileId })).map((e) => e.fileName)).toEqual(['Archive']);
  });

  it('deletes with the keyboard and restores from the recycle bin', async () => {
    const { page, api } = await openDrive(browser);
    await api.folder('Keep me');
    await api.folder('Bin me');
    await api.folder('Gone for good');
    await page.getByRole('button', { name: '刷新' }).click();

    // Delete: after a confirm, to the bin
    await row(page, 'Bin me').click();
    await row(page, 'Gone for good').click({ modifiers: ['Control'] });
    await page.getByText('已选择 2 项').waitFor();
    await page.keyboard.press('Delete');
    await page.getByRole('dialog').getByText('确定把选中的 2 项放入回收站吗？').waitFor();
    await animationsSettled(page);
    await confirmInDialog(page, toast(page, '删除成功'));
    await expect.poll(() => listedNames(page)).toEqual(['Keep me']);

    await page.locator('.admin-sider').getByRole('link', { name: '回收站' }).click();
    await page.waitForURL('**/web/workbench?fileType=6');
    await row(page, 'Bin me').waitFor();
    await row(page, 'Gone for good').waitFor();
    await animationsSettled(page);
    await shot(page, 'drive-recycle-bin-zh');

    // no "view", no "move" in the bin
    await row(page, 'Bin me').click({ button: 'right' });
    await expect
      .poll(() => contextMenu(page).getByRole('menuitem').allTextContents())
      .toEqual(['还原', '彻底删除', '详细信息']);
    await animationsSettled(page);
    await contextMenu(page).getByRole('menuitem', { name: '还原' }).click();
    await toast(page, '还原成功').waitFor();
    await row(page, 'Bin me').waitFor({ state: 'detached' });

    await pickFromMenu(page, 'Gone for good', '彻底删除');
    await page.getByRole('dialog').getByText('彻底删除“Gone for good”后无法恢复，确定删除吗？').waitFor();
    await animationsSettled(page);
    await confirmInDialog(page, toast(page, '删除成功'));
    await page.getByText('回收站是空的').waitFor();

    expect((await api.list()).map((e) => e.fileName).sort()).toEqual(['Bin me', 'Keep me']);
    expect(await api.list({ fileType: '6' })).toEqual([]);
  });

  it('shows only a busy message while restoring, in a 550 px dialog', async () => {
    const { page, api } = await openDrive(browser, { path: '/web/workbench?fileType=6' });
    const folder = await api.folder('Slow restore');
    await api.remove([folder.userFileId]);
    await page.getByRole('button', { name: '刷新' }).click();
    await page.route('**/cloud-api/engine/recovery/restore', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await pickFromMenu(page, 'Slow restore', '还原');
    const busy = dialog(page, '还原文件');
    await busy.getByText('正在还原文件，请稍候…').waitFor();
    await expect.poll(() => busy.getByRole('button').count()).toBe(0);
    expect(
      await page
        .locator('.drive-restore .ant-modal-container, .drive-restore .ant-modal-content')
        .first()
        .evaluate((el) => (el as HTMLElement).offsetWidth),
    ).toBeLessThanOrEqual(550);
    await busy.waitFor({ state: 'hidden' });
    await toast(page, '还原成功').waitFor();
  });

  it('empties the recycle bin', async () => {
    const { page, api } = await openDrive(browser, { path: '/web/workbench?fileType=6' });
    const a = await api.folder('One');
    const b = await api.folder('Two');
    await api.remove([a.userFileId]);
    await api.remove([b.userFileId]);
    await page.getByRole('button', { name: '刷新' }).click();
    await row(page, 'Two').waitFor();
    await page.getByRole('button', { name: '清空回收站' }).click();
    await page.getByRole('dialog').getByText('回收站中的全部 2 项都会被彻底删除').waitFor();
    await animationsSettled(page);
    await confirmInDialog(page, page.getByText('回收站是空的'));
    expect(await api.list({ fileType: '6' })).toEqual([]);
  });

  it('searches by name and marks the matches; a folder result opens the folder', async () => {
    const { page, api } = await openDrive(browser);
    const plates = await api.folder('plate &amp; co');
    await api.folder('Plate stock', plates.userFileId);
    await api.folder('other');
    await page.getByRole('button', { name: '刷新' }).click();
    await search(page).fill('plate');
    await search(page).press('Enter');
    await page.getByText('“plate”的搜索结果，共 2 项').waitFor();
    await expect.poll(async () => (await listedNames(page)).sort()).toEqual(['Plate stock', 'plate &amp; co']);
    // search results say where each entry lives
    await expect.poll(() => row(page, 'Plate stock').locator('.drive-link').textContent()).toBe('/plate &amp; co');
    // the name stays text: an entity in it is shown as typed, not decoded
    await expect.poll(() => row(page, 'plate &amp; co').locator('mark').allTextContents()).toEqual(['plate']);
    await expect.poll(() => row(page, 'Plate stock').locator('mark').allTextContents()).toEqual(['Plate']);
    await animationsSettled(page);
    await shot(page, 'drive-search-zh');

    await row(page, 'Plate stock').locator('.drive-name-cell__name').click();
    await page.waitForURL((url) => url.searchParams.get('filePath') === '/plate &amp; co/Plate stock');
    await page.getByText('这个文件夹是空的').waitFor();
    await expect.poll(() => search(page).inputValue()).toBe('');
  });

  it('remembers list or grid, columns and page size across a reload', async () => {
    const { page, api } = await openDrive(browser);
    for (let i = 1; i <= 23; i++) await api.folder(`Folder ${String(i).padStart(2, '0')}`);
    await page.getByRole('button', { name: '刷新' }).click();
    // SPEC §9: 20 a page in the drive
    await row(page, 'Folder 20').waitFor();
    await expect.poll(() => page.locator('.drive-row').count()).toBe(20);
    await page.locator('.ant-pagination').getByText('共 23 项').waitFor();
    // sorting is the server's: a click on the name column turns the order round
    await page.locator('.drive-table th').filter({ hasText: '名称' }).click();
    await expect.poll(async () => (await listedNames(page))[0]).toBe('Folder 23');
    await page.locator('.drive-table th').filter({ hasText: '名称' }).click();
    await expect.poll(async () => (await listedNames(page))[0]).toBe('Folder 01');

    await page.getByRole('button', { name: '网格模式' }).click();
    await tile(page, 'Folder 01').waitFor();
    // the page-size list: a pick made while the list is still opening can be dropped; pick again
    const tenPerPage = page.getByRole('option', { name: '10 条/页' });
    await clickUntil(tenPerPage, async () => {
      if ((await page.locator('.drive-tile').count()) === 10) return true;
      if (!(await tenPerPage.isVisible())) await page.locator('.ant-pagination-options .ant-select').click();
      return false;
    });
    await expect.poll(() => page.locator('.drive-tile').count()).toBe(10);
    await animationsSettled(page);
    await shot(page, 'drive-grid-zh');

    await page.reload();
    await tile(page, 'Folder 01').waitFor();
    await expect.poll(() => page.locator('.drive-tile').count()).toBe(10);
    expect(JSON.parse((await storedItem(page, 'drive-settings')) ?? '{}').value).toMatchObject({
      fileMode: 2,
      pageSize: 10,
    });

    await page.getByRole('button', { name: '列表模式' }).click();
    await page.getByRole('button', { name: '显示列' }).click();
    await page.getByRole('checkbox', { name: '大小' }).uncheck();
    await page.locator('.drive-table th').getByText('大小', { exact: true }).waitFor({ state: 'detached' });
    await page.reload();
    await row(page, 'Folder 01').waitFor();
    await expect.poll(() => page.locator('.drive-table th').allTextContents()).not.toContain('大小');
    await expect.poll(() => page.locator('.drive-table th').allTextContents()).toContain('修改日期');
  });

  it('works from the keyboard: Ctrl+A, Enter, Backspace, F2, Delete, Escape', async () => {
    const { page, api } = await openDrive(browser);
    const outer = await api.folder('Outer');
    await api.folder('Inner', outer.userFileId);
    await api.folder('Second');
    await page.getByRole('button', { name: '刷新' }).click();
    await row(page, 'Second').waitFor();

    await page.locator('.drive-body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+a');
    await page.getByText('已选择 2 项').waitFor();
    await page.getByRole('button', { name: '取消选择' }).click();

    await row(page, 'Outer').click();
    await page.keyboard.press('Enter');
    await page.waitForURL(/filePath=%2FOuter/);
    await row(page, 'Inner').waitFor();
    await page.keyboard.press('Backspace');
    await page.waitForURL((url) => !url.search.includes('filePath'));
    await row(page, 'Second').click();
    // typing in the search box is not a shortcut
    await search(page).fill('x');
    await search(page).press('Backspace');
    await search(page).press('Delete');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await row(page, 'Second').click();
    await page.keyboard.press('F2');
    await dialog(page, '重命名').waitFor();
    await page.keyboard.press('Escape');
    await dialog(page, '重命名').waitFor({ state: 'hidden' });

    await row(page, 'Second').click({ button: 'right' });
    await contextMenu(page).waitFor();
    await page.keyboard.press('Escape');
    await contextMenu(page).waitFor({ state: 'detached' });
    await row(page, 'Second').locator('.drive-name-cell__more').click();
    await contextMenu(page).waitFor();
    await expect
      .poll(() => contextMenu(page).getByRole('menuitem').allTextContents())
      .toEqual(['打开', '下载', '分享', '复制到', '移动到', '重命名', '删除', '详细信息']);
    await page.locator('.drive-path').click();
    await contextMenu(page).waitFor({ state: 'detached' });

    await row(page, 'Second').click();
    await page.keyboard.press('Delete');
    await animationsSettled(page);
    await confirmInDialog(page, toast(page, '删除成功'));
    await expect.poll(() => listedNames(page)).toEqual(['Outer']);
  });

  it('tells what went wrong in the SPEC words: tree load, folder creation, move, delete', async () => {
    const { page, api } = await openDrive(browser);
    const holder = await api.folder('Holder');
    await api.folder('Twin', holder.userFileId);
    await api.folder('Twin');

    // a move the server refuses shows its msg
    await page.getByRole('button', { name: '刷新' }).click();
    await pickFromMenu(page, 'Twin', '移动到');
    const picker = dialog(page, '移动到');
    await chooseTargetFolder(picker, 'Holder', '/Holder');
    await picker.getByRole('button', { name: '移动到此处' }).click();
    await picker.getByRole('alert').getByText('名称已经存在').waitFor();
    await picker.getByRole('button', { name: '取消' }).click();
    await picker.waitFor({ state: 'hidden' });
    // Escape clears the selection, and the toolbar offers new folders again
    await page.getByText('已选择 1 项').waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('已选择 1 项').waitFor({ state: 'detached' });

    // a folder the server will not create: a warning with its message
    await page.route('**/cloud-api/engine/folder', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { code: 400, msg: '上级文件夹已被删除', data: null } })
        : route.continue(),
    );
    await page.getByRole('button', { name: '新建文件夹' }).click();
    await dialog(page, '新建文件夹').getByLabel('文件夹名称').fill('Refused');
    await dialog(page, '新建文件夹').getByLabel('文件夹名称').press('Enter');
    await page.locator('.ant-message-warning').getByText('上级文件夹已被删除').waitFor();
    await animationsSettled(page);
    await dialog(page, '新建文件夹').getByRole('button', { name: '取消' }).click();

    // a delete the server refuses: 删除失败，{message}
    await page.route('**/cloud-api/engine/file/batchDelete', (route) =>
      route.fulfill({ status: 404, json: { code: 404, msg: '文件不存在或已被删除', data: null } }),
    );
    await row(page, 'Holder').click();
    await page.keyboard.press('Delete');
    await animationsSettled(page);
    await confirmInDialog(page, toast(page, '删除失败，文件不存在或已被删除'));

    // the folder tree's failure shows the response message
    await page.route('**/cloud-api/engine/folder/treeData', (route) =>
      route.fulfill({
        status: 200,
        json: { code: 1, msg: '目录树加载失败', success: false, message: '目录树加载失败' },
      }),
    );
    await page.reload();
    await toast(page, '目录树加载失败').waitFor();
  });

  it('shows the details of an entry', async () => {
    const { page, api } = await openDrive(browser);
    const outer = await api.folder('Holder');
    await api.folder('a', outer.userFileId);
    await api.folder('b', outer.userFileId);
    await page.getByRole('button', { name: '刷新' }).click();
    await pickFromMenu(page, 'Holder', '详细信息');
    const details = dialog(page, '详细信息');
    await details.getByText('/Holder', { exact: true }).waitFor();
    await details.getByText('2 项').waitFor();
    // A click while the dialog still zooms in can be lost on a loaded machine.
    await animationsSettled(page);
    await details.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await details.waitFor({ state: 'hidden' });
  });

  it('speaks English', async () => {
    const { page, api } = await openDrive(browser, { locale: 'en' });
    await api.folder('Jobs');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row(page, 'Jobs').waitFor();
    await page.getByRole('button', { name: 'New folder' }).click();
    const form = dialog(page, 'New folder');
    await form.getByLabel('Folder name').fill('Jobs');
    await form.getByText('That name already exists here').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await row(page, 'Jobs').click({ button: 'right' });
    await contextMenu(page).getByRole('menuitem', { name: 'Move to' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'drive-context-menu-en');
    await page.keyboard.press('Escape');
    await animationsSettled(page);
    await shot(page, 'drive-list-en');
  });
});
