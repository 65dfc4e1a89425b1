import { previewMessages } from '@kerf/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnzipRefusal } from './archive-entry.js';
import { UnzipJobTable } from './unzip-jobs.js';

/** A job body the test finishes by hand. */
function gate() {
  let open!: () => void;
  let fail!: (err: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { work: () => done, open, fail };
}

describe('the unpacking line', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs as many jobs at once as allowed, the rest in turn', async () => {
    const table = new UnzipJobTable({ concurrency: 1 });
    const first = gate();
    const second = gate();
    const a = table.add('ada', '/', first.work);
    const b = table.add('ada', '/', second.work);
    expect([a.state, b.state]).toEqual(['running', 'queued']);
    first.open();
    await vi.waitFor(() => expect(b.state).toBe('running'));
    expect(a).toMatchObject({ state: 'done', progress: 1 });
    second.fail(new UnzipRefusal(previewMessages.ratio));
    await table.idle();
    expect(b).toMatchObject({ state: 'failed', failure: { text: previewMessages.ratio } });
  });

  it('keeps one person from filling the line, and shows a job to its owner only', async () => {
    const table = new UnzipJobTable({ concurrency: 1, perUser: 2 });
    const hold = gate();
    const mine = table.add('ada', '/', hold.work);
    table.add('ada', '/', hold.work);
    expect(() => table.add('ada', '/', hold.work)).toThrow(expect.objectContaining({ status: 429 }));
    expect(table.add('eve', '/', hold.work).ownerId).toBe('eve');
    expect(table.find('ada', mine.id)).toBe(mine);
    expect(table.find('eve', mine.id)).toBeUndefined();
    hold.open();
    await table.idle();
  });

  it('forgets finished jobs after their time, and says why a job failed unexpectedly', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const table = new UnzipJobTable({ ttlMs: 60_000 });
    const job = table.add('ada', '/', async () => {
      throw new Error('disk on fire');
    });
    await table.idle();
    expect(job.failure?.text.en).toMatch(/Unknown system error/);
    vi.setSystemTime(Date.now() + 59_000);
    expect(table.find('ada', job.id)).toBe(job);
    vi.setSystemTime(Date.now() + 2_000);
    expect(table.find('ada', job.id)).toBeUndefined();
  });
});
