import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.js';
import { UserRepository } from '../account/user.repository.js';
import { DriveRepository, type EntryRow } from './drive.repository.js';
import { DriveService } from './drive.service.js';

const blobOf = (text: string) => ({
  sha256: createHash('sha256').update(text).digest('hex'),
  size: Buffer.byteLength(text),
});

describe.each(testDatabases)('drive on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  let drive: DriveService;
  let repo: DriveRepository;
  let ada = '';
  let bob = '';

  const names = async (userId: string, folderId: string | null = null) =>
    (await drive.list(userId, { folderId }, { page: 1, limit: 100, sort: 'name', order: 'asc' })).rows.map(
      (r) => r.name,
    );
  const mkdir = (userId: string, name: string, parentId: string | null = null) =>
    drive.createFolder(userId, { parentId, name });

  beforeAll(async () => {
    db = await database.open();
    repo = new DriveRepository(db.db);
    drive = new DriveService(repo);
    const users = new UserRepository(db.db);
    ada = (await users.create({ loginName: 'ada', nickName: 'Ada', email: 'ada@example.com' }, [])).id;
    bob = (await users.create({ loginName: 'bob', nickName: 'Bob', email: 'bob@example.com' }, [])).id;
  });
  afterAll(() => db.dispose());

  it('creates folders with SPEC names, unique within their parent', async () => {
    const plates = await mkdir(ada, '钢板 Plates');
    await mkdir(ada, 'Inner', plates.id);
    await expect(mkdir(ada, '钢板 Plates')).rejects.toMatchObject({ status: 409, text: { 'zh-CN': '名称已经存在' } });
    await expect(mkdir(ada, 'a/b')).rejects.toMatchObject({ status: 400 });
    await expect(mkdir(ada, '   ')).rejects.toMatchObject({ text: { 'zh-CN': '请输入文件夹名称' } });
    await expect(mkdir(ada, 'x'.repeat(256))).rejects.toMatchObject({ status: 400 });
    // the same name is fine in another folder and for another person
    await mkdir(ada, '钢板 Plates', plates.id);
    await mkdir(bob, '钢板 Plates');
    expect(await drive.isNameFree(ada, null, '钢板 Plates')).toBe(false);
    expect(await drive.isNameFree(ada, null, 'New')).toBe(true);
    expect(await names(ada, plates.id)).toEqual(['Inner', '钢板 Plates']);
  });

  it('lists folders first, pages with the stored count, and finds folders by path', async () => {
    const big = await mkdir(ada, 'Big');
    for (let i = 0; i < 25; i++)
      await drive.addFile(ada, {
        parentId: big.id,
        name: `part-${String(i).padStart(2, '0')}.dxf`,
        blob: blobOf(`part ${i}`),
      });
    await mkdir(ada, 'zz-sub', big.id);
    const first = await drive.list(ada, { folderId: big.id }, { page: 1, limit: 10, sort: 'name', order: 'asc' });
    expect(first.total).toBe(26);
    expect(first.rows[0]!.name).toBe('zz-sub');
    expect(first.rows[1]!.name).toBe('part-00.dxf');
    const last = await drive.list(ada, { folderId: big.id }, { page: 3, limit: 10, sort: 'name', order: 'asc' });
    expect(last.rows.map((r) => r.name)).toEqual([
      'part-19.dxf',
      'part-20.dxf',
      'part-21.dxf',
      'part-22.dxf',
      'part-23.dxf',
      'part-24.dxf',
    ]);
    const bySizeDesc = await drive.list(ada, { filePath: '/Big' }, { page: 1, limit: 3, sort: 'name', order: 'desc' });
    expect(bySizeDesc.rows.map((r) => r.name)).toEqual(['zz-sub', 'part-24.dxf', 'part-23.dxf']);
    await expect(
      drive.list(ada, { filePath: '/Nope' }, { page: 1, limit: 10, sort: 'name', order: 'asc' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('renames a folder and keeps the paths below it right', async () => {
    const top = await mkdir(ada, 'Top');
    const mid = await mkdir(ada, 'Mid', top.id);
    const file = await drive.addFile(ada, { parentId: mid.id, name: 'logo.svg', blob: blobOf('<svg/>') });
    await drive.rename(ada, top.id, 'Renamed');
    expect((await repo.findLive(ada, file.id))!.parentPath).toBe('/Renamed/Mid');
    expect((await drive.folderAtPath(ada, '/Renamed/Mid')).id).toBe(mid.id);
    const renamedFile = await drive.rename(ada, file.id, 'Logo.SVG');
    expect(renamedFile.extendName).toBe('svg');
    await expect(drive.rename(ada, mid.id, 'a:b')).rejects.toMatchObject({ status: 400 });
  });

  it('moves: into its own parent is a no-op, into itself or below is 非法路径, clashes say so', async () => {
    const a = await mkdir(ada, 'MoveA');
    const b = await mkdir(ada, 'MoveB', a.id);
    const c = await mkdir(ada, 'MoveC', b.id);
    expect(await drive.move(ada, [b.id], a.id)).toBe(0);
    await expect(drive.move(ada, [a.id], a.id)).rejects.toMatchObject({ text: { 'zh-CN': '非法路径' } });
    await expect(drive.move(ada, [a.id], c.id)).rejects.toMatchObject({ text: { 'zh-CN': '非法路径' } });
    expect(await drive.move(ada, [c.id], null)).toBe(1);
    expect((await repo.findLive(ada, c.id))!.parentPath).toBe('/');
    expect(await repo.childCountOf(ada, b.id)).toBe(0);
    await mkdir(ada, 'MoveC', a.id);
    await expect(drive.move(ada, [c.id], a.id)).rejects.toMatchObject({ status: 409 });
    expect((await repo.findLive(ada, c.id))!.parentId).toBeNull();
  });

  it('keeps one consistent tree when two moves race, and when a move races a delete', async () => {
    const x = await mkdir(ada, 'RaceX');
    const y = await mkdir(ada, 'RaceY');
    // X into Y and Y into X at once: one wins, the other is refused as 非法路径 — never a cycle.
    const results = await Promise.allSettled([drive.move(ada, [x.id], y.id), drive.move(ada, [y.id], x.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const xr = (await repo.findLive(ada, x.id))!;
    const yr = (await repo.findLive(ada, y.id))!;
    expect(xr.parentId === y.id ? yr.parentId : xr.parentId).toBeNull();

    const m = await mkdir(ada, 'RaceMove');
    const inner = await mkdir(ada, 'Inner', m.id);
    const target = await mkdir(ada, 'RaceTarget');
    await Promise.allSettled([drive.move(ada, [m.id], target.id), drive.remove(ada, [m.id], 1)]);
    const moved = await repo.findLive(ada, m.id);
    const innerRow = await repo.findLive(ada, inner.id);
    // either deleted with its subtree, or moved with its subtree — never half of each
    if (moved) expect(innerRow?.parentPath).toBe(`/RaceTarget/RaceMove`);
    else expect(innerRow).toBeUndefined();
  });

  it('sends a subtree to the bin as one batch and restores it, renaming on a clash', async () => {
    const proj = await mkdir(ada, 'Project');
    const sub = await mkdir(ada, 'Cuts', proj.id);
    const f = await drive.addFile(ada, { parentId: sub.id, name: 'a.dxf', blob: blobOf('a') });
    const before = await repo.childCountOf(ada, null);
    await drive.remove(ada, [proj.id], 1);
    expect(await repo.findLive(ada, f.id)).toBeUndefined();
    expect(await repo.childCountOf(ada, null)).toBe(before - 1);
    const bin = await drive.bin(ada, { page: 1, limit: 10 });
    const binned = bin.rows.find((r) => r.id === proj.id)!;
    expect(binned.name).toBe('Project');
    // only the deleted folder shows in the bin, not its contents
    expect(bin.rows.some((r) => r.id === sub.id || r.id === f.id)).toBe(false);
    const batch = binned.deleteBatchNum!;

    await mkdir(ada, 'Project');
    await drive.restore(ada, [batch]);
    expect(await names(ada)).toContain('Project (1)');
    expect((await repo.findLive(ada, f.id))!.parentPath).toBe('/Project (1)/Cuts');
    expect((await drive.bin(ada, { page: 1, limit: 10 })).rows.some((r) => r.id === proj.id)).toBe(false);
  });

  it('restores into the root when the original folder is gone', async () => {
    const holder = await mkdir(ada, 'Holder');
    const doc = await drive.addFile(ada, { parentId: holder.id, name: 'note.txt', blob: blobOf('n') });
    await drive.remove(ada, [doc.id], 1);
    await drive.remove(ada, [holder.id], 2);
    const { rows } = await drive.bin(ada, { page: 1, limit: 10 });
    await drive.restore(ada, [rows.find((r) => r.name === 'note.txt')!.deleteBatchNum!]);
    const back = (await repo.findLive(ada, doc.id))!;
    expect(back.parentId).toBeNull();
    expect(back.parentPath).toBe('/');
  });

  it('deletes for good: rows go, blob references drop, usage shrinks', async () => {
    const blob = blobOf('shared bytes');
    const one = await drive.addFile(ada, { name: 'one.bin', blob });
    await drive.addFile(ada, { name: 'two.bin', blob });
    expect(await repo.blobRefCount(blob.sha256)).toBe(2);
    const used = (await repo.ensureAccount(ada)).usedBytes;
    await drive.remove(ada, [one.id], 2);
    expect(await repo.blobRefCount(blob.sha256)).toBe(1);
    expect((await repo.ensureAccount(ada)).usedBytes).toBe(used - blob.size);
    expect(await repo.findLive(ada, one.id)).toBeUndefined();
    expect((await drive.bin(ada, { page: 1, limit: 50 })).rows.some((r) => r.id === one.id)).toBe(false);
  });

  it('copies a folder with its subtree, sharing bytes, charging the quota, and naming a copy beside itself', async () => {
    const src = await mkdir(ada, 'CopySrc');
    const deep = await mkdir(ada, 'Deep', src.id);
    const blob = blobOf('copy me');
    await drive.addFile(ada, { parentId: deep.id, name: 'part.dxf', blob });
    const gone = await drive.addFile(ada, { parentId: src.id, name: 'binned.txt', blob: blobOf('b') });
    await drive.remove(ada, [gone.id], 1);
    const dest = await mkdir(ada, 'CopyDest');
    const used = (await repo.ensureAccount(ada)).usedBytes;

    const [copy] = await drive.copy(ada, [src.id], dest.id);
    expect(copy!.parentPath).toBe('/CopyDest');
    expect(await names(ada, copy!.id)).toEqual(['Deep']);
    const deepCopy = (
      await drive.list(ada, { filePath: '/CopyDest/CopySrc/Deep' }, { page: 1, limit: 10, sort: 'name', order: 'asc' })
    ).rows;
    expect(deepCopy.map((r) => [r.name, r.parentPath, r.blobSha256])).toEqual([
      ['part.dxf', '/CopyDest/CopySrc/Deep', blob.sha256],
    ]);
    expect(await repo.blobRefCount(blob.sha256)).toBe(2);
    expect((await repo.ensureAccount(ada)).usedBytes).toBe(used + blob.size);
    // the original is untouched, and what was in the bin was not copied
    expect(await names(ada, src.id)).toEqual(['Deep']);

    const [beside] = await drive.copy(ada, [src.id], null);
    expect(beside!.name).toBe('CopySrc (1)');
    await expect(drive.copy(ada, [src.id], deep.id)).rejects.toMatchObject({ text: { 'zh-CN': '非法路径' } });
    await expect(drive.copy(bob, [src.id], null)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses a file beyond the quota and keeps nothing of it', async () => {
    await db.db.execute(sqlQuota(ada, 1));
    await expect(
      drive.addFile(ada, { name: 'huge.bin', blob: { sha256: 'f'.repeat(64), size: 10 } }),
    ).rejects.toMatchObject({ status: 413 });
    expect(await repo.blobRefCount('f'.repeat(64))).toBeUndefined();
    expect(await names(ada)).not.toContain('huge.bin');
    await db.db.execute(sqlQuota(ada, 10 * 1024 ** 3));
  });

  it("answers another person's ids as not found and changes nothing", async () => {
    const mine = await mkdir(ada, 'Private');
    const file = await drive.addFile(ada, { parentId: mine.id, name: 'secret.dxf', blob: blobOf('s') });
    const attempts: Array<() => Promise<unknown>> = [
      () => drive.rename(bob, mine.id, 'Hacked'),
      () => drive.move(bob, [file.id], null),
      () => drive.remove(bob, [mine.id], 1),
      () => drive.remove(bob, [file.id], 2),
      () => drive.createFolder(bob, { parentId: mine.id, name: 'In' }),
      () => drive.addFile(bob, { parentId: mine.id, name: 'x', blob: blobOf('x') }),
      () => drive.list(bob, { folderId: mine.id }, { page: 1, limit: 10, sort: 'name', order: 'asc' }),
      () => drive.isNameFree(bob, mine.id, 'x'),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ status: 404 });
    const bobFolder = await mkdir(bob, 'Mine');
    await expect(drive.move(ada, [file.id], bobFolder.id)).rejects.toMatchObject({ status: 404 });
    const after: EntryRow = (await repo.findLive(ada, file.id))!;
    expect(after.parentId).toBe(mine.id);
    expect((await repo.findLive(ada, mine.id))!.name).toBe('Private');
  });
});

function sqlQuota(userId: string, bytes: number) {
  return sqlTag`update drive_accounts set quota_bytes = ${bytes} where user_id = ${userId}`;
}

import { sql as sqlTag } from 'drizzle-orm';
