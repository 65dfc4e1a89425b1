import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './harness';
import { animationsSettled } from './support';

interface BitmapFacts {
  kinds: string[];
  layerModes: string[];
  selection: number;
  settings: Record<string, unknown> | null;
  crop: Record<string, number> | null;
  width: number | null;
}

/** What the running editor holds: its shapes, layers, selection and the first bitmap's settings. */
function facts(page: Page): Promise<BitmapFacts> {
  return page.evaluate(() => {
    interface PageEditor {
      doc: {
        shapes: { kind: string; width?: number; settings?: Record<string, unknown>; crop?: Record<string, number> }[];
        layers: { mode: string }[];
      };
      state: { selection: string[] };
    }
    const { editor } = (window as unknown as { __kerfDesign: { editor: PageEditor } }).__kerfDesign;
    const bitmap = editor.doc.shapes.find((s) => s.kind === 'bitmap');
    return {
      kinds: editor.doc.shapes.map((s) => s.kind),
      layerModes: editor.doc.layers.map((l) => l.mode),
      selection: editor.state.selection.length,
      settings: bitmap?.settings ?? null,
      crop: bitmap?.crop ?? null,
      width: bitmap?.width ?? null,
    };
  });
}

/**
 * A photo-like PNG drawn in the page: soft gradients (every grey from black to white) with a dark disc
 * and a light square, so dithering, brightness and tracing all have something to show.
 */
async function photo(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const ctx = canvas.getContext('2d')!;
      const sky = ctx.createLinearGradient(0, 0, w!, h!);
      sky.addColorStop(0, '#f4e3c1');
      sky.addColorStop(0.5, '#7a8fa6');
      sky.addColorStop(1, '#1c2430');
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, w!, h!);
      const glow = ctx.createRadialGradient(w! * 0.3, h! * 0.35, 0, w! * 0.3, h! * 0.35, h! * 0.3);
      glow.addColorStop(0, '#ffffff');
      glow.addColorStop(1, 'rgba(255,255,255,0)');
      ctx.fillStyle = glow;
      ctx.fillRect(0, 0, w!, h!);
      ctx.fillStyle = '#101010';
      ctx.beginPath();
      ctx.arc(w! * 0.68, h! * 0.55, h! * 0.22, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#fafafa';
      ctx.fillRect(w! * 0.08, h! * 0.62, w! * 0.22, h! * 0.25);
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    [width, height],
  );
  return Buffer.from(base64, 'base64');
}

async function importPhoto(page: Page, width: number, height: number) {
  await page.getByTestId('design-canvas').waitFor();
  const buffer = await photo(page, width, height);
  await page.getByTestId('design-import-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer });
  await expect.poll(async () => (await facts(page)).kinds, { timeout: 30_000 }).toEqual(['bitmap']);
  await expect.poll(async () => (await facts(page)).selection).toBe(1);
}

/** The preview's state and the sum of its greys, from the attributes the panel keeps on its canvas. */
async function previewFacts(panel: Locator): Promise<{ state: string | null; sum: number | null }> {
  const canvas = panel.getByTestId('bitmap-preview');
  const sum = await canvas.getAttribute('data-grey-sum');
  return { state: await canvas.getAttribute('data-state'), sum: sum === null ? null : Number(sum) };
}

/** The sum of the greys drawn on the preview canvas (its red channel: the preview is opaque grey). */
function drawnPreviewSum(panel: Locator): Promise<number> {
  return panel.getByTestId('bitmap-preview').evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let sum = 0;
    for (let i = 0; i < data.length; i += 4) sum += data[i]!;
    return sum;
  });
}

/**
 * Waits for a ready preview (other than `other`) and for the canvas to show it: the panel marks the
 * preview ready first and draws it (and sizes the canvas) in an effect after, so reads of the canvas's
 * pixels or size right after the mark could still see the previous picture.
 */
async function readyPreviewSum(panel: Locator, other?: number): Promise<number> {
  let ready = 0;
  await expect
    .poll(
      async () => {
        const p = await previewFacts(panel);
        if (p.state !== 'ready' || p.sum === null || p.sum === other) return false;
        ready = p.sum;
        return (await drawnPreviewSum(panel)) === ready;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return ready;
}

/** The distinct greys on the preview canvas (read back from its pixels). */
function previewGreys(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="bitmap-preview"]')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const greys = new Set<number>();
    for (let i = 0; i < data.length; i += 4) greys.add(data[i]!);
    return [...greys].sort((a, b) => a - b);
  });
}

async function pickOption(page: Page, select: Locator, title: string) {
  await select.click();
  const option = page.locator(`.ant-select-item-option[title="${title}"]`);
  await option.waitFor();
  await option.click();
}

describe('bitmaps in the design editor', () => {
  const browser = useBrowser();

  it('previews dither and brightness live in a worker, applies them as one step and undoes it', async () => {
    const { page } = await browser.open('/web/design');
    await importPhoto(page, 800, 600);
    await page.getByRole('button', { name: '位图设置' }).click();
    const panel = page.locator('.bitmap-panel');
    await panel.waitFor();
    await animationsSettled(page);
    const floyd = await readyPreviewSum(panel);
    // error diffusion: only black and white on the preview
    expect(await previewGreys(page)).toEqual([0, 255]);

    await pickOption(page, panel.getByRole('combobox', { name: '抖动方式' }), '灰度（按功率）');
    const greyscale = await readyPreviewSum(panel, floyd);
    expect((await previewGreys(page)).length).toBeGreaterThan(50);

    await panel.getByRole('spinbutton', { name: '亮度' }).fill('40');
    const brighter = await readyPreviewSum(panel, greyscale);
    expect(brighter).toBeGreaterThan(greyscale * 1.1);
    // the document is untouched until Apply
    expect((await facts(page)).settings).toMatchObject({ dither: 'floyd-steinberg' });
    expect((await facts(page)).settings?.brightness).toBeUndefined();
    await page.screenshot({ path: '/tmp/bitmap-panel-zh.png' });

    await panel.getByRole('button', { name: '应用' }).click();
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await facts(page)).settings).toMatchObject({ dither: 'greyscale', brightness: 40 });
    await page.screenshot({ path: '/tmp/bitmap-applied-zh.png' });

    await page.getByRole('button', { name: '撤销' }).click();
    await expect.poll(async () => (await facts(page)).settings).toMatchObject({ dither: 'floyd-steinberg' });
    expect((await facts(page)).settings?.brightness).toBeUndefined();
    expect((await facts(page)).kinds).toEqual(['bitmap']);
  });

  it('speaks English, crops and traces to a path on a cut layer in one undoable step', async () => {
    const { page } = await browser.open('/web/');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/web/design');
    await importPhoto(page, 800, 600);
    const fullWidth = (await facts(page)).width!;
    // a double click on the picture opens its settings (the bar's button does too)
    await page.getByRole('button', { name: 'Bitmap settings' }).waitFor();
    const centre = await page.evaluate(() => {
      interface PageEditor {
        state: { camera: { x: number; y: number; zoom: number } };
      }
      const { editor } = (window as unknown as { __kerfDesign: { editor: PageEditor } }).__kerfDesign;
      const box = document.querySelector('[data-testid="design-canvas"]')!.getBoundingClientRect();
      const { camera } = editor.state;
      return { x: box.left + 40 * camera.zoom + camera.x, y: box.top + 30 * camera.zoom + camera.y };
    });
    await page.mouse.dblclick(centre.x, centre.y);
    const panel = page.locator('.bitmap-panel');
    await panel.waitFor();
    await animationsSettled(page);
    const full = await readyPreviewSum(panel);
    const fullPreviewWidth = Number(await panel.getByTestId('bitmap-preview').getAttribute('width'));

    await pickOption(page, panel.getByRole('combobox', { name: 'Dithering' }), 'Threshold');
    const threshold = await readyPreviewSum(panel, full);
    expect(await previewGreys(page)).toEqual([0, 255]);
    await panel.getByRole('spinbutton', { name: 'Width', exact: true }).fill('400');
    await readyPreviewSum(panel, threshold);
    await expect
      .poll(async () => Number(await panel.getByTestId('bitmap-preview').getAttribute('width')))
      .toBeLessThan(fullPreviewWidth * 0.6);
    await page.screenshot({ path: '/tmp/bitmap-panel-en.png' });

    await panel.getByRole('button', { name: 'Trace to vectors' }).click();
    await panel.waitFor({ state: 'hidden', timeout: 30_000 });
    await expect.poll(async () => (await facts(page)).kinds).toEqual(['bitmap', 'path']);
    const traced = await facts(page);
    expect(traced.crop).toEqual({ x: 0, y: 0, width: 400, height: 600 });
    expect(traced.width).toBeCloseTo(fullWidth / 2, 5);
    expect(traced.layerModes).toContain('cut');
    await page.screenshot({ path: '/tmp/bitmap-traced-en.png' });

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await facts(page)).kinds).toEqual(['bitmap']);
    expect((await facts(page)).crop).toBeNull();
    expect((await facts(page)).width).toBeCloseTo(fullWidth, 5);
  });

  // a big photo is previewed reduced to the panel; how fast a 4000 × 3000 one follows a change is
  // measured by `npm run bench job` (the bitmap panel row), not here
  it('previews a big photo and follows a change', async () => {
    const { page } = await browser.open('/web/design');
    await importPhoto(page, 2400, 1800);
    await page.getByRole('button', { name: '位图设置' }).click();
    const panel = page.locator('.bitmap-panel');
    await panel.waitFor();
    const first = await readyPreviewSum(panel);
    await panel.getByRole('spinbutton', { name: '亮度' }).fill('-30');
    const darker = await readyPreviewSum(panel, first);
    expect(darker).toBeLessThan(first);
  });
});
