import { createHash, randomBytes } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { driveApi, openDrive, PASSWORD, row, writeTemp } from './drive-support';
import { scratchFolders } from './fixtures';
import { shot, useBrowser } from './harness';
import { animationsSettled, registerByApi, tokenByApi, uniqueEmail } from './support';

const panelItem = (page: Page, name: string, english = false) =>
  page.getByRole('region', { name: english ? 'Uploads' : '上传列表' }).getByRole('listitem', { name, exact: true });
const isInit = (r: Request) => r.method() === 'POST' && /\/engine\/filetransfer\/upload\/init$/.test(r.url());
const isChunkPut = (r: Request) => r.method() === 'PUT' && /\/engine\/filetransfer\/upload\/[^/]+\/\d+$/.test(r.url());

const scratch = scratchFolders();

/** Opens an upload of `bytes` that is never sent: it holds that much of the quota. */
async function holdSpace(api: ReturnType<typeof driveApi>, bytes: number) {
  const sha256 = createHash('sha256').update(randomBytes(16)).digest('hex');
  const init = await api.call<{ uploadId: string }>('POST', '/engine/filetransfer/upload/init', {
    fileName: 'big-scan.tif',
    folderId: '0',
    fileSize: bytes,
    sha256,
  });
  expect(init.code, init.msg).toBe(0);
  return init.data.uploadId;
}

async function freeBytes(api: ReturnType<typeof driveApi>) {
  const quota = await api.call<{ usedBytes: number; quotaBytes: number }>('GET', '/engine/quota');
  return quota.data.quotaBytes - quota.data.usedBytes;
}

describe('drive: upload proof and quota', () => {
  const browser = useBrowser();

  it('files content someone else stored without sending it only after proving it holds the bytes', async () => {
    const bytes = randomBytes(300_000);
    const owner = uniqueEmail('owner');
    await registerByApi(owner, PASSWORD, 'Owner');
    await driveApi(await tokenByApi(owner, PASSWORD)).upload('drawing.dxf', bytes);

    const { page, api } = await openDrive(browser);
    const inits: Array<Record<string, unknown>> = [];
    const puts: string[] = [];
    page.on('request', (r) => {
      if (isInit(r)) inits.push(r.postDataJSON() as Record<string, unknown>);
      if (isChunkPut(r)) puts.push(r.url());
    });
    const file = writeTemp(scratch('proof'), 'my-drawing.dxf', bytes);
    await page.getByTestId('drive-upload-files').setInputFiles([file]);
    await panelItem(page, 'my-drawing.dxf').getByText('秒传').waitFor();
    await row(page, 'my-drawing.dxf').waitFor();
    expect(puts).toEqual([]);
    // The first ask got a challenge, the second carried the answer.
    expect(inits).toHaveLength(2);
    expect(inits[0]!.proof).toBeUndefined();
    expect(inits[1]!.proof).toMatchObject({ challengeId: expect.any(String), hashes: expect.any(Array) });
    // The upload opened alongside the challenge was given up again.
    expect(await api.pendingUploads()).toEqual([]);
    expect((await api.list()).map((e) => e.fileName)).toEqual(['my-drawing.dxf']);
  });

  for (const view of [
    { label: 'zh', locale: 'zh-CN', english: false },
    { label: 'en', locale: 'en', english: true },
    { label: '375', locale: 'zh-CN', english: false, viewport: { width: 375, height: 812 } },
  ]) {
    it(`says clearly why an upload does not fit, and lets it go once space is free (${view.label})`, async () => {
      const { page, api } = await openDrive(browser, { locale: view.locale, viewport: view.viewport });
      const held = await holdSpace(api, (await freeBytes(api)) - 100_000);
      const file = writeTemp(scratch('quota'), 'panel.dxf', 200_000);
      await page.getByTestId('drive-upload-files').setInputFiles([file]);
      const item = panelItem(page, 'panel.dxf', view.english);
      const refusal = view.english
        ? 'Not enough storage space. Unfinished uploads hold their space too'
        : '存储空间不足。未完成的上传也会占用空间';
      await item.getByText(refusal, { exact: false }).waitFor();
      // The unfinished upload holding the space is listed right there; discarding it frees the space.
      const holder = panelItem(page, 'big-scan.tif', view.english);
      await holder.waitFor();
      await animationsSettled(page);
      await shot(page, `upload-quota-refused-${view.label}`);
      await holder.getByRole('button', { name: view.english ? 'Discard' : '放弃' }).click();
      await holder.waitFor({ state: 'detached' });
      expect((await api.pendingUploads()).map((u) => u.uploadId)).not.toContain(held);
      await item.getByRole('button', { name: `${view.english ? 'Retry' : '重试'} panel.dxf` }).click();
      await item.getByText(view.english ? 'Uploaded' : '上传完成').waitFor();
      await row(page, 'panel.dxf').waitFor();
    });
  }
});
