import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, toast } from './drive-support';
import { shot, useBrowser } from './harness';
import { animationsSettled, registerByApi, tokenByApi, uniqueEmail, waitForPage } from './support';

type Envelope<T = unknown> = { code: number; msg: string; data: T };

/** A call of the e2e server's API with a token, answering the envelope. */
async function api<T = unknown>(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${inject('baseURL')}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/**
 * Gives a person exactly this role: through the users screen's call (PUT /system/user/authRole) when
 * the server has it, else straight in the e2e server's embedded database (DATA_DIR/postgres).
 */
async function assignRole(admin: string, userId: string, roleKey: string) {
  const call = await api(admin, 'PUT', '/cloud-api/system/user/authRole', { userId, roleKeys: [roleKey] });
  if (call.status !== 404) {
    expect(call.body, JSON.stringify(call.body)).toMatchObject({ code: 0 });
    return;
  }
  const base = join(inject('dataDir'), 'postgres');
  const port = Number(readFileSync(join(base, 'data', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'kerf',
    database: 'kerf',
    password: readFileSync(join(base, 'password'), 'utf8').trim(),
  });
  await client.connect();
  try {
    await client.query('delete from user_roles where user_id = $1', [userId]);
    await client.query('insert into user_roles (user_id, role_id) select $1, id from roles where role_key = $2', [
      userId,
      roleKey,
    ]);
  } finally {
    await client.end();
  }
}

/** The sidebar's entries, in order. */
function sidebar(page: Page): Promise<string[]> {
  return page.locator('.admin-sider .ant-menu-item').allTextContents();
}

/** The /sysm tabs, in order. */
function tabs(page: Page): Promise<string[]> {
  return page.locator('.sysm-page .ant-tabs-tab').allTextContents();
}

/** The checkbox of a node of the role dialog's permission tree, by its title. */
function treeNode(dialog: Locator, title: string): Locator {
  return dialog
    .locator('.ant-tree-treenode')
    .filter({ has: dialog.page().locator('.role-tree__title', { hasText: new RegExp(`^${title}$`) }) });
}

async function check(dialog: Locator, title: string, checked: boolean) {
  const node = treeNode(dialog, title);
  const box = node.locator('.ant-tree-checkbox');
  await expect.poll(() => box.count()).toBe(1);
  const isChecked = async () => (await box.getAttribute('class'))?.includes('ant-tree-checkbox-checked') ?? false;
  if ((await isChecked()) !== checked) await box.click();
  await expect.poll(isChecked).toBe(checked);
}

const save = (dialog: Locator) => dialog.getByRole('button', { name: /^(保\s?存|Save)$/ }).click();

/**
 * /sysm/role and /sysm/menu (issue 19 "Done when"): an administrator makes a role with a few
 * permissions and gives it to a person; that person's menu and /sysm tabs show exactly what it grants
 * and a page it does not grant answers 当前操作没有权限; the administrator hides a menu entry and
 * changes the role, and the person's menu follows on a reload, without a redeploy.
 */
describe('system management: roles and menus', () => {
  const browser = useBrowser();

  it('changes a person’s menu and pages with their role, and a hidden entry, on the next reload', async () => {
    const admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
    const stamp = Date.now().toString(36);
    const roleKey = `gallery-dict-${stamp}`;
    const roleName = `图库与字典 ${stamp}`;
    const recommend = (
      (await api<Array<{ menuKey: string }>>(admin, 'GET', '/cloud-api/system/menu/list?title=推荐')).body
        .data as Array<Record<string, unknown>>
    ).find((m) => m.menuKey === 'recommend')!;

    // the administrator makes the role: the gallery and the dictionaries, picked from the menu tree
    const { page: adminPage } = await browser.open('/web/sysm/role', { token: admin });
    await waitForPage(adminPage, '.role-page', 'the role page');
    await adminPage.locator('.role-page__filters').getByRole('button', { name: '新增' }).click();
    const dialog = adminPage.locator('.role-dialog');
    await dialog.getByLabel('角色名称').fill(roleName);
    await dialog.getByLabel('权限字符', { exact: true }).fill('Gallery Dict');
    await check(dialog, '图库', true);
    await check(dialog, '字典管理', true);
    // a page shares its permission with every entry naming it: 推荐 is the gallery too
    await check(dialog, '推荐', true);
    await save(dialog);
    await dialog.getByText('角色权限字符只能包含小写字母、数字、下划线和连字符，并以字母开头').waitFor();
    await dialog.getByLabel('权限字符', { exact: true }).fill(roleKey);
    await animationsSettled(adminPage);
    await shot(adminPage, 'sysm-role-dialog-zh');
    await save(dialog);
    await toast(adminPage, '新增成功').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const roles = await api<{ list: Array<{ roleKey: string; permissions: string[]; id: string }> }>(
      admin,
      'GET',
      `/cloud-api/system/role/list?roleKey=${roleKey}`,
    );
    const role = roles.body.data.list[0]!;
    expect([...role.permissions].sort()).toEqual([
      'gallery:item:list',
      'system:dict:add',
      'system:dict:edit',
      'system:dict:list',
      'system:dict:query',
      'system:dict:remove',
    ]);

    // a new person holds that role and nothing else
    const email = uniqueEmail('roled');
    await registerByApi(email, PASSWORD, 'Roled');
    const first = await tokenByApi(email, PASSWORD);
    const perms = await api<{ user: { userId: string } }>(first, 'POST', '/uac-api/oauth2/user_perms');
    await assignRole(admin, perms.body.data.user.userId, roleKey);
    // signed in afresh: a token the server checked moments ago may keep its grants for a few seconds
    // when the role was given straight in the database (the API's grant takes effect at once)
    const person = await tokenByApi(email, PASSWORD);

    const { page } = await browser.open('/web/sysm', { token: person });
    // /sysm opens the first screen the person's menu offers
    await page.waitForURL('**/web/sysm/dict');
    await waitForPage(page, '.dict-page', 'the dictionary page');
    await expect.poll(() => sidebar(page)).toEqual(['图库', '推荐', '系统管理', '使用帮助']);
    await expect.poll(() => tabs(page)).toEqual(['字典管理']);
    await animationsSettled(page);
    await shot(page, 'sysm-role-person-zh');

    // a screen the role does not grant: the server refuses its call, and the page says so
    await page.goto('/web/sysm/role');
    await page.locator('.role-page__refused').getByText('当前操作没有权限').waitFor();
    expect(await page.locator('.role-page__filters').getByRole('button', { name: '新增' }).count()).toBe(0);
    await animationsSettled(page);
    await shot(page, 'sysm-role-refused-zh');

    try {
      // the administrator hides 推荐 on the menu screen: gone from everyone's menu
      await adminPage.goto('/web/sysm/menu');
      await waitForPage(adminPage, '.menu-page', 'the menu page');
      await adminPage.getByRole('button', { name: '修改 推荐' }).click();
      const menuDialog = adminPage.locator('.menu-dialog');
      await menuDialog.getByText('内置菜单只能修改标题、图标、排序和显示状态；不需要时可以隐藏。').waitFor();
      await menuDialog.getByLabel('隐藏').check();
      await animationsSettled(adminPage);
      await shot(adminPage, 'sysm-menu-builtin-zh');
      await save(menuDialog);
      await toast(adminPage, '修改成功').waitFor();
      await adminPage.locator('tbody tr.ant-table-row', { hasText: '推荐' }).getByText('隐藏').waitFor();

      // and changes the role: no gallery, the roles screen instead
      await adminPage.goto('/web/sysm/role');
      await waitForPage(adminPage, '.role-page', 'the role page');
      const filters = adminPage.locator('.role-page__filters');
      await filters.getByLabel('权限字符', { exact: true }).fill(roleKey);
      await filters.getByRole('button', { name: '搜索' }).click();
      await adminPage.getByRole('button', { name: `修改 ${roleKey}` }).click();
      const edit = adminPage.locator('.role-dialog');
      await check(edit, '图库', false);
      await check(edit, '角色管理', true);
      await save(edit);
      await toast(adminPage, '修改成功').waitFor();

      // the person's menu and tabs follow on a reload
      await page.reload();
      await page.locator('.role-page .ant-table-row').first().waitFor();
      await expect.poll(() => sidebar(page)).toEqual(['系统管理', '使用帮助']);
      await expect.poll(() => tabs(page)).toEqual(['角色管理', '字典管理']);
      expect(await page.locator('.role-page__refused').count()).toBe(0);
      await animationsSettled(page);
      await shot(page, 'sysm-role-person-changed-zh');

      // in English: the titles the menu keeps in both languages
      await page.evaluate(() => localStorage.setItem('language', 'en'));
      await page.reload();
      await page.locator('.role-page .ant-table-row').first().waitFor();
      await expect.poll(() => sidebar(page)).toEqual(['System', 'Usage help']);
      await expect.poll(() => tabs(page)).toEqual(['Roles', 'Dictionaries']);
      await animationsSettled(page);
      await shot(page, 'sysm-role-person-changed-en');

      // a role people hold is not deleted
      await adminPage.getByRole('button', { name: `删除 ${roleKey}` }).click();
      await adminPage.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
      await toast(adminPage, '角色已分配，不能删除').waitFor();
    } finally {
      await api(admin, 'PUT', '/cloud-api/system/menu', { ...recommend, visible: true });
    }
  }, 240_000);

  it('shows the roles and the menu tree to an administrator, read-only for the administrator role, in English', async () => {
    const admin = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
    const { page } = await browser.open('/web/sysm/role', { token: admin, language: 'en' });
    await waitForPage(page, '.role-page', 'the role page');
    const adminRow = page.locator('tbody tr.ant-table-row', { hasText: 'All permissions' });
    await adminRow.waitFor();
    expect(await adminRow.getByRole('button').count()).toBe(0);
    // the user role: editable, with its wildcards shown checked on the tree and listed apart
    await page.getByRole('button', { name: 'Edit user' }).click();
    const dialog = page.locator('.role-dialog');
    await expect.poll(() => dialog.getByLabel('Role key').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Expand all' }).click();
    const images = treeNode(dialog, 'Images').locator('.ant-tree-checkbox');
    await expect.poll(() => images.getAttribute('class')).toContain('ant-tree-checkbox-checked');
    await dialog.locator('.role-tree__others').getByText('drive:*:*').waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-role-user-dialog-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await animationsSettled(page);
    await shot(page, 'sysm-role-en');

    await page.goto('/web/sysm/menu');
    await waitForPage(page, '.menu-page', 'the menu page');
    await page.locator('.menu-page__filters').getByRole('button', { name: 'Expand all' }).click();
    await page.locator('tbody tr.ant-table-row', { hasText: 'Force sign-out' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-menu-en');
    // a built-in entry is not deleted; a new page below System needs a path and a permission
    expect(await page.getByRole('button', { name: 'Delete Roles' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add below System' }).click();
    const menuDialog = page.locator('.menu-dialog');
    await menuDialog.getByLabel('Chinese title').fill('报表');
    await save(menuDialog);
    await menuDialog.getByText('Please fill in Permission').waitFor();
    await menuDialog.getByText('Please fill in Path').waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-menu-dialog-en');
    await menuDialog.getByRole('button', { name: 'Cancel' }).click();

    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await page.reload();
    await waitForPage(page, '.menu-page', 'the menu page');
    await page.locator('.menu-page__filters').getByLabel('菜单名称').fill('角色');
    await page.locator('.menu-page__filters').getByRole('button', { name: '搜索' }).click();
    await page.locator('tbody tr.ant-table-row', { hasText: '角色删除' }).waitFor();
    await animationsSettled(page);
    await shot(page, 'sysm-menu-zh');
  }, 120_000);
});
