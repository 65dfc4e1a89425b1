import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTRACTION_CODE_LENGTH, isShareCode, SHARE_LIMITS, SHARE_LINK_CODE_LENGTH, SHARE_PATHS } from '@kerf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driveBlobs } from '../src/db/schema.js';
import { createBlobStore } from '../src/infra/blob/index.js';
import { MemoryCache } from '../src/infra/cache/memory-cache.js';
import { DriveRepository } from '../src/modules/drive/drive.repository.js';
import { DriveService } from '../src/modules/drive/drive.service.js';
import { ShareRepository } from '../src/modules/share/share.repository.js';
import { ShareService } from '../src/modules/share/share.service.js';
import { call, type Json } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { drivePeople, filesUnder, sha256 as sha, zipNames } from './drive-helpers.js';
import { RecordingDelivery, testApp } from './test-app.js';

const API = '/cloud-api';
const HOUR = 3_600_000;

describe.each(testDatabases)('share links on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const delivery = new RecordingDelivery();
  const blobDir = mkdtempSync(join(tmpdir(), 'kerf-share-blobs-'));
  const people = drivePeople(() => app, delivery);
  const { tokens, folder } = people;
  const upload = async (token: string, name: string, content: Buffer, folderId = '0') =>
    (await people.upload(token, name, content, folderId)).id as string;
  const join_ = people.join;
  const ids: Record<string, string> = {};

  /** A request from an address of our choosing (throttling is per address). */
  const send = async (
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string; body?: Record<string, unknown>; ip?: string; headers?: Record<string, string> } = {},
  ) => {
    const res = await app.inject({
      method,
      url: `${API}${url}`,
      remoteAddress: options.ip ?? '198.51.100.1',
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body ? { payload: options.body } : {}),
    });
    const json = res.headers['content-type']?.toString().includes('json') ? (res.json() as Json) : null;
    return { status: res.statusCode, body: json, raw: res.rawPayload, headers: res.headers };
  };
  const q = (params: Record<string, string | undefined>) =>
    new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined) as Array<[string, string]>);

  const share = async (
    token: string,
    files: string[],
    options: { shareType?: 0 | 1; endTime?: string | number; remarks?: string } = {},
  ) => {
    const res = await send('POST', SHARE_PATHS.create, {
      token,
      body: {
        endTime: options.endTime ?? new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
        shareType: options.shareType ?? 1,
        remarks: options.remarks ?? '',
        files: JSON.stringify(files.map((userFileId) => ({ userFileId }))),
      },
    });
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data as { shareBatchNum: string; extractionCode: string };
  };
  const listShare = (
    code: string,
    extractionCode: string | undefined,
    extra: Record<string, string> = {},
    ip?: string,
  ) => send('GET', `${SHARE_PATHS.files}?${q({ shareBatchNum: code, extractionCode, ...extra })}`, { ip });

  // Ada's drive: /Private/Plans/{plate.dxf, Cuts/{a.svg}}, /Private/Plans2/secret.txt, /Private/notes.txt
  const content = {
    plate: Buffer.from('0\nSECTION\n2\nENTITIES\n0\nENDSEC\n0\nEOF\n'),
    svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>'),
    secret: Buffer.from('not for sharing'),
    notes: Buffer.from('private notes'),
  };

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { delivery, blobs: await createBlobStore({ storage: 'disk', dir: blobDir }) });
    await join_('ada');
    await join_('eve');
    const ada = tokens.ada!;
    ids.private = await folder(ada, 'Private');
    ids.plans = await folder(ada, 'Plans', ids.private);
    ids.plans2 = await folder(ada, 'Plans2', ids.private);
    ids.cuts = await folder(ada, 'Cuts', ids.plans);
    ids.plate = await upload(ada, 'plate.dxf', content.plate, ids.plans);
    ids.svg = await upload(ada, 'a.svg', content.svg, ids.cuts);
    ids.secret = await upload(ada, 'secret.txt', content.secret, ids.plans2);
    ids.notes = await upload(ada, 'notes.txt', content.notes, ids.private);
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('creates a share with unguessable codes, and checks what it is given', async () => {
    const made = await send('POST', SHARE_PATHS.create, {
      token: tokens.ada,
      body: {
        endTime: new Date(Date.now() + HOUR).toISOString(),
        shareType: 1,
        remarks: 'for the workshop',
        files: JSON.stringify([{ userFileId: ids.plans }]),
      },
    });
    expect(made.body).toMatchObject({ code: 0, success: true, msg: '分享成功', message: '分享成功' });
    expect(isShareCode(made.body.data.shareBatchNum, SHARE_LINK_CODE_LENGTH)).toBe(true);
    expect(isShareCode(made.body.data.extractionCode, EXTRACTION_CODE_LENGTH)).toBe(true);

    const open = await share(tokens.ada!, [ids.plate!], { shareType: 0 });
    expect(open.extractionCode).toBe('');
    // The spec's own time format, and a comma-joined list, are read too.
    const local = new Date(Date.now() + 2 * HOUR);
    const pad = (n: number) => String(n).padStart(2, '0');
    const stamp = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
    const spec = await send('POST', SHARE_PATHS.create, {
      token: tokens.ada,
      body: { endTime: stamp, shareType: 0, files: `${ids.plate},${ids.cuts}` },
    });
    expect(spec.body.code, spec.body.msg).toBe(0);

    const bad = async (body: Record<string, unknown>, status: number, msg: string, lang?: string) => {
      const res = await send('POST', SHARE_PATHS.create, {
        token: tokens.ada,
        body,
        headers: lang ? { 'accept-language': lang } : {},
      });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.msg).toBe(msg);
    };
    const files = JSON.stringify([{ userFileId: ids.plate }]);
    await bad({ shareType: 0, files }, 400, '请选择链接有效期');
    await bad({ endTime: 'soon', shareType: 1, files }, 400, '请选择链接有效期');
    await bad({ endTime: new Date(Date.now() - 1000).toISOString(), files }, 400, '链接有效期必须晚于当前时间');
    await bad(
      { endTime: new Date(Date.now() - 60_000).toISOString(), files },
      400,
      'The link must stay valid until a time in the future',
      'en',
    );
    await bad({ endTime: new Date(Date.now() + HOUR).toISOString(), files: '[]' }, 400, '请选择要分享的文件');
    // Someone else's file is not found.
    const eveTries = await send('POST', SHARE_PATHS.create, {
      token: tokens.eve,
      body: { endTime: new Date(Date.now() + HOUR).toISOString(), files: JSON.stringify([{ userFileId: ids.plate }]) },
    });
    expect(eveTries.status).toBe(404);
    const signedOut = await send('POST', SHARE_PATHS.create, { body: { endTime: Date.now() + HOUR, files } });
    expect(signedOut.status).toBe(401);
  });

  it('lists my shares with their files and state, and only mine', async () => {
    const made = await share(tokens.ada!, [ids.plans!, ids.notes!], { remarks: 'mine to see' });
    const mine = await send('GET', `${SHARE_PATHS.mine}?page=1&limit=50`, { token: tokens.ada });
    const batch = mine.body.data.list.find((b: Json) => b.shareBatchNum === made.shareBatchNum);
    expect(batch).toMatchObject({
      extractionCode: made.extractionCode,
      shareType: 1,
      expired: false,
      remarks: 'mine to see',
      viewCount: 0,
      fileCount: 2,
      lockedUntil: null,
      files: [
        { fileName: 'Plans', isDir: 1 },
        { fileName: 'notes.txt', isDir: 0 },
      ],
    });
    expect(mine.body.data.list[0].shareBatchNum).toBe(made.shareBatchNum);

    const entries = await call(
      app,
      'GET',
      `${API}/engine/file/listFileInfo?fileType=8&shareBatchNum=${made.shareBatchNum}`,
      {
        token: tokens.ada,
      },
    );
    expect(entries.body.data.total).toBe(2);
    expect(entries.body.data.list[0]).toMatchObject({
      fileName: 'Plans',
      shareBatchNum: made.shareBatchNum,
      extractionCode: made.extractionCode,
      shareType: 1,
      shareFilePath: '/Private/Plans',
    });
    const all = await call(app, 'GET', `${API}/engine/file/listFileInfo?fileType=8&limit=100`, { token: tokens.ada });
    expect(all.body.data.total).toBeGreaterThanOrEqual(2);

    // Eve sees none of it and can end none of it.
    const eves = await send('GET', SHARE_PATHS.mine, { token: tokens.eve });
    expect(eves.body.data.list).toEqual([]);
    const peek = await call(
      app,
      'GET',
      `${API}/engine/file/listFileInfo?fileType=8&shareBatchNum=${made.shareBatchNum}`,
      {
        token: tokens.eve,
      },
    );
    expect(peek.status).toBe(404);
    const cancel = await send('POST', SHARE_PATHS.cancel, {
      token: tokens.eve,
      body: { shareBatchNums: made.shareBatchNum },
    });
    expect(cancel.status).toBe(404);
    const unlock = await send('POST', SHARE_PATHS.unlock, {
      token: tokens.eve,
      body: { shareBatchNum: made.shareBatchNum },
    });
    expect(unlock.status).toBe(404);
    expect((await listShare(made.shareBatchNum, made.extractionCode)).body.data.total).toBe(2);
  });

  it('shows who shared and until when before the code, and nothing of the files', async () => {
    const made = await share(tokens.ada!, [ids.plans!]);
    const info = await send('GET', `${SHARE_PATHS.info}?shareBatchNum=${made.shareBatchNum}`);
    expect(info.body.data).toMatchObject({
      shareBatchNum: made.shareBatchNum,
      shareType: 1,
      needsCode: true,
      sharer: { nickName: 'ADA' },
      fileCount: 1,
    });
    expect(JSON.stringify(info.body)).not.toContain('Plans');
    const mine = await send('GET', SHARE_PATHS.mine, { token: tokens.ada });
    expect(mine.body.data.list.find((b: Json) => b.shareBatchNum === made.shareBatchNum).viewCount).toBe(1);
    // The link people are given leads to the app's page.
    const link = await app.inject({ method: 'GET', url: `/share/${made.shareBatchNum}?pwd=abc` });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe(`/web/share/${made.shareBatchNum}?pwd=abc`);
  });

  it('asks for the right code, compared without regard to case or spaces', async () => {
    const made = await share(tokens.ada!, [ids.plans!]);
    const ip = '198.51.100.20';
    const none = await listShare(made.shareBatchNum, undefined, {}, ip);
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ msg: '请输入提取码', data: null });
    const wrongCode = made.extractionCode === 'aaaaaa' ? 'bbbbbb' : 'aaaaaa';
    const wrong = await send('POST', SHARE_PATHS.checkCode, {
      ip,
      body: { shareBatchNum: made.shareBatchNum, extractionCode: wrongCode },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.msg).toBe('提取码错误');
    const listed = await listShare(made.shareBatchNum, wrongCode.slice(0, 5), {}, ip);
    expect(listed.status).toBe(403);
    expect(listed.body.data).toBeNull();

    const right = await send('POST', SHARE_PATHS.checkCode, {
      ip,
      body: { shareBatchNum: made.shareBatchNum, extractionCode: ` ${made.extractionCode.toUpperCase()} ` },
    });
    expect(right.body.code, right.body.msg).toBe(0);
    const mine = await send('GET', SHARE_PATHS.mine, { token: tokens.ada });
    expect(mine.body.data.list.find((b: Json) => b.shareBatchNum === made.shareBatchNum).failedAttempts).toBe(2);

    // An open share needs no code, and ignores one.
    const open = await share(tokens.ada!, [ids.plate!], { shareType: 0 });
    expect((await listShare(open.shareBatchNum, undefined, {}, ip)).body.data.total).toBe(1);
    expect((await listShare(open.shareBatchNum, 'zzzzzz', {}, ip)).body.data.total).toBe(1);
    // Unknown links say so, the same way whatever they look like.
    for (const code of ['2345678923456789', 'nope', made.shareBatchNum.slice(0, -1)]) {
      const res = await send('GET', `${SHARE_PATHS.info}?shareBatchNum=${code}`);
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('分享不存在或已被取消');
    }
  });

  it("shuts out a visitor after too many wrong codes, not the share's other visitors; the owner sees it and lifts it", async () => {
    const made = await share(tokens.ada!, [ids.plans!]);
    const wrong = (i: number) => `${'x'.repeat(5)}${'abcdefghjk'[i % 10]}`;
    const guess = (ip: string, i: number) =>
      send('POST', SHARE_PATHS.checkCode, {
        ip,
        body: { shareBatchNum: made.shareBatchNum, extractionCode: wrong(i) },
      });

    // Guesses spread over many addresses shut no one out: each address has its own count.
    for (let i = 0; i < SHARE_LIMITS.failuresPerShare; i++) {
      expect((await guess(`203.0.113.${i + 1}`, i)).status).toBe(403);
    }
    expect((await listShare(made.shareBatchNum, made.extractionCode, {}, '203.0.113.1')).body.code).toBe(0);

    // One visitor's ten wrong codes shut that visitor out, even with the right code...
    const guesser = '203.0.113.50';
    let last: Awaited<ReturnType<typeof send>> | undefined;
    for (let i = 0; i < SHARE_LIMITS.failuresPerShare; i++) {
      last = await guess(guesser, i);
      if (i < SHARE_LIMITS.failuresPerShare - 1) expect(last.status).toBe(403);
    }
    expect(last!.status).toBe(423);
    expect(last!.body.msg).toBe('提取码错误次数过多，请15分钟后再试');
    const evenRight = await listShare(made.shareBatchNum, made.extractionCode, {}, guesser);
    expect(evenRight.status).toBe(423);
    expect(evenRight.body.data).toBeNull();
    // ...but not another visitor, whose own wrong code is only wrong.
    expect((await listShare(made.shareBatchNum, made.extractionCode, {}, '203.0.113.99')).body.code).toBe(0);
    expect((await guess('203.0.113.98', 0)).status).toBe(403);

    // The owner sees every wrong code and the visitor's lock, and can lift it.
    const mine = await send('GET', SHARE_PATHS.mine, { token: tokens.ada });
    const batch = mine.body.data.list.find((b: Json) => b.shareBatchNum === made.shareBatchNum);
    expect(batch.failedAttempts).toBe(2 * SHARE_LIMITS.failuresPerShare + 1);
    expect(new Date(batch.lockedUntil).getTime()).toBeGreaterThan(Date.now() + SHARE_LIMITS.lockMs - 60_000);

    const lifted = await send('POST', SHARE_PATHS.unlock, {
      token: tokens.ada,
      body: { shareBatchNum: made.shareBatchNum },
    });
    expect(lifted.body.msg).toBe('已解除锁定');
    expect((await listShare(made.shareBatchNum, made.extractionCode, {}, guesser)).body.code).toBe(0);
    const after = (await send('GET', SHARE_PATHS.mine, { token: tokens.ada })).body.data.list.find(
      (b: Json) => b.shareBatchNum === made.shareBatchNum,
    );
    expect(after).toMatchObject({ failedAttempts: 0, lockedUntil: null });
    // Lifted means counted afresh: one more wrong code from the guesser is only wrong.
    expect((await guess(guesser, 0)).status).toBe(403);
  });

  it('turns away an address that guesses across many shares, but not others', async () => {
    const ip = '192.0.2.77';
    const perShare = SHARE_LIMITS.failuresPerShare - 2;
    const shares = [];
    for (let s = 0; s * perShare < SHARE_LIMITS.failuresPerIp; s++) shares.push(await share(tokens.ada!, [ids.plate!]));
    let guesses = 0;
    for (const made of shares) {
      for (let i = 0; i < perShare && guesses < SHARE_LIMITS.failuresPerIp; i++, guesses++) {
        const res = await send('POST', SHARE_PATHS.checkCode, {
          ip,
          body: { shareBatchNum: made.shareBatchNum, extractionCode: `zz${String(guesses).padStart(4, '2')}` },
        });
        expect(res.status).toBe(403);
      }
    }
    const turnedAway = await listShare(shares[0]!.shareBatchNum, shares[0]!.extractionCode, {}, ip);
    expect(turnedAway.status).toBe(429);
    expect(turnedAway.body.msg).toBe('尝试过于频繁，请稍后再试');
    const someoneElse = await listShare(shares[0]!.shareBatchNum, shares[0]!.extractionCode, {}, '192.0.2.78');
    expect(someoneElse.body.code).toBe(0);
  });

  it('browses inside a shared folder with paths relative to the share, and nothing outside it', async () => {
    const made = await share(tokens.ada!, [ids.plans!]);
    const code = made.extractionCode;
    const top = await listShare(made.shareBatchNum, code);
    expect(top.body.data).toMatchObject({ filePath: '/', total: 1 });
    expect(top.body.data.list[0]).toMatchObject({ fileName: 'Plans', folderId: '0', filePath: '/', path: '/Plans' });
    const inside = await listShare(made.shareBatchNum, code, { folderId: ids.plans! });
    expect(inside.body.data.filePath).toBe('/Plans');
    expect(inside.body.data.list.map((e: Json) => [e.fileName, e.filePath, e.path])).toEqual([
      ['Cuts', '/Plans', '/Plans/Cuts'],
      ['plate.dxf', '/Plans', '/Plans/plate.dxf'],
    ]);
    const byPath = await listShare(made.shareBatchNum, code, { filePath: '/Plans/Cuts' });
    expect(byPath.body.data.list.map((e: Json) => e.path)).toEqual(['/Plans/Cuts/a.svg']);
    // The owner's own folders never show.
    expect(JSON.stringify([top.body, inside.body, byPath.body])).not.toContain('Private');

    const refused = async (res: Awaited<ReturnType<typeof send>>) => {
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body?.msg ?? '分享不存在或已被取消').toBe('分享不存在或已被取消');
    };
    // A sibling whose name starts the same, its parent, an unrelated folder, by id and by path.
    await refused(await listShare(made.shareBatchNum, code, { folderId: ids.plans2! }));
    await refused(await listShare(made.shareBatchNum, code, { folderId: ids.private! }));
    await refused(await listShare(made.shareBatchNum, code, { filePath: '/Plans2' }));
    await refused(await listShare(made.shareBatchNum, code, { filePath: '/Plans/../Plans2' }));
    await refused(await listShare(made.shareBatchNum, code, { filePath: '/Private' }));
    await refused(await listShare(made.shareBatchNum, code, { folderId: ids.plate! }));
    const dl = (userFileId: string) =>
      send(
        'GET',
        `${SHARE_PATHS.download}?${q({ shareBatchNum: made.shareBatchNum, extractionCode: code, userFileId })}`,
      );
    await refused(await dl(ids.secret!));
    await refused(await dl(ids.notes!));
    const zip = await send(
      'GET',
      `${SHARE_PATHS.batchDownload}?${q({ shareBatchNum: made.shareBatchNum, extractionCode: code, userFileIds: `${ids.plate},${ids.notes}` })}`,
    );
    await refused(zip);
    // Eve's own file, through Ada's share.
    const evesFile = await upload(tokens.eve!, 'eve.txt', Buffer.from('eve'));
    await refused(await dl(evesFile));

    // What leaves the share (moved out, or to the bin) is gone from it at once.
    const moved = await call(app, 'PUT', `${API}/engine/file`, {
      token: tokens.ada,
      body: { id: ids.svg, folderId: ids.private },
    });
    expect(moved.body.code, moved.body.msg).toBe(0);
    await refused(await dl(ids.svg!));
    await call(app, 'PUT', `${API}/engine/file`, { token: tokens.ada, body: { id: ids.svg, folderId: ids.cuts } });
    expect((await dl(ids.svg!)).status).toBe(200);
    const deleted = await call(app, 'POST', `${API}/engine/file/batchDelete`, {
      token: tokens.ada,
      body: { userFileIds: ids.cuts, deleteMode: 1 },
    });
    expect(deleted.body.code).toBe(0);
    await refused(await dl(ids.svg!));
    await refused(await listShare(made.shareBatchNum, code, { folderId: ids.cuts! }));
    const bin = await call(app, 'GET', `${API}/engine/file/listFileInfo?fileType=6`, { token: tokens.ada });
    const batch = bin.body.data.list.find((e: Json) => e.id === ids.cuts).deleteBatchNum;
    await call(app, 'POST', `${API}/engine/recovery/restore`, { token: tokens.ada, body: { deleteBatchNum: batch } });
    expect((await dl(ids.svg!)).status).toBe(200);
  });

  it('downloads shared files whole, by range and as a zip, and counts downloads', async () => {
    const made = await share(tokens.ada!, [ids.plans!, ids.notes!]);
    const base = { shareBatchNum: made.shareBatchNum, extractionCode: made.extractionCode };
    const whole = await send('GET', `${SHARE_PATHS.download}?${q({ ...base, userFileId: ids.plate })}`);
    expect(whole.status).toBe(200);
    expect(Buffer.compare(whole.raw, content.plate)).toBe(0);
    expect(whole.headers['content-disposition']).toContain('plate.dxf');
    const part = await send('GET', `${SHARE_PATHS.download}?${q({ ...base, userFileId: ids.notes })}`, {
      headers: { range: 'bytes=0-6' },
    });
    expect(part.status).toBe(206);
    expect(part.raw.toString()).toBe('private');
    const inline = await send('GET', `${SHARE_PATHS.download}?${q({ ...base, userFileId: ids.svg, inline: '1' })}`);
    expect(inline.headers['content-disposition']).toMatch(/^inline/);
    const zip = await send(
      'GET',
      `${SHARE_PATHS.batchDownload}?${q({ ...base, userFileIds: `${ids.plans},${ids.notes}` })}`,
    );
    expect(zip.status).toBe(200);
    expect(await zipNames(zip.raw)).toEqual([
      'Plans/',
      'Plans/Cuts/',
      'Plans/Cuts/a.svg',
      'Plans/plate.dxf',
      'notes.txt',
    ]);
    const wrong = await send(
      'GET',
      `${SHARE_PATHS.download}?${q({ ...base, extractionCode: 'qqqqqq', userFileId: ids.plate })}`,
    );
    expect(wrong.status).toBe(403);
    const mine = await send('GET', SHARE_PATHS.mine, { token: tokens.ada });
    // Whole file, first range and zip count; the preview (inline) does not.
    expect(mine.body.data.list.find((b: Json) => b.shareBatchNum === made.shareBatchNum).downloadCount).toBe(3);
  });

  it('saves shared entries into another drive without copying a byte', async () => {
    const made = await share(tokens.ada!, [ids.plans!, ids.notes!]);
    const base = { shareBatchNum: made.shareBatchNum, extractionCode: made.extractionCode };
    const target = await folder(tokens.eve!, 'From Ada');
    const blobsBefore = filesUnder(blobDir).length;
    const quota = async () =>
      (await call(app, 'GET', `${API}/engine/quota`, { token: tokens.eve })).body.data.usedBytes;
    const usedBefore = await quota();
    const refs = async (bytes: Buffer) =>
      (
        await db.db
          .select({ n: driveBlobs.refCount })
          .from(driveBlobs)
          .where(eq(driveBlobs.sha256, sha(bytes)))
      )[0]?.n;
    const plateRefs = await refs(content.plate);

    const anonymous = await send('POST', SHARE_PATHS.save, { body: { ...base, folderId: target } });
    expect(anonymous.status).toBe(401);
    const wrongCode = await send('POST', SHARE_PATHS.save, {
      token: tokens.eve,
      body: { ...base, extractionCode: 'qqqqqq', folderId: target },
    });
    expect(wrongCode.status).toBe(403);
    const outside = await send('POST', SHARE_PATHS.save, {
      token: tokens.eve,
      body: { ...base, userFileIds: ids.secret, folderId: target },
    });
    expect(outside.status).toBe(404);

    const saved = await send('POST', SHARE_PATHS.save, { token: tokens.eve, body: { ...base, folderId: target } });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 0, msg: '已保存到我的云盘' });
    const tree = await call(
      app,
      'GET',
      `${API}/engine/file/listFileInfo?fileType=0&filePath=${encodeURIComponent('/From Ada/Plans')}`,
      {
        token: tokens.eve,
      },
    );
    expect(tree.body.data.list.map((e: Json) => e.fileName)).toEqual(['Cuts', 'plate.dxf']);
    expect(filesUnder(blobDir).length).toBe(blobsBefore);
    expect(await refs(content.plate)).toBe(plateRefs! + 1);
    const sharedBytes = content.plate.length + content.svg.length + content.notes.length;
    expect(await quota()).toBe(usedBefore + sharedBytes);
    // Her copy is hers: she can download it, and Ada's share does not reach it.
    const copy = tree.body.data.list.find((e: Json) => e.fileName === 'plate.dxf');
    const mineNow = await app.inject({
      method: 'GET',
      url: `${API}/engine/filetransfer/downloadfile?userFileId=${copy.id}`,
      headers: { authorization: `Bearer ${tokens.eve}` },
    });
    expect(Buffer.compare(mineNow.rawPayload, content.plate)).toBe(0);

    // Saving again, just one file, into the same folder: the name is numbered as in the drive.
    const again = await send('POST', SHARE_PATHS.save, {
      token: tokens.eve,
      body: { ...base, userFileIds: ids.notes, folderId: target },
    });
    expect(again.body.code).toBe(0);
    const inTarget = await call(app, 'GET', `${API}/engine/file/listFileInfo?fileType=0&folderId=${target}`, {
      token: tokens.eve,
    });
    expect(inTarget.body.data.list.map((e: Json) => e.fileName)).toEqual(['Plans', 'notes (1).txt', 'notes.txt']);
    const mine = await send('GET', SHARE_PATHS.mine, { token: tokens.ada });
    expect(mine.body.data.list.find((b: Json) => b.shareBatchNum === made.shareBatchNum).saveCount).toBe(2);
  });

  it('ends a cancelled share at once', async () => {
    const made = await share(tokens.ada!, [ids.plate!]);
    const other = await share(tokens.ada!, [ids.plate!]);
    const cancelled = await send('POST', SHARE_PATHS.cancel, {
      token: tokens.ada,
      body: { shareBatchNums: `${made.shareBatchNum},${other.shareBatchNum}` },
    });
    expect(cancelled.body.msg).toBe('已取消分享');
    for (const code of [made.shareBatchNum, other.shareBatchNum]) {
      const info = await send('GET', `${SHARE_PATHS.info}?shareBatchNum=${code}`);
      expect(info.status).toBe(404);
      const files = await listShare(code, made.extractionCode);
      expect(files.status).toBe(404);
    }
    const mine = await send('GET', `${SHARE_PATHS.mine}?limit=100`, { token: tokens.ada });
    expect(mine.body.data.list.some((b: Json) => b.shareBatchNum === made.shareBatchNum)).toBe(false);
  });

  it('expires at its end time exactly, exposing nothing from then on', async () => {
    const end = new Date(Date.now() + HOUR);
    let now = new Date(end.getTime() - 1);
    const entries = new DriveRepository(db.db);
    const service = new ShareService(
      new ShareRepository(db.db),
      entries,
      new DriveService(entries),
      new MemoryCache(),
      SHARE_LIMITS,
      () => now,
    );
    const adaId = (await call(app, 'POST', '/uac-api/oauth2/user_perms', { token: tokens.ada })).body.data.user.userId;
    const made = await service.create(adaId, { endTime: end, shareType: 1, remarks: '', fileIds: [ids.plate!] });
    const opened = await service.open(made.shareBatchNum, made.extractionCode, '198.51.100.5');
    expect(opened.items.map((i) => i.id)).toEqual([ids.plate]);
    now = new Date(end.getTime());
    await expect(service.info(made.shareBatchNum)).rejects.toMatchObject({ status: 410 });
    await expect(service.open(made.shareBatchNum, made.extractionCode, '198.51.100.5')).rejects.toMatchObject({
      status: 410,
    });
    const mine = await service.listMine(adaId, { page: 1, limit: 100 });
    expect(mine.list.find((b) => b.shareBatchNum === made.shareBatchNum)?.expired).toBe(true);
    // A new share must end later than now.
    await expect(
      service.create(adaId, { endTime: now, shareType: 0, remarks: '', fileIds: [ids.plate!] }),
    ).rejects.toMatchObject({ status: 400 });

    // Over HTTP: a share that ends a moment from now answers until then, then only says it expired.
    const soon = await share(tokens.ada!, [ids.plans!], { endTime: new Date(Date.now() + 1500).toISOString() });
    expect((await listShare(soon.shareBatchNum, soon.extractionCode)).body.code).toBe(0);
    await new Promise((r) => setTimeout(r, 1600));
    for (const res of [
      await send('GET', `${SHARE_PATHS.info}?shareBatchNum=${soon.shareBatchNum}`),
      await listShare(soon.shareBatchNum, soon.extractionCode),
      await send('GET', `${SHARE_PATHS.download}?${q({ ...soon, userFileId: ids.plate })}`),
    ]) {
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ code: 410, msg: '分享链接已过期', data: null });
    }
  });

  it('puts the share calls in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/cloud-api/docs/json' })).json() as Json;
    for (const path of Object.values(SHARE_PATHS)) expect(Object.keys(doc.paths)).toContain(`${API}${path}`);
  });
});
