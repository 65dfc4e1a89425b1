import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, inject, vi } from 'vitest';
import type { useBrowser } from './harness';
import { animationsSettled, clickUntilShown, registerByApi, tokenByApi, uniqueEmail, waitForPage } from './support';

/** Helpers of the drive's end-to-end specs: a fresh person per test, calls to seed the drive, locators. */

export const PASSWORD = 'Kerf_e2e_2026';

type Envelope<T = unknown> = { code: number; msg: string; data: T };

export interface Entry {
  userFileId: string;
  fileName: string;
  path: string;
  folderId: string;
  isDir: 0 | 1;
  fileSize: number;
  deleteBatchNum: string | null;
}

/** The drive API as one person, for setting up and checking what the page did. */
export function driveApi(token: string) {
  const base = `${inject('baseURL')}/cloud-api`;
  const headers = { authorization: `Bearer ${token}` };
  async function call<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  }
  const api = {
    call,
    async folder(name: string, parentId = '0'): Promise<Entry> {
      const answer = await call<Entry>('POST', '/engine/folder', { parentId, name, path: '/' });
      expect(answer.code, answer.msg).toBe(0);
      return answer.data;
    },
    async list(query: Record<string, string> = { fileType: '0', filePath: '/' }): Promise<Entry[]> {
      const answer = await call<{ list: Entry[] }>('GET', `/engine/file/listFileInfo?${new URLSearchParams(query)}`);
      expect(answer.code, answer.msg).toBe(0);
      return answer.data.list;
    },
    async remove(ids: string[]) {
      const answer = await call('POST', '/engine/file/batchDelete', { userFileIds: ids.join(','), deleteMode: 1 });
      expect(answer.code, answer.msg).toBe(0);
    },
    /** Uploads bytes the way the page does: init, chunks, complete. */
    async upload(fileName: string, bytes: Buffer, folderId = '0'): Promise<Entry> {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const init = await call<{
        skipUpload: boolean;
        entry?: Entry;
        uploadId: string;
        chunkSize: number;
        totalChunks: number;
      }>('POST', '/engine/filetransfer/upload/init', { fileName, folderId, fileSize: bytes.length, sha256 });
      expect(init.code, init.msg).toBe(0);
      if (init.data.skipUpload) return init.data.entry!;
      const { uploadId, chunkSize, totalChunks } = init.data;
      for (let i = 0; i < totalChunks; i++) {
        const res = await fetch(`${base}/engine/filetransfer/upload/${uploadId}/${i}`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/octet-stream' },
          body: new Uint8Array(bytes.subarray(i * chunkSize, (i + 1) * chunkSize)),
        });
        expect(res.status).toBe(200);
      }
      const done = await call<Entry>('POST', `/engine/filetransfer/upload/${uploadId}/complete`, {});
      expect(done.code, done.msg).toBe(0);
      return done.data;
    },
    async pendingUploads() {
      const answer = await call<Array<{ uploadId: string; fileName: string; uploadedBytes: number }>>(
        'GET',
        '/engine/filetransfer/upload',
      );
      return answer.data;
    },
  };
  return api;
}

/** A new person with an empty drive, signed in, on the drive page. */
export async function openDrive(
  browser: ReturnType<typeof useBrowser>,
  options: { path?: string; locale?: string; viewport?: { width: number; height: number } } = {},
) {
  const email = uniqueEmail('drive');
  await registerByApi(email, PASSWORD, 'Drive User');
  const token = await tokenByApi(email, PASSWORD);
  const { page, context } = await browser.open(options.path ?? '/web/workbench?fileType=0', {
    locale: options.locale,
    viewport: options.viewport,
    token,
    language: options.locale === 'en' ? 'en' : undefined,
  });
  await waitForPage(page, '.drive-toolbar', 'the drive');
  return { page, context, token, api: driveApi(token), email };
}

/** The list row of an entry, by its exact name. */
export function row(page: Page, name: string): Locator {
  return page.locator('.drive-row').filter({
    has: page.locator('.drive-name-cell__name').getByText(name, { exact: true }),
  });
}

/** The grid tile of an entry, by its exact name. */
export function tile(page: Page, name: string): Locator {
  return page
    .locator('.drive-tile')
    .filter({ has: page.locator('.drive-tile__name').getByText(name, { exact: true }) });
}

export function contextMenu(page: Page): Locator {
  return page.locator('.drive-context-menu');
}

/** Right-clicks an entry and picks an item of its context menu. */
export async function pickFromMenu(page: Page, name: string, item: string) {
  await row(page, name).click({ button: 'right' });
  const entry = contextMenu(page).getByRole('menuitem', { name: item, exact: true });
  await entry.waitFor();
  await animationsSettled(page);
  await entry.click();
}

/**
 * Chooses a folder in a target picker and waits for the footer to name it. The tree can be
 * re-rendered by a refresh that lands under the pointer, which swallows a click; a person would
 * click again when the footer did not change, and so does this.
 */
export async function chooseTargetFolder(picker: Locator, name: string, path: string, label = '目标文件夹：') {
  await animationsSettled(picker.page());
  await vi.waitFor(
    async () => {
      await picker.locator('.ant-tree').getByText(name, { exact: true }).click();
      await picker.getByText(`${label}${path}`, { exact: true }).waitFor({ timeout: 3_000 });
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** A toast's text (antd message); the newest when an earlier one with the same words is still fading. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text }).last();
}

/** Names in the list, in order. */
export function listedNames(page: Page): Promise<string[]> {
  return page.locator('.drive-row .drive-name-cell__name').allTextContents();
}

/** A folder of its own under the system temp folder, for files to upload. */
export function tempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `kerf-drive-${label}-`));
}

/** Writes a file (parents made); content is a string, a Buffer, or a size in bytes of fresh random data. */
export function writeTemp(dir: string, relative: string, content: string | Buffer | number): string {
  const path = join(dir, relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof content === 'number' ? randomBytes(content) : content);
  return path;
}

/**
 * Presses 确定 in the open confirm dialog until `outcome` shows: a press while the dialog is still opening
 * can be dropped, and a person presses again.
 */
export function confirmInDialog(page: Page, outcome: Locator): Promise<void> {
  return clickUntilShown(page.getByRole('dialog').getByRole('button', { name: '确定' }), outcome);
}
