import type { UnzipJob } from '@kerf/contract';
import { describe, expect, it, vi } from 'vitest';
import { archiveFolderName, POLL_DELAYS_MS, POLL_RETRIES, startUnzip, type UnzipCalls } from './unzip-run';

const job = (over: Partial<UnzipJob>): UnzipJob => ({
  jobId: 'j1',
  state: 'running',
  progress: 0,
  entries: 0,
  targetPath: '/docs',
  message: '正在解压，请稍候…',
  ...over,
});

/** Calls whose job answers come from a list, one per poll. */
function calls(answers: Array<UnzipJob | Error>): UnzipCalls & { polls: number } {
  const queue = [...answers];
  const fake = {
    polls: 0,
    start: vi.fn(async () => ({ jobId: 'j1' })),
    job: vi.fn(async () => {
      fake.polls += 1;
      const next = queue.length > 1 ? queue.shift()! : queue[0]!;
      if (next instanceof Error) throw next;
      return next;
    }),
  };
  return fake;
}

const noWait = vi.fn(async (_ms: number) => undefined);

describe('an unzip run', () => {
  it('starts the job, follows its progress, and ends done with where the files went', async () => {
    const api = calls([
      job({ state: 'queued' }),
      job({ progress: 0.3 }),
      job({ progress: 0.8 }),
      job({ state: 'done', progress: 1, entries: 4, targetPath: '/docs/plans', message: '解压成功' }),
    ]);
    const seen: number[] = [];
    const run = startUnzip(api, { userFileId: 'a', unzipMode: 1 }, noWait);
    run.subscribe(() => seen.push(run.getState().progress));
    const end = await run.finished;
    expect(api.start).toHaveBeenCalledWith({ userFileId: 'a', unzipMode: 1 });
    expect(end).toEqual({ phase: 'done', progress: 1, entries: 4, targetPath: '/docs/plans', message: '解压成功' });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen).toContain(0.3);
  });

  it('polls quickly first, then once a second', async () => {
    const wait = vi.fn(async (_ms: number) => undefined);
    const api = calls([...Array.from({ length: 7 }, () => job({})), job({ state: 'done', progress: 1 })]);
    await startUnzip(api, { userFileId: 'a', unzipMode: 0 }, wait).finished;
    expect(wait.mock.calls.map(([ms]) => ms)).toEqual([...POLL_DELAYS_MS, 1000, 1000, 1000]);
  });

  it("ends failed with the job's own message (a refused archive)", async () => {
    const api = calls([
      job({}),
      job({ state: 'failed', message: '压缩包中有文件会解压到目标文件夹之外，已拒绝解压', progress: 0.2 }),
    ]);
    const end = await startUnzip(api, { userFileId: 'a', unzipMode: 0 }, noWait).finished;
    expect(end).toMatchObject({ phase: 'failed', message: '压缩包中有文件会解压到目标文件夹之外，已拒绝解压' });
  });

  it("ends failed with the server's words when the job cannot start", async () => {
    const api = calls([job({})]);
    api.start = vi.fn(async () => {
      throw Object.assign(new Error('x'), { serverMessage: '不支持的压缩格式' });
    });
    const end = await startUnzip(api, { userFileId: 'a', unzipMode: 2, folderId: 'f' }, noWait).finished;
    expect(end).toMatchObject({ phase: 'failed', message: '不支持的压缩格式' });
    expect(api.job).not.toHaveBeenCalled();
  });

  it('rides out a few failed polls, but not too many, and not a job that is gone', async () => {
    const blip = new Error('后端接口连接异常');
    const recovers = calls([blip, blip, job({ state: 'done', progress: 1 })]);
    expect((await startUnzip(recovers, { userFileId: 'a', unzipMode: 0 }, noWait).finished).phase).toBe('done');

    const down = calls([blip]);
    const end = await startUnzip(down, { userFileId: 'a', unzipMode: 0 }, noWait).finished;
    expect(end).toMatchObject({ phase: 'failed', message: '后端接口连接异常' });
    expect(down.polls).toBe(POLL_RETRIES);

    const gone = calls([Object.assign(new Error('x'), { code: 404, serverMessage: '解压任务不存在' })]);
    expect(await startUnzip(gone, { userFileId: 'a', unzipMode: 0 }, noWait).finished).toMatchObject({
      phase: 'failed',
      message: '解压任务不存在',
    });
    expect(gone.polls).toBe(1);
  });

  it('stops polling when stopped', async () => {
    const api = calls([job({})]);
    let release: () => void = () => undefined;
    const wait = () =>
      new Promise<void>((resolve) => {
        release = resolve;
      });
    const run = startUnzip(api, { userFileId: 'a', unzipMode: 0 }, wait);
    await vi.waitFor(() => expect(run.getState().phase).toBe('running'));
    run.stop();
    release();
    await run.finished;
    expect(api.polls).toBe(0);
  });
});

describe('the folder of mode 1', () => {
  it("is the archive's name without its archive extension", () => {
    expect(archiveFolderName('plans.zip')).toBe('plans');
    expect(archiveFolderName('plans.tar.gz')).toBe('plans');
    expect(archiveFolderName('v1.2.TGZ')).toBe('v1.2');
    expect(archiveFolderName('a.7z')).toBe('a');
    expect(archiveFolderName('.zip')).toBe('.zip');
  });
});
