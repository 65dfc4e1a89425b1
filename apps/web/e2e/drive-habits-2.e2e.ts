import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDrive, pickFromMenu, row, tempDir, toast } from './drive-support';
import { shot, useBrowser } from './harness';
import { animationsSettled } from './support';

/* Drive habits people bring from Cloudreve and Nextcloud: drag to move, list thumbnails, a tree that
 * follows changes, office entries only with a document server, viewers that fit phones. */

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

function ffmpeg(...args: string[]) {
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });
}

/** One frame of an ffmpeg test source as an image file. */
function still(dir: string, name: string, source: string): Buffer {
  const path = join(dir, name);
  ffmpeg('-f', 'lavfi', '-i', source, '-frames:v', '1', path);
  return readFileSync(path);
}

/** The title of a folder tree node, by its exact name (relative: usable inside `has`). */
function treeTitle(page: Page, name: string): Locator {
  return page.locator('.drive-tree__title').filter({ hasText: new RegExp(`^${name}$`) });
}

/** A node of the side panel's folder tree, by its exact name. */
function treeNode(page: Page, name: string): Locator {
  return page
    .locator('.drive-tree')
    .locator('.drive-tree__title')
    .filter({ hasText: new RegExp(`^${name}$`) });
}

/** Opens a node of the folder tree by its switcher. */
async function unfold(page: Page, name: string) {
  await page
    .locator('.drive-tree .ant-tree-treenode')
    .filter({ has: treeTitle(page, name) })
    .locator('.ant-tree-switcher')
    .click();
}

/** The names the folder tree shows right now (open nodes only). */
function treeNames(page: Page): Promise<string[]> {
  return page.locator('.drive-tree .drive-tree__title').allTextContents();
}

/** A cell of a row away from its buttons, where a person grabs the row to drag it. */
function grip(page: Page, name: string): Locator {
  return row(page, name).locator('td').last();
}

/**
 * Drags with the mouse as a person does (press, move in steps, release), so the browser runs its
 * own drag and drop; `whileOver` runs with the pointer over the target, before the release.
 */
async function dragOnto(page: Page, from: Locator, to: Locator, whileOver?: () => Promise<void>) {
  await from.hover();
  await page.mouse.down();
  const box = await to.boundingBox();
  if (!box) throw new Error('drop target not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
  await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2, { steps: 2 });
  await whileOver?.();
  await page.mouse.up();
}

const classOf = (locator: Locator) => locator.evaluate((el) => el.className);
/** The tree node's whole row (the part that lights up), around its title. */
const treeRow = (page: Page, name: string) =>
  page.locator('.drive-tree .ant-tree-node-content-wrapper').filter({ has: treeTitle(page, name) });

describe('drive habits: drag to move, list thumbnails, a tree that follows', () => {
  const browser = useBrowser();
  let pattern: Buffer;
  beforeAll(() => {
    pattern = still(tempDir('habits'), 'pattern.png', 'testsrc2=size=320x200');
  });

  it('moves the selection by dragging it onto a folder row, and refuses a folder into its own sub-folder', async () => {
    const { page, api } = await openDrive(browser);
    const jobs = await api.folder('Jobs');
    const plates = await api.folder('Plates');
    await api.folder('Inner', plates.userFileId);
    await api.upload('one.txt', Buffer.from('one'));
    await api.upload('two.txt', Buffer.from('two'));
    await api.upload('three.txt', Buffer.from('three'));
    await page.getByRole('button', { name: '刷新' }).click();
    await row(page, 'three.txt').waitFor();

    // two files selected; dragging one of them takes both, the folder row lights up under the pointer
    await row(page, 'one.txt').getByRole('checkbox').check();
    await row(page, 'two.txt').getByRole('checkbox').check();
    await page.getByText('已选择 2 项').waitFor();
    await dragOnto(page, grip(page, 'one.txt'), grip(page, 'Jobs'), async () => {
      await expect.poll(() => classOf(row(page, 'Jobs'))).toContain('is-drop-target');
      await shot(page, 'habits-drag-row-zh');
    });
    await toast(page, '移动成功').waitFor();
    await row(page, 'two.txt').waitFor({ state: 'detached' });
    expect(await row(page, 'one.txt').count()).toBe(0);
    expect(await row(page, 'three.txt').count()).toBe(1);
    expect(await classOf(row(page, 'Jobs'))).not.toContain('is-drop-target');
    const inJobs = await api.list({ fileType: '0', folderId: jobs.userFileId });
    expect(inJobs.map((e) => e.fileName).sort()).toEqual(['one.txt', 'two.txt']);

    // a row not in the selection drags alone
    await dragOnto(page, grip(page, 'three.txt'), grip(page, 'Plates'));
    await toast(page, '移动成功').last().waitFor();
    await row(page, 'three.txt').waitFor({ state: 'detached' });
    expect((await api.list({ fileType: '0', folderId: plates.userFileId })).map((e) => e.fileName).sort()).toEqual([
      'Inner',
      'three.txt',
    ]);

    // a folder onto its own sub-folder in the tree: refused, 非法路径, nothing moves
    await treeNode(page, 'Plates').waitFor();
    await unfold(page, 'Plates');
    await treeNode(page, 'Inner').waitFor();
    await dragOnto(page, grip(page, 'Plates'), treeNode(page, 'Inner'), async () => {
      await expect.poll(() => classOf(treeNode(page, 'Inner'))).toContain('is-drop-refused');
    });
    await toast(page, '非法路径').waitFor();
    expect((await api.list()).map((e) => e.fileName).sort()).toEqual(['Jobs', 'Plates']);
  });

  it('moves by dragging onto a node of the folder tree, which shows the moved folder at once', async () => {
    const { page, api } = await openDrive(browser);
    const archive = await api.folder('Archive');
    await api.folder('Old jobs');
    await api.upload('cut.dxf', Buffer.from('0\nSECTION\n0\nEOF\n'));
    await page.getByRole('button', { name: '刷新' }).click();
    await row(page, 'cut.dxf').waitFor();
    await treeNode(page, 'Archive').waitFor();

    await dragOnto(page, grip(page, 'cut.dxf'), treeNode(page, 'Archive'), async () => {
      await expect.poll(() => classOf(treeNode(page, 'Archive'))).toContain('is-drop-target');
      await shot(page, 'habits-drag-tree-zh');
    });
    await toast(page, '移动成功').waitFor();
    await row(page, 'cut.dxf').waitFor({ state: 'detached' });

    await dragOnto(page, grip(page, 'Old jobs'), treeNode(page, 'Archive'));
    await row(page, 'Old jobs').waitFor({ state: 'detached' });
    // the node dropped on opens and shows the folder under it
    await treeNode(page, 'Old jobs').waitFor();
    expect(await treeNames(page)).toEqual(['全部文件', 'Archive', 'Old jobs']);
    expect((await api.list({ fileType: '0', folderId: archive.userFileId })).map((e) => e.fileName).sort()).toEqual([
      'Old jobs',
      'cut.dxf',
    ]);
    expect(await treeRow(page, 'Archive').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
  });

  it('updates the folder tree at once after a rename, a move and a delete, before the tree is fetched again', async () => {
    const { page, api } = await openDrive(browser);
    await api.folder('Drafts');
    await api.folder('Shelf');
    await api.folder('Scrap');
    await page.getByRole('button', { name: '刷新' }).click();
    await treeNode(page, 'Scrap').waitFor();

    // every fetch of the tree waits until the test lets it go: what the tree shows meanwhile is the page's own update
    let release: () => void = () => undefined;
    let gate: Promise<void> = Promise.resolve();
    const hold = () => {
      gate = new Promise((resolve) => {
        release = resolve;
      });
    };
    await page.route('**/engine/folder/treeData*', async (route) => {
      await gate;
      await route.continue();
    });

    hold();
    await pickFromMenu(page, 'Drafts', '重命名');
    const rename = page.getByRole('dialog', { name: '重命名' });
    await rename.getByLabel('名称').fill('Final');
    await rename.getByRole('button', { name: '确定' }).click();
    await toast(page, '重命名成功').waitFor();
    await treeNode(page, 'Final').waitFor();
    expect(await treeNode(page, 'Drafts').count()).toBe(0);
    release();

    hold();
    await pickFromMenu(page, 'Final', '移动到');
    const picker = page.getByRole('dialog', { name: '移动到' });
    await picker.locator('.ant-tree').getByText('Shelf', { exact: true }).click();
    await picker.getByRole('button', { name: '移动到此处' }).click();
    await toast(page, '移动成功').waitFor();
    await unfold(page, 'Shelf');
    await treeNode(page, 'Final').waitFor();
    expect(await treeNames(page)).toEqual(['全部文件', 'Scrap', 'Shelf', 'Final']);
    release();

    hold();
    await pickFromMenu(page, 'Scrap', '删除');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await toast(page, '删除成功').waitFor();
    await treeNode(page, 'Scrap').waitFor({ state: 'detached' });
    expect(await treeNames(page)).toEqual(['全部文件', 'Shelf', 'Final']);
    release();
  });

  it('shows thumbnails in the list too, lazily, and the type icon where there is none', async () => {
    const { page, api } = await openDrive(browser);
    await api.upload('pattern.png', pattern);
    await api.upload('notes.txt', Buffer.from('notes'));
    await page.getByRole('button', { name: '刷新' }).click();
    const thumb = row(page, 'pattern.png').locator('img.drive-name-cell__thumb');
    await thumb.waitFor();
    expect(await thumb.getAttribute('loading')).toBe('lazy');
    expect(await thumb.getAttribute('src')).toContain('isMin=true');
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const box = await thumb.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(32);
    expect(await row(page, 'notes.txt').locator('img').count()).toBe(0);
    expect(await row(page, 'notes.txt').locator('.file-icon').count()).toBe(1);
    await animationsSettled(page);
    await shot(page, 'habits-list-thumbs-zh');
  });

  it('in English too: list thumbnails and dragging onto a folder', async () => {
    const { page, api } = await openDrive(browser, { locale: 'en' });
    await api.folder('Parts');
    await api.upload('pattern.png', pattern);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const thumb = row(page, 'pattern.png').locator('img.drive-name-cell__thumb');
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await dragOnto(page, grip(page, 'pattern.png'), grip(page, 'Parts'), async () => {
      await expect.poll(() => classOf(row(page, 'Parts'))).toContain('is-drop-target');
      await shot(page, 'habits-drag-row-en');
    });
    await toast(page, 'Moved').waitFor();
    await row(page, 'pattern.png').waitFor({ state: 'detached' });
  });
});
