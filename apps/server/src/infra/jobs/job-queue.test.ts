import { messages } from '@kerf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/databases.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { JobRepository } from './job.repository.js';
import { type JobContext, JobQueue } from './job-queue.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await wait(20);
  }
}

describe.each(testDatabases)('the job queue on $name', (database) => {
  let db: Awaited<ReturnType<typeof database.open>>;
  const people: Record<string, string> = {};

  beforeAll(async () => {
    db = await database.open();
    for (const who of ['ada', 'eve']) {
      const [row] = await db.db.insert(users).values({ loginName: who, nickName: who }).returning();
      people[who] = row!.id;
    }
  });
  afterAll(async () => {
    await db.dispose();
  });

  /** Two server instances sharing one database. */
  const instances = (
    kind: string,
    run: (name: string, ctx: JobContext<{ n: number }>) => Promise<unknown>,
    options = {},
  ) =>
    ['a', 'b'].map((name) => {
      const queue = new JobQueue(new JobRepository(db.db), { pollMs: 20, ...options });
      queue.handle<{ n: number }>(kind, (ctx) => run(name, ctx), { concurrency: 2, perUser: 100 });
      return queue;
    });

  it('runs each job once, on whichever instance claims it first', async () => {
    const runs: Array<{ n: number; by: string }> = [];
    const [a, b] = instances('count', async (by, ctx) => {
      await wait(5);
      runs.push({ n: ctx.payload.n, by });
      return { doubled: ctx.payload.n * 2 };
    });
    a!.start();
    b!.start();
    const ids = [];
    for (let n = 0; n < 20; n++) ids.push((await (n % 2 ? a! : b!).enqueue('count', people.ada!, { n })).id);
    await a!.idle();
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
    expect(new Set(runs.map((r) => r.by))).toEqual(new Set(['a', 'b']));
    const done = await b!.find(people.ada!, ids[7]!);
    expect(done).toMatchObject({ state: 'done', progress: 1, result: { doubled: 14 } });
    expect(await a!.find(people.eve!, ids[7]!)).toBeUndefined();
    await Promise.all([a!.stop(), b!.stop()]);
  });

  it('shows progress from any instance, and keeps a readable failure', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const [a, b] = instances('steps', async (_by, ctx) => {
      if (ctx.payload.n === 1) throw new AppError(400, messages.updated);
      if (ctx.payload.n === 2) throw new Error('a bug');
      ctx.progress(0.5);
      await gate;
      return null;
    });
    a!.start();
    const slow = await a!.enqueue('steps', people.ada!, { n: 0 });
    await until(async () => (await b!.find(people.ada!, slow.id))?.progress === 0.5);
    expect((await b!.find(people.ada!, slow.id))?.state).toBe('running');
    release();
    const refused = await b!.enqueue('steps', people.ada!, { n: 1 });
    const broken = await b!.enqueue('steps', people.ada!, { n: 2 });
    await a!.idle();
    expect(await b!.find(people.ada!, refused.id)).toMatchObject({
      state: 'failed',
      failure: { text: messages.updated, args: [] },
    });
    // An unexpected error is logged, and its owner reads the generic message.
    expect(await b!.find(people.ada!, broken.id)).toMatchObject({
      state: 'failed',
      failure: { text: messages.statusDefault },
    });
    await a!.stop();
  });

  it('gives a job whose instance stopped reporting to another once its lease runs out', async () => {
    const finishers: string[] = [];
    const [a, b] = instances(
      'lease',
      async (by) => {
        if (by === 'a') await wait(1500); // "a" hangs past its lease, without a word
        finishers.push(by);
        return { by };
      },
      { leaseMs: 300 },
    );
    a!.start();
    const job = await a!.enqueue('lease', people.ada!, { n: 0 });
    await until(async () => (await a!.find(people.ada!, job.id))?.state === 'running');
    // "a" claims nothing more (as if it died); its hung job goes on.
    const aStopped = a!.stop();
    b!.start();
    await until(async () => (await b!.find(people.ada!, job.id))?.state === 'done');
    expect(await b!.find(people.ada!, job.id)).toMatchObject({ result: { by: 'b' }, attempts: 2 });
    // "a" finishing late cannot overwrite the outcome.
    await wait(1400);
    expect(finishers).toEqual(['b', 'a']);
    expect(await b!.find(people.ada!, job.id)).toMatchObject({ state: 'done', result: { by: 'b' } });
    await Promise.all([aStopped, b!.stop()]);
  });

  it('limits the jobs one person may have waiting', async () => {
    const queue = new JobQueue(new JobRepository(db.db));
    queue.handle('capped', async () => null, { perUser: 2 });
    await queue.enqueue('capped', people.eve!, {});
    await queue.enqueue('capped', people.eve!, {});
    await expect(queue.enqueue('capped', people.eve!, {})).rejects.toMatchObject({ status: 429 });
    await queue.enqueue('capped', people.ada!, {});
    queue.start();
    await queue.idle();
    await queue.stop();
  });
});
