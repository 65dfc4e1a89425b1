import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDrive, row, toast, writeTemp } from './drive-support';
import { scratchFolders } from './fixtures';
import { shot, useBrowser } from './harness';
import { animationsSettled } from './support';

const panel = (page: Page) => page.getByRole('region', { name: '上传列表' });
const panelItem = (page: Page, name: string) => panel(page).getByRole('listitem', { name, exact: true });
const isChunkPut = (r: Request) => r.method() === 'PUT' && /\/engine\/filetransfer\/upload\/[^/]+\/\d+$/.test(r.url());

/** Holds each chunk PUT back a while; a chunk aborted meanwhile (pause, reload) is let go. */
function slowChunks(page: Page, ms: number) {
  return page.route('**/engine/filetransfer/upload/*/*', async (route) => {
    if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, ms));
    await route.continue().catch(() => undefined);
  });
}

const scratch = scratchFolders();

describe('drive: uploads', () => {
  const browser = useBrowser();

  it('uploads files from the file input, then the same content again in an instant', async () => {
    const { page, api } = await openDrive(browser);
    const dir = scratch('files');
    const unique = `kerf ${Date.now()} ${Math.random()}`;
    const a = writeTemp(dir, 'box-lid.dxf', `0\nSECTION\n${unique}\n`);
    const b = writeTemp(dir, 'photo.png', 300_000);
    await page.getByTestId('drive-upload-files').setInputFiles([a, b]);
    await panelItem(page, 'box-lid.dxf').getByText('上传完成').waitFor();
    await panelItem(page, 'photo.png').getByText('上传完成').waitFor();
    await row(page, 'box-lid.dxf').waitFor();
    await row(page, 'photo.png').waitFor();
    await animationsSettled(page);
    await shot(page, 'drive-upload-panel-zh');
    // the quota follows
    await expect.poll(() => page.locator('.drive-storage__text').textContent()).toMatch(/已用 29[0-9.]+ KB/);

    // the same bytes under another name: the server has them, nothing is sent
    const copy = writeTemp(dir, 'copy/box-lid-copy.dxf', `0\nSECTION\n${unique}\n`);
    const puts: string[] = [];
    page.on('request', (r) => {
      if (isChunkPut(r)) puts.push(r.url());
    });
    await page.getByTestId('drive-upload-files').setInputFiles([copy]);
    await panelItem(page, 'box-lid-copy.dxf').getByText('秒传').waitFor();
    await row(page, 'box-lid-copy.dxf').waitFor();
    expect(puts).toEqual([]);
    expect((await api.list()).map((e) => e.fileName).sort()).toEqual(['box-lid-copy.dxf', 'box-lid.dxf', 'photo.png']);
  });

  it('uploads a whole folder from the folder input, keeping its folders', async () => {
    const { page, api } = await openDrive(browser);
    const dir = scratch('tree');
    // content no other spec stored on this server, or it would be an instant upload (秒传) by proof
    const unique = `${Date.now()} ${Math.random()}`;
    writeTemp(dir, 'job-42/plate.dxf', `plate ${unique}`);
    writeTemp(dir, 'job-42/cut/path.nc', `G0 X0 Y0 ; ${unique}`);
    writeTemp(dir, 'job-42/cut/deep/notes.md', `# notes ${unique}`);
    await page.getByTestId('drive-upload-folder').setInputFiles(join(dir, 'job-42'));
    await panelItem(page, 'notes.md').getByText('上传完成').waitFor();
    await panelItem(page, 'path.nc').getByText('上传完成').waitFor();
    await panelItem(page, 'plate.dxf').getByText('上传完成').waitFor();
    await row(page, 'job-42').waitFor();
    const inCut = await api.list({ fileType: '0', filePath: '/job-42/cut' });
    expect(inCut.map((e) => e.fileName).sort()).toEqual(['deep', 'path.nc']);
    expect((await api.list({ fileType: '0', filePath: '/job-42/cut/deep' })).map((e) => e.fileName)).toEqual([
      'notes.md',
    ]);
    // the tree shows the new folders
    await page.locator('.drive-tree').getByText('job-42', { exact: true }).waitFor();
  });

  it('takes files and folders dropped onto the list', async () => {
    const { page, api } = await openDrive(browser);
    await api.folder('Target');
    await page.getByRole('button', { name: '刷新' }).click();
    await row(page, 'Target').dblclick();
    await page.waitForURL(/filePath=%2FTarget/);
    await page.getByText('这个文件夹是空的').waitFor();

    // A drop as the browser delivers it: a DataTransfer whose items are a file and a folder entry;
    // the folder's entries are walked with webkitGetAsEntry and readEntries.
    await page.evaluate(() => {
      const file = (name: string, text: string) => ({
        isFile: true,
        isDirectory: false,
        name,
        file: (ok: (f: File) => void) => ok(new File([text], name)),
      });
      const dir = (name: string, children: unknown[]) => ({
        isFile: false,
        isDirectory: true,
        name,
        createReader() {
          let done = false;
          return {
            readEntries(ok: (batch: unknown[]) => void) {
              // like a browser: the entries in one batch, then an empty batch for the end
              const batch = done ? [] : children;
              done = true;
              setTimeout(() => ok(batch), 0);
            },
          };
        },
      });
      const entries = new Map<string, unknown>([
        ['loose.svg', file('loose.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>')],
        [
          'dropped',
          dir('dropped', [file('a.dxf', `a ${Math.random()}`), dir('inner', [file('b.nc', `b ${Math.random()}`)])]),
        ],
      ]);
      const data = new DataTransfer();
      data.items.add(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'loose.svg'));
      data.items.add(new File([''], 'dropped'));
      const original = DataTransferItem.prototype.webkitGetAsEntry;
      DataTransferItem.prototype.webkitGetAsEntry = function (this: DataTransferItem) {
        return (entries.get(this.getAsFile()?.name ?? '') as FileSystemEntry) ?? original.call(this);
      };
      const target = document.querySelector('.drive-body')!;
      for (const type of ['dragenter', 'dragover']) {
        target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
      }
      target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
    });
    await panelItem(page, 'b.nc').getByText('上传完成').waitFor();
    await panelItem(page, 'a.dxf').getByText('上传完成').waitFor();
    await panelItem(page, 'loose.svg').getByText('上传完成').waitFor();
    await row(page, 'dropped').waitFor();
    await row(page, 'loose.svg').waitFor();
    expect((await api.list({ fileType: '0', filePath: '/Target/dropped/inner' })).map((e) => e.fileName)).toEqual([
      'b.nc',
    ]);
    expect((await api.list({ fileType: '0', filePath: '/Target/dropped' })).map((e) => e.fileName).sort()).toEqual([
      'a.dxf',
      'inner',
    ]);
  });

  it('shows the drop zone while files are dragged over the list', async () => {
    const { page } = await openDrive(browser);
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'x.txt'));
      document
        .querySelector('.drive-body')!
        .dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: data }));
    });
    await page.getByText('松开鼠标即可上传').waitFor();
    await page.getByText('上传到 全部文件').waitFor();
    await animationsSettled(page);
    await shot(page, 'drive-drop-zone-zh');
  });

  it('pauses and resumes an upload, hashing first', async () => {
    const { page, api } = await openDrive(browser);
    const dir = scratch('pause');
    const big = writeTemp(dir, 'engrave.nc', 40 * 1024 * 1024);
    // slow chunks down so there is time to press pause
    await slowChunks(page, 1500);
    await page.getByTestId('drive-upload-files').setInputFiles(big);
    const item = panelItem(page, 'engrave.nc');
    await item.getByText(/校验中/).waitFor();
    await item.getByText(/上传中/).waitFor();
    await item.getByText(/上传中 [1-9]\d*%/).waitFor();
    await shot(page, 'drive-upload-progress-zh');
    await item.getByRole('button', { name: '暂停 engrave.nc' }).click();
    await item.getByText(/已暂停/).waitFor();
    await item.getByRole('button', { name: '继续 engrave.nc' }).click();
    await item.getByText('上传完成').waitFor({ timeout: 60_000 });
    const [entry] = await api.list();
    expect(entry).toMatchObject({ fileName: 'engrave.nc', fileSize: statSync(big).size });
    await page.unroute('**/engine/filetransfer/upload/*/*');
  });

  it('resumes a 64 MB upload after a reload, sending only the missing chunks', async () => {
    const { page, api } = await openDrive(browser);
    const dir = scratch('resume');
    // eight 8 MB chunks: enough to reload with some stored and some not, small enough to finish
    // well inside a minute on a loaded machine
    const size = 64 * 1024 * 1024;
    const big = writeTemp(dir, 'big-job.dxf', size);
    expect(statSync(big).size).toBe(size);
    const chunkCount = Math.ceil(size / (8 * 1024 * 1024));

    // slow the chunks so the reload lands in the middle of the upload
    await slowChunks(page, 600);
    let storedBefore = 0;
    page.on('requestfinished', async (r) => {
      if (isChunkPut(r) && (await r.response())?.status() === 200) storedBefore += 1;
    });
    await page.getByTestId('drive-upload-files').setInputFiles(big);
    await panelItem(page, 'big-job.dxf')
      .getByText(/上传中/)
      .waitFor({ timeout: 60_000 });
    await expect.poll(() => storedBefore, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);

    await page.reload();
    await page.locator('.drive-toolbar').waitFor();
    const pending = await api.pendingUploads();
    expect(pending.map((p) => p.fileName)).toEqual(['big-job.dxf']);
    const held = pending[0]!.uploadedBytes / (8 * 1024 * 1024);
    expect(held).toBeGreaterThanOrEqual(3);
    expect(held).toBeLessThan(chunkCount);

    // the panel remembers it and asks for the file again
    await panel(page).getByText('未完成的上传').waitFor();
    await panel(page).getByText('重新选择同一个文件即可从中断处继续上传', { exact: false }).waitFor();
    await animationsSettled(page);
    await shot(page, 'drive-upload-pending-zh');

    let putsAfter = 0;
    page.on('request', (r) => {
      if (isChunkPut(r)) putsAfter += 1;
    });
    const chooser = page.waitForEvent('filechooser');
    await panel(page).getByRole('button', { name: '选择文件继续' }).click();
    await (await chooser).setFiles(big);
    const item = panelItem(page, 'big-job.dxf');
    await item.getByText(/续传，已跳过 \d+ 个分片/).waitFor({ timeout: 60_000 });
    await item.getByText('上传完成').waitFor({ timeout: 120_000 });
    expect(putsAfter).toBeLessThanOrEqual(chunkCount - held);
    expect(putsAfter).toBeGreaterThan(0);
    expect(await api.pendingUploads()).toEqual([]);
    const [entry] = await api.list();
    expect(entry).toMatchObject({ fileName: 'big-job.dxf', fileSize: size });
    await page.unroute('**/engine/filetransfer/upload/*/*');

    // the stored bytes are the file's: the download's hash matches
    const { createHash } = await import('node:crypto');
    const local = createHash('sha256');
    for await (const chunk of createReadStream(big)) local.update(chunk);
    const download = await page.request.get(
      `/cloud-api/engine/filetransfer/downloadfile?userFileId=${entry!.userFileId}`,
    );
    expect(download.status()).toBe(200);
    expect(
      createHash('sha256')
        .update(await download.body())
        .digest('hex'),
    ).toBe(local.digest('hex'));
  });

  it('downloads a file and a folder as a zip from the menu', async () => {
    const { page, api } = await openDrive(browser);
    await api.upload('hello.txt', Buffer.from(`hello ${Date.now()}`));
    const folder = await api.folder('Zip me');
    await api.upload('inside.txt', Buffer.from(`inside ${Date.now()}`), folder.userFileId);
    await page.getByRole('button', { name: '刷新' }).click();

    const one = page.waitForEvent('download');
    await row(page, 'hello.txt').click({ button: 'right' });
    await animationsSettled(page);
    await page.locator('.drive-context-menu').getByRole('menuitem', { name: '下载' }).click();
    expect((await one).suggestedFilename()).toBe('hello.txt');

    const zip = page.waitForEvent('download');
    await row(page, 'Zip me').click({ button: 'right' });
    await animationsSettled(page);
    await page.locator('.drive-context-menu').getByRole('menuitem', { name: '下载' }).click();
    expect((await zip).suggestedFilename()).toMatch(/\.zip$/);
    await toast(page, /失败/)
      .waitFor({ timeout: 500 })
      .then(() => {
        throw new Error('a download failed');
      })
      .catch((error: Error) => {
        if (error.message === 'a download failed') throw error;
      });
  });
});
