import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { designTool, draftKinds } from './design-support';
import { driveApi, PASSWORD, row } from './drive-support';
import { shot, useBrowser } from './harness';
import {
  animationsSettled,
  clickUntilShown,
  registerByApi,
  signInWithPassword,
  tokenByApi,
  uniqueEmail,
} from './support';

/** What the page's editor holds, read from the running editor itself. */
interface DrawingFacts {
  kinds: string[];
  selection: number;
  zoom: number;
  rotation: number[];
}

async function facts(page: Page): Promise<DrawingFacts> {
  return page.evaluate(() => {
    interface PageEditor {
      doc: { shapes: { kind: string; id: string; transform: number[] }[] };
      state: { selection: string[]; camera: { zoom: number } };
    }
    const { editor } = (window as unknown as { __kerfDesign: { editor: PageEditor } }).__kerfDesign;
    const shapes = editor.doc.shapes;
    const selected = new Set(editor.state.selection);
    return {
      kinds: shapes.map((s) => s.kind),
      selection: selected.size,
      zoom: editor.state.camera.zoom,
      rotation: shapes
        .filter((s) => selected.has(s.id))
        .map((s) => Math.round((Math.atan2(s.transform[1]!, s.transform[0]!) * 180) / Math.PI)),
    };
  });
}

/** Canvas-relative pointer helpers. */
async function canvasAt(page: Page) {
  const box = await page.getByTestId('design-canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  const at = (x: number, y: number) => [box.x + x, box.y + y] as const;
  return {
    at,
    async drag(from: [number, number], to: [number, number]) {
      await page.mouse.move(...at(...from));
      await page.mouse.down();
      await page.mouse.move(...at(...to), { steps: 6 });
      await page.mouse.up();
    },
    async click(x: number, y: number, modifiers: ('Shift' | 'Control')[] = []) {
      for (const key of modifiers) await page.keyboard.down(key);
      await page.mouse.click(...at(x, y));
      for (const key of modifiers) await page.keyboard.up(key);
    },
  };
}

const CORPUS = process.env.KERF_CORPUS ?? join(import.meta.dirname, '../../../../shared/corpus');

/** The work area's width and height, mm. */
function workAreaOf(page: Page): Promise<[number, number]> {
  return page.evaluate(() => {
    const { editor } = (window as unknown as { __kerfDesign: { editor: { doc: { width: number; height: number } } } })
      .__kerfDesign;
    return [editor.doc.width, editor.doc.height];
  });
}

describe('design editor', () => {
  const browser = useBrowser();

  it('draws every shape, selects, moves, rotates, groups, unites, undoes and redoes; a reload keeps the drawing', async () => {
    const { page } = await browser.open('/web/design');
    await page.getByTestId('design-canvas').waitFor();
    await expect.poll(async () => (await facts(page)).zoom).toBeLessThan(2);
    const c = await canvasAt(page);

    await designTool(page, '矩形').click();
    await c.drag([150, 120], [350, 260]);
    await designTool(page, '椭圆').click();
    await c.drag([420, 140], [560, 300]);
    await designTool(page, '多边形').click();
    await c.drag([330, 450], [400, 450]);
    await designTool(page, '星形').click();
    await c.drag([730, 250], [790, 200]);
    await designTool(page, '直线 / 折线').click();
    for (const [x, y] of [
      [470, 400],
      [560, 480],
      [640, 380],
    ] as const)
      await c.click(x, y);
    await page.keyboard.press('Enter');
    await designTool(page, '钢笔（贝塞尔曲线）').click();
    await c.click(150, 450);
    await c.drag([220, 380], [260, 420]);
    await c.click(300, 520);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await facts(page)).kinds)
      .toEqual(['rect', 'ellipse', 'polygon', 'polygon', 'polygon', 'path']);
    await shot(page, 'design-shapes-zh');

    // select the rectangle by its edge and move it: X follows
    await designTool(page, '选择').click();
    // on its top edge, clear of the middle (where the scale handle will be)
    await c.click(200, 120);
    const x = page.getByRole('spinbutton', { name: 'X', exact: true });
    await expect.poll(() => x.inputValue()).not.toBe('');
    const before = Number(await x.inputValue());
    await c.drag([200, 120], [280, 120]);
    await expect.poll(async () => Number(await x.inputValue())).toBeGreaterThan(before + 20);

    // rotate by a typed angle
    const rotation = page.getByRole('spinbutton', { name: '旋转', exact: true });
    await rotation.fill('30');
    await rotation.press('Enter');
    await expect.poll(async () => (await facts(page)).rotation).toEqual([30]);

    // select all, group, ungroup
    await page.getByTestId('design-canvas').focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Control+g');
    await expect.poll(async () => (await facts(page)).kinds).toEqual(['group']);
    await page.keyboard.press('Control+Shift+g');
    await expect.poll(async () => (await facts(page)).kinds).toHaveLength(6);

    // a second rectangle over the first, then union of the two from the Path menu
    await designTool(page, '矩形').click();
    await c.drag([500, 100], [650, 200]);
    // the new rectangle is selected; Shift+click adds the ellipse it overlaps
    await designTool(page, '选择').click();
    await c.click(490, 140, ['Shift']);
    await expect.poll(async () => (await facts(page)).selection).toBe(2);
    await page.getByRole('button', { name: /路径/ }).click();
    await page.getByRole('menuitem', { name: '合并' }).click();
    await expect
      .poll(async () => (await facts(page)).kinds)
      .toEqual(['rect', 'polygon', 'polygon', 'polygon', 'path', 'path']);

    // undo and redo from the header
    await page.getByRole('button', { name: '撤销' }).click();
    await expect.poll(async () => (await facts(page)).kinds).toHaveLength(7);
    await page.getByRole('button', { name: '重做' }).click();
    await expect.poll(async () => (await facts(page)).kinds).toHaveLength(6);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await facts(page)).kinds).toHaveLength(7);
    await shot(page, 'design-edited-zh');

    // the draft survives a reload
    const kinds = (await facts(page)).kinds;
    // the draft is written a moment after the last change: a reload before then would find the older one
    await expect.poll(() => draftKinds(page)).toEqual(kinds);
    await page.reload();
    await page.getByText('已恢复上次未保存的图纸').waitFor();
    await expect.poll(async () => (await facts(page)).kinds).toEqual(kinds);
    // with its history: one more undo takes the second rectangle away
    await page.getByRole('button', { name: '撤销' }).click();
    await expect.poll(async () => (await facts(page)).kinds).toHaveLength(6);
  });

  it('shows the editor in English with its shortcuts', async () => {
    const { page } = await browser.open('/web/');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/web/design3');
    await page.getByTestId('design-canvas').waitFor();
    const c = await canvasAt(page);
    await designTool(page, 'Rectangle').click();
    await c.drag([200, 150], [420, 320]);
    await designTool(page, 'Star').click();
    await c.drag([600, 260], [660, 200]);
    await expect.poll(async () => (await facts(page)).kinds).toEqual(['rect', 'polygon']);
    await designTool(page, 'Select').click();
    await page.getByRole('spinbutton', { name: 'W', exact: true }).waitFor();
    await page.getByText('Cursor:').waitFor();
    await shot(page, 'design-en');
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await page.getByRole('dialog').getByText('Nudge 1 mm (Shift: 10 mm)').waitFor();
    await animationsSettled(page);
    await shot(page, 'design-shortcuts-en');
  });

  it('imports an SVG, a DXF, a DWG and a BMP from the computer; a damaged file is refused and the editor goes on', async () => {
    const { page } = await browser.open('/web/design');
    await page.getByTestId('design-canvas').waitFor();
    const input = page.getByTestId('design-import-input');
    const imports: [string, number][] = [];
    for (const file of [
      'svg/shapes/circle/missing-cx-attribute.svg',
      'cad/2007-Arc.dxf',
      'cad/2007-Polygon.dwg',
      'bmp/good/pal8.bmp',
    ]) {
      const before = (await facts(page)).kinds.length;
      await input.setInputFiles(join(CORPUS, file));
      await expect.poll(async () => (await facts(page)).kinds.length, { timeout: 30_000 }).toBeGreaterThan(before);
      const after = await facts(page);
      // what was imported is selected, one undo step
      expect(after.selection).toBe(after.kinds.length - before);
      imports.push([file, after.kinds.length - before]);
    }
    expect((await facts(page)).kinds).toContain('bitmap');
    await page.getByRole('button', { name: '撤销' }).click();
    await expect.poll(async () => (await facts(page)).kinds).not.toContain('bitmap');
    await page.getByRole('button', { name: '重做' }).click();
    await expect.poll(async () => (await facts(page)).kinds).toContain('bitmap');
    await shot(page, 'design-imported-zh');

    const count = (await facts(page)).kinds.length;
    await input.setInputFiles(join(CORPUS, 'bmp/bad/badbitcount.bmp'));
    await page
      .locator('.ant-message')
      .getByText(/badbitcount\.bmp: 格式错误：/)
      .waitFor();
    await input.setInputFiles({
      name: 'broken.dwg',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('AC1032 not a drawing '.repeat(30)),
    });
    await page
      .locator('.ant-message')
      .getByText(/broken\.dwg: 格式错误：/)
      .waitFor({ timeout: 30_000 });
    await shot(page, 'design-refused-zh');
    expect((await facts(page)).kinds).toHaveLength(count);
    // and it still draws
    await designTool(page, '矩形').click();
    const c = await canvasAt(page);
    await c.drag([100, 100], [200, 180]);
    await expect.poll(async () => (await facts(page)).kinds).toHaveLength(count + 1);
  });

  it('imports an SVG with styled tspans, Chinese and text on a path, laid out with the fonts Kerf serves', async () => {
    const { page } = await browser.open('/web/design');
    await page.getByTestId('design-canvas').waitFor();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120mm" height="60mm" viewBox="0 0 120 60" font-size="9">' +
      '<text x="6" y="16">Kerf <tspan fill="#c00000" font-size="12">激光</tspan> <tspan dy="4">cut</tspan></text>' +
      '<path id="arc" d="M10 55 Q60 20 110 55" fill="none" stroke="#999"/>' +
      '<text><textPath href="#arc" startOffset="50%" text-anchor="middle">along the arc</textPath></text></svg>';
    await page.getByTestId('design-import-input').setInputFiles({
      name: 'label.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(svg),
    });
    const texts = () =>
      page.evaluate(() => {
        type Leaf = { kind: string; text?: string; outline?: unknown[]; children?: Leaf[] };
        const { editor } = (window as unknown as { __kerfDesign: { editor: { doc: { shapes: Leaf[] } } } })
          .__kerfDesign;
        const out: { text: string; outlined: boolean }[] = [];
        const walk = (s: Leaf) => {
          if (s.kind === 'group') for (const c of s.children ?? []) walk(c);
          else if (s.kind === 'text') out.push({ text: (s.text ?? '').trim(), outlined: (s.outline?.length ?? 0) > 0 });
        };
        for (const s of editor.doc.shapes) walk(s);
        return out;
      });
    await expect.poll(async () => (await texts()).length, { timeout: 30_000 }).toBe(4);
    const found = await texts();
    expect(found.map((t) => t.text)).toEqual(['Kerf', '激光', 'cut', 'along the arc']);
    expect(found.every((t) => t.outlined)).toBe(true);
    await shot(page, 'design-import-text-zh');
  });

  it('asks an anonymous person to sign in on save, keeps the drawing, saves it to the drive, opens it again, and asks before overwriting a newer copy', async () => {
    const account = uniqueEmail('designer');
    await registerByApi(account, PASSWORD, 'Designer');
    const { page } = await browser.open('/web/design');
    await page.getByTestId('design-canvas').waitFor();
    const c = await canvasAt(page);
    // an empty canvas is not saved (SPEC §5)
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('画布上至少需要一个图形才能保存').waitFor();
    await designTool(page, '矩形').click();
    await c.drag([200, 150], [380, 300]);
    await designTool(page, '星形').click();
    await c.drag([600, 260], [680, 200]);
    await expect.poll(async () => (await facts(page)).kinds).toEqual(['rect', 'polygon']);
    const drawn = (await facts(page)).kinds;

    // the drawing comes back after signing in from the draft, written a moment after the last change
    await expect.poll(() => draftKinds(page)).toEqual(drawn);
    await page.getByRole('button', { name: '保存' }).click();
    const signIn = page.getByRole('dialog').filter({ hasText: '登录后保存到云盘' });
    await signIn.waitFor();
    await animationsSettled(page);
    await shot(page, 'design-sign-in-to-save-zh');
    await signIn.getByRole('button', { name: '去登录' }).click();
    await page.waitForURL(/\/web\/login/);
    await signInWithPassword(page, account, PASSWORD);
    await page.waitForURL(/\/web\/design/);
    await expect.poll(async () => (await facts(page)).kinds).toEqual(drawn);

    await page.getByRole('button', { name: '保存' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '保存位置' });
    await dialog.getByLabel('文件名称').fill('Coaster');
    await shot(page, 'design-save-dialog-zh');
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.getByText('已保存到云盘：Coaster.kerf').waitFor();
    await page.locator('.design-header__name').getByText('Coaster.kerf').waitFor();
    // and in the recent drawings
    await page.getByRole('button', { name: '最近' }).click();
    await page.getByRole('menuitem', { name: '/Coaster.kerf' }).waitFor();
    await page.keyboard.press('Escape');

    // in the drive; a double-click in the workbench opens it in the editor again
    const token = await tokenByApi(account, PASSWORD);
    const saved = (await driveApi(token).list()).find((e) => e.fileName === 'Coaster.kerf');
    expect(saved).toBeTruthy();
    await page.goto('/web/workbench?fileType=0');
    await row(page, 'Coaster.kerf').dblclick();
    await page.waitForURL(/\/web\/design$/);
    await expect.poll(async () => (await facts(page)).kinds).toEqual(drawn);
    await page.locator('.design-header__name').getByText('Coaster.kerf').waitFor();

    // someone changes the file elsewhere (the text editor's save); saving here asks first, and can overwrite
    const cloud = `${inject('baseURL')}/cloud-api`;
    const auth = { authorization: `Bearer ${token}` };
    const current = await (
      await fetch(`${cloud}/engine/file/content?userFileId=${saved!.userFileId}`, { headers: auth })
    ).json();
    const changed = await fetch(`${cloud}/engine/file/content`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        userFileId: saved!.userFileId,
        content: `${current.data.text}\n`,
        sha256: current.data.sha256,
      }),
    });
    expect(changed.status).toBe(200);
    await designTool(page, '椭圆').click();
    await c.drag([400, 400], [480, 460]);
    await page.getByTestId('design-canvas').focus();
    await page.keyboard.press('Control+s');
    const conflict = page.getByRole('dialog').filter({ hasText: '文件已在别处被修改' });
    await conflict.waitFor();
    await animationsSettled(page);
    await shot(page, 'design-changed-elsewhere-zh');
    await conflict.getByRole('button', { name: '仍然覆盖' }).click();
    await expect
      .poll(async () => (await driveApi(token).list()).filter((e) => e.fileName.startsWith('Coaster')).length)
      .toBe(1);
    await expect
      .poll(async () => {
        const now = await (
          await fetch(`${cloud}/engine/file/content?userFileId=${saved!.userFileId}`, { headers: auth })
        ).json();
        return (JSON.parse(now.data.text) as { shapes: unknown[] }).shapes.length;
      })
      .toBe(3);

    // a new drawing: asked first; the canvas, the name and the history go, the work area and the file stay
    const workArea = await workAreaOf(page);
    await page.getByRole('button', { name: '新建图纸' }).click();
    const fresh = page.getByRole('dialog').filter({ hasText: '新建图纸？' });
    await fresh.getByText('画布上的图纸会被清空，工作区大小不变。如需保留，请先保存。').waitFor();
    await animationsSettled(page);
    await shot(page, 'design-new-drawing-zh');
    await fresh.getByRole('button', { name: '新建' }).click();
    await expect.poll(async () => (await facts(page)).kinds).toEqual([]);
    await page.locator('.design-header__name').getByText('未命名图纸').waitFor();
    expect(await page.getByRole('button', { name: '撤销', exact: true }).isDisabled()).toBe(true);
    expect(await workAreaOf(page)).toEqual(workArea);
    await expect.poll(() => draftKinds(page)).toEqual([]);
    // the next save asks for a name and a folder: the old file is not overwritten
    await designTool(page, '矩形').click();
    await c.drag([200, 150], [380, 300]);
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('dialog').filter({ hasText: '保存位置' }).getByLabel('文件名称').waitFor();
    const coaster = await (
      await fetch(`${cloud}/engine/file/content?userFileId=${saved!.userFileId}`, { headers: auth })
    ).json();
    expect((JSON.parse(coaster.data.text) as { shapes: unknown[] }).shapes).toHaveLength(3);
  });

  it('imports an SVG, a DXF, a DWG and a BMP from the drive, through the folders', async () => {
    const account = uniqueEmail('picker');
    await registerByApi(account, PASSWORD, 'Picker');
    const token = await tokenByApi(account, PASSWORD);
    const api = driveApi(token);
    const folder = await api.folder('Drawings');
    const files = [
      'svg/shapes/circle/missing-cx-attribute.svg',
      'cad/2007-Arc.dxf',
      'cad/2007-Polygon.dwg',
      'bmp/good/pal8.bmp',
    ];
    for (const file of files) await api.upload(basename(file), readFileSync(join(CORPUS, file)), folder.userFileId);
    await api.upload('notes.txt', Buffer.from('not a drawing'), folder.userFileId);
    const { page } = await browser.open('/web/design', { token });
    await page.getByTestId('design-canvas').waitFor();
    for (const [i, file] of files.entries()) {
      const before = (await facts(page)).kinds.length;
      await page.getByRole('button', { name: '导入' }).click();
      await page.getByRole('menuitem', { name: '从云盘导入…' }).click();
      const picker = page.getByRole('dialog').filter({ hasText: '从云盘导入' });
      // The picker may still be opening: a dropped click on the folder is made again.
      await clickUntilShown(
        picker.getByRole('button', { name: 'Drawings' }),
        picker.getByRole('button', { name: basename(file) }),
      );
      // only what the editor can open is listed
      expect(await picker.getByRole('button', { name: 'notes.txt' }).count()).toBe(0);
      if (i === 0) {
        await animationsSettled(page);
        await shot(page, 'design-drive-picker-zh');
      }
      await picker.getByRole('button', { name: basename(file) }).click();
      await expect.poll(async () => (await facts(page)).kinds.length, { timeout: 30_000 }).toBeGreaterThan(before);
    }
    expect((await facts(page)).kinds).toContain('bitmap');
  });

  it('types Latin and Chinese text, outlined with the fonts Kerf serves, and edits it', async () => {
    const { page } = await browser.open('/web/design');
    await page.getByTestId('design-canvas').waitFor();
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff')) fonts.push(request.url());
    });
    const c = await canvasAt(page);
    await designTool(page, '文字').click();
    await page.getByRole('spinbutton', { name: '字高' }).waitFor();
    await c.click(300, 300);
    const box = page.getByRole('textbox', { name: '文字' });
    await box.fill('Kerf 激光切割');
    await box.press('Enter');
    await expect.poll(async () => (await facts(page)).kinds).toEqual(['text']);
    const outline = () =>
      page.evaluate(() => {
        const { editor } = (
          window as unknown as { __kerfDesign: { editor: { doc: { shapes: { text: string; outline: unknown[] }[] } } } }
        ).__kerfDesign;
        return { text: editor.doc.shapes[0]!.text, subPaths: editor.doc.shapes[0]!.outline.length };
      });
    expect((await outline()).subPaths).toBeGreaterThan(10);
    // only the font slices of these characters were fetched, from Kerf itself
    expect(fonts.length).toBeGreaterThan(1);
    expect(fonts.length).toBeLessThan(8);
    expect(fonts.every((url) => url.startsWith(inject('baseURL')))).toBe(true);
    await shot(page, 'design-text-zh');
    // a click on the text (on a glyph's outline) edits it
    const onGlyph = await page.evaluate(() => {
      interface PageEditor {
        doc: { shapes: { outline: { start: { x: number; y: number } }[] }[] };
        state: { camera: { x: number; y: number; zoom: number } };
      }
      const { editor } = (window as unknown as { __kerfDesign: { editor: PageEditor } }).__kerfDesign;
      const { start } = editor.doc.shapes[0]!.outline[0]!;
      const { camera } = editor.state;
      return { x: start.x * camera.zoom + camera.x, y: start.y * camera.zoom + camera.y };
    });
    await c.click(onGlyph.x, onGlyph.y);
    await box.waitFor();
    await box.fill('Kerf 激光切割 2');
    await box.press('Enter');
    await expect.poll(async () => (await outline()).text).toBe('Kerf 激光切割 2');
    expect((await facts(page)).kinds).toEqual(['text']);
  });
});
