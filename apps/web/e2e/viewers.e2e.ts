import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { driveApi, type Entry, openDrive, PASSWORD, row, tempDir, tile, writeTemp } from './drive-support';
import { ffmpeg, still } from './fixtures';
import { useBrowser } from './harness';
import { animationsSettled, registerByApi, tokenByApi, uniqueEmail } from './support';

/** Screenshots of every viewer, in both languages, for a person to look at. */
const SHOTS = '/tmp/viewer-shots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await animationsSettled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/* ---- fixtures: real media made with ffmpeg, a real PDF written by hand ---- */

const SOFFICE = process.env.SOFFICE_PATH ?? '/usr/bin/soffice';

/** A tagged MP3 with a cover picture: a tone of `seconds`. */
function taggedMp3(
  dir: string,
  name: string,
  tags: { title: string; artist: string; album: string },
  tone: number,
  seconds: number,
) {
  const cover = join(dir, `${name}.cover.png`);
  ffmpeg('-f', 'lavfi', '-i', 'gradients=s=300x300:c0=0x86a500:c1=0x1d2633:n=2', '-frames:v', '1', cover);
  const path = join(dir, name);
  // biome-ignore format: ffmpeg arguments read best in pairs
  ffmpeg(
    '-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=${seconds}`,
    '-i', cover,
    '-map', '0:a', '-map', '1:v',
    '-c:a', 'libmp3lame', '-b:a', '64k', '-c:v', 'png', '-id3v2_version', '3',
    '-metadata', `title=${tags.title}`, '-metadata', `artist=${tags.artist}`, '-metadata', `album=${tags.album}`,
    '-metadata:s:v', 'comment=Cover (front)',
    '-disposition:v', 'attached_pic',
    path,
  );
  return readFileSync(path);
}

/** An H.264 MP4 (streamable, moov first) of an ffmpeg test pattern with a tone. */
function mp4(dir: string, name: string, pattern: string, seconds: number): Buffer {
  const path = join(dir, name);
  // biome-ignore format: ffmpeg arguments read best in pairs
  ffmpeg(
    '-f', 'lavfi', '-i', `${pattern}=size=640x360:rate=25:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`,
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest',
    '-movflags', '+faststart', path,
  );
  return readFileSync(path);
}

function avi(dir: string, name: string): Buffer {
  const path = join(dir, name);
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10:duration=1', '-c:v', 'mpeg4', path);
  return readFileSync(path);
}

/** A PDF of `pages` A4 pages, each with a green band and "Kerf page N" in Helvetica. */
function pdfDocument(pages: number): Buffer {
  const bodies = new Map<number, string>();
  const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 2);
  bodies.set(1, '<< /Type /Catalog /Pages 2 0 R >>');
  bodies.set(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`);
  bodies.set(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  pageIds.forEach((id, i) => {
    const content = `0.525 0.647 0 rg 56 720 483 70 re f BT /F1 40 Tf 0 0 0 rg 72 620 Td (Kerf page ${i + 1}) Tj ET BT /F1 14 Tf 72 580 Td (Cut list, plate 300 x 200, 3 mm) Tj ET`;
    bodies.set(
      id,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`,
    );
    bodies.set(id + 1, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  const count = bodies.size;
  for (let n = 1; n <= count; n++) {
    offsets[n] = Buffer.byteLength(out);
    out += `${n} 0 obj\n${bodies.get(n)}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${count + 1}\n0000000000 65535 f \n`;
  for (let n = 1; n <= count; n++) out += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${count + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A real .docx with a heading and a table, written by LibreOffice from HTML (its own profile, so it never meets the server's). */
function docx(dir: string, name: string): Buffer {
  const base = name.replace(/\.docx$/, '');
  const html = writeTemp(
    dir,
    `${base}.html`,
    `<html><body><h1>Cut list 切割清单</h1><p>Plates for the spring order, cut on the 6 kW fibre laser.</p>
<table border="1" cellpadding="6"><tr><th>Part</th><th>Material</th><th>Qty</th></tr>
<tr><td>Bracket A</td><td>3 mm steel</td><td>12</td></tr><tr><td>Cover plate</td><td>2 mm aluminium</td><td>4</td></tr></table></body></html>`,
  );
  execFileSync(
    SOFFICE,
    [
      `-env:UserInstallation=file://${dir}/lo-profile`,
      '--headless',
      '--convert-to',
      'docx:MS Word 2007 XML',
      '--outdir',
      dir,
      html,
    ],
    { stdio: 'pipe', timeout: 120_000 },
  );
  return readFileSync(join(dir, `${base}.docx`));
}

const fixtures: {
  dir: string;
  images: Array<{ name: string; bytes: Buffer }>;
  song: Buffer;
  second: Buffer;
  lrc: string;
  clipA: Buffer;
  clipB: Buffer;
  old: Buffer;
  pdf: Buffer;
  docx: Buffer;
} = {
  dir: '',
  images: [],
  song: Buffer.alloc(0),
  second: Buffer.alloc(0),
  lrc: '',
  clipA: Buffer.alloc(0),
  clipB: Buffer.alloc(0),
  old: Buffer.alloc(0),
  pdf: Buffer.alloc(0),
  docx: Buffer.alloc(0),
};

/* ---- helpers ---- */

const viewer = (page: Page) => page.locator('.viewer-overlay');

async function openFolder(page: Page, name: string) {
  await page.getByRole('button', { name: /刷新|Refresh/ }).click();
  await row(page, name).locator('.drive-name-cell__name').click();
  await page.waitForURL((url) => url.searchParams.get('filePath') === `/${name}`);
}

async function seed(api: ReturnType<typeof driveApi>, folder: string, files: Array<{ name: string; bytes: Buffer }>) {
  const parent = await api.folder(folder);
  const entries: Entry[] = [];
  for (const file of files) entries.push(await api.upload(file.name, file.bytes, parent.userFileId));
  return { parent, entries };
}

/** A public share of one entry for a day; its batch number. */
async function publicShare(api: ReturnType<typeof driveApi>, userFileId: string) {
  const shared = await api.call<{ shareBatchNum: string }>('POST', '/engine/share/sharefile', {
    endTime: new Date(Date.now() + 86_400_000).toISOString(),
    shareType: 0,
    remarks: '',
    files: JSON.stringify([{ userFileId }]),
  });
  expect(shared.code, shared.msg).toBe(0);
  return shared.data;
}

/**
 * Opens an entry by its name. (A double click can land on the row above: selecting a row grows the
 * drive's toolbar when its batch buttons wrap, which moves the list under the pointer.)
 */
async function openByName(page: Page, name: string) {
  await row(page, name).locator('.drive-name-cell__name').click();
}

/** The image shown on the stage. */
const stageImage = (page: Page) => viewer(page).locator('.viewer-image__img');

async function imageLoaded(img: Locator) {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 15_000 })
    .toBe(true);
}

/** Whether a canvas has drawn anything but white. */
function canvasHasInk(canvas: Locator): Promise<boolean> {
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const ctx = el.getContext('2d');
    if (!ctx) return false;
    const { data } = ctx.getImageData(0, 0, el.width, el.height);
    for (let i = 0; i < data.length; i += 4 * 97) {
      if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) return true;
    }
    return false;
  });
}

describe('viewers: images, video, audio, PDF, office, shares', () => {
  const browser = useBrowser();

  beforeAll(() => {
    const dir = tempDir('viewers');
    fixtures.dir = dir;
    fixtures.images = [
      { name: 'a-pattern.png', bytes: still(dir, 'a-pattern.png', 'testsrc2=size=640x400') },
      { name: 'b-bars.jpg', bytes: still(dir, 'b-bars.jpg', 'smptebars=size=400x600') },
      { name: 'c-fractal.png', bytes: still(dir, 'c-fractal.png', 'mandelbrot=size=500x500') },
      { name: 'd-plate.bmp', bytes: still(dir, 'd-plate.bmp', 'testsrc=size=320x240') },
    ];
    fixtures.song = taggedMp3(
      dir,
      'song.mp3',
      { title: 'Kerf Test Song', artist: 'Kerf Band', album: 'Workshop Sessions' },
      440,
      8,
    );
    fixtures.second = taggedMp3(
      dir,
      'second.mp3',
      { title: 'Second Track', artist: 'Laser Choir', album: 'Offcuts' },
      660,
      5,
    );
    fixtures.lrc = [
      '[ti:Kerf Test Song]',
      '[00:00.00]第一行 The first line',
      '[00:02.00]第二行 The second line',
      '[00:04.00]第三行 The third line',
      '[00:06.00]第四行 The last line',
    ].join('\n');
    fixtures.clipA = mp4(dir, 'clip-a.mp4', 'testsrc2', 4);
    fixtures.clipB = mp4(dir, 'clip-b.mp4', 'smptebars', 3);
    fixtures.old = avi(dir, 'archive.avi');
    fixtures.pdf = pdfDocument(3);
    fixtures.docx = docx(dir, 'Cut list.docx');
  }, 180_000);

  it('image overlay: zoom and its limits, rotation, page number, arrows and the thumbnail strip', async () => {
    const { page, api } = await openDrive(browser);
    await seed(api, 'Photos', [...fixtures.images, { name: 'notes.txt', bytes: Buffer.from('not an image\n') }]);
    await openFolder(page, 'Photos');
    await row(page, 'a-pattern.png').dblclick();

    await page.getByRole('dialog', { name: '预览：a-pattern.png' }).waitFor();
    const dialog = viewer(page);
    await imageLoaded(stageImage(page));
    const zoom = dialog.getByLabel('缩放比例');
    await expect.poll(() => zoom.textContent()).toBe('100%');
    // the page box says where we are, of the folder's four images (the text file is not one)
    const pageBox = dialog.getByLabel('跳转到第几张，共 4 张');
    await expect.poll(() => pageBox.inputValue()).toBe('1');
    await expect.poll(() => dialog.locator('.viewer-strip__item').count()).toBe(4);
    await shot(page, 'image-zh');

    // zoom: buttons step 10 %, the wheel too, and 1–200 % are the limits
    await dialog.getByRole('button', { name: '放大' }).click();
    await expect.poll(() => zoom.textContent()).toBe('110%');
    const stage = dialog.locator('.viewer-image__stage');
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -100);
    await expect.poll(() => zoom.textContent()).toBe('120%');
    await page.mouse.wheel(0, 100);
    await expect.poll(() => zoom.textContent()).toBe('110%');
    for (let i = 0; i < 12; i++) await page.keyboard.press('-');
    await expect.poll(() => zoom.textContent()).toBe('1%');
    await expect.poll(() => dialog.getByRole('button', { name: '缩小' }).isDisabled()).toBe(true);
    for (let i = 0; i < 25; i++) await page.keyboard.press('=');
    await expect.poll(() => zoom.textContent()).toBe('200%');
    await expect.poll(() => dialog.getByRole('button', { name: '放大' }).isDisabled()).toBe(true);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => zoom.textContent()).toBe('200%');
    await expect.poll(() => stageImage(page).evaluate((el) => el.style.transform)).toContain('scale(2)');

    // rotation by quarter turns, both ways; reset puts it back
    await dialog.getByRole('button', { name: '向右旋转' }).click();
    await expect.poll(() => stageImage(page).evaluate((el) => el.style.transform)).toContain('rotate(90deg)');
    await dialog.getByRole('button', { name: '向左旋转' }).click();
    await dialog.getByRole('button', { name: '向左旋转' }).click();
    await expect.poll(() => stageImage(page).evaluate((el) => el.style.transform)).toContain('rotate(-90deg)');
    await dialog.getByRole('button', { name: '还原大小和方向' }).click();
    await expect.poll(() => zoom.textContent()).toBe('100%');
    await expect.poll(() => stageImage(page).evaluate((el) => el.style.transform)).toContain('rotate(0deg)');

    // SPEC §5: the page number is held to 1..count
    await pageBox.fill('99');
    await pageBox.press('Enter');
    await page.getByRole('dialog', { name: '预览：d-plate.bmp' }).waitFor();
    await expect.poll(() => pageBox.inputValue()).toBe('4');
    await imageLoaded(stageImage(page));
    await pageBox.fill('0');
    await pageBox.press('Enter');
    await page.getByRole('dialog', { name: '预览：a-pattern.png' }).waitFor();
    await expect.poll(() => pageBox.inputValue()).toBe('1');

    // arrows browse, round the ends; the strip follows
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: '预览：b-bars.jpg' }).waitFor();
    await expect
      .poll(() => dialog.locator('.viewer-strip__item[aria-current="true"]').getAttribute('aria-label'))
      .toBe('第 2 张：b-bars.jpg');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: '预览：d-plate.bmp' }).waitFor();
    await dialog.getByRole('button', { name: '下一张' }).click();
    await page.getByRole('dialog', { name: '预览：a-pattern.png' }).waitFor();
    // a thumbnail picks its image
    await dialog.getByRole('button', { name: '第 3 张：c-fractal.png' }).click();
    await page.getByRole('dialog', { name: '预览：c-fractal.png' }).waitFor();
    const thumbs = dialog.locator('.viewer-strip__item img');
    for (let i = 0; i < 4; i++) await imageLoaded(thumbs.nth(i));
    await expect.poll(() => thumbs.first().getAttribute('src')).toContain('isMin=true');
  });

  it('image overlay: full screen, the strip hidden across a reload, double-click zoom, Esc and a click beside the image', async () => {
    const { page, api } = await openDrive(browser);
    await seed(api, 'Photos', fixtures.images);
    await openFolder(page, 'Photos');
    await row(page, 'c-fractal.png').dblclick();
    await page.getByRole('dialog', { name: '预览：c-fractal.png' }).waitFor();
    const dialog = viewer(page);
    await imageLoaded(stageImage(page));
    const zoom = dialog.getByLabel('缩放比例');
    const stage = dialog.locator('.viewer-image__stage');

    // the whole screen, and back
    await dialog.getByRole('button', { name: '全屏' }).click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.className ?? ''))
      .toContain('viewer-overlay');
    await dialog.getByRole('button', { name: '退出全屏' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

    // the strip hides, and stays hidden after a reload
    await dialog.getByRole('button', { name: '隐藏缩略图' }).click();
    await dialog.locator('.viewer-strip').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await viewer(page).waitFor({ state: 'detached' });
    await page.reload();
    await row(page, 'b-bars.jpg').dblclick();
    await page.getByRole('dialog', { name: '预览：b-bars.jpg' }).waitFor();
    await dialog.getByRole('button', { name: '显示缩略图' }).waitFor();
    await expect.poll(() => dialog.locator('.viewer-strip').count()).toBe(0);
    await dialog.getByRole('button', { name: '显示缩略图' }).click();
    await dialog.locator('.viewer-strip').waitFor();

    // a double click on the image zooms to 200 % and back; a click on it does not close
    await imageLoaded(stageImage(page));
    await stageImage(page).dblclick();
    await expect.poll(() => zoom.textContent()).toBe('200%');
    await stageImage(page).dblclick();
    await expect.poll(() => zoom.textContent()).toBe('100%');
    await expect.poll(() => viewer(page).count()).toBe(1);
    // the page behind is out of reach while the viewer is open
    await expect.poll(() => page.locator('#root').evaluate((el: HTMLElement) => el.inert)).toBe(true);
    // a click beside the image closes (once the zoom has eased back)
    await animationsSettled(page);
    const around = (await stage.boundingBox())!;
    await page.mouse.click(around.x + 120, around.y + 24);
    await viewer(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('#root').evaluate((el: HTMLElement) => el.inert)).toBe(false);
  });

  it('image overlay in English, from the images view, and grid thumbnails with icons as the fallback', async () => {
    const { page, api } = await openDrive(browser, { locale: 'en' });
    const { entries } = await seed(api, 'Parts', [
      ...fixtures.images,
      { name: 'clip-a.mp4', bytes: fixtures.clipA },
      { name: 'notes.txt', bytes: Buffer.from('text\n') },
    ]);
    await api.upload('top.png', fixtures.images[2]!.bytes);

    // fileType 1 lists every image of the drive; the overlay shows them all
    await page.goto('/web/workbench?fileType=1');
    await row(page, 'a-pattern.png').locator('.drive-name-cell__name').click();
    await page.getByRole('dialog', { name: 'Preview: a-pattern.png' }).waitFor();
    const dialog = viewer(page);
    await dialog.getByLabel('Go to image, of 5').waitFor();
    await imageLoaded(stageImage(page));
    await dialog.getByRole('button', { name: 'Rotate right' }).click();
    await shot(page, 'image-rotated-en');
    await page.keyboard.press('Escape');
    await viewer(page).waitFor({ state: 'detached' });

    // the grid shows thumbnails of images and of the mp4, and the icon for the rest
    await page.goto(
      `/web/workbench?${new URLSearchParams({ fileType: '0', filePath: '/Parts', folderId: entries[0]!.folderId })}`,
    );
    await page.getByRole('button', { name: 'Grid view' }).click();
    await tile(page, 'a-pattern.png').waitFor();
    for (const name of ['a-pattern.png', 'd-plate.bmp', 'clip-a.mp4']) {
      const img = tile(page, name).locator('img.drive-tile__img');
      await imageLoaded(img);
      await expect.poll(() => img.getAttribute('src')).toContain('isMin=true');
      await expect.poll(() => img.getAttribute('loading')).toBe('lazy');
    }
    await expect.poll(() => tile(page, 'clip-a.mp4').locator('.drive-tile__play').count()).toBe(1);
    await expect.poll(() => tile(page, 'notes.txt').locator('img').count()).toBe(0);
    await expect.poll(() => tile(page, 'notes.txt').locator('.file-icon').count()).toBe(1);
    await shot(page, 'grid-thumbnails-en');

    // Enter on a selected tile opens the viewer
    await tile(page, 'c-fractal.png').click();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Preview: c-fractal.png' }).waitFor();
    await page.keyboard.press('Escape');
  });
  it('video: the folder as a playlist, byte-range streaming, speeds applied, types that cannot play, folding at 768 px', async () => {
    const { page, api } = await openDrive(browser);
    const { entries } = await seed(api, 'Clips', [
      { name: 'clip-a.mp4', bytes: fixtures.clipA },
      { name: 'clip-b.mp4', bytes: fixtures.clipB },
      { name: 'archive.avi', bytes: fixtures.old },
      { name: 'readme.txt', bytes: Buffer.from('not a video\n') },
    ]);
    await openFolder(page, 'Clips');
    await row(page, 'clip-a.mp4').dblclick();
    await page.getByRole('dialog', { name: '预览：clip-a.mp4' }).waitFor();
    const dialog = viewer(page);
    const video = dialog.locator('video');
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.videoWidth), { timeout: 15_000 }).toBe(640);
    // the source answers byte ranges, which is how the browser streams and seeks
    const ranged = await video.evaluate(async (el: HTMLVideoElement) => {
      const res = await fetch(el.currentSrc, { headers: { Range: 'bytes=0-99' } });
      return { status: res.status, length: (await res.arrayBuffer()).byteLength };
    });
    expect(ranged).toEqual({ status: 206, length: 100 });
    // SPEC §9: 16:9
    const stage = dialog.locator('.viewer-video__stage');
    await expect
      .poll(async () => {
        const box = await stage.boundingBox();
        return box ? box.width / box.height : 0;
      })
      .toBeCloseTo(16 / 9, 1);

    // the folder's videos, those the browser cannot play tagged
    const list = dialog.getByRole('list', { name: '播放列表' });
    await expect
      .poll(() => list.locator('.viewer-playlist__name').allTextContents())
      .toEqual(['archive.avi', 'clip-a.mp4', 'clip-b.mp4']);
    await expect.poll(() => list.locator('li').filter({ hasText: 'archive.avi' }).textContent()).toContain('仅可下载');
    await expect.poll(() => list.locator('[aria-current="true"]').textContent()).toContain('clip-a.mp4');

    // SPEC §9 speeds, applied to the <video> and kept for the next one
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.playbackRate)).toBe(1);
    await dialog.getByText('1.5×', { exact: true }).click();
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.playbackRate)).toBe(1.5);
    await shot(page, 'video-zh');
    await list.getByRole('button', { name: /clip-b\.mp4/ }).click();
    await page.getByRole('dialog', { name: '预览：clip-b.mp4' }).waitFor();
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentSrc)).toContain(entries[1]!.userFileId);
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.playbackRate)).toBe(1.5);
    await dialog.getByText('2×', { exact: true }).click();
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.playbackRate)).toBe(2);
    await dialog.getByText('0.5×', { exact: true }).click();
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.playbackRate)).toBe(0.5);

    // Space toggles play and pause
    // (from a known state: read once, autoplay may still be starting, or the short clip ending)
    const paused = () => video.evaluate((el: HTMLVideoElement) => el.paused);
    await video.evaluate((el: HTMLVideoElement) => {
      el.pause();
      el.currentTime = 0;
    });
    await page.keyboard.press(' ');
    await expect.poll(paused).toBe(false);
    await page.keyboard.press(' ');
    await expect.poll(paused).toBe(true);

    // a type the browser cannot play says so and offers the download
    await list.getByRole('button', { name: /archive\.avi/ }).click();
    await dialog.getByText('浏览器无法播放 AVI 格式的视频').waitFor();
    await expect.poll(() => dialog.locator('video').count()).toBe(0);
    await dialog.locator('.viewer-notice').getByRole('button', { name: '下载' }).waitFor();
    await shot(page, 'video-cannot-play-zh');

    // SPEC §9: at 768 px or less the playlist folds away
    await list.getByRole('button', { name: /clip-a\.mp4/ }).click();
    await page.setViewportSize({ width: 768, height: 900 });
    await list.waitFor({ state: 'detached' });
    const unfold = dialog.getByRole('button', { name: '展开播放列表' });
    await unfold.click();
    await list.waitFor();
    await shot(page, 'video-folded-zh');
    await dialog.getByRole('button', { name: '收起播放列表' }).click();
    await list.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 769, height: 900 });
    await list.waitFor();
    await expect.poll(() => unfold.count()).toBe(0);

    await page.keyboard.press('Escape');
    await viewer(page).waitFor({ state: 'detached' });
  });

  /** A drive with a Music folder (a tagged song with lyrics, a second track), the song open in the viewer. */
  async function openSong() {
    const { page, api } = await openDrive(browser);
    await seed(api, 'Music', [
      { name: 'song.mp3', bytes: fixtures.song },
      { name: 'song.lrc', bytes: Buffer.from(fixtures.lrc) },
      { name: 'second.mp3', bytes: fixtures.second },
    ]);
    await openFolder(page, 'Music');
    await row(page, 'song.mp3').dblclick();
    await page.getByRole('dialog', { name: '预览：song.mp3' }).waitFor();
    const dialog = viewer(page);
    return { page, dialog, audio: dialog.locator('audio') };
  }

  it('audio: tags, cover and lyrics beside the file, the sung line highlighted; keys and volume', async () => {
    const { page, dialog, audio } = await openSong();

    // SPEC §3 audio info, read from the tags on the server
    await dialog.locator('.viewer-audio__title').filter({ hasText: 'Kerf Test Song' }).waitFor();
    await expect.poll(() => dialog.locator('[data-fact="artist"]').textContent()).toBe('Kerf Band');
    await expect.poll(() => dialog.locator('[data-fact="album"]').textContent()).toBe('Workshop Sessions');
    await expect.poll(() => dialog.locator('[data-fact="duration"]').textContent()).toBe('0:08');
    await imageLoaded(dialog.getByRole('img', { name: '专辑封面' }));

    // the lyrics of song.lrc; the line being sung is highlighted and moves on
    const lines = dialog.getByRole('list', { name: '歌词' }).locator('li');
    await expect.poll(() => lines.count()).toBe(4);
    const current = dialog.locator('.viewer-lyrics li[aria-current="true"]');
    await expect.poll(() => current.textContent(), { timeout: 10_000 }).toBe('第一行 The first line');
    await expect.poll(() => current.textContent(), { timeout: 10_000 }).toBe('第二行 The second line');
    await shot(page, 'audio-zh');

    // Space plays and pauses. Paused and rewound first: on a loaded machine the 8 s song could reach
    // its end before a press, and the next track's loading would start or stop it on its own.
    await audio.evaluate((el: HTMLAudioElement) => {
      el.pause();
      el.currentTime = 0;
    });
    await dialog.getByRole('button', { name: '播放', exact: true }).waitFor();
    await page.keyboard.press(' ');
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(false);
    await dialog.getByRole('button', { name: '暂停', exact: true }).waitFor();
    await page.keyboard.press(' ');
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);

    // volume: 0.5 to start, Up/Down by 0.1 within 0–1, the icon toggles 0 and 0.5
    const volume = () => audio.evaluate((el: HTMLAudioElement) => el.volume);
    await expect.poll(() => volume()).toBe(0.5);
    await page.keyboard.press('ArrowUp');
    await expect.poll(volume).toBe(0.6);
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowUp');
    await expect.poll(volume).toBe(1);
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(volume).toBe(0);
    await dialog.getByRole('button', { name: '取消静音' }).click();
    await expect.poll(volume).toBe(0.5);
    await dialog.getByRole('button', { name: '静音' }).click();
    await expect.poll(volume).toBe(0);
    const handle = dialog.getByRole('slider', { name: '音量' });
    await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('0');
    await dialog.getByRole('button', { name: '取消静音' }).click();
    await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('0.5');
    // the progress moves in hundredths of the track
    const seek = dialog.getByRole('slider', { name: '播放进度' });
    await expect.poll(async () => Number(await seek.getAttribute('aria-valuemax'))).toBeGreaterThan(7.5);
  });

  it('audio: play modes, the folder as the playlist, arrows change the track, the next one starts at the end', async () => {
    const { page, dialog, audio } = await openSong();
    await dialog.locator('.viewer-audio__title').filter({ hasText: 'Kerf Test Song' }).waitFor();

    // the play mode steps 1 → 2 → 3 → 1
    const mode = dialog.locator('.viewer-audio__mode');
    const modeNow = async () => [await mode.getAttribute('data-mode'), await mode.getAttribute('aria-label')];
    const steps = [
      ['1', '播放模式：列表循环'],
      ['2', '播放模式：单曲循环'],
      ['3', '播放模式：随机播放'],
      ['1', '播放模式：列表循环'],
    ];
    for (const [i, step] of steps.entries()) {
      if (i > 0) await mode.click();
      await expect.poll(modeNow).toEqual(step);
    }

    // Right and Left change the track; the playlist is the folder's audio
    const list = dialog.getByRole('list', { name: '播放列表' });
    await expect
      .poll(() => list.locator('.viewer-playlist__name').allTextContents())
      .toEqual(['second.mp3', 'song.mp3']);
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: '预览：second.mp3' }).waitFor();
    await dialog.locator('.viewer-audio__title').filter({ hasText: 'Second Track' }).waitFor();
    await expect.poll(() => dialog.locator('[data-fact="artist"]').textContent()).toBe('Laser Choir');
    await dialog.getByText('暂无歌词').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: '预览：song.mp3' }).waitFor();

    // at the end of a track the next one starts (list loop: after the last comes the first)
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState >= 1)).toBe(true);
    await audio.evaluate((el: HTMLAudioElement) => {
      el.currentTime = el.duration - 0.3;
    });
    await page.getByRole('dialog', { name: '预览：second.mp3' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => !el.paused)).toBe(true);

    await page.keyboard.press('Escape');
    await viewer(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('audio').count()).toBe(0);
  });

  it('PDF opens in a new tab in the app viewer: the drive stays, the pages are drawn, the title is the name', async () => {
    const { page, context, api } = await openDrive(browser);
    await api.upload('Cut plan.pdf', fixtures.pdf);
    await page.getByRole('button', { name: '刷新' }).click();
    const opened = context.waitForEvent('page');
    await row(page, 'Cut plan.pdf').dblclick();
    const tab = await opened;
    await tab.waitForURL(/\/web\/pdf\?/);
    // the drive stays as it was
    await expect.poll(() => viewer(page).count()).toBe(0);

    const first = tab.locator('.pdf-page[data-page="1"] canvas');
    await first.waitFor({ timeout: 20_000 });
    await expect.poll(() => canvasHasInk(first)).toBe(true);
    await expect.poll(() => tab.locator('.pdf-page').count()).toBe(3);
    await expect.poll(() => tab.title()).toBe('Cut plan.pdf');
    await expect.poll(() => tab.getByLabel('跳转到第几页，共 3 页').inputValue()).toBe('1');
    await shot(tab, 'pdf-tab-zh');
  });

  it('PDF viewer: the page number is held to 1..count and the page drawn; zoom steps from the fit', async () => {
    const email = uniqueEmail('pdf');
    await registerByApi(email, PASSWORD);
    const token = await tokenByApi(email, PASSWORD);
    const { userFileId } = await driveApi(token).upload('Cut plan.pdf', fixtures.pdf);
    const { page: tab } = await browser.open(`/web/pdf?${new URLSearchParams({ userFileId, name: 'Cut plan.pdf' })}`, {
      token,
    });
    await tab.locator('.pdf-page[data-page="1"] canvas').waitFor({ timeout: 20_000 });
    const pageBox = tab.getByLabel('跳转到第几页，共 3 页');
    await expect.poll(() => pageBox.inputValue()).toBe('1');

    // SPEC §5 clamping on the page box too; the page is scrolled to and drawn
    await pageBox.fill('9');
    await pageBox.press('Enter');
    await expect.poll(() => pageBox.inputValue()).toBe('3');
    const last = tab.locator('.pdf-page[data-page="3"] canvas');
    await last.waitFor();
    await expect.poll(() => canvasHasInk(last)).toBe(true);
    await tab.getByRole('button', { name: '上一页' }).click();
    await expect.poll(() => pageBox.inputValue()).toBe('2');

    // zoom by steps from the automatic fit
    const width = async () => (await tab.locator('.pdf-page[data-page="2"]').boundingBox())!.width;
    const before = await width();
    await tab.getByRole('button', { name: '放大' }).click();
    await expect.poll(width).toBeGreaterThan(before * 1.1);
    await expect.poll(() => tab.locator('.pdf-bar__zoom').textContent()).toBe('150%');
    await expect.poll(() => pageBox.inputValue()).toBe('2');
  });

  it('office: a new, empty docx previews through the server conversion, with a wait message', async () => {
    const { page, api } = await openDrive(browser);
    const created = await api.call<Entry>('POST', '/engine/file/createFile', { folderId: '0', fileName: 'x.docx' });
    expect(created.code, created.msg).toBe(0);
    await page.getByRole('button', { name: '刷新' }).click();
    await row(page, 'x.docx').waitFor();
    await animationsSettled(page);

    await row(page, 'x.docx').dblclick();
    await page.getByRole('dialog', { name: '预览：x.docx' }).waitFor();
    const dialog = viewer(page);
    await dialog.getByText('正在把文档转换为可预览的格式，请稍候…').waitFor();
    await dialog.locator('.pdf-page[data-page="1"] canvas').waitFor({ timeout: 45_000 });
    await page.keyboard.press('Escape');
    await viewer(page).waitFor({ state: 'detached' });
  });

  it('office: a written docx previews in the same viewer, its text drawn', async () => {
    const { page, api } = await openDrive(browser);
    await api.upload('Cut list.docx', fixtures.docx);
    await page.getByRole('button', { name: '刷新' }).click();
    await row(page, 'Cut list.docx').waitFor();
    await animationsSettled(page);

    await row(page, 'Cut list.docx').dblclick();
    await page.getByRole('dialog', { name: '预览：Cut list.docx' }).waitFor();
    const dialog = viewer(page);
    const canvas = dialog.locator('.pdf-page[data-page="1"] canvas');
    await canvas.waitFor({ timeout: 45_000 });
    await expect.poll(() => canvasHasInk(canvas)).toBe(true);
    await shot(page, 'office-zh');
    await dialog.getByRole('button', { name: '关闭' }).click();
    await viewer(page).waitFor({ state: 'detached' });
  });

  it('share page: a read-only image overlay with the share’s thumbnails', async () => {
    const owner = await openDrive(browser);
    const { parent } = await seed(owner.api, 'Shared photos', fixtures.images.slice(0, 3));
    const shared = { data: await publicShare(owner.api, parent.userFileId) };

    // someone signed out opens the link
    const { page } = await browser.open(`/web/share/${shared.data.shareBatchNum}`);
    await row(page, 'Shared photos').locator('.drive-name-cell__name').click();
    await row(page, 'b-bars.jpg').locator('.drive-name-cell__name').click();
    await page.getByRole('dialog', { name: '预览：b-bars.jpg' }).waitFor();
    const dialog = viewer(page);
    await imageLoaded(stageImage(page));
    await expect
      .poll(() => stageImage(page).getAttribute('src'))
      .toContain(`shareBatchNum=${shared.data.shareBatchNum}`);
    const thumbs = dialog.locator('.viewer-strip__item img');
    await expect.poll(() => thumbs.count()).toBe(3);
    for (let i = 0; i < 3; i++) await imageLoaded(thumbs.nth(i));
    await dialog.getByRole('button', { name: '放大' }).click();
    await expect.poll(() => dialog.getByLabel('缩放比例').textContent()).toBe('110%');
    // read-only: look and download, nothing else
    await expect.poll(() => dialog.getByRole('button', { name: /删除|重命名|编辑/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: '下载' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: '预览：c-fractal.png' }).waitFor();
    await shot(page, 'share-image-zh');
    await page.keyboard.press('Escape');
    await viewer(page).waitFor({ state: 'detached' });
  });

  it('share page: a shared PDF opens in a new tab with the way back to the share', async () => {
    const owner = await openDrive(browser);
    const { parent } = await seed(owner.api, 'Shared plans', [{ name: 'plan.pdf', bytes: fixtures.pdf }]);
    const shared = { data: await publicShare(owner.api, parent.userFileId) };

    const { page, context } = await browser.open(`/web/share/${shared.data.shareBatchNum}`);
    await row(page, 'Shared plans').locator('.drive-name-cell__name').click();
    const opened = context.waitForEvent('page');
    await row(page, 'plan.pdf').locator('.drive-name-cell__name').click();
    const tab = await opened;
    await tab.waitForURL(new RegExp(`/web/share/${shared.data.shareBatchNum}/pdf\\?`));
    const first = tab.locator('.pdf-page[data-page="1"] canvas');
    await first.waitFor({ timeout: 20_000 });
    await expect.poll(() => canvasHasInk(first)).toBe(true);
    await tab.getByRole('button', { name: '返回分享页' }).waitFor();
  });

  it('OnlyOffice route: asks for the configuration, says when no document server is set up, offers the PDF preview', async () => {
    const { page, api } = await openDrive(browser);
    const created = await api.call<Entry>('POST', '/engine/file/createFile', { folderId: '0', fileName: 'memo.docx' });
    expect(created.code, created.msg).toBe(0);

    const asked = page.waitForRequest((request) => request.url().includes('/cloud-api/engine/onlyoffice/config'));
    await page.goto(`/web/onlyoffice?userFileId=${created.data.userFileId}&ot=edit`);
    const call = new URL((await asked).url());
    expect(Object.fromEntries(call.searchParams)).toEqual({ userFileId: created.data.userFileId, ot: 'edit' });
    await page.getByText('在线文档服务不可用').waitFor();
    await page.getByText('未配置在线文档服务').waitFor();
    await shot(page, 'onlyoffice-off-zh');
    await page.getByRole('button', { name: '以 PDF 方式预览' }).click();
    await page.waitForURL(/\/web\/pdf\?.*source=office/);
    await page.locator('.pdf-page[data-page="1"] canvas').waitFor({ timeout: 45_000 });
    await expect.poll(() => page.title()).toBe('memo.pdf');

    // ot=add: the server refuses before creating anything
    const adding = page.waitForRequest((request) => request.url().includes('/cloud-api/engine/onlyoffice/add'));
    await page.goto('/web/onlyoffice?ot=add&fileName=Quote&filePath=/&extendName=xlsx');
    expect((await adding).postDataJSON()).toEqual({ folderId: '0', fileName: 'Quote', extendName: 'xlsx' });
    await page.getByText('未配置在线文档服务').waitFor();
    await expect.poll(() => page.getByRole('button', { name: '以 PDF 方式预览' }).count()).toBe(0);
    expect((await api.list()).map((entry) => entry.fileName)).toEqual(['memo.docx']);
  });

  it('video in English', async () => {
    const { page, api } = await openDrive(browser, { locale: 'en' });
    await seed(api, 'Clips', [
      { name: 'clip-a.mp4', bytes: fixtures.clipA },
      { name: 'clip-b.mp4', bytes: fixtures.clipB },
    ]);
    await openFolder(page, 'Clips');

    await openByName(page, 'clip-a.mp4');
    const dialog = viewer(page);
    await page.getByRole('dialog', { name: 'Preview: clip-a.mp4' }).waitFor();
    await expect.poll(() => dialog.locator('video').evaluate((el: HTMLVideoElement) => el.videoWidth)).toBe(640);
    await dialog.getByText('1.5×', { exact: true }).click();
    await dialog.getByRole('list', { name: 'Playlist' }).waitFor();
    await shot(page, 'video-en');
  });

  it('audio in English, on a desktop and a phone', async () => {
    const { page, api } = await openDrive(browser, { locale: 'en' });
    await seed(api, 'Songs', [
      { name: 'song.mp3', bytes: fixtures.song },
      { name: 'song.lrc', bytes: Buffer.from(fixtures.lrc) },
    ]);
    await openFolder(page, 'Songs');
    const dialog = viewer(page);

    await openByName(page, 'song.mp3');
    await page.getByRole('dialog', { name: 'Preview: song.mp3' }).waitFor();
    await dialog.locator('.viewer-audio__title').filter({ hasText: 'Kerf Test Song' }).waitFor();
    const current = dialog.locator('.viewer-lyrics li[aria-current="true"]');
    await expect.poll(() => current.textContent(), { timeout: 10_000 }).toBe('第二行 The second line');
    await dialog.getByRole('button', { name: 'Play mode: Repeat all' }).click();
    await dialog.getByRole('button', { name: 'Play mode: Repeat one' }).waitFor();
    await shot(page, 'audio-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'audio-narrow-en');
  });

  it('office, PDF and the OnlyOffice page in English', async () => {
    const { page, context, api } = await openDrive(browser, { locale: 'en' });
    await seed(api, 'Documents', [
      { name: 'Cut plan.pdf', bytes: fixtures.pdf },
      { name: 'Cut list.docx', bytes: fixtures.docx },
    ]);
    await openFolder(page, 'Documents');

    await openByName(page, 'Cut list.docx');
    await page.getByRole('dialog', { name: 'Preview: Cut list.docx' }).waitFor();
    await viewer(page).locator('.pdf-page[data-page="1"] canvas').waitFor({ timeout: 45_000 });
    await shot(page, 'office-en');
    await page.keyboard.press('Escape');

    const opened = context.waitForEvent('page');
    await openByName(page, 'Cut plan.pdf');
    const tab = await opened;
    await tab.locator('.pdf-page[data-page="1"] canvas').waitFor({ timeout: 20_000 });
    await tab.getByLabel('Go to page, of 3').waitFor();
    await shot(tab, 'pdf-tab-en');
    await tab.close();

    await page.goto('/web/onlyoffice?userFileId=00000000-0000-4000-8000-000000000000&ot=detail');
    await page.getByText('Online documents are not available').waitFor();
    await shot(page, 'onlyoffice-off-en');
  });
});
