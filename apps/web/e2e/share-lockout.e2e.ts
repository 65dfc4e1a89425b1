import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDrive, toast } from './drive-support';
import { shot, useBrowser } from './harness';
import { animationsSettled, expectNoSidewaysScroll } from './support';

type Envelope<T = unknown> = { status: number; code: number; msg: string; data: T };

/** A share call as a visitor or (with a token) as the owner makes it. */
async function shareCall<T>(path: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const res = await fetch(`${inject('baseURL')}/cloud-api/engine/share${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as Omit<Envelope<T>, 'status'>) };
}

/** A tooltip fades in; wait until it is fully shown before a screenshot. */
async function shownFully(page: Page) {
  await expect
    .poll(() => page.locator('.ant-tooltip:visible').evaluate((el) => getComputedStyle(el).opacity))
    .toBe('1');
}

const lockedRow = (page: Page) => page.locator('.share-table .drive-row').filter({ hasText: 'lockout.dxf' });

describe('my shares: a visitor shut out by wrong codes', () => {
  const browser = useBrowser();

  it('shows the owner that one visitor is shut out (not the share), and lifts it', async () => {
    const { page, api, token } = await openDrive(browser);
    const file = await api.upload('lockout.dxf', Buffer.from(`0\nSECTION\n${Date.now()}\n`));
    const made = await shareCall<{ shareBatchNum: string; extractionCode: string }>(
      '/sharefile',
      {
        endTime: new Date(Date.now() + 86_400_000).toISOString(),
        shareType: 1,
        remarks: '',
        files: JSON.stringify([{ userFileId: file.userFileId }]),
      },
      token,
    );
    expect(made.code, made.msg).toBe(0);
    const { shareBatchNum, extractionCode } = made.data;
    const wrong = extractionCode === 'zzzzzz' ? 'yyyyyy' : 'zzzzzz';
    // Every call of this run comes from one address: this visitor is the one shut out.
    let last: Envelope | undefined;
    for (let i = 0; i < 10; i++)
      last = await shareCall('/checkExtractionCode', { shareBatchNum, extractionCode: wrong });
    expect(last!.status).toBe(423);
    expect((await shareCall('/checkExtractionCode', { shareBatchNum, extractionCode })).status).toBe(423);

    await page.goto('/web/workbench?fileType=8');
    const row = lockedRow(page);
    await row.getByText('已锁定').waitFor();
    await row.getByText('已锁定').hover();
    const tip = page.getByRole('tooltip').filter({ hasText: '有访客输错提取码次数过多' });
    await tip.waitFor();
    expect(await tip.textContent()).toMatch(
      /^有访客输错提取码次数过多，已暂停其访问，1[45] 分钟后自动解除；其他访客不受影响$/,
    );
    await animationsSettled(page);
    await shownFully(page);
    await shot(page, 'share-lockout-owner-zh');

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await lockedRow(page).getByText('Locked', { exact: true }).waitFor();
    await lockedRow(page).getByText('Locked', { exact: true }).hover();
    const tipEn = page.getByRole('tooltip').filter({ hasText: 'A visitor entered too many wrong codes' });
    await tipEn.waitFor();
    expect(await tipEn.textContent()).toMatch(
      /^A visitor entered too many wrong codes and is shut out for 1[45] more minutes; other visitors can still open the share$/,
    );
    await animationsSettled(page);
    await shownFully(page);
    await shot(page, 'share-lockout-owner-en');

    // On a phone the lock still shows beside the code, and nothing sticks out sideways.
    const phone = await browser.open('/web/workbench?fileType=8', { viewport: { width: 375, height: 812 }, token });
    await lockedRow(phone.page).getByText('已锁定').waitFor();
    await animationsSettled(phone.page);
    await expectNoSidewaysScroll(phone.page);
    await shot(phone.page, 'share-lockout-owner-phone-zh');

    await lockedRow(page)
      .getByRole('button', { name: /Unlock/ })
      .click();
    await toast(page, 'Lock lifted').waitFor();
    await lockedRow(page).getByText('Locked', { exact: true }).waitFor({ state: 'detached' });
    expect((await shareCall('/checkExtractionCode', { shareBatchNum, extractionCode })).code).toBe(0);
    await animationsSettled(page);
    await shot(page, 'share-lockout-lifted-en');
  });
});
