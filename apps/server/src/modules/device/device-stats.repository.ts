import { and, between, eq, inArray, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.js';
import { deviceStatDays } from '../../db/schema.js';
import type { DeviceScope } from './device.repository.js';

/** Local days `from`..`to` (inclusive, YYYY-MM-DD) in an IANA time zone. */
export interface StatRange {
  from: string;
  to: string;
  timeZone: string;
}

/**
 * Statistics computed from the stored state changes, not from samples: each change lasts until the
 * next one (the last until now), is cut at the range's ends and at every local midnight of the time
 * zone (PostgreSQL applies its daylight-saving rules), and summed per day and state.
 */
export class DeviceStatsRepository {
  constructor(readonly db: Database) {}

  private devicesIn(scope: DeviceScope, deviceId?: string) {
    return sql`select id from devices where ${scope.all ? sql`true` : sql`owner_id = ${scope.userId}`}
      ${deviceId ? sql`and id = ${deviceId}` : sql``}`;
  }

  /** Seconds per local day and state. */
  async stateSeconds(scope: DeviceScope, range: StatRange, now: Date, deviceId?: string) {
    return rowsOf<{ day: string; state: string; seconds: number }>(
      await this.db.execute(this.secondsQuery(scope, range, now, 'day', deviceId)),
    );
  }

  /** Seconds per machine, local day and state. */
  async stateSecondsByDeviceDay(scope: DeviceScope, range: StatRange, now: Date) {
    return rowsOf<{ device_id: string; day: string; state: string; seconds: number }>(
      await this.db.execute(this.secondsQuery(scope, range, now, 'deviceDay')),
    );
  }

  /**
   * The machines in scope that have any recorded state, with the first one's time (before it, a
   * machine has no time to count), and the names they are shown by.
   */
  async recordedDevices(scope: DeviceScope) {
    const result = await this.db.execute(sql`
      select d.id, d.name, d.machine_code, f.first_at
        from devices d
        cross join lateral (select min(c.at) as first_at from device_state_changes c where c.device_id = d.id) f
       where ${scope.all ? sql`true` : sql`d.owner_id = ${scope.userId}`} and f.first_at is not null`);
    return rowsOf<{ id: string; name: string; machine_code: string; first_at: string | Date }>(result).map((row) => ({
      id: row.id,
      name: row.name,
      machineCode: row.machine_code,
      firstAt: new Date(row.first_at),
    }));
  }

  private secondsQuery(scope: DeviceScope, range: StatRange, now: Date, by: 'day' | 'deviceDay', deviceId?: string) {
    const start = sql`(${range.from}::date::timestamp at time zone ${range.timeZone})`;
    const end = sql`((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})`;
    return sql`
      with scoped as (${this.devicesIn(scope, deviceId)}),
      changes as (
        select c.device_id, c.state, c.at,
               lead(c.at) over (partition by c.device_id order by c.at, c.id) as next_at
          from scoped s
          join lateral (
            select coalesce(max(b.at), ${start}) as since
              from device_state_changes b where b.device_id = s.id and b.at <= ${start}
          ) first on true
          join device_state_changes c on c.device_id = s.id and c.at >= first.since and c.at < ${end}
      ),
      spans as (
        select device_id, state,
               greatest(at, ${start}) as s,
               least(coalesce(next_at, ${now.toISOString()}::timestamptz), ${end}) as e
          from changes
      ),
      -- each span is cut only at the local midnights it crosses (not tried against every day of the range)
      pieces as (
        select sp.device_id, sp.state, d.day::date as day,
               greatest(sp.s, (d.day::date::timestamp at time zone ${range.timeZone})) as s,
               least(sp.e, ((d.day::date + 1)::timestamp at time zone ${range.timeZone})) as e
          from spans sp
          cross join lateral generate_series(
            date_trunc('day', sp.s at time zone ${range.timeZone}),
            date_trunc('day', (sp.e - interval '1 microsecond') at time zone ${range.timeZone}),
            interval '1 day') d(day)
         where sp.e > sp.s
      )
      ${
        by === 'day'
          ? sql`select to_char(day, 'YYYY-MM-DD') as day, state, sum(extract(epoch from e - s))::float8 as seconds
                  from pieces where e > s group by day, state order by day, state`
          : sql`select device_id, to_char(day, 'YYYY-MM-DD') as day, state, sum(extract(epoch from e - s))::float8 as seconds
                  from pieces where e > s group by device_id, day, state order by device_id, day, state`
      }`;
  }

  /** Kept statistics of ended days (see `deviceStatDays`) of these scopes, marker rows (state '') included. */
  async keptDays(scopeKeys: readonly string[], timeZone: string, from: string, to: string) {
    if (scopeKeys.length === 0) return [];
    return this.db
      .select({
        scopeKey: deviceStatDays.scopeKey,
        day: deviceStatDays.day,
        state: deviceStatDays.state,
        seconds: deviceStatDays.seconds,
      })
      .from(deviceStatDays)
      .where(
        and(
          inArray(deviceStatDays.scopeKey, [...scopeKeys]),
          eq(deviceStatDays.timeZone, timeZone),
          between(deviceStatDays.day, from, to),
        ),
      );
  }

  /** Keeps ended days' statistics; a day computed twice at once is kept once. */
  async keepDays(
    timeZone: string,
    rows: ReadonlyArray<{ scopeKey: string; day: string; state: string; seconds: number }>,
  ) {
    for (let i = 0; i < rows.length; i += 5000) {
      await this.db
        .insert(deviceStatDays)
        .values(rows.slice(i, i + 5000).map((row) => ({ timeZone, ...row })))
        .onConflictDoNothing();
    }
  }

  /** How many machines in scope are in each runtime state now. */
  async fleetNow(scope: DeviceScope) {
    const result = await this.db.execute(sql`
      select state, count(*)::int as count from devices
       where ${scope.all ? sql`activated_at is not null` : sql`owner_id = ${scope.userId}`}
       group by state`);
    return rowsOf<{ state: string; count: number }>(result);
  }

  /** Fault events in the range by code, most frequent first. */
  async faultRanking(scope: DeviceScope, range: StatRange, limit: number, deviceId?: string) {
    const result = await this.db.execute(sql`
      select e.code, count(*)::int as count, max(e.message) as message, count(distinct e.device_id)::int as devices
        from device_events e
       where e.device_id in (${this.devicesIn(scope, deviceId)})
         and e.level = 'fault'
         and e.at >= (${range.from}::date::timestamp at time zone ${range.timeZone})
         and e.at < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})
       group by e.code
       order by count desc, e.code
       limit ${limit}`);
    return rowsOf<{ code: string; count: number; message: string; devices: number }>(result);
  }
}
