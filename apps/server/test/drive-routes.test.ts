import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriveRepository } from '../src/modules/drive/drive.repository.js';
import { DriveService } from '../src/modules/drive/drive.service.js';
import { call, type Json, signIn } from './account-helpers.js';
import { testDatabases } from './databases.js';
import { RecordingDelivery, testApp } from './test-app.js';

describe.each(testDatabases)('drive calls on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let app: FastifyInstance;
  const delivery = new RecordingDelivery();
  const tokens: Record<string, string> = {};
  const userIds: Record<string, string> = {};

  const join = async (who: string) => {
    const account = `${who}@example.com`;
    await call(app, 'GET', `/uac-api/captcha/getCode?account=${account}&scene=register`);
    await call(app, 'POST', '/uac-api/register/user/info', {
      body: { account, password: 'drive_01', code: delivery.last(account)!.code },
    });
    const signedIn = await signIn(app, { grant_type: 'password', account, password: 'drive_01' });
    tokens[who] = signedIn.body.token;
    userIds[who] = (
      await call(app, 'POST', '/uac-api/oauth2/user_perms', { token: tokens[who] })
    ).body.data.user.userId;
  };
  const list = async (token: string, query = '') =>
    (await call(app, 'GET', `/cloud-api/engine/file/listFileInfo?fileType=0${query}`, { token })).body;

  beforeAll(async () => {
    db = await database.open();
    app = await testApp(db, { delivery });
    await join('ada');
    await join('eve');
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
  });

  it('creates, checks, lists and trees folders in the SPEC shapes', async () => {
    const token = tokens.ada!;
    const made = await call(app, 'POST', '/cloud-api/engine/folder', {
      token,
      body: { parentId: 0, name: '图纸', path: '/' },
    });
    expect(made.body).toMatchObject({
      code: 0,
      msg: '文件夹创建成功',
      data: { fileName: '图纸', isDir: 1, folderId: '0', filePath: '/', path: '/图纸' },
    });
    const inner = await call(app, 'POST', '/cloud-api/engine/folder', {
      token,
      body: { parentId: made.body.data.id, name: 'Cuts' },
    });
    expect(inner.body.data.filePath).toBe('/图纸');

    const clash = await call(
      app,
      'GET',
      `/cloud-api/engine/folder/checkUnique?parentId=0&name=${encodeURIComponent('图纸')}`,
      { token },
    );
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toBe('名称已经存在');
    expect(
      (await call(app, 'GET', '/cloud-api/engine/folder/checkUnique?parentId=0&name=Free', { token })).body.data,
    ).toEqual({ unique: true });
    const bad = await call(app, 'POST', '/cloud-api/engine/folder', {
      token,
      body: { parentId: 0, name: 'a*b' },
      lang: 'en',
    });
    expect(bad.body.msg).toBe('A name cannot contain any of these characters: \\ / : * ? " < > |');

    const tree = (await call(app, 'GET', '/cloud-api/engine/folder/treeData', { token })).body;
    expect(tree).toMatchObject({ code: 0, success: true, data: { id: '0', name: '/', filePath: '/' } });
    expect(tree.data.children[0]).toMatchObject({
      label: '图纸',
      children: [{ label: 'Cuts', filePath: '/图纸/Cuts' }],
    });

    const byPath = await list(token, `&filePath=${encodeURIComponent('/图纸')}`);
    expect(byPath.data).toMatchObject({ total: 1, page: 1, limit: 20, list: [{ fileName: 'Cuts' }] });
    expect((await list(token, '&filePath=/nowhere')).code).toBe(404);
    // a kind the SPEC does not list is a bad request; 7 is the shared view like 8
    for (const fileType of [-1, 2, 5, 9]) {
      const answer = await call(app, 'GET', `/cloud-api/engine/file/listFileInfo?fileType=${fileType}`, { token });
      expect(answer.status).toBe(400);
    }
    const shared = await call(app, 'GET', '/cloud-api/engine/file/listFileInfo?fileType=7', { token });
    expect(shared.status).toBe(200);
    expect(shared.body.data).toMatchObject({ total: 0, list: [] });
  });

  it('renames, moves, deletes to the bin and restores, with the SPEC messages', async () => {
    const token = tokens.ada!;
    const drive = new DriveService(new DriveRepository(db.db));
    const folder = (await call(app, 'POST', '/cloud-api/engine/folder', { token, body: { parentId: 0, name: 'Jobs' } }))
      .body.data;
    const file = await drive.addFile(userIds.ada!, {
      parentId: folder.id,
      name: 'plate.dxf',
      blob: { sha256: createHash('sha256').update('dxf').digest('hex'), size: 3 },
    });
    const renamed = await call(app, 'PUT', '/cloud-api/engine/file', {
      token,
      body: { id: file.id, fileName: 'plate-2.dxf' },
    });
    expect(renamed.body.msg).toBe('重命名成功');
    const illegal = await call(app, 'PUT', '/cloud-api/engine/folder', {
      token,
      body: { id: folder.id, parentId: folder.id },
    });
    expect(illegal.body.msg).toBe('非法路径');
    const moved = await call(app, 'POST', '/cloud-api/engine/file/batchMove', {
      token,
      body: { userFileIds: file.id, folderId: '0' },
    });
    expect(moved.body.msg).toBe('移动成功');
    expect((await list(token)).data.list.map((e: Json) => e.fileName)).toContain('plate-2.dxf');

    const gone = await call(app, 'POST', '/cloud-api/engine/file/batchDelete', {
      token,
      body: { userFileIds: `${file.id},${folder.id}`, deleteMode: 1 },
    });
    expect(gone.body).toEqual({ code: 0, msg: '删除成功', data: null });
    const bin = (await call(app, 'GET', '/cloud-api/engine/file/listFileInfo?fileType=6', { token })).body.data;
    expect(bin.list.map((e: Json) => e.fileName).sort()).toEqual(['Jobs', 'plate-2.dxf']);
    expect(bin.list[0].deleteFlag).toBe(1);
    const jobs = bin.list.find((e: Json) => e.fileName === 'Jobs');
    const back = await call(app, 'POST', '/cloud-api/engine/recovery/restore', {
      token,
      body: { deleteBatchNum: jobs.deleteBatchNum },
    });
    expect(back.body.msg).toBe('还原成功');
    const dxf = bin.list.find((e: Json) => e.fileName === 'plate-2.dxf');
    expect(
      (
        await call(app, 'POST', '/cloud-api/engine/recovery/delete', {
          token,
          body: { deleteBatchNum: dxf.deleteBatchNum },
        })
      ).body.code,
    ).toBe(0);
    expect((await call(app, 'GET', '/cloud-api/engine/file/listFileInfo?fileType=6', { token })).body.data.total).toBe(
      0,
    );
  });

  it("answers another person's ids as not found, and nobody's without sign-in", async () => {
    const ada = tokens.ada!;
    const eve = tokens.eve!;
    const folder = (
      await call(app, 'POST', '/cloud-api/engine/folder', { token: ada, body: { parentId: 0, name: 'Mine' } })
    ).body.data;
    const tries = [
      call(app, 'PUT', '/cloud-api/engine/folder', { token: eve, body: { id: folder.id, name: 'Stolen' } }),
      call(app, 'DELETE', '/cloud-api/engine/folder', { token: eve, body: { userFileIds: folder.id, deleteMode: 2 } }),
      call(app, 'POST', '/cloud-api/engine/folder', { token: eve, body: { parentId: folder.id, name: 'In' } }),
      call(app, 'GET', `/cloud-api/engine/file/listFileInfo?fileType=0&folderId=${folder.id}`, { token: eve }),
      call(app, 'POST', '/cloud-api/engine/file/batchMove', {
        token: eve,
        body: { userFileIds: folder.id, folderId: '0' },
      }),
    ];
    for (const res of await Promise.all(tries)) expect(res.status).toBe(404);
    expect((await list(eve)).data.total).toBe(0);
    expect((await list(ada)).data.list.map((e: Json) => e.fileName)).toContain('Mine');
    expect((await call(app, 'GET', '/cloud-api/engine/folder/treeData')).status).toBe(401);
  });

  it('finds entries by any part of their name, Chinese included, with highlight ranges and no wildcards', async () => {
    const token = tokens.ada!;
    const drive = new DriveService(new DriveRepository(db.db));
    const blob = { sha256: createHash('sha256').update('s').digest('hex'), size: 1 };
    for (const name of ['激光切割图纸.dxf', '亚克力激光雕刻.svg', 'LASER_plate.DXF', '100%.txt', 'other.txt']) {
      await drive.addFile(userIds.ada!, { name, blob });
    }
    await drive.addFile(userIds.eve!, { name: '激光 secret.dxf', blob });
    const search = async (keyword: string) =>
      (await call(app, 'GET', `/cloud-api/engine/file/search?keyword=${encodeURIComponent(keyword)}`, { token })).body
        .data;

    const laser = await search('激光');
    expect(laser.list.map((e: Json) => e.fileName).sort()).toEqual(['亚克力激光雕刻.svg', '激光切割图纸.dxf']);
    expect(laser.total).toBe(2);
    const carving = laser.list.find((e: Json) => e.fileName === '亚克力激光雕刻.svg');
    expect(carving.highlightFields).toEqual({ fileName: [[3, 5]] });
    expect((await search('laser_p')).list.map((e: Json) => e.fileName)).toEqual(['LASER_plate.DXF']);
    expect((await search('%')).list.map((e: Json) => e.fileName)).toEqual(['100%.txt']);
    expect((await search('_')).list.map((e: Json) => e.fileName)).toEqual(['LASER_plate.DXF']);
    expect((await search('   ')).total).toBe(0);
    expect((await search('secret')).total).toBe(0);
  });

  it('copies through the batch call with the SPEC message', async () => {
    const token = tokens.ada!;
    const folder = (
      await call(app, 'POST', '/cloud-api/engine/folder', { token, body: { parentId: 0, name: 'ToCopy' } })
    ).body.data;
    const res = await call(app, 'POST', '/cloud-api/engine/file/batchCopy', {
      token,
      body: { userFileIds: folder.id, folderId: 0 },
    });
    expect(res.body).toEqual({ code: 0, msg: '复制成功', data: null });
    expect((await list(token)).data.list.map((e: Json) => e.fileName)).toContain('ToCopy (1)');
    const eve = await call(app, 'POST', '/cloud-api/engine/file/batchCopy', {
      token: tokens.eve!,
      body: { userFileIds: folder.id, folderId: 0 },
    });
    expect(eve.status).toBe(404);
  });

  it('lists only folders, loads one tree level, and deletes by id, by path and from the bin in every way', async () => {
    const token = tokens.ada!;
    const post = (url: string, body: Record<string, unknown>, who = token) =>
      call(app, 'POST', url, { token: who, body });
    const top = (await post('/cloud-api/engine/folder', { parentId: 0, name: 'lvl' })).body.data;
    const sub = (await post('/cloud-api/engine/folder', { parentId: top.id, name: 'sub' })).body.data;
    await post('/cloud-api/engine/folder', { parentId: sub.id, name: 'deeper' });
    const service = new DriveService(new DriveRepository(db.db));
    const blob = { sha256: createHash('sha256').update('lvl').digest('hex'), size: 3 };
    await service.addFile(userIds.ada!, { parentId: top.id, name: 'plate.dxf', blob });
    await service.addFile(userIds.ada!, { parentId: top.id, name: 'plate2.dxf', blob });

    const folders = (await call(app, 'GET', `/cloud-api/engine/file/listFileFolder?folderId=${top.id}`, { token })).body
      .data;
    expect(folders).toMatchObject({ total: 1, list: [{ fileName: 'sub', isDir: 1 }] });
    const level = (await call(app, 'GET', `/cloud-api/engine/folder/?parentId=${top.id}`, { token })).body.data;
    expect(level).toEqual([
      expect.objectContaining({ id: sub.id, name: 'sub', path: '/lvl/sub', parentId: top.id, isLeaf: false }),
    ]);
    expect((await call(app, 'GET', `/cloud-api/engine/folder?parentId=${top.id}`, { token: tokens.eve })).status).toBe(
      404,
    );

    // By id, by path; another person's path is not found and removes nothing.
    const names = async () => (await list(token, `&folderId=${top.id}`)).data.list.map((e: Json) => e.fileName);
    const plate = (await list(token, `&folderId=${top.id}`)).data.list.find((e: Json) => e.fileName === 'plate.dxf');
    expect(
      (await post('/cloud-api/engine/file/deleteFile', { userFileId: plate.id, deleteMode: 1 }, tokens.eve)).status,
    ).toBe(404);
    expect((await post('/cloud-api/engine/file/deleteFile', { userFileId: plate.id, deleteMode: 1 })).body.msg).toBe(
      '删除成功',
    );
    expect(
      (await post('/cloud-api/engine/file/deleteByPaths', { filePaths: '/lvl/plate2.dxf', deleteMode: 1 }, tokens.eve))
        .status,
    ).toBe(404);
    expect(
      (
        await post('/cloud-api/engine/file/deleteByPaths', {
          filePaths: ['/lvl/plate2.dxf', '/lvl/sub'],
          deleteMode: 1,
        })
      ).body.msg,
    ).toBe('删除成功');
    expect(await names()).toEqual([]);

    // From the bin: by the entry's id (not Eve), then everything at once.
    const bin = (
      await list(token, '').then(() =>
        call(app, 'GET', '/cloud-api/engine/file/listFileInfo?fileType=6&limit=100', { token }),
      )
    ).body.data.list;
    const plateInBin = bin.find((e: Json) => e.fileName === 'plate.dxf');
    expect((await post('/cloud-api/engine/recovery/delete', { userFileIds: plateInBin.id }, tokens.eve)).status).toBe(
      404,
    );
    expect((await post('/cloud-api/engine/recovery/delete', { userFileIds: plateInBin.id })).body.msg).toBe('删除成功');
    const after = (await call(app, 'GET', '/cloud-api/engine/file/listFileInfo?fileType=6&limit=100', { token })).body
      .data;
    expect(after.list.map((e: Json) => e.fileName)).not.toContain('plate.dxf');
    expect(after.total).toBeGreaterThan(0);
    // Eve emptying her own bin leaves Ada's alone.
    await post('/cloud-api/engine/recovery/empty', {}, tokens.eve);
    expect((await call(app, 'GET', '/cloud-api/engine/file/listFileInfo?fileType=6', { token })).body.data.total).toBe(
      after.total,
    );
    expect((await post('/cloud-api/engine/recovery/empty', {})).body.msg).toBe('删除成功');
    expect((await call(app, 'GET', '/cloud-api/engine/file/listFileInfo?fileType=6', { token })).body.data.total).toBe(
      0,
    );
  });

  it('documents every drive call in the OpenAPI document', async () => {
    const paths = Object.keys((await app.inject({ url: '/cloud-api/docs/json' })).json().paths);
    for (const p of [
      'treeData',
      'checkUnique',
      'listFileInfo',
      'batchMove',
      'batchDelete',
      'recovery/restore',
      'recovery/delete',
      'recovery/empty',
      'listFileFolder',
      'deleteFile',
      'deleteByPaths',
      'filetransfer/upload/init',
      'filetransfer/upload/{uploadId}/{chunkIndex}',
      'filetransfer/upload/{uploadId}/complete',
      'filetransfer/downloadfile',
      'filetransfer/batchDownloadFile',
      'engine/quota',
      'system/user/quota',
      '/web/common/download',
      '/web/common/download/resource',
    ]) {
      expect(
        paths.some((x) => x.includes(p)),
        p,
      ).toBe(true);
    }
  });
});
