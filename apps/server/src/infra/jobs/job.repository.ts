import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobs } from '../../db/schema.js';

export type JobRow = typeof jobs.$inferSelect;
export type JobFailure = { text: { 'zh-CN': string; en: string }; args: Array<string | number> };

/** The job queue's rows. Reads for a person name that person. */
export class JobRepository {
  constructor(private readonly db: Database) {}

  async insert(job: { kind: string; userId: string | null; payload: unknown }): Promise<JobRow> {
    const [row] = await this.db.insert(jobs).values(job).returning();
    return row!;
  }

  /** Jobs of this kind the person has waiting or running. */
  async activeCount(kind: string, userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.userId, userId), inArray(jobs.state, ['queued', 'running'])));
    return row?.n ?? 0;
  }

  async findForUser(userId: string, id: string): Promise<JobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.userId, userId)))
      .limit(1);
    return row;
  }

  async find(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
    return row;
  }

  /**
   * Claims the oldest job of these kinds that is waiting, or whose worker's lease ran out, for
   * `worker` until `leaseMs` from now. Concurrent claimers skip each other's rows, so a job goes to one.
   */
  async claim(kinds: string[], worker: string, leaseMs: number, maxAttempts: number): Promise<JobRow | undefined> {
    const rows = await this.db.execute(sql`
      update ${jobs} set state = 'running', locked_by = ${worker},
             locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
             attempts = attempts + 1, updated_at = now()
       where id = (
         select id from ${jobs}
          where ${inArray(jobs.kind, kinds)}
            and (state = 'queued' or (state = 'running' and locked_until < now()))
            and attempts < ${maxAttempts}
          order by created_at
          for update skip locked
          limit 1)
      returning id`);
    const id = (rows as unknown as { rows: Array<{ id: string }> }).rows[0]?.id;
    return id ? this.find(id) : undefined;
  }

  /** Jobs whose every attempt ran out of its lease (their workers died each time): failed for good. */
  async abandon(kinds: string[], maxAttempts: number, failure: JobFailure): Promise<void> {
    await this.db
      .update(jobs)
      .set({ state: 'failed', failure, finishedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          inArray(jobs.kind, kinds),
          eq(jobs.state, 'running'),
          lt(jobs.lockedUntil, new Date()),
          sql`${jobs.attempts} >= ${maxAttempts}`,
        ),
      );
  }

  /** Progress (and a renewed lease) from the worker holding the job; false when it lost the lease. */
  async report(id: string, worker: string, progress: number, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({
        progress,
        lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        updatedAt: new Date(),
      })
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.state, 'running')))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  async finish(id: string, worker: string, outcome: { result?: unknown; failure?: JobFailure }): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        state: outcome.failure ? 'failed' : 'done',
        progress: outcome.failure ? sql`${jobs.progress}` : 1,
        result: outcome.result ?? null,
        failure: outcome.failure ?? null,
        lockedBy: null,
        lockedUntil: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker)));
  }

  /** Forgets finished jobs older than `before`. */
  async purgeFinished(before: Date): Promise<number> {
    const gone = await this.db.delete(jobs).where(lt(jobs.finishedAt, before)).returning({ id: jobs.id });
    return gone.length;
  }

  /** True when jobs of these kinds wait or run (anywhere). */
  async pending(kinds: string[]): Promise<boolean> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(inArray(jobs.kind, kinds), inArray(jobs.state, ['queued', 'running'])));
    return (row?.n ?? 0) > 0;
  }
}
