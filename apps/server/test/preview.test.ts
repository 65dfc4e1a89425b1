import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PREVIEW_PATHS, SHARE_PATHS, THUMBNAIL_PX } from '@kerf/contract';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../src/infra/blob/index.js';
import { findProgram } from '../src/modules/preview/programs.js';
import { call } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople, sha256, zipNames } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const ffmpeg = findProgram('ffmpeg');
const libreoffice = findProgram('soffice', 'libreoffice');
const SECRET = 'a-test-secret-of-enough-length';

/** An ID3v2.3 tag (UTF-16 text frames and a cover) followed by silent MPEG-1 layer III frames. */
function taggedMp3(tags: { title: string; artist: string; album: string; cover: Buffer }, frames = 100): Buffer {
  const text = (id: string, value: string) => {
    const body = Buffer.concat([Buffer.from([1, 0xff, 0xfe]), Buffer.from(value, 'utf16le')]);
    return frame(id, body);
  };
  const frame = (id: string, body: Buffer) => {
    const head = Buffer.alloc(10);
    head.write(id, 0, 'latin1');
    head.writeUInt32BE(body.length, 4);
    return Buffer.concat([head, body]);
  };
  const apic = frame(
    'APIC',
    Buffer.concat([Buffer.from([0]), Buffer.from('image/png\0', 'latin1'), Buffer.from([3, 0]), tags.cover]),
  );
  const body = Buffer.concat([text('TIT2', tags.title), text('TPE1', tags.artist), text('TALB', tags.album), apic]);
  const size = body.length;
  const header = Buffer.from([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  // 128 kbit/s, 44.1 kHz, mono: 417-byte frames of 1152 samples.
  const mpeg = Buffer.alloc(417);
  mpeg.set([0xff, 0xfb, 0x90, 0xc0]);
  return Buffer.concat([header, body, ...new Array(frames).fill(mpeg)]);
}

describe.each(testDatabases)('previews and editors on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  let documentServer: Server;
  let documentServerUrl = '';
  let editedVersion = Buffer.from('');
  const delivery = new RecordingDelivery();
  const dataDir = mkdtempSync(join(tmpdir(), 'kerf-preview-data-'));
  const people = drivePeople(() => app, delivery);
  const { tokens } = people;
  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `${API}${url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  beforeAll(async () => {
    // A stand-in for the document server: it hands out the "edited" version it is asked for.
    documentServer = createServer((req, res) => {
      if (req.url === '/cache/edited.docx') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(editedVersion);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => documentServer.listen(0, '127.0.0.1', r));
    documentServerUrl = `http://127.0.0.1:${(documentServer.address() as AddressInfo).port}`;
    db = await database.open();
    app = await testApp(db, {
      delivery,
      blobs: await createBlobStore({ storage: 'disk', dir: join(dataDir, 'blobs') }),
      env: {
        DATA_DIR: dataDir,
        ONLYOFFICE_URL: documentServerUrl,
        ONLYOFFICE_JWT_SECRET: SECRET,
        PUBLIC_URL: 'http://kerf.test',
      },
    });
    await people.join('ada');
    await people.join('eve');
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
    documentServer.close();
  });

  it('makes thumbnails of PNG, JPEG, SVG and BMP once, and serves them to the owner and through a share', async () => {
    const ada = tokens.ada!;
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#86a500' } })
      .png()
      .toBuffer();
    const jpg = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#3366ff' } })
      .jpeg()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="red"/></svg>',
    );
    // An 8×8 24-bit BMP, rows bottom-up: the bottom half blue, the top half red.
    const bmp = Buffer.alloc(54 + 8 * 24);
    bmp.write('BM', 0, 'latin1');
    bmp.writeUInt32LE(bmp.length, 2);
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(8, 18);
    bmp.writeInt32LE(8, 22);
    bmp.writeUInt16LE(1, 26);
    bmp.writeUInt16LE(24, 28);
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) bmp.set(y < 4 ? [255, 0, 0] : [0, 0, 255], 54 + y * 24 + x * 3);
    }
    const folder = await people.folder(ada, 'Pictures');
    const files = {
      png: await people.upload(ada, 'wide.png', png, folder),
      jpg: await people.upload(ada, 'tall.jpg', jpg, folder),
      svg: await people.upload(ada, 'mark.svg', svg, folder),
      bmp: await people.upload(ada, 'tiny.bmp', bmp, folder),
      txt: await people.upload(ada, 'notes.txt', Buffer.from('hello'), folder),
    };
    const thumb = async (id: string, token?: string, extra = '') => {
      const res = await get(`${PREVIEW_PATHS.preview}?userFileId=${id}&isMin=true${extra}`, token);
      return res;
    };
    const sizes: Record<string, [number, number]> = {};
    for (const [kind, entry] of Object.entries(files)) {
      if (kind === 'txt') continue;
      const res = await thumb(entry.id, ada);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(THUMBNAIL_PX);
      sizes[kind] = [meta.width!, meta.height!];
    }
    expect(sizes.png).toEqual([256, 128]);
    expect(sizes.jpg).toEqual([85, 256]);
    expect(sizes.bmp).toEqual([8, 8]);
    const tiny = await sharp((await thumb(files.bmp.id, ada)).rawPayload)
      .removeAlpha()
      .raw()
      .toBuffer();
    // Red on top and blue below, as the BMP's bottom-up rows say (lossy WebP: roughly).
    const at = (x: number, y: number) => Array.from(tiny.subarray((y * 8 + x) * 3, (y * 8 + x) * 3 + 3));
    expect(at(0, 0)[0]).toBeGreaterThan(200);
    expect(at(0, 0)[2]).toBeLessThan(60);
    expect(at(7, 7)[2]).toBeGreaterThan(200);
    expect(at(7, 7)[0]).toBeLessThan(60);

    // Made once: a second request reads the cache, which holds one file per content.
    const cached = readdirSync(join(dataDir, 'cache', 'thumbnails'), { recursive: true }).filter((f) =>
      String(f).endsWith('.webp'),
    );
    expect(cached).toHaveLength(4);
    const again = await thumb(files.png.id, ada);
    expect(again.statusCode).toBe(200);
    expect(
      readdirSync(join(dataDir, 'cache', 'thumbnails'), { recursive: true }).filter((f) => String(f).endsWith('.webp')),
    ).toHaveLength(4);
    expect((await thumb(files.png.id, ada)).headers.etag).toBe(again.headers.etag);
    // Keyed, like a download's: the thumbnail's tag does not give the picture's SHA-256 away.
    expect(again.headers.etag).not.toContain(sha256(png));

    // A plain link signs in with `token`; nobody else gets it; text has no thumbnail.
    expect((await thumb(files.png.id, undefined, `&token=${ada}`)).statusCode).toBe(200);
    expect((await thumb(files.png.id)).statusCode).toBe(401);
    expect((await thumb(files.png.id, tokens.eve)).statusCode).toBe(404);
    const none = await thumb(files.txt.id, ada);
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe('该文件暂不支持预览');

    // Through a share of the folder, with its code; outside it, nothing.
    const made = await call(app, 'POST', `${API}${SHARE_PATHS.create}`, {
      token: ada,
      body: {
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
        shareType: 1,
        files: JSON.stringify([{ userFileId: folder }]),
      },
    });
    const { shareBatchNum, extractionCode } = made.body.data;
    const shared = await thumb(
      files.jpg.id,
      undefined,
      `&shareBatchNum=${shareBatchNum}&extractionCode=${extractionCode}`,
    );
    expect(shared.statusCode).toBe(200);
    expect(
      (await thumb(files.jpg.id, undefined, `&shareBatchNum=${shareBatchNum}&extractionCode=zzzzzz`)).statusCode,
    ).toBe(403);
    const outside = await people.upload(ada, 'elsewhere.png', png);
    expect(
      (await thumb(outside.id, undefined, `&shareBatchNum=${shareBatchNum}&extractionCode=${extractionCode}`))
        .statusCode,
    ).toBe(404);

    // The full file inline, sandboxed whatever it holds.
    const full = await get(`${PREVIEW_PATHS.preview}?userFileId=${files.svg.id}`, ada);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-security-policy']).toBe('sandbox');
    expect(full.headers['content-disposition']).toMatch(/^inline/);
    const download = await get(`/engine/filetransfer/downloadfile?userFileId=${files.svg.id}`, ada);
    expect(download.headers['content-security-policy']).toBe('sandbox');
  });

  it.skipIf(!ffmpeg)('makes a poster frame of an MP4 with ffmpeg', async () => {
    const work = mkdtempSync(join(tmpdir(), 'kerf-video-'));
    const video = join(work, 'clip.mp4');
    execFileSync(ffmpeg!, [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=640x360:rate=10',
      '-pix_fmt',
      'yuv420p',
      video,
    ]);
    const entry = await people.upload(tokens.ada!, 'clip.mp4', readFileSync(video));
    const res = await get(`${PREVIEW_PATHS.preview}?userFileId=${entry.id}&isMin=1`, tokens.ada);
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 144]);
  });

  it('reads tags, cover and duration, and lyrics from the .lrc beside the song (only when the reader may see it)', async () => {
    const ada = tokens.ada!;
    const cover = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const mp3 = taggedMp3({ title: '切割之歌', artist: 'Kerf Band', album: 'Laser Days', cover });
    const folder = await people.folder(ada, 'Music');
    const song = await people.upload(ada, 'song.mp3', mp3, folder);
    await people.upload(
      ada,
      'song.lrc',
      Buffer.from('[ar:Kerf Band]\n[00:00.50]第一句\n[00:01.50]Second line\n'),
      folder,
    );
    const info = await get(`${PREVIEW_PATHS.audioInfo}?userFileId=${song.id}`, ada);
    const data = info.json().data;
    expect(data).toMatchObject({ title: '切割之歌', artist: 'Kerf Band', album: 'Laser Days' });
    expect(data.albumImage).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(data.albumImage.split(',')[1], 'base64').equals(cover)).toBe(true);
    expect(data.duration).toBeGreaterThan(2.5);
    expect(data.duration).toBeLessThan(2.7);
    expect(data.lyrics).toEqual([
      { time: '00:00.50', text: '第一句', start: 0.5, end: 1.5 },
      { time: '00:01.50', text: 'Second line', start: 1.5, end: data.duration },
    ]);

    const shareOf = async (id: string) =>
      (
        await call(app, 'POST', `${API}${SHARE_PATHS.create}`, {
          token: ada,
          body: { endTime: Date.now() + 3_600_000, shareType: 0, files: id },
        })
      ).body.data.shareBatchNum;
    // The song alone is shared: its lyrics file is not part of the share, so it stays private.
    const songOnly = await shareOf(song.id);
    const viaSong = (await get(`${PREVIEW_PATHS.audioInfo}?userFileId=${song.id}&shareBatchNum=${songOnly}`)).json()
      .data;
    expect(viaSong.title).toBe('切割之歌');
    expect(viaSong.lyrics).toEqual([]);
    const wholeFolder = await shareOf(folder);
    const viaFolder = (
      await get(`${PREVIEW_PATHS.audioInfo}?userFileId=${song.id}&shareBatchNum=${wholeFolder}`)
    ).json().data;
    expect(viaFolder.lyrics).toHaveLength(2);

    // Untagged audio still answers, titled by its name.
    const bare = await people.upload(
      ada,
      'bare.mp3',
      taggedMp3({ title: '', artist: '', album: '', cover }, 10).subarray(0, 3),
    );
    const plain = (await get(`${PREVIEW_PATHS.audioInfo}?userFileId=${bare.id}`, ada)).json().data;
    expect(plain).toMatchObject({ title: 'bare', artist: '', lyrics: [] });
  });

  it('creates each new-file type as a valid empty document, with the name rules', async () => {
    const ada = tokens.ada!;
    const folder = await people.folder(ada, 'New');
    const create = (fileName: string) =>
      call(app, 'POST', `${API}${PREVIEW_PATHS.createFile}`, { token: ada, body: { folderId: folder, fileName } });
    const expected: Record<string, string[]> = {
      docx: ['[Content_Types].xml', '_rels/.rels', 'word/document.xml'],
      xlsx: [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ],
      pptx: [
        '[Content_Types].xml',
        '_rels/.rels',
        'ppt/_rels/presentation.xml.rels',
        'ppt/presentation.xml',
        'ppt/slideLayouts/_rels/slideLayout1.xml.rels',
        'ppt/slideLayouts/slideLayout1.xml',
        'ppt/slideMasters/_rels/slideMaster1.xml.rels',
        'ppt/slideMasters/slideMaster1.xml',
        'ppt/slides/_rels/slide1.xml.rels',
        'ppt/slides/slide1.xml',
        'ppt/theme/theme1.xml',
      ],
    };
    for (const type of ['txt', 'md', 'docx', 'xlsx', 'pptx']) {
      const made = await create(`blank.${type}`);
      expect(made.body, JSON.stringify(made.body)).toMatchObject({
        code: 0,
        msg: '新建成功',
        data: { fileName: `blank.${type}` },
      });
      const bytes = (await get(`/engine/filetransfer/downloadfile?userFileId=${made.body.data.id}`, ada)).rawPayload;
      if (type === 'txt' || type === 'md') expect(bytes.length).toBe(0);
      else expect(await zipNames(bytes)).toEqual(expected[type]);
    }
    expect((await create(' blank.docx ')).body.msg).toBe('名称已经存在');
    expect((await create('  ')).body.msg).toBe('请输入文件名称');
    expect((await create(`${'a'.repeat(256)}.txt`)).status).toBe(400);
    expect((await create('tool.exe')).body.msg).toBe('不支持新建该类型的文件');
  });

  it.skipIf(!libreoffice)(
    'converts office documents to PDF with LibreOffice, once',
    async () => {
      const ada = tokens.ada!;
      const made = await call(app, 'POST', `${API}${PREVIEW_PATHS.createFile}`, {
        token: ada,
        body: { folderId: '0', fileName: 'report.docx' },
      });
      const sheet = await call(app, 'POST', `${API}${PREVIEW_PATHS.createFile}`, {
        token: ada,
        body: { folderId: '0', fileName: 'sums.xlsx' },
      });
      const slides = await call(app, 'POST', `${API}${PREVIEW_PATHS.createFile}`, {
        token: ada,
        body: { folderId: '0', fileName: 'deck.pptx' },
      });
      for (const entry of [made, sheet, slides]) {
        const pdf = await get(`${PREVIEW_PATHS.officePdf}?userFileId=${entry.body.data.id}`, ada);
        expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(pdf.headers['content-security-policy']).toBe('sandbox');
      }
      const txt = await people.upload(ada, 'plain.txt', Buffer.from('x'));
      expect((await get(`${PREVIEW_PATHS.officePdf}?userFileId=${txt.id}`, ada)).statusCode).toBe(400);
    },
    180_000,
  );

  it('opens text for the editors and saves only over what the editor opened', async () => {
    const ada = tokens.ada!;
    const file = await people.upload(ada, 'cut.gcode', Buffer.from('G21\nG90\n'));
    const opened = (await get(`${PREVIEW_PATHS.content}?userFileId=${file.id}`, ada)).json().data;
    expect(opened).toMatchObject({ text: 'G21\nG90\n', fileName: 'cut.gcode' });
    const save = (content: string, sha256: string) =>
      call(app, 'PUT', `${API}${PREVIEW_PATHS.content}`, {
        token: ada,
        body: { userFileId: file.id, content, sha256 },
      });
    const first = await save('G21\nG90\nM3 S1000\n', opened.sha256);
    expect(first.body).toMatchObject({ code: 0, msg: '保存成功', data: { fileSize: 17 } });
    expect(first.body.data.sha256).toBe(sha256(Buffer.from('G21\nG90\nM3 S1000\n')));
    // A second editor still holding the old content is refused, and told the current hash.
    const stale = await save('G21\n', opened.sha256);
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('文件已被其他人修改，请重新打开后再保存');
    const now = (await get(`${PREVIEW_PATHS.content}?userFileId=${file.id}`, ada)).json().data;
    expect(stale.body.data.sha256).toBe(now.sha256);
    expect(now.text).toBe('G21\nG90\nM3 S1000\n');
    const quota = (await get('/engine/quota', ada)).json().data.usedBytes;
    await save('G21\n', now.sha256);
    expect((await get('/engine/quota', ada)).json().data.usedBytes).toBe(quota - 13);

    // GB 18030 text from old editors reads as Chinese; binary is not text; others cannot write.
    const gb = await people.upload(ada, 'gb.txt', Buffer.from([0xc4, 0xe3, 0xba, 0xc3]));
    expect((await get(`${PREVIEW_PATHS.content}?userFileId=${gb.id}`, ada)).json().data.text).toBe('你好');
    const bin = await people.upload(ada, 'blob.bin', Buffer.from([1, 0, 2, 0, 3]));
    expect((await get(`${PREVIEW_PATHS.content}?userFileId=${bin.id}`, ada)).json().msg).toBe('该文件不是文本文件');
    const eve = await call(app, 'PUT', `${API}${PREVIEW_PATHS.content}`, {
      token: tokens.eve,
      body: { userFileId: file.id, content: 'x', sha256: now.sha256 },
    });
    expect(eve.status).toBe(404);
  });

  it('signs the OnlyOffice configuration and links, and saves only signed callbacks from the document server', async () => {
    const ada = tokens.ada!;
    const made = await call(app, 'POST', `${API}${PREVIEW_PATHS.onlyofficeAdd}`, {
      token: ada,
      body: { folderId: '0', fileName: 'minutes', extendName: 'docx' },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    const { documentServerUrl: server, config } = made.body.data;
    expect(server).toBe(documentServerUrl);
    const key = new TextEncoder().encode(SECRET);
    const { payload } = await jwtVerify(config.token, key);
    expect(payload.document).toEqual(config.document);
    expect(config.documentType).toBe('word');
    expect(config.editorConfig.mode).toBe('edit');
    const fileLink = new URL(config.document.url);
    expect(fileLink.origin).toBe('http://kerf.test');
    // The link carries its own short-lived token, never Ada's session.
    expect(config.document.url).not.toContain(ada);
    expect((decodeJwt(fileLink.searchParams.get('token')!).exp as number) * 1000).toBeLessThan(
      Date.now() + 16 * 60_000,
    );

    const fetchFile = (token: string) =>
      app.inject({ method: 'GET', url: `${API}${PREVIEW_PATHS.onlyofficeFile}?token=${encodeURIComponent(token)}` });
    const original = await fetchFile(fileLink.searchParams.get('token')!);
    expect(original.statusCode).toBe(200);
    const forged = await new SignJWT({
      purpose: 'file',
      uid: people.userIds.ada,
      fid: made.body.data.config.document.key,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-of-enough-length'));
    expect((await fetchFile(forged)).statusCode).toBe(403);

    const callbackUrl = new URL(config.editorConfig.callbackUrl);
    const callback = (body: Record<string, unknown>, link = callbackUrl.searchParams.get('token')!) =>
      app.inject({
        method: 'POST',
        url: `${API}${PREVIEW_PATHS.onlyofficeCallback}?token=${encodeURIComponent(link)}`,
        payload: body,
      });
    const sign = (claims: Record<string, unknown>, secret = SECRET) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
    editedVersion = Buffer.from('PK edited document version 2');
    const state = { key: config.document.key, status: 2, url: `${documentServerUrl}/cache/edited.docx` };

    // Unsigned, signed with another secret, or pointing elsewhere: refused, nothing saved.
    expect((await callback(state)).statusCode).toBe(403);
    expect((await callback({ ...state, token: await sign(state, 'wrong-secret-of-enough-length') })).statusCode).toBe(
      403,
    );
    const elsewhere = { ...state, url: 'http://169.254.169.254/latest/meta-data' };
    expect((await callback({ ...elsewhere, token: await sign(elsewhere) })).statusCode).toBe(403);
    expect((await callback({ ...state, token: await sign(state) }, 'not-a-token')).statusCode).toBe(403);
    const entryId = made.body.data.config.document.key.slice(0, 36);
    const before = (await get(`/engine/filetransfer/downloadfile?userFileId=${entryId}`, ada)).rawPayload;
    expect(before.equals(editedVersion)).toBe(false);

    // Still editing (status 1): nothing to save.
    const editing = { ...state, status: 1 };
    expect((await callback({ ...editing, token: await sign(editing) })).json()).toEqual({ error: 0 });
    // Signed in the body: saved as the file's new content.
    const saved = await callback({ ...state, token: await sign(state) });
    expect(saved.json()).toEqual({ error: 0 });
    expect(
      (await get(`/engine/filetransfer/downloadfile?userFileId=${entryId}`, ada)).rawPayload.equals(editedVersion),
    ).toBe(true);
    // Signed in the header (the body wrapped as `payload`), a force-save (6).
    editedVersion = Buffer.from('PK edited document version 3');
    const forced = { ...state, status: 6 };
    const viaHeader = await app.inject({
      method: 'POST',
      url: callbackUrl.pathname + callbackUrl.search,
      headers: { authorization: `Bearer ${await sign({ payload: forced })}` },
      payload: forced,
    });
    expect(viaHeader.json()).toEqual({ error: 0 });
    expect(
      (await get(`/engine/filetransfer/downloadfile?userFileId=${entryId}`, ada)).rawPayload.equals(editedVersion),
    ).toBe(true);
    // Eve cannot get a configuration for Ada's file.
    expect((await get(`${PREVIEW_PATHS.onlyofficeConfig}?userFileId=${entryId}&ot=edit`, tokens.eve)).statusCode).toBe(
      404,
    );
  });
});
