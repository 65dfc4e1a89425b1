import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { designTool } from './design-support';
import { useBrowser } from './harness';
import { animationsSettled } from './support';

/** What the running editor holds: its top-level shapes (with any array settings) and the selection. */
interface ArrayFacts {
  kinds: string[];
  ids: string[];
  array: Record<string, unknown> | null;
  selection: number;
}

function facts(page: Page): Promise<ArrayFacts> {
  return page.evaluate(() => {
    interface PageEditor {
      doc: { shapes: { kind: string; id: string; array?: Record<string, unknown> }[] };
      state: { selection: string[] };
    }
    const { editor } = (window as unknown as { __kerfDesign: { editor: PageEditor } }).__kerfDesign;
    const shapes = editor.doc.shapes;
    return {
      kinds: shapes.map((s) => s.kind),
      ids: shapes.map((s) => s.id),
      array: shapes[0]?.array ?? null,
      selection: editor.state.selection.length,
    };
  });
}

/**
 * Whether the canvas shows an outline (the black cut layer, or the blue selection drawn over it) a
 * quarter down the left edge (clear of the selection box's handles) of each grid copy of the drawn
 * rectangle, for `rows` × `columns` copies spaced as given, then of one row past the grid (which must
 * be empty). Read from the canvas pixels, so it fails when the copies are in the document but not drawn.
 */
function inkOnGridCopies(
  page: Page,
  grid: { rows: number; columns: number; rowSpacing: number; columnSpacing: number },
): Promise<boolean[]> {
  return page.evaluate((g) => {
    interface Rect {
      kind: string;
      x: number;
      y: number;
      width: number;
      height: number;
      transform: number[];
      children?: Rect[];
    }
    interface PageEditor {
      doc: { shapes: Rect[] };
      state: { camera: { x: number; y: number; zoom: number } };
    }
    const { editor } = (window as unknown as { __kerfDesign: { editor: PageEditor } }).__kerfDesign;
    const top = editor.doc.shapes[0]!;
    const rect = top.children ? top.children[0]! : top;
    const [a, b, c, d, e, f] = rect.transform as [number, number, number, number, number, number];
    const xs = [rect.x, rect.x + rect.width].flatMap((x) =>
      [rect.y, rect.y + rect.height].map((y) => a * x + c * y + e),
    );
    const ys = [rect.x, rect.x + rect.width].flatMap((x) =>
      [rect.y, rect.y + rect.height].map((y) => b * x + d * y + f),
    );
    const minX = Math.min(...xs);
    const minY = Math.min(...ys);
    const width = Math.max(...xs) - minX;
    const height = Math.max(...ys) - minY;
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-testid="design-canvas"]')!;
    const ctx = canvas.getContext('2d')!;
    const dpr = canvas.width / canvas.getBoundingClientRect().width;
    const { camera } = editor.state;
    const inkAt = (x: number, y: number) => {
      const sx = Math.round((x * camera.zoom + camera.x) * dpr);
      const sy = Math.round((y * camera.zoom + camera.y) * dpr);
      const data = ctx.getImageData(sx - 2, sy - 2, 5, 5).data;
      // the grid and the pasteboard are light greys; outlines are black or the selection's blue
      for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 450) return true;
      return false;
    };
    const out: boolean[] = [];
    for (let r = 0; r <= g.rows; r++)
      for (let col = 0; col < g.columns; col++)
        out.push(inkAt(minX + col * (width + g.columnSpacing), minY + height / 4 + r * (height + g.rowSpacing)));
    return out;
  }, grid);
}

/** Draws a rectangle near the work area's top-left and takes the select tool (the arrange bar shows with it). */
async function drawRectangle(page: Page, names: { rectangle: string; select: string }) {
  await page.getByTestId('design-canvas').waitFor();
  const box = await page.getByTestId('design-canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  await designTool(page, names.rectangle).click();
  await page.mouse.move(box.x + 250, box.y + 80);
  await page.mouse.down();
  await page.mouse.move(box.x + 320, box.y + 120, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => (await facts(page)).kinds).toEqual(['rect']);
  await designTool(page, names.select).click();
  await expect.poll(async () => (await facts(page)).selection).toBe(1);
}

async function openArrayDialog(page: Page, item: string, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog').filter({ hasText: title });
  await page.getByTestId('array-menu').click();
  await page.getByRole('menuitem', { name: item }).click();
  await dialog.waitFor();
  await animationsSettled(page);
  return dialog;
}

describe('arrays in the design editor', () => {
  const browser = useBrowser();

  it('refuses bad settings with the SPEC messages, makes, edits, turns circular, breaks apart and undoes an array', async () => {
    const { page } = await browser.open('/web/design');
    await drawRectangle(page, { rectangle: '矩形', select: '选择' });
    const dialog = await openArrayDialog(page, '阵列…', '矩形阵列');
    const ok = dialog.getByRole('button', { name: '确定' });
    const field = (name: string) => dialog.getByRole('spinbutton', { name, exact: true });

    await field('行数').fill('');
    await dialog.getByText('阵列行数和列数不能为空').waitFor();
    await expect.poll(() => ok.isDisabled()).toBe(true);
    await field('行数').fill('3');
    await field('行间距').fill('300');
    await dialog.getByText('行间距必须小于 300').waitFor();
    await field('列间距').fill('400');
    await dialog.getByText('列间距必须小于 400').waitFor();
    await expect.poll(() => ok.isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/array-errors-zh.png' });

    await field('行间距').fill('4');
    await field('列间距').fill('6');
    await field('列数').fill('2');
    await expect.poll(() => ok.isDisabled()).toBe(false);
    await dialog.getByText('共 6 个副本').waitFor();
    const grid = { rows: 3, columns: 2, rowSpacing: 4, columnSpacing: 6 };
    // the live preview: six copies on the canvas, none in a fourth row, the document still one rectangle
    await expect.poll(() => inkOnGridCopies(page, grid)).toEqual([true, true, true, true, true, true, false, false]);
    expect((await facts(page)).kinds).toEqual(['rect']);
    await page.screenshot({ path: '/tmp/array-preview-zh.png' });
    await ok.click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await facts(page)).array).toEqual({ kind: 'grid', ...grid });
    expect((await facts(page)).kinds).toEqual(['group']);
    await expect.poll(() => inkOnGridCopies(page, grid)).toEqual([true, true, true, true, true, true, false, false]);

    // the selected array opens for editing with its settings
    const edit = await openArrayDialog(page, '阵列…', '编辑阵列');
    await expect.poll(() => edit.getByRole('spinbutton', { name: '行数', exact: true }).inputValue()).toBe('3');
    await edit.getByRole('spinbutton', { name: '列数', exact: true }).fill('3');
    await edit.getByRole('button', { name: '确定' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await facts(page)).array).toMatchObject({ rows: 3, columns: 3 });
    await expect
      .poll(() => inkOnGridCopies(page, { ...grid, columns: 3 }))
      .toEqual([...Array(9).fill(true), false, false, false]);

    // the same object becomes a circular array
    const circular = await openArrayDialog(page, '阵列…', '编辑阵列');
    await circular.getByText('圆形阵列').click();
    await circular.getByRole('spinbutton', { name: '数量', exact: true }).fill('8');
    await circular.getByRole('spinbutton', { name: '半径', exact: true }).fill('60');
    await circular.getByText('共 8 个副本').waitFor();
    await page.screenshot({ path: '/tmp/array-circular-zh.png' });
    await circular.getByRole('button', { name: '确定' }).click();
    await circular.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await facts(page)).array)
      .toEqual({ kind: 'circular', count: 8, radius: 60, rotate: true });
    const arrayId = (await facts(page)).ids[0];

    // break apart: eight ordinary rectangles with ids of their own, all selected
    await page.getByTestId('array-menu').click();
    await page.getByRole('menuitem', { name: '打散阵列' }).click();
    await expect.poll(async () => (await facts(page)).kinds).toEqual(Array(8).fill('rect'));
    const broken = await facts(page);
    expect(new Set(broken.ids).size).toBe(8);
    expect(broken.selection).toBe(8);
    await page.screenshot({ path: '/tmp/array-broken-zh.png' });

    // one undo brings the array object back
    await page.getByRole('button', { name: '撤销' }).click();
    await expect.poll(async () => (await facts(page)).kinds).toEqual(['group']);
    expect((await facts(page)).ids).toEqual([arrayId]);
    expect((await facts(page)).array).toMatchObject({ kind: 'circular', count: 8 });
  });

  it('speaks English: the SPEC messages in English, and a grid array made from the selection', async () => {
    const { page } = await browser.open('/web/');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/web/design');
    await drawRectangle(page, { rectangle: 'Rectangle', select: 'Select' });
    const dialog = await openArrayDialog(page, 'Array…', 'Grid');
    const field = (name: string) => dialog.getByRole('spinbutton', { name, exact: true });
    await field('Columns').fill('');
    await dialog.getByText('Enter the number of rows and columns').waitFor();
    await field('Row spacing').fill('300');
    await dialog.getByText('Row spacing must be less than 300').waitFor();
    await field('Column spacing').fill('400');
    await dialog.getByText('Column spacing must be less than 400').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'OK' }).isDisabled()).toBe(true);
    await page.screenshot({ path: '/tmp/array-errors-en.png' });
    await field('Columns').fill('2');
    await field('Row spacing').fill('4');
    await field('Column spacing').fill('6');
    await field('Rows').fill('3');
    await dialog.getByText('6 copies in all').waitFor();
    await page.screenshot({ path: '/tmp/array-preview-en.png' });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await facts(page)).array)
      .toEqual({ kind: 'grid', rows: 3, columns: 2, rowSpacing: 4, columnSpacing: 6 });
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await facts(page)).kinds).toEqual(['rect']);
  });
});
