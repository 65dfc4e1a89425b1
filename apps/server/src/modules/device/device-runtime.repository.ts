import { DEVICE_JOB_LIMITS } from '@kerf/contract';
import { and, desc, eq, inArray, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { deviceCommands, deviceEvents, deviceStateChanges, devices } from '../../db/schema.js';

export type CommandRow = typeof deviceCommands.$inferSelect;
export type EventRow = typeof deviceEvents.$inferSelect;

/** A state change as it was stored, for the live push. */
export interface StateChange {
  deviceId: string;
  ownerId: string | null;
  serial: string;
  state: string;
  previous: string;
  at: Date;
}

/** States in which a machine is not connected: commands wait, silence means nothing. */
const DISCONNECTED = ['offline', 'softShutdown'];

/**
 * What the machines say and what is said to them: runtime state and its history, telemetry, events,
 * and the command queue. Writes are idempotent (a state already held is not stored again), so a
 * message handled twice changes nothing.
 */
export class DeviceRuntimeRepository {
  constructor(readonly db: Database) {}

  /**
   * The state a device is in from `at` on. `reported` is what the device said (null when the cloud
   * concluded it: offline, no response). `heard`: the device itself spoke now (not a retained report
   * the broker replays on subscribing), so it counts as alive. Returns the change, or null when nothing
   * changed or the serial is unknown.
   */
  async setState(
    serial: string,
    state: string,
    reported: string | null,
    at: Date,
    heard = reported !== null,
  ): Promise<StateChange | null> {
    const when = at.toISOString();
    // One statement (one round trip): lock the machine's row, decide, update it, and store the change
    // only when the state really changed. A replayed report does not end a silence: the machine has
    // still said nothing (its will does, though).
    const result = await this.db.execute(sql`
      with current as (
        select id, owner_id, state from ${devices} where machine_code = ${serial} for update
      ), next as (
        select id, owner_id, state as previous,
               case when ${!heard} and ${reported !== null} and state = 'noResponse' and ${state} <> 'offline'
                    then 'noResponse' else ${state}::varchar end as state
          from current
      ), updated as (
        update ${devices} d
           set state = n.state,
               state_since = case when n.state <> n.previous then ${when}::timestamptz else d.state_since end,
               reported_state = coalesce(${reported}::varchar, d.reported_state),
               last_seen_at = case when ${heard} then ${when}::timestamptz else d.last_seen_at end
          from next n
         where d.id = n.id
        returning d.id
      ), stored as (
        insert into ${deviceStateChanges} (device_id, state, at)
        select id, state, ${when}::timestamptz from next where state <> previous
        returning device_id
      )
      select n.id, n.owner_id, n.state, n.previous, (select count(*) from updated) as touched from next n`);
    const row = (
      result as unknown as { rows: Array<{ id: string; owner_id: string | null; state: string; previous: string }> }
    ).rows[0];
    if (!row || row.state === row.previous) return null;
    return { deviceId: row.id, ownerId: row.owner_id, serial, state: row.state, previous: row.previous, at };
  }

  /** The device spoke (an event, an answer, a job report): it is alive. Telemetry goes through seenMany. */
  async seen(serial: string, at: Date) {
    const [row] = await this.db
      .update(devices)
      .set({ lastSeenAt: at })
      .where(eq(devices.machineCode, serial))
      .returning({ state: devices.state, reportedState: devices.reportedState });
    return row;
  }

  /**
   * Many machines spoke (a batch of telemetry): each one's last-seen time moves forward (never back)
   * and its telemetry is replaced, in one statement. Returns each machine's state, so the caller can
   * end a "no response".
   */
  async seenMany(entries: ReadonlyArray<{ serial: string; at: Date; telemetry?: unknown }>) {
    if (entries.length === 0) return [];
    const rows = JSON.stringify(
      entries.map((e) => ({ serial: e.serial, at: e.at.toISOString(), telemetry: e.telemetry ?? null })),
    );
    const result = await this.db.execute(sql`
      update ${devices} d
         set last_seen_at = greatest(coalesce(d.last_seen_at, v.at), v.at),
             telemetry = coalesce(v.telemetry, d.telemetry)
        from jsonb_to_recordset(${rows}::jsonb) as v(serial text, at timestamptz, telemetry jsonb)
       where d.machine_code = v.serial
      returning d.machine_code as serial, d.state, d.reported_state`);
    return (result as unknown as { rows: Array<{ serial: string; state: string; reported_state: string }> }).rows;
  }

  /** Connected machines silent since before `before`, with the state they last reported. */
  async silentSince(before: Date) {
    return this.db
      .select({ serial: devices.machineCode, state: devices.state, reportedState: devices.reportedState })
      .from(devices)
      .where(and(notInArray(devices.state, [...DISCONNECTED, 'noResponse']), lt(devices.lastSeenAt, before)));
  }

  async addEvent(serial: string, event: { at: Date; level: string; code: string; message: string; data?: unknown }) {
    const [device] = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.machineCode, serial))
      .limit(1);
    if (!device) return null;
    const [row] = await this.db
      .insert(deviceEvents)
      .values({ deviceId: device.id, ...event, data: event.data ?? null })
      .returning();
    return row ?? null;
  }

  async events(deviceId: string, filter: { level?: string; code?: string }, page: { offset: number; limit: number }) {
    const where = and(
      eq(deviceEvents.deviceId, deviceId),
      filter.level ? eq(deviceEvents.level, filter.level) : undefined,
      filter.code ? eq(deviceEvents.code, filter.code) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(deviceEvents)
        .where(where)
        .orderBy(desc(deviceEvents.at), desc(deviceEvents.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: sql<number>`count(*)::int` }).from(deviceEvents).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  // -------------------------------------------------------------------------------------------------
  // Commands

  async addCommand(command: {
    deviceId: string;
    userId: string;
    kind: string;
    params: unknown;
    state: string;
    message?: string;
    expiresAt: Date;
    now: Date;
  }) {
    const { now, ...values } = command;
    const [row] = await this.db
      .insert(deviceCommands)
      .values({
        ...values,
        message: values.message ?? '',
        createdAt: now,
        finishedAt: values.state === 'queued' ? null : now,
      })
      .returning();
    return row!;
  }

  async commands(deviceId: string, limit: number) {
    return this.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.deviceId, deviceId))
      .orderBy(desc(deviceCommands.createdAt))
      .limit(limit);
  }

  async command(id: string) {
    const [row] = await this.db.select().from(deviceCommands).where(eq(deviceCommands.id, id)).limit(1);
    return row;
  }

  /** A command, if it was addressed to this machine. */
  async commandOf(serial: string, id: string) {
    const [row] = await this.db
      .select({ command: deviceCommands })
      .from(deviceCommands)
      .innerJoin(devices, eq(devices.id, deviceCommands.deviceId))
      .where(and(eq(deviceCommands.id, id), eq(devices.machineCode, serial)))
      .limit(1);
    return row?.command;
  }

  /**
   * Takes queued, unexpired commands for connected machines and marks them sent, in one statement
   * that skips rows another instance holds: each command is sent by one instance, once.
   */
  async takeSendable(now: Date, limit: number, deviceId?: string) {
    const result = await this.db.execute(sql`
      update ${deviceCommands} c set state = 'sent', sent_at = ${now.toISOString()}::timestamptz
      from ${devices} d
      where c.id in (
        select q.id from ${deviceCommands} q
        join ${devices} qd on qd.id = q.device_id
        where q.state = 'queued' and q.expires_at > ${now.toISOString()}::timestamptz
          and qd.state not in ('offline', 'softShutdown')
          ${deviceId ? sql`and q.device_id = ${deviceId}` : sql``}
        order by q.created_at
        limit ${limit}
        for update of q skip locked
      ) and d.id = c.device_id
      returning c.id, c.device_id, c.user_id, d.machine_code as serial, c.kind, c.params, c.expires_at`);
    const rows = (
      result as unknown as {
        rows: Array<{
          id: string;
          device_id: string;
          user_id: string | null;
          serial: string;
          kind: string;
          params: unknown;
          expires_at: string | Date;
        }>;
      }
    ).rows;
    return rows.map((r) => ({
      id: r.id,
      deviceId: r.device_id,
      userId: r.user_id,
      serial: r.serial,
      kind: r.kind,
      params: r.params,
      expiresAt: new Date(r.expires_at),
    }));
  }

  /** A command goes back to the queue: the publish failed, so nothing reached the machine. */
  async requeue(id: string) {
    await this.db
      .update(deviceCommands)
      .set({ state: 'queued', sentAt: null })
      .where(and(eq(deviceCommands.id, id), eq(deviceCommands.state, 'sent')));
  }

  /**
   * The machine answered a command: `delivered` when it took it, then a final state. Only a command
   * addressed to this machine and still open moves; a repeated or late answer changes nothing.
   */
  async answer(serial: string, id: string, state: 'delivered' | 'succeeded' | 'failed', message: string, at: Date) {
    const from = state === 'delivered' ? ['sent'] : ['sent', 'delivered'];
    const set =
      state === 'delivered'
        ? { state, deliveredAt: at }
        : {
            state,
            message,
            finishedAt: at,
            deliveredAt: sql`coalesce(${deviceCommands.deliveredAt}, ${at.toISOString()}::timestamptz)`,
          };
    const rows = await this.db
      .update(deviceCommands)
      .set(set)
      .where(
        and(
          eq(deviceCommands.id, id),
          inArray(deviceCommands.state, from),
          sql`${deviceCommands.deviceId} = (select id from ${devices} where machine_code = ${serial})`,
        ),
      )
      .returning();
    return rows[0] ?? null;
  }

  /**
   * Ends commands nobody will answer: queued past their expiry, sent or delivered past the timeout. A
   * delivered job is downloading its file: it has until its download address ends.
   */
  async sweepCommands(now: Date, answerTimeoutMs: number, downloadMs = DEVICE_JOB_LIMITS.fileUrlMs) {
    const stale = new Date(now.getTime() - answerTimeoutMs);
    const staleDownload = new Date(now.getTime() - Math.max(downloadMs, answerTimeoutMs));
    const expired = await this.db
      .update(deviceCommands)
      .set({ state: 'expired', finishedAt: now })
      .where(and(eq(deviceCommands.state, 'queued'), lt(deviceCommands.expiresAt, now)))
      .returning();
    const timedOut = await this.db
      .update(deviceCommands)
      .set({ state: 'timedOut', finishedAt: now })
      .where(
        or(
          and(eq(deviceCommands.state, 'sent'), lt(deviceCommands.sentAt, stale)),
          and(
            eq(deviceCommands.state, 'delivered'),
            ne(deviceCommands.kind, 'sendJob'),
            lt(deviceCommands.deliveredAt, stale),
          ),
          and(
            eq(deviceCommands.state, 'delivered'),
            eq(deviceCommands.kind, 'sendJob'),
            lt(deviceCommands.deliveredAt, staleDownload),
          ),
        ),
      )
      .returning();
    return [...expired, ...timedOut];
  }
}
