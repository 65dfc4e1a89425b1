import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { deviceCommands, deviceJobs, devices } from '../../db/schema.js';
import type { DeviceScope } from './device.repository.js';
import type { StatRange } from './device-stats.repository.js';

export type JobRow = typeof deviceJobs.$inferSelect;
/** A job with what its drawing state is read from: the send command's state, and the machine's name. */
export type JobWithCommand = JobRow & {
  commandState: string | null;
  commandMessage: string;
  commandSentAt: Date | null;
  deviceName: string;
};

/** What a machine reports of a job on `dev/{sn}/job` (docs/device-protocol.md §7). */
export interface JobReport {
  jobId: string;
  status: 'started' | 'progress' | 'done' | 'failed';
  progress?: number;
  message: string;
  name?: string;
}

function joined(row: {
  job: JobRow;
  commandState: string | null;
  commandMessage: string | null;
  commandSentAt: Date | null;
  deviceName: string;
}): JobWithCommand {
  return {
    ...row.job,
    commandState: row.commandState,
    commandMessage: row.commandMessage ?? '',
    commandSentAt: row.commandSentAt,
    deviceName: row.deviceName,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Jobs sent to machines and those the machines report; only this file touches `device_jobs`. */
export class DeviceJobRepository {
  constructor(readonly db: Database) {}

  async create(job: {
    deviceId: string;
    userId: string;
    fileId: string;
    fileName: string;
    size: number;
    sha256: string;
    now: Date;
  }): Promise<JobRow> {
    const { now, ...values } = job;
    const [row] = await this.db
      .insert(deviceJobs)
      .values({ ...values, createdAt: now })
      .returning();
    return row!;
  }

  async remove(id: string) {
    await this.db.delete(deviceJobs).where(eq(deviceJobs.id, id));
  }

  async attachCommand(id: string, commandId: string) {
    await this.db.update(deviceJobs).set({ commandId }).where(eq(deviceJobs.id, id));
  }

  async get(id: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(deviceJobs).where(eq(deviceJobs.id, id)).limit(1);
    return row;
  }

  private withCommand() {
    return this.db
      .select({
        job: deviceJobs,
        commandState: deviceCommands.state,
        commandMessage: deviceCommands.message,
        commandSentAt: deviceCommands.sentAt,
        deviceName: devices.name,
      })
      .from(deviceJobs)
      .innerJoin(devices, eq(devices.id, deviceJobs.deviceId))
      .leftJoin(deviceCommands, eq(deviceCommands.id, deviceJobs.commandId));
  }

  async one(id: string): Promise<JobWithCommand | undefined> {
    const [row] = await this.withCommand().where(eq(deviceJobs.id, id)).limit(1);
    return row && joined(row);
  }

  /** A machine's jobs, newest first. */
  async list(deviceId: string, page: { offset: number; limit: number }) {
    const where = eq(deviceJobs.deviceId, deviceId);
    const [rows, [total]] = await Promise.all([
      this.withCommand()
        .where(where)
        .orderBy(desc(deviceJobs.createdAt), desc(deviceJobs.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(deviceJobs).where(where),
    ]);
    return {
      rows: rows.map(joined),
      total: total?.n ?? 0,
    };
  }

  async markFetched(id: string, at: Date) {
    await this.db
      .update(deviceJobs)
      .set({ fetchedAt: at })
      .where(and(eq(deviceJobs.id, id), isNull(deviceJobs.fetchedAt)));
  }

  async byCommand(commandId: string): Promise<JobRow | undefined> {
    const [row] = await this.db.select().from(deviceJobs).where(eq(deviceJobs.commandId, commandId)).limit(1);
    return row;
  }

  /** The machine has the file and its hash matched: the drawing state is "received". */
  async markReceived(id: string, at: Date) {
    await this.db
      .update(deviceJobs)
      .set({ receivedAt: at, failure: null })
      .where(and(eq(deviceJobs.id, id), isNull(deviceJobs.receivedAt)));
  }

  async fail(id: string, failure: string) {
    await this.db.update(deviceJobs).set({ failure }).where(eq(deviceJobs.id, id));
  }

  /**
   * A machine's report of a job: one the cloud sent (its id), or one the machine started itself (its
   * own id, recorded on first report). A finished job does not move again: a late progress report
   * arriving after "done" changes nothing. Returns the job's id, or null for an unknown machine.
   */
  async report(
    serial: string,
    report: JobReport,
    at: Date,
  ): Promise<{ deviceId: string; ownerId: string | null; jobId: string } | null> {
    const [device] = await this.db
      .select({ id: devices.id, ownerId: devices.ownerId })
      .from(devices)
      .where(eq(devices.machineCode, serial))
      .limit(1);
    if (!device) return null;
    // one transaction: a job the machine started itself is never seen without its first state
    const jobId = await this.db.transaction(async (tx) => {
      let id: string | undefined;
      if (UUID.test(report.jobId)) {
        const [sent] = await tx
          .select({ id: deviceJobs.id })
          .from(deviceJobs)
          .where(and(eq(deviceJobs.id, report.jobId), eq(deviceJobs.deviceId, device.id)))
          .limit(1);
        id = sent?.id;
      }
      if (!id) {
        const [own] = await tx
          .insert(deviceJobs)
          .values({
            deviceId: device.id,
            userId: device.ownerId,
            machineJobId: report.jobId,
            fileName: report.name || report.jobId,
            receivedAt: at,
            createdAt: at,
          })
          .onConflictDoUpdate({
            target: [deviceJobs.deviceId, deviceJobs.machineJobId],
            set: { machineJobId: sql`excluded.machine_job_id` },
          })
          .returning({ id: deviceJobs.id });
        id = own!.id;
      }
      const progress = report.status === 'done' ? 1 : report.progress;
      const change =
        report.status === 'failed'
          ? { failure: report.message || 'failed', finishedAt: at }
          : {
              taskState: report.status === 'done' ? 'done' : 'inProgress',
              startedAt: sql`coalesce(${deviceJobs.startedAt}, ${at.toISOString()}::timestamptz)`,
              ...(progress !== undefined ? { progress } : {}),
              ...(report.status === 'done' ? { finishedAt: at } : {}),
            };
      await tx
        .update(deviceJobs)
        .set(change)
        .where(
          and(
            eq(deviceJobs.id, id),
            or(isNull(deviceJobs.taskState), ne(deviceJobs.taskState, 'done')),
            isNull(deviceJobs.failure),
          ),
        );
      return id;
    });
    return { deviceId: device.id, ownerId: device.ownerId, jobId };
  }

  /** Jobs started and finished per local day of the range, for the machines in scope. */
  async perDay(scope: DeviceScope, range: StatRange) {
    const start = sql`(${range.from}::date::timestamp at time zone ${range.timeZone})`;
    const end = sql`((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})`;
    const scoped = scope.all
      ? sql`true`
      : sql`j.device_id in (select id from devices where owner_id = ${scope.userId})`;
    const result = await this.db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, sum(started)::int as started, sum(done)::int as done from (
        select (j.started_at at time zone ${range.timeZone})::date as day, 1 as started, 0 as done
          from device_jobs j where ${scoped} and j.started_at >= ${start} and j.started_at < ${end}
        union all
        select (j.finished_at at time zone ${range.timeZone})::date, 0, 1
          from device_jobs j where ${scoped} and j.task_state = 'done'
           and j.finished_at >= ${start} and j.finished_at < ${end}
      ) t group by day order by day`);
    return rowsOf<{ day: string; started: number; done: number }>(result);
  }
}
