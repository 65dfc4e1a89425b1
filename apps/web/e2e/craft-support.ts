import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, inject, vi } from 'vitest';
import { PASSWORD } from './drive-support';
import type { useBrowser } from './harness';
import { animationsSettled, registerByApi, tokenByApi, uniqueEmail, waitForPage } from './support';

/** Helpers of the craft library specs: a person (or the admin) on /craft, the craft API, files to import. */

type Envelope<T = unknown> = { code: number; msg: string; data: T };

export interface CraftRecord {
  id: string;
  library: 'standard' | 'personal';
  material: string;
  thickness: number | null;
  name: string;
  revision: number;
  startingValues: boolean;
  passes: Array<{ mode: string; minPower: number; maxPower: number; speed: number }>;
  [key: string]: unknown;
}

/** The craft API as one person, for setting up and for checking what the page did. */
export function craftApi(token: string) {
  const base = `${inject('baseURL')}/cloud-api/craft/craft`;
  const headers = { authorization: `Bearer ${token}` };
  async function call<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  }
  return {
    call,
    async list(library: 'standard' | 'personal', query: Record<string, string> = {}): Promise<CraftRecord[]> {
      const answer = await call<{ list: CraftRecord[] }>(
        'GET',
        `/list?${new URLSearchParams({ library, limit: '100', ...query })}`,
      );
      expect(answer.code, answer.msg).toBe(0);
      return answer.data.list;
    },
    async copy(ids: string[]): Promise<CraftRecord[]> {
      const answer = await call<CraftRecord[]>('POST', '/copy', { ids: ids.join(',') });
      expect(answer.code, answer.msg).toBe(0);
      return answer.data;
    },
    /** Saves a changed craft as another person at the same time would. */
    async update(craft: CraftRecord, change: Partial<CraftRecord>): Promise<CraftRecord> {
      const { id, revision, material, thickness, machineModel, laserType, powerClass, name, description, passes } = {
        ...craft,
        ...change,
      };
      const answer = await call<CraftRecord>('PUT', '', {
        id,
        revision,
        material,
        thickness,
        machineModel,
        laserType,
        powerClass,
        name,
        description,
        passes,
      });
      expect(answer.code, answer.msg).toBe(0);
      return answer.data;
    },
  };
}

/**
 * A person signed in on a craft page: a new account (the ordinary permissions: read the standard
 * library, keep a personal one) or, with `admin`, the administrator (who may keep the standard one).
 */
export async function openCraft(
  browser: ReturnType<typeof useBrowser>,
  options: {
    path?: string;
    locale?: 'zh-CN' | 'en';
    viewport?: { width: number; height: number };
    admin?: boolean;
  } = {},
) {
  let token: string;
  if (options.admin) {
    token = await tokenByApi(inject('adminAccount'), inject('adminPassword'));
  } else {
    const email = uniqueEmail('craft');
    await registerByApi(email, PASSWORD, 'Craft User');
    token = await tokenByApi(email, PASSWORD);
  }
  const { page, context } = await browser.open(options.path ?? '/web/craft/standard', {
    locale: options.locale,
    viewport: options.viewport ?? { width: 1440, height: 900 },
    token,
    language: options.locale === 'en' ? 'en' : undefined,
  });
  await waitForPage(page, '.craft-toolbar', 'the craft page');
  return { page, context, token, api: craftApi(token) };
}

/** The table's rows (not antd's measuring row). */
export function rows(page: Page): Locator {
  return page.locator('.craft-table .craft-row');
}

/** A row by the craft's exact name. */
export function craftRow(page: Page, name: string): Locator {
  return rows(page).filter({ has: page.locator('.craft-name-cell__name').getByText(name, { exact: true }) });
}

/** Names in the table, in order. */
export function listedNames(page: Page): Promise<string[]> {
  return page.locator('.craft-table .craft-row .craft-name-cell__name').allTextContents();
}

/** Waits until the table has settled on `count` rows (no spinner over an old page). */
export async function expectRowCount(page: Page, count: number) {
  await expect.poll(async () => (await page.locator('.craft-table .ant-spin-spinning').count()) === 0).toBe(true);
  await expect.poll(() => rows(page).count()).toBe(count);
}

/** Picks an option of an antd Select named by its label (typing first narrows long lists). */
export async function chooseOption(page: Page, label: string, option: string, typed?: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  const item = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
    hasText: option,
  });
  await vi.waitFor(
    async () => {
      if (!(await item.first().isVisible())) await box.click();
      await item.first().waitFor({ timeout: 2_000 });
    },
    { timeout: 15_000, interval: 200 },
  );
  if (typed) await box.fill(typed);
  await animationsSettled(page);
  await item.first().click();
}

/** The open drawer (detail or form) by its title. */
export function drawer(page: Page, title: string | RegExp): Locator {
  return page
    .locator('.ant-drawer-content-wrapper')
    .filter({ has: page.locator('.ant-drawer-title', { hasText: title }) });
}

/** A small LightBurn material library: one material, one cut entry per thickness given. */
export function lightburnLibrary(material: string, entries: Array<{ thickness: number; desc: string; speed: number }>) {
  const body = entries
    .map(
      ({ thickness, desc, speed }) => `    <Entry Thickness="${thickness}" Desc="${desc}" NoThickTitle="">
      <CutSetting type="Cut">
        <minPower Value="55"/>
        <maxPower Value="65"/>
        <speed Value="${speed}"/>
        <numPasses Value="1"/>
      </CutSetting>
    </Entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<LightBurnLibrary DisplayName="E2E library">
  <Material name="${material}">
${body}
  </Material>
</LightBurnLibrary>
`;
}

/** Writes a file to import into a scratch folder (see fixtures.ts `scratchFolders`); returns its path. */
export function importFile(dir: string, name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}
